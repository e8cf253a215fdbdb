import { randomBytes } from 'node:crypto';
import { ResultCode, type TPage } from '@shetuan/shared';
import {
  MESSAGE_EVENTS,
  type MessageEvent,
  type TMessage,
  type TMessageSetting,
  type TMessageSettingChange,
} from '@shetuan/shared/messages';
import type { AuthContext } from '../auth/context';
import type { Tx } from '../db';
import { AppError } from '../http/errors';
import { plainText } from '../richtext';
import * as repo from './repository';

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
  const setting = await repo.findMessageSetting(tx, tenantId, event);
  if (setting && !setting.enabled) return null;
  let toType: string;
  let toId: number | null;
  if ('userId' in to) [toType, toId] = ['user', to.userId];
  else if ('identityId' in to) [toType, toId] = ['identity', to.identityId];
  else if ('roleId' in to) [toType, toId] = ['role', to.roleId];
  else if ('roleName' in to) {
    const roleId = await repo.findRoleIdByName(tx, tenantId, to.roleName);
    if (roleId === undefined) return null;
    [toType, toId] = ['role', roleId];
  } else [toType, toId] = ['tenant', null];
  return repo.insertMessage(tx, tenantId, {
    wid: randomBytes(12).toString('hex'),
    event,
    // Plain text (shown as text); markup from the names and answers a module quotes is removed.
    title: plainText(content.title).slice(0, 200),
    body: plainText(content.body).slice(0, 5000),
    toType,
    toId,
  });
}

/**
 * The messages a session sees: its person's, its identity's, its roles', and the tenant's (an
 * operator acting as the tenant sees the tenant's only). The roles come with the authentication
 * (cached by grant version), so this asks the database nothing.
 */
function audience(auth: AuthContext): repo.Audience {
  const own = !auth.actingFrom;
  return {
    userId: own ? auth.userId : null,
    identityId: own ? auth.identityId : null,
    roleIds: own && auth.identityId ? auth.roleIds : [],
  };
}

const toMessage = (r: repo.MessageRow): TMessage => ({
  ...r,
  status: Number(r.status),
  createdAt: r.createdAt.toISOString(),
});

export async function listMessages(
  tx: Tx,
  auth: AuthContext,
  query: { current: number; pageSize: number; keyword?: string | undefined; status?: number | undefined },
): Promise<TPage<TMessage>> {
  const who = audience(auth);
  const filter = { keyword: query.keyword, status: query.status };
  const total = await repo.countMessages(tx, auth.tenantId, who, auth.userId, filter);
  const rows = await repo.listMessageRows(
    tx,
    auth.tenantId,
    who,
    auth.userId,
    filter,
    query.pageSize,
    (query.current - 1) * query.pageSize,
  );
  return { records: rows.map(toMessage), total, current: query.current, pageSize: query.pageSize };
}

/**
 * The bell: the unread count and the three latest messages in one fixed statement (every console
 * page asks for it), prepared once per connection. Unread is an anti-join on message_reads'
 * primary key, not a test per message; the audience is the one listMessages uses.
 */
export async function latestMessages(tx: Tx, auth: AuthContext): Promise<{ unread: number; list: TMessage[] }> {
  const rows = await repo.bellRows(tx, auth.tenantId, audience(auth), auth.userId);
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
  const visible = await repo.findVisibleMessage(tx, auth.tenantId, audience(auth), wid, id);
  if (visible === undefined) throw new AppError(ResultCode.FAILED, '消息不存在');
  await markRead(tx, auth, [id]);
  const [row] = (await repo.messageById(tx, auth.tenantId, auth.userId, id)).map(toMessage);
  if (!row) throw new AppError(ResultCode.FAILED, '消息不存在');
  return row;
}

/** Marks messages read for the session's person (only those it may see). */
export async function markRead(tx: Tx, auth: AuthContext, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return repo.markVisibleRead(tx, auth.tenantId, audience(auth), auth.userId, ids);
}

export async function markAllRead(tx: Tx, auth: AuthContext): Promise<number> {
  const unread = await repo.unreadMessageIds(tx, auth.tenantId, audience(auth), auth.userId);
  return markRead(tx, auth, unread);
}

export async function messageSettingList(tx: Tx, tenantId: number): Promise<TMessageSetting[]> {
  const rows = await repo.messageSettingRows(tx, tenantId);
  return Object.entries(MESSAGE_EVENTS).map(([event, meta]) => ({
    event,
    name: meta.name,
    to: meta.to,
    enabled: rows.find((r) => r.event === event)?.enabled ?? true,
    sms: rows.find((r) => r.event === event)?.sms ?? false,
  }));
}

export async function setMessageSetting(tx: Tx, tenantId: number, change: TMessageSettingChange): Promise<void> {
  if (!(change.event in MESSAGE_EVENTS)) throw new AppError(ResultCode.FAILED, '消息类型不存在');
  await repo.upsertMessageSetting(tx, tenantId, change.event, change);
}

/**
 * Whether the tenant turned on the SMS notice of an event at /messageSetting (off unless it did).
 * Independent of the in-site switch: a tenant may want the SMS alone.
 */
export async function smsNoticeEnabled(tx: Tx, tenantId: number, event: MessageEvent): Promise<boolean> {
  return (await repo.findMessageSetting(tx, tenantId, event))?.sms ?? false;
}
