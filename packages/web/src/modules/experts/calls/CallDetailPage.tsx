import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { exportFileName } from '@shetuan/shared';
import {
  APPLICATION_STATUS_OPTIONS,
  EXPERT_CALLS,
  EXPERT_PAGES,
  type TCallApplication,
  type TExpertCall,
  ZCallDecision,
} from '@shetuan/shared/experts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Grid, Popconfirm, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ReasonDialog } from '../../../platform/components/ReasonDialog';
import { ProgressDialog } from '../../../platform/jobs/ProgressDialog';
import { fieldRules, ResourceForm } from '../../../platform/resource';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { Tags, timeText } from '../library/ExpertProfile';
import { DETAIL_PATH } from '../library/helpers';
import { callKeys, callResource, callsApi } from './api';
import { ApplicationStatusTag, CALL_WIDGETS, CallStatusTag } from './parts';

const P = EXPERT_PAGES.calls;
const TABS = [
  { key: 'all', label: '全部' },
  ...APPLICATION_STATUS_OPTIONS.map((o) => ({ key: o.value, label: o.label })),
];
const REASON_RULES = [
  { required: true, whitespace: true, message: '请填写不通过的原因' },
  ...fieldRules(ZCallDecision, 'reason'),
];

type Row = TCallApplication & Record<string, unknown>;

/**
 * /expertSolicitation/detail?id= (专家征集 › 征集详情): the call, and its applicants — waiting
 * first, by state in tabs, searched by name, mobile or unit — with 通过 (into the library with the
 * call's label) and 不通过 (with the reason the applicant reads), and 导出.
 */
export default function CallDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const call = useQuery({ queryKey: callKeys.call(id), queryFn: () => callResource.get(id), enabled: id > 0 });
  if (!id) return <Result status="404" title="缺少征集编号，请从专家征集进入" />;
  if (call.isError) return <Result status="warning" title={call.error.message} />;
  if (!call.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  return <CallDetail call={call.data} />;
}

