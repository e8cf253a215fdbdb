import crypto from 'node:crypto';
import { ResultCode, type TPage } from '@shetuan/shared';
import {
  DEFAULT_PAY_AGREEMENT,
  fenToYuan,
  type TBankCard,
  type TBankCardInput,
  type TPayAgreement,
  type TPayAgreementInput,
  type TWithdrawApply,
  type TWithdrawal,
  type TWithdrawalQuery,
  type TWithdrawalScope,
  type TWithdrawInfo,
  WITHDRAWAL_STATUS_NAMES,
  WithdrawalStatus,
  withdrawalFee,
} from '@shetuan/shared/payments';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { listedPayee, orgNames, type Payee, payeeAccount, requireOperator, withdrawingAccount } from './payees';
import * as repo from './repository';
import type { Actor } from './service';

/**
 * 银行卡, 提现 and 收款协议 (README, Withdrawals). A payee (the tenant itself, or one of its
 * organisations: payees/index.ts) withdraws from what its payee account holds to one of its own bank
 * cards; the tenant's operators pay it out by bank transfer and record the bank's reference, or
 * reject it. The service fee of the collection agreement is taken on each withdrawal, whoever the
 * payee. Every step is a balanced ledger transaction on the payee's own accounts (P: payee:tenant or
 * payee:org:<id>; W: payee:withdrawing or payee:withdrawing:org:<id>):
 *
 *   apply         P +amount     W −amount
 *   pay out       W +amount     payout:bank −net     revenue:service-fee −fee
 *   reject/cancel W +amount     P −amount
 */

const fail = (msg: string, status = 400) => new AppError(ResultCode.FAILED, msg, null, status);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const PAYOUT_ACCOUNT = 'payout:bank';
export const SERVICE_FEE_ACCOUNT = 'revenue:service-fee';
/** A payee binds at most this many cards. */
export const MAX_BANK_CARDS = 20;

/** A new withdrawal number: W, the date in China, and ten random digits. */
export function newWithdrawNo(now = new Date()): string {
  const day = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `W${day}${String(crypto.randomInt(0, 1e10)).padStart(10, '0')}`;
}

// ———————— 银行卡 ————————

