import { CopyOutlined, DownOutlined } from '@ant-design/icons';
import { type ActionType, ModalForm, type ProColumns, ProFormSelect } from '@ant-design/pro-components';
import { PROJECT_PAGES as P, PROJECT_STATUS_NAMES, ProjectStatus, type TProject } from '@shetuan/shared/projects';
import { Button, Dropdown, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ListPage } from '../../../platform/components/ListPage';
import { AddButton } from '../../../platform/components/save';
import { projectPaths, projectsApi } from '../api';
import { Screen } from '../applicant/Screen';
import { FlowTags } from './FlowTags';
import { declarationListPath, expertRounds, timeText } from './flow-helpers';

type Row = TProject & Record<string, unknown>;

const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'warning' };

const TABS = [
  { key: 'projects', label: '项目' },
  { key: 'templates', label: '模板' },
];

function Period({ project }: { project: TProject }) {
  const { openAt, closeAt } = project.settings;
  if (!openAt && !closeAt) return <>不限</>;
  return (
    <>
      <div>起：{openAt ? timeText(openAt) : '发布即开始'}</div>
      <div>止：{closeAt ? timeText(closeAt) : '不限'}</div>
    </>
  );
}

/**
 * /projectManagement (项目创建者 › 项目管理): the calls for declarations and the templates; each
 * project's flow, form, publishing, its declarations and reviewer allocation, by state and by the
 * identity's function points.
 */
export default function ProjectManagementPage() {
  return (
    <Screen>
      <ProjectManagementPageContent />
    </Screen>
  );
}

