import { likePattern } from '@shetuan/shared';
import { OrderStatus, type TOrderQuery } from '@shetuan/shared/payments';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AppDatabase, queryRows, type Tx } from '../../platform/db';
import { users } from '../../platform/directory/tables';
import { files } from '../../platform/files';
import { tenants } from '../../platform/tenancy/tables';
import {
  bankCards,
  type InvoiceLine,
  invoiceSettings,
  invoices,
  ledgerEntries,
  orderEvents,
  orderLines,
  orderPayments,
  orderRefunds,
  orders,
  orderVouchers,
  payAgreements,
  paymentAccounts,
  withdrawals,
} from './tables';

/**
 * The rows of a column's instant between two China-time dates (YYYY-MM-DD, both included, either
 * may be absent): the lists' 日期 filters.
 */
function onChinaDays(column: AnyColumn, from?: string, to?: string): SQL | undefined {
  const day = (d: string) => new Date(`${d}T00:00:00+08:00`);
  return and(
    from ? gte(column, day(from)) : undefined,
    to ? lt(column, new Date(day(to).getTime() + 86_400_000)) : undefined,
  );
}

/**
 * The payments module's SQL. Every query names its tenant (docs/scale-out.md); row-level security
 * stays the safety net.
 */
export type OrderRow = typeof orders.$inferSelect;
export type AccountRow = typeof paymentAccounts.$inferSelect;

export async function personOf(tx: Tx, userId: number): Promise<{ name: string; mobile: string } | undefined> {
  const [row] = await tx.select({ name: users.name, mobile: users.mobile }).from(users).where(eq(users.id, userId));
  return row ? { name: row.name, mobile: row.mobile ?? '' } : undefined;
}

/** A person by mobile number (the demo data names its payers so). */
export async function userByMobile(tx: Tx, mobile: string): Promise<{ id: number; name: string } | undefined> {
  const [row] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.mobile, mobile));
  return row;
}

export async function mobilesOf(tx: Tx, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, mobile: users.mobile }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r.mobile ?? '']));
}

// ---- receiving accounts ----

export async function pageAccounts(
  tx: Tx,
  tenantId: number,
  keyword: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: AccountRow[]; total: number }> {
  const where = and(
    eq(paymentAccounts.tenantId, tenantId),
    keyword
      ? or(ilike(paymentAccounts.name, likePattern(keyword)), ilike(paymentAccounts.accountName, likePattern(keyword)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(paymentAccounts)
      .where(where)
      .orderBy(asc(paymentAccounts.id))
      .offset(page.offset)
      .limit(page.limit),
    tx.select({ n: count() }).from(paymentAccounts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function getAccount(tx: Tx, tenantId: number, id: number): Promise<AccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.tenantId, tenantId), eq(paymentAccounts.id, id)));
  return row;
}

/** The enabled accounts a payee receives by (null: the tenant itself). */
export async function enabledAccounts(tx: Tx, tenantId: number, payeeOrgId: number | null): Promise<AccountRow[]> {
  return tx
    .select()
    .from(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.tenantId, tenantId),
        eq(paymentAccounts.enabled, true),
        payeeOrgId === null ? isNull(paymentAccounts.payeeOrgId) : eq(paymentAccounts.payeeOrgId, payeeOrgId),
      ),
    )
    .orderBy(asc(paymentAccounts.id));
}

export type AccountValues = Omit<typeof paymentAccounts.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

export async function insertAccount(tx: Tx, tenantId: number, values: AccountValues): Promise<number> {
  const [row] = await tx
    .insert(paymentAccounts)
    .values({ ...values, tenantId })
    .returning({ id: paymentAccounts.id });
  if (!row) throw new Error('payment account insert returned nothing');
  return row.id;
}

export async function updateAccount(
  tx: Tx,
  tenantId: number,
  id: number,
  values: Partial<AccountValues>,
): Promise<void> {
  await tx
    .update(paymentAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(paymentAccounts.tenantId, tenantId), eq(paymentAccounts.id, id)));
}

export async function deleteAccount(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.delete(paymentAccounts).where(and(eq(paymentAccounts.tenantId, tenantId), eq(paymentAccounts.id, id)));
}

export async function accountUsed(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.accountId, id)))
    .limit(1);
  return Boolean(row);
}

// ---- orders ----

export type OrderValues = Omit<
  typeof orders.$inferInsert,
  'tenantId' | 'id' | 'createdAt' | 'updatedAt' | 'status' | 'refundedFen'
>;

/** Inserts an order; undefined when the payer's idempotency key already made one. */
export async function insertOrder(tx: Tx, tenantId: number, values: OrderValues): Promise<number | undefined> {
  const [row] = await tx
    .insert(orders)
    .values({ ...values, tenantId })
    .onConflictDoNothing({ target: [orders.tenantId, orders.payerUserId, orders.idemKey] })
    .returning({ id: orders.id });
  return row?.id;
}

export async function orderByIdemKey(
  tx: Tx,
  tenantId: number,
  payerUserId: number,
  idemKey: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.payerUserId, payerUserId), eq(orders.idemKey, idemKey)));
  return row;
}

export async function insertLines(
  tx: Tx,
  tenantId: number,
  orderId: number,
  lines: { item: string; taxCode: string; quantity: number; unitPriceFen: number; amountFen: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(orderLines).values(lines.map((l) => ({ ...l, tenantId, orderId })));
}

/** An order, locked for the caller's transaction when `lock` (every change of state locks first). */
export async function getOrder(tx: Tx, tenantId: number, id: number, lock = false): Promise<OrderRow | undefined> {
  const q = tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function orderByNo(
  tx: Tx,
  tenantId: number,
  orderNo: string,
  lock = false,
): Promise<OrderRow | undefined> {
  const q = tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.orderNo, orderNo)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function orderByDevToken(tx: Tx, tenantId: number, token: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.devToken, token)));
  return row;
}

