import { APPEAL_PAGES } from '@shetuan/shared/appeals/pages';
import type { AppRoute } from '../../app/route-registry';
import { defineWebModule } from '../../app/web-module';

const open = { requireLogin: false } as const;

/** 人工申诉: the public appeal and its look-up (login side), and the staff list (/appeal). */
export const appealRoutes: AppRoute[] = [
  { path: '/customerComplain', screen: () => import('./AppealSubmitPage'), meta: open },
  { path: '/appealDetail', screen: () => import('./AppealLookupPage'), meta: open },
  {
    path: APPEAL_PAGES.appeal.path,
    screen: () => import('./AppealListPage'),
    meta: { requireLogin: true, keepAlive: true, routerList: [{ name: '申诉与用户中心' }, { name: '人工申诉' }] },
    layout: 'console',
  },
];

export const appealsWebModule = defineWebModule({ name: 'appeals', routes: appealRoutes });
