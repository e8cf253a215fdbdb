export { rolesOfIdentities, setIdentityRoles } from './admin-service';
export { rbacConfigRoutes } from './config-routes';
export {
  CATALOGUE_MENU,
  DEFAULT_ROLES,
  defaultMenu,
  functionsOf,
  menuAdditions,
  menuVersion,
  STANDARD_FUNCTIONS,
} from './default-menu';
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
