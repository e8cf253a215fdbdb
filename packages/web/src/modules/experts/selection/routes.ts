import { EXPERT_PAGES as P } from '@shetuan/shared/experts/pages';
import type { AppRoute } from '../../../app/route-registry';

const experts = { name: '专家管理' };
const selection = { name: P.selection.name, path: P.selection.path };

const route = (
  path: string,
  screen: AppRoute['screen'],
  crumbs: { name: string; path?: string }[],
  extra: Partial<AppRoute['meta']> = {},
): AppRoute => ({ path, screen, meta: { requireLogin: true, routerList: crumbs, ...extra }, layout: 'console' });

/** 专家遴选 (list, new draw, result), 我的专家信息 and the invitation link (no login). */
export const selectionRoutes: AppRoute[] = [
  route(P.selection.path, () => import('./DrawListPage'), [experts, { name: P.selection.name }], { depth: 10 }),
  route('/setSelectionExpert', () => import('./DrawFormPage'), [experts, selection, { name: '新建遴选' }], {
    menuPath: P.selection.path,
    depth: 20,
  }),
  route('/selectionResult', () => import('./DrawResultPage'), [experts, selection, { name: '遴选结果' }], {
    menuPath: P.selection.path,
  }),
  route(P.mine.path, () => import('./MyExpertPage'), [{ name: '专家服务' }, { name: P.mine.name }]),
  // The link of the invitation SMS: no login, no console, read on a phone.
  { path: '/expert-invitation', screen: () => import('./InvitationPage'), meta: { requireLogin: false } },
];
