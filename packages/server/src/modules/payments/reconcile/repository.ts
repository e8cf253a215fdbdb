import { OrderStatus } from '@shetuan/shared/payments';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db';
import { jobs } from '../../../platform/jobs';
import { orders } from '../tables';

/*
 * The reconciliation's SQL (scripts/check-boundaries.mjs allows SQL only in repository.ts). Every
 * query names its tenant in its WHERE and INSERT (docs/scale-out.md); each runs inside withTenant
 * for that tenant, so row-level security is the safety net.
 */

/** An expired pending order as the reconciliation needs it; `cursor` is its expiry as the database writes it. */
export interface ExpiredOrder {
  id: number;
  orderNo: string;
  bizType: string;
  bizRef: string;
  amountFen: number;
  refundedFen: number;
  payerUserId: number;
  accountId: number | null;
  cursor: string;
}

/** Where a walk through a tenant's expired orders stands: the last (expires_at, id) taken. */
export interface ExpiredCursor {
  at: string;
  id: number;
}

/**
 * The tenant's next unpaid orders past their time (after the cursor, oldest first), locked for
 * the caller's transaction. SKIP LOCKED: an order another transaction holds (its own timeout job,
 * a notification, another server's reconciliation) is left to that one. The cursor is the
 * expiry's text, exact to the microsecond, so an order left pending is never taken twice in a walk.
 */
export async function claimExpired(
  tx: Tx,
  tenantId: number,
  now: Date,
  after: ExpiredCursor | null,
  limit: number,
): Promise<ExpiredOrder[]> {
  return tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      bizType: orders.bizType,
      bizRef: orders.bizRef,
      amountFen: orders.amountFen,
      refundedFen: orders.refundedFen,
      payerUserId: orders.payerUserId,
      accountId: orders.accountId,
      cursor: sql<string>`${orders.expiresAt}::text`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.status, OrderStatus.PENDING),
        lt(orders.expiresAt, now),
        after ? sql`(${orders.expiresAt}, ${orders.id}) > (${after.at}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(orders.expiresAt), asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** A cancelled order as the module that made it is told of it. */
export interface CancelledOrder {
  id: number;
  orderNo: string;
  bizType: string;
  bizRef: string;
  amountFen: number;
  refundedFen: number;
  payerUserId: number;
  accountId: number | null;
}

/**
 * Cancels the tenant's orders given (still pending: the caller holds their locks) in one
 * statement: the orders' new state and one event each (待支付 → 已取消, by `actor`, with `remark`),
 * answering the orders cancelled.
 */
export async function cancelPending(
  tx: Tx,
  tenantId: number,
  ids: number[],
  actor: string,
  remark: string,
): Promise<CancelledOrder[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<Record<string, string | number | null>>(
    tx,
    sql`
    with cancelled as (
      update orders set status = ${OrderStatus.CANCELLED}, updated_at = now()
      where tenant_id = ${tenantId} and status = ${OrderStatus.PENDING} and id in ${ids}
      returning id, order_no, biz_type, biz_ref, amount_fen, refunded_fen, payer_user_id, account_id
    ), events as (
      insert into order_events (tenant_id, order_id, from_status, to_status, actor, remark)
      select ${tenantId}, c.id, ${OrderStatus.PENDING}, ${OrderStatus.CANCELLED}, ${actor}, ${remark} from cancelled c
    )
    select * from cancelled`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    orderNo: String(r.order_no),
    bizType: String(r.biz_type),
    bizRef: String(r.biz_ref),
    amountFen: Number(r.amount_fen),
    refundedFen: Number(r.refunded_fen),
    payerUserId: Number(r.payer_user_id),
    accountId: r.account_id === null ? null : Number(r.account_id),
  }));
}

// ---- its schedule: one job of the kind queued or running at a time, in the tenant given ----

/** Serialises the scheduling of the reconciliation across servers until the transaction ends. */
export async function lockSchedule(tx: Tx, kind: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${kind}))`);
}

/** The tenant's jobs of that kind that are queued or running, with their lease. */
export async function liveJobs(
  tx: Tx,
  tenantId: number,
  kind: string,
): Promise<{ id: number; state: string; lockedUntil: Date | null }[]> {
  return tx
    .select({ id: jobs.id, state: jobs.state, lockedUntil: jobs.lockedUntil })
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.kind, kind), inArray(jobs.state, ['queued', 'running'])));
}
