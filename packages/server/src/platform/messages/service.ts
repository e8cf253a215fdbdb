import { randomBytes } from 'node:crypto';
import { likePattern, ResultCode, type TPage } from '@shetuan/shared';
import { MESSAGE_EVENTS, type MessageEvent, type TMessage, type TMessageSetting } from '@shetuan/shared/messages';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/context';
import { type Tx, txStatement } from '../db';
import { AppError } from '../http/errors';
import { roles } from '../rbac/tables';
import { plainText } from '../richtext';
import { messageReads, messageSettings, messages } from './tables';

export type MessageTarget =
  | { userId: number }
  | { identityId: number }
  | { roleId: number }
  /** A role by its name in the tenant (管理员 …); nothing is sent when the tenant has no such role. */
  | { roleName: string }
  | { tenant: true };

/**
 * The one call other modules send in-site messages with. The tenant's /messageSetting decides
 * whether the event sends at all. Answers the message id, or null when nothing was sent.
 */
export async function sendMessage(
  tx: Tx,
  tenantId: number,
  event: MessageEvent,
  to: MessageTarget,
  content: { title: string; body: string },
): Promise<number | null> {
  const [setting] = await tx.select().from(messageSettings).where(eq(messageSettings.event, event));
  if (setting && !setting.enabled) return null;
  let toType: string;
  let toId: number | null;
  if ('userId' in to) [toType, toId] = ['user', to.userId];
  else if ('identityId' in to) [toType, toId] = ['identity', to.identityId];
  else if ('roleId' in to) [toType, toId] = ['role', to.roleId];
  else if ('roleName' in to) {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, to.roleName)).limit(1);
    if (!role) return null;
    [toType, toId] = ['role', role.id];
  } else [toType, toId] = ['tenant', null];
  const [row] = await tx
    .insert(messages)
    .values({
      tenantId,
      wid: randomBytes(12).toString('hex'),
      event,
      // Plain text (shown as text); markup from the names and answers a module quotes is removed.
      title: plainText(content.title).slice(0, 200),
      body: plainText(content.body).slice(0, 5000),
      toType,
      toId,
    })
    .returning({ id: messages.id });
  return row?.id ?? null;
}

/**
 * The messages a session sees: its person's, its identity's, its roles', and the tenant's. The
 * roles come with the authentication (cached by grant version), so this asks the database nothing.
 */
function audience(auth: AuthContext): SQL {
  const roleIds = auth.identityId && !auth.actingFrom ? auth.roleIds : [];
  const parts: SQL[] = [eq(messages.toType, 'tenant')];
  if (!auth.actingFrom) parts.push(and(eq(messages.toType, 'user'), eq(messages.toId, auth.userId)) as SQL);
  if (auth.identityId && !auth.actingFrom)
    parts.push(and(eq(messages.toType, 'identity'), eq(messages.toId, auth.identityId)) as SQL);
  if (roleIds.length) parts.push(and(eq(messages.toType, 'role'), inArray(messages.toId, roleIds)) as SQL);
  return or(...parts) as SQL;
}

const readBy = (userId: number) =>
  sql<number>`(case when exists (select 1 from ${messageReads} r where r.tenant_id = ${messages.tenantId} and r.message_id = ${messages.id} and r.user_id = ${userId}) then 1 else 0 end)`;

const toMessage = (r: {
  id: number;
  wid: string;
  title: string;
  body: string;
  event: string;
  status: number;
  createdAt: Date;
}): TMessage => ({
  ...r,
  status: Number(r.status),
  createdAt: r.createdAt.toISOString(),
});

