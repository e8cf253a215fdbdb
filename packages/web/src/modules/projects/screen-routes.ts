import { PROJECT_PAGES as P } from '@shetuan/shared/projects/pages';
import type { AppRoute } from '../../app/route-registry';

const route = (
  path: string,
  screen: AppRoute['screen'],
  crumbs: { name: string; path?: string }[],
  extra: Partial<AppRoute['meta']> = {},
): AppRoute => ({ path, screen, meta: { requireLogin: true, routerList: crumbs, ...extra }, layout: 'console' });

/** A page of the public declaration pages: no login, no console. */
const open = (path: string, screen: AppRoute['screen']): AppRoute => ({ path, screen, meta: { requireLogin: false } });

const creator = { name: '项目创建者' };
const management = { name: P.management.name, path: P.management.path };
const wizard = () => import('./creator/ProjectWizardPage');
const unitDetails = () => import('./trial/UnitDetailsPage');

/**
 * The remaining screens of spec 001 §2.17 (modules/projects README, "Screens"). Routes that are
 * one screen in another configuration point at the same page: the wizard's steps, the two unit
 * details, the report of any unit or of the caller's own.
 */
export const screenRoutes: AppRoute[] = [
  route(P.distribution.path, () => import('./creator/DistributionPage'), [creator, { name: P.distribution.name }]),
  route(
    '/projectFormSetting',
    () => import('./creator/ProjectFormSettingPage'),
    [creator, management, { name: '申报表设置' }],
    {
      menuPath: P.management.path,
    },
  ),
  route('/projectPreview', () => import('./creator/ProjectPreviewPage'), [creator, management, { name: '项目预览' }], {
    menuPath: P.management.path,
  }),
  route('/projectAudit', () => import('./creator/AuditPage'), [creator, { name: '项目审核' }], {
    menuPath: P.declarations.path,
  }),
  ...[
    { path: '/createProject', name: '新建项目' },
    { path: '/basicSetup', name: '基本设置' },
    { path: '/applyProcess', name: '评审流程' },
    { path: '/advancedSettings', name: '申报设置' },
  ].map((s) => route(s.path, wizard, [creator, management, { name: s.name }], { menuPath: '/projectWizard' })),
  open('/login-declare', () => import('./public/LoginDeclarePage')),
  open('/login-declare-detail', () => import('./public/LoginDeclareDetailPage')),
  open('/projectLogin', () => import('./public/ProjectLoginPage')),
  route(P.trialUnitDetails.path, unitDetails, [{ name: '项目统计' }, { name: P.trialUnitDetails.name }], { depth: 10 }),
  route('/jsTrialUnitDetails', unitDetails, [{ name: '初审人' }, { name: '推荐情况' }], {
    menuPath: P.firstTrialList.path,
  }),
  route('/expertEvaluateList', () => import('./review/MyRoundsPage'), [{ name: '评审人' }, { name: '评审任务' }], {
    menuPath: P.review.path,
    depth: 10,
  }),
  route('/reviewList', () => import('./review/AllReviewsPage'), [{ name: '评审人' }, { name: '全部评审' }], {
    menuPath: P.reviewList.path,
    depth: 10,
  }),
  route(P.recommendReport.path, () => import('./reports/RecommendReportsPage'), [
    { name: '项目推荐' },
    { name: P.recommendReport.name },
  ]),
  route('/ini-rec-report-w', () => import('./reports/RecommendReportDocPage'), [{ name: '推荐报告' }]),
  route(
    '/related-report',
    () => import('./reports/ProjectReportPage'),
    [{ name: '项目统计' }, { name: '项目评审报告' }],
    {
      menuPath: P.statistics.path,
    },
  ),
];
