import { EXPERT_PAGES as P } from '@shetuan/shared/experts/pages';
import type { AppRoute, Crumb } from '../../../app/route-registry';
import { CALL_DETAIL_PATH } from '../calls/paths';
import { DETAIL_PATH, POOL_PATH } from './paths';

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

/**
 * 专家管理, 专家审核, 专家领域分类, 标签管理 (with a talent pool's members), 专家统计, 专家征集
 * (with a call's detail), 专家信息配置 and the expert's detail.
 */
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
  route(POOL_PATH, () => import('./PoolPage'), [{ name: P.labels.name, path: P.labels.path }, { name: '人才库成员' }], {
    menuPath: P.labels.path,
  }),
  route(P.calls.path, () => import('../calls/CallsPage'), [{ name: P.calls.name }], { depth: 10 }),
  route(
    CALL_DETAIL_PATH,
    () => import('../calls/CallDetailPage'),
    [{ name: P.calls.name, path: P.calls.path }, { name: '征集详情' }],
    { menuPath: P.calls.path },
  ),
  route(P.config.path, () => import('../config/SysConfigPage'), [{ name: P.config.name }]),
];
