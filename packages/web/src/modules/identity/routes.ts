import type { AppRoute } from '../../app/route-registry';
import { defineWebModule } from '../../app/web-module';
import { listOf, USER_FORM_SCREENS, USER_LIST_SCREENS } from './user-screens';

const GROUP = { name: '组织与人员' };

export const identityRoutes: AppRoute[] = [
  ...Object.entries(USER_LIST_SCREENS).map(
    ([path, screen]): AppRoute => ({
      path,
      screen: () => import('./UserListPage'),
      meta: {
        requireLogin: true,
        keepAlive: true,
        depth: 10,
        routerList: [GROUP, { name: listOf(screen.list).title }],
      },
      layout: 'console',
    }),
  ),
  ...Object.entries(USER_FORM_SCREENS).map(
    ([path, screen]): AppRoute => ({
      path,
      screen: () => import('./UserFormPage'),
      meta: {
        requireLogin: true,
        menuPath: '/user-management',
        depth: screen.mode === 'add' ? 20 : 30,
        routerList: [GROUP, { name: '用户管理', path: '/user-management' }, { name: screen.title }],
      },
      layout: 'console',
    }),
  ),
];

/** The user lists and their forms. */
export const identityWebModule = defineWebModule({ name: 'identity', routes: identityRoutes });
