import { FLOW_SCOPES, fenToYuan, type TFlow, type TFlowScope, ZFlowQuery } from '@shetuan/shared/payments';
import { z } from 'zod';
import type { ExcelColumn } from '../../platform/http/excel';
import { exportPagesToFile } from '../../platform/jobs/export';
import type { JobHandler } from '../../platform/jobs/registry';
import { jobViewer } from './payees';
import { listFlows } from './wallet';

export const FLOWS_EXPORT_JOB = 'payments.flows-export';

const SCOPE_TITLES: Record<TFlowScope, string> = { payee: '支付流水', operator: '运营流水' };

const COLUMNS: ExcelColumn<TFlow>[] = [
  { header: '时间', width: 20, value: (r) => new Date(r.at) },
  { header: '账户', width: 18, value: (r) => r.accountName },
  { header: '收入/支出', width: 10, value: (r) => r.direction },
  { header: '金额（元）', width: 12, value: (r) => fenToYuan(Math.abs(r.amountFen)) },
  { header: '记账金额（元）', width: 14, value: (r) => fenToYuan(r.amountFen) },
  { header: '订单号', width: 24, value: (r) => r.orderNo },
  { header: '订单标题', width: 28, value: (r) => r.orderTitle },
  { header: '摘要', width: 30, value: (r) => r.memo },
  { header: '凭证号', width: 28, value: (r) => r.txn },
];

const ZPayload = z.object({
  scope: z.enum(FLOW_SCOPES),
  query: ZFlowQuery.partial().default({}),
});

/** 支付流水 and 运营流水 to Excel, in the background, as the lists filter them. */
export const walletJobs: Record<string, JobHandler> = {
  [FLOWS_EXPORT_JOB]: async (ctx) => {
    const { scope, query } = ZPayload.parse(ctx.payload);
    const title = SCOPE_TITLES[scope];
    const { payee } = await ctx.db.withTenant(ctx.tenantId, (tx) =>
      jobViewer(tx, ctx.tenantId, ctx.userId, ctx.payload),
    );
    return exportPagesToFile(ctx, {
      fileName: `${title}.xlsx`,
      sheet: title,
      columns: COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) =>
          listFlows(tx, ctx.tenantId, scope, payee, { ...ZFlowQuery.parse(query), current, pageSize }),
        ),
      doneText: (rows) => `${title}（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
};
