import { ThunderboltOutlined } from '@ant-design/icons';
import { PROJECT_PAGES as P, type TAllocationView, type TProject } from '@shetuan/shared/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Modal,
  Result,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { barOption, Chart } from '../../../platform/charts/Chart';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { projectKeys, projectsApi } from '../api';
import { Screen } from '../applicant/Screen';
import { AddExpertDialog, ExpertsCell, LoadBar } from './AllocationParts';
import { expertRounds } from './flow-helpers';
import { ProjectPicker, useChosenProject, useNumberParam } from './ProjectPicker';

type Declaration = TAllocationView['declarations'][number];
type Expert = TAllocationView['experts'][number];
type AutoResult = Awaited<ReturnType<typeof projectsApi.autoAllocate>>;

/**
 * /reviewAllocation?projectId=&stage= (运营管理 › 评审分配): who reviews each declaration of an
 * expert round — automatic allocation (the server's optimal solver, with the reasons for what it
 * could not cover), assignment and removal by hand (the server refuses what breaks a rule, in
 * Chinese), reopening a submitted review, and each expert's load.
 */
export default function AllocationPage() {
  return (
    <Screen>
      <AllocationPageContent />
    </Screen>
  );
}

function AllocationPageContent() {
  const { projects, loading, chosen, setProjectId } = useChosenProject(
    (p) => !p.isTemplate && expertRounds(p.flow).length > 0,
  );
  const [stage, setStage] = useNumberParam('stage');
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
            onChange={(id) => {
              setProjectId(id);
              setStage(undefined);
            }}
          />
          {rounds.length > 0 && (
            <Space>
              <Typography.Text strong>评审轮次</Typography.Text>
              <Select
                aria-label="评审轮次"
                style={{ minWidth: 200 }}
                value={round?.index}
                onChange={(v: number) => setStage(v)}
                options={rounds.map((r) => ({
                  value: r.index,
                  label: `第${r.index + 1}步 ${r.stage.name}（${r.stage.mode === 'score' ? '评分制' : '审批制'}）`,
                }))}
              />
            </Space>
          )}
        </Space>
      </Card>
      {chosen && round ? (
        <Allocation key={`${chosen.id}-${round.index}`} project={chosen} stage={round.index} />
      ) : (
        <Card>
          <Empty description={loading ? '加载中…' : '暂无设置了专家评审环节的已发布项目'} />
        </Card>
      )}
    </Space>
  );
}

