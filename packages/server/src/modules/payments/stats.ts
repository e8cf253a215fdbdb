import {
  ORDER_STATUS_NAMES,
  PAY_KIND_NAMES,
  type TOrderScope,
  type TOrderStats,
  type TOrderStatsQuery,
  type TPayKind,
} from '@shetuan/shared/payments';
import type { Tx } from '../../platform/db';
import * as repo from './repository';
import { scopeFilter, type Viewer } from './service';
import { lastMonths } from './wallet';

/**
 * 订单统计 above 收款订单 and 订单运营: the list's filters, counted by state, by method and by month of
 * payment (the last 12, China time). Three grouped scans of the same index range as the list.
 */
export async function orderStats(
  tx: Tx,
  tenantId: number,
  scope: Exclude<TOrderScope, 'mine'>,
  viewer: Viewer,
  query: TOrderStatsQuery,
  now = new Date(),
): Promise<TOrderStats> {
  const { months, since } = lastMonths(now);
  const { payee, ...filter } = query;
  const s = await repo.orderStats(tx, tenantId, { ...filter, ...scopeFilter(scope, viewer, payee) }, since);
  const byStatus = s.byStatus
    .sort((a, b) => a.status - b.status)
    .map((r) => ({ ...r, statusName: ORDER_STATUS_NAMES[r.status] ?? String(r.status) }));
  const found = new Map(s.byMonth.map((r) => [r.month, r]));
  return {
    orders: byStatus.reduce((n, r) => n + r.orders, 0),
    amountFen: byStatus.reduce((n, r) => n + r.amountFen, 0),
    paidOrders: s.byMethod.reduce((n, r) => n + r.orders, 0),
    paidFen: s.byMethod.reduce((n, r) => n + r.paidFen, 0),
    refundedFen: s.byMethod.reduce((n, r) => n + r.refundedFen, 0),
    byStatus,
    byMethod: s.byMethod
      .sort((a, b) => b.paidFen - a.paidFen)
      .map((r) => ({
        method: r.method,
        methodName: r.method === 'dev' ? '模拟支付' : (PAY_KIND_NAMES[r.method as TPayKind] ?? (r.method || '未选择')),
        orders: r.orders,
        paidFen: r.paidFen,
      })),
    months: months.map((month) => ({
      month,
      orders: found.get(month)?.orders ?? 0,
      paidFen: found.get(month)?.paidFen ?? 0,
    })),
  };
}
