import {
  fenToYuan,
  ORDER_SCOPES,
  OrderStatus,
  PAY_LINK_PATH,
  PAYMENT_PAGES,
  type TOrder,
  type TOrderScope,
  type TPayKind,
  type TPayStart,
  yuanToFen,
} from '@shetuan/shared/payments';
import dayjs from 'dayjs';
import { DETAIL_PATH, SHELL } from './paths';

export { DETAIL_PATH, DEV_CASHIER_PATH, SHELL } from './paths';

/** The 付款链接 an order's payer sends to whoever pays it: this site's /new/payService?token= (the router's basename). */
export function payLinkUrl(token: string, origin = window.location.origin): string {
  return `${origin}/new${PAY_LINK_PATH}?token=${encodeURIComponent(token)}`;
}

/** Below this width the payer is on a phone: the provider's own page instead of a QR code. */
export const PHONE_WIDTH = 768;
/** The payment page asks for the order's state this often. */
export const STATE_POLL_MS = 3000;

/** The page (and its function points) of each order list. */
export const SCOPE_PAGES = {
  mine: PAYMENT_PAGES.mine,
  collection: PAYMENT_PAGES.collection,
  operation: PAYMENT_PAGES.operation,
} as const;

/** The scope a query string names, or null when it names none of the three lists. */
export function scopeOf(text: string | null | undefined): TOrderScope | null {
  const s = (text ?? 'mine').trim() || 'mine';
  return (ORDER_SCOPES as readonly string[]).includes(s) ? (s as TOrderScope) : null;
}

export const shellUrl = (page: keyof typeof SHELL, orderId: number) => `${SHELL[page]}?orderId=${orderId}`;
export const detailUrl = (scope: TOrderScope, id: number) => `${DETAIL_PATH}?id=${id}&scope=${scope}`;

/** Money as the screens show it: ¥ and yuan with two decimals. */
export const money = (fen: number): string => `¥${fenToYuan(fen)}`;

/** A time as 2026-05-01 14:30, or — when there is none. */
export const timeText = (iso: string | null | undefined): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/**
 * The tone of an order's status tag, the console's status colours (AA on their light backgrounds,
 * app/theme.ts): 待支付 and 部分退款 warning, 待审核 and 退款中 processing, 已支付 success, the rest default.
 */
export const ORDER_STATUS_TONES: Record<number, string> = {
  [OrderStatus.PENDING]: 'warning',
  [OrderStatus.REVIEW]: 'processing',
  [OrderStatus.PAID]: 'success',
  [OrderStatus.CANCELLED]: 'default',
  [OrderStatus.REFUNDING]: 'processing',
  [OrderStatus.REFUNDED]: 'default',
  [OrderStatus.PART_REFUNDED]: 'warning',
};
export const statusTone = (status: number): string => ORDER_STATUS_TONES[status] ?? 'default';

/** The tone of a voucher's review state: 待审核, 已通过, 已驳回. */
export const VOUCHER_TONES: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };
/** The tone of a refund's state. */
export const REFUND_TONES: Record<string, string> = { processing: 'processing', done: 'success', failed: 'error' };

/** The payment shell leaves for its result page once the order is paid or its voucher waits for review. */
export const settled = (status: number): boolean => status === OrderStatus.PAID || status === OrderStatus.REVIEW;

/** The channel to ask for: a QR code on a desktop, the provider's own page on a phone-width screen. */
export const payChannel = (width: number): TPayStart['channel'] => (width < PHONE_WIDTH ? 'page' : 'qr');

/** What 我的订单 offers on a row, besides 详情 (the detail page follows the server's `can`). */
export function mineActions(order: Pick<TOrder, 'status' | 'method'>): {
  pay: boolean;
  voucher: boolean;
  cancel: boolean;
} {
  const pending = order.status === OrderStatus.PENDING;
  return {
    pay: pending,
    voucher: order.method === 'transfer' && (pending || order.status === OrderStatus.REVIEW),
    cancel: pending,
  };
}

/**
 * The refund form's amount: yuan as typed, checked against what may still be refunded. Answers
 * the fen to send, or the message to show (the contract's words where it has them).
 */
export function refundAmount(text: string | undefined, refundableFen: number): { fen: number } | { error: string } {
  const t = (text ?? '').trim();
  if (!t) return { error: '请输入退款金额' };
  const fen = yuanToFen(t);
  if (fen === null) return { error: '请输入正确的金额，最多两位小数' };
  if (fen <= 0) return { error: '退款金额必须大于0' };
  if (fen > refundableFen) return { error: `退款金额不能超过可退金额${money(refundableFen)}` };
  return { fen };
}

/** The order list's filters as the query (and the export's body) takes them; empty ones left out. */
export interface OrderFilters {
  /** 收款方 (订单运营, operators): 0 the tenant itself, else an organisation. */
  payee?: number;
  status?: number;
  method?: TPayKind;
  /** 下单日期, YYYY-MM-DD. */
  from?: string;
  to?: string;
}
export function filterParams(f: OrderFilters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (f.payee !== undefined) out.payee = f.payee;
  if (f.status !== undefined) out.status = f.status;
  if (f.method) out.method = f.method;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  return out;
}

/** The fields of a receiving account's form, by its kind (the rest are not sent). */
export const ACCOUNT_FIELDS: Record<TPayKind, readonly AccountField[]> = {
  transfer: ['accountName', 'bankName', 'accountNo'],
  wechat: ['merchantId', 'appId', 'serialNo', 'privateKey', 'apiV3Key', 'platformPublicKey', 'platformSerial'],
  alipay: ['appId', 'privateKey', 'platformPublicKey'],
  dev: [],
};
export type AccountField =
  | 'accountName'
  | 'bankName'
  | 'accountNo'
  | 'merchantId'
  | 'appId'
  | 'serialNo'
  | 'privateKey'
  | 'apiV3Key'
  | 'platformPublicKey'
  | 'platformSerial';
/** Fields the server never shows back: on a change, left empty they keep their stored values. */
export const ACCOUNT_SECRETS: readonly AccountField[] = [
  'serialNo',
  'privateKey',
  'apiV3Key',
  'platformPublicKey',
  'platformSerial',
];

/** The account form's values as the body to send: the common fields and only those of the kind. */
export function accountBody(values: Record<string, unknown>): Record<string, unknown> {
  const kind = values.kind as TPayKind;
  const body: Record<string, unknown> = { kind, name: values.name, enabled: values.enabled !== false };
  for (const f of ACCOUNT_FIELDS[kind] ?? []) body[f] = values[f];
  return body;
}
