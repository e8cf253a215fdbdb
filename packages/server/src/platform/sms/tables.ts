import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn } from '../db/columns';

/** Tenant-owned: every SMS sent, whatever the provider; the dev provider's only delivery. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    phone: text('phone').notNull(),
    /** verify-code or notice */
    template: text('template').notNull(),
    content: text('content').notNull(),
    /** The provider that sent it (dev, aliyun, tencent); empty while a notice is queued. */
    provider: text('provider').notNull(),
    /** queued (a notice waiting for its job), sent, failed */
    status: text('status').notNull(),
    error: text('error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('sms_outbox_phone').on(t.tenantId, t.phone, t.createdAt)],
);

/** Tenant-owned: verification codes, stored hashed; valid 5 minutes, single use. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sms_codes_phone').on(t.tenantId, t.phone, t.purpose, t.createdAt),
  ],
);

/**
 * Tenant-owned: a phone proved by an SMS code on a public form (the phone-verification widget).
 * The form submission carries the token; it is spent there once. Valid 30 minutes.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    phone: text('phone').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('phone_verifications_token').on(t.tenantId, t.tokenHash)],
);
