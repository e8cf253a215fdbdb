import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../tenancy/tables';

/**
 * The first column of every tenant-owned table. The table's primary key and every foreign key
 * to another tenant-owned table start with it (see docs/tenancy.md); migrations force RLS on it.
 */
export const tenantIdColumn = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id);

/** A row id: bigint identity, unique on its own but always used together with tenant_id. */
export const idColumn = () => bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity();

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
