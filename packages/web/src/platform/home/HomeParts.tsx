import { RightOutlined } from '@ant-design/icons';
import { NO_TODOS, type THomeFigure, type THomeSeries, type THomeTodo } from '@shetuan/shared/home';
import { Alert, Card, Col, Row, Skeleton, Statistic, Typography, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSessionInfo } from '../auth/api';
import { Chart } from '../charts/Chart';
import { useTenant } from '../tenant';
import { CountUp } from '../widgets/CountUp';
import { EmptyState } from '../widgets/EmptyState';
import { yuan } from './api';

/**
 * The greeting of the home pages: the person's name, the organisation and the identity they work
 * as. The console's browser specs wait for its heading (您好，…) as the sign of a finished login.
 */
export function Greeting({ extra }: { extra?: ReactNode }) {
  const domainTenant = useTenant();
  const info = useSessionInfo();
  // The tenant the session works in (a chosen society, or the one acted as), else the domain's.
  const tenant = info.data ?? domainTenant;
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {info.data ? `您好，${info.data.name}` : '您好'}
      </Typography.Title>
      <Typography.Text type="secondary">
        欢迎使用{tenant.companyName}管理后台
        {info.data?.identity
          ? `，当前身份：${info.data.identity.identityName}（${info.data.identity.companyName}）`
          : ''}
      </Typography.Text>
      {extra && <div style={{ marginTop: 12 }}>{extra}</div>}
    </Card>
  );
}

/** A section of a home page: its heading (for the page's outline and screen readers) and content. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `home-${title}`;
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={4} id={id} style={{ margin: '0 0 12px' }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** Loading and failure of a home page's data. */
export function HomeState({ loading, failed }: { loading: boolean; failed: boolean }) {
  if (failed) return <Alert type="warning" showIcon message="首页数据加载失败，请稍后刷新重试" />;
  return loading ? <Skeleton active paragraph={{ rows: 3 }} /> : null;
}

/**
 * The to-dos that have something waiting, each a card that opens the page handling them; 还没有待办事项
 * when none has. Cards stack on a phone.
 */
export function TodoCards({ todos }: { todos: THomeTodo[] }) {
  const { token } = theme.useToken();
  const waiting = todos.filter((t) => t.count > 0);
  if (waiting.length === 0)
    return (
      <Card>
        <EmptyState description={NO_TODOS} />
      </Card>
    );
  return (
    <Row gutter={[12, 12]}>
      {waiting.map((t) => (
        <Col key={t.key} xs={24} sm={12} lg={8} xxl={6}>
          <Link to={t.path} style={{ display: 'block', height: '100%' }}>
            <Card hoverable size="small" style={{ height: '100%' }}>
              <Typography.Text>{t.label}</Typography.Text>
              <div style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 8 }}>
                <Typography.Text strong style={{ fontSize: 28, lineHeight: '40px' }}>
                  {t.count}
                  <Typography.Text type="secondary" style={{ fontSize: 14, marginInlineStart: 4 }}>
                    项
                  </Typography.Text>
                </Typography.Text>
                <span style={{ color: token.colorLink, whiteSpace: 'nowrap' }}>
                  去处理 <RightOutlined aria-hidden />
                </span>
              </div>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}

/** The unit's key figures as statistic cards, each with a link to its page. */
export function FigureCards({ figures }: { figures: THomeFigure[] }) {
  return (
    <Row gutter={[12, 12]}>
      {figures.map((f) => (
        <Col key={f.key} xs={12} md={8} xl={6}>
          <Card size="small" style={{ height: '100%' }}>
            <Statistic
              title={f.label}
              value={f.value}
              suffix={f.unit === 'count' ? f.suffix : undefined}
              formatter={(v) =>
                f.unit === 'fen' ? (
                  <span style={{ overflowWrap: 'anywhere' }}>{yuan(Number(v))}</span>
                ) : (
                  <CountUp value={Number(v)} />
                )
              }
              valueStyle={{ fontSize: 22 }}
            />
            {f.path && (
              <Link to={f.path} style={{ fontSize: 12 }} aria-label={`查看详情：${f.label}`}>
                查看详情
              </Link>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function seriesOption(s: THomeSeries): EChartsOption {
  const money = s.unit === 'fen';
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: s.points.map((p) => p.label) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: s.label,
        barMaxWidth: 24,
        data: s.points.map((p) => (money ? p.value / 100 : p.value)),
      },
    ],
  };
}

/** A module's series as a small bar chart; 暂无数据 when every point is zero. */
export function SeriesCard({ series, height }: { series: THomeSeries; height: number }) {
  const empty = series.points.every((p) => p.value === 0);
  return (
    <Card size="small" title={series.label} styles={{ body: { minHeight: 120 } }}>
      {empty ? <EmptyState /> : <Chart label={series.label} option={seriesOption(series)} height={height} />}
    </Card>
  );
}
