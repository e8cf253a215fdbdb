import { EXPERT_PAGES as P } from '@shetuan/shared/experts/pages';
import { type ComponentType, createElement } from 'react';
import type { AppRoute } from '../../app/route-registry';
import { DETAIL_PATH, POOL_PATH } from './library/paths';
import { libraryRoutes } from './library/routes';
import { selectionRoutes } from './selection/routes';

/*
 * The spec's other paths of the expert library (001 §2.9: the regional variants -v1, -gz,
 * -yunnan, sx-, fz-, and the older names) are the same screens: each is an alias of a route
 * here, with its own title and the menu entry of the screen it is, never a copy. The screens use
 * the tenant's own questions (专家信息配置) and labels, which is what made the variants differ.
 * An alias is reached with the grant of the page it is (its API checks that page); the server
 * README lists them.
 */

const byPath = (path: string): AppRoute => {
  const route = [...libraryRoutes, ...selectionRoutes].find((r) => r.path === path);
  if (!route) throw new Error(`expert route ${path} missing`);
  return route;
};

/** The target's screen, given these props (an option the screen has: its title, 新增 at once). */
function withProps(screen: AppRoute['screen'], props: Record<string, unknown>): AppRoute['screen'] {
  return async () => {
    const { default: Screen } = (await screen()) as { default: ComponentType<Record<string, unknown>> };
    const Aliased = () => createElement(Screen, props);
    return { default: Aliased };
  };
}

/** `path` serves `target`'s screen under `title`, in `target`'s menu entry. */
function alias(path: string, targetPath: string, title: string, props?: Record<string, unknown>): AppRoute {
  const target = byPath(targetPath);
  const crumbs = target.meta.routerList ?? [];
  return {
    ...target,
    path,
    screen: props ? withProps(target.screen, props) : target.screen,
    meta: {
      ...target.meta,
      menuPath: target.meta.menuPath ?? target.path,
      routerList: [...crumbs.slice(0, -1), { name: title }],
    },
  };
}

const SELECTION_RESULT = '/selectionResult';
const NEW_DRAW = '/setSelectionExpert';

/** Every alias, by the screen it is. */
export const aliasRoutes: AppRoute[] = [
  // 专家管理 (the library, every unit and status).
  alias('/expertManagementAll', P.library.path, '全部专家', { title: '全部专家' }),
  alias('/list-of-experts', P.library.path, '专家名单', { title: '专家名单' }),
  alias('/list-of-experts-new', P.library.path, '专家名单', { title: '专家名单' }),
  alias('/list-of-experts-gz', P.library.path, '专家名单', { title: '专家名单' }),
  alias('/expertAdd', P.library.path, '新增专家', { startCreating: true }),
  // 专家详情.
  alias('/expertManagementParticulars', DETAIL_PATH, '专家详情'),
  alias('/list-of-experts-detail', DETAIL_PATH, '专家详情'),
  alias('/sx-list-of-experts-detail', DETAIL_PATH, '专家详情'),
  alias('/fz-experts-talent-detail', DETAIL_PATH, '人才详情'),
  // 专家审核 (?id= opens one expert's item).
  alias('/expertaudit', P.audit.path, '专家审核'),
  alias('/auditlist-experts', P.audit.path, '专家审核'),
  alias('/audit-list-of-experts-v1', P.audit.path, '专家审核'),
  alias('/audit-list-of-experts-gz', P.audit.path, '专家审核'),
  alias('/audit-list-of-experts-yunnan', P.audit.path, '专家审核'),
  alias('/audit-list-of-experts-detail', P.audit.path, '审核详情'),
  alias('/sx-audit-list-of-experts', P.audit.path, '专家审核'),
  alias('/sx-audit-list-of-experts-detail', P.audit.path, '审核详情'),
  alias('/fz-expert-approval-list', P.audit.path, '专家审批'),
  alias('/fz-expert-approval-detail', P.audit.path, '审批详情'),
  // 专家领域分类, 标签管理, 人才库 (a pool is a label) and its members, 专家统计.
  alias('/area-of-expertise', P.domains.path, '专业领域'),
  alias('/gz-label-management', P.labels.path, '标签管理'),
  alias('/scientific-talent-manage-label-manage', P.labels.path, '标签管理'),
  alias('/gz-talent-pool', P.labels.path, '人才库', { title: '人才库' }),
  alias('/fz-talent-pool', P.labels.path, '人才库', { title: '人才库' }),
  alias('/scientific-talent-manage', P.labels.path, '科技人才库', { title: '科技人才库' }),
  alias('/gz-talent-pool-detail', POOL_PATH, '人才库成员'),
  alias('/gz-talent-pool-edit', POOL_PATH, '人才库成员'),
  alias('/fz-talent-pool-detail', POOL_PATH, '人才库成员'),
  alias('/scientific-talent-manage-detail', POOL_PATH, '人才库成员'),
  alias('/expert-statistics-yunnan', P.statistics.path, '专家统计'),
  // 专家遴选: the draw form, its result, its 复核.
  alias('/selection-of-expert', NEW_DRAW, '专家抽取'),
  alias('/result-of-selection', SELECTION_RESULT, '抽取结果'),
  alias('/checkSelectionExpert', SELECTION_RESULT, '复核', { verify: true }),
  // 我的专家信息 (-edit opens the form at once).
  alias('/myExpert', P.mine.path, '我的专家信息'),
  alias('/myexpert-information-v1', P.mine.path, '我的专家信息'),
  alias('/myexpert-information-gz', P.mine.path, '我的专家信息'),
  alias('/myexpert-information-yunnan', P.mine.path, '我的专家信息'),
  alias('/myexpert-information-edit', P.mine.path, '修改专家信息', { editing: true }),
  alias('/myexpert-information-edit-v1', P.mine.path, '修改专家信息', { editing: true }),
  alias('/myexpert-information-edit-gz', P.mine.path, '修改专家信息', { editing: true }),
  alias('/myexpert-information-edit-yunnan', P.mine.path, '修改专家信息', { editing: true }),
  alias('/sx-my-expert-information', P.mine.path, '我的专家信息'),
  alias('/sx-my-expert-information-edit', P.mine.path, '修改专家信息', { editing: true }),
  alias('/fz-my-information', P.mine.path, '我的信息'),
];
