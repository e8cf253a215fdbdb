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
  type TWithdrawInfo,
  WITHDRAWAL_STATUS_NAMES,
  WithdrawalStatus,
  withdrawalFee,
} from '@shetuan/shared/payments';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import * as repo from './repository';
import type { Actor } from './service';
import { PAYEE_ACCOUNT } from './wallet';

/**
 * 银行卡, 提现 and 收款协议 (README, Withdrawals). The payee (the tenant itself) withdraws from what
 * payee:tenant holds to one of its bank cards; the operators pay it out by bank transfer and record
 * the bank's reference, or reject it. The service fee of the collection agreement is taken on each
 * withdrawal. Every step is a balanced ledger transaction:
 *
 *   apply         payee:tenant +amount          payee:withdrawing −amount
 *   pay out       payee:withdrawing +amount     payout:bank −net          revenue:service-fee −fee
 *   reject/cancel payee:withdrawing +amount     payee:tenant −amount
 */

const fail = (msg: string, status = 400) => new AppError(ResultCode.FAILED, msg, null, status);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const WITHDRAWING_ACCOUNT = 'payee:withdrawing';
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

export async function listBankCards(tx: Tx, tenantId: number): Promise<TBankCard[]> {
  return (await repo.listBankCards(tx, tenantId)).map(toCard);
}

/** Binds a card; the first card, or one asked to be, becomes the default. */
export async function createBankCard(tx: Tx, tenantId: number, input: TBankCardInput): Promise<number> {
  await repo.lockPayeeWallet(tx, tenantId);
  const n = await repo.countBankCards(tx, tenantId);
  if (n >= MAX_BANK_CARDS) throw fail(`最多绑定${MAX_BANK_CARDS}张银行卡`);
  const isDefault = input.isDefault || n === 0;
  if (isDefault) await repo.clearDefaultCard(tx, tenantId);
  return repo.insertBankCard(tx, tenantId, { ...input, isDefault });
}

export async function updateBankCard(tx: Tx, tenantId: number, id: number, input: TBankCardInput): Promise<void> {
  await repo.lockPayeeWallet(tx, tenantId);
  const card = await repo.getBankCard(tx, tenantId, id);
  if (!card) throw fail('银行卡不存在', 404);
  // The default is moved to another card by making that one the default, never by unticking.
  const isDefault = input.isDefault || card.isDefault;
  if (isDefault && !card.isDefault) await repo.clearDefaultCard(tx, tenantId);
  await repo.updateBankCard(tx, tenantId, id, { ...input, isDefault });
}

