import { ResultCode, type TPage } from '@shetuan/shared';
import {
  DEFAULT_INVOICE_SETTINGS,
  fenToYuan,
  INVOICE_KIND_NAMES,
  INVOICE_STATUS_NAMES,
  INVOICE_TITLE_TYPE_NAMES,
  InvoiceStatus,
  ORDER_STATUS_NAMES,
  OrderStatus,
  type TInvoice,
  type TInvoiceApply,
  type TInvoiceApplyRules,
  type TInvoiceableOrder,
  type TInvoiceDetail,
  type TInvoiceIssue,
  type TInvoiceKind,
  type TInvoiceQuery,
  type TInvoiceScope,
  type TInvoiceSeller,
  type TInvoiceSettings,
  type TInvoiceSettingsInput,
  type TInvoiceSettingsQuery,
  type TInvoiceTitleType,
} from '@shetuan/shared/payments';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { listedPayee, orderPayee, type Payee } from './payees';
import { payerMobiles } from './people';
import * as repo from './repository';
import type { Actor, Viewer } from './service';

/**
 * 发票: invoices of paid orders. The payer applies (我的发票); the payee issues it offline and
 * uploads the PDF with its number, or rejects it with a reason (开票管理). Every change is an event
 * on the order (its timeline), which keeps its status.
 */

const fail = (msg: string, status = 400) => new AppError(ResultCode.FAILED, msg, null, status);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Orders an invoice may be applied for: paid, or part refunded. */
const INVOICEABLE: readonly number[] = [OrderStatus.PAID, OrderStatus.PART_REFUNDED];

/** What an order may still be invoiced for: paid, less refunded, less the applications not rejected. */
const remaining = (order: Pick<repo.OrderRow, 'amountFen' | 'refundedFen'>, taken: number) =>
  Math.max(0, order.amountFen - order.refundedFen - taken);

function toInvoice(r: repo.InvoiceListRow, mobile = ''): TInvoice {
  return {
    id: r.id,
    orderId: r.orderId,
    orderNo: r.orderNo,
    orderTitle: r.orderTitle,
    payerName: r.payerName,
    payerMobile: mobile,
    payeeName: r.payeeName,
    titleType: r.titleType as TInvoiceTitleType,
    titleTypeName: INVOICE_TITLE_TYPE_NAMES[r.titleType as TInvoiceTitleType] ?? r.titleType,
    title: r.title,
    taxNo: r.taxNo,
    email: r.email,
    invoiceType: r.invoiceType as TInvoiceKind,
    invoiceTypeName: INVOICE_KIND_NAMES[r.invoiceType as TInvoiceKind] ?? r.invoiceType,
    address: r.address,
    phone: r.phone,
    bank: r.bank,
    bankAccount: r.bankAccount,
    amountFen: r.amountFen,
    remark: r.remark,
    status: r.status,
    statusName: INVOICE_STATUS_NAMES[r.status] ?? '',
    reason: r.reason,
    invoiceNo: r.invoiceNo,
    fileId: r.fileId,
    fileName: r.fileName,
    appliedAt: r.createdAt.toISOString(),
    handledBy: r.handledBy,
    handledAt: iso(r.handledAt),
  };
}

function scopeFilter(scope: TInvoiceScope, viewer: Viewer): Pick<repo.InvoiceFilter, 'payerUserId' | 'payeeOrgId'> {
  if (scope === 'mine') return { payerUserId: viewer.userId };
  // Without a payee nobody's applications are shown (a payee of -1 matches none).
  if (!viewer.payee) return { payeeOrgId: -1 };
  return { payeeOrgId: scope === 'issue' ? viewer.payee.orgId : listedPayee(viewer.payee, undefined) };
}

/**
 * 我的发票 (the payer's own), 开票管理 (applications for orders paid to the caller's payee) or 开票运营
 * (every application of the tenant; an organisation's administrator only its own).
 */
export async function listInvoices(
  tx: Tx,
  tenantId: number,
  scope: TInvoiceScope,
  viewer: Viewer,
  query: TInvoiceQuery,
): Promise<TPage<TInvoice>> {
  const { current, pageSize, status, keyword } = query;
  const { rows, total } = await repo.pageInvoices(
    tx,
    tenantId,
    { status, keyword, ...scopeFilter(scope, viewer) },
    { offset: (current - 1) * pageSize, limit: pageSize },
  );
  const mobiles = await payerMobiles(tx, scope === 'mine', rows);
  return { records: rows.map((r) => toInvoice(r, mobiles.get(r.payerUserId) ?? '')), total, current, pageSize };
}

