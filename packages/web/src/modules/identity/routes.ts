import type { AppRoute } from '../../app/route-registry';

export const identityRoutes: AppRoute[] = [
  {
    path: '/user-management',
    screen: () => import('./UserManagementPage'),
    meta: { requireLogin: true, keepAlive: true, routerList: [{ name: '组织与人员' }, { name: '用户管理' }] },
    layout: 'console',
  },
];
