import { fenToYuan, INVOICE_SCOPES, type TInvoice, type TInvoiceScope, ZInvoiceQuery } from '@shetuan/shared/payments';
import { z } from 'zod';
import type { ExcelColumn } from '../../platform/http/excel';
import { exportPagesToFile } from '../../platform/jobs/export';
import type { JobHandler } from '../../platform/jobs/registry';
import { listInvoices } from './invoices';
import { jobViewer } from './payees';

export const INVOICES_EXPORT_JOB = 'payments.invoices-export';

const time = (iso: string | null) => (iso ? new Date(iso) : null);
const SCOPE_TITLES: Record<TInvoiceScope, string> = { mine: '我的发票', issue: '开票管理', operation: '开票运营' };
/** Columns only the payee's list has (the payer knows who they are). */
const PAYEE_ONLY = new Set(['付款人', '手机号']);

const COLUMNS: ExcelColumn<TInvoice>[] = [
  { header: '订单号', width: 24, value: (r) => r.orderNo },
  { header: '订单标题', width: 28, value: (r) => r.orderTitle },
  { header: '付款人', width: 14, value: (r) => r.payerName },
  { header: '手机号', width: 14, value: (r) => r.payerMobile },
  { header: '收款方', width: 20, value: (r) => r.payeeName },
  { header: '抬头类型', width: 10, value: (r) => r.titleTypeName },
  { header: '发票抬头', width: 28, value: (r) => r.title },
  { header: '纳税人识别号', width: 22, value: (r) => r.taxNo },
  { header: '发票类型', width: 12, value: (r) => r.invoiceTypeName },
  { header: '开票金额（元）', width: 14, value: (r) => fenToYuan(r.amountFen) },
  { header: '接收邮箱', width: 24, value: (r) => r.email },
  { header: '状态', width: 10, value: (r) => r.statusName },
  { header: '发票号码', width: 22, value: (r) => r.invoiceNo },
  { header: '驳回原因', width: 24, value: (r) => r.reason },
  { header: '申请时间', width: 20, value: (r) => time(r.appliedAt) },
  { header: '处理时间', width: 20, value: (r) => time(r.handledAt) },
];

const ZPayload = z.object({
  scope: z.enum(INVOICE_SCOPES),
  query: ZInvoiceQuery.partial().default({}),
});

/** 我的发票 and 开票管理 to Excel, in the background, as the lists filter them. */
export const invoiceJobs: Record<string, JobHandler> = {
  [INVOICES_EXPORT_JOB]: async (ctx) => {
    const { scope, query } = ZPayload.parse(ctx.payload);
    const title = SCOPE_TITLES[scope];
    const viewer = await ctx.db.withTenant(ctx.tenantId, (tx) => jobViewer(tx, ctx.tenantId, ctx.userId, ctx.payload));
    return exportPagesToFile(ctx, {
      fileName: `${title}.xlsx`,
      sheet: title,
      columns: scope === 'mine' ? COLUMNS.filter((c) => !PAYEE_ONLY.has(c.header)) : COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) =>
          listInvoices(tx, ctx.tenantId, scope, viewer, { ...ZInvoiceQuery.parse(query), current, pageSize }),
        ),
      doneText: (rows) => `${title}（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
};