export async function listMessages(
  tx: Tx,
  auth: AuthContext,
  query: { current: number; pageSize: number; keyword?: string | undefined; status?: number | undefined },
): Promise<TPage<TMessage>> {
  const status = readBy(auth.userId);
  const where = and(
    audience(auth),
    query.keyword ? ilike(messages.title, likePattern(query.keyword)) : undefined,
    query.status === undefined ? undefined : sql`${status} = ${query.status}`,
  );
  const [total] = await tx.select({ n: count() }).from(messages).where(where);
  const rows = await tx
    .select({
      id: messages.id,
      wid: messages.wid,
      title: messages.title,
      body: messages.body,
      event: messages.event,
      status,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  return { records: rows.map(toMessage), total: total?.n ?? 0, current: query.current, pageSize: query.pageSize };
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

/**
 * The bell: the unread count and the three latest messages in one fixed statement (every console
 * page asks for it), prepared once per connection. Unread is an anti-join on message_reads'
 * primary key, not a test per message; the audience is the one listMessages uses.
 */
export async function latestMessages(tx: Tx, auth: AuthContext): Promise<{ unread: number; list: TMessage[] }> {
  const own = !auth.actingFrom;
  const rows = await txStatement<{
    unread: number | string;
    id: number | string | null;
    wid: string;
    title: string;
    body: string;
    event: string;
    created_at: Date | string;
    read: boolean;
  }>(tx, 'messages_bell', BELL_SQL, [
    auth.userId,
    own ? auth.userId : null,
    own ? auth.identityId : null,
    own && auth.identityId ? auth.roleIds : [],
    auth.tenantId,
  ]);
  const list = rows
    .filter((r) => r.id !== null)
    .map((r) =>
      toMessage({
        id: Number(r.id),
        wid: r.wid,
        title: r.title,
        body: r.body,
        event: r.event,
        status: r.read ? 1 : 0,
        createdAt: new Date(r.created_at),
      }),
    );
  return { unread: Number(rows[0]?.unread ?? 0), list };
}

/** One message (opening it marks it read). */
export async function openMessage(tx: Tx, auth: AuthContext, wid: string, id: number): Promise<TMessage> {
  const page = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.wid, wid), audience(auth)));
  if (!page[0]) throw new AppError(ResultCode.FAILED, '消息不存在');
  await markRead(tx, auth, [id]);
  const [row] = (await listMessagesById(tx, auth, id)) ?? [];
  if (!row) throw new AppError(ResultCode.FAILED, '消息不存在');
  return row;
}

async function listMessagesById(tx: Tx, auth: AuthContext, id: number) {
  const rows = await tx
    .select({
      id: messages.id,
      wid: messages.wid,
      title: messages.title,
      body: messages.body,
      event: messages.event,
      status: readBy(auth.userId),
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.id, id));
  return rows.map(toMessage);
}

/** Marks messages read for the session's person (only those it may see). */
export async function markRead(tx: Tx, auth: AuthContext, ids: number[]): Promise<number> {
  const visible = ids.length
    ? await tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(inArray(messages.id, ids), audience(auth)))
    : [];
  if (visible.length === 0) return 0;
  await tx
    .insert(messageReads)
    .values(visible.map((m) => ({ tenantId: auth.tenantId, messageId: m.id, userId: auth.userId })))
    .onConflictDoNothing();
  return visible.length;
}

export async function markAllRead(tx: Tx, auth: AuthContext): Promise<number> {
  const unread = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(audience(auth), sql`${readBy(auth.userId)} = 0`));
  return markRead(
    tx,
    auth,
    unread.map((m) => m.id),
  );
}

export async function messageSettingList(tx: Tx): Promise<TMessageSetting[]> {
  const rows = await tx.select().from(messageSettings);
  return Object.entries(MESSAGE_EVENTS).map(([event, meta]) => ({
    event,
    name: meta.name,
    to: meta.to,
    enabled: rows.find((r) => r.event === event)?.enabled ?? true,
  }));
}

export async function setMessageSetting(tx: Tx, tenantId: number, event: string, enabled: boolean): Promise<void> {
  if (!(event in MESSAGE_EVENTS)) throw new AppError(ResultCode.FAILED, '消息类型不存在');
  await tx
    .insert(messageSettings)
    .values({ tenantId, event, enabled })
    .onConflictDoUpdate({ target: [messageSettings.tenantId, messageSettings.event], set: { enabled } });
}
