import type { TOrderStats } from '@shetuan/shared/payments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Chart } from '../../platform/charts/Chart';
import { LinkButton } from '../../platform/components/LinkButton';
import { EmptyState } from '../../platform/widgets/EmptyState';
import { ordersApi, paymentKeys } from './api';
import { money, type OrderFilters } from './helpers';
import { useIsPhone } from './parts';
import { methodOption, paidMonthsOption, statsParams, statusOption, type TStatsScope } from './stats';

/** A figure: a count or an amount, and a line under it. */
function Figure({
  title,
  value,
  suffix,
  note,
  loading,
}: {
  title: string;
  value: string;
  suffix?: string;
  note?: string;
  loading: boolean;
}) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        title={title}
        value={value}
        suffix={suffix}
        loading={loading}
        valueStyle={{ fontSize: 20, overflowWrap: 'anywhere' }}
      />
      {note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      )}
    </Card>
  );
}

/** A chart in a card, or 暂无数据 when the figures are all zero. */
function ChartCard({
  title,
  label,
  empty,
  children,
}: {
  title: string;
  label: string;
  empty: boolean;
  children: (l: string) => React.ReactNode;
}) {
  return (
    <Card size="small" title={title} style={{ height: '100%' }} styles={{ body: { minHeight: 120 } }}>
      {empty ? <EmptyState /> : children(label)}
    </Card>
  );
}

/**
 * The figures above 收款订单 and 订单运营 for what the list shows (its keyword, 状态, 支付方式 and
 * 下单日期): 订单数, 订单金额, 已支付 and 已退款, and three charts — orders by status, money
 * received by payment method, and by month of payment. Phones see the charts on request (they
 * would push the list three screens down).
 */
export function OrderStats({
  scope,
  filters,
  keyword,
}: {
  scope: TStatsScope;
  filters: OrderFilters;
  keyword: string;
}) {
  const phone = useIsPhone();
  const [charts, setCharts] = useState<boolean | null>(null);
  const showCharts = charts ?? !phone;
  const params = useMemo(() => statsParams(filters, keyword), [filters, keyword]);
  const stats = useQuery({
    queryKey: paymentKeys.stats(scope, params),
    queryFn: () => ordersApi.stats(scope, params),
    placeholderData: keepPreviousData,
  });
  const s: TOrderStats | undefined = stats.data;
  const loading = stats.isPending;
  const height = phone ? 220 : 240;
  return (
    <section aria-label="订单统计" style={{ marginBottom: 16 }}>
      {stats.isError && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="订单统计加载失败，请稍后重试" />
      )}
      <Row gutter={[12, 12]}>
        <Col xs={12} lg={6}>
          <Figure
            title="订单数"
            value={s ? String(s.orders) : '—'}
            suffix={s ? '笔' : undefined}
            note="符合筛选条件的订单"
            loading={loading}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Figure title="订单金额" value={s ? money(s.amountFen) : '—'} note="各状态订单的金额合计" loading={loading} />
        </Col>
        <Col xs={12} lg={6}>
          <Figure
            title="已支付"
            value={s ? money(s.paidFen) : '—'}
            note={s ? `${s.paidOrders} 笔已支付订单` : undefined}
            loading={loading}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Figure
            title="已退款"
            value={s ? money(s.refundedFen) : '—'}
            note="已支付订单中退回的金额"
            loading={loading}
          />
        </Col>
        {s && phone && (
          <Col xs={24}>
            <LinkButton aria-expanded={showCharts} onClick={() => setCharts(!showCharts)}>
              {showCharts ? '收起图表' : '查看图表'}
            </LinkButton>
          </Col>
        )}
        {s && showCharts && (
          <>
            <Col xs={24} lg={8}>
              <ChartCard title="订单状态" label="各状态的订单数" empty={s.orders === 0}>
                {(label) => <Chart label={label} option={statusOption(s.byStatus, phone)} height={height} />}
              </ChartCard>
            </Col>
            <Col xs={24} lg={8}>
              <ChartCard title="支付方式" label="各支付方式的已支付金额（元）" empty={s.paidOrders === 0}>
                {(label) => <Chart label={label} option={methodOption(s.byMethod)} height={height} />}
              </ChartCard>
            </Col>
            <Col xs={24} lg={8}>
              <ChartCard title="每月已支付" label="每月的已支付金额（元）" empty={s.months.length === 0}>
                {(label) => <Chart label={label} option={paidMonthsOption(s.months, phone)} height={height} />}
              </ChartCard>
            </Col>
          </>
        )}
      </Row>
    </section>
  );
}
