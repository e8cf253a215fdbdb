import { DownOutlined } from '@ant-design/icons';
import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormDateTimePicker,
  ProFormSelect,
} from '@ant-design/pro-components';
import {
  ELEMENT_TYPE_NAMES,
  ELEMENT_TYPES,
  OPERATION_PAGES as O,
  OPS_PHASE_NAMES,
  type OpsPhase,
  PROJECT_PAGES as P,
  type TOpsProject,
} from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Dropdown, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ListPage } from '../../../platform/components/ListPage';
import { SP_PATH, timeText } from '../creator/flow-helpers';
import { type ElementOption, opsApi, opsKeys, opsPaths } from './api';

type Row = TOpsProject & Record<string, unknown>;

const PHASE_COLORS: Record<OpsPhase, string> = {
  draft: 'default',
  pending: 'cyan',
  open: 'processing',
  closing: 'orange',
  overdue: 'error',
  closed: 'default',
};

/** The time left until the deadline, as a person reads it. */
function left(closeAt: string | null): string | null {
  if (!closeAt) return null;
  const hours = dayjs(closeAt).diff(dayjs(), 'hour');
  if (hours < 0) return null;
  return hours < 24 ? `剩余${Math.max(hours, 1)}小时` : `剩余${Math.floor(hours / 24)}天`;
}

