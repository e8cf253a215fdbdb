import { type ActionType, ModalForm, type ProColumns, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { OPERATION_PAGES as O, type TProjectFormRow } from '@shetuan/shared/projects';
import { Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ListPage } from '../../../platform/components/ListPage';
import { AddButton } from '../../../platform/components/save';
import { timeText } from '../creator/flow-helpers';
import { opsApi, opsPaths } from './api';

type Row = TProjectFormRow & Record<string, unknown>;

const designer = (key: string) => `/project/form/editor?key=${key}`;

/**
 * /projectForm (运营管理 › 项目表单): every declaration form of the tenant (forms module, kind
 * 项目申报) whoever maintains it, with the projects and templates using it. 新建申报表 and 复制 make
 * forms of the caller's, opened in the designer; 用于项目 gives a project not yet published (or a
 * template) a copy of the form. The designer is its maintainer's (another's form is copied first).
 */
export default function ProjectFormsPage() {
  const navigate = useNavigate();
  const can = useCan();
  const ref = useRef<ActionType | undefined>(undefined);
  const [usage, setUsage] = useState<string | undefined>(undefined);
  const [mine, setMine] = useState(false);
  const [applying, setApplying] = useState<TProjectFormRow | null>(null);
  const params = useMemo(() => ({ usage, mine: mine ? '1' : undefined }), [usage, mine]);

  const copy = async (row: TProjectFormRow) => {
    const { key } = await opsApi.copyForm(row.key);
    feedback.modal.confirm({
      title: '已复制申报表单',
      content: `“${row.name}（副本）”由您维护。现在打开设计器修改吗？`,
      okText: '打开设计器',
      cancelText: '稍后',
      onOk: () => void navigate(designer(key)),
      onCancel: () => void ref.current?.reload(),
    });
  };

  const columns: ProColumns<Row>[] = [
    {
      title: '表单名称',
      dataIndex: 'name',
      width: 240,
      render: (_, r) => (
        <Space size={4} wrap>
          <Typography.Text strong>{r.name}</Typography.Text>
          {r.mine && <Tag color="blue">我维护的</Tag>}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'publishedVersion',
      width: 120,
      render: (_, r) =>
        r.publishedVersion > 0 ? (
          <Tag color="success">已发布（第{r.publishedVersion}版）</Tag>
        ) : (
          <Tag color="warning">未发布</Tag>
        ),
    },
    { title: '题目数', dataIndex: 'questionCount', width: 80, align: 'right' },
    { title: '维护人', dataIndex: 'ownerName', width: 100 },
    {
      title: '使用的项目',
      key: 'projects',
      width: 260,
      render: (_, r) =>
        r.projects.length === 0 ? (
          <Typography.Text type="secondary">未使用</Typography.Text>
        ) : (
          <Space size={4} wrap>
            {r.projects.map((p) => (
              <Tag key={p.id} color={p.isTemplate ? 'purple' : undefined} style={{ marginInlineEnd: 0 }}>
                {p.isTemplate ? `模板：${p.name}` : p.name}
              </Tag>
            ))}
          </Space>
        ),
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: (_, r) => timeText(r.updatedAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={12}>
          {r.mine ? (
            <LinkButton onClick={() => void navigate(designer(r.key))}>设计</LinkButton>
          ) : (
            <Tooltip title={`由${r.ownerName || '他人'}维护；复制后可在设计器中修改`}>
              <span>
                <LinkButton disabled>设计</LinkButton>
              </span>
            </Tooltip>
          )}
          {can(O.forms.add) && <LinkButton onClick={() => void copy(r)}>复制</LinkButton>}
          {can(O.forms.edit) && <LinkButton onClick={() => setApplying(r)}>用于项目</LinkButton>}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<Row>
        title={O.forms.name}
        rowKey="key"
        path={opsPaths.forms}
        params={params}
        actionRef={ref}
        columns={columns}
        searchPlaceholder="表单名称"
        exportPath={can(O.forms.export) ? opsPaths.formsExportJob : undefined}
        exportJobPath={can(O.forms.export) ? opsPaths.formsExportJob : undefined}
        exportName="项目表单"
        toolbar={[
          <Select
            key="usage"
            aria-label="使用情况"
            allowClear
            placeholder="全部表单"
            style={{ width: 120 }}
            value={usage}
            onChange={(v: string | undefined) => setUsage(v)}
            options={[
              { value: 'used', label: '使用中' },
              { value: 'unused', label: '未使用' },
            ]}
          />,
          <Select
            key="mine"
            aria-label="维护人"
            style={{ width: 120 }}
            value={mine ? 'mine' : 'all'}
            onChange={(v: string) => setMine(v === 'mine')}
            options={[
              { value: 'all', label: '所有人的' },
              { value: 'mine', label: '我维护的' },
            ]}
          />,
          ...(can(O.forms.add) ? [<NewFormButton key="add" onCreated={(key) => void navigate(designer(key))} />] : []),
        ]}
      />
      <ApplyDialog form={applying} onClose={() => setApplying(null)} onDone={() => void ref.current?.reload()} />
    </>
  );
}

function NewFormButton({ onCreated }: { onCreated: (key: string) => void }) {
  return (
    <ModalForm<{ name: string }>
      title="新建申报表单"
      width={480}
      trigger={<AddButton>新建申报表</AddButton>}
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '创建并设计', resetText: '取消' } }}
      onFinish={async ({ name }) => {
        const { key } = await opsApi.newForm(name);
        void feedback.message.success('申报表单已创建');
        onCreated(key);
        return true;
      }}
    >
      <ProFormText
        name="name"
        label="表单名称"
        placeholder="如：科技创新项目申报书"
        rules={[
          { required: true, whitespace: true, message: '请输入表单名称' },
          { max: 60, message: '表单名称最多60个字' },
        ]}
      />
    </ModalForm>
  );
}

/** 用于项目: a project not published yet, or a template, gets a copy of the form. */
function ApplyDialog({
  form,
  onClose,
  onDone,
}: {
  form: TProjectFormRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <ModalForm<{ projectId: number }>
      title={`用于项目：${form?.name ?? ''}`}
      width={520}
      open={form !== null}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      submitter={{ searchConfig: { submitText: '确定', resetText: '取消' } }}
      onFinish={async ({ projectId }) => {
        if (!form) return true;
        await opsApi.applyForm(form.key, projectId);
        void feedback.message.success('申报表单已更换');
        onClose();
        onDone();
        return true;
      }}
    >
      <Typography.Paragraph type="secondary">
        所选项目的申报表单换成此表单的副本（由项目创建者维护）；原来的表单保留在列表中。已发布的项目不能更换申报表单。
      </Typography.Paragraph>
      <ProFormSelect
        name="projectId"
        label="项目或模板"
        placeholder="请选择未发布的项目或模板"
        rules={[{ required: true, message: '请选择项目或模板' }]}
        showSearch
        request={async () =>
          (await opsApi.formTargets()).list.map((p) => ({
            value: p.id,
            label: p.isTemplate ? `模板：${p.name}` : p.name,
          }))
        }
        fieldProps={{ notFoundContent: '没有未发布的项目或模板' }}
      />
    </ModalForm>
  );
}
