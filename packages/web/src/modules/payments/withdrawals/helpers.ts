import {
  fenToYuan,
  maskAccountNo,
  type TBankCard,
  type TPayAgreement,
  WithdrawalStatus,
  withdrawalFee,
  yuanToFen,
} from '@shetuan/shared/payments';
import { money } from '../helpers';

/**
 * The tone of a withdrawal's status tag (the console's AA status colours): 待审核 processing,
 * 已打款 success, 已驳回 error, 已撤销 default.
 */
export const WITHDRAWAL_STATUS_TONES: Record<number, string> = {
  [WithdrawalStatus.WAITING]: 'processing',
  [WithdrawalStatus.PAID]: 'success',
  [WithdrawalStatus.REJECTED]: 'error',
  [WithdrawalStatus.CANCELLED]: 'default',
};
export const withdrawalTone = (status: number): string => WITHDRAWAL_STATUS_TONES[status] ?? 'default';

/** Money with thousands separators, for sentences: 100000 → ¥1,000.00. */
export function groupedMoney(fen: number): string {
  const [whole, cents] = fenToYuan(fen).split('.');
  const sign = whole?.startsWith('-') ? '-' : '';
  const digits = (whole ?? '0').replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${digits}.${cents ?? '00'}`;
}

/** An account number in groups of four, as printed on a card: 6222 0212 3456 7890 123. */
export const groupedAccountNo = (no: string): string => no.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A card as a choice or a list shows it: the bank and the last four digits. */
export const cardLabel = (card: Pick<TBankCard, 'bankName' | 'accountNo'>): string =>
  `${card.bankName} ${maskAccountNo(card.accountNo)}`;

/** The default card first, then the newest. */
export function sortCards<T extends Pick<TBankCard, 'isDefault' | 'id'>>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.id - a.id);
}

/** 服务费率 as the form shows it: basis points as a percentage with two decimals (60 → '0.60'). */
export const bpToPercent = (bp: number): string => fenToYuan(bp);

/** 服务费率 as typed (a percentage, at most two decimals) in basis points: '0.6' → 60; null when it is not one. */
export function percentToBp(text: string | undefined): number | null {
  return yuanToFen((text ?? '').trim().replace(/%$/, ''));
}

/** The agreement's fee rule in one line: 服务费率0.60%，单笔最低服务费¥1.00，单笔最低提现¥10.00. */
export function feeRuleText(a: Pick<TPayAgreement, 'feeRateBp' | 'minFeeFen' | 'minWithdrawFen'>): string {
  const fee =
    a.feeRateBp === 0 && a.minFeeFen === 0
      ? '不收取服务费'
      : `服务费率${bpToPercent(a.feeRateBp)}%${a.minFeeFen > 0 ? `，单笔最低服务费${money(a.minFeeFen)}` : ''}`;
  return `${fee}，单笔最低提现${money(a.minWithdrawFen)}`;
}

/** The 收款协议 page's example: 提现 ¥1,000.00 收取服务费 ¥x. */
export const EXAMPLE_WITHDRAW_FEN = 100_000;
export function feeExample(a: Pick<TPayAgreement, 'feeRateBp' | 'minFeeFen'>): string {
  const fee = withdrawalFee(EXAMPLE_WITHDRAW_FEN, a);
  return `提现 ${groupedMoney(EXAMPLE_WITHDRAW_FEN)} 收取服务费 ${groupedMoney(fee)}，实际到账 ${groupedMoney(EXAMPLE_WITHDRAW_FEN - fee)}`;
}

/** A withdrawal's amount as typed, with its fee and what reaches the card. */
export interface WithdrawQuote {
  fen: number;
  feeFen: number;
  netFen: number;
}

/**
 * The 申请提现 form's amount: yuan as typed, checked against the balance and the agreement (the
 * server's rules, said first here). Answers the quote or the message to show.
 */
export function withdrawAmount(
  text: string | undefined,
  availableFen: number,
  a: Pick<TPayAgreement, 'feeRateBp' | 'minFeeFen' | 'minWithdrawFen'>,
): WithdrawQuote | { error: string } {
  const t = (text ?? '').trim();
  if (!t) return { error: '请输入提现金额' };
  const fen = yuanToFen(t);
  if (fen === null) return { error: '请输入正确的金额，最多两位小数' };
  if (fen <= 0) return { error: '提现金额必须大于0' };
  if (fen > availableFen) return { error: `提现金额不能超过可提现余额 ${money(availableFen)}` };
  if (fen < a.minWithdrawFen) return { error: `单笔提现金额不能低于 ${money(a.minWithdrawFen)}` };
  const feeFen = withdrawalFee(fen, a);
  if (feeFen >= fen) return { error: `提现金额不足以支付服务费 ${money(feeFen)}` };
  return { fen, feeFen, netFen: fen - feeFen };
}

/** The withdrawal lists' filters as the query (and the export's body) takes them; empty ones left out. */
export interface WithdrawalFilters {
  /** 收款方 (提现记录, operators): 0 the tenant itself, else an organisation. */
  payee?: number;
  status?: number;
  /** 申请日期, YYYY-MM-DD. */
  from?: string;
  to?: string;
}
export function withdrawalParams(f: WithdrawalFilters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (f.payee !== undefined) out.payee = f.payee;
  if (f.status !== undefined) out.status = f.status;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  return out;
}
