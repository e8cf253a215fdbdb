import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn } from '../db/columns';

/**
 * Tenant-owned: one WeChat binding attempt (the QR code a person scans). The page polls it once a
 * second; the provider marks it bound (with the WeChat account) or failed; it expires otherwise.
 */
export const wechatBindings = pgTable(
  'wechat_bindings',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    uuid: text('uuid').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** pending, success, failed */
    status: text('status').notNull().default('pending'),
    openId: text('open_id'),
    nickname: text('nickname').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('wechat_bindings_uuid').on(t.tenantId, t.uuid)],
);

/** Tenant-owned: the WeChat account a person has bound in a tenant (one per person). */
export const wechatAccounts = pgTable(
  'wechat_accounts',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    openId: text('open_id').notNull(),
    nickname: text('nickname').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    uniqueIndex('wechat_accounts_open_id').on(t.tenantId, t.openId),
    index('wechat_accounts_user').on(t.tenantId, t.userId),
  ],
);

/**
 * Tenant-owned: one WeChat QR login attempt (/wxlogin). The page polls it with its secret poll key
 * (the uuid is in the QR code, the key only in the page); the provider marks it scanned with the
 * WeChat account and the person that account is bound to (success) or none (unbound); the first
 * poll that sees success logs in and spends it. An unbound scan may be bound by logging in within
 * WECHAT_UNBOUND_BIND_MINUTES (登录并绑定), which spends it too.
 */
export const wechatLogins = pgTable(
  'wechat_logins',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    uuid: text('uuid').notNull(),
    pollKeyHash: text('poll_key_hash').notNull(),
    /** pending, success, unbound, spent */
    status: text('status').notNull().default('pending'),
    openId: text('open_id'),
    nickname: text('nickname').notNull().default(''),
    /** The person the scanned account is bound to (success). */
    userId: bigint('user_id', { mode: 'number' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('wechat_logins_uuid').on(t.tenantId, t.uuid),
    index('wechat_logins_created').on(t.tenantId, t.createdAt),
  ],
);
