import { ok, ZEnvelope, ZIdParam, ZPage } from '@shetuan/shared';
import {
  CATEGORY_DOMAINS,
  FLOW_LIBRARY,
  GRADING_SCHEMES,
  OPERATION_PAGES as O,
  ORG_CATEGORIES,
  PROJECT_PAGES as P,
  PROJECT_ELEMENTS,
  PROJECT_TEMPLATES,
  SCORE_RULES,
  ZApplyFormInput,
  ZDeadlineInput,
  ZDeclarationDefaults,
  ZElementStatsQuery,
  ZElementStatsRow,
  ZElementType,
  ZOpsProject,
  ZOpsProjectQuery,
  ZProjectElementsValue,
  ZProjectFormCreate,
  ZProjectFormQuery,
  ZProjectFormRow,
  ZReviewDefaults,
  ZReviewSettingsView,
  ZWizardLibrary,
} from '@shetuan/shared/projects';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, callerTenant } from '../../../platform/auth/context';
import type { AppInstance } from '../../../platform/http/app-types';
import { exportJobRoute } from '../../../platform/jobs/export-route';
import { resourceRoutes } from '../../../platform/resource';
import { OPS_ELEMENTS_EXPORT_JOB, OPS_FORMS_EXPORT_JOB, OPS_PROJECTS_EXPORT_JOB } from './export';
import * as forms from './forms';
import * as ops from './projects';
import * as repo from './repository';
import * as lib from './service';

const tags = ['projects-operations'];
const ZNull = ZEnvelope(z.null());
const ZKey = z.object({ key: z.string().regex(/^[A-Za-z0-9]{6,40}$/, '申报表单不存在或已删除') });
const ZOptions = ZEnvelope(z.object({ list: z.array(z.object({ id: z.number().int(), name: z.string() })) }));
const ZElementOptions = ZEnvelope(
  z.object({
    list: z.array(z.object({ id: z.number().int(), name: z.string(), type: ZElementType, enabled: z.boolean() })),
  }),
);

/**
 * 运营管理: the libraries (kit resources), the defaults, 项目运营, 项目要素, 项目表单, and the wizard's
 * reads (项目管理's permission: whoever makes projects uses the libraries).
 */