/** The order a 付款链接 names (locked when `lock`, as paying through it changes the order). */
export async function orderByPayLink(
  tx: Tx,
  tenantId: number,
  token: string,
  lock = false,
): Promise<OrderRow | undefined> {
  const q = tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.payLinkToken, token)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Makes (a token) or revokes (null) an order's 付款链接. */
export async function setPayLink(tx: Tx, tenantId: number, id: number, token: string | null): Promise<void> {
  await tx
    .update(orders)
    .set({ payLinkToken: token, updatedAt: new Date() })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)));
}

export async function updateOrder(
  tx: Tx,
  tenantId: number,
  id: number,
  values: Partial<Pick<OrderRow, 'status' | 'paidAt' | 'accountId' | 'method' | 'devToken' | 'refundedFen'>>,
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)));
}

export interface OrderFilter extends Omit<TOrderQuery, 'current' | 'pageSize' | 'payee'> {
  payerUserId?: number;
  /** Only orders to one payee: null the tenant itself, else an organisation (undefined: any). */
  payeeOrgId?: number | null | undefined;
}

/** A column equal to a payee: null the tenant itself, a number an organisation, undefined any. */
function payeeIs(column: AnyColumn, payeeOrgId: number | null | undefined): SQL | undefined {
  if (payeeOrgId === undefined) return undefined;
  return payeeOrgId === null ? isNull(column) : eq(column, payeeOrgId);
}

function orderWhere(tenantId: number, f: OrderFilter): SQL | undefined {
  const like = f.keyword ? likePattern(f.keyword) : null;
  return and(
    eq(orders.tenantId, tenantId),
    f.payerUserId !== undefined ? eq(orders.payerUserId, f.payerUserId) : undefined,
    payeeIs(orders.payeeOrgId, f.payeeOrgId),
    f.status !== undefined ? eq(orders.status, f.status) : undefined,
    f.method ? eq(orders.method, f.method) : undefined,
    onChinaDays(orders.createdAt, f.from, f.to),
    like ? or(ilike(orders.orderNo, like), ilike(orders.title, like), ilike(orders.payerName, like)) : undefined,
  );
}

export async function pageOrders(
  tx: Tx,
  tenantId: number,
  f: OrderFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = orderWhere(tenantId, f);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .offset(page.offset)
      .limit(page.limit),
    tx.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertEvent(
  tx: Tx,
  tenantId: number,
  e: { orderId: number; fromStatus: number | null; toStatus: number; actor: string; remark?: string },
): Promise<void> {
  await tx.insert(orderEvents).values({ ...e, remark: e.remark ?? '', tenantId });
}

export async function orderParts(tx: Tx, tenantId: number, orderId: number) {
  const [lines, events, payments, vouchers, refunds] = await Promise.all([
    tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.tenantId, tenantId), eq(orderLines.orderId, orderId)))
      .orderBy(asc(orderLines.id)),
    tx
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.tenantId, tenantId), eq(orderEvents.orderId, orderId)))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    tx
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.tenantId, tenantId), eq(orderPayments.orderId, orderId)))
      .orderBy(asc(orderPayments.id)),
    tx
      .select()
      .from(orderVouchers)
      .where(and(eq(orderVouchers.tenantId, tenantId), eq(orderVouchers.orderId, orderId)))
      .orderBy(asc(orderVouchers.id)),
    tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.tenantId, tenantId), eq(orderRefunds.orderId, orderId)))
      .orderBy(asc(orderRefunds.id)),
  ]);
  return { lines, events, payments, vouchers, refunds };
}

// ---- money in ----

/** Records a provider transaction once: undefined when this transaction was recorded before. */
export async function insertPayment(
  tx: Tx,
  tenantId: number,
  p: {
    orderId: number;
    kind: string;
    providerTxnId: string;
    amountFen: number;
    state: 'applied' | 'exception';
    raw?: Record<string, unknown>;
  },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(orderPayments)
    .values({ ...p, tenantId })
    .onConflictDoNothing({ target: [orderPayments.tenantId, orderPayments.kind, orderPayments.providerTxnId] })
    .returning({ id: orderPayments.id });
  return row?.id;
}

// ---- vouchers ----

/** A ready file the person uploaded in the tenant: its name and type (a voucher must be theirs). */
export async function ownFile(
  tx: Tx,
  tenantId: number,
  userId: number,
  id: number,
): Promise<{ name: string; contentType: string } | undefined> {
  const [row] = await tx
    .select({ name: files.realFileName, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id), eq(files.userId, userId), eq(files.status, 'ready')));
  return row;
}

export async function insertVoucher(
  tx: Tx,
  tenantId: number,
  v: { orderId: number; fileId: number; fileName: string; remark: string },
): Promise<number> {
  const [row] = await tx
    .insert(orderVouchers)
    .values({ ...v, tenantId })
    .returning({ id: orderVouchers.id });
  if (!row) throw new Error('voucher insert returned nothing');
  return row.id;
}

export async function getVoucher(tx: Tx, tenantId: number, orderId: number, id: number) {
  const [row] = await tx
    .select()
    .from(orderVouchers)
    .where(and(eq(orderVouchers.tenantId, tenantId), eq(orderVouchers.orderId, orderId), eq(orderVouchers.id, id)));
  return row;
}

export async function reviewVoucher(
  tx: Tx,
  tenantId: number,
  id: number,
  v: { status: number; reason: string; reviewedBy: string },
): Promise<void> {
  await tx
    .update(orderVouchers)
    .set({ ...v, reviewedAt: new Date() })
    .where(and(eq(orderVouchers.tenantId, tenantId), eq(orderVouchers.id, id)));
}

// ---- refunds ----

export async function insertRefund(
  tx: Tx,
  tenantId: number,
  r: {
    orderId: number;
    refundNo: string;
    amountFen: number;
    state: string;
    reason: string;
    createdBy: string;
    providerRefundId: string;
    paymentId?: number | null;
    accountId?: number | null;
    settledAt?: Date | null;
  },
): Promise<number> {
  const [row] = await tx
    .insert(orderRefunds)
    .values({ ...r, tenantId })
    .returning({ id: orderRefunds.id });
  if (!row) throw new Error('refund insert returned nothing');
  return row.id;
}

