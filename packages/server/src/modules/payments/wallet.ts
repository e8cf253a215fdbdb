import type { TPage } from '@shetuan/shared';
import {
  ledgerAccountName,
  type TFlow,
  type TFlowQuery,
  type TFlowScope,
  type TWallet,
} from '@shetuan/shared/payments';
import type { Tx } from '../../platform/db';
import { listedPayee, type Payee, payeeAccount, withdrawingAccount } from './payees';
import * as repo from './repository';

/**
 * 钱包 and 流水 (spec 001 §2.8): read views of the double-entry ledger (README, Ledger). Nothing here
 * writes: every figure is a sum of ledger lines, so the wallet always agrees with the books.
 * Amounts are ledger amounts (debit positive): a payment credits payee:tenant (negative), a refund
 * debits it (positive).
 */

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The last `n` months in China time, oldest first ('YYYY-MM'), and the instant the first began. */
export function lastMonths(now: Date, n = 12): { months: string[]; since: Date } {
  const china = new Date(now.getTime() + CHINA_OFFSET_MS);
  const y = china.getUTCFullYear();
  const m = china.getUTCMonth();
  const months: string[] = [];
  for (let i = n - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(y, m - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  const since = new Date(Date.UTC(y, m - (n - 1), 1) - CHINA_OFFSET_MS);
  return { months, since };
}

/**
 * 钱包 of the caller's payee (the tenant itself, or its organisation): income, refunds and balance of
 * its payee account, money of its orders to give back, its withdrawals, 12 months.
 */
export async function wallet(tx: Tx, tenantId: number, payee: Payee, now = new Date()): Promise<TWallet> {
  const { months, since } = lastMonths(now);
  const account = payeeAccount(payee.orgId);
  const [totals, byMonth, out] = await Promise.all([
    repo.walletTotals(tx, tenantId, account, payee.orgId),
    repo.walletMonths(tx, tenantId, since, account),
    repo.withdrawalTotals(tx, tenantId, payee.orgId),
  ]);
  const found = new Map(byMonth.map((r) => [r.month, r]));
  return {
    payeeName: payee.name,
    incomeFen: totals.creditFen,
    refundedFen: totals.debitFen,
    balanceFen: totals.balanceFen,
    exceptionFen: -totals.suspenseFen,
    orders: totals.orders,
    ...out,
    months: months.map((month) => ({
      month,
      incomeFen: found.get(month)?.creditFen ?? 0,
      refundedFen: found.get(month)?.debitFen ?? 0,
    })),
  };
}

/**
 * 收入 or 支出 from the account's point of view: money owed out (payee, suspense) grows with a
 * credit; money held (clearing) grows with a debit.
 */
export function directionOf(account: string, amountFen: number): TFlow['direction'] {
  const held = account.startsWith('clearing:') || account.startsWith('payout:');
  return (held ? amountFen > 0 : amountFen < 0) ? '收入' : '支出';
}

function toFlow(r: repo.FlowRow): TFlow {
  return {
    id: r.id,
    at: r.at.toISOString(),
    txn: r.txn,
    account: r.account,
    accountName: ledgerAccountName(r.account),
    amountFen: r.amountFen,
    direction: directionOf(r.account, r.amountFen),
    orderId: r.orderId,
    orderNo: r.orderNo ?? '',
    orderTitle: r.orderTitle ?? '',
    memo: r.memo,
  };
}

/** The accounts of a payee: what it is owed, and what its waiting withdrawals hold. */
const accountsOf = (orgId: number | null) => [payeeAccount(orgId), withdrawingAccount(orgId)];

/**
 * 支付流水 (the caller's payee account only) or 运营流水 (every line, or one account's; with a payee,
 * every line of the movements that touch its accounts, both sides; an organisation's administrator
 * only its own movements).
 */
export async function listFlows(
  tx: Tx,
  tenantId: number,
  scope: TFlowScope,
  payee: Payee,
  query: TFlowQuery,
): Promise<TPage<TFlow>> {
  const { current, pageSize, account, payee: asked, ...filter } = query;
  const shown = scope === 'operator' ? listedPayee(payee, asked) : undefined;
  const { rows, total } = await repo.pageFlows(
    tx,
    tenantId,
    {
      ...filter,
      account: scope === 'payee' ? payeeAccount(payee.orgId) : account || undefined,
      touching: shown === undefined ? undefined : accountsOf(shown),
    },
    { offset: (current - 1) * pageSize, limit: pageSize },
  );
  return { records: rows.map(toFlow), total, current, pageSize };
}
