export {
  type DemoTenants,
  defineModule,
  type MenuContribution,
  type OrderHandlers,
  type OrderNotice,
  type ServerModule,
} from './manifest';
export { installedModules, installModules } from './registry';
