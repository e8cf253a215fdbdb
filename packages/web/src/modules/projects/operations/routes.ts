import { OPERATION_PAGES as O } from '@shetuan/shared/projects/pages';
import type { AppRoute } from '../../../app/route-registry';

const ops = { name: '运营管理' };

const route = (
  path: string,
  screen: AppRoute['screen'],
  name: string,
  extra: Partial<AppRoute['meta']> = {},
): AppRoute => ({
  path,
  screen,
  meta: { requireLogin: true, routerList: [ops, { name }], ...extra },
  layout: 'console',
});

/**
 * 运营管理 (spec 001 §2.18's Operations group; /reviewAllocation is the creator's allocation page):
 * the operators' libraries, defaults and views. /evaluationSettings is 评审设置 under its other
 * name. /addAReview, /folder, /expertsSet, /department-extract, /department-select,
 * /loginManagement and /addAddress are not built (modules/projects README, "Operations").
 */
export const operationRoutes: AppRoute[] = [
  route(O.templates.path, () => import('./TemplatesPage'), O.templates.name, { depth: 10 }),
  route(O.forms.path, () => import('./ProjectFormsPage'), O.forms.name, { depth: 10 }),
  route(O.operations.path, () => import('./OperationsPage'), O.operations.name, { depth: 10 }),
  route(O.reviewSettings.path, () => import('./ReviewSettingsPage'), O.reviewSettings.name),
  route('/evaluationSettings', () => import('./ReviewSettingsPage'), O.reviewSettings.name, {
    menuPath: O.reviewSettings.path,
  }),
  route(O.gradingRules.path, () => import('./GradingRulePage'), O.gradingRules.name, { depth: 10 }),
  route(O.flows.path, () => import('./FlowLibraryPage'), O.flows.name, { depth: 10 }),
  route(O.elements.path, () => import('./ElementsPage'), O.elements.name, { depth: 10 }),
  route(O.elementsEditing.path, () => import('./ElementsEditingPage'), O.elementsEditing.name, { depth: 10 }),
  route(O.operationalSettings.path, () => import('./OperationalSettingsPage'), O.operationalSettings.name),
  route(O.classificationExpert.path, () => import('./ClassificationExpertPage'), O.classificationExpert.name, {
    depth: 10,
  }),
  route(O.organizationCategory.path, () => import('./OrgCategoryPage'), O.organizationCategory.name, { depth: 10 }),
];