export type RefundRow = typeof orderRefunds.$inferSelect;
export type PaymentRow = typeof orderPayments.$inferSelect;

/** A refund by its id or its number, locked for the caller's transaction when `lock` (after its order). */
export async function getRefund(
  tx: Tx,
  tenantId: number,
  by: { id: number } | { refundNo: string },
  lock = false,
): Promise<RefundRow | undefined> {
  const q = tx
    .select()
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.tenantId, tenantId),
        'id' in by ? eq(orderRefunds.id, by.id) : eq(orderRefunds.refundNo, by.refundNo),
      ),
    );
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** How many refunds the order has had (any state): the ordinal in a new refund's number (under the order's lock). */
export async function countRefunds(tx: Tx, tenantId: number, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.tenantId, tenantId), eq(orderRefunds.orderId, orderId)));
  return row?.n ?? 0;
}

/** A refund asked of its provider that it says it is processing: 退款中 until it says how it ended. */
export async function markRefundProcessing(
  tx: Tx,
  tenantId: number,
  id: number,
  providerRefundId: string,
): Promise<void> {
  await tx
    .update(orderRefunds)
    .set({ state: 'processing', providerRefundId })
    .where(and(eq(orderRefunds.tenantId, tenantId), eq(orderRefunds.id, id), eq(orderRefunds.state, 'requested')));
}

/** A refund finished at its provider: done or failed, once. */
export async function settleRefund(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { state: 'done' | 'failed'; providerRefundId: string; settledAt: Date },
): Promise<void> {
  await tx
    .update(orderRefunds)
    .set(values)
    .where(and(eq(orderRefunds.tenantId, tenantId), eq(orderRefunds.id, id)));
}

/** One payment of an order. */
export async function getPayment(tx: Tx, tenantId: number, orderId: number, id: number) {
  const [row] = await tx
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.tenantId, tenantId), eq(orderPayments.orderId, orderId), eq(orderPayments.id, id)));
  return row;
}

/** The states of a refund not yet finished: asked of its provider (requested), or processing there. */
export const OPEN_REFUND_STATES = ['requested', 'processing'];

/** Refunds of the order (not of its exceptions) still in progress (requested or processing). */
export async function refundsInProgress(tx: Tx, tenantId: number, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${orderRefunds.amountFen}), 0)` })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.tenantId, tenantId),
        eq(orderRefunds.orderId, orderId),
        inArray(orderRefunds.state, OPEN_REFUND_STATES),
        isNull(orderRefunds.paymentId),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * What a payee's orders' refunds still in progress will take from its account (requested or
 * processing; not exceptions, which come from suspense): held back from what it may withdraw.
 */
export async function payeeRefundsInProgress(tx: Tx, tenantId: number, payeeOrgId: number | null): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${orderRefunds.amountFen}), 0)` })
    .from(orderRefunds)
    .innerJoin(orders, and(eq(orders.tenantId, tenantId), eq(orders.id, orderRefunds.orderId)))
    .where(
      and(
        eq(orderRefunds.tenantId, tenantId),
        inArray(orderRefunds.state, OPEN_REFUND_STATES),
        isNull(orderRefunds.paymentId),
        payeeOrgId === null ? isNull(orders.payeeOrgId) : eq(orders.payeeOrgId, payeeOrgId),
      ),
    );
  return Number(row?.n ?? 0);
}

// ---- ledger ----

export async function insertLedger(
  tx: Tx,
  tenantId: number,
  txn: string,
  lines: { account: string; amountFen: number; orderId: number | null; memo: string }[],
): Promise<void> {
  await tx.insert(ledgerEntries).values(lines.map((l) => ({ ...l, txn, tenantId })));
}

/**
 * An order paid, in one statement (the hot path of a notification): its two ledger lines, its
 * event and its new state. The ledger's balance is still checked at commit by the trigger.
 */
export async function markPaid(
  tx: Tx,
  tenantId: number,
  p: {
    orderId: number;
    fromStatus: number;
    toStatus: number;
    paidAt: Date;
    method: string;
    actor: string;
    remark: string;
    txn: string;
    lines: { account: string; amountFen: number; memo: string }[];
  },
): Promise<void> {
  const values = sql.join(
    p.lines.map((l) => sql`(${tenantId}, ${p.txn}, ${l.account}, ${l.amountFen}, ${p.orderId}, ${l.memo})`),
    sql`, `,
  );
  await tx.execute(sql`
    with ledger as (
      insert into ledger_entries (tenant_id, txn, account, amount_fen, order_id, memo) values ${values}
    ), event as (
      insert into order_events (tenant_id, order_id, from_status, to_status, actor, remark)
      values (${tenantId}, ${p.orderId}, ${p.fromStatus}, ${p.toStatus}, ${p.actor}, ${p.remark})
    )
    update orders set status = ${p.toStatus}, paid_at = ${p.paidAt.toISOString()}::timestamptz, method = ${p.method},
      updated_at = now()
    where tenant_id = ${tenantId} and id = ${p.orderId}`);
}

/** A notification's payment as the one-statement path writes it (service.ts applyPayment). */
export interface OpenOrderPayment {
  orderNo: string;
  kind: string;
  providerTxnId: string;
  amountFen: number;
  paidAt: Date;
  raw: Record<string, unknown>;
  actor: string;
  remark: string;
  memo: string;
  /** Kinds of order left to the transactional path (their module is told inside it). */
  skipKinds: readonly string[];
}

/**
 * A notification's common case in one statement, `payments_pay_open_order` (migration 0038, where
 * the SQL and its rules are): the order, open (待支付 or 待审核), of exactly this amount and not of a
 * skipped kind, is locked; the provider's transaction recorded once; both ledger lines, the event
 * and the paid state written. Answers the paid order's id, or undefined when any of that does not
 * hold (the caller then takes the careful path). The function sets the tenant for its statement:
 * the same tenant inside withTenant's transaction.
 */
