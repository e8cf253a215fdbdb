import { likePattern } from '@shetuan/shared';
import { PickStatus } from '@shetuan/shared/experts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { orgs, users } from '../../platform/directory/tables';
import { expertDomains, expertDrawPicks, expertDraws, expertLabels, experts, type RecordedSlot } from './tables';

/*
 * The expert library's SQL. Every function names the tenant in its WHERE, INSERT and JOIN
 * conditions (docs/scale-out.md); row-level security stays the safety net.
 */

export type { RecordedSlot };
export type ExpertRow = typeof experts.$inferSelect;
export type DomainRow = typeof expertDomains.$inferSelect;
export type LabelRow = typeof expertLabels.$inferSelect;
export type DrawRow = typeof expertDraws.$inferSelect;
export type PickRow = typeof expertDrawPicks.$inferSelect;
type NewExpert = Omit<typeof experts.$inferInsert, 'tenantId' | 'id'>;

const ACTIVE = 1;
type Rows<T> = { rows: T[] };
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

// ---- domains ----

export function allDomains(tx: Tx, tenantId: number): Promise<DomainRow[]> {
  return tx
    .select()
    .from(expertDomains)
    .where(eq(expertDomains.tenantId, tenantId))
    .orderBy(asc(expertDomains.sort), asc(expertDomains.id));
}

/** Active experts in each domain or below it (each expert counted once per domain). */
export async function domainExpertCounts(tx: Tx, tenantId: number): Promise<Map<number, number>> {
  const res = (await tx.execute(sql`
    with recursive closure(ancestor, descendant) as (
      select id, id from expert_domains where tenant_id = ${tenantId}
      union all
      select c.ancestor, d.id from closure c
        join expert_domains d on d.tenant_id = ${tenantId} and d.parent_id = c.descendant
    )
    select c.ancestor as id, count(distinct e.id)::int as n
    from closure c
    join experts e on e.tenant_id = ${tenantId} and e.status = ${ACTIVE} and c.descendant = any(e.domain_ids)
    group by c.ancestor`)) as unknown as Rows<{ id: string | number; n: number }>;
  return new Map(res.rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** A domain and every domain below it. */
export async function domainWithDescendants(tx: Tx, tenantId: number, id: number): Promise<number[]> {
  const res = (await tx.execute(sql`
    with recursive sub(id) as (
      select id from expert_domains where tenant_id = ${tenantId} and id = ${id}
      union all
      select d.id from expert_domains d join sub on d.tenant_id = ${tenantId} and d.parent_id = sub.id
    )
    select id from sub`)) as unknown as Rows<{ id: string | number }>;
  return res.rows.map((r) => Number(r.id));
}

export async function insertDomain(
  tx: Tx,
  tenantId: number,
  values: { name: string; parentId: number | null; sort: number },
): Promise<number> {
  const [row] = await tx
    .insert(expertDomains)
    .values({ ...values, tenantId })
    .returning({ id: expertDomains.id });
  if (!row) throw new Error('domain insert returned no row');
  return row.id;
}

export async function updateDomain(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { name: string; parentId: number | null; sort: number },
): Promise<boolean> {
  const rows = await tx
    .update(expertDomains)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(expertDomains.tenantId, tenantId), eq(expertDomains.id, id)))
    .returning({ id: expertDomains.id });
  return rows.length > 0;
}

export async function deleteDomain(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.delete(expertDomains).where(and(eq(expertDomains.tenantId, tenantId), eq(expertDomains.id, id)));
}

export async function domainHasChildren(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: expertDomains.id })
    .from(expertDomains)
    .where(and(eq(expertDomains.tenantId, tenantId), eq(expertDomains.parentId, id)))
    .limit(1);
  return Boolean(row);
}

/** Experts of any status classified under exactly these domains. */
export async function expertsUsingDomain(tx: Tx, tenantId: number, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(experts)
    .where(and(eq(experts.tenantId, tenantId), sql`${experts.domainIds} @> ${idArray([id])}`));
  return row?.n ?? 0;
}

// ---- labels ----

export async function countLabels(tx: Tx, tenantId: number, keyword?: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(expertLabels).where(labelWhere(tenantId, keyword));
  return row?.n ?? 0;
}

function labelWhere(tenantId: number, keyword?: string): SQL | undefined {
  return and(eq(expertLabels.tenantId, tenantId), keyword ? ilike(expertLabels.name, likePattern(keyword)) : undefined);
}