/** The application as the scope sees it: a payer only their own, 开票管理 only the caller's payee's. */
async function invoiceInScope(
  tx: Tx,
  tenantId: number,
  scope: TInvoiceScope,
  viewer: Viewer,
  id: number,
  lock = false,
): Promise<repo.InvoiceRow> {
  const invoice = await repo.getInvoice(tx, tenantId, id, lock);
  const payee = viewer.payee;
  const visible =
    invoice &&
    ((scope === 'mine' && invoice.payerUserId === viewer.userId) ||
      (scope === 'issue' && payee !== null && invoice.payeeOrgId === payee.orgId) ||
      (scope === 'operation' && payee !== null && (payee.operator || invoice.payeeOrgId === payee.orgId)));
  if (!invoice || !visible) throw fail('发票申请不存在', 404);
  return invoice;
}

export async function invoiceDetail(
  tx: Tx,
  tenantId: number,
  scope: TInvoiceScope,
  viewer: Viewer,
  id: number,
): Promise<TInvoiceDetail> {
  await invoiceInScope(tx, tenantId, scope, viewer, id);
  const row = await repo.invoiceWithOrder(tx, tenantId, id);
  const order = row ? await repo.getOrder(tx, tenantId, row.orderId) : undefined;
  if (!row || !order) throw fail('发票申请不存在', 404);
  const mobile = (await payerMobiles(tx, scope === 'mine', [row])).get(row.payerUserId) ?? '';
  return {
    ...toInvoice(row, mobile),
    seller: await sellerOf(tx, tenantId, row.payeeOrgId),
    lines: row.lines.map((l) => ({
      item: l.item,
      taxCode: l.taxCode,
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      amountFen: l.amountFen,
    })),
    order: {
      amountFen: order.amountFen,
      refundedFen: order.refundedFen,
      status: order.status,
      statusName: ORDER_STATUS_NAMES[order.status] ?? '',
      paidAt: iso(order.paidAt),
    },
  };
}

/** The payer's paid orders with what may still be invoiced (the application form's choices). */
export async function invoiceableOrders(tx: Tx, tenantId: number, userId: number): Promise<TInvoiceableOrder[]> {
  const rows = await repo.payerPaidOrders(tx, tenantId, userId);
  return rows.map((o) => ({
    id: o.id,
    orderNo: o.orderNo,
    title: o.title,
    payeeName: o.payeeName,
    amountFen: o.amountFen,
    refundedFen: o.refundedFen,
    invoicedFen: o.invoicedFen,
    invoiceableFen: remaining(o, o.invoicedFen),
    pending: o.pending,
    paidAt: iso(o.paidAt),
  }));
}

/**
 * 申请开票: only the payer of a paid (or part refunded) order, for at most what may still be invoiced,
 * one waiting application per order. Checked under the order's row lock, so two applications at
 * once cannot both take the same amount.
 */
