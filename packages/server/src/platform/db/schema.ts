/**
 * Every table of the product, for Drizzle and drizzle-kit. A module adds its tables.ts here.
 * Global tables (docs/tenancy.md): tenants, tenant_domains, users, login_failures.
 * All others are tenant-owned.
 */
export * from '../../modules/forms/tables';
export * from '../../modules/identity/tables';
export * from '../../modules/org/tables';
export * from '../audit/tables';
export * from '../auth/tables';
export * from '../captcha/tables';
export * from '../files/tables';
export * from '../jobs/tables';
export * from '../messages/tables';
export * from '../rbac/tables';
export * from '../sms/tables';
export * from '../tenancy/tables';
export * from '../wechat/tables';
