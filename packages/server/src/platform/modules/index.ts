export {
  type DemoTenants,
  defineModule,
  type HomeContribution,
  type HomeFigure,
  type HomeSeries,
  type HomeTodo,
  type MenuContribution,
  type OrderHandlers,
  type OrderNotice,
  type ServerModule,
} from './manifest';
export { installedModules, installModules } from './registry';
