import type { TOrderStats } from '@shetuan/shared/payments';
import { describe, expect, it } from 'vitest';
import { methodOption, paidMonthsOption, statsParams, statusOption } from './stats';

const byStatus: TOrderStats['byStatus'] = [
  { status: 0, statusName: '待支付', orders: 2, amountFen: 40_000 },
  { status: 2, statusName: '已支付', orders: 3, amountFen: 120_000 },
  { status: 3, statusName: '已取消', orders: 0, amountFen: 0 },
];

describe('the order statistics above 收款订单 and 订单运营', () => {
  it('asks for what the list shows: its filters and its keyword, empty ones left out', () => {
    expect(statsParams({}, '  ')).toEqual({});
    expect(statsParams({ status: 0, method: 'dev', from: '2026-01-01', to: '' }, ' 会费 ')).toEqual({
      status: 0,
      method: 'dev',
      from: '2026-01-01',
      keyword: '会费',
    });
  });

  it('draws the statuses that have orders, and money in yuan', () => {
    const ring = statusOption(byStatus, false) as { series: { data: { name: string; value: number }[] }[] };
    expect(ring.series[0]?.data).toEqual([
      { name: '待支付', value: 2 },
      { name: '已支付', value: 3 },
    ]);
    const bars = methodOption([
      { method: 'dev', methodName: '模拟支付（开发环境）', orders: 3, paidFen: 120_050 },
      { method: 'alipay', methodName: '支付宝', orders: 0, paidFen: 0 },
    ]) as { yAxis: { data: string[] }; series: { data: number[] }[] };
    expect(bars.yAxis.data).toEqual(['模拟支付（开发环境）']);
    expect(bars.series[0]?.data).toEqual([1200.5]);
    const months = paidMonthsOption([{ month: '2026-03', orders: 1, paidFen: 20_000 }], true) as {
      xAxis: { data: string[] };
      series: { data: number[] }[];
    };
    expect(months.xAxis.data).toEqual(['2026-03']);
    expect(months.series[0]?.data).toEqual([200]);
  });
});
