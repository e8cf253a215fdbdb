import { DownloadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { EXPERT_PAGES, type TExpertAuditItem } from '@shetuan/shared/experts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Grid, Input, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ProgressDialog } from '../../../platform/jobs/ProgressDialog';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { expertKeys, expertsApi } from './api';
import { ExpertProfile, Tags, timeText } from './ExpertProfile';

const P = EXPERT_PAGES.audit;
type Kind = 'all' | TExpertAuditItem['kind'];
const TABS: { key: Kind; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'register', label: '入库申请' },
  { key: 'change', label: '信息变更' },
];

/** What a change alters, in one line (the list's 变更内容). */
const changeSummary = (item: TExpertAuditItem) => item.diff.map((d) => d.title).join('、');

/** A change's differences: each field before and after. */
export function DiffTable({ diff }: { diff: TExpertAuditItem['diff'] }) {
  return (
    <Table
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={diff}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '没有不同之处' }}
      columns={[
        { title: '项目', dataIndex: 'title', width: 96 },
        {
          title: '变更前',
          dataIndex: 'before',
          render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v || '—'}</span>,
        },
        {
          title: '变更后',
          dataIndex: 'after',
          render: (v: string) => (
            <Typography.Text strong style={{ whiteSpace: 'pre-wrap' }}>
              {v || '—'}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

/**
 * The approval drawer: for a registration the profile sent, for a change what it alters; 通过, or
 * 不通过 with the reason the expert is told.
 */
function AuditDrawer({
  item,
  onClose,
  onDone,
}: {
  item: TExpertAuditItem | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState<'pass' | 'refuse' | null>(null);
  const detail = useQuery({
    queryKey: expertKeys.audit(item?.expertId ?? 0),
    queryFn: () => expertsApi.auditDetail(item?.expertId ?? 0),
    enabled: Boolean(item),
  });
  const canAudit = can(P.audit);

  const decide = async (pass: boolean) => {
    let reason = '';
    if (!pass) {
      form.setFields([{ name: 'reason', errors: [] }]);
      reason = ((form.getFieldValue('reason') as string | undefined) ?? '').trim();
      if (!reason) {
        form.setFields([{ name: 'reason', errors: ['请填写不通过的原因'] }]);
        return;
      }
    } else {
      await form.validateFields();
      reason = ((form.getFieldValue('reason') as string | undefined) ?? '').trim();
    }
    if (!item) return;
    setBusy(pass ? 'pass' : 'refuse');
    try {
      await expertsApi.audit(item.expertId, { pass, reason });
      void feedback.message.success(pass ? '已审核通过' : '已退回，已通知专家');
      void queryClient.invalidateQueries({ queryKey: expertKeys.all });
      onDone();
      onClose();
    } finally {
      setBusy(null);
    }
  };

  const change = item?.kind === 'change';
  return (
    <Drawer
      open={Boolean(item)}
      title={item ? `审核${item.kindName}：${item.name}` : '审核'}
      width="min(760px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) form.resetFields();
      }}
      footer={
        canAudit && (
          <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button onClick={onClose}>取消</Button>
            <Button
              danger
              loading={busy === 'refuse'}
              disabled={busy !== null || !detail.data}
              onClick={() => void decide(false).catch(() => undefined)}
            >
              不通过
            </Button>
            <Button
              type="primary"
              loading={busy === 'pass'}
              disabled={busy !== null || !detail.data}
              onClick={() => void decide(true).catch(() => undefined)}
            >
              通过
            </Button>
          </Space>
        )
      }
    >
      {item && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {item.kindName} · 提交于 {timeText(item.submittedAt)} · {item.mobile}
          </Typography.Text>
          {detail.isError && <Result status="warning" title={detail.error.message} />}
          {change && (
            <section aria-label="变更内容">
              <Typography.Title level={5}>变更内容</Typography.Title>
              <Typography.Paragraph type="secondary">通过后，专家信息将更新为“变更后”的内容。</Typography.Paragraph>
              <DiffTable diff={item.diff} />
            </section>
          )}
          {detail.data ? (
            <section aria-label={change ? '当前专家信息' : '申请信息'}>
              <Typography.Title level={5}>{change ? '当前专家信息' : '申请信息'}</Typography.Title>
              <ExpertProfile expert={detail.data.expert} narrow />
            </section>
          ) : (
            !detail.isError && <Skeleton active paragraph={{ rows: 6 }} />
          )}
          {canAudit && (
            <Form form={form} layout="vertical">
              <Form.Item
                name="reason"
                label="审核意见"
                extra="不通过时必填，专家将收到这条意见"
                rules={[{ max: 200, message: '原因最多200个字' }]}
              >
                <Input.TextArea rows={3} maxLength={200} showCount placeholder="请填写不通过的原因" />
              </Form.Item>
            </Form>
          )}
          {!canAudit && <Alert type="info" showIcon message="您没有审核权限，只能查看" />}
        </Space>
      )}
    </Drawer>
  );
}

/**
 * /audit-list-of-experts (专家审核): registrations and own changes waiting, in tabs; keyword search,
 * 导出 as a background job with its progress, and 审核 in a drawer (the profile, or the change as
 * before → after, the tenant's own questions included). ?id= opens one expert's item at once (the
 * -detail routes and /expertaudit serve this screen).
 */
export default function AuditPage() {
  const can = useCan();
  const table = useRef<ActionType | undefined>(undefined);
  const [kind, setKind] = useState<Kind>('all');
  const [keyword, setKeyword] = useState('');
  const [auditing, setAuditing] = useState<TExpertAuditItem | null>(null);
  const [search] = useSearchParams();
  const askedId = Number(search.get('id')) || 0;
  const asked = useQuery({
    queryKey: expertKeys.audit(askedId),
    queryFn: () => expertsApi.auditDetail(askedId),
    enabled: askedId > 0,
  });
  const askedItem = asked.data?.item ?? null;
  useEffect(() => {
    if (askedItem) setAuditing(askedItem);
  }, [askedItem]);
  const [exporting, setExporting] = useState(false);
  const [jobKey, setJobKey] = useState<string | null>(null);
  const compact = !Grid.useBreakpoint().md;
  // Memoised: the table reloads when the tab or the keyword changes.
  const params = useMemo(
    () => ({ kind: kind === 'all' ? undefined : kind, keyword: keyword || undefined }),
    [kind, keyword],
  );
  const startExport = async () => {
    setExporting(true);
    try {
      setJobKey((await expertsApi.auditsExportJob(params)).key);
    } finally {
      setExporting(false);
    }
  };
  const columns: ProColumns<TExpertAuditItem>[] = [
    {
      title: '类型',
      dataIndex: 'kindName',
      width: 96,
      render: (_, r) => <Tag color={r.kind === 'change' ? 'warning' : 'processing'}>{r.kindName}</Tag>,
    },
    { title: '姓名', dataIndex: 'name', width: 90 },
    { title: '手机号', dataIndex: 'mobile', width: 120 },
    { title: '工作单位', dataIndex: 'unitName', width: 180, ellipsis: true },
    { title: '职称', dataIndex: 'title', width: 100, render: (_, r) => r.title || '—' },
    { title: '专业领域', dataIndex: 'domainNames', width: 190, render: (_, r) => <Tags names={r.domainNames} /> },
    {
      title: '变更内容',
      dataIndex: 'diff',
      width: 170,
      ellipsis: true,
      render: (_, r) => (r.kind === 'change' ? changeSummary(r) || '—' : '—'),
    },
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (_, r) => timeText(r.submittedAt) },
    {
      title: '操作',
      key: 'option',
      valueType: 'option',
      width: 64,
      fixed: compact ? undefined : 'right',
      render: (_, r) => <LinkButton onClick={() => setAuditing(r)}>{can(P.audit) ? '审核' : '查看'}</LinkButton>,
    },
  ];
  return (
    <>
      <ProTable<TExpertAuditItem>
        columnEmptyText="—"
        rowKey="expertId"
        actionRef={table}
        columns={columns}
        params={params}
        search={false}
        // Wide enough for the columns' widths (the 操作 column pinned on the right); a phone scrolls.
        scroll={{ x: compact ? 'max-content' : columns.reduce((sum, c) => sum + Number(c.width ?? 120), 0) }}
        locale={{ emptyText: <EmptyState description={keyword ? '没有找到符合条件的申请' : '暂无待审核的申请'} /> }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showQuickJumper: true }}
        request={async ({ current, pageSize }) => {
          const page = await expertsApi.audits({ ...params, current, pageSize });
          return { data: page.records, total: page.total, success: true };
        }}
        toolbar={{
          menu: {
            type: 'tab',
            activeKey: kind,
            items: TABS,
            onChange: (key) => setKind(String(key) as Kind),
          },
          search: {
            placeholder: '姓名、手机号或单位',
            'aria-label': '搜索姓名、手机号或工作单位',
            allowClear: true,
            style: { width: 240, maxWidth: '100%' },
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
      <AuditDrawer item={auditing} onClose={() => setAuditing(null)} onDone={() => void table.current?.reload()} />
      <ProgressDialog jobKey={jobKey} title="专家审核：导出" fileName="专家审核.xlsx" onClose={() => setJobKey(null)} />
    </>
  );
}
