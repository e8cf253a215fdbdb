import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, tenantIdColumnUnreferenced } from '../db/columns';

/**
 * Tenant-owned: an in-site message, addressed to a person, an identity, a role or the whole
 * tenant (toType user | identity | role | tenant, toId the id; none for tenant).
 */
export const messages = pgTable(
  'messages',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** The message's public handle in links (/messagePlatformDetail?wid=&id=). */
    wid: text('wid').notNull(),
    event: text('event').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    toType: text('to_type').notNull(),
    toId: bigint('to_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('messages_wid').on(t.tenantId, t.wid),
    index('messages_to').on(t.tenantId, t.toType, t.toId, t.createdAt),
  ],
);

/** Tenant-owned: who has read which message (a message without a row here is unread for that person). */
export const messageReads = pgTable(
  'message_reads',
  {
    tenantId: tenantIdColumnUnreferenced(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.messageId, t.userId] })],
);

/**
 * Tenant-owned: how the tenant changed an event's defaults (no row: the in-site message is sent,
 * no SMS).
 */
export const messageSettings = pgTable(
  'message_settings',
  {
    tenantId: tenantIdColumn(),
    event: text('event').notNull(),
    /** Send the in-site message (default on). */
    enabled: boolean('enabled').notNull().default(true),
    /** Also send an SMS notice to the person's phone (default off: SMS costs the tenant money). */
    sms: boolean('sms').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.event] })],
);