function payOpenOrderSql(tenantId: number, p: OpenOrderPayment): SQL {
  return sql`select paid_order from payments_pay_open_order(${tenantId}, ${p.orderNo}, ${p.kind}, ${p.providerTxnId},
    ${p.amountFen}, ${p.paidAt.toISOString()}::timestamptz, ${JSON.stringify(p.raw)}::jsonb, ${p.actor}, ${p.remark},
    ${p.memo}, ${sql.param([...p.skipKinds])}::text[])`;
}

/** The one-statement payment inside the caller's transaction (its handlers run after, in it). */
export async function payOpenOrder(tx: Tx, tenantId: number, p: OpenOrderPayment): Promise<number | undefined> {
  const [row] = await queryRows<{ paid_order: string }>(tx, payOpenOrderSql(tenantId, p));
  return row ? Number(row.paid_order) : undefined;
}

/**
 * The same in one round trip, outside an explicit transaction: one atomic statement (its ledger
 * lines still checked at commit). Only on PostgreSQL, where each statement has a pooled connection
 * of its own; embedded PGlite shares one connection, so there the transactional path is taken.
 */
export async function payOpenOrderAtOnce(
  db: AppDatabase,
  tenantId: number,
  p: OpenOrderPayment,
): Promise<number | undefined> {
  if (db.kind !== 'postgres') return undefined;
  const [row] = await db.withGlobal((g) => queryRows<{ paid_order: string }>(g, payOpenOrderSql(tenantId, p)));
  return row ? Number(row.paid_order) : undefined;
}

/** The number of ledger lines and their sum (zero when the books balance). */
export async function ledgerTotals(tx: Tx, tenantId: number): Promise<{ entries: number; sumFen: number }> {
  const [row] = await tx
    .select({ n: count(), sum: sql<string>`coalesce(sum(${ledgerEntries.amountFen}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tenantId, tenantId));
  return { entries: row?.n ?? 0, sumFen: Number(row?.sum ?? 0) };
}

export async function ledgerOfOrder(tx: Tx, tenantId: number, orderId: number) {
  return tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.orderId, orderId)))
    .orderBy(asc(ledgerEntries.id));
}

// ———————— invoices (发票): the rules are in invoices.ts ————————
// Kept here: scripts/check-boundaries.mjs allows SQL only in repository.ts (and tables.ts).

export type InvoiceRow = typeof invoices.$inferSelect;
/** An application with the order's number, title and people, as the lists show it. */
export type InvoiceListRow = InvoiceRow & { orderNo: string; orderTitle: string; payerName: string; payeeName: string };

export type InvoiceValues = Omit<
  typeof invoices.$inferInsert,
  'tenantId' | 'id' | 'createdAt' | 'updatedAt' | 'status' | 'reason' | 'invoiceNo' | 'fileId' | 'fileName'
> & { lines: InvoiceLine[] };

export async function insertInvoice(tx: Tx, tenantId: number, values: InvoiceValues): Promise<number> {
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, tenantId })
    .returning({ id: invoices.id });
  if (!row) throw new Error('invoice insert returned nothing');
  return row.id;
}

/** An application, locked for the caller's transaction when `lock` (issuing and rejecting lock first). */
export async function getInvoice(tx: Tx, tenantId: number, id: number, lock = false): Promise<InvoiceRow | undefined> {
  const q = tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateInvoice(
  tx: Tx,
  tenantId: number,
  id: number,
  values: Partial<
    Pick<InvoiceRow, 'status' | 'reason' | 'invoiceNo' | 'fileId' | 'fileName' | 'handledBy' | 'handledAt'>
  >,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)));
}

/** What the order's applications not rejected take (待开票 and 已开票), leaving out one of them. */
export async function invoicedFen(tx: Tx, tenantId: number, orderId: number, exceptId?: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${invoices.amountFen}), 0)` })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        eq(invoices.orderId, orderId),
        ne(invoices.status, 2),
        exceptId !== undefined ? ne(invoices.id, exceptId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The order's application waiting to be handled, if any. */
export async function pendingInvoiceOf(tx: Tx, tenantId: number, orderId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.orderId, orderId), eq(invoices.status, 0)))
    .limit(1);
  return row?.id;
}

export interface InvoiceFilter {
  status?: number | undefined;
  keyword?: string | undefined;
  payerUserId?: number;
  /** Only applications for orders paid to one payee (开票管理: the caller's); undefined any. */
  payeeOrgId?: number | null | undefined;
}

const invoiceListColumns = {
  invoice: invoices,
  orderNo: orders.orderNo,
  orderTitle: orders.title,
  payerName: orders.payerName,
  payeeName: orders.payeeName,
};
const joinOrder = and(eq(orders.tenantId, invoices.tenantId), eq(orders.id, invoices.orderId));

function invoiceWhere(tenantId: number, f: InvoiceFilter): SQL | undefined {
  const like = f.keyword ? likePattern(f.keyword) : null;
  return and(
    eq(invoices.tenantId, tenantId),
    eq(orders.tenantId, tenantId),
    f.payerUserId !== undefined ? eq(invoices.payerUserId, f.payerUserId) : undefined,
    payeeIs(invoices.payeeOrgId, f.payeeOrgId),
    f.status !== undefined ? eq(invoices.status, f.status) : undefined,
    like
      ? or(
          ilike(invoices.title, like),
          ilike(invoices.invoiceNo, like),
          ilike(orders.orderNo, like),
          ilike(orders.title, like),
          ilike(orders.payerName, like),
        )
      : undefined,
  );
}

const flatten = (r: {
  invoice: InvoiceRow;
  orderNo: string;
  orderTitle: string;
  payerName: string;
  payeeName: string;
}) =>
  ({
    ...r.invoice,
    orderNo: r.orderNo,
    orderTitle: r.orderTitle,
    payerName: r.payerName,
    payeeName: r.payeeName,
  }) as InvoiceListRow;