export async function applyInvoice(
  tx: Tx,
  tenantId: number,
  payer: Actor & { userId: number },
  input: TInvoiceApply,
): Promise<number> {
  const order = await repo.getOrder(tx, tenantId, input.orderId, true);
  if (!order || order.payerUserId !== payer.userId) throw fail('订单不存在', 404);
  if (!INVOICEABLE.includes(order.status)) throw fail(`订单${ORDER_STATUS_NAMES[order.status] ?? ''}，不能申请开票`);
  if (await repo.pendingInvoiceOf(tx, tenantId, order.id)) throw fail('该订单已有待开票的申请，请等待处理');
  const left = remaining(order, await repo.invoicedFen(tx, tenantId, order.id));
  if (left <= 0) throw fail('该订单已无可开票金额');
  if (input.amountFen > left) throw fail(`开票金额不能超过可开票金额 ¥${fenToYuan(left)}`);
  // The rules of the order's payee: each payee takes applications by its own settings.
  const rules = await payeeApplyRules(tx, tenantId, order.payeeOrgId);
  if (!rules.enabled) throw fail('暂不接受开票申请');
  if (!rules[input.invoiceType]) throw fail(`暂不开具${INVOICE_KIND_NAMES[input.invoiceType]}`);
  const parts = await repo.orderParts(tx, tenantId, order.id);
  const id = await repo.insertInvoice(tx, tenantId, {
    orderId: order.id,
    payerUserId: order.payerUserId,
    payeeOrgId: order.payeeOrgId,
    titleType: input.titleType,
    title: input.title,
    taxNo: input.taxNo,
    email: input.email,
    invoiceType: input.invoiceType,
    address: input.address,
    phone: input.phone,
    bank: input.bank,
    bankAccount: input.bankAccount.replaceAll(' ', ''),
    amountFen: input.amountFen,
    remark: input.remark,
    lines: parts.lines.map((l) => ({
      item: l.item,
      taxCode: l.taxCode,
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      amountFen: l.amountFen,
    })),
    appliedBy: payer.name,
  });
  await repo.insertEvent(tx, tenantId, {
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    actor: payer.name,
    remark: `申请开票：${input.title}（${INVOICE_KIND_NAMES[input.invoiceType]}）¥${fenToYuan(input.amountFen)}`,
  });
  return id;
}

/** The application to handle: in 开票管理's (or 开票运营's) scope, waiting, with its order locked first. */
async function pendingForHandling(tx: Tx, tenantId: number, scope: TInvoiceScope, viewer: Viewer, id: number) {
  if (scope === 'mine') throw fail('发票申请不存在', 404);
  const seen = await invoiceInScope(tx, tenantId, scope, viewer, id);
  // The order first, then the application: the same order of locks as an application takes.
  const order = await repo.getOrder(tx, tenantId, seen.orderId, true);
  const invoice = await repo.getInvoice(tx, tenantId, id, true);
  if (!order || !invoice) throw fail('发票申请不存在', 404);
  if (invoice.status !== InvoiceStatus.PENDING)
    throw fail(`该申请${INVOICE_STATUS_NAMES[invoice.status] ?? '已处理'}，不能重复处理`);
  return { order, invoice };
}

/**
 * 开票: the invoice was issued offline; its PDF (a ready file of the tenant, PDF only) and its number
 * are kept, and the payer downloads it. Refused when refunds since the application leave less to
 * invoice than it asks (the payee rejects it instead).
 */
export async function issueInvoice(
  tx: Tx,
  tenantId: number,
  issuer: Actor & Viewer,
  id: number,
  input: TInvoiceIssue,
  scope: TInvoiceScope = 'issue',
): Promise<void> {
  const { order, invoice } = await pendingForHandling(tx, tenantId, scope, issuer, id);
  const file = await repo.tenantFile(tx, tenantId, input.fileId);
  if (!file) throw fail('请上传发票文件');
  if (file.contentType !== 'application/pdf') throw fail('发票文件须为PDF');
  const left = INVOICEABLE.includes(order.status)
    ? remaining(order, await repo.invoicedFen(tx, tenantId, order.id, invoice.id))
    : 0;
  if (invoice.amountFen > left)
    throw fail(`订单${ORDER_STATUS_NAMES[order.status] ?? ''}，可开票金额 ¥${fenToYuan(left)}，请驳回此申请`);
  await repo.updateInvoice(tx, tenantId, id, {
    status: InvoiceStatus.ISSUED,
    invoiceNo: input.invoiceNo,
    fileId: input.fileId,
    fileName: file.name,
    handledBy: issuer.name,
    handledAt: new Date(),
  });
  await repo.insertEvent(tx, tenantId, {
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    actor: issuer.name,
    remark: `已开票，发票号码 ${input.invoiceNo}`,
  });
}

/** 驳回: with the reason the payer sees; the order may then be applied for again. */
export async function rejectInvoice(
  tx: Tx,
  tenantId: number,
  reviewer: Actor & Viewer,
  id: number,
  reason: string,
  scope: TInvoiceScope = 'issue',
): Promise<void> {
  const { order } = await pendingForHandling(tx, tenantId, scope, reviewer, id);
  await repo.updateInvoice(tx, tenantId, id, {
    status: InvoiceStatus.REJECTED,
    reason,
    handledBy: reviewer.name,
    handledAt: new Date(),
  });
  await repo.insertEvent(tx, tenantId, {
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    actor: reviewer.name,
    remark: `开票申请驳回：${reason}`,
  });
}

