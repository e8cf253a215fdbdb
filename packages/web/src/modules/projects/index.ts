import { PROJECT_PAGES as P } from '@shetuan/shared/projects/pages';
import type { AppRoute } from '../../app/route-registry';
import { defineWebModule } from '../../app/web-module';
import { operationRoutes } from './operations/routes';
import { screenRoutes } from './screen-routes';

const route = (
  path: string,
  screen: AppRoute['screen'],
  crumbs: { name: string; path?: string }[],
  extra: Partial<AppRoute['meta']> = {},
): AppRoute => ({ path, screen, meta: { requireLogin: true, routerList: crumbs, ...extra }, layout: 'console' });

const creator = { name: '项目创建者' };
const applicant = { name: '申报人' };
const trial = { name: '初审人' };
const reviewer = { name: '评审人' };
const stats = { name: '项目统计' };

/**
 * 项目申报与评审 (spec 001 §2.17): the creator's and operators' screens (creator/), the applicant's
 * (applicant/), the unit's first trial (trial/) and the reviewer's (review/). Variants of one
 * screen are routes to the same page (/createDeclareList and /createDeclareListSp by review mode).
 */
export const projectsWebModule = defineWebModule({
  name: 'projects',
  routes: [
    ...operationRoutes,
    ...screenRoutes,
    route(P.management.path, () => import('./creator/ProjectManagementPage'), [creator, { name: P.management.name }], {
      keepAlive: true,
      depth: 10,
    }),
    route('/projectWizard', () => import('./creator/ProjectWizardPage'), [
      creator,
      { name: P.management.name, path: P.management.path },
      { name: '项目向导' },
    ]),
    route('/declarationDistributionGroup', () => import('./creator/GroupsPage'), [creator, { name: P.groups.name }]),
    route(P.declarations.path, () => import('./creator/DeclarationsPage'), [creator, { name: '申报列表（评分）' }], {
      depth: 10,
    }),
    route('/createDeclareListSp', () => import('./creator/DeclarationsPage'), [creator, { name: '申报列表（审批）' }], {
      depth: 10,
    }),
    route('/projectDetail', () => import('./creator/DeclarationDetailPage'), [creator, { name: '申报详情' }], {
      menuPath: P.declarations.path,
    }),
    route('/grading', () => import('./creator/GradingPage'), [stats, { name: '评分等级' }]),
    route(P.statistics.path, () => import('./stats/StatisticsPage'), [stats, { name: P.statistics.name }]),
    route(P.cumulative.path, () => import('./stats/CumulativePage'), [stats, { name: P.cumulative.name }], {
      depth: 10,
    }),
    route(P.scoreSheet.path, () => import('./stats/ReviewSheetPage'), [stats, { name: P.scoreSheet.name }], {
      depth: 10,
    }),
    route(P.approvalSheet.path, () => import('./stats/ReviewSheetPage'), [stats, { name: P.approvalSheet.name }], {
      depth: 10,
    }),
    route(P.trialUnits.path, () => import('./stats/TrialUnitsPage'), [stats, { name: P.trialUnits.name }], {
      depth: 10,
    }),
    route(P.reviewExperts.path, () => import('./stats/ReviewExpertsPage'), [stats, { name: P.reviewExperts.name }], {
      depth: 10,
    }),
    route(P.allocation.path, () => import('./creator/AllocationPage'), [
      { name: '运营管理' },
      { name: P.allocation.name },
    ]),
    route(P.declare.path, () => import('./applicant/DeclareListPage'), [applicant, { name: P.declare.name }], {
      depth: 10,
    }),
    route(
      '/projectDeclare',
      () => import('./applicant/DeclareFormPage'),
      [applicant, { name: P.declare.name, path: P.declare.path }, { name: '填写申报' }],
      { menuPath: P.declare.path },
    ),
    route(
      '/projectDeclareDetail',
      () => import('./applicant/DeclarationStatusPage'),
      [applicant, { name: P.declare.name, path: P.declare.path }, { name: '申报详情' }],
      { menuPath: P.declare.path },
    ),
    route(P.history.path, () => import('./applicant/HistoryPage'), [applicant, { name: P.history.name }], {
      depth: 10,
    }),
    route(P.firstTrial.path, () => import('./trial/FirstTrialPage'), [trial, { name: P.firstTrial.name }], {
      depth: 10,
    }),
    route(P.firstTrialList.path, () => import('./trial/FirstTrialListPage'), [trial, { name: P.firstTrialList.name }], {
      depth: 10,
    }),
    route(P.review.path, () => import('./review/ReviewTasksPage'), [reviewer, { name: P.review.name }], { depth: 10 }),
    route('/reviewScore', () => import('./review/ReviewTasksPage'), [reviewer, { name: '打分评审' }]),
    route('/reviewApproval', () => import('./review/ReviewTasksPage'), [reviewer, { name: '审批评审' }]),
    route(P.reviewList.path, () => import('./review/ReviewHistoryPage'), [reviewer, { name: P.reviewList.name }], {
      depth: 10,
    }),
  ],
});
