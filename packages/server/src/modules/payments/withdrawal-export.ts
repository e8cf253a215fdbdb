import {
  fenToYuan,
  type TWithdrawal,
  type TWithdrawalScope,
  WITHDRAWAL_SCOPES,
  ZWithdrawalQuery,
} from '@shetuan/shared/payments';
import { z } from 'zod';
import type { ExcelColumn } from '../../platform/http/excel';
import { exportPagesToFile } from '../../platform/jobs/export';
import type { JobHandler } from '../../platform/jobs/registry';
import { jobViewer } from './payees';
import { listWithdrawals } from './withdrawals';

export const WITHDRAWALS_EXPORT_JOB = 'payments.withdrawals-export';

const SCOPE_TITLES: Record<TWithdrawalScope, string> = { mine: '我的提现', review: '提现记录' };

const COLUMNS: ExcelColumn<TWithdrawal>[] = [
  { header: '提现单号', width: 24, value: (r) => r.withdrawNo },
  { header: '收款方', width: 24, value: (r) => r.payeeName },
  { header: '申请时间', width: 20, value: (r) => new Date(r.appliedAt) },
  { header: '申请人', width: 12, value: (r) => r.appliedBy },
  { header: '提现金额（元）', width: 14, value: (r) => fenToYuan(r.amountFen) },
  { header: '服务费（元）', width: 12, value: (r) => fenToYuan(r.feeFen) },
  { header: '实际到账（元）', width: 14, value: (r) => fenToYuan(r.netFen) },
  { header: '开户名', width: 24, value: (r) => r.accountName },
  { header: '开户银行', width: 20, value: (r) => `${r.bankName}${r.branch ? ` ${r.branch}` : ''}` },
  { header: '银行账号', width: 24, value: (r) => r.accountNo },
  { header: '状态', width: 10, value: (r) => r.statusName },
  { header: '打款流水号', width: 24, value: (r) => r.bankRef },
  { header: '驳回原因', width: 24, value: (r) => r.reason },
  { header: '处理人', width: 12, value: (r) => r.handledBy },
  { header: '处理时间', width: 20, value: (r) => (r.handledAt ? new Date(r.handledAt) : '') },
  { header: '备注', width: 24, value: (r) => r.remark },
];

const ZPayload = z.object({
  scope: z.enum(WITHDRAWAL_SCOPES),
  query: ZWithdrawalQuery.partial().default({}),
});

/** 我的提现 and 提现记录 to Excel, in the background, as the lists filter them. */
export const withdrawalJobs: Record<string, JobHandler> = {
  [WITHDRAWALS_EXPORT_JOB]: async (ctx) => {
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
          listWithdrawals(tx, ctx.tenantId, scope, payee, { ...ZWithdrawalQuery.parse(query), current, pageSize }),
        ),
      doneText: (rows) => `${title}（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
};