function Declarations({ p }: { p: TOpsProject }) {
  const waiting = p.stages.filter((s) => s.waiting > 0);
  return (
    <Space direction="vertical" size={2}>
      <span>
        已提交 <Typography.Text strong>{p.submitted}</Typography.Text>
        {p.drafts > 0 && <Typography.Text type="secondary">（草稿 {p.drafts}）</Typography.Text>}
      </span>
      {waiting.length > 0 && (
        <Space size={4} wrap>
          {waiting.map((s) => (
            <Tag key={s.name} color="processing" style={{ marginInlineEnd: 0 }}>
              {s.name} {s.waiting}
            </Tag>
          ))}
        </Space>
      )}
      {(p.returned > 0 || p.rejected > 0 || p.approved > 0 || p.notApproved > 0) && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[
            p.returned && `退回 ${p.returned}`,
            p.rejected && `未通过 ${p.rejected}`,
            p.approved && `立项 ${p.approved}`,
            p.notApproved && `未立项 ${p.notApproved}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * /projectManagementOperations (运营管理 › 项目运营): every project of the tenant whoever made it — its
 * declaration period and deadline, declarations waiting at each stage, results, elements — with the
 * operators' actions: 调整截止时间 (a closed project reopens), 截止申报, 设置要素; filters by period
 * and element; export.
 */
export default function OperationsPage() {
  const navigate = useNavigate();
  const granted = useCan();
  const canEdit = granted(O.operations.edit);
  const ref = useRef<ActionType | undefined>(undefined);
  const [phase, setPhase] = useState<OpsPhase | undefined>(undefined);
  const [filter, setFilter] = useState<Record<string, number | undefined>>({});
  const [deadlineOf, setDeadlineOf] = useState<TOpsProject | null>(null);
  const [elementsOf, setElementsOf] = useState<TOpsProject | null>(null);
  const elements = useQuery({
    queryKey: opsKeys.elementOptions(),
    queryFn: async () => (await opsApi.elementOptions()).list,
  });
  const params = useMemo(() => ({ phase, ...filter }), [phase, filter]);
  const reload = () => void ref.current?.reload();

  const close = (p: TOpsProject) =>
    feedback.modal.confirm({
      title: `截止“${p.name}”的申报？`,
      content: '截止后申报人不能再提交；已提交的申报照常审核。需要时可以调整截止时间重新开放。',
      okText: '截止申报',
      cancelText: '取消',
      onOk: async () => {
        await opsApi.close(p.id);
        void feedback.message.success('项目已截止申报');
        reload();
      },
    });

  const actions = (p: TOpsProject) => {
    const more = [
      {
        key: 'declarations',
        label: '申报列表',
        onClick: () => void navigate(`${p.scoring ? P.declarations.path : SP_PATH}?projectId=${p.id}`),
      },
      {
        key: 'statistics',
        label: '项目统计',
        onClick: () => void navigate(`${P.statistics.path}?projectId=${p.id}`),
      },
      ...(canEdit && p.status === 1 ? [{ key: 'close', label: '截止申报', onClick: () => close(p) }] : []),
    ];
    return (
      <Space size={12} wrap>
        {canEdit && p.status !== 0 && (
          <LinkButton onClick={() => setDeadlineOf(p)}>{p.status === 2 ? '重新开放' : '调整截止'}</LinkButton>
        )}
        {canEdit && <LinkButton onClick={() => setElementsOf(p)}>设置要素</LinkButton>}
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map(({ key, label }) => ({ key, label })),
            onClick: ({ key }) => more.find((m) => m.key === key)?.onClick(),
          }}
        >
          <LinkButton aria-label={`更多操作：${p.name}`}>
            更多 <DownOutlined />
          </LinkButton>
        </Dropdown>
      </Space>
    );
  };

  const columns: ProColumns<Row>[] = [
    {
      title: '项目名称',
      dataIndex: 'name',
      width: 240,
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{p.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.creatorName || '—'} 创建 · {p.flowText}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '申报阶段',
      dataIndex: 'phase',
      width: 120,
      render: (_, p) => (
        <Space direction="vertical" size={2}>
          <Tag color={PHASE_COLORS[p.phase]}>{p.phaseName}</Tag>
          {!p.formPublished && <Tag color="warning">申报表未发布</Tag>}
        </Space>
      ),
    },
    {
      title: '截止时间',
      dataIndex: 'closeAt',
      width: 160,
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <span>{p.closeAt ? timeText(p.closeAt) : '不限'}</span>
          {p.status === 1 && left(p.closeAt) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {left(p.closeAt)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '申报情况', key: 'declarations', width: 260, render: (_, p) => <Declarations p={p} /> },
    {
      title: '项目要素',
      key: 'elements',
      width: 170,
      render: (_, p) => {
        const names = [p.categoryName, p.levelName, p.yearName].filter(Boolean);
        return names.length ? (
          <Space size={4} wrap>
            {names.map((n) => (
              <Tag key={n} style={{ marginInlineEnd: 0 }}>
                {n}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">未归类</Typography.Text>
        );
      },
    },
    { title: '操作', valueType: 'option', width: 240, fixed: 'right', render: (_, p) => actions(p) },
  ];

  const elementSelect = (type: (typeof ELEMENT_TYPES)[number], key: string) => (
    <Select
      key={key}
      aria-label={`筛选：${ELEMENT_TYPE_NAMES[type]}`}
      allowClear
      placeholder={`全部${ELEMENT_TYPE_NAMES[type]}`}
      style={{ width: 130 }}
      value={filter[key]}
      onChange={(v: number | undefined) => setFilter((f) => ({ ...f, [key]: v }))}
      options={(elements.data ?? []).filter((e) => e.type === type).map((e) => ({ value: e.id, label: e.name }))}
    />
  );

  return (
    <>
      <ListPage<Row>
        title={O.operations.name}
        rowKey="id"
        path={opsPaths.projects}
        params={params}
        actionRef={ref}
        columns={columns}
        searchPlaceholder="项目名称"
        exportPath={granted(O.operations.export) ? opsPaths.projectsExportJob : undefined}
        exportJobPath={granted(O.operations.export) ? opsPaths.projectsExportJob : undefined}
        exportName="项目运营"
        toolbar={[
          <Select
            key="phase"
            aria-label="筛选：申报阶段"
            allowClear
            placeholder="全部阶段"
            style={{ width: 130 }}
            value={phase}
            onChange={(v: OpsPhase | undefined) => setPhase(v)}
            options={Object.entries(OPS_PHASE_NAMES).map(([value, label]) => ({ value, label }))}
          />,
          elementSelect('category', 'categoryId'),
          elementSelect('level', 'levelId'),
          elementSelect('year', 'yearId'),
        ]}
      />
      <DeadlineDialog project={deadlineOf} onClose={() => setDeadlineOf(null)} onDone={reload} />
      <ElementsDialog
        project={elementsOf}
        options={elements.data ?? []}
        onClose={() => setElementsOf(null)}
        onDone={reload}
      />
    </>
  );
}

/** 调整截止时间 / 重新开放: a new deadline still ahead. */
function DeadlineDialog({
  project,
  onClose,
  onDone,
}: {
  project: TOpsProject | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const reopen = project?.status === 2;
  return (
    <ModalForm<{ closeAt: Dayjs }>
      title={reopen ? `重新开放：${project?.name}` : `调整截止时间：${project?.name ?? ''}`}
      width={480}
      open={project !== null}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      initialValues={{
        closeAt:
          project?.closeAt && dayjs(project.closeAt).isAfter(dayjs())
            ? dayjs(project.closeAt)
            : dayjs().add(7, 'day').endOf('day'),
      }}
      submitter={{ searchConfig: { submitText: reopen ? '重新开放' : '保存', resetText: '取消' } }}
      onFinish={async ({ closeAt }) => {
        if (!project) return true;
        await opsApi.deadline(project.id, dayjs(closeAt).toISOString());
        void feedback.message.success(reopen ? '项目已重新开放申报' : '截止时间已调整');
        onClose();
        onDone();
        return true;
      }}
    >
      <Typography.Paragraph type="secondary">
        {reopen
          ? '项目重新开放后，申报人可以继续申报，直到新的截止时间。'
          : '新的截止时间可以提前或延后，但必须晚于当前时间。到截止时间后不能再提交新的申报。'}
      </Typography.Paragraph>
      <ProFormDateTimePicker
        name="closeAt"
        label="新的截止时间"
        rules={[
          { required: true, message: '请选择新的截止时间' },
          {
            validator: async (_, value?: Dayjs) => {
              if (value && !dayjs(value).isAfter(dayjs())) throw new Error('新的截止时间必须晚于当前时间');
            },
          },
        ]}
        fieldProps={{ style: { width: '100%' }, format: 'YYYY-MM-DD HH:mm' }}
      />
    </ModalForm>
  );
}

/** 设置要素: the project's category, level and year. */
function ElementsDialog({
  project,
  options,
  onClose,
  onDone,
}: {
  project: TOpsProject | null;
  options: ElementOption[];
  onClose: () => void;
  onDone: () => void;
}) {
  const keys = { category: 'categoryId', level: 'levelId', year: 'yearId' } as const;
  return (
    <ModalForm<{ categoryId?: number; levelId?: number; yearId?: number }>
      title={`设置要素：${project?.name ?? ''}`}
      width={480}
      open={project !== null}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      initialValues={{
        categoryId: project?.categoryId ?? undefined,
        levelId: project?.levelId ?? undefined,
        yearId: project?.yearId ?? undefined,
      }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (values) => {
        if (!project) return true;
        await opsApi.setElements(project.id, {
          categoryId: values.categoryId ?? null,
          levelId: values.levelId ?? null,
          yearId: values.yearId ?? null,
        });
        void feedback.message.success('项目要素已保存');
        onClose();
        onDone();
        return true;
      }}
    >
      {ELEMENT_TYPES.map((type) => (
        <ProFormSelect
          key={type}
          name={keys[type]}
          label={ELEMENT_TYPE_NAMES[type]}
          placeholder="未设置"
          allowClear
          options={options
            .filter((e) => e.type === type && (e.enabled || e.id === project?.[keys[type]]))
            .map((e) => ({ value: e.id, label: e.enabled ? e.name : `${e.name}（已停用）` }))}
        />
      ))}
    </ModalForm>
  );
}
