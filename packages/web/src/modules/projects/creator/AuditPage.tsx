import type { ProColumns } from '@ant-design/pro-components';
import { PROJECT_PAGES as P, type TActInput, type TDeclaration, type TProject } from '@shetuan/shared/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { projectKeys, projectsApi } from '../api';
import { AnswersView, DeclarationTimeline, fmtTime, useProjectForm } from '../applicant/DeclarationParts';
import { Screen } from '../applicant/Screen';
import { StatsTable } from '../stats/StatsTable';
import { ProjectPicker, useChosenProject, useNumberParam } from './ProjectPicker';

type ListRow = TDeclaration & Record<string, unknown>;

const ACTIONS: { action: TActInput['action']; label: string; danger?: boolean }[] = [
  { action: 'pass', label: '通过' },
  { action: 'return', label: '退回修改' },
  { action: 'reject', label: '不通过', danger: true },
];

/** The stages the operators act on: formal reviews and approval chains. */
function auditStages(p: TProject) {
  return p.flow.flatMap((s, index) =>
    s.kind === 'formal_review' || s.kind === 'approval' ? [{ index, name: s.name }] : [],
  );
}

/**
 * /projectAudit?projectId=&stage=&id= 项目审核: the operators' desk for a formal review or an
 * approval chain — the declarations waiting at the stage on one side, the one being audited on the
 * other (its answers and timeline) with 通过 / 退回修改 / 不通过 and the 意见 in place; after each
 * decision the next waiting declaration opens. The same rules as 申报列表's buttons (server act).
 */
export default function AuditPage() {
  return (
    <Screen>
      <AuditPageContent />
    </Screen>
  );
}

function AuditPageContent() {
  const { projects, loading, chosen, setProjectId } = useChosenProject(
    (p) => !p.isTemplate && auditStages(p).length > 0,
  );
  const [stage, setStage] = useNumberParam('stage');
  const [id, setId] = useNumberParam('id');
  const stages = chosen ? auditStages(chosen) : [];
  const current = stages.find((s) => s.index === stage) ?? stages[0];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap size={24}>
          <ProjectPicker
            projects={projects}
            loading={loading}
            value={chosen?.id}
            onChange={(next) => {
              setProjectId(next);
              setStage(undefined);
              setId(undefined);
            }}
          />
          {stages.length > 0 && (
            <Space>
              <Typography.Text strong>审核环节</Typography.Text>
              <Select
                aria-label="审核环节"
                style={{ minWidth: 180 }}
                value={current?.index}
                onChange={(v: number) => {
                  setStage(v);
                  setId(undefined);
                }}
                options={stages.map((s) => ({ value: s.index, label: `第${s.index + 1}步 ${s.name}` }))}
              />
            </Space>
          )}
        </Space>
      </Card>
      {chosen && current ? (
        <Desk key={`${chosen.id}-${current.index}`} project={chosen} stage={current.index} id={id} onOpen={setId} />
      ) : (
        <Card>
          <Empty description={loading ? '加载中…' : '暂无设置了形式审查或审批环节的已发布项目'} />
        </Card>
      )}
    </Space>
  );
}

