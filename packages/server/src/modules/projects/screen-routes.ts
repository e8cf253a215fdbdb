import { ok, ZEnvelope, ZIdParam, ZPage, ZPageQuery } from '@shetuan/shared';
import {
  PROJECT_PAGES as P,
  PROJECT_STATUS_NAMES,
  ZAssignment,
  ZDistributionAssign,
  ZDistributionQuery,
  ZDistributionRow,
  ZDistributionView,
  ZMyReviewsQuery,
  ZMyRound,
  ZProjectReport,
  ZPublicProject,
  ZPublicProjectDetail,
  ZPublicProjectQuery,
  ZRecommendReport,
  ZReportQuery,
  ZSheetQuery,
  ZTrialUnitRow,
  ZUnitDeclarationRow,
  ZUnitDetailsQuery,
  ZUnitSummary,
} from '@shetuan/shared/projects';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import type { AppInstance } from '../../platform/http/app-types';
import { enqueueJob } from '../../platform/jobs';
import { tenantOfRequest } from '../../platform/tenancy/request-tenant';
import * as distribution from './distribution';
import { SHEET_EXPORT_JOB, type Sheet } from './export';
import * as publicCalls from './public';
import * as reports from './reports';
import * as repo from './repository';
import * as review from './review';
import { getProject } from './service';
import { trialUnits } from './stats';

const tags = ['projects'];
const ZNull = ZEnvelope(z.null());
const ZJob = ZEnvelope(z.object({ key: z.string() }));
const ZStageParam = z.object({
  id: z.coerce.number({ error: '编号必须是数字' }).int().positive('编号有误'),
  stage: z.coerce.number({ error: '环节必须是数字' }).int().min(0, '环节不存在').max(20, '环节不存在'),
});
const ZUnitParam = z.object({
  id: z.coerce.number({ error: '编号必须是数字' }).int().positive('编号有误'),
  unitId: z.coerce.number({ error: '单位编号必须是数字' }).int().positive('单位编号有误'),
});
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The routes of the remaining screens (README, "Screens"): 公开申报 (no login, the domain's
 * tenant), 申报分配, 初审单位详情 (the operators' and the unit's own), 推荐报告 (page and file), 项目评审报告
 * and the reviewer's lists. Each checks the page of the people who use it.
 */
