import { TrophyOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { PROJECT_PAGES as P, type TDeclaration, type TProject } from '@shetuan/shared/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ListPage } from '../../../platform/components/ListPage';
import { projectKeys, projectPaths, projectsApi } from '../api';
import { Screen } from '../applicant/Screen';
import { ActButtons } from './ActButtons';
import { FlowTags } from './FlowTags';
import {
  decisionOf,
  expertRounds,
  reviewMode,
  SP_PATH,
  STATUS_COLORS,
  STATUS_OPTIONS,
  scoreText,
  timeText,
} from './flow-helpers';
import { ProjectPicker, useChosenProject } from './ProjectPicker';

type Row = TDeclaration & Record<string, unknown>;

/**
 * /createDeclareList (评分) and /createDeclareListSp (审批): a project's declarations with the
 * operators' work on them — formal review and approval (通过 / 退回修改 / 不通过), closing an
 * expert round (完成评审), and the way to 定级.
 */
export default function DeclarationsPage() {
  return (
    <Screen>
      <DeclarationsPageContent />
    </Screen>
  );
}

function DeclarationsPageContent() {
  const { pathname } = useLocation();
  const mode = pathname.endsWith(SP_PATH) ? 'approval' : 'score';
  const { projects, loading, chosen, setProjectId } = useChosenProject(
    (p) => !p.isTemplate && reviewMode(p.flow) === mode,
  );
  const picker = <ProjectPicker projects={projects} loading={loading} value={chosen?.id} onChange={setProjectId} />;
  return chosen ? (
    <Declarations key={chosen.id} project={chosen} picker={picker} />
  ) : (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">{picker}</Card>
      <Card>
        <Empty
          description={loading ? '加载中…' : mode === 'approval' ? '暂无已发布的审批制项目' : '暂无已发布的评分制项目'}
        />
      </Card>
    </Space>
  );
}

function Declarations({ project, picker }: { project: TProject; picker: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const ref = useRef<ActionType | undefined>(undefined);
  const [status, setStatus] = useState<TDeclaration['status'] | undefined>(undefined);
  const [stage, setStage] = useState<number | undefined>(undefined);
  const params = useMemo(() => ({ status, stage }), [status, stage]);
  const flow = project.flow;
  const reload = () => {
    void ref.current?.reload();
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
  };

  const scored = expertRounds(flow).length > 0 || decisionOf(flow) !== undefined;
  const columns: ProColumns<Row>[] = [
    {
      title: '申报名称',
      dataIndex: 'title',
      width: 220,
      render: (_, d) => <LinkButton onClick={() => void navigate(`/projectDetail?id=${d.id}`)}>{d.title}</LinkButton>,
    },
    { title: '申报人', dataIndex: 'applicantName', width: 100 },
    { title: '推荐单位', dataIndex: 'unitName', width: 180, render: (_, d) => d.unitName || '—' },
    {
      title: '状态',
      dataIndex: 'statusText',
      width: 160,
      render: (_, d) => <Tag color={STATUS_COLORS[d.status]}>{d.statusText}</Tag>,
    },
    // An approval chain without experts has no scores, ranks or grades.
    { title: '得分', dataIndex: 'score', width: 80, hideInTable: !scored, render: (_, d) => scoreText(d.score) },
    { title: '排名', dataIndex: 'rank', width: 70, hideInTable: !scored, render: (_, d) => d.rank ?? '—' },
    { title: '等级', dataIndex: 'grade', width: 90, hideInTable: !scored, render: (_, d) => d.grade ?? '—' },
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (_, d) => timeText(d.submittedAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 250,
      fixed: 'right',
      render: (_, d) => (
        <Space size={12}>
          <LinkButton onClick={() => void navigate(`/projectDetail?id=${d.id}`)}>详情</LinkButton>
          <ActButtons flow={flow} declaration={d} onDone={reload} />
        </Space>
      ),
    },
  ];

  const rounds = expertRounds(flow);
  const decision = decisionOf(flow);
  const operations = [
    ...(can(P.declarations.review)
      ? rounds.map(({ index, stage: round }) => (
          <Popconfirm
            key={`advance-${index}`}
            title={`完成“${round.name}”？`}
            description="评审已全部提交的申报计算得分并进入下一环节，其余继续等待。"
            okText="完成评审"
            cancelText="取消"
            onConfirm={async () => {
              const r = await projectsApi.advance(project.id, index);
              void feedback.message.success(`已有 ${r.advanced} 份申报进入下一环节，${r.waiting} 份仍在等待评审`);
              reload();
            }}
          >
            <Button>完成评审（{round.name}）</Button>
          </Popconfirm>
        ))
      : []),
    ...(can(P.declarations.review) && flow.some((s) => s.kind === 'formal_review' || s.kind === 'approval')
      ? [
          <Button key="audit" onClick={() => void navigate(`/projectAudit?projectId=${project.id}`)}>
            审核台
          </Button>,
        ]
      : []),
    ...(decision && can(P.declarations.decide)
      ? [
          <Button
            key="grading"
            type="primary"
            icon={<TrophyOutlined />}
            onClick={() => void navigate(`/grading?projectId=${project.id}`)}
          >
            定级
          </Button>,
        ]
      : []),
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
          <Space direction="vertical" size={8}>
            {picker}
            <div>
              <Typography.Text type="secondary">评审流程：</Typography.Text>
              <FlowTags project={project} />
            </div>
          </Space>
          {operations.length > 0 && <Space wrap>{operations}</Space>}
        </div>
      </Card>
      <ListPage<Row>
        title={`${project.name}：申报`}
        rowKey="id"
        path={projectPaths.declarations(project.id)}
        params={params}
        actionRef={ref}
        columns={columns}
        searchPlaceholder="申报名称或申报人"
        exportPath={can(P.declarations.export) ? projectPaths.declarationsExportJob(project.id) : undefined}
        exportJobPath={can(P.declarations.export) ? projectPaths.declarationsExportJob(project.id) : undefined}
        exportName={`${project.name}-申报及评分`}
        toolbar={[
          <Select
            key="status"
            aria-label="申报状态"
            allowClear
            placeholder="全部状态"
            style={{ width: 130 }}
            value={status}
            onChange={(v: TDeclaration['status'] | undefined) => setStatus(v)}
            options={STATUS_OPTIONS}
          />,
          <Select
            key="stage"
            aria-label="所在环节"
            allowClear
            placeholder="全部环节"
            style={{ width: 150 }}
            value={stage}
            onChange={(v: number | undefined) => setStage(v)}
            options={flow.map((s, i) => ({ value: i, label: `${i + 1}. ${s.name}` }))}
          />,
        ]}
      />
    </Space>
  );
}