/** A page of labels. */
export function pageLabels(
  tx: Tx,
  tenantId: number,
  q: { keyword?: string | undefined; offset: number; limit: number },
): Promise<LabelRow[]> {
  return tx
    .select()
    .from(expertLabels)
    .where(labelWhere(tenantId, q.keyword))
    .orderBy(asc(expertLabels.sort), asc(expertLabels.id))
    .offset(q.offset)
    .limit(q.limit);
}

export function allLabels(tx: Tx, tenantId: number): Promise<LabelRow[]> {
  return tx
    .select()
    .from(expertLabels)
    .where(eq(expertLabels.tenantId, tenantId))
    .orderBy(asc(expertLabels.sort), asc(expertLabels.id));
}

export async function labelByName(tx: Tx, tenantId: number, name: string): Promise<LabelRow | undefined> {
  const [row] = await tx
    .select()
    .from(expertLabels)
    .where(and(eq(expertLabels.tenantId, tenantId), eq(expertLabels.name, name)));
  return row;
}

export async function insertLabel(
  tx: Tx,
  tenantId: number,
  values: { name: string; description: string; sort: number },
): Promise<number> {
  const [row] = await tx
    .insert(expertLabels)
    .values({ ...values, tenantId })
    .returning({ id: expertLabels.id });
  if (!row) throw new Error('label insert returned no row');
  return row.id;
}

export async function updateLabel(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { name: string; description: string; sort: number },
): Promise<boolean> {
  const rows = await tx
    .update(expertLabels)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(expertLabels.tenantId, tenantId), eq(expertLabels.id, id)))
    .returning({ id: expertLabels.id });
  return rows.length > 0;
}

/** Deletes a label and takes it off every expert. */
export async function deleteLabel(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx
    .update(experts)
    .set({ labelIds: sql`array_remove(${experts.labelIds}, ${id}::bigint)` })
    .where(and(eq(experts.tenantId, tenantId), sql`${experts.labelIds} @> ${idArray([id])}`));
  await tx.delete(expertLabels).where(and(eq(expertLabels.tenantId, tenantId), eq(expertLabels.id, id)));
}

// ---- units ----

/** The tenant's active units, for the unit and 回避单位 selects. */
export function unitOptions(
  tx: Tx,
  tenantId: number,
): Promise<{ id: number; name: string; parentId: number | null }[]> {
  return tx
    .select({ id: orgs.id, name: orgs.name, parentId: orgs.parentId })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), eq(orgs.status, 1)))
    .orderBy(asc(orgs.sort), asc(orgs.id))
    .limit(5000);
}

export async function unitNames(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: orgs.id, name: orgs.name })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), inArray(orgs.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- people ----

/** The person the request's transaction runs as (app.user_id: the module's routes set it), if any. */
export async function currentUserId(tx: Tx): Promise<number | null> {
  const res = (await tx.execute(
    sql`select nullif(current_setting('app.user_id', true), '')::bigint as id`,
  )) as unknown as Rows<{ id: string | number | null }>;
  const id = res.rows[0]?.id;
  return id === null || id === undefined ? null : Number(id);
}

/** A person of the tenant: name and mobile (users is global; RLS shows the tenant's people). */
export async function personOf(tx: Tx, userId: number): Promise<{ name: string; mobile: string } | undefined> {
  const [row] = await tx.select({ name: users.name, mobile: users.mobile }).from(users).where(eq(users.id, userId));
  return row ? { name: row.name, mobile: row.mobile ?? '' } : undefined;
}

// ---- experts ----

export interface ExpertFilter {
  keyword?: string | undefined;
  statuses?: number[];
  /** Any of these domains. */
  domainIds?: number[] | undefined;
  labelId?: number | undefined;
  /** A region code prefix (33 for a province, 3301 for a city, 330106 for a county). */
  regionPrefix?: string | undefined;
  unitId?: number | undefined;
}

function expertWhere(tenantId: number, f: ExpertFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(experts.tenantId, tenantId)];
  if (f.statuses) conditions.push(inArray(experts.status, f.statuses));
  if (f.keyword) {
    const p = likePattern(f.keyword);
    conditions.push(or(ilike(experts.name, p), ilike(experts.mobile, p), ilike(experts.unitName, p)));
  }
  if (f.domainIds) conditions.push(sql`${experts.domainIds} && ${idArray(f.domainIds)}`);
  if (f.labelId) conditions.push(sql`${experts.labelIds} @> ${idArray([f.labelId])}`);
  if (f.regionPrefix) conditions.push(sql`${experts.regionCode} like ${`${f.regionPrefix}%`}`);
  if (f.unitId) conditions.push(eq(experts.unitId, f.unitId));
  return and(...conditions);
}

