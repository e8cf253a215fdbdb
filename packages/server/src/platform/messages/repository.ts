import { likePattern } from '@shetuan/shared';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Tx, txGenericStatement } from '../db';
import { roles } from '../rbac/tables';
import { messageReads, messageSettings, messages } from './tables';

/*
 * In-site messages, their reads and the tenant's message settings. Every query names the tenant
 * (docs/scale-out.md: only an explicit tenant predicate routes a query to one shard); row-level
 * security stays as the safety net.
 */

export type MessageSettingRow = typeof messageSettings.$inferSelect;

/**
 * Who a session reads messages as: its person, its identity and its roles (null and [] for what it
 * does not have); the tenant's messages are everyone's.
 */
export interface Audience {
  userId: number | null;
  identityId: number | null;
  roleIds: number[];
}

export interface MessageRow {
  id: number;
  wid: string;
  title: string;
  body: string;
  event: string;
  status: number;
  createdAt: Date;
}

/** The tenant's messages the audience sees. */
function audienceOf(tenantId: number, a: Audience): SQL {
  const parts: SQL[] = [eq(messages.toType, 'tenant')];
  if (a.userId !== null) parts.push(and(eq(messages.toType, 'user'), eq(messages.toId, a.userId)) as SQL);
  if (a.identityId) parts.push(and(eq(messages.toType, 'identity'), eq(messages.toId, a.identityId)) as SQL);
  if (a.roleIds.length) parts.push(and(eq(messages.toType, 'role'), inArray(messages.toId, a.roleIds)) as SQL);
  return and(eq(messages.tenantId, tenantId), or(...parts)) as SQL;
}

/** 1 when the person has read the message, else 0 (correlated on the message's own tenant). */
const readBy = (userId: number) =>
  sql<number>`(case when exists (select 1 from ${messageReads} r where r.tenant_id = ${messages.tenantId} and r.message_id = ${messages.id} and r.user_id = ${userId}) then 1 else 0 end)`;

const messageColumns = (reader: number) => ({
  id: messages.id,
  wid: messages.wid,
  title: messages.title,
  body: messages.body,
  event: messages.event,
  status: readBy(reader),
  createdAt: messages.createdAt,
});

// ---- Sending ----

/** The tenant's setting of an event (none: the in-site message is sent, no SMS). */
export async function findMessageSetting(
  tx: Tx,
  tenantId: number,
  event: string,
): Promise<MessageSettingRow | undefined> {
  const [setting] = await tx
    .select()
    .from(messageSettings)
    .where(and(eq(messageSettings.tenantId, tenantId), eq(messageSettings.event, event)));
  return setting;
}

/** The id of the tenant's role of that name. */
export async function findRoleIdByName(tx: Tx, tenantId: number, name: string): Promise<number | undefined> {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.name, name)))
    .limit(1);
  return role?.id;
}

export async function insertMessage(
  tx: Tx,
  tenantId: number,
  values: { wid: string; event: string; title: string; body: string; toType: string; toId: number | null },
): Promise<number | null> {
  const [row] = await tx
    .insert(messages)
    .values({ tenantId, ...values })
    .returning({ id: messages.id });
  return row?.id ?? null;
}

// ---- Reading ----

export interface MessageFilter {
  keyword?: string | undefined;
  /** 1 read, 0 unread, for the reader. */
  status?: number | undefined;
}

function pageFilter(tenantId: number, audience: Audience, reader: number, filter: MessageFilter) {
  return and(
    audienceOf(tenantId, audience),
    filter.keyword ? ilike(messages.title, likePattern(filter.keyword)) : undefined,
    filter.status === undefined ? undefined : sql`${readBy(reader)} = ${filter.status}`,
  );
}

/** How many of the tenant's messages the audience sees (and the filter keeps). */
export async function countMessages(
  tx: Tx,
  tenantId: number,
  audience: Audience,
  reader: number,
  filter: MessageFilter,
): Promise<number> {
  const [total] = await tx
    .select({ n: count() })
    .from(messages)
    .where(pageFilter(tenantId, audience, reader, filter));
  return total?.n ?? 0;
}

/** One page of them, newest first, with the reader's read state. */
export function listMessageRows(
  tx: Tx,
  tenantId: number,
  audience: Audience,
  reader: number,
  filter: MessageFilter,
  limit: number,
  offset: number,
): Promise<MessageRow[]> {
  return tx
    .select(messageColumns(reader))
    .from(messages)
    .where(pageFilter(tenantId, audience, reader, filter))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset(offset);
}

