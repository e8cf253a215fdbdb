import { fenToYuan, type TOrderStats } from '@shetuan/shared/payments';
import type { EChartsOption } from 'echarts';
import { filterParams, type OrderFilters } from './helpers';

/** The lists that show statistics above them (付款订单 has none). */
export type TStatsScope = 'collection' | 'operation';

/** The statistics' query: the list's filters and its keyword, empty ones left out. */
export function statsParams(filters: OrderFilters, keyword: string): Record<string, string | number> {
  const out = filterParams(filters);
  const k = keyword.trim();
  if (k) out.keyword = k;
  return out;
}

const yuan = (fen: number) => Number(fenToYuan(fen));
const yuanAxis = (v: number) => (v >= 10_000 ? `${v / 10_000}万` : String(v));
const yuanTip = (v: unknown) => `¥${Number(v).toFixed(2)}`;

/** Orders by status as a ring: each status's share of the orders. */
export function statusOption(byStatus: TOrderStats['byStatus'], compact: boolean): EChartsOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 笔（{d}%）' },
    legend: compact ? { bottom: 0, type: 'scroll' } : { orient: 'vertical', right: 0, top: 'middle', type: 'scroll' },
    series: [
      {
        type: 'pie',
        name: '订单数',
        radius: ['40%', '68%'],
        center: compact ? ['50%', '42%'] : ['38%', '50%'],
        label: { show: false },
        data: byStatus.filter((s) => s.orders > 0).map((s) => ({ name: s.statusName, value: s.orders })),
      },
    ],
  };
}

/** Money received by payment method, in yuan, as horizontal bars. */
export function methodOption(byMethod: TOrderStats['byMethod']): EChartsOption {
  const items = byMethod.filter((m) => m.paidFen > 0 || m.orders > 0);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: yuanTip },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', axisLabel: { formatter: yuanAxis } },
    yAxis: { type: 'category', data: items.map((m) => m.methodName || '未选择'), inverse: true },
    series: [{ type: 'bar', name: '已支付', data: items.map((m) => yuan(m.paidFen)), barMaxWidth: 24 }],
  };
}

/** Money received by month of payment, in yuan. */
export function paidMonthsOption(months: TOrderStats['months'], compact: boolean): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: yuanTip },
    grid: { left: 8, right: compact ? 8 : 16, top: 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: months.map((m) => m.month),
      axisLabel: { formatter: (v: string) => `${Number(v.slice(5))}月`, hideOverlap: true },
    },
    yAxis: { type: 'value', axisLabel: { formatter: yuanAxis } },
    series: [{ type: 'bar', name: '已支付', data: months.map((m) => yuan(m.paidFen)), barMaxWidth: 24 }],
  };
}