export async function countExperts(tx: Tx, tenantId: number, f: ExpertFilter): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(experts).where(expertWhere(tenantId, f));
  return row?.n ?? 0;
}

export function pageExperts(
  tx: Tx,
  tenantId: number,
  f: ExpertFilter,
  page: { offset: number; limit: number },
): Promise<ExpertRow[]> {
  return tx
    .select()
    .from(experts)
    .where(expertWhere(tenantId, f))
    .orderBy(desc(experts.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function expertById(tx: Tx, tenantId: number, id: number): Promise<ExpertRow | undefined> {
  const [row] = await tx
    .select()
    .from(experts)
    .where(and(eq(experts.tenantId, tenantId), eq(experts.id, id)));
  return row;
}

export async function expertByUser(tx: Tx, tenantId: number, userId: number): Promise<ExpertRow | undefined> {
  const [row] = await tx
    .select()
    .from(experts)
    .where(and(eq(experts.tenantId, tenantId), eq(experts.userId, userId)));
  return row;
}

export function expertsByIds(tx: Tx, tenantId: number, ids: readonly number[]): Promise<ExpertRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(experts)
    .where(and(eq(experts.tenantId, tenantId), inArray(experts.id, [...ids])));
}

/** The library's profiles of these people (the projects module's reviewer pool). */
export function expertsOfUsers(tx: Tx, tenantId: number, userIds: readonly number[]): Promise<ExpertRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(experts)
    .where(and(eq(experts.tenantId, tenantId), inArray(experts.userId, [...userIds])));
}

export async function insertExpert(tx: Tx, tenantId: number, values: NewExpert): Promise<number> {
  const [row] = await tx
    .insert(experts)
    .values({ ...values, tenantId })
    .returning({ id: experts.id });
  if (!row) throw new Error('expert insert returned no row');
  return row.id;
}

export async function updateExpert(tx: Tx, tenantId: number, id: number, values: Partial<NewExpert>): Promise<boolean> {
  const rows = await tx
    .update(experts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(experts.tenantId, tenantId), eq(experts.id, id)))
    .returning({ id: experts.id });
  return rows.length > 0;
}

export async function deleteExpert(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.delete(experts).where(and(eq(experts.tenantId, tenantId), eq(experts.id, id)));
}

export async function expertHasPicks(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: expertDrawPicks.id })
    .from(expertDrawPicks)
    .where(and(eq(expertDrawPicks.tenantId, tenantId), eq(expertDrawPicks.expertId, id)))
    .limit(1);
  return Boolean(row);
}

// ---- approvals ----

/** A registration that came through a call (专家征集) is decided in the call, not here. */
function auditWhere(tenantId: number, kind: 'register' | 'change' | undefined, keyword?: string): SQL | undefined {
  const register = and(eq(experts.status, 0), isNull(experts.callId));
  const change = and(eq(experts.status, ACTIVE), isNotNull(experts.pendingChange));
  const p = keyword ? likePattern(keyword) : undefined;
  return and(
    eq(experts.tenantId, tenantId),
    kind === 'register' ? register : kind === 'change' ? change : or(register, change),
    p ? or(ilike(experts.name, p), ilike(experts.mobile, p), ilike(experts.unitName, p)) : undefined,
  );
}

export async function countAudits(
  tx: Tx,
  tenantId: number,
  kind: 'register' | 'change' | undefined,
  keyword?: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(experts)
    .where(auditWhere(tenantId, kind, keyword));
  return row?.n ?? 0;
}

export function pageAudits(
  tx: Tx,
  tenantId: number,
  kind: 'register' | 'change' | undefined,
  q: { keyword?: string | undefined; offset: number; limit: number },
): Promise<ExpertRow[]> {
  return tx
    .select()
    .from(experts)
    .where(auditWhere(tenantId, kind, q.keyword))
    .orderBy(asc(sql`coalesce(${experts.changeSubmittedAt}, ${experts.submittedAt})`), asc(experts.id))
    .offset(q.offset)
    .limit(q.limit);
}

// ---- statistics ----

/** The tenant's experts in one state (experts_tenant_status): 入库专家 on 单位首页. */
export async function countInStatus(tx: Tx, tenantId: number, status: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(experts)
    .where(and(eq(experts.tenantId, tenantId), eq(experts.status, status)));
  return row?.n ?? 0;
}

export async function statusCounts(
  tx: Tx,
  tenantId: number,
): Promise<{ status: number; n: number; changes: number }[]> {
  return tx
    .select({
      status: experts.status,
      n: count(),
      changes: sql<number>`count(*) filter (where ${experts.pendingChange} is not null)`.mapWith(Number),
    })
    .from(experts)
    .where(eq(experts.tenantId, tenantId))
    .groupBy(experts.status);
}