function toCard(r: repo.BankCardRow): TBankCard {
  return {
    id: r.id,
    accountName: r.accountName,
    bankName: r.bankName,
    branch: r.branch,
    accountNo: r.accountNo,
    isDefault: r.isDefault,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The payee's own cards (another payee's are never shown, changed or used). */
export async function listBankCards(tx: Tx, tenantId: number, payee: Payee): Promise<TBankCard[]> {
  return (await repo.listBankCards(tx, tenantId, payee.orgId)).map(toCard);
}

/** Binds a card; the first card, or one asked to be, becomes the default. */
export async function createBankCard(tx: Tx, tenantId: number, payee: Payee, input: TBankCardInput): Promise<number> {
  await repo.lockPayeeWallet(tx, tenantId, payee.orgId);
  const n = await repo.countBankCards(tx, tenantId, payee.orgId);
  if (n >= MAX_BANK_CARDS) throw fail(`最多绑定${MAX_BANK_CARDS}张银行卡`);
  const isDefault = input.isDefault || n === 0;
  if (isDefault) await repo.clearDefaultCard(tx, tenantId, payee.orgId);
  return repo.insertBankCard(tx, tenantId, payee.orgId, { ...input, isDefault });
}

export async function updateBankCard(
  tx: Tx,
  tenantId: number,
  payee: Payee,
  id: number,
  input: TBankCardInput,
): Promise<void> {
  await repo.lockPayeeWallet(tx, tenantId, payee.orgId);
  const card = await repo.getBankCard(tx, tenantId, payee.orgId, id);
  if (!card) throw fail('银行卡不存在', 404);
  // The default is moved to another card by making that one the default, never by unticking.
  const isDefault = input.isDefault || card.isDefault;
  if (isDefault && !card.isDefault) await repo.clearDefaultCard(tx, tenantId, payee.orgId);
  await repo.updateBankCard(tx, tenantId, payee.orgId, id, { ...input, isDefault });
}

/** Removes a card (withdrawals keep their copy); another becomes the default. */
export async function deleteBankCard(tx: Tx, tenantId: number, payee: Payee, id: number): Promise<void> {
  await repo.lockPayeeWallet(tx, tenantId, payee.orgId);
  if (!(await repo.getBankCard(tx, tenantId, payee.orgId, id))) throw fail('银行卡不存在', 404);
  await repo.deleteBankCard(tx, tenantId, payee.orgId, id);
  await repo.ensureDefaultCard(tx, tenantId, payee.orgId);
}

// ———————— 收款协议 ————————

export async function agreement(tx: Tx, tenantId: number): Promise<TPayAgreement> {
  const row = await repo.getAgreement(tx, tenantId);
  if (!row) return { ...DEFAULT_PAY_AGREEMENT, updatedBy: '', updatedAt: null };
  return {
    feeRateBp: row.feeRateBp,
    minFeeFen: row.minFeeFen,
    minWithdrawFen: row.minWithdrawFen,
    text: row.text,
    version: row.version,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saves the agreement as a new version (the tenant's operators only): withdrawals applied for after
 * it must agree to it again. It applies to every payee.
 */
export async function saveAgreement(
  tx: Tx,
  tenantId: number,
  actor: Actor & { payee: Payee },
  input: TPayAgreementInput,
) {
  requireOperator(actor.payee, '修改收款协议');
  await repo.lockAgreement(tx, tenantId, true);
  await repo.saveAgreement(tx, tenantId, { ...input, updatedBy: actor.name });
}

// ———————— 提现 ————————

/**
 * What the payee may withdraw: what its account holds (a credit, so the negated sum; negative when a
 * refund was fronted by the platform), less what its orders' refunds still in progress will take
 * from it (README, Refunds). Under the payee's wallet lock this is exact: a refund is recorded, and
 * debits the account, under the same lock.
 */
async function balances(tx: Tx, tenantId: number, payee: Payee) {
  const heldFen = -(await repo.accountSum(tx, tenantId, payeeAccount(payee.orgId)));
  const refundingFen = await repo.payeeRefundsInProgress(tx, tenantId, payee.orgId);
  return { heldFen, refundingFen, availableFen: heldFen - refundingFen };
}

async function availableFen(tx: Tx, tenantId: number, payee: Payee): Promise<number> {
  return (await balances(tx, tenantId, payee)).availableFen;
}

export async function withdrawInfo(tx: Tx, tenantId: number, payee: Payee): Promise<TWithdrawInfo> {
  const [available, withdrawing, a, cards] = await Promise.all([
    availableFen(tx, tenantId, payee),
    repo.accountSum(tx, tenantId, withdrawingAccount(payee.orgId)),
    agreement(tx, tenantId),
    listBankCards(tx, tenantId, payee),
  ]);
  return { availableFen: available, withdrawingFen: -withdrawing, agreement: a, cards };
}

function toWithdrawal(r: repo.WithdrawalRow, payeeName: string): TWithdrawal {
  return {
    id: r.id,
    withdrawNo: r.withdrawNo,
    payeeOrgId: r.payeeOrgId,
    payeeName,
    amountFen: r.amountFen,
    feeFen: r.feeFen,
    netFen: r.amountFen - r.feeFen,
    accountName: r.accountName,
    bankName: r.bankName,
    branch: r.branch,
    accountNo: r.accountNo,
    status: r.status,
    statusName: WITHDRAWAL_STATUS_NAMES[r.status] ?? '',
    remark: r.remark,
    reason: r.reason,
    bankRef: r.bankRef,
    agreementVersion: r.agreementVersion,
    appliedBy: r.appliedBy,
    appliedAt: r.createdAt.toISOString(),
    handledBy: r.handledBy,
    handledAt: iso(r.handledAt),
  };
}

/**
 * 我的提现 (the caller's payee's own) and 提现记录 (the operators': every payee's, or the one asked;
 * an organisation's administrator only its own).
 */
export async function listWithdrawals(
  tx: Tx,
  tenantId: number,
  scope: TWithdrawalScope,
  payee: Payee,
  query: TWithdrawalQuery,
): Promise<TPage<TWithdrawal>> {
  const { current, pageSize, payee: asked, ...filter } = query;
  const payeeOrgId = scope === 'mine' ? payee.orgId : listedPayee(payee, asked);
  const { rows, total } = await repo.pageWithdrawals(
    tx,
    tenantId,
    { ...filter, payeeOrgId },
    { offset: (current - 1) * pageSize, limit: pageSize },
  );
  const orgIds = [...new Set(rows.flatMap((r) => (r.payeeOrgId === null ? [] : [r.payeeOrgId])))];
  const names = await orgNames(tx, tenantId, orgIds);
  const own = payee.operator ? payee.name : await repo.tenantName(tx, tenantId);
  const nameOf = (r: repo.WithdrawalRow) => (r.payeeOrgId === null ? own : (names.get(r.payeeOrgId) ?? ''));
  return { records: rows.map((r) => toWithdrawal(r, nameOf(r))), total, current, pageSize };
}

/**
 * 申请提现. Under the payee's wallet lock (so two requests at once, or a request and a refund,
 * cannot both spend the same balance): the agreement the applicant read must be the current one, the
 * card the payee's, the amount at least the minimum, more than its fee, and at most what the payee's
 * account holds less its refunds in progress; nothing while the account is negative (a refund the
 * platform fronted). The amount moves to the withdrawing account until the operators pay it out or
 * reject it.
 */
export async function applyWithdrawal(
  tx: Tx,
  tenantId: number,
  actor: Actor & { userId: number; payee: Payee },
  input: TWithdrawApply,
): Promise<{ id: number; withdrawNo: string }> {
  const payee = actor.payee;
  await repo.lockAgreement(tx, tenantId, false);
  await repo.lockPayeeWallet(tx, tenantId, payee.orgId);
  const a = await agreement(tx, tenantId);
  if (input.agreementVersion !== a.version) throw fail('收款协议已更新，请重新阅读并同意后再提现');
  const card = await repo.getBankCard(tx, tenantId, payee.orgId, input.cardId);
  if (!card) throw fail('银行卡不存在，请重新选择');
  if (input.amountFen < a.minWithdrawFen) throw fail(`单笔提现金额不能低于 ¥${fenToYuan(a.minWithdrawFen)}`);
  const feeFen = withdrawalFee(input.amountFen, a);
  if (feeFen >= input.amountFen) throw fail(`提现金额不足以支付服务费 ¥${fenToYuan(feeFen)}`);
  const { heldFen, refundingFen, availableFen: available } = await balances(tx, tenantId, payee);
  if (heldFen < 0) throw fail(`余额为负 ¥${fenToYuan(-heldFen)}（退款由平台垫付），待新的收款补足后才能提现`);
  if (input.amountFen > available) {
    const refunding = refundingFen > 0 ? `（退款中的 ¥${fenToYuan(refundingFen)} 暂不可提现）` : '';
    throw fail(`提现金额不能超过可提现余额 ¥${fenToYuan(Math.max(0, available))}${refunding}`);
  }
  const withdrawNo = newWithdrawNo();
  const id = await repo.insertWithdrawal(tx, tenantId, {
    withdrawNo,
    payeeOrgId: payee.orgId,
    amountFen: input.amountFen,
    feeFen,
    accountName: card.accountName,
    bankName: card.bankName,
    branch: card.branch,
    accountNo: card.accountNo,
    remark: input.remark,
    agreementVersion: a.version,
    appliedByUserId: actor.userId,
    appliedBy: actor.name,
  });
  await repo.insertLedger(tx, tenantId, `withdraw:${withdrawNo}`, [
    { account: payeeAccount(payee.orgId), amountFen: input.amountFen, orderId: null, memo: `提现 ${withdrawNo}` },
    {
      account: withdrawingAccount(payee.orgId),
      amountFen: -input.amountFen,
      orderId: null,
      memo: `提现 ${withdrawNo}`,
    },
  ]);
  return { id, withdrawNo };
}

/**
 * A waiting withdrawal that the caller may handle (the operators any payee's, a payee its own),
 * locked after its payee's wallet: the same order of locks as applying.
 */
async function waiting(tx: Tx, tenantId: number, payee: Payee, id: number): Promise<repo.WithdrawalRow> {
  const seen = await repo.getWithdrawal(tx, tenantId, id);
  if (!seen || (!payee.operator && seen.payeeOrgId !== payee.orgId)) throw fail('提现申请不存在', 404);
  await repo.lockPayeeWallet(tx, tenantId, seen.payeeOrgId);
  const w = await repo.getWithdrawal(tx, tenantId, id, true);
  if (!w) throw fail('提现申请不存在', 404);
  if (w.status !== WithdrawalStatus.WAITING)
    throw fail(`该提现${WITHDRAWAL_STATUS_NAMES[w.status] ?? '已处理'}，不能重复处理`);
  return w;
}

/** The amount back from the payee's withdrawing account to its payee account (rejected or cancelled). */
async function giveBack(tx: Tx, tenantId: number, w: repo.WithdrawalRow, memo: string): Promise<void> {
  await repo.insertLedger(tx, tenantId, `withdraw-back:${w.withdrawNo}`, [
    { account: withdrawingAccount(w.payeeOrgId), amountFen: w.amountFen, orderId: null, memo },
    { account: payeeAccount(w.payeeOrgId), amountFen: -w.amountFen, orderId: null, memo },
  ]);
}

/** 打款 (the tenant's operators): the net amount transferred; the bank's reference is kept, the fee taken. */
export async function payOutWithdrawal(
  tx: Tx,
  tenantId: number,
  actor: Actor & { payee: Payee },
  id: number,
  bankRef: string,
) {
  requireOperator(actor.payee, '处理提现');
  const w = await waiting(tx, tenantId, actor.payee, id);
  const net = w.amountFen - w.feeFen;
  const lines = [
    {
      account: withdrawingAccount(w.payeeOrgId),
      amountFen: w.amountFen,
      orderId: null,
      memo: `提现打款 ${w.withdrawNo}`,
    },
    { account: PAYOUT_ACCOUNT, amountFen: -net, orderId: null, memo: `提现打款 ${w.withdrawNo}` },
  ];
  if (w.feeFen > 0)
    lines.push({
      account: SERVICE_FEE_ACCOUNT,
      amountFen: -w.feeFen,
      orderId: null,
      memo: `提现服务费 ${w.withdrawNo}`,
    });
  await repo.insertLedger(tx, tenantId, `withdraw-paid:${w.withdrawNo}`, lines);
  await repo.updateWithdrawal(tx, tenantId, id, {
    status: WithdrawalStatus.PAID,
    bankRef,
    handledBy: actor.name,
    handledAt: new Date(),
  });
}

/** 驳回 (the tenant's operators): the money is back in the balance; the applicant sees the reason. */
export async function rejectWithdrawal(
  tx: Tx,
  tenantId: number,
  actor: Actor & { payee: Payee },
  id: number,
  reason: string,
) {
  requireOperator(actor.payee, '处理提现');
  const w = await waiting(tx, tenantId, actor.payee, id);
  await giveBack(tx, tenantId, w, `提现驳回 ${w.withdrawNo}`);
  await repo.updateWithdrawal(tx, tenantId, id, {
    status: WithdrawalStatus.REJECTED,
    reason,
    handledBy: actor.name,
    handledAt: new Date(),
  });
}

/** 撤销: the payee takes back its own withdrawal still waiting (nobody else's, the operators' neither). */
export async function cancelWithdrawal(tx: Tx, tenantId: number, actor: Actor & { payee: Payee }, id: number) {
  const own: Payee = { ...actor.payee, operator: false };
  const w = await waiting(tx, tenantId, own, id);
  await giveBack(tx, tenantId, w, `提现撤销 ${w.withdrawNo}`);
  await repo.updateWithdrawal(tx, tenantId, id, {
    status: WithdrawalStatus.CANCELLED,
    handledBy: actor.name,
    handledAt: new Date(),
  });
}
