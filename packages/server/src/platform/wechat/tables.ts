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