/** Active experts grouped by a text column (title, gender, the region's first digits). */
export async function activeGroupedBy(
  tx: Tx,
  tenantId: number,
  by: 'title' | 'gender' | 'city',
): Promise<{ key: string; n: number }[]> {
  const key =
    by === 'title' ? experts.title : by === 'gender' ? experts.gender : sql<string>`left(${experts.regionCode}, 4)`;
  const rows = await tx
    .select({ key: sql<string>`${key}`, n: count() })
    .from(experts)
    .where(and(eq(experts.tenantId, tenantId), eq(experts.status, ACTIVE)))
    .groupBy(sql`1`)
    .orderBy(desc(count()));
  return rows.map((r) => ({ key: r.key ?? '', n: r.n }));
}

export async function activeLabelCounts(tx: Tx, tenantId: number): Promise<Map<number, number>> {
  const res = (await tx.execute(sql`
    select l as id, count(*)::int as n from experts, unnest(label_ids) as l
    where tenant_id = ${tenantId} and status = ${ACTIVE} group by l`)) as unknown as Rows<{
    id: string | number;
    n: number;
  }>;
  return new Map(res.rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** Experts entered the library per month since a date (YYYY-MM, Asia/Shanghai). */
export async function approvedPerMonth(tx: Tx, tenantId: number, since: Date): Promise<{ month: string; n: number }[]> {
  const month = sql<string>`to_char(${experts.approvedAt} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  return tx
    .select({ month, n: count() })
    .from(experts)
    .where(and(eq(experts.tenantId, tenantId), eq(experts.status, ACTIVE), gte(experts.approvedAt, since)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

export async function pickTotals(
  tx: Tx,
  tenantId: number,
): Promise<{ draws: number; invited: number; confirmed: number; declined: number }> {
  const [draws] = await tx.select({ n: count() }).from(expertDraws).where(eq(expertDraws.tenantId, tenantId));
  const [row] = await tx
    .select({
      invited: sql<number>`count(*) filter (where ${expertDrawPicks.status} <> ${PickStatus.WAITING})`.mapWith(Number),
      confirmed: sql<number>`count(*) filter (where ${expertDrawPicks.status} = ${PickStatus.CONFIRMED})`.mapWith(
        Number,
      ),
      declined: sql<number>`count(*) filter (where ${expertDrawPicks.status} = ${PickStatus.DECLINED})`.mapWith(Number),
    })
    .from(expertDrawPicks)
    .where(eq(expertDrawPicks.tenantId, tenantId));
  return {
    draws: draws?.n ?? 0,
    invited: row?.invited ?? 0,
    confirmed: row?.confirmed ?? 0,
    declined: row?.declined ?? 0,
  };
}

// ---- draws ----

/** The active experts a draw's slot may take, ascending ids. */
export async function eligibleExperts(
  tx: Tx,
  tenantId: number,
  c: {
    domainIds: number[] | null;
    labelId: number | null;
    regionPrefix: string | null;
    excludeUnitIds: number[];
    excludeExpertIds: number[];
    recentSince: Date | null;
  },
): Promise<number[]> {
  const conditions: (SQL | undefined)[] = [
    expertWhere(tenantId, {
      statuses: [ACTIVE],
      domainIds: c.domainIds ?? undefined,
      labelId: c.labelId ?? undefined,
      regionPrefix: c.regionPrefix ?? undefined,
    }),
  ];
  if (c.excludeUnitIds.length > 0)
    conditions.push(or(sql`${experts.unitId} is null`, notInArray(experts.unitId, c.excludeUnitIds)));
  if (c.excludeExpertIds.length > 0) conditions.push(notInArray(experts.id, c.excludeExpertIds));
  if (c.recentSince)
    conditions.push(sql`not exists (select 1 from ${expertDrawPicks} p where p.tenant_id = ${tenantId}
      and p.expert_id = ${experts.id} and p.invited_at >= ${c.recentSince.toISOString()})`);
  const rows = await tx
    .select({ id: experts.id })
    .from(experts)
    .where(and(...conditions))
    .orderBy(asc(experts.id));
  return rows.map((r) => r.id);
}

export async function insertDraw(
  tx: Tx,
  tenantId: number,
  values: Omit<typeof expertDraws.$inferInsert, 'tenantId' | 'id'> & { slots: RecordedSlot[] },
): Promise<number> {
  const [row] = await tx
    .insert(expertDraws)
    .values({ ...values, tenantId })
    .returning({ id: expertDraws.id });
  if (!row) throw new Error('draw insert returned no row');
  return row.id;
}

export async function insertPicks(
  tx: Tx,
  tenantId: number,
  rows: Omit<typeof expertDrawPicks.$inferInsert, 'tenantId' | 'id'>[],
): Promise<PickRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(expertDrawPicks)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .returning();
}

function drawWhere(tenantId: number, keyword?: string): SQL | undefined {
  return and(eq(expertDraws.tenantId, tenantId), keyword ? ilike(expertDraws.title, likePattern(keyword)) : undefined);
}

export async function countDraws(tx: Tx, tenantId: number, keyword?: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(expertDraws).where(drawWhere(tenantId, keyword));
  return row?.n ?? 0;
}

export function pageDraws(
  tx: Tx,
  tenantId: number,
  q: { keyword?: string | undefined; offset: number; limit: number },
): Promise<DrawRow[]> {
  return tx
    .select()
    .from(expertDraws)
    .where(drawWhere(tenantId, q.keyword))
    .orderBy(desc(expertDraws.id))
    .offset(q.offset)
    .limit(q.limit);
}

export async function drawById(tx: Tx, tenantId: number, id: number, lock = false): Promise<DrawRow | undefined> {
  const query = tx
    .select()
    .from(expertDraws)
    .where(and(eq(expertDraws.tenantId, tenantId), eq(expertDraws.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The picks of these draws, in slot and position order. */
export function picksOfDraws(tx: Tx, tenantId: number, drawIds: readonly number[]): Promise<PickRow[]> {
  if (drawIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(expertDrawPicks)
    .where(and(eq(expertDrawPicks.tenantId, tenantId), inArray(expertDrawPicks.drawId, [...drawIds])))
    .orderBy(asc(expertDrawPicks.drawId), asc(expertDrawPicks.slot), asc(expertDrawPicks.position));
}

export async function pickById(tx: Tx, tenantId: number, drawId: number, id: number): Promise<PickRow | undefined> {
  const [row] = await tx
    .select()
    .from(expertDrawPicks)
    .where(and(eq(expertDrawPicks.tenantId, tenantId), eq(expertDrawPicks.drawId, drawId), eq(expertDrawPicks.id, id)));
  return row;
}

export async function pickByToken(tx: Tx, tenantId: number, tokenHash: string): Promise<PickRow | undefined> {
  const [row] = await tx
    .select()
    .from(expertDrawPicks)
    .where(and(eq(expertDrawPicks.tenantId, tenantId), eq(expertDrawPicks.tokenHash, tokenHash)));
  return row;
}

export async function updatePick(
  tx: Tx,
  tenantId: number,
  id: number,
  values: Partial<Pick<PickRow, 'status' | 'reason' | 'tokenHash' | 'invitedAt' | 'respondedAt' | 'respondedBy'>>,
  onlyFrom?: string,
): Promise<boolean> {
  const rows = await tx
    .update(expertDrawPicks)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(expertDrawPicks.tenantId, tenantId),
        eq(expertDrawPicks.id, id),
        onlyFrom ? eq(expertDrawPicks.status, onlyFrom) : undefined,
      ),
    )
    .returning({ id: expertDrawPicks.id });
  return rows.length > 0;
}

/** The next substitute of a slot still waiting, in order. */
export async function nextWaiting(
  tx: Tx,
  tenantId: number,
  drawId: number,
  slot: number,
): Promise<PickRow | undefined> {
  const [row] = await tx
    .select()
    .from(expertDrawPicks)
    .where(
      and(
        eq(expertDrawPicks.tenantId, tenantId),
        eq(expertDrawPicks.drawId, drawId),
        eq(expertDrawPicks.slot, slot),
        eq(expertDrawPicks.status, PickStatus.WAITING),
      ),
    )
    .orderBy(asc(expertDrawPicks.position))
    .limit(1);
  return row;
}

/** Picks of a slot that are invited or confirmed (the slot's current team). */
export async function activePicksInSlot(tx: Tx, tenantId: number, drawId: number, slot: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(expertDrawPicks)
    .where(
      and(
        eq(expertDrawPicks.tenantId, tenantId),
        eq(expertDrawPicks.drawId, drawId),
        eq(expertDrawPicks.slot, slot),
        inArray(expertDrawPicks.status, [PickStatus.INVITED, PickStatus.CONFIRMED]),
      ),
    );
  return row?.n ?? 0;
}

/** The person with this mobile, when they belong to the tenant (users is global; RLS narrows it). */
export async function userIdByMobile(tx: Tx, mobile: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).limit(1);
  return row?.id;
}
