import {
  fenToYuan,
  INVOICE_DETAIL_PATH,
  INVOICE_KINDS,
  INVOICE_SCOPES,
  InvoiceStatus,
  PAYMENT_PAGES,
  type TInvoice,
  type TInvoiceApply,
  type TInvoiceApplyRules,
  type TInvoiceKind,
  type TInvoiceScope,
  type TInvoiceTitleType,
  yuanToFen,
} from '@shetuan/shared/payments';
import { routePath } from '../../../app/typed-api';
import type { UploadedFile } from '../../../platform/files/types';

/** Money as the screens show it: ¥ and yuan with two decimals. */
const money = (fen: number) => `¥${fenToYuan(fen)}`;

/** The page (and its function points) of each invoice list: 我的发票, 开票管理, 开票运营. */
export const INVOICE_SCOPE_PAGES = {
  mine: PAYMENT_PAGES.invoiceApply,
  issue: PAYMENT_PAGES.invoiceIssue,
  operation: PAYMENT_PAGES.invoiceOperation,
} as const;

/** The scope a query string names (我的发票 when none), or null when it names none of the lists. */
export function invoiceScopeOf(text: string | null | undefined): TInvoiceScope | null {
  const s = (text ?? 'mine').trim() || 'mine';
  return (INVOICE_SCOPES as readonly string[]).includes(s) ? (s as TInvoiceScope) : null;
}

/** An application's own page, opened from the list of `scope`. */
export const invoiceDetailUrl = (scope: TInvoiceScope, id: number): string =>
  `${INVOICE_DETAIL_PATH}?id=${id}&scope=${scope}`;

/**
 * The invoice kinds the payee takes (开票设置), in the contract's order; none while it takes no
 * applications. A person's title may only have 普通发票.
 */
export function allowedKinds(rules: Pick<TInvoiceApplyRules, 'enabled' | 'normal' | 'special'> | undefined) {
  if (!rules) return [...INVOICE_KINDS];
  if (!rules.enabled) return [];
  return INVOICE_KINDS.filter((k) => rules[k]);
}

/** The tone of an application's status tag: 待开票 processing, 已开票 success, 已驳回 error. */
export const INVOICE_STATUS_TONES: Record<number, string> = {
  [InvoiceStatus.PENDING]: 'processing',
  [InvoiceStatus.ISSUED]: 'success',
  [InvoiceStatus.REJECTED]: 'error',
};
export const invoiceTone = (status: number): string => INVOICE_STATUS_TONES[status] ?? 'default';

/** The issued PDF as the file viewer reads it: through the API, with the token. */
export function invoiceFile(inv: Pick<TInvoice, 'fileId' | 'fileName'>): UploadedFile | null {
  if (inv.fileId === null) return null;
  return {
    id: inv.fileId,
    name: inv.fileName || '发票.pdf',
    url: routePath('get', '/systemfile/files/{id}', { id: inv.fileId }),
    filePath: '',
    fileSize: 0,
  };
}

/**
 * The application form's amount: yuan as typed, checked against what may still be invoiced.
 * Answers the fen to send, or the message to show (the server's words for the limit).
 */
export function invoiceAmount(text: string | undefined, invoiceableFen: number): { fen: number } | { error: string } {
  const t = (text ?? '').trim();
  if (!t) return { error: '请输入开票金额' };
  const fen = yuanToFen(t);
  if (fen === null) return { error: '请输入正确的金额，最多两位小数' };
  if (fen <= 0) return { error: '开票金额必须大于0' };
  if (fen > invoiceableFen) return { error: `开票金额不能超过可开票金额 ${money(invoiceableFen)}` };
  return { fen };
}

/** The application form's values, as typed. */
export interface ApplyValues {
  orderId?: number;
  titleType: TInvoiceTitleType;
  title?: string;
  taxNo?: string;
  email?: string;
  invoiceType: TInvoiceKind;
  address?: string;
  phone?: string;
  bank?: string;
  bankAccount?: string;
  amount?: string;
  remark?: string;
}

/**
 * The body to send: a person's title has no taxpayer number and only 普通发票; the address, phone
 * and bank account are an organisation's (required for 专用发票, optional otherwise).
 */
export function applyBody(v: ApplyValues, amountFen: number): Record<keyof TInvoiceApply, unknown> {
  const company = v.titleType === 'company';
  const text = (s: string | undefined) => (s ?? '').trim();
  return {
    orderId: v.orderId,
    titleType: v.titleType,
    title: text(v.title),
    taxNo: company ? text(v.taxNo).toUpperCase() : '',
    email: text(v.email),
    invoiceType: company ? v.invoiceType : 'normal',
    address: company ? text(v.address) : '',
    phone: company ? text(v.phone) : '',
    bank: company ? text(v.bank) : '',
    bankAccount: company ? text(v.bankAccount) : '',
    amountFen,
    remark: text(v.remark),
  };
}
