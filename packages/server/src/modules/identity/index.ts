export { identityAdminRoutes } from './admin-routes';
export { addTenantUser, insertIdentity, insertUser } from './repository';
export { identityRoutes } from './routes';
export { identities, tenantUsers, users } from './tables';
