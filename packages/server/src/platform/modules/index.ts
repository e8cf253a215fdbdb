export { type DemoTenants, defineModule, type MenuContribution, type ServerModule } from './manifest';
export { installedModules, installModules } from './registry';