function Allocation({ project, stage }: { project: TProject; stage: number }) {
  const can = useCan();
  const canAssign = can(P.allocation.assign);
  const queryClient = useQueryClient();
  const view = useQuery({
    queryKey: projectKeys.allocation(project.id, stage),
    queryFn: () => projectsApi.allocation(project.id, stage),
  });
  const [keyword, setKeyword] = useState('');
  const [expertKeyword, setExpertKeyword] = useState('');
  const [adding, setAdding] = useState<Declaration | null>(null);
  const [auto, setAuto] = useState<AutoResult | null>(null);
  const [running, setRunning] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: projectKeys.all });

  if (view.isError) return <Result status="warning" title={view.error.message} />;
  const v = view.data;
  const declarations = v?.declarations ?? [];
  const experts = v?.experts ?? [];
  const k = v?.k ?? 0;
  const L = v?.maxPerExpert ?? 0;
  const assigned = declarations.reduce((n, d) => n + d.experts.length, 0);
  const submitted = declarations.reduce((n, d) => n + d.experts.filter((e) => e.submitted).length, 0);
  const shownDeclarations = declarations.filter(
    (d) => !keyword || d.title.includes(keyword) || d.unitName.includes(keyword),
  );
  const shownExperts = [...experts]
    .filter((e) => !expertKeyword || e.name.includes(expertKeyword) || e.unitName.includes(expertKeyword))
    .sort((a, b) => b.load - a.load);

  const runAuto = async () => {
    setRunning(true);
    try {
      const r = await projectsApi.autoAllocate(project.id, stage);
      setAuto(r);
      refresh();
    } finally {
      setRunning(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="分配概况"
        extra={
          canAssign && (
            <Button
              type="primary"
              icon={<ThunderboltOutlined />}
              loading={running}
              disabled={declarations.length === 0}
              onClick={() => void runAuto()}
            >
              自动分配
            </Button>
          )
        }
      >
        <Row gutter={16}>
          {[
            { title: '申报数', value: declarations.length },
            { title: `需评审人次（${k} × ${declarations.length}）`, value: k * declarations.length },
            { title: '已分配', value: assigned },
            { title: '已提交评审', value: submitted },
            { title: '专家数', value: experts.length },
          ].map((s) => (
            <Col key={s.title} xs={12} md={8} xl={4}>
              <Statistic title={s.title} value={s.value} loading={view.isPending} />
            </Col>
          ))}
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          每份申报需要 {k} 位专家，每位专家最多评审 {L}{' '}
          份。自动分配回避申报人所在单位和专家声明回避的单位，并均衡各专家的评审量；已分配的保留不变。
        </Typography.Paragraph>
      </Card>

      <Card
        title="申报与评审专家"
        extra={
          <Input.Search
            aria-label="搜索申报"
            placeholder="申报名称或推荐单位"
            allowClear
            onSearch={(value) => setKeyword(value.trim())}
            style={{ width: 240 }}
          />
        }
      >
        <Table<Declaration>
          size="small"
          rowKey="id"
          loading={view.isPending}
          dataSource={shownDeclarations}
          pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (n) => `共 ${n} 份` }}
          locale={{ emptyText: <EmptyState description="该评审环节暂无申报" /> }}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: '申报名称',
              dataIndex: 'title',
              width: 240,
              render: (_, d) => <Link to={`/projectDetail?id=${d.id}`}>{d.title}</Link>,
            },
            { title: '推荐单位', dataIndex: 'unitName', width: 180, render: (u: string) => u || '—' },
            {
              title: '评审专家',
              key: 'experts',
              render: (_, d) => <ExpertsCell declaration={d} canAssign={canAssign} onChanged={refresh} />,
            },
            {
              title: '已分配',
              key: 'count',
              width: 90,
              render: (_, d) => (
                <Typography.Text type={d.experts.length < k ? 'danger' : undefined}>
                  {d.experts.length} / {k}
                </Typography.Text>
              ),
            },
            ...(canAssign
              ? [
                  {
                    title: '操作',
                    key: 'op',
                    width: 100,
                    render: (_: unknown, d: Declaration) => (
                      <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setAdding(d)}>
                        添加专家
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card
            title="评审专家"
            extra={
              <Input.Search
                aria-label="搜索专家"
                placeholder="姓名或单位"
                allowClear
                onSearch={(value) => setExpertKeyword(value.trim())}
                style={{ width: 200 }}
              />
            }
          >
            <Table<Expert>
              size="small"
              rowKey="userId"
              loading={view.isPending}
              dataSource={shownExperts}
              pagination={{ defaultPageSize: 10, showSizeChanger: true, showTotal: (n) => `共 ${n} 位` }}
              locale={{ emptyText: <EmptyState description="没有评审专家，请先为用户添加评审人或专家身份" /> }}
              columns={[
                { title: '专家', dataIndex: 'name', width: 120 },
                { title: '单位', dataIndex: 'unitName', render: (u: string) => u || '—' },
                { title: '评审量', key: 'load', width: 220, render: (_, e) => <LoadBar load={e.load} max={L} /> },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title="各专家评审量">
            {experts.length === 0 ? (
              <Empty description="暂无专家" />
            ) : (
              <Chart
                label="各专家的评审量"
                option={barOption(shownExperts.slice(0, 30).map((e) => ({ label: e.name, count: e.load })))}
                height={Math.max(160, Math.min(30, shownExperts.length) * 32)}
              />
            )}
          </Card>
        </Col>
      </Row>

      <AddExpertDialog
        project={project}
        stage={stage}
        declaration={adding}
        experts={experts}
        max={L}
        onClose={() => setAdding(null)}
        onAdded={refresh}
      />

      <Modal
        open={auto !== null}
        title="自动分配结果"
        onCancel={() => setAuto(null)}
        footer={
          <Button type="primary" onClick={() => setAuto(null)}>
            知道了
          </Button>
        }
        width={640}
      >
        {auto && (
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Alert
              type={auto.uncovered.length ? 'warning' : 'success'}
              showIcon
              message={`本次分配 ${auto.assigned} 人次${auto.uncovered.length ? `，${auto.uncovered.length} 份申报的专家仍不足` : '，所有申报的评审专家已满'}`}
            />
            {auto.uncovered.length > 0 && (
              <Table
                size="small"
                rowKey="declarationId"
                pagination={false}
                dataSource={auto.uncovered}
                columns={[
                  { title: '申报名称', dataIndex: 'title' },
                  { title: '还缺', dataIndex: 'missing', width: 70, render: (n: number) => `${n} 位` },
                  { title: '原因', dataIndex: 'reason' },
                ]}
              />
            )}
          </Space>
        )}
      </Modal>
    </Space>
  );
}
