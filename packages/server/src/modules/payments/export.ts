import { fenToYuan, type TOrder, type TOrderScope, ZOrderQuery } from '@shetuan/shared/payments';
import { z } from 'zod';
import type { ExcelColumn } from '../../platform/http/excel';
import { exportPagesToFile } from '../../platform/jobs/export';
import type { JobHandler } from '../../platform/jobs/registry';
import { jobViewer } from './payees';
import { expireOrder, listOrders, ORDER_TIMEOUT_JOB } from './service';

export const ORDERS_EXPORT_JOB = 'payments.orders-export';

const time = (iso: string | null) => (iso ? new Date(iso) : null);
const SCOPE_TITLES: Record<TOrderScope, string> = { mine: '付款订单', collection: '收款订单', operation: '订单运营' };

const COLUMNS: ExcelColumn<TOrder>[] = [
  { header: '订单号', width: 24, value: (r) => r.orderNo },
  { header: '标题', width: 30, value: (r) => r.title },
  { header: '类型', width: 12, value: (r) => r.bizTypeName },
  { header: '付款人', width: 14, value: (r) => r.payerName },
  { header: '手机号', width: 14, value: (r) => r.payerMobile },
  { header: '收款方', width: 20, value: (r) => r.payeeName },
  { header: '金额（元）', width: 12, value: (r) => fenToYuan(r.amountFen) },
  { header: '已退款（元）', width: 12, value: (r) => fenToYuan(r.refundedFen) },
  { header: '状态', width: 10, value: (r) => r.statusName },
  { header: '支付方式', width: 14, value: (r) => r.methodName },
  { header: '下单时间', width: 20, value: (r) => time(r.createdAt) },
  { header: '支付时间', width: 20, value: (r) => time(r.paidAt) },
];

const ZPayload = z.object({
  scope: z.enum(['mine', 'collection', 'operation']),
  query: ZOrderQuery.partial().default({}),
});

export const paymentJobs: Record<string, JobHandler> = {
  [ORDERS_EXPORT_JOB]: async (ctx) => {
    const { scope, query } = ZPayload.parse(ctx.payload);
    const title = SCOPE_TITLES[scope];
    const viewer = await ctx.db.withTenant(ctx.tenantId, (tx) => jobViewer(tx, ctx.tenantId, ctx.userId, ctx.payload));
    return exportPagesToFile(ctx, {
      fileName: `${title}.xlsx`,
      sheet: title,
      columns: scope === 'mine' ? COLUMNS.filter((c) => c.header !== '付款人' && c.header !== '手机号') : COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) =>
          listOrders(tx, ctx.tenantId, scope, viewer, { ...ZOrderQuery.parse(query), current, pageSize }),
        ),
      doneText: (rows) => `${title}（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
  /** An unpaid order's timeout (scheduled at its expiry when it is made). */
  [ORDER_TIMEOUT_JOB]: async (ctx) => {
    const orderId = z.number().int().parse(ctx.payload.orderId);
    await ctx.db.withTenant(ctx.tenantId, (tx) => expireOrder(tx, ctx.tenantId, ctx.config, orderId));
    return {};
  },
};