function CallDetail({ call }: { call: TExpertCall }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const table = useRef<ActionType | undefined>(undefined);
  const [tab, setTab] = useState('all');
  const [editing, setEditing] = useState(false);
  const [refusing, setRefusing] = useState<TCallApplication | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: callKeys.all });
    void table.current?.reload();
  };
  const [keyword, setKeyword] = useState('');
  const [exporting, setExporting] = useState(false);
  const [jobKey, setJobKey] = useState<string | null>(null);
  const compact = !Grid.useBreakpoint().md;
  // Memoised: the table reloads when the tab or the keyword changes.
  const params = useMemo(
    () => ({
      status: tab === 'all' ? undefined : (tab as TCallApplication['status']),
      keyword: keyword || undefined,
    }),
    [tab, keyword],
  );
  const exportName = exportFileName({ title: '', exportName: `专家征集报名-${call.title}_{date}` }).replace(
    /\.xlsx$/,
    '',
  );
  const startExport = async () => {
    setExporting(true);
    try {
      setJobKey((await callsApi.applicationsExportJob(call.id, params)).key);
    } finally {
      setExporting(false);
    }
  };
  const canAudit = can(P.audit);
  const full = call.approved >= call.quota;

  const approve = async (a: TCallApplication) => {
    await callsApi.decide(call.id, a.id, { pass: true, reason: '' });
    void feedback.message.success(`已通过${a.name}的报名`);
    refresh();
  };

  const columns: ProColumns<Row>[] = [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 100,
      render: (_, a) => <Link to={`${DETAIL_PATH}?id=${a.expertId}`}>{a.name}</Link>,
    },
    { title: '手机号', dataIndex: 'mobile', width: 120 },
    { title: '工作单位', dataIndex: 'unitName', width: 180, ellipsis: true },
    { title: '职称', dataIndex: 'title', width: 100, render: (_, a) => a.title || '—' },
    {
      title: '专业领域',
      dataIndex: 'domainNames',
      width: 200,
      render: (_, a) => (
        <Space size={4} wrap>
          <Tags names={a.domainNames} />
          {!a.matched && <Tag color="warning">领域不符</Tag>}
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'kindName',
      width: 90,
      render: (_, a) => <Tag color={a.kind === 'join' ? 'blue' : 'purple'}>{a.kindName}</Tag>,
    },
    {
      title: '审核状态',
      dataIndex: 'statusName',
      width: 100,
      render: (_, a) => <ApplicationStatusTag status={a.status} name={a.statusName} />,
    },
    {
      title: '原因',
      dataIndex: 'reason',
      width: 160,
      ellipsis: true,
      render: (_, a) => a.reason || '—',
    },
    { title: '报名时间', dataIndex: 'createdAt', width: 150, render: (_, a) => timeText(a.createdAt) },
    {
      title: '审核',
      dataIndex: 'decidedBy',
      width: 150,
      render: (_, a) => (a.decidedAt ? `${a.decidedBy || '—'} ${timeText(a.decidedAt)}` : '—'),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      fixed: compact ? undefined : 'right',
      render: (_, a) =>
        canAudit && a.status === 'pending' ? (
          <Space size={12}>
            <Popconfirm
              title={`通过${a.name}的报名？`}
              description={
                a.expertStatus === 0 ? '通过后该申请人入库，并带上本征集的标签。' : '通过后该专家带上本征集的标签。'
              }
              okText="通过"
              cancelText="取消"
              disabled={full}
              onConfirm={() => approve(a)}
            >
              <LinkButton disabled={full} title={full ? '已达到征集人数' : undefined}>
                通过
              </LinkButton>
            </Popconfirm>
            <LinkButton danger onClick={() => setRefusing(a)}>
              不通过
            </LinkButton>
          </Space>
        ) : (
          <Link to={`${DETAIL_PATH}?id=${a.expertId}`}>查看专家</Link>
        ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space wrap size={8}>
            <span style={{ whiteSpace: 'normal' }}>{call.title}</span>
            <CallStatusTag status={call.status} />
          </Space>
        }
        extra={
          can(P.edit) && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              编辑
            </Button>
          )
        }
      >
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 3 }}
          styles={{ label: { whiteSpace: 'nowrap' } }}
        >
          <Descriptions.Item label="报名时间">
            {call.openDate} 至 {call.closeDate}
          </Descriptions.Item>
          <Descriptions.Item label="征集人数">
            已通过 {call.approved} / {call.quota} 人{full && <Tag style={{ marginInlineStart: 8 }}>名额已满</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="报名">
            共 {call.applied} 人，待审核 {call.pending} 人
          </Descriptions.Item>
          <Descriptions.Item label="征集领域">
            {call.domainNames.length ? <Tags names={call.domainNames} color="blue" /> : '不限'}
          </Descriptions.Item>
          <Descriptions.Item label="入库标签">
            <Tag>{call.labelName || '—'}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="发起人">
            {call.createdByName || '—'} · {timeText(call.createdAt)}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '12px 0 0' }}>
          {call.description || <Typography.Text type="secondary">没有征集说明</Typography.Text>}
        </Typography.Paragraph>
      </Card>
      <ProTable<Row>
        columnEmptyText="—"
        headerTitle="报名人员"
        rowKey="id"
        actionRef={table}
        columns={columns}
        params={params}
        search={false}
        // Wide enough for the columns' widths (操作 pinned on the right); a phone scrolls inside the table.
        scroll={{ x: compact ? 'max-content' : columns.reduce((sum, c) => sum + Number(c.width ?? 120), 0) }}
        locale={{ emptyText: <EmptyState description={keyword ? '没有找到符合条件的报名' : '暂无报名'} /> }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showQuickJumper: true }}
        request={async ({ current, pageSize }) => {
          const page = await callsApi.applications(call.id, { ...params, current, pageSize });
          return { data: page.records as Row[], total: page.total, success: true };
        }}
        toolbar={{
          menu: { type: 'tab', activeKey: tab, items: TABS, onChange: (key) => setTab(String(key)) },
          search: {
            placeholder: '姓名、手机号或单位',
            'aria-label': '搜索姓名、手机号或工作单位',
            allowClear: true,
            style: { width: 220, maxWidth: '100%' },
            onSearch: (value: string) => setKeyword(value.trim()),
          },
        }}
        options={{ density: !compact, fullScreen: !compact, reload: true, setting: true }}
        toolBarRender={() =>
          can(P.export)
            ? [
                <Button key="export" icon={<DownloadOutlined />} loading={exporting} onClick={() => void startExport()}>
                  导出
                </Button>,
              ]
            : []
        }
      />
      <ProgressDialog
        jobKey={jobKey}
        title={`${exportName}：导出`}
        fileName={`${exportName}.xlsx`}
        onClose={() => setJobKey(null)}
      />
      <ReasonDialog
        open={refusing !== null}
        title="报名不通过"
        label="不通过的原因"
        intro={
          refusing &&
          `${refusing.name}（${refusing.unitName}）。${refusing.expertStatus === 0 ? '新申请人的入库申请将一并退回。' : ''}`
        }
        extra="报名人将收到这条原因"
        placeholder="如：专业领域与本次征集不符"
        maxLength={200}
        rules={REASON_RULES}
        okText="不通过"
        submit={async (reason) => {
          if (!refusing) return;
          await callsApi.decide(call.id, refusing.id, { pass: false, reason });
          void feedback.message.success('已退回，已通知报名人');
          refresh();
        }}
        onClose={() => setRefusing(null)}
      />
      {can(P.edit) && (
        <ResourceForm
          key={editing ? 'open' : 'closed'}
          contract={EXPERT_CALLS}
          resource={callResource}
          widgets={CALL_WIDGETS}
          editingId={call.id}
          width={600}
          open={editing}
          onOpenChange={setEditing}
          onSaved={refresh}
        />
      )}
    </Space>
  );
}
