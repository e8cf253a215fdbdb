import { CheckCircleOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { PROJECT_PAGES as P, type TDistributionRow, type TDistributionView } from '@shetuan/shared/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Popconfirm,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { LinkButton } from '../../../platform/components/LinkButton';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { projectKeys } from '../api';
import { Screen } from '../applicant/Screen';
import { screensApi } from '../screens-api';
import { StatsTable } from '../stats/StatsTable';
import { LoadBar } from './AllocationParts';
import { expertRounds } from './flow-helpers';
import { ProjectPicker, useChosenProject, useNumberParam } from './ProjectPicker';

type ListRow = TDistributionRow & Record<string, unknown>;
type Candidate = TDistributionView['candidates'][number];

/**
 * /declarationDistribution?projectId=&stage=&id= (项目创建者 › 申报分配): allocation by declaration.
 * The round's declarations with their reviewers (only those still short, if asked); one of them
 * opened beside: its reviewers, removed while they have not submitted, and every expert of the
 * pool — who can be added, the domain matches first and the lightest loads next, and who cannot
 * with the rule that forbids it (own unit, 回避, another group, an earlier round, full). The server
 * checks the same rules when adding.
 */
export default function DistributionPage() {
  return (
    <Screen>
      <DistributionPageContent />
    </Screen>
  );
}

function DistributionPageContent() {
  const { projects, loading, chosen, setProjectId } = useChosenProject(
    (p) => !p.isTemplate && expertRounds(p.flow).length > 0,
  );
  const [stage, setStage] = useNumberParam('stage');
  const [id, setId] = useNumberParam('id');
  const [reloadKey, setReloadKey] = useState(0);
  const rounds = chosen ? expertRounds(chosen.flow) : [];
  const round = rounds.find((r) => r.index === stage) ?? rounds[0];
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
          {rounds.length > 0 && (
            <Space>
              <Typography.Text strong>评审轮次</Typography.Text>
              <Select
                aria-label="评审轮次"
                style={{ minWidth: 200 }}
                value={round?.index}
                onChange={(v: number) => {
                  setStage(v);
                  setId(undefined);
                }}
                options={rounds.map((r) => ({ value: r.index, label: `第${r.index + 1}步 ${r.stage.name}` }))}
              />
            </Space>
          )}
        </Space>
      </Card>
      {chosen && round ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xxl={11}>
            <RoundList
              key={`${chosen.id}-${round.index}`}
              projectId={chosen.id}
              projectName={chosen.name}
              stage={round.index}
              chosen={id}
              onChoose={setId}
              reloadKey={reloadKey}
            />
          </Col>
          <Col xs={24} xxl={13}>
            {id ? (
              <DeclarationPanel
                key={`${id}-${round.index}`}
                id={id}
                stage={round.index}
                onChanged={() => setReloadKey((k) => k + 1)}
              />
            ) : (
              <Card>
                <Empty description="在左侧选择一份申报，为它添加或移除评审专家" />
              </Card>
            )}
          </Col>
        </Row>
      ) : (
        <Card>
          <Empty description={loading ? '加载中…' : '暂无设置了专家评审环节的已发布项目'} />
        </Card>
      )}
    </Space>
  );
}