function ProjectManagementPageContent() {
  const navigate = useNavigate();
  const ref = useRef<ActionType | undefined>(undefined);
  const granted = useCan();
  const can = {
    add: granted(P.management.add),
    edit: granted(P.management.edit),
    delete: granted(P.management.delete),
    export: granted(P.management.export),
    publish: granted(P.management.publish),
    assign: granted(P.allocation.assign),
  };
  const [tab, setTab] = useState('projects');
  const [status, setStatus] = useState<number | undefined>(undefined);
  const templates = tab === 'templates';
  const params = useMemo(
    () => ({ template: templates ? '1' : '0', status: templates ? undefined : status }),
    [templates, status],
  );
  const reload = () => void ref.current?.reload();
  // Kept alive: coming back from the wizard or the designer shows what changed there.
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) void ref.current?.reload();
    shown.current = true;
  }, []);
  const act = async (work: Promise<unknown>, done: string) => {
    await work;
    void feedback.message.success(done);
    reload();
  };
  const design = (p: TProject) => void navigate(`/project/form/editor?key=${p.formKey}`);

  const publishButton = (p: TProject) => {
    const label = p.status === ProjectStatus.CLOSED ? '重新开放' : '发布';
    if (!p.formPublished)
      return (
        <LinkButton
          onClick={() =>
            feedback.modal.confirm({
              title: '请先设计并发布申报表单',
              content: '申报人填写的是项目的申报表单。请在表单设计器中添加题目并发布，然后再发布项目。',
              okText: '去设计申报表',
              cancelText: '取消',
              onOk: () => design(p),
            })
          }
        >
          {label}
        </LinkButton>
      );
    return (
      <Popconfirm
        title={
          p.status === ProjectStatus.CLOSED
            ? '重新开放后申报人可以继续申报，确定吗？'
            : '发布后开始接受申报，评审流程将不能再修改。确定发布吗？'
        }
        okText={label}
        cancelText="取消"
        onConfirm={() =>
          act(projectsApi.publish(p.id), p.status === ProjectStatus.CLOSED ? '项目已重新开放' : '项目已发布')
        }
      >
        <LinkButton>{label}</LinkButton>
      </Popconfirm>
    );
  };

  const confirm = (title: string, okText: string, work: () => Promise<unknown>, done: string, danger = false) =>
    feedback.modal.confirm({
      title,
      okText,
      cancelText: '取消',
      okButtonProps: { danger },
      onOk: () => act(work(), done),
    });

  /** The row's actions: the ones its state calls for in view, the rarer ones under 更多. */
  const actions = (p: TProject) => {
    const main: ReactNode[] = [];
    const more: { key: string; label: string; danger?: boolean; onClick: () => void }[] = [];
    const link = (key: string, label: string, to: string) => (
      <LinkButton key={key} onClick={() => void navigate(to)}>
        {label}
      </LinkButton>
    );
    if (can.edit) main.push(link('edit', '编辑', `/projectWizard?id=${p.id}`));
    if (can.edit && (p.isTemplate || p.status === ProjectStatus.DRAFT))
      main.push(
        <LinkButton key="design" onClick={() => design(p)}>
          设计申报表
        </LinkButton>,
      );
    if (p.isTemplate) {
      if (can.add) main.push(link('use', '用此模板创建', `/projectWizard?templateId=${p.id}`));
    } else {
      if (p.status !== ProjectStatus.DRAFT) {
        main.push(link('declarations', '申报列表', declarationListPath(p)));
        if (can.assign && expertRounds(p.flow).length > 0)
          main.push(link('allocation', '评审分配', `/reviewAllocation?projectId=${p.id}`));
      }
      if (can.publish && p.status !== ProjectStatus.OPEN) main.push(<span key="publish">{publishButton(p)}</span>);
      if (can.publish && p.status === ProjectStatus.OPEN)
        more.push({
          key: 'close',
          label: '截止申报',
          onClick: () =>
            confirm(
              '截止后申报人不能再提交申报，确定截止吗？',
              '截止申报',
              () => projectsApi.close(p.id),
              '项目已截止申报',
            ),
        });
      if (can.add)
        more.push({
          key: 'template',
          label: '存为模板',
          onClick: () =>
            confirm(
              '用此项目的评审流程、申报设置和申报表创建一个模板？',
              '存为模板',
              () => projectsApi.saveAsTemplate(p.id),
              '已存为模板',
            ),
        });
    }
    more.push(
      { key: 'form', label: '申报表设置', onClick: () => void navigate(`/projectFormSetting?id=${p.id}`) },
      { key: 'preview', label: '项目预览', onClick: () => void navigate(`/projectPreview?id=${p.id}`) },
    );
    if (!p.isTemplate && p.status !== ProjectStatus.DRAFT)
      more.push({
        key: 'report',
        label: '评审报告',
        onClick: () => void navigate(`/related-report?projectId=${p.id}`),
      });
    if (can.delete)
      more.push({
        key: 'delete',
        label: '删除',
        danger: true,
        onClick: () =>
          confirm(
            p.isTemplate ? `确定删除模板“${p.name}”吗？` : `确定删除项目“${p.name}”吗？已有提交的申报时不能删除。`,
            '删除',
            () => projectsApi.remove(p.id),
            '删除成功',
            true,
          ),
      });
    if (more.length)
      main.push(
        <Dropdown
          key="more"
          trigger={['click']}
          menu={{
            items: more.map(({ key, label, danger }) => ({ key, label, danger })),
            onClick: ({ key }) => more.find((m) => m.key === key)?.onClick(),
          }}
        >
          <LinkButton aria-label={`更多操作：${p.name}`}>
            更多 <DownOutlined />
          </LinkButton>
        </Dropdown>,
      );
    return main;
  };

  const columns: ProColumns<Row>[] = [
    {
      title: templates ? '模板名称' : '项目名称',
      dataIndex: 'name',
      width: 200,
      render: (_, p) => <Typography.Text strong>{p.name}</Typography.Text>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      hideInTable: templates,
      render: (_, p) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLORS[p.status]}>{p.statusName}</Tag>
          {!p.formPublished && <Tag color="warning">申报表未发布</Tag>}
        </Space>
      ),
    },
    { title: '评审流程', dataIndex: 'flow', width: 300, render: (_, p) => <FlowTags project={p} /> },
    { title: '申报时间', key: 'period', width: 190, hideInTable: templates, render: (_, p) => <Period project={p} /> },
    {
      title: '申报/已提交',
      key: 'counts',
      width: 110,
      hideInTable: templates,
      render: (_, p) => `${p.declarationCount} / ${p.submittedCount}`,
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 110,
      render: (_, p) => <span title={timeText(p.createdAt)}>{timeText(p.createdAt).slice(0, 10)}</span>,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 230,
      fixed: 'right',
      render: (_, p) => (
        <Space size={12} wrap>
          {actions(p)}
        </Space>
      ),
    },
  ];

  return (
    <ListPage<Row>
      // Columns differ by tab: a new table, not a re-rendered one.
      key={tab}
      title="项目管理"
      rowKey="id"
      path={projectPaths.list}
      params={params}
      actionRef={ref}
      columns={columns}
      searchPlaceholder={templates ? '模板名称' : '项目名称'}
      exportPath={can.export && !templates ? projectPaths.exportJob : undefined}
      exportJobPath={can.export && !templates ? projectPaths.exportJob : undefined}
      exportName="项目列表"
      tabs={{ items: TABS, activeKey: tab, onChange: setTab }}
      toolbar={[
        ...(templates
          ? []
          : [
              <Select
                key="status"
                aria-label="项目状态"
                allowClear
                placeholder="全部状态"
                style={{ width: 130 }}
                value={status}
                onChange={(v: number | undefined) => setStatus(v)}
                options={Object.entries(PROJECT_STATUS_NAMES).map(([value, label]) => ({
                  value: Number(value),
                  label,
                }))}
              />,
            ]),
        ...(can.add
          ? [
              <FromTemplateButton
                key="from-template"
                onChosen={(id) => void navigate(`/projectWizard?templateId=${id}`)}
              />,
              <AddButton key="add" onClick={() => void navigate('/projectWizard')}>
                新建项目
              </AddButton>,
            ]
          : []),
      ]}
    />
  );
}

/** 从模板创建: choose one of the templates, then the wizard starts from it. */
function FromTemplateButton({ onChosen }: { onChosen: (templateId: number) => void }) {
  return (
    <ModalForm<{ templateId: number }>
      title="从模板创建项目"
      width={480}
      trigger={<Button icon={<CopyOutlined />}>从模板创建</Button>}
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '下一步', resetText: '取消' } }}
      onFinish={async ({ templateId }) => {
        onChosen(templateId);
        return true;
      }}
    >
      <Typography.Paragraph type="secondary">
        新项目复制模板的评审流程、申报设置和申报表，可在向导中修改。
      </Typography.Paragraph>
      <ProFormSelect
        name="templateId"
        label="模板"
        placeholder="请选择模板"
        rules={[{ required: true, message: '请选择模板' }]}
        showSearch
        request={async () =>
          (await projectsApi.list({ current: 1, pageSize: 100, template: '1' })).records.map((t) => ({
            value: t.id,
            label: t.name,
          }))
        }
        fieldProps={{ notFoundContent: '暂无模板，可在项目列表中把项目存为模板' }}
      />
    </ModalForm>
  );
}