// ———————— 开票设置 ————————

/** Whose settings: null the tenant itself, else the organisation; and its name. */
type SettingsPayee = { orgId: number | null; name: string };

/** A payee's invoicing settings, or the defaults (applications taken, both kinds) before it saves any. */
async function payeeSettings(tx: Tx, tenantId: number, payee: SettingsPayee): Promise<TInvoiceSettings> {
  const row = await repo.getInvoiceSettings(tx, tenantId, payee.orgId);
  const whose = { payeeOrgId: payee.orgId, payeeName: payee.name };
  if (!row) return { ...DEFAULT_INVOICE_SETTINGS, ...whose, updatedBy: '', updatedAt: null };
  const { tenantId: _t, payeeKey: _k, updatedAt, ...rest } = row;
  return { ...rest, ...whose, updatedAt: updatedAt.toISOString() };
}

/**
 * Whose 开票设置 a caller reads or changes (README, Invoicing settings): its own payee's, unless it
 * names another (`payee`: 0 the tenant itself, else an organisation), which only the tenant's
 * operators may; anyone else may name only its own.
 */
async function settingsPayee(
  tx: Tx,
  tenantId: number,
  caller: Payee,
  asked: number | undefined,
  what: '查看' | '修改',
): Promise<SettingsPayee> {
  if (asked === undefined || asked === (caller.orgId ?? 0)) return caller;
  if (!caller.operator) throw fail(`仅平台运营方可以${what}其他收款方的开票设置`, 403);
  // The operators act for the tenant itself; an organisation must be one of the tenant's payees.
  return orderPayee(tx, tenantId, asked === 0 ? null : asked);
}

/** 开票设置: the caller's payee's, or (the operators) the payee it names. */
export async function invoiceSettings(
  tx: Tx,
  tenantId: number,
  viewer: { payee: Payee },
  query: TInvoiceSettingsQuery = {},
): Promise<TInvoiceSettings> {
  return payeeSettings(tx, tenantId, await settingsPayee(tx, tenantId, viewer.payee, query.payee, '查看'));
}

/**
 * 保存开票设置: the caller's payee's own (an organisation's administrator its own), or, by the
 * operators, a payee of the tenant they name. Another payee's row is not touched.
 */
export async function saveInvoiceSettings(
  tx: Tx,
  tenantId: number,
  actor: Actor & { payee: Payee },
  input: TInvoiceSettingsInput,
  query: TInvoiceSettingsQuery = {},
): Promise<void> {
  const payee = await settingsPayee(tx, tenantId, actor.payee, query.payee, '修改');
  await repo.saveInvoiceSettings(tx, tenantId, payee.orgId, { ...input, updatedBy: actor.name });
}

/** What a payee's settings say to applications: whether taken, which kinds, the note. */
async function payeeApplyRules(tx: Tx, tenantId: number, payeeOrgId: number | null): Promise<TInvoiceApplyRules> {
  const row = await repo.getInvoiceSettings(tx, tenantId, payeeOrgId);
  const { enabled, normal, special, note } = row ?? DEFAULT_INVOICE_SETTINGS;
  return { enabled, normal, special, note };
}

/**
 * What the application form needs for one of the payer's orders: the rules of the order's payee
 * (the tenant's or its organisation's). Another's order, or another tenant's: 订单不存在.
 */
export async function invoiceApplyRules(
  tx: Tx,
  tenantId: number,
  payerUserId: number,
  orderId: number,
): Promise<TInvoiceApplyRules> {
  const order = await repo.getOrder(tx, tenantId, orderId);
  if (!order || order.payerUserId !== payerUserId) throw fail('订单不存在', 404);
  return payeeApplyRules(tx, tenantId, order.payeeOrgId);
}

/** The seller as the payee's settings say it (the detail of an application). */
async function sellerOf(tx: Tx, tenantId: number, payeeOrgId: number | null): Promise<TInvoiceSeller> {
  const row = await repo.getInvoiceSettings(tx, tenantId, payeeOrgId);
  return {
    name: row?.sellerName ?? '',
    taxNo: row?.sellerTaxNo ?? '',
    addressPhone: row?.sellerAddressPhone ?? '',
    bank: row?.sellerBank ?? '',
  };
}