function RoundList({
  projectId,
  projectName,
  stage,
  chosen,
  onChoose,
  reloadKey,
}: {
  projectId: number;
  projectName: string;
  stage: number;
  chosen: number | undefined;
  onChoose: (id: number) => void;
  reloadKey: number;
}) {
  const can = useCan();
  const [short, setShort] = useState(false);
  const params = useMemo(() => ({ short: short ? ('1' as const) : undefined }), [short]);
  const columns: ProColumns<ListRow>[] = [
    {
      title: '申报名称',
      dataIndex: 'title',
      width: 200,
      render: (_, d) => (
        <Space size={4}>
          {d.id === chosen && <CheckCircleOutlined aria-label="当前申报" style={{ color: '#1677ff' }} />}
          <LinkButton onClick={() => onChoose(d.id)}>{d.title}</LinkButton>
        </Space>
      ),
    },
    { title: '推荐单位', dataIndex: 'unitName', width: 150, render: (_, d) => d.unitName || '—' },
    {
      title: '评审专家',
      key: 'experts',
      width: 200,
      render: (_, d) =>
        d.experts.length === 0 ? (
          <Typography.Text type="secondary">未分配</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {d.experts.map((e) => (
              <Tag key={e.assignmentId} color={e.submitted ? 'success' : 'processing'}>
                {e.name}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: '已分配',
      key: 'count',
      width: 80,
      render: (_, d) => (
        <Typography.Text type={d.experts.length < d.k ? 'danger' : undefined}>
          {d.experts.length} / {d.k}
        </Typography.Text>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 70,
      render: (_, d) => <LinkButton onClick={() => onChoose(d.id)}>分配</LinkButton>,
    },
  ];
  return (
    <StatsTable
      title="本轮申报"
      rowKey="id"
      load={(query) => screensApi.roundDeclarations(projectId, stage, query)}
      params={params}
      reloadKey={reloadKey}
      columns={columns}
      searchPlaceholder="申报名称或申报人"
      emptyText="该评审环节暂无申报"
      exportJob={
        can(P.distribution.export)
          ? (query) => screensApi.roundDeclarationsExportJob(projectId, stage, query)
          : undefined
      }
      exportName={`${projectName}申报分配`}
      toolbar={[
        <Space key="short">
          <Switch id="only-short" size="small" checked={short} onChange={setShort} />
          <label htmlFor="only-short">只看专家未满的</label>
        </Space>,
      ]}
    />
  );
}

function DeclarationPanel({ id, stage, onChanged }: { id: number; stage: number; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const view = useQuery({
    queryKey: [...projectKeys.declaration(id), 'distribution', stage],
    queryFn: () => screensApi.distribution(id, stage),
  });
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    onChanged();
  };
  if (view.isError)
    return (
      <Card>
        <Result status="warning" title={view.error.message} />
      </Card>
    );
  const v = view.data;
  if (!v)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const d = v.declaration;
  const full = v.assigned.length >= v.k;
  const add = async (c: Candidate) => {
    setBusy(c.userId);
    try {
      await screensApi.addExpert(d.id, v.stage, c.userId);
      void feedback.message.success(`已添加${c.name}`);
      refresh();
    } finally {
      setBusy(null);
    }
  };
  const remove = async (assignmentId: number, name: string) => {
    await screensApi.removeExpert(d.id, assignmentId);
    void feedback.message.success(`已移除${name}`);
    refresh();
  };
  const shown = v.candidates.filter((c) => !keyword || c.name.includes(keyword) || c.unitName.includes(keyword));
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
            { key: 'applicant', label: '申报人', children: d.applicantName },
            { key: 'unit', label: '推荐单位', children: d.unitName || '—' },
            { key: 'status', label: '当前状态', children: d.statusText },
            { key: 'group', label: '评审分组', children: d.groupName || '未分组' },
            { key: 'need', label: '本轮需要', children: `${v.k} 位专家，每位最多 ${v.maxPerExpert} 份` },
            ...(v.excludeEarlierExperts ? [{ key: 'fresh', label: '多轮评审', children: '避开前轮评审过的专家' }] : []),
          ]}
        />
        {!v.open && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            message="该申报不在本轮评审中，评审专家只能查看，不能调整。"
          />
        )}
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          评审专家（{v.assigned.length} / {v.k}）
        </Typography.Title>
        {v.assigned.length === 0 ? (
          <Typography.Text type="secondary">尚未分配</Typography.Text>
        ) : (
          <Space size={[8, 8]} wrap>
            {v.assigned.map((a) => (
              <Tag key={a.assignmentId} color={a.submitted ? 'success' : 'processing'} style={{ padding: '2px 8px' }}>
                {a.name}
                {a.unitName ? `（${a.unitName}）` : ''}
                {a.submitted ? ' · 已提交' : ''}
                {v.open && !a.submitted && (
                  <Popconfirm
                    title={`移除${a.name}？`}
                    okText="移除"
                    cancelText="取消"
                    onConfirm={() => remove(a.assignmentId, a.name)}
                  >
                    <Button type="link" size="small" style={{ paddingInline: 4, height: 'auto' }}>
                      移除
                    </Button>
                  </Popconfirm>
                )}
              </Tag>
            ))}
          </Space>
        )}
      </Card>
      <Card
        title="可选专家"
        extra={
          <Input.Search
            aria-label="搜索专家"
            placeholder="姓名或单位"
            allowClear
            onSearch={(value) => setKeyword(value.trim())}
            style={{ width: 200 }}
          />
        }
      >
        {full && v.open && (
          <Alert
            style={{ marginBottom: 12 }}
            type="success"
            showIcon
            message="本申报的评审专家已满，可先移除再添加。"
          />
        )}
        <Table<Candidate>
          size="small"
          rowKey="userId"
          dataSource={shown}
          pagination={{ defaultPageSize: 10, showSizeChanger: true, showTotal: (n) => `共 ${n} 位` }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState description="没有评审专家，请先为用户添加评审人或专家身份" /> }}
          columns={[
            { title: '专家', dataIndex: 'name', width: 100 },
            { title: '单位', dataIndex: 'unitName', width: 160, render: (u: string) => u || '—' },
            {
              title: '领域',
              key: 'domain',
              width: 90,
              render: (_, c) => (c.domainMatch ? <Tag color="success">领域匹配</Tag> : '—'),
            },
            {
              title: '本轮评审量',
              key: 'load',
              width: 250,
              render: (_, c) => <LoadBar load={c.load} max={v.maxPerExpert} />,
            },
            {
              title: '操作',
              key: 'op',
              render: (_, c) =>
                c.blocked ? (
                  <Typography.Text type="secondary">{c.blocked}</Typography.Text>
                ) : (
                  <Button
                    size="small"
                    type="primary"
                    ghost
                    loading={busy === c.userId}
                    disabled={!v.open || full}
                    onClick={() => void add(c)}
                  >
                    添加
                  </Button>
                ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
