import { EXPERT_PAGES as P } from '@shetuan/shared/experts';
import type { AppRoute, Crumb } from '../../../app/route-registry';
import { DETAIL_PATH } from './helpers';

const group: Crumb = { name: '专家管理' };

const route = (
  path: string,
  screen: AppRoute['screen'],
  crumbs: Crumb[],
  extra: Partial<AppRoute['meta']> = {},
): AppRoute => ({
  path,
  screen,
  meta: { requireLogin: true, routerList: [group, ...crumbs], ...extra },
  layout: 'console',
});

/** 专家管理, 专家审核, 专家领域分类, 标签管理, 专家统计 and the expert's detail. */
export const libraryRoutes: AppRoute[] = [
  route(P.library.path, () => import('./LibraryPage'), [{ name: P.library.name }], { depth: 10 }),
  route(
    DETAIL_PATH,
    () => import('./ExpertDetailPage'),
    [{ name: P.library.name, path: P.library.path }, { name: '专家详情' }],
    { menuPath: P.library.path },
  ),
  route(P.audit.path, () => import('./AuditPage'), [{ name: P.audit.name }], { depth: 10 }),
  route(P.domains.path, () => import('./DomainPage'), [{ name: P.domains.name }], { depth: 10 }),
  route(P.labels.path, () => import('./LabelPage'), [{ name: P.labels.name }], { depth: 10 }),
  route(P.statistics.path, () => import('./StatisticsPage'), [{ name: P.statistics.name }]),
];