export async function pageInvoices(
  tx: Tx,
  tenantId: number,
  f: InvoiceFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const where = invoiceWhere(tenantId, f);
  const [rows, [total]] = await Promise.all([
    tx
      .select(invoiceListColumns)
      .from(invoices)
      .innerJoin(orders, joinOrder)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .offset(page.offset)
      .limit(page.limit),
    tx.select({ n: count() }).from(invoices).innerJoin(orders, joinOrder).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

export async function invoiceWithOrder(tx: Tx, tenantId: number, id: number): Promise<InvoiceListRow | undefined> {
  const [row] = await tx
    .select(invoiceListColumns)
    .from(invoices)
    .innerJoin(orders, joinOrder)
    .where(and(eq(invoices.tenantId, tenantId), eq(orders.tenantId, tenantId), eq(invoices.id, id)));
  return row ? flatten(row) : undefined;
}

/**
 * The payer's paid orders (已支付, 部分退款), newest first, with what their applications not rejected
 * take and whether one waits.
 */
export async function payerPaidOrders(
  tx: Tx,
  tenantId: number,
  payerUserId: number,
): Promise<(OrderRow & { invoicedFen: number; pending: boolean })[]> {
  const taken = tx
    .select({
      orderId: invoices.orderId,
      fen: sql<string>`coalesce(sum(${invoices.amountFen}) filter (where ${invoices.status} <> 2), 0)`.as('fen'),
      pending: sql<boolean>`bool_or(${invoices.status} = 0)`.as('pending'),
    })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.payerUserId, payerUserId)))
    .groupBy(invoices.orderId)
    .as('taken');
  const rows = await tx
    .select({ order: orders, fen: taken.fen, pending: taken.pending })
    .from(orders)
    .leftJoin(taken, eq(taken.orderId, orders.id))
    .where(and(eq(orders.tenantId, tenantId), eq(orders.payerUserId, payerUserId), inArray(orders.status, [2, 6])))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(200);
  return rows.map((r) => ({ ...r.order, invoicedFen: Number(r.fen ?? 0), pending: Boolean(r.pending) }));
}

/** A ready file of the tenant (anyone's upload): its name and type (an issued invoice's PDF). */
export async function tenantFile(
  tx: Tx,
  tenantId: number,
  id: number,
): Promise<{ name: string; contentType: string } | undefined> {
  const [row] = await tx
    .select({ name: files.realFileName, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id), eq(files.status, 'ready')));
  return row;
}

// ———————— 钱包 and 流水 (read views of the ledger): the rules are in wallet.ts ————————

/**
 * A payee's account (payee:tenant, payee:org:<id>) in one pass over its ledger lines (sums in fen),
 * and what suspense:refund holds for that payee's orders.
 */
export async function walletTotals(
  tx: Tx,
  tenantId: number,
  account: string,
  payeeOrgId: number | null,
): Promise<{ creditFen: number; debitFen: number; balanceFen: number; suspenseFen: number; orders: number }> {
  // Income and refunds are the order-linked lines; withdrawals (no order) only change the balance.
  const [[row], [suspense]] = await Promise.all([
    tx
      .select({
        credit: sql<string>`coalesce(-sum(${ledgerEntries.amountFen}) filter (where ${ledgerEntries.amountFen} < 0 and ${ledgerEntries.orderId} is not null), 0)`,
        debit: sql<string>`coalesce(sum(${ledgerEntries.amountFen}) filter (where ${ledgerEntries.amountFen} > 0 and ${ledgerEntries.orderId} is not null), 0)`,
        balance: sql<string>`coalesce(-sum(${ledgerEntries.amountFen}), 0)`,
        orders: sql<string>`count(distinct ${ledgerEntries.orderId}) filter (where ${ledgerEntries.amountFen} < 0)`,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.account, account))),
    tx
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountFen}), 0)` })
      .from(ledgerEntries)
      .innerJoin(
        orders,
        and(
          eq(orders.tenantId, tenantId),
          eq(orders.tenantId, ledgerEntries.tenantId),
          eq(orders.id, ledgerEntries.orderId),
        ),
      )
      .where(
        and(
          eq(ledgerEntries.tenantId, tenantId),
          eq(ledgerEntries.account, 'suspense:refund'),
          payeeIs(orders.payeeOrgId, payeeOrgId),
        ),
      ),
  ]);
  return {
    creditFen: Number(row?.credit ?? 0),
    debitFen: Number(row?.debit ?? 0),
    balanceFen: Number(row?.balance ?? 0),
    suspenseFen: Number(suspense?.sum ?? 0),
    orders: Number(row?.orders ?? 0),
  };
}

/** A payee account's credits and debits by month ('YYYY-MM' in China time) since `since`. */
export async function walletMonths(
  tx: Tx,
  tenantId: number,
  since: Date,
  account: string,
): Promise<{ month: string; creditFen: number; debitFen: number }[]> {
  const month = sql<string>`to_char(${ledgerEntries.at} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const rows = await tx
    .select({
      month,
      credit: sql<string>`coalesce(-sum(${ledgerEntries.amountFen}) filter (where ${ledgerEntries.amountFen} < 0), 0)`,
      debit: sql<string>`coalesce(sum(${ledgerEntries.amountFen}) filter (where ${ledgerEntries.amountFen} > 0), 0)`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.tenantId, tenantId),
        eq(ledgerEntries.account, account),
        gte(ledgerEntries.at, since),
        sql`${ledgerEntries.orderId} is not null`,
      ),
    )
    .groupBy(month);
  return rows.map((r) => ({ month: r.month, creditFen: Number(r.credit), debitFen: Number(r.debit) }));
}

