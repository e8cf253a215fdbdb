import { ORG_PAGES } from '@shetuan/shared/org/pages';
import type { AppRoute } from '../../app/route-registry';
import { defineWebModule } from '../../app/web-module';

export const orgRoutes: AppRoute[] = [
  {
    path: ORG_PAGES.company.path,
    screen: () => import('./CompanyPage'),
    meta: {
      requireLogin: true,
      keepAlive: true,
      routerList: [{ name: '组织与人员' }, { name: ORG_PAGES.company.name }],
    },
    layout: 'console',
  },
  {
    path: ORG_PAGES.department.path,
    screen: () => import('./DepartmentPage'),
    meta: {
      requireLogin: true,
      keepAlive: true,
      routerList: [{ name: '组织与人员' }, { name: ORG_PAGES.department.name }],
    },
    layout: 'console',
  },
];

/** Units and departments. */
export const orgWebModule = defineWebModule({ name: 'org', routes: orgRoutes });
