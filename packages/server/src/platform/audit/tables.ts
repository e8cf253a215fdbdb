import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, tenantIdColumnUnreferenced } from '../db/columns';

/** Tenant-owned: every login attempt, successful or not. */
export const loginLogs = pgTable(
  'login_logs',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }),
    /** The account or phone typed, masked when it is a phone number. */
    login: text('login').notNull(),
    method: text('method').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('login_logs_time').on(t.tenantId, t.createdAt)],
);

/** Tenant-owned: what an identity did (every authenticated change), with the menu it came from. */
export const operationLogs = pgTable(
  'operation_logs',
  {
    tenantId: tenantIdColumnUnreferenced(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }),
    identityId: bigint('identity_id', { mode: 'number' }),
    /** The super administrator acting as this tenant, when one is. */
    actingUserId: bigint('acting_user_id', { mode: 'number' }),
    /** The tenant the acting super administrator came from (their identity is identityId there). */
    actingFromTenantId: integer('acting_from_tenant_id'),
    /** Who acted, as a name kept with the row: the acting person is not one of this tenant's people. */
    actorName: text('actor_name').notNull().default(''),
    method: text('method').notNull(),
    path: text('path').notNull(),
    menuUrl: text('menu_url').notNull().default(''),
    statusCode: integer('status_code').notNull(),
    resultCode: integer('result_code'),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('operation_logs_time').on(t.tenantId, t.createdAt)],
);
