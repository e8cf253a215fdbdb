import { PrinterOutlined } from '@ant-design/icons';
import type { TProject, TProjectReport } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { Chart } from '../../../platform/charts/Chart';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { projectKeys } from '../api';
import { fmtTime } from '../applicant/DeclarationParts';
import { scoreText } from '../creator/flow-helpers';
import { screensApi } from '../screens-api';
import { ProjectScreen, stackedBarOption } from '../stats/StatsParts';

type ResultRow = TProjectReport['results'][number];

/**
 * /related-report 项目评审报告: a project's review as one printable report — the call, the figures,
 * what happened at each stage (a funnel chart), the expert rounds with their weights, and the
 * ranked results with each round's figure (多轮评审) and the combined score.
 */
export default function ProjectReportPage() {
  return (
    <ProjectScreen accept={() => true} empty="暂无已发布的项目">
      {(project) => <ProjectReport project={project} />}
    </ProjectScreen>
  );
}

function ProjectReport({ project }: { project: TProject }) {
  const report = useQuery({
    queryKey: [...projectKeys.project(project.id), 'report'],
    queryFn: () => screensApi.projectReport(project.id),
  });
  if (report.isError) return <Result status="warning" title={report.error.message} />;
  const r = report.data;
  if (!r)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  const experts = r.rounds.reduce((n, x) => Math.max(n, x.experts), 0);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <div className="no-print">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印报告
        </Button>
      </div>
      <Card className="print-sheet">
        <article aria-label="项目评审报告">
          <Typography.Title level={3} style={{ textAlign: 'center' }}>
            {r.name}评审报告
          </Typography.Title>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 4 }}
            items={[
              { key: 'status', label: '项目状态', children: r.statusName },
              { key: 'published', label: '发布时间', children: fmtTime(r.publishedAt) },
              { key: 'open', label: '申报开始', children: r.openAt ? fmtTime(r.openAt) : '发布即开始' },
              { key: 'close', label: '申报截止', children: r.closeAt ? fmtTime(r.closeAt) : '不限' },
            ]}
          />
          <Row gutter={[16, 16]} style={{ margin: '16px 0' }}>
            {[
              { title: '申报数', value: r.total },
              { title: '已提交', value: r.submitted },
              { title: '推荐单位', value: r.units },
              { title: '评审专家（人）', value: experts },
              { title: '已有结果', value: r.results.length },
            ].map((s) => (
              <Col key={s.title} xs={12} md={8} xl={4}>
                <Statistic title={s.title} value={s.value} />
              </Col>
            ))}
          </Row>
          <Typography.Title level={5}>各环节情况</Typography.Title>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Table
                size="small"
                bordered
                rowKey="index"
                pagination={false}
                dataSource={r.stages}
                scroll={{ x: 'max-content' }}
                columns={[
                  { title: '环节', dataIndex: 'name', render: (v: string, s) => `${s.index + 1}. ${v}` },
                  { title: '进入', dataIndex: 'reached', align: 'right' },
                  { title: '通过', dataIndex: 'passed', align: 'right' },
                  { title: '退回', dataIndex: 'returned', align: 'right' },
                  { title: '未通过', dataIndex: 'rejected', align: 'right' },
                  { title: '办理中', dataIndex: 'waiting', align: 'right' },
                ]}
              />
            </Col>
            <Col xs={24} xl={12}>
              <Chart
                label="各环节的申报去向"
                height={Math.max(180, 60 + r.stages.length * 40)}
                option={stackedBarOption(
                  r.stages.map((s) => s.name),
                  [
                    { name: '通过', data: r.stages.map((s) => s.passed), color: '#52c41a' },
                    { name: '办理中', data: r.stages.map((s) => s.waiting), color: '#1677ff' },
                    { name: '退回', data: r.stages.map((s) => s.returned), color: '#faad14' },
                    { name: '未通过', data: r.stages.map((s) => s.rejected), color: '#ff4d4f' },
                  ],
                )}
              />
            </Col>
          </Row>
          {r.rounds.length > 0 && (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                专家评审
              </Typography.Title>
              <Table
                size="small"
                bordered
                rowKey="index"
                pagination={false}
                dataSource={r.rounds}
                scroll={{ x: 'max-content' }}
                columns={[
                  { title: '评审轮次', dataIndex: 'name' },
                  {
                    title: '评审方式',
                    dataIndex: 'mode',
                    render: (m: string) => (m === 'score' ? '评分制' : '审批制'),
                  },
                  { title: '专家数', dataIndex: 'experts', align: 'right' },
                  { title: '分配', dataIndex: 'assigned', align: 'right' },
                  { title: '已提交评审', dataIndex: 'submitted', align: 'right' },
                  ...(r.rounds.length > 1 ? [{ title: '成绩权重', dataIndex: 'weight', align: 'right' as const }] : []),
                ]}
              />
            </>
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            评审结果
          </Typography.Title>
          <Results report={r} />
          <Typography.Paragraph style={{ textAlign: 'right', marginTop: 16, color: '#595959' }}>
            生成时间：{fmtTime(r.generatedAt)}
          </Typography.Paragraph>
        </article>
      </Card>
    </Space>
  );
}

function Results({ report: r }: { report: TProjectReport }) {
  const many = r.rounds.length > 1;
  return (
    <Table<ResultRow>
      size="small"
      bordered
      rowKey="declarationId"
      pagination={r.results.length > 50 ? { pageSize: 50 } : false}
      dataSource={r.results}
      locale={{ emptyText: <EmptyState description="尚未发布评审结果" /> }}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '排名', dataIndex: 'rank', width: 60, align: 'center', render: (v: number | null) => v ?? '—' },
        { title: '申报名称', dataIndex: 'title' },
        { title: '申报人', dataIndex: 'applicantName', width: 100 },
        { title: '推荐单位', dataIndex: 'unitName', render: (v: string) => v || '—' },
        ...(many
          ? r.rounds.map((round) => ({
              title: round.name,
              key: `round-${round.index}`,
              align: 'right' as const,
              render: (_: unknown, x: ResultRow) => scoreText(x.roundScores[String(round.index)]),
            }))
          : []),
        {
          title: many ? '综合得分' : '得分',
          dataIndex: 'score',
          align: 'right',
          render: (v: number | null) => scoreText(v),
        },
        {
          title: '结果',
          key: 'result',
          render: (_, x) =>
            x.result === 'not_approved' ? <Tag>未立项</Tag> : <Tag color="success">{x.grade ?? '已立项'}</Tag>,
        },
      ]}
    />
  );
}
