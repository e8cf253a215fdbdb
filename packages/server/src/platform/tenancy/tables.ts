import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Global table: one row per tenant (the spec's ucTenant). Readable by the app role,
 * written only by the owner (migrations, seed, operator commands).
 */
export const tenants = pgTable(
  'tenants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
    companyName: text('company_name').notNull(),
    companyType: smallint('company_type').notNull(),
    icon: text('icon'),
    mobileDomain: text('mobile_domain').notNull().default(''),
    /** 0 none, or 14 / 20 / 31 / 34 (spec 000, section 6). */
    customType: smallint('custom_type').notNull().default(0),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    /** The tenant localhost and 127.0.0.1 resolve to; at most one. */
    isDefault: boolean('is_default').notNull().default(false),
    /** Tenant settings that replace the source client's hard-coded tenant ids. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tenants_one_default').on(t.isDefault).where(sql`${t.isDefault}`)],
);

/**
 * Global table: the domains a tenant is opened on. The column is tenant_ref, not tenant_id,
 * on purpose: tenant_id marks tenant-owned rows (forced RLS), and this table must be
 * readable before any tenant is known.
 */
export const tenantDomains = pgTable(
  'tenant_domains',
  {
    domain: text('domain').primaryKey(),
    tenantRef: integer('tenant_ref')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tenant_domains_tenant_ref').on(t.tenantRef)],
);