/** Removes a card (withdrawals keep their copy); another becomes the default. */
export async function deleteBankCard(tx: Tx, tenantId: number, id: number): Promise<void> {
  await repo.lockPayeeWallet(tx, tenantId);
  if (!(await repo.getBankCard(tx, tenantId, id))) throw fail('银行卡不存在', 404);
  await repo.deleteBankCard(tx, tenantId, id);
  await repo.ensureDefaultCard(tx, tenantId);
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

/** Saves the agreement as a new version: withdrawals applied for after it must agree to it again. */
export async function saveAgreement(tx: Tx, tenantId: number, actor: Actor, input: TPayAgreementInput) {
  await repo.lockPayeeWallet(tx, tenantId);
  await repo.saveAgreement(tx, tenantId, { ...input, updatedBy: actor.name });
}

// ———————— 提现 ————————

/** What payee:tenant holds (a credit, so the negated sum). */
async function availableFen(tx: Tx, tenantId: number): Promise<number> {
  return -(await repo.accountSum(tx, tenantId, PAYEE_ACCOUNT));
}

export async function withdrawInfo(tx: Tx, tenantId: number): Promise<TWithdrawInfo> {
  const [available, withdrawing, a, cards] = await Promise.all([
    availableFen(tx, tenantId),
    repo.accountSum(tx, tenantId, WITHDRAWING_ACCOUNT),
    agreement(tx, tenantId),
    listBankCards(tx, tenantId),
  ]);
  return { availableFen: available, withdrawingFen: -withdrawing, agreement: a, cards };
}

function toWithdrawal(r: repo.WithdrawalRow, payeeName: string): TWithdrawal {
  return {
    id: r.id,
    withdrawNo: r.withdrawNo,
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

/** 我的提现 and 提现记录 read the same rows today: the tenant is the only payee (README). */
export async function listWithdrawals(
  tx: Tx,
  tenantId: number,
  payeeName: string,
  query: TWithdrawalQuery,
): Promise<TPage<TWithdrawal>> {
  const { current, pageSize, ...filter } = query;
  const { rows, total } = await repo.pageWithdrawals(tx, tenantId, filter, {
    offset: (current - 1) * pageSize,
    limit: pageSize,
  });
  return { records: rows.map((r) => toWithdrawal(r, payeeName)), total, current, pageSize };
}

/**
 * 申请提现. Under the payee's wallet lock (so two requests at once cannot both spend the same
 * balance): the agreement the applicant read must be the current one, the card the payee's, the
 * amount at least the minimum, more than its fee, and at most what payee:tenant holds. The amount
 * moves to payee:withdrawing until the operators pay it out or reject it.
 */
export async function applyWithdrawal(
  tx: Tx,
  tenantId: number,
  actor: Actor & { userId: number },
  input: TWithdrawApply,
): Promise<{ id: number; withdrawNo: string }> {
  await repo.lockPayeeWallet(tx, tenantId);
  const a = await agreement(tx, tenantId);
  if (input.agreementVersion !== a.version) throw fail('收款协议已更新，请重新阅读并同意后再提现');
  const card = await repo.getBankCard(tx, tenantId, input.cardId);
  if (!card) throw fail('银行卡不存在，请重新选择');
  if (input.amountFen < a.minWithdrawFen) throw fail(`单笔提现金额不能低于 ¥${fenToYuan(a.minWithdrawFen)}`);
  const feeFen = withdrawalFee(input.amountFen, a);
  if (feeFen >= input.amountFen) throw fail(`提现金额不足以支付服务费 ¥${fenToYuan(feeFen)}`);
  const available = await availableFen(tx, tenantId);
  if (input.amountFen > available) throw fail(`提现金额不能超过可提现余额 ¥${fenToYuan(Math.max(0, available))}`);
  const withdrawNo = newWithdrawNo();
  const id = await repo.insertWithdrawal(tx, tenantId, {
    withdrawNo,
    payeeOrgId: null,
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
    { account: PAYEE_ACCOUNT, amountFen: input.amountFen, orderId: null, memo: `提现 ${withdrawNo}` },
    { account: WITHDRAWING_ACCOUNT, amountFen: -input.amountFen, orderId: null, memo: `提现 ${withdrawNo}` },
  ]);
  return { id, withdrawNo };
}

/** A waiting withdrawal, locked (after the wallet: the same order of locks as applying). */
async function waiting(tx: Tx, tenantId: number, id: number): Promise<repo.WithdrawalRow> {
  await repo.lockPayeeWallet(tx, tenantId);
  const w = await repo.getWithdrawal(tx, tenantId, id, true);
  if (!w) throw fail('提现申请不存在', 404);
  if (w.status !== WithdrawalStatus.WAITING)
    throw fail(`该提现${WITHDRAWAL_STATUS_NAMES[w.status] ?? '已处理'}，不能重复处理`);
  return w;
}

/** The amount back from payee:withdrawing to payee:tenant (rejected or cancelled). */
async function giveBack(tx: Tx, tenantId: number, w: repo.WithdrawalRow, memo: string): Promise<void> {
  await repo.insertLedger(tx, tenantId, `withdraw-back:${w.withdrawNo}`, [
    { account: WITHDRAWING_ACCOUNT, amountFen: w.amountFen, orderId: null, memo },
    { account: PAYEE_ACCOUNT, amountFen: -w.amountFen, orderId: null, memo },
  ]);
}

/** 打款: the operators transferred the net amount; the bank's reference is kept, the fee taken. */
export async function payOutWithdrawal(tx: Tx, tenantId: number, actor: Actor, id: number, bankRef: string) {
  const w = await waiting(tx, tenantId, id);
  const net = w.amountFen - w.feeFen;
  const lines = [
    { account: WITHDRAWING_ACCOUNT, amountFen: w.amountFen, orderId: null, memo: `提现打款 ${w.withdrawNo}` },
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

/** 驳回: the money is back in the balance; the applicant sees the reason. */
export async function rejectWithdrawal(tx: Tx, tenantId: number, actor: Actor, id: number, reason: string) {
  const w = await waiting(tx, tenantId, id);
  await giveBack(tx, tenantId, w, `提现驳回 ${w.withdrawNo}`);
  await repo.updateWithdrawal(tx, tenantId, id, {
    status: WithdrawalStatus.REJECTED,
    reason,
    handledBy: actor.name,
    handledAt: new Date(),
  });
}

/** 撤销: the payee takes back a withdrawal still waiting. */
export async function cancelWithdrawal(tx: Tx, tenantId: number, actor: Actor, id: number) {
  const w = await waiting(tx, tenantId, id);
  await giveBack(tx, tenantId, w, `提现撤销 ${w.withdrawNo}`);
  await repo.updateWithdrawal(tx, tenantId, id, {
    status: WithdrawalStatus.CANCELLED,
    handledBy: actor.name,
    handledAt: new Date(),
  });
}
