import { likePattern } from '@shetuan/shared';
import type { TApplicationStatus, TCallStatus } from '@shetuan/shared/experts';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db';
import { expertCallApplications, expertCalls, experts } from '../tables';

/*
 * The calls (专家征集) and their applications. Every function names the tenant in its WHERE,
 * INSERT and JOIN conditions (docs/scale-out.md); row-level security stays the safety net.
 */

export type CallRow = typeof expertCalls.$inferSelect;
export type ApplicationRow = typeof expertCallApplications.$inferSelect;
type NewCall = Omit<typeof expertCalls.$inferInsert, 'tenantId' | 'id'>;

/** A call's state on a China day, as a condition. */
function statusIs(status: TCallStatus, today: string): SQL | undefined {
  if (status === 'closed') return or(isNotNull(expertCalls.closedAt), lt(expertCalls.closeDate, today));
  const notClosed = and(isNull(expertCalls.closedAt), sql`${expertCalls.closeDate} >= ${today}`);
  return status === 'upcoming'
    ? and(notClosed, gt(expertCalls.openDate, today))
    : and(notClosed, sql`${expertCalls.openDate} <= ${today}`);
}

function callWhere(
  tenantId: number,
  f: { keyword?: string | undefined; status?: TCallStatus | undefined },
  today: string,
) {
  return and(
    eq(expertCalls.tenantId, tenantId),
    f.keyword ? ilike(expertCalls.title, likePattern(f.keyword)) : undefined,
    f.status ? statusIs(f.status, today) : undefined,
  );
}

export async function countCalls(
  tx: Tx,
  tenantId: number,
  f: { keyword?: string | undefined; status?: TCallStatus | undefined },
  today: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(expertCalls)
    .where(callWhere(tenantId, f, today));
  return row?.n ?? 0;
}

/** A page of calls, newest first. */
export function pageCalls(
  tx: Tx,
  tenantId: number,
  f: { keyword?: string | undefined; status?: TCallStatus | undefined },
  today: string,
  page: { offset: number; limit: number },
): Promise<CallRow[]> {
  return tx
    .select()
    .from(expertCalls)
    .where(callWhere(tenantId, f, today))
    .orderBy(desc(expertCalls.id))
    .offset(page.offset)
    .limit(page.limit);
}

/** The calls open on a day, and any call with an application of this expert; by close date. */
export function callsForApplicant(
  tx: Tx,
  tenantId: number,
  expertId: number | null,
  today: string,
): Promise<CallRow[]> {
  const applied =
    expertId === null
      ? undefined
      : sql`exists (select 1 from ${expertCallApplications} a where a.tenant_id = ${tenantId}
          and a.call_id = ${expertCalls.id} and a.expert_id = ${expertId})`;
  return tx
    .select()
    .from(expertCalls)
    .where(and(eq(expertCalls.tenantId, tenantId), or(statusIs('open', today), applied)))
    .orderBy(asc(expertCalls.closeDate), desc(expertCalls.id))
    .limit(50);
}

