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

/**
 * tenantIdColumn without the foreign key to tenants, for tables that most requests write (used
 * signatures, the operation log, message reads). Each insert into a table referencing tenants
 * locks the tenant's row (FOR KEY SHARE): concurrent writers of one tenant then share that lock
 * through a multixact rewritten by every newcomer, and the lock is WAL-logged, which makes a
 * commit wait for the flush. Tenants are never deleted (the app role may not), and the tenant
 * policy's WITH CHECK already ties every row to the request's own tenant. docs/tenancy.md.
 */
export const tenantIdColumnUnreferenced = () => integer('tenant_id').notNull();

/** A row id: bigint identity, unique on its own but always used together with tenant_id. */
export const idColumn = () => bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity();

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
