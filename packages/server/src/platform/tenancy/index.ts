export { tenantAdminRoutes } from './admin';
export { tenancyRoutes } from './routes';
export { lookupTenant, toUcTenant } from './service';
export { tenantDomains, tenants } from './tables';
export { upgradeTenants } from './upgrade';
