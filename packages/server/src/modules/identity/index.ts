export { identityAdminRoutes } from './admin-routes';
export { grantIdentity, grantIdentityToUser, setIdentityStatus } from './grant';
export { identityModule } from './module';
export { addTenantUser, insertIdentity, insertUser } from './repository';
export { identityRoutes } from './routes';
