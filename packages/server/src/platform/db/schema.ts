/**
 * Every table of the product, for Drizzle and drizzle-kit. A module adds its tables.ts here.
 * Global tables: tenants, tenant_domains (listed in docs/tenancy.md). All others are tenant-owned.
 */

export * from '../../modules/org/tables';
export * from '../tenancy/tables';
