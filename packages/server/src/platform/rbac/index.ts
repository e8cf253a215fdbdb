export { DEFAULT_MENU, DEFAULT_ROLES, STANDARD_FUNCTIONS } from './default-menu';
export { buildMenus, menuPaths } from './menu-tree';
export { assignDefaultRole, type Grants, grantsOfIdentity, seedTenantRbac } from './repository';
export * from './tables';