export interface FlowFilter {
  /** One account only (支付流水: the payee's account). */
  account?: string | undefined;
  /** Every line of the ledger transactions that touch one of these accounts (a payee's movements, both sides). */
  touching?: readonly string[] | undefined;
  keyword?: string | undefined;
  /** China-time dates, YYYY-MM-DD, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

export type FlowRow = typeof ledgerEntries.$inferSelect & { orderNo: string | null; orderTitle: string | null };

/**
 * Ledger lines with their order's number and title, newest first. The order is joined on
 * (tenant_id, id): a line without an order (none today) still shows.
 */
export async function pageFlows(
  tx: Tx,
  tenantId: number,
  f: FlowFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: FlowRow[]; total: number }> {
  const like = f.keyword ? likePattern(f.keyword) : null;
  const join = and(
    eq(orders.tenantId, tenantId),
    eq(orders.tenantId, ledgerEntries.tenantId),
    eq(orders.id, ledgerEntries.orderId),
  );
  const where = and(
    eq(ledgerEntries.tenantId, tenantId),
    f.account ? eq(ledgerEntries.account, f.account) : undefined,
    f.touching
      ? sql`${ledgerEntries.txn} in (select txn from ledger_entries where tenant_id = ${tenantId} and account in (${sql.join(
          f.touching.map((a) => sql`${a}`),
          sql`, `,
        )}))`
      : undefined,
    onChinaDays(ledgerEntries.at, f.from, f.to),
    like ? or(ilike(orders.orderNo, like), ilike(orders.title, like)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select({ line: ledgerEntries, orderNo: orders.orderNo, orderTitle: orders.title })
      .from(ledgerEntries)
      .leftJoin(orders, join)
      .where(where)
      .orderBy(desc(ledgerEntries.at), desc(ledgerEntries.id))
      .offset(page.offset)
      .limit(page.limit),
    like
      ? tx.select({ n: count() }).from(ledgerEntries).leftJoin(orders, join).where(where)
      : tx.select({ n: count() }).from(ledgerEntries).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.line, orderNo: r.orderNo, orderTitle: r.orderTitle })),
    total: total?.n ?? 0,
  };
}

// ———————— 订单统计 ————————

const PAID_STATES = [2, 4, 5, 6];

