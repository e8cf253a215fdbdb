export { rolesOfIdentities, setIdentityRoles } from './admin-service';
export { rbacConfigRoutes } from './config-routes';
export { DEFAULT_MENU, DEFAULT_ROLES, MENU_ADDITIONS, MENU_VERSION, STANDARD_FUNCTIONS } from './default-menu';
export { buildMenus, menuPaths } from './menu-tree';
export {
  assignDefaultRole,
  type Grants,
  grantsOfIdentity,
  grantsOfTenant,
  seedTenantRbac,
  upgradeTenantMenu,
} from './repository';
export { rbacRoutes } from './routes';
export * from './tables';
