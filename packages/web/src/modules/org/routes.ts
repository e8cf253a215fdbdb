import type { AppRoute } from '../../app/route-registry';

export const orgRoutes: AppRoute[] = [
  {
    path: '/company',
    screen: () => import('./CompanyPage'),
    meta: { requireLogin: true, keepAlive: true, routerList: [{ name: '组织与人员' }, { name: '单位管理' }] },
    layout: 'console',
  },
  {
    path: '/departmentManage',
    screen: () => import('./DepartmentPage'),
    meta: { requireLogin: true, keepAlive: true, routerList: [{ name: '组织与人员' }, { name: '部门管理' }] },
    layout: 'console',
  },
];