/** The figures above 收款订单 and 订单运营: by state, by method (paid), by month of payment. */
export async function orderStats(tx: Tx, tenantId: number, f: OrderFilter, since: Date) {
  const where = orderWhere(tenantId, f);
  const paid = inArray(orders.status, PAID_STATES);
  const month = sql<string>`to_char(${orders.paidAt} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const [byStatus, byMethod, byMonth] = await Promise.all([
    tx
      .select({ status: orders.status, n: count(), amount: sql<string>`coalesce(sum(${orders.amountFen}), 0)` })
      .from(orders)
      .where(where)
      .groupBy(orders.status),
    tx
      .select({
        method: orders.method,
        n: count(),
        paid: sql<string>`coalesce(sum(${orders.amountFen}), 0)`,
        refunded: sql<string>`coalesce(sum(${orders.refundedFen}), 0)`,
      })
      .from(orders)
      .where(and(where, paid))
      .groupBy(orders.method),
    tx
      .select({ month, n: count(), paid: sql<string>`coalesce(sum(${orders.amountFen}), 0)` })
      .from(orders)
      .where(and(where, paid, gte(orders.paidAt, since)))
      .groupBy(month),
  ]);
  return {
    byStatus: byStatus.map((r) => ({ status: r.status, orders: r.n, amountFen: Number(r.amount) })),
    byMethod: byMethod.map((r) => ({
      method: r.method,
      orders: r.n,
      paidFen: Number(r.paid),
      refundedFen: Number(r.refunded),
    })),
    byMonth: byMonth.map((r) => ({ month: r.month, orders: r.n, paidFen: Number(r.paid) })),
  };
}

// ———————— 银行卡 ————————

export type BankCardRow = typeof bankCards.$inferSelect;

/** A payee's cards (payee_org_id null: the tenant's own), the default first. */
export async function listBankCards(tx: Tx, tenantId: number, payeeOrgId: number | null): Promise<BankCardRow[]> {
  return tx
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.tenantId, tenantId), payeeIs(bankCards.payeeOrgId, payeeOrgId)))
    .orderBy(desc(bankCards.isDefault), asc(bankCards.id));
}

export async function getBankCard(
  tx: Tx,
  tenantId: number,
  payeeOrgId: number | null,
  id: number,
): Promise<BankCardRow | undefined> {
  const [row] = await tx
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.tenantId, tenantId), payeeIs(bankCards.payeeOrgId, payeeOrgId), eq(bankCards.id, id)));
  return row;
}

export async function countBankCards(tx: Tx, tenantId: number, payeeOrgId: number | null): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bankCards)
    .where(and(eq(bankCards.tenantId, tenantId), payeeIs(bankCards.payeeOrgId, payeeOrgId)));
  return row?.n ?? 0;
}

/** Takes the default from every card of the payee (before one is made the default). */
export async function clearDefaultCard(tx: Tx, tenantId: number, payeeOrgId: number | null): Promise<void> {
  await tx
    .update(bankCards)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(eq(bankCards.tenantId, tenantId), payeeIs(bankCards.payeeOrgId, payeeOrgId), eq(bankCards.isDefault, true)),
    );
}

export type BankCardValues = Pick<BankCardRow, 'accountName' | 'bankName' | 'branch' | 'accountNo' | 'isDefault'>;

export async function insertBankCard(
  tx: Tx,
  tenantId: number,
  payeeOrgId: number | null,
  values: BankCardValues,
): Promise<number> {
  const [row] = await tx
    .insert(bankCards)
    .values({ ...values, payeeOrgId, tenantId })
    .returning({ id: bankCards.id });
  return row?.id ?? 0;
}

export async function updateBankCard(
  tx: Tx,
  tenantId: number,
  payeeOrgId: number | null,
  id: number,
  values: BankCardValues,
): Promise<void> {
  await tx
    .update(bankCards)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bankCards.tenantId, tenantId), payeeIs(bankCards.payeeOrgId, payeeOrgId), eq(bankCards.id, id)));
}

export async function deleteBankCard(tx: Tx, tenantId: number, payeeOrgId: number | null, id: number): Promise<void> {
  await tx
    .delete(bankCards)
    .where(and(eq(bankCards.tenantId, tenantId), payeeIs(bankCards.payeeOrgId, payeeOrgId), eq(bankCards.id, id)));
}

/** Makes the payee's oldest card the default when none is (after the default was removed). */
export async function ensureDefaultCard(tx: Tx, tenantId: number, payeeOrgId: number | null): Promise<void> {
  const org = payeeOrgId ?? 0;
  await tx.execute(sql`
    update bank_cards set is_default = true, updated_at = now()
    where tenant_id = ${tenantId} and coalesce(payee_org_id, 0) = ${org}
      and id = (select min(id) from bank_cards where tenant_id = ${tenantId} and coalesce(payee_org_id, 0) = ${org})
      and not exists (select 1 from bank_cards where tenant_id = ${tenantId} and coalesce(payee_org_id, 0) = ${org}
        and is_default)`);
}

// ———————— 收款协议 (one row per tenant) and 开票设置 (one row per payee) ————————

export type AgreementRow = typeof payAgreements.$inferSelect;

export async function getAgreement(tx: Tx, tenantId: number): Promise<AgreementRow | undefined> {
  const [row] = await tx.select().from(payAgreements).where(eq(payAgreements.tenantId, tenantId));
  return row;
}

/** Writes the agreement; its version grows by one (the first saved is version 1). */
export async function saveAgreement(
  tx: Tx,
  tenantId: number,
  values: Pick<AgreementRow, 'feeRateBp' | 'minFeeFen' | 'minWithdrawFen' | 'text' | 'updatedBy'>,
): Promise<void> {
  await tx
    .insert(payAgreements)
    .values({ ...values, tenantId, version: 1 })
    .onConflictDoUpdate({
      target: payAgreements.tenantId,
      set: { ...values, version: sql`${payAgreements.version} + 1`, updatedAt: new Date() },
    });
}

export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;

/** A payee's key in invoice_settings: 0 the tenant itself (payee org null), else the organisation. */
const settingsKey = (payeeOrgId: number | null) => payeeOrgId ?? 0;

/** A payee's own invoicing settings (开票设置), if it saved any. */
export async function getInvoiceSettings(
  tx: Tx,
  tenantId: number,
  payeeOrgId: number | null,
): Promise<InvoiceSettingsRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoiceSettings)
    .where(and(eq(invoiceSettings.tenantId, tenantId), eq(invoiceSettings.payeeKey, settingsKey(payeeOrgId))));
  return row;
}

/** Saves a payee's settings (its row made on its first save); another payee's row is not touched. */
export async function saveInvoiceSettings(
  tx: Tx,
  tenantId: number,
  payeeOrgId: number | null,
  values: Omit<InvoiceSettingsRow, 'tenantId' | 'payeeKey' | 'updatedAt'>,
): Promise<void> {
  await tx
    .insert(invoiceSettings)
    .values({ ...values, tenantId, payeeKey: settingsKey(payeeOrgId) })
    .onConflictDoUpdate({
      target: [invoiceSettings.tenantId, invoiceSettings.payeeKey],
      set: { ...values, updatedAt: new Date() },
    });
}

// ———————— 提现 ————————

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * Serialises the withdrawals and cards of one payee (the tenant itself, or an organisation) for the
 * rest of the transaction: the balance read after it is the balance the withdrawal is checked
 * against, also under concurrent requests. Payees do not wait for each other.
 */
export async function lockPayeeWallet(tx: Tx, tenantId: number, payeeOrgId: number | null): Promise<void> {
  const key = payeeOrgId === null ? `payee-wallet:${tenantId}` : `payee-wallet:${tenantId}:org:${payeeOrgId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * The collection agreement's lock: shared by a withdrawal (it reads the version its applicant agreed
 * to), exclusive for saving a new version, so no withdrawal is taken under a version being replaced.
 */
export async function lockAgreement(tx: Tx, tenantId: number, exclusive: boolean): Promise<void> {
  const key = `pay-agreement:${tenantId}`;
  await tx.execute(
    exclusive
      ? sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`
      : sql`select pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`,
  );
}

/** An account's balance in fen as the ledger holds it (debit positive). */
export async function accountSum(tx: Tx, tenantId: number, account: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountFen}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.account, account)));
  return Number(row?.sum ?? 0);
}

export async function insertWithdrawal(
  tx: Tx,
  tenantId: number,
  values: Omit<typeof withdrawals.$inferInsert, 'tenantId' | 'id'>,
): Promise<number> {
  const [row] = await tx
    .insert(withdrawals)
    .values({ ...values, tenantId })
    .returning({ id: withdrawals.id });
  return row?.id ?? 0;
}

export async function getWithdrawal(
  tx: Tx,
  tenantId: number,
  id: number,
  lock = false,
): Promise<WithdrawalRow | undefined> {
  const q = tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.tenantId, tenantId), eq(withdrawals.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateWithdrawal(
  tx: Tx,
  tenantId: number,
  id: number,
  values: Partial<Pick<WithdrawalRow, 'status' | 'reason' | 'bankRef' | 'handledBy' | 'handledAt'>>,
): Promise<void> {
  await tx
    .update(withdrawals)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(withdrawals.tenantId, tenantId), eq(withdrawals.id, id)));
}

export interface WithdrawalFilter {
  /** One payee's (null the tenant itself); undefined every payee's. */
  payeeOrgId?: number | null | undefined;
  keyword?: string | undefined;
  status?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export async function pageWithdrawals(
  tx: Tx,
  tenantId: number,
  f: WithdrawalFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const like = f.keyword ? likePattern(f.keyword) : null;
  const where = and(
    eq(withdrawals.tenantId, tenantId),
    payeeIs(withdrawals.payeeOrgId, f.payeeOrgId),
    f.status !== undefined ? eq(withdrawals.status, f.status) : undefined,
    onChinaDays(withdrawals.createdAt, f.from, f.to),
    like
      ? or(
          ilike(withdrawals.withdrawNo, like),
          ilike(withdrawals.accountName, like),
          ilike(withdrawals.bankName, like),
          ilike(withdrawals.appliedBy, like),
          ilike(withdrawals.bankRef, like),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .offset(page.offset)
      .limit(page.limit),
    tx.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A payee's withdrawal figures: held by waiting withdrawals, paid out (net), fees taken (fen,
 * positive), from its withdrawals (the ledger check proves they agree with the ledger).
 */
export async function withdrawalTotals(
  tx: Tx,
  tenantId: number,
  payeeOrgId: number | null,
): Promise<{ withdrawingFen: number; withdrawnFen: number; serviceFeeFen: number }> {
  const [row] = await tx
    .select({
      withdrawing: sql<string>`coalesce(sum(${withdrawals.amountFen}) filter (where ${withdrawals.status} = 0), 0)`,
      withdrawn: sql<string>`coalesce(sum(${withdrawals.amountFen} - ${withdrawals.feeFen}) filter (where ${withdrawals.status} = 1), 0)`,
      fee: sql<string>`coalesce(sum(${withdrawals.feeFen}) filter (where ${withdrawals.status} = 1), 0)`,
    })
    .from(withdrawals)
    .where(and(eq(withdrawals.tenantId, tenantId), payeeIs(withdrawals.payeeOrgId, payeeOrgId)));
  return {
    withdrawingFen: Number(row?.withdrawing ?? 0),
    withdrawnFen: Number(row?.withdrawn ?? 0),
    serviceFeeFen: Number(row?.fee ?? 0),
  };
}

/** The tenant's name: the payee of its own collection. */
export async function tenantName(tx: Tx, tenantId: number): Promise<string> {
  const [row] = await tx.select({ name: tenants.companyName }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name ?? '';
}

// ---- The home pages' counts (home.ts): each one statement on an index that leads with the tenant ----

/** The payer's orders waiting for payment and not yet expired (orders_tenant_payer_created). */
export async function countOrdersToPay(tx: Tx, tenantId: number, payerUserId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.payerUserId, payerUserId),
        eq(orders.status, OrderStatus.PENDING),
        gt(orders.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** Orders paid to one payee in one state, e.g. 1 待审核 (orders_tenant_status_expires). */
export async function countCollectionOrders(
  tx: Tx,
  tenantId: number,
  status: number,
  payeeOrgId: number | null,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.status, status), payeeIs(orders.payeeOrgId, payeeOrgId)));
  return row?.n ?? 0;
}

/** Invoice applications for one payee in one state (invoices_tenant_status_created). */
export async function countIssueInvoices(
  tx: Tx,
  tenantId: number,
  status: number,
  payeeOrgId: number | null,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.status, status), payeeIs(invoices.payeeOrgId, payeeOrgId)));
  return row?.n ?? 0;
}

/** Withdrawals in one state (withdrawals_tenant_status_created). */
export async function countWithdrawals(tx: Tx, tenantId: number, status: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.tenantId, tenantId), eq(withdrawals.status, status)));
  return row?.n ?? 0;
}

// ———————— The ledger check per payee (service.ts ledgerCheck) ————————

/** Sums in fen by key ('' for the tenant itself, else the organisation's id). */
type BySums = Map<string, number>;
const byKey = (rows: { k: string | number | null; s: string | null }[]): BySums =>
  new Map(rows.map((r) => [r.k === null ? '' : String(r.k), Number(r.s ?? 0)]));

/**
 * What the ledger holds for each payee and for suspense, beside what the business records say it
 * should: payments applied less refunds of the orders done less withdrawals held or paid out
 * (payee accounts), withdrawals waiting (withdrawing accounts), exceptions less their refunds done
 * (suspense). And the ledger transactions that touch two payees' accounts (there must be none).
 */
export async function payeeBooks(tx: Tx, tenantId: number) {
  const ledger = await queryRows<{ account: string; s: string }>(
    tx,
    sql`select account, sum(amount_fen) as s from ledger_entries
      where tenant_id = ${tenantId} and (account like 'payee:%' or account = 'suspense:refund') group by account`,
  );
  const applied = await queryRows<{ k: string | null; s: string }>(
    tx,
    sql`select o.payee_org_id as k, sum(p.amount_fen) as s from order_payments p
      join orders o on o.tenant_id = ${tenantId} and o.id = p.order_id
      where p.tenant_id = ${tenantId} and p.state = 'applied' group by o.payee_org_id`,
  );
  const refunded = await queryRows<{ k: string | null; s: string }>(
    tx,
    sql`select o.payee_org_id as k, sum(r.amount_fen) as s from order_refunds r
      join orders o on o.tenant_id = ${tenantId} and o.id = r.order_id
      where r.tenant_id = ${tenantId} and r.state = 'done' and r.payment_id is null group by o.payee_org_id`,
  );
  const out = await queryRows<{ k: string | null; taken: string; waiting: string }>(
    tx,
    sql`select payee_org_id as k, sum(amount_fen) filter (where status in (0, 1)) as taken,
        sum(amount_fen) filter (where status = 0) as waiting
      from withdrawals where tenant_id = ${tenantId} group by payee_org_id`,
  );
  const [suspense] = await queryRows<{ exceptions: string | null; returned: string | null }>(
    tx,
    sql`select
      (select sum(amount_fen) from order_payments where tenant_id = ${tenantId} and state = 'exception') as exceptions,
      (select sum(amount_fen) from order_refunds where tenant_id = ${tenantId} and state = 'done'
        and payment_id is not null) as returned`,
  );
  const crossing = await queryRows<{ txn: string }>(
    tx,
    sql`select txn from ledger_entries where tenant_id = ${tenantId} and account like 'payee:%'
      group by txn having count(distinct case when account = 'payee:withdrawing' then 'tenant'
        when account like 'payee:withdrawing:%' then substr(account, length('payee:withdrawing:') + 1)
        else substr(account, length('payee:') + 1) end) > 1 limit 10`,
  );
  return {
    ledger: new Map(ledger.map((r) => [r.account, Number(r.s)])),
    applied: byKey(applied),
    refunded: byKey(refunded),
    taken: byKey(out.map((r) => ({ k: r.k, s: r.taken }))),
    waiting: byKey(out.map((r) => ({ k: r.k, s: r.waiting }))),
    suspenseExpectedFen: Number(suspense?.exceptions ?? 0) - Number(suspense?.returned ?? 0),
    crossing: crossing.map((r) => r.txn),
  };
}