export async function projectScreenRoutes(app: AppInstance): Promise<void> {
  const inTenant = callerTenant(app.db);
  const tenantOf = (r: FastifyRequest) => authOf(r).tenantId;

  /** Queues an export of one of the statistics job's sheets with a query the route has checked. */
  const exportJob = (request: FastifyRequest, sheet: Sheet, query: Record<string, unknown>) => {
    const auth = authOf(request);
    return inTenant(request, (tx) =>
      enqueueJob(tx, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        kind: SHEET_EXPORT_JOB,
        payload: { sheet, query },
      }),
    );
  };
  const sendReport = async (reply: FastifyReply, report: Awaited<ReturnType<typeof reports.recommendReport>>) => {
    const file = await reports.recommendReportFile(report);
    const name = `${report.projectName}-${report.unitName}推荐汇总表.xlsx`;
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store')
      .send(file);
  };

  // ---- 公开申报 (no login) ----

  const inDomainTenant = async <T>(request: FastifyRequest, work: (tx: Tx, tenantId: number) => Promise<T>) => {
    const tenantId = await tenantOfRequest(app.db, request);
    return app.db.withTenant(tenantId, (tx) => work(tx, tenantId));
  };
  app.get(
    '/public/projects',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '公开的申报项目（无需登录）',
        querystring: ZPublicProjectQuery,
        response: { 200: ZEnvelope(ZPage(ZPublicProject)) },
      },
    },
    async (request) =>
      ok(await inDomainTenant(request, (tx, tenantId) => publicCalls.publicProjects(tx, tenantId, request.query))),
  );
  app.get(
    '/public/projects/:id',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '公开的申报项目详情（无需登录）',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZPublicProjectDetail) },
      },
    },
    async (request) =>
      ok(await inDomainTenant(request, (tx, tenantId) => publicCalls.publicProject(tx, tenantId, request.params.id))),
  );

  // ---- 申报分配 ----

  app.get(
    '/projects/:id/stages/:stage/distribution',
    {
      config: { permission: P.distribution.path },
      schema: {
        tags,
        summary: '申报分配：评审轮次的申报与其评审专家',
        params: ZStageParam,
        querystring: ZDistributionQuery,
        response: { 200: ZEnvelope(ZPage(ZDistributionRow)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          distribution.roundDeclarations(tx, tenantOf(request), request.params.id, request.params.stage, request.query),
        ),
      ),
  );
  app.post(
    '/projects/:id/stages/:stage/distribution/export-jobs',
    {
      config: { permission: P.distribution.export },
      schema: {
        tags,
        summary: '导出申报分配（后台任务）',
        params: ZStageParam,
        body: ZDistributionQuery,
        response: { 200: ZJob },
      },
    },
    async (request) => {
      await inTenant(request, (tx) => getProject(tx, tenantOf(request), request.params.id));
      return ok(
        await exportJob(request, 'distribution', { ...request.body, ...request.params, projectId: request.params.id }),
      );
    },
  );
  app.get(
    '/projects/declarations/:id/distribution',
    {
      config: { permission: P.distribution.path },
      schema: {
        tags,
        summary: '申报分配：一份申报的评审专家与可选专家（含不可选的原因）',
        params: ZIdParam,
        querystring: z.object({ stage: z.coerce.number({ error: '环节必须是数字' }).int().min(0).max(20).optional() }),
        response: { 200: ZEnvelope(ZDistributionView) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          distribution.distributionView(tx, tenantOf(request), request.params.id, request.query.stage),
        ),
      ),
  );
  app.post(
    '/projects/declarations/:id/distribution',
    {
      config: { permission: P.distribution.path },
      schema: {
        tags,
        summary: '申报分配：为申报添加一位评审专家',
        params: ZIdParam,
        body: ZDistributionAssign,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) => distribution.addExpert(tx, authOf(request), request.params.id, request.body));
      return ok(null, '分配成功');
    },
  );
  app.delete(
    '/projects/declarations/:id/distribution/:assignmentId',
    {
      config: { permission: P.distribution.path },
      schema: {
        tags,
        summary: '申报分配：移除一位评审专家（未提交评审时）',
        params: ZIdParam.extend({
          assignmentId: z.coerce.number({ error: '编号必须是数字' }).int().positive('编号有误'),
        }),
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) =>
        distribution.removeExpert(tx, tenantOf(request), request.params.id, request.params.assignmentId),
      );
      return ok(null, '已移除');
    },
  );

  // ---- 初审单位详情 (operators) ----

  const ZAdminUnitQuery = ZUnitDetailsQuery.extend({
    unitId: z.coerce.number({ error: '请选择单位' }).int().positive('请选择单位'),
  });
  app.get(
    '/projects/sheets/unit-declarations',
    {
      config: { permission: P.trialUnitDetails.path },
      schema: {
        tags,
        summary: '初审单位详情：单位的申报与初审结果',
        querystring: ZAdminUnitQuery,
        response: { 200: ZEnvelope(ZPage(ZUnitDeclarationRow)) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => reports.unitDeclarations(tx, tenantOf(request), request.query))),
  );
  app.post(
    '/projects/sheets/unit-declarations/export-jobs',
    {
      config: { permission: P.trialUnitDetails.export },
      schema: { tags, summary: '导出初审单位详情（后台任务）', body: ZAdminUnitQuery, response: { 200: ZJob } },
    },
    async (request) => {
      await inTenant(request, (tx) =>
        reports.unitSummary(tx, tenantOf(request), request.body.projectId, request.body.unitId),
      );
      return ok(await exportJob(request, 'unit-declarations', request.body));
    },
  );
  app.get(
    '/projects/:id/units/:unitId/summary',
    {
      config: { permission: P.trialUnitDetails.path },
      schema: { tags, summary: '初审单位详情：概况', params: ZUnitParam, response: { 200: ZEnvelope(ZUnitSummary) } },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          reports.unitSummary(tx, tenantOf(request), request.params.id, request.params.unitId),
        ),
      ),
  );

  // ---- 推荐情况 and 推荐报告 of the caller's own unit (初审单位) ----

  app.get(
    '/projects/trial/projects',
    {
      config: { permission: P.firstTrialList.path },
      schema: {
        tags,
        summary: '本单位有申报的项目',
        response: {
          200: ZEnvelope(
            z.object({ list: z.array(z.object({ id: z.number().int(), name: z.string(), statusName: z.string() })) }),
          ),
        },
      },
    },
    async (request) =>
      ok({
        list: await inTenant(request, async (tx) => {
          const unitId = await reports.callerUnit(tx, authOf(request));
          return (await repo.unitProjects(tx, tenantOf(request), unitId)).map((p) => ({
            id: p.id,
            name: p.name,
            statusName: PROJECT_STATUS_NAMES[p.status] ?? '',
          }));
        }),
      }),
  );
  app.get(
    '/projects/trial/unit-declarations',
    {
      config: { permission: P.firstTrialList.path },
      schema: {
        tags,
        summary: '本单位的申报与初审结果',
        querystring: ZUnitDetailsQuery.omit({ unitId: true }),
        response: { 200: ZEnvelope(ZPage(ZUnitDeclarationRow)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) => {
          const unitId = await reports.callerUnit(tx, authOf(request));
          return reports.unitDeclarations(tx, tenantOf(request), { ...request.query, unitId });
        }),
      ),
  );
  app.post(
    '/projects/trial/unit-declarations/export-jobs',
    {
      config: { permission: P.firstTrialList.export },
      schema: {
        tags,
        summary: '导出本单位的申报与初审结果（后台任务）',
        body: ZUnitDetailsQuery.omit({ unitId: true }),
        response: { 200: ZJob },
      },
    },
    async (request) => {
      const unitId = await inTenant(request, async (tx) => {
        const unit = await reports.callerUnit(tx, authOf(request));
        await reports.unitSummary(tx, tenantOf(request), request.body.projectId, unit);
        return unit;
      });
      return ok(await exportJob(request, 'unit-declarations', { ...request.body, unitId }));
    },
  );
  app.get(
    '/projects/trial/unit-summary',
    {
      config: { permission: P.firstTrialList.path },
      schema: {
        tags,
        summary: '本单位的推荐概况',
        querystring: ZReportQuery,
        response: { 200: ZEnvelope(ZUnitSummary) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) =>
          reports.unitSummary(
            tx,
            tenantOf(request),
            request.query.projectId,
            await reports.callerUnit(tx, authOf(request)),
          ),
        ),
      ),
  );
  app.get(
    '/projects/trial/report',
    {
      config: { permission: P.firstTrialList.path },
      schema: {
        tags,
        summary: '本单位的推荐报告',
        querystring: ZReportQuery,
        response: { 200: ZEnvelope(ZRecommendReport) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) =>
          reports.recommendReport(
            tx,
            tenantOf(request),
            request.query.projectId,
            await reports.callerUnit(tx, authOf(request)),
          ),
        ),
      ),
  );
  app.get(
    '/projects/trial/report/file',
    {
      config: { permission: P.firstTrialList.path },
      schema: { tags, summary: '下载本单位的推荐汇总表（xlsx）', querystring: ZReportQuery },
    },
    async (request, reply) => {
      const report = await inTenant(request, async (tx) =>
        reports.recommendReport(
          tx,
          tenantOf(request),
          request.query.projectId,
          await reports.callerUnit(tx, authOf(request)),
        ),
      );
      return sendReport(reply, report);
    },
  );

  // ---- 推荐报告 (operators: every unit's) ----

  app.get(
    '/projects/sheets/reports',
    {
      config: { permission: P.recommendReport.path },
      schema: {
        tags,
        summary: '推荐报告：项目的推荐单位与推荐数',
        querystring: ZSheetQuery,
        response: { 200: ZEnvelope(ZPage(ZTrialUnitRow)) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => trialUnits(tx, tenantOf(request), request.query))),
  );
  app.post(
    '/projects/sheets/reports/export-jobs',
    {
      config: { permission: P.recommendReport.export },
      schema: { tags, summary: '导出推荐报告列表（后台任务）', body: ZSheetQuery, response: { 200: ZJob } },
    },
    async (request) => {
      await inTenant(request, (tx) => getProject(tx, tenantOf(request), request.body.projectId));
      return ok(await exportJob(request, 'reports', request.body));
    },
  );
  app.get(
    '/projects/:id/units/:unitId/report',
    {
      config: { permission: P.recommendReport.path },
      schema: { tags, summary: '单位的推荐报告', params: ZUnitParam, response: { 200: ZEnvelope(ZRecommendReport) } },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          reports.recommendReport(tx, tenantOf(request), request.params.id, request.params.unitId),
        ),
      ),
  );
  app.get(
    '/projects/:id/units/:unitId/report/file',
    {
      config: { permission: P.recommendReport.path },
      schema: { tags, summary: '下载单位的推荐汇总表（xlsx）', params: ZUnitParam },
    },
    async (request, reply) => {
      const report = await inTenant(request, (tx) =>
        reports.recommendReport(tx, tenantOf(request), request.params.id, request.params.unitId),
      );
      return sendReport(reply, report);
    },
  );

  // ---- 项目评审报告 ----

  app.get(
    '/projects/:id/report',
    {
      config: { permission: P.statistics.path },
      schema: { tags, summary: '项目评审报告', params: ZIdParam, response: { 200: ZEnvelope(ZProjectReport) } },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => reports.projectReport(tx, tenantOf(request), request.params.id))),
  );

  // ---- 评审人: every review, and the work by project round ----

  app.get(
    '/projects/review/all',
    {
      config: { permission: P.reviewList.path },
      schema: {
        tags,
        summary: '我的全部评审（待评审与已提交）',
        querystring: ZMyReviewsQuery,
        response: { 200: ZEnvelope(ZPage(ZAssignment)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          review.myAssignments(tx, authOf(request), {
            ...request.query,
            submitted: request.query.status === undefined ? undefined : request.query.status === '1',
          }),
        ),
      ),
  );
  app.post(
    '/projects/review/all/export-jobs',
    {
      config: { permission: P.reviewList.export },
      schema: { tags, summary: '导出我的评审（后台任务）', body: ZMyReviewsQuery, response: { 200: ZJob } },
    },
    async (request) => ok(await exportJob(request, 'my-reviews', request.body)),
  );
  app.get(
    '/projects/review/rounds',
    {
      config: { permission: P.review.path },
      schema: {
        tags,
        summary: '我的评审任务（按项目和评审轮次）',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZMyRound)) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => reports.myRounds(tx, authOf(request), request.query))),
  );
  app.post(
    '/projects/review/rounds/export-jobs',
    {
      config: { permission: P.reviewList.export },
      schema: { tags, summary: '导出我的评审任务（后台任务）', body: ZPageQuery, response: { 200: ZJob } },
    },
    async (request) => ok(await exportJob(request, 'my-rounds', request.body)),
  );
}