// The bell's audience: the tenant's messages, the person's ($2), the identity's ($3), its roles' ($4).
// The tenant ($5) is named as well as enforced by RLS (docs/scale-out.md).
const AUDIENCE = `m.tenant_id = $5 and (m.to_type = 'tenant' or (m.to_type = 'user' and m.to_id = $2)
  or (m.to_type = 'identity' and m.to_id = $3) or (m.to_type = 'role' and m.to_id = any ($4::bigint[])))`;
const BELL_SQL = `select
  (select count(*) from messages m where ${AUDIENCE} and not exists (
    select 1 from message_reads r where r.tenant_id = m.tenant_id and r.message_id = m.id and r.user_id = $1)) as unread,
  l.id, l.wid, l.title, l.body, l.event, l.created_at,
  exists (select 1 from message_reads r where r.tenant_id = l.tenant_id and r.message_id = l.id and r.user_id = $1) as read
from (select 1) as one
left join lateral (select * from messages m where ${AUDIENCE} order by m.created_at desc, m.id desc limit 3) as l on true`;

export interface BellRow {
  unread: number | string;
  id: number | string | null;
  wid: string;
  title: string;
  body: string;
  event: string;
  created_at: Date | string;
  read: boolean;
}

/**
 * The bell: the unread count and the three latest messages in one fixed statement, prepared and
 * planned once per connection (txGenericStatement). A row with a null id when there is none.
 */
export function bellRows(tx: Tx, tenantId: number, audience: Audience, reader: number): Promise<BellRow[]> {
  return txGenericStatement<BellRow>(tx, 'messages_bell', BELL_SQL, [
    reader,
    audience.userId,
    audience.identityId,
    audience.roleIds,
    tenantId,
  ]);
}

/** The id of that message when the audience sees it. */
export async function findVisibleMessage(
  tx: Tx,
  tenantId: number,
  audience: Audience,
  wid: string,
  id: number,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.wid, wid), audienceOf(tenantId, audience)));
  return row?.id;
}

/** One message of the tenant, with the reader's read state. */
export function messageById(tx: Tx, tenantId: number, reader: number, id: number): Promise<MessageRow[]> {
  return tx
    .select(messageColumns(reader))
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id)));
}

/** The ids of the messages the audience sees and the reader has not read. */
export async function unreadMessageIds(
  tx: Tx,
  tenantId: number,
  audience: Audience,
  reader: number,
): Promise<number[]> {
  const rows = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(audienceOf(tenantId, audience), sql`${readBy(reader)} = 0`));
  return rows.map((r) => r.id);
}

// Marking read: the ids ($6) the audience sees, the reads of the reader ($1) inserted for them, and
// how many were seen, in one fixed statement prepared and planned once per connection
// (txGenericStatement, docs/performance.md).
const MARK_READ_SQL = `with visible as (select m.id from messages m where m.id = any ($6::bigint[]) and ${AUDIENCE}),
  marked as (insert into message_reads (tenant_id, message_id, user_id) select $5, id, $1 from visible
    on conflict do nothing)
select count(*)::int as n from visible`;

/** Marks read for the reader those of the ids the audience sees; answers how many it sees. */
export async function markVisibleRead(
  tx: Tx,
  tenantId: number,
  audience: Audience,
  reader: number,
  ids: number[],
): Promise<number> {
  const [row] = await txGenericStatement<{ n: number }>(tx, 'messages_mark_read', MARK_READ_SQL, [
    reader,
    audience.userId,
    audience.identityId,
    audience.roleIds,
    tenantId,
    ids,
  ]);
  return Number(row?.n ?? 0);
}

// ---- Settings ----

export function messageSettingRows(tx: Tx, tenantId: number): Promise<MessageSettingRow[]> {
  return tx.select().from(messageSettings).where(eq(messageSettings.tenantId, tenantId));
}

/** Changes the switches given and keeps the other (a first change starts from the defaults). */
export async function upsertMessageSetting(
  tx: Tx,
  tenantId: number,
  event: string,
  change: { enabled?: boolean | undefined; sms?: boolean | undefined },
): Promise<void> {
  const set = {
    ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
    ...(change.sms === undefined ? {} : { sms: change.sms }),
  };
  await tx
    .insert(messageSettings)
    .values({ tenantId, event, ...set })
    .onConflictDoUpdate({ target: [messageSettings.tenantId, messageSettings.event], set });
}