function Desk({
  project,
  stage,
  id,
  onOpen,
}: {
  project: TProject;
  stage: number;
  id: number | undefined;
  onOpen: (id: number | undefined) => void;
}) {
  const can = useCan();
  const queryClient = useQueryClient();
  const params = useMemo(() => ({ status: 'in_review' as const, stage }), [stage]);
  const [reloadKey, setReloadKey] = useState(0);
  // The first waiting declaration opens when none is chosen, and after each decision.
  const queue = useQuery({
    queryKey: [...projectKeys.project(project.id), 'audit-queue', stage],
    queryFn: () => projectsApi.declarations(project.id, { ...params, current: 1, pageSize: 1 }),
  });
  const next = queue.data?.records[0]?.id;
  const open = id ?? next;
  const columns: ProColumns<ListRow>[] = [
    {
      title: '申报名称',
      dataIndex: 'title',
      width: 200,
      render: (_, d) => (
        <LinkButton onClick={() => onOpen(d.id)} aria-current={d.id === open ? 'true' : undefined}>
          {d.id === open ? `▶ ${d.title}` : d.title}
        </LinkButton>
      ),
    },
    { title: '申报人', dataIndex: 'applicantName', width: 90 },
    { title: '状态', dataIndex: 'statusText', width: 140 },
    { title: '提交时间', dataIndex: 'submittedAt', width: 140, render: (_, d) => fmtTime(d.submittedAt) },
  ];
  const decided = async () => {
    await queryClient.invalidateQueries({ queryKey: projectKeys.all });
    setReloadKey((k) => k + 1);
    onOpen(undefined);
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={10}>
        <StatsTable
          title={`待审核：${queue.data ? queue.data.total : '…'} 份`}
          rowKey="id"
          load={(q) => projectsApi.declarations(project.id, q)}
          params={params}
          reloadKey={reloadKey}
          columns={columns}
          searchPlaceholder="申报名称或申报人"
          emptyText="本环节没有待审核的申报"
          exportJob={can(P.declarations.export) ? (q) => projectsApi.declarationsExportJob(project.id, q) : undefined}
          exportName={`${project.name}申报列表`}
        />
      </Col>
      <Col xs={24} xl={14}>
        {open ? (
          <Audited key={open} id={open} onDecided={() => void decided()} />
        ) : (
          <Card>
            <Result status="success" title="本环节的申报都已审核" subTitle="新的申报提交后会出现在左侧。" />
          </Card>
        )}
      </Col>
    </Row>
  );
}

function Audited({ id, onDecided }: { id: number; onDecided: () => void }) {
  const can = useCan();
  const detail = useQuery({ queryKey: projectKeys.declaration(id), queryFn: () => projectsApi.declaration(id) });
  const form = useProjectForm(detail.data?.projectId);
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [acting, setActing] = useState<TActInput['action'] | null>(null);
  if (detail.isError)
    return (
      <Card>
        <Result status="warning" title={detail.error.message} />
      </Card>
    );
  const d = detail.data;
  if (!d)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  const stage = d.flow[d.stage];
  const waiting = d.status === 'in_review' && (stage?.kind === 'formal_review' || stage?.kind === 'approval');
  const act = async (action: TActInput['action']) => {
    if (action !== 'pass' && !remark.trim()) {
      setProblem('退回或不通过时请填写意见');
      return;
    }
    setProblem(null);
    setActing(action);
    try {
      await projectsApi.act(d.id, { action, remark: remark.trim() });
      void feedback.message.success(`已${ACTIONS.find((a) => a.action === action)?.label ?? '处理'}：${d.title}`);
      onDecided();
    } finally {
      setActing(null);
    }
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={<span style={{ whiteSpace: 'normal' }}>{d.title}</span>}
        extra={<Link to={`/projectDetail?id=${d.id}`}>申报详情</Link>}
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'status', label: '当前状态', children: d.statusText },
            { key: 'applicant', label: '申报人', children: d.applicantName },
            { key: 'unit', label: '推荐单位', children: d.unitName || '—' },
            { key: 'version', label: '提交', children: `第 ${d.version} 版，${fmtTime(d.submittedAt)}` },
          ]}
        />
        {waiting && can(P.declarations.review) ? (
          <Form layout="vertical" style={{ marginTop: 12 }}>
            <Form.Item
              label="审核意见"
              htmlFor="audit-remark"
              validateStatus={problem ? 'error' : undefined}
              help={problem ?? '通过时选填；退回或不通过时必填，申报人会收到'}
            >
              <Input.TextArea
                id="audit-remark"
                rows={3}
                maxLength={500}
                showCount
                value={remark}
                onChange={(e) => setRemark(e.target.value)}
              />
            </Form.Item>
            <Space wrap>
              {ACTIONS.map((a) => (
                <Button
                  key={a.action}
                  type={a.action === 'pass' ? 'primary' : 'default'}
                  danger={a.danger}
                  loading={acting === a.action}
                  disabled={acting !== null && acting !== a.action}
                  onClick={() => void act(a.action)}
                >
                  {a.label}
                </Button>
              ))}
            </Space>
          </Form>
        ) : (
          <Alert style={{ marginTop: 12 }} type="info" showIcon message="该申报当前不在本环节待审核。" />
        )}
      </Card>
      <Card title="申报内容">
        <AnswersView schema={form.data?.schema} data={d.data} />
      </Card>
      <Card title="办理记录">
        <DeclarationTimeline timeline={d.timeline} />
      </Card>
    </Space>
  );
}
