import { FileTextOutlined } from '@ant-design/icons';
import { PROJECT_PAGES as P, ProjectStatus, type TProject, type TProjectStatistics } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Progress, Row, Space, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { barOption, Chart, dailyOption } from '../../../platform/charts/Chart';
import { CountUp } from '../../../platform/widgets/CountUp';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { projectKeys, statsApi } from '../api';
import { expertRounds } from '../creator/flow-helpers';
import { barsHeight, ChartCard, columnOption, ProjectScreen, pieOption } from './StatsParts';

/**
 * /projectStatistics (项目统计): one project's figures — declarations and submissions, the review
 * progress — and its charts: by status, per day, the top units, the score bands and the results.
 */
export default function StatisticsPage() {
  return (
    <ProjectScreen accept={() => true} empty="暂无已发布的项目">
      {(project) => <Statistics project={project} />}
    </ProjectScreen>
  );
}

/**
 * Every day of the chart, the days without a submission at 0 (a line, not scattered dots): from the
 * first submission (two weeks at least, a year at most) to the last, or to today while the
 * project is open.
 */
function everyDay(days: TProjectStatistics['daily'], open: boolean): TProjectStatistics['daily'] {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return [];
  const counts = new Map(days.map((d) => [d.day, d.count]));
  const end = open && dayjs().isAfter(last.day, 'day') ? dayjs() : dayjs(last.day);
  let day = dayjs(first.day);
  if (day.isAfter(end.subtract(13, 'day'))) day = end.subtract(13, 'day');
  if (day.isBefore(end.subtract(365, 'day'))) day = end.subtract(365, 'day');
  const out: TProjectStatistics['daily'] = [];
  while (!day.isAfter(end, 'day')) {
    const key = day.format('YYYY-MM-DD');
    out.push({ day: key, count: counts.get(key) ?? 0 });
    day = day.add(1, 'day');
  }
  return out;
}

function Statistics({ project }: { project: TProject }) {
  const figures = useQuery({
    queryKey: [...projectKeys.project(project.id), 'statistics'],
    queryFn: () => statsApi.figures(project.id),
  });
  const f = figures.data;
  const scored = expertRounds(project.flow).some((r) => r.stage.mode === 'score');
  const reviews = f?.reviews ?? { assigned: 0, submitted: 0 };
  const progress = reviews.assigned > 0 ? Math.round((reviews.submitted / reviews.assigned) * 100) : null;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <div>
        <Link to={`/related-report?projectId=${project.id}`}>
          <FileTextOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
          项目评审报告（可打印）
        </Link>
      </div>
      {figures.isError && <Alert type="error" showIcon message="统计数据加载失败，请稍后重试" />}
      <Row gutter={[16, 16]}>
        <Col xs={12} md={8}>
          <Card>
            <Statistic
              title="申报总数"
              value={f?.total ?? 0}
              loading={figures.isPending}
              formatter={(v) => <CountUp value={Number(v)} />}
              suffix="份"
            />
            <Typography.Text type="secondary">含草稿与已撤回</Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card>
            <Statistic
              title="已提交"
              value={f?.submitted ?? 0}
              loading={figures.isPending}
              formatter={(v) => <CountUp value={Number(v)} />}
              suffix="份"
            />
            <Link to={`${P.cumulative.path}?projectId=${project.id}`}>查看已提交的申报</Link>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title="评审进度"
              value={progress ?? '—'}
              suffix={progress === null ? undefined : '%'}
              loading={figures.isPending}
            />
            {progress === null ? (
              <Typography.Text type="secondary">尚未分配评审</Typography.Text>
            ) : (
              <Progress
                aria-label="评审进度"
                percent={progress}
                size="small"
                format={() => `${reviews.submitted}/${reviews.assigned}`}
                style={{ marginBottom: 0 }}
              />
            )}
          </Card>
        </Col>
      </Row>
      {f && f.total === 0 ? (
        <Card>
          <EmptyState description="该项目还没有申报，暂无统计" />
        </Card>
      ) : (
        f && <Charts figures={f} scored={scored} open={project.status === ProjectStatus.OPEN} />
      )}
    </Space>
  );
}

function Charts({ figures: f, scored, open }: { figures: TProjectStatistics; scored: boolean; open: boolean }) {
  const days = everyDay(f.daily, open);
  const units = f.byUnit.map((u) => ({ label: u.unitName || '未填写推荐单位', count: u.count }));
  const bands = f.scoreBands.map((b) => ({ label: b.band, count: b.count }));
  const grades = f.byGrade.map((g) => ({ label: g.grade, count: g.count }));
  const scoredAny = bands.some((b) => b.count > 0);
  // The first row's two charts side by side at one height.
  const firstRow = Math.max(240, barsHeight(f.byStatus.length));
  const secondRow = Math.max(260, barsHeight(units.length));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ChartCard title="申报状态">
          <Chart label="各状态的申报数" option={barOption(f.byStatus)} height={firstRow} />
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard title="每日提交" empty={days.length === 0} emptyText="暂无提交">
          <Chart label="每日提交的申报数" option={dailyOption(days)} height={firstRow} />
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard title="推荐单位前十" empty={units.length === 0} emptyText="暂无推荐单位">
          <Chart label="申报数最多的十个推荐单位" option={barOption(units)} height={secondRow} />
        </ChartCard>
      </Col>
      {scored && bands.length > 0 && (
        <Col xs={24} lg={12}>
          <ChartCard title="得分分布" empty={!scoredAny} emptyText="暂无得分">
            <Chart label="综合得分的分布" option={columnOption(bands)} height={secondRow} />
          </ChartCard>
        </Col>
      )}
      {grades.length > 0 && (
        <Col xs={24} lg={12}>
          <ChartCard title="评审结果">
            <Chart label="评审结果（立项等级）的分布" option={pieOption(grades)} height={260} />
          </ChartCard>
        </Col>
      )}
    </Row>
  );
}