export async function operationRoutes(app: AppInstance): Promise<void> {
  const inTenant = callerTenant(app.db);
  const tenantOf = (r: FastifyRequest) => authOf(r).tenantId;

  await resourceRoutes(app, FLOW_LIBRARY, lib.flowLibraryService);
  await resourceRoutes(app, SCORE_RULES, lib.scoreRuleService);
  await resourceRoutes(app, GRADING_SCHEMES, lib.gradingSchemeService);
  await resourceRoutes(app, PROJECT_ELEMENTS, lib.elementService);
  await resourceRoutes(app, ORG_CATEGORIES, lib.orgCategoryService);
  await resourceRoutes(app, CATEGORY_DOMAINS, lib.categoryDomainService);
  await resourceRoutes(app, PROJECT_TEMPLATES, ops.templateService);

  app.get(
    '/projects/operations/category-options',
    {
      config: { permission: O.classificationExpert.path },
      schema: { tags, summary: '专家分类：可选的项目类别', response: { 200: ZOptions } },
    },
    async (request) => ok(await inTenant(request, (tx) => lib.categoryOptions(tx, tenantOf(request)))),
  );
  app.get(
    '/projects/operations/flow-options',
    {
      config: { permission: O.templates.path },
      schema: { tags, summary: '模板管理：可选的评审流程', response: { 200: ZOptions } },
    },
    async (request) =>
      ok({
        list: (await inTenant(request, (tx) => repo.allFlows(tx, tenantOf(request)))).map((f) => ({
          id: f.id,
          name: f.name,
        })),
      }),
  );

  // ---- 评审设置 / 运营设置 ----

  app.get(
    '/projects/operations/review-settings',
    {
      config: { permission: O.reviewSettings.path },
      schema: { tags, summary: '评审设置', response: { 200: ZEnvelope(ZReviewSettingsView) } },
    },
    async (request) => ok(await inTenant(request, (tx) => lib.reviewSettingsView(tx, tenantOf(request)))),
  );
  app.put(
    '/projects/operations/review-settings',
    {
      config: { permission: O.reviewSettings.edit },
      schema: { tags, summary: '保存评审设置', body: ZReviewDefaults, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => lib.saveReviewDefaults(tx, tenantOf(request), request.body));
      return ok(null, '保存成功');
    },
  );
  app.get(
    '/projects/operations/declaration-settings',
    {
      config: { permission: O.operationalSettings.path },
      schema: {
        tags,
        summary: '运营设置（新项目的申报设置）',
        response: {
          200: ZEnvelope(
            z.object({
              settings: ZDeclarationDefaults,
              orgCategories: ZWizardLibrary.shape.orgCategories,
            }),
          ),
        },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) => ({
          settings: await lib.declarationDefaults(tx, tenantOf(request)),
          orgCategories: (await lib.wizardLibrary(tx, tenantOf(request))).orgCategories,
        })),
      ),
  );
  app.put(
    '/projects/operations/declaration-settings',
    {
      config: { permission: O.operationalSettings.edit },
      schema: { tags, summary: '保存运营设置', body: ZDeclarationDefaults, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => lib.saveDeclarationDefaults(tx, tenantOf(request), request.body));
      return ok(null, '保存成功');
    },
  );

  // ---- 项目运营 ----

  app.get(
    '/projects/operations/projects',
    {
      config: { permission: O.operations.path },
      schema: {
        tags,
        summary: '项目运营：全部项目及各环节申报数',
        querystring: ZOpsProjectQuery,
        response: { 200: ZEnvelope(ZPage(ZOpsProject)) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => ops.operationsList(tx, tenantOf(request), request.query))),
  );
  exportJobRoute(app, {
    url: '/projects/operations/projects/export-jobs',
    permission: O.operations.export,
    tags,
    title: '项目运营列表',
    body: ZOpsProjectQuery.omit({ current: true, pageSize: true }),
    kind: OPS_PROJECTS_EXPORT_JOB,
  });
  app.get(
    '/projects/operations/element-options',
    {
      config: { permission: O.operations.path },
      schema: { tags, summary: '项目运营：要素（筛选与归类）', response: { 200: ZElementOptions } },
    },
    async (request) =>
      ok({
        list: (await inTenant(request, (tx) => repo.allElements(tx, tenantOf(request)))).map((e) => ({
          id: e.id,
          name: e.name,
          type: e.type as z.infer<typeof ZElementType>,
          enabled: e.enabled,
        })),
      }),
  );
  app.post(
    '/projects/operations/projects/:id/close',
    {
      config: { permission: O.operations.edit },
      schema: { tags, summary: '截止申报', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => ops.closeNow(tx, tenantOf(request), request.params.id));
      return ok(null, '项目已截止申报');
    },
  );
  app.post(
    '/projects/operations/projects/:id/deadline',
    {
      config: { permission: O.operations.edit },
      schema: {
        tags,
        summary: '调整截止时间（已截止的项目重新开放）',
        params: ZIdParam,
        body: ZDeadlineInput,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      const done = await inTenant(request, (tx) =>
        ops.setDeadline(tx, tenantOf(request), request.params.id, request.body.closeAt),
      );
      return ok(null, done === 'reopened' ? '项目已重新开放申报' : '截止时间已调整');
    },
  );
  app.put(
    '/projects/operations/projects/:id/elements',
    {
      config: { permission: O.operations.edit },
      schema: {
        tags,
        summary: '设置项目要素',
        params: ZIdParam,
        body: ZProjectElementsValue,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) => ops.setElements(tx, tenantOf(request), request.params.id, request.body));
      return ok(null, '项目要素已保存');
    },
  );

  // ---- 项目要素 ----

  app.get(
    '/projects/operations/element-stats',
    {
      config: { permission: O.elements.path },
      schema: {
        tags,
        summary: '项目要素：各要素的项目与申报',
        querystring: ZElementStatsQuery,
        response: { 200: ZEnvelope(ZPage(ZElementStatsRow)) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => ops.elementStatsPage(tx, tenantOf(request), request.query))),
  );
  app.get(
    '/projects/operations/element-stats/figures',
    {
      config: { permission: O.elements.path },
      schema: {
        tags,
        summary: '项目要素：图表数据（一种要素的全部值）',
        querystring: z.object({ type: ZElementType.default('category') }),
        response: { 200: ZEnvelope(z.object({ rows: z.array(ZElementStatsRow) })) },
      },
    },
    async (request) =>
      ok({ rows: await inTenant(request, (tx) => ops.elementFigures(tx, tenantOf(request), request.query.type)) }),
  );
  exportJobRoute(app, {
    url: '/projects/operations/element-stats/export-jobs',
    permission: O.elements.export,
    tags,
    title: '项目要素统计',
    body: ZElementStatsQuery.omit({ current: true, pageSize: true }),
    kind: OPS_ELEMENTS_EXPORT_JOB,
  });

  // ---- 项目表单 ----

  app.get(
    '/projects/operations/forms',
    {
      config: { permission: O.forms.path },
      schema: {
        tags,
        summary: '项目表单：申报表单及使用的项目',
        querystring: ZProjectFormQuery,
        response: { 200: ZEnvelope(ZPage(ZProjectFormRow)) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => forms.listForms(tx, authOf(request), request.query))),
  );
  exportJobRoute(app, {
    url: '/projects/operations/forms/export-jobs',
    permission: O.forms.export,
    tags,
    title: '项目表单',
    body: ZProjectFormQuery.omit({ current: true, pageSize: true }),
    kind: OPS_FORMS_EXPORT_JOB,
  });
  const ZKeyAnswer = ZEnvelope(z.object({ key: z.string() }));
  app.post(
    '/projects/operations/forms',
    {
      config: { permission: O.forms.add },
      schema: { tags, summary: '新建申报表单（空白）', body: ZProjectFormCreate, response: { 200: ZKeyAnswer } },
    },
    async (request) =>
      ok(
        { key: await inTenant(request, (tx) => forms.newForm(tx, authOf(request), request.body.name)) },
        '申报表单已创建',
      ),
  );
  app.post(
    '/projects/operations/forms/:key/copy',
    {
      config: { permission: O.forms.add },
      schema: { tags, summary: '复制申报表单（副本归自己维护）', params: ZKey, response: { 200: ZKeyAnswer } },
    },
    async (request) =>
      ok({ key: await inTenant(request, (tx) => forms.copyForm(tx, authOf(request), request.params.key)) }, '复制成功'),
  );
  app.get(
    '/projects/operations/form-targets',
    {
      config: { permission: O.forms.path },
      schema: {
        tags,
        summary: '项目表单：可更换申报表单的项目（未发布的项目和模板）',
        response: {
          200: ZEnvelope(
            z.object({ list: z.array(z.object({ id: z.number().int(), name: z.string(), isTemplate: z.boolean() })) }),
          ),
        },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => forms.formTargets(tx, tenantOf(request)))),
  );
  app.post(
    '/projects/operations/forms/:key/apply',
    {
      config: { permission: O.forms.edit },
      schema: {
        tags,
        summary: '用于项目：项目的申报表单换成此表单的副本',
        params: ZKey,
        body: ZApplyFormInput,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      const name = await inTenant(request, (tx) =>
        forms.applyForm(tx, tenantOf(request), request.params.key, request.body.projectId),
      );
      return ok(null, `已用于“${name}”`);
    },
  );

  // ---- the wizard's reads (项目管理) ----

  app.get(
    '/projects/library',
    {
      config: { permission: P.management.path },
      schema: {
        tags,
        summary: '项目向导：流程、评分规则、定级方案、要素与默认设置',
        response: { 200: ZEnvelope(ZWizardLibrary) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => lib.wizardLibrary(tx, tenantOf(request)))),
  );
  app.get(
    '/projects/:id/elements',
    {
      config: { permission: P.management.path },
      schema: {
        tags,
        summary: '项目的要素（类别、级别、年度）',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZProjectElementsValue) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => ops.elementsOf(tx, tenantOf(request), request.params.id))),
  );
  app.put(
    '/projects/:id/elements',
    {
      config: { permission: P.management.edit },
      schema: {
        tags,
        summary: '设置项目的要素',
        params: ZIdParam,
        body: ZProjectElementsValue,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) => ops.setElements(tx, tenantOf(request), request.params.id, request.body));
      return ok(null, '项目要素已保存');
    },
  );
}
