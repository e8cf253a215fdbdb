import { EXPERT_PAGES, type TExpertStatistics } from '@shetuan/shared/experts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Grid, Row, Space, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { barOption, Chart } from '../../../platform/charts/Chart';
import { CountUp } from '../../../platform/widgets/CountUp';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { expertKeys, expertsApi } from './api';
import { anyCount, confirmRate, monthlyOption, pieOption } from './helpers';

/** A chart's height for n horizontal bars. */
const barsHeight = (n: number) => Math.max(240, 48 + n * 36);
const bars = (items: TExpertStatistics['byDomain']) => items.map((i) => ({ label: i.name, count: i.value }));

/** A chart in a card; the empty state in its place when there is nothing to draw. */
function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Card size="small" title={title} styles={{ body: { minHeight: 120 } }}>
      {empty ? <EmptyState description="暂无数据" /> : children}
    </Card>
  );
}

/** A figure card: the number counting up, and a line under it. */
function Figure({
  title,
  value,
  suffix,
  loading,
  note,
}: {
  title: string;
  value: number | null;
  suffix?: string;
  loading: boolean;
  note?: ReactNode;
}) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        title={title}
        value={value ?? '—'}
        loading={loading}
        suffix={value === null ? undefined : suffix}
        formatter={value === null ? undefined : (v) => <CountUp value={Number(v)} />}
      />
      {note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      )}
    </Card>
  );
}

/**
 * /expertStatistics (专家统计): the library's figures — in the library, waiting, disabled, draws
 * and their confirmation rate — and charts by domain, label, title, gender, region and month.
 */
export default function StatisticsPage() {
  const figures = useQuery({ queryKey: expertKeys.statistics(), queryFn: expertsApi.statistics });
  const f = figures.data;
  const loading = figures.isPending;
  const rate = f ? confirmRate(f.draws) : null;
  const compact = !Grid.useBreakpoint().md;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {figures.isError && <Alert type="error" showIcon message="统计数据加载失败，请稍后重试" />}
      <Row gutter={[12, 12]}>
        <Col xs={12} sm={8} xl={4}>
          <Figure
            title="入库专家"
            value={f?.active ?? 0}
            suffix="人"
            loading={loading}
            note={<Link to={EXPERT_PAGES.library.path}>查看专家库</Link>}
          />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <Figure
            title="待审核"
            value={f?.pending ?? 0}
            suffix="人"
            loading={loading}
            note={<Link to={EXPERT_PAGES.audit.path}>前往审核</Link>}
          />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <Figure
            title="变更待审"
            value={f?.changesPending ?? 0}
            suffix="条"
            loading={loading}
            note="专家提交的信息变更"
          />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <Figure title="已停用" value={f?.disabled ?? 0} suffix="人" loading={loading} note="不参与遴选与评审" />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <Figure
            title="遴选次数"
            value={f?.draws.count ?? 0}
            suffix="次"
            loading={loading}
            note={f ? `共邀请 ${f.draws.invited} 人次` : undefined}
          />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <Figure
            title="确认率"
            value={rate}
            suffix="%"
            loading={loading}
            note={f ? `已确认 ${f.draws.confirmed}，已拒绝 ${f.draws.declined}` : undefined}
          />
        </Col>
      </Row>
      {f && (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <ChartCard title="按专业领域" empty={!anyCount(f.byDomain)}>
              <Chart
                label="各一级专业领域的入库专家数"
                option={barOption(bars(f.byDomain))}
                height={barsHeight(f.byDomain.length)}
              />
            </ChartCard>
          </Col>
          <Col xs={24} lg={12}>
            <ChartCard title="按标签" empty={!anyCount(f.byLabel)}>
              <Chart
                label="各标签的入库专家数"
                option={barOption(bars(f.byLabel))}
                height={barsHeight(f.byLabel.length)}
              />
            </ChartCard>
          </Col>
          <Col xs={24} lg={12}>
            <ChartCard title="按职称" empty={!anyCount(f.byTitle)}>
              <Chart label="入库专家的职称分布" option={pieOption(f.byTitle, compact)} height={compact ? 340 : 300} />
            </ChartCard>
          </Col>
          <Col xs={24} lg={12}>
            <ChartCard title="按性别" empty={!anyCount(f.byGender)}>
              <Chart label="入库专家的性别分布" option={pieOption(f.byGender, compact)} height={300} />
            </ChartCard>
          </Col>
          <Col xs={24} lg={12}>
            <ChartCard title="按地区" empty={!anyCount(f.byRegion)}>
              <Chart
                label="各地区的入库专家数"
                option={barOption(bars(f.byRegion))}
                height={barsHeight(f.byRegion.length)}
              />
            </ChartCard>
          </Col>
          <Col xs={24} lg={12}>
            <ChartCard title="每月新入库专家（近12个月）" empty={false}>
              <Chart label="近12个月每月新入库的专家数" option={monthlyOption(f.monthly)} height={240} />
            </ChartCard>
          </Col>
        </Row>
      )}
    </Space>
  );
}
