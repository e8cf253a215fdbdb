import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { exportFileName } from '@shetuan/shared';
import { EXPERT_LABELS, EXPERT_PAGES, EXPERTS, type TExpert } from '@shetuan/shared/experts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Grid, Modal, Popconfirm, Result, Skeleton, Typography } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ProgressDialog } from '../../../platform/jobs/ProgressDialog';
import { OPTIONS_KEY, resourceApi } from '../../../platform/resource';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { ExpertSearchSelect } from '../selection/ExpertSearchSelect';
import { expertKeys, expertsApi } from './api';
import { Tags } from './ExpertProfile';
import { DETAIL_PATH } from './helpers';
import { ExpertStatusTag } from './LibraryPage';

const labels = resourceApi(EXPERT_LABELS);
const experts = resourceApi(EXPERTS);
type Row = TExpert & Record<string, unknown>;

/** 添加专家: experts of the library searched by name, mobile or unit, several at once. */
function AddMembers({ labelId, name, onDone }: { labelId: number; name: string; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ experts: { value: number; label: ReactNode }[] }>();
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        添加专家
      </Button>
      <Modal
        open={open}
        title={`添加专家到“${name}”`}
        okText="添加"
        cancelText="取消"
        okButtonProps={{ loading: saving }}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={async ({ experts }) => {
            setSaving(true);
            try {
              await expertsApi.addPoolMembers(labelId, { expertIds: experts.map((e) => e.value) });
              void feedback.message.success(`已加入“${name}”`);
              setOpen(false);
              onDone();
            } catch {
              // The request client showed the server's message.
            } finally {
              setSaving(false);
            }
          }}
        >
          <Form.Item
            name="experts"
            label="入库专家"
            extra="按姓名、手机号或工作单位搜索，可选多名"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择专家' }]}
          >
            <ExpertSearchSelect />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * /talent-pool-detail?id= (人才库, also /gz-talent-pool-detail, /fz-talent-pool-detail and
 * /scientific-talent-manage-detail): a pool is a label, its members the experts carrying it —
 * searched, 添加专家 and 移出 here, exported (the library's export with the pool's filter).
 */
export default function PoolPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const label = useQuery({ queryKey: [...expertKeys.all, 'pool', id], queryFn: () => labels.get(id), enabled: id > 0 });
  if (!id) return <Result status="404" title="缺少人才库编号，请从标签管理进入" />;
  if (label.isError) return <Result status="warning" title={label.error.message} />;
  if (!label.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <Pool id={id} name={label.data.name} description={label.data.description} />;
}

function Pool({ id, name, description }: { id: number; name: string; description: string }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const table = useRef<ActionType | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [exporting, setExporting] = useState(false);
  const [jobKey, setJobKey] = useState<string | null>(null);
  const compact = !Grid.useBreakpoint().md;
  // Memoised: the table reloads when the keyword changes.
  const params = useMemo(() => ({ labelId: id, keyword: keyword || undefined }), [id, keyword]);
  const exportName = exportFileName({ title: '', exportName: `人才库_${name}_{date}` }).replace(/\.xlsx$/, '');
  const startExport = async () => {
    setExporting(true);
    try {
      setJobKey((await experts.exportJob(params)).key);
    } finally {
      setExporting(false);
    }
  };
  const editable = can(EXPERT_PAGES.labels.edit);
  const changed = () => {
    void table.current?.reload();
    void queryClient.invalidateQueries({ queryKey: expertKeys.all });
    void queryClient.invalidateQueries({ queryKey: OPTIONS_KEY });
  };
  const columns: ProColumns<Row>[] = [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 100,
      render: (_, e) => <Link to={`${DETAIL_PATH}?id=${e.id}`}>{e.name}</Link>,
    },
    { title: '手机号', dataIndex: 'mobile', width: 120 },
    { title: '工作单位', dataIndex: 'unitName', width: 200, ellipsis: true },
    { title: '职称', dataIndex: 'title', width: 110, render: (_, e) => e.title || '—' },
    { title: '专业领域', dataIndex: 'domainNames', width: 220, render: (_, e) => <Tags names={e.domainNames} /> },
    { title: '状态', dataIndex: 'status', width: 110, render: (_, e) => <ExpertStatusTag expert={e} /> },
    {
      title: '操作',
      valueType: 'option',
      width: 80,
      fixed: compact ? undefined : 'right',
      render: (_, e) =>
        editable && (
          <Popconfirm
            title={`将${e.name}移出“${name}”？`}
            okText="移出"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={async () => {
              await expertsApi.removePoolMember(id, e.id);
              void feedback.message.success('已移出人才库');
              changed();
            }}
          >
            <LinkButton danger>移出</LinkButton>
          </Popconfirm>
        ),
    },
  ];
  return (
    <>
      {description && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {description}
        </Typography.Paragraph>
      )}
      <ProTable<Row>
        columnEmptyText="—"
        headerTitle={`人才库：${name}`}
        rowKey="id"
        actionRef={table}
        columns={columns}
        params={params}
        search={false}
        scroll={{ x: compact ? 'max-content' : columns.reduce((sum, c) => sum + Number(c.width ?? 120), 0) }}
        locale={{ emptyText: <EmptyState description={keyword ? '没有找到符合条件的专家' : '该人才库还没有专家'} /> }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showQuickJumper: true }}
        request={async ({ current, pageSize }) => {
          const page = await experts.list({ ...params, current, pageSize });
          return { data: page.records as Row[], total: page.total, success: true };
        }}
        toolbar={{
          search: {
            placeholder: '姓名、手机号或单位',
            'aria-label': '搜索姓名、手机号或工作单位',
            allowClear: true,
            style: { width: 220, maxWidth: '100%' },
            onSearch: (value: string) => setKeyword(value.trim()),
          },
        }}
        options={{ density: !compact, fullScreen: !compact, reload: true, setting: true }}
        toolBarRender={() => [
          ...(can(EXPERT_PAGES.library.export)
            ? [
                <Button key="export" icon={<DownloadOutlined />} loading={exporting} onClick={() => void startExport()}>
                  导出
                </Button>,
              ]
            : []),
          ...(editable ? [<AddMembers key="add" labelId={id} name={name} onDone={changed} />] : []),
        ]}
      />
      <ProgressDialog
        jobKey={jobKey}
        title={`${exportName}：导出`}
        fileName={`${exportName}.xlsx`}
        onClose={() => setJobKey(null)}
      />
    </>
  );
}
