import { InvoiceStatus, OrderStatus, PAYMENT_PAGES as P, WithdrawalStatus } from '@shetuan/shared/payments';
import type { HomeContribution } from '../../platform/modules';
import { callerPayee, payeeAccount } from './payees';
import * as repo from './repository';
import { lastMonths } from './wallet';

/** 'YYYY-MM' as a chart's axis reads it: 11月. */
const monthLabel = (month: string) => `${Number(month.slice(5))}月`;

/**
 * The payments module on the home pages (platform/home): the person's orders to pay (个人首页);
 * for the caller's payee (the tenant itself, or its organisation), vouchers to review (收款订单), invoice applications to issue (开票管理) and
 * withdrawals to pay out (提现记录); this month's income and the last twelve months' (钱包: the
 * ledger's payee account, as the wallet reads it).
 */
export const paymentsHome: HomeContribution = {
  todos: [
    {
      key: 'payments.to-pay',
      home: 'personal',
      label: '待支付的订单',
      path: P.mine.path,
      permission: P.mine.path,
      count: (tx, caller, now) => repo.countOrdersToPay(tx, caller.tenantId, caller.userId, now),
    },
    {
      key: 'payments.vouchers',
      home: 'unit',
      label: '待审核的转账凭证',
      path: P.collection.path,
      permission: P.collection.audit,
      count: async (tx, caller) =>
        repo.countCollectionOrders(tx, caller.tenantId, OrderStatus.REVIEW, (await callerPayee(tx, caller)).orgId),
    },
    {
      key: 'payments.invoices',
      home: 'unit',
      label: '待开票的申请',
      path: P.invoiceIssue.path,
      permission: P.invoiceIssue.issue,
      count: async (tx, caller) =>
        repo.countIssueInvoices(tx, caller.tenantId, InvoiceStatus.PENDING, (await callerPayee(tx, caller)).orgId),
    },
    {
      key: 'payments.withdrawals',
      home: 'unit',
      label: '待打款的提现',
      path: P.withdrawals.path,
      permission: P.withdrawals.approve,
      // Only the tenant's operators pay withdrawals out: an organisation's administrator has none to do.
      count: async (tx, caller) =>
        (await callerPayee(tx, caller)).operator
          ? repo.countWithdrawals(tx, caller.tenantId, WithdrawalStatus.WAITING)
          : 0,
    },
  ],
  figures: [
    {
      key: 'payments.income-month',
      label: '本月收入',
      unit: 'fen',
      path: P.wallet.path,
      permission: P.wallet.path,
      value: async (tx, caller, now) => {
        const { since } = lastMonths(now, 1);
        const account = payeeAccount((await callerPayee(tx, caller)).orgId);
        const rows = await repo.walletMonths(tx, caller.tenantId, since, account);
        return rows.reduce((sum, r) => sum + r.creditFen, 0);
      },
    },
  ],
  series: [
    {
      key: 'payments.income-months',
      label: '近12个月收入（元）',
      unit: 'fen',
      permission: P.wallet.path,
      points: async (tx, caller, now) => {
        const { months, since } = lastMonths(now);
        const account = payeeAccount((await callerPayee(tx, caller)).orgId);
        const found = new Map((await repo.walletMonths(tx, caller.tenantId, since, account)).map((r) => [r.month, r]));
        return months.map((m) => ({ label: monthLabel(m), value: found.get(m)?.creditFen ?? 0 }));
      },
    },
  ],
};
