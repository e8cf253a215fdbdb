import { fenToYuan, LEDGER_ACCOUNTS, ledgerAccountName, PAYMENT_PAGES, type TWallet } from '@shetuan/shared/payments';
import type { EChartsOption } from 'echarts';

/** Each 流水 list's page (and its 导出 function point). */
export const FLOW_PAGES = { payee: PAYMENT_PAGES.payeeFlows, operator: PAYMENT_PAGES.operatorFlows } as const;

/** The accounts 运营流水 filters by. */
export const ACCOUNT_OPTIONS = LEDGER_ACCOUNTS.map((a) => ({ value: a, label: ledgerAccountName(a) }));

/** The tone of a line's direction: 收入 success, 支出 warning (the console's AA status colours). */
export const directionTone = (direction: string): string => (direction === '收入' ? 'success' : 'warning');

/** The 流水 filters as the query (and the export's body) takes them; empty ones left out. */
export interface FlowFilters {
  /** 收款方 (运营流水, operators): 0 the tenant itself, else an organisation: both sides of its movements. */
  payee?: number;
  /** YYYY-MM-DD, China time. */
  from?: string;
  to?: string;
  account?: string;
}
export function flowParams(f: FlowFilters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (f.payee !== undefined) out.payee = f.payee;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.account) out.account = f.account;
  return out;
}

/** The wallet's 12 months as two bar series in yuan: income and refunds. */
export function monthsOption(months: TWallet['months'], compact: boolean): EChartsOption {
  const yuan = (fen: number) => Number(fenToYuan(fen));
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => `¥${Number(v).toFixed(2)}`,
    },
    legend: { data: ['收入', '退款'], top: 0 },
    grid: { left: 8, right: compact ? 8 : 16, top: 32, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: months.map((m) => m.month),
      axisLabel: { formatter: (v: string) => `${Number(v.slice(5))}月`, interval: compact ? 1 : 0 },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => (v >= 10_000 ? `${v / 10_000}万` : String(v)) } },
    series: [
      { type: 'bar', name: '收入', data: months.map((m) => yuan(m.incomeFen)), barMaxWidth: 20 },
      { type: 'bar', name: '退款', data: months.map((m) => yuan(m.refundedFen)), barMaxWidth: 20 },
    ],
  };
}

/** True when the 12 months have nothing to draw. */
export const noMonths = (months: TWallet['months']): boolean =>
  months.every((m) => m.incomeFen === 0 && m.refundedFen === 0);