export async function callById(tx: Tx, tenantId: number, id: number, lock = false): Promise<CallRow | undefined> {
  const query = tx
    .select()
    .from(expertCalls)
    .where(and(eq(expertCalls.tenantId, tenantId), eq(expertCalls.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertCall(tx: Tx, tenantId: number, values: NewCall): Promise<number> {
  const [row] = await tx
    .insert(expertCalls)
    .values({ ...values, tenantId })
    .returning({ id: expertCalls.id });
  if (!row) throw new Error('call insert returned no row');
  return row.id;
}

export async function updateCall(tx: Tx, tenantId: number, id: number, values: Partial<NewCall>): Promise<boolean> {
  const rows = await tx
    .update(expertCalls)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(expertCalls.tenantId, tenantId), eq(expertCalls.id, id)))
    .returning({ id: expertCalls.id });
  return rows.length > 0;
}

export async function deleteCall(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.delete(expertCalls).where(and(eq(expertCalls.tenantId, tenantId), eq(expertCalls.id, id)));
}

/** Whether any call gives this label (a label in use by a call is not deleted under it). */
export async function callsUsingLabel(tx: Tx, tenantId: number, labelId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(expertCalls)
    .where(and(eq(expertCalls.tenantId, tenantId), eq(expertCalls.labelId, labelId)));
  return row?.n ?? 0;
}

/** Applications of these calls by state. */
export async function applicationCounts(
  tx: Tx,
  tenantId: number,
  callIds: readonly number[],
): Promise<Map<number, Record<TApplicationStatus, number>>> {
  const out = new Map<number, Record<TApplicationStatus, number>>();
  if (callIds.length === 0) return out;
  const rows = await tx
    .select({ callId: expertCallApplications.callId, status: expertCallApplications.status, n: count() })
    .from(expertCallApplications)
    .where(and(eq(expertCallApplications.tenantId, tenantId), inArray(expertCallApplications.callId, [...callIds])))
    .groupBy(expertCallApplications.callId, expertCallApplications.status);
  for (const r of rows) {
    const counts = out.get(r.callId) ?? { pending: 0, approved: 0, refused: 0 };
    counts[r.status as TApplicationStatus] = r.n;
    out.set(r.callId, counts);
  }
  return out;
}

// ---- applications ----

function applicationWhere(
  tenantId: number,
  callId: number,
  f: { keyword?: string | undefined; status?: TApplicationStatus | undefined },
) {
  const p = f.keyword ? likePattern(f.keyword) : undefined;
  return and(
    eq(expertCallApplications.tenantId, tenantId),
    eq(expertCallApplications.callId, callId),
    f.status ? eq(expertCallApplications.status, f.status) : undefined,
    p ? or(ilike(experts.name, p), ilike(experts.mobile, p), ilike(experts.unitName, p)) : undefined,
  );
}

export async function countApplications(
  tx: Tx,
  tenantId: number,
  callId: number,
  f: { keyword?: string | undefined; status?: TApplicationStatus | undefined },
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(expertCallApplications)
    .innerJoin(experts, and(eq(experts.tenantId, tenantId), eq(experts.id, expertCallApplications.expertId)))
    .where(applicationWhere(tenantId, callId, f));
  return row?.n ?? 0;
}

/** A page of a call's applications with their experts: waiting first, then newest. */
export function pageApplications(
  tx: Tx,
  tenantId: number,
  callId: number,
  f: { keyword?: string | undefined; status?: TApplicationStatus | undefined },
  page: { offset: number; limit: number },
) {
  return tx
    .select({ application: expertCallApplications, expert: experts })
    .from(expertCallApplications)
    .innerJoin(experts, and(eq(experts.tenantId, tenantId), eq(experts.id, expertCallApplications.expertId)))
    .where(applicationWhere(tenantId, callId, f))
    .orderBy(
      sql`case when ${expertCallApplications.status} = 'pending' then 0 else 1 end`,
      desc(expertCallApplications.id),
    )
    .offset(page.offset)
    .limit(page.limit);
}

export async function applicationById(
  tx: Tx,
  tenantId: number,
  callId: number,
  id: number,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(expertCallApplications)
    .where(
      and(
        eq(expertCallApplications.tenantId, tenantId),
        eq(expertCallApplications.callId, callId),
        eq(expertCallApplications.id, id),
      ),
    );
  return row;
}

export async function applicationOf(
  tx: Tx,
  tenantId: number,
  callId: number,
  expertId: number,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(expertCallApplications)
    .where(
      and(
        eq(expertCallApplications.tenantId, tenantId),
        eq(expertCallApplications.callId, callId),
        eq(expertCallApplications.expertId, expertId),
      ),
    );
  return row;
}

/** The expert's applications (我的专家信息, the expert's record), newest first. */
export function applicationsOfExpert(tx: Tx, tenantId: number, expertId: number) {
  return tx
    .select({ application: expertCallApplications, title: expertCalls.title })
    .from(expertCallApplications)
    .innerJoin(expertCalls, and(eq(expertCalls.tenantId, tenantId), eq(expertCalls.id, expertCallApplications.callId)))
    .where(and(eq(expertCallApplications.tenantId, tenantId), eq(expertCallApplications.expertId, expertId)))
    .orderBy(desc(expertCallApplications.id));
}

/** A new application, or the refused one sent again (pending once more). */
export async function upsertApplication(
  tx: Tx,
  tenantId: number,
  values: { callId: number; expertId: number; kind: 'join' | 'register' },
): Promise<number> {
  const [row] = await tx
    .insert(expertCallApplications)
    .values({ ...values, tenantId, status: 'pending' })
    .onConflictDoUpdate({
      target: [expertCallApplications.tenantId, expertCallApplications.callId, expertCallApplications.expertId],
      set: { kind: values.kind, status: 'pending', reason: '', decidedAt: null, decidedBy: '', updatedAt: new Date() },
    })
    .returning({ id: expertCallApplications.id });
  if (!row) throw new Error('application insert returned no row');
  return row.id;
}

/** Decides a waiting application; false when it no longer waits (decided at the same time). */
export async function decideApplication(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { status: TApplicationStatus; reason: string; decidedBy: string },
): Promise<boolean> {
  const rows = await tx
    .update(expertCallApplications)
    .set({ ...values, decidedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(expertCallApplications.tenantId, tenantId),
        eq(expertCallApplications.id, id),
        eq(expertCallApplications.status, 'pending'),
      ),
    )
    .returning({ id: expertCallApplications.id });
  return rows.length > 0;
}

/** Applications waiting, across the tenant's calls (单位首页's to-do). */
export async function countPendingApplications(tx: Tx, tenantId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(expertCallApplications)
    .where(and(eq(expertCallApplications.tenantId, tenantId), eq(expertCallApplications.status, 'pending')));
  return row?.n ?? 0;
}
