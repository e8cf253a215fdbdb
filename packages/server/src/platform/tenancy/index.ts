export { tenantAdminRoutes } from './admin';
export { allTenantIds } from './repository';
export { tenancyRoutes } from './routes';
export { lookupTenant, toUcTenant } from './service';
export { tenantDomains, tenants } from './tables';
export { upgradeTenants } from './upgrade';
