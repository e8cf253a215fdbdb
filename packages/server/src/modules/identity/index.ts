export { identityAdminRoutes } from './admin-routes';
export { identityModule } from './module';
export { addTenantUser, insertIdentity, insertUser } from './repository';
export { identityRoutes } from './routes';
