import { ok, ZEnvelope, ZIdParam, ZPage, ZPageQuery } from '@shetuan/shared';
import { ZFormSchema } from '@shetuan/shared/forms';
import {
  PROJECT_PAGES as P,
  ZActInput,
  ZAllocationView,
  ZAssignment,
  ZAutoAllocationResult,
  ZCumulativeQuery,
  ZDeclaration,
  ZDeclarationDetail,
  ZDeclarationInput,
  ZDeclarationQuery,
  ZGradingPreview,
  ZGradingQuery,
  ZGroupMembersInput,
  ZGroupsView,
  ZOpenProject,
  ZProject,
  ZProjectCreate,
  ZProjectInput,
  ZProjectQuery,
  ZProjectStatistics,
  ZReviewExpertRow,
  ZReviewGroupInput,
  ZReviewInput,
  ZReviewSheetRow,
  ZScoreItem,
  ZSheetQuery,
  ZTrialUnitRow,
} from '@shetuan/shared/projects';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { AppInstance } from '../../platform/http/app-types';
import { enqueueJob } from '../../platform/jobs';
import * as declare from './declare';
import { DECLARATIONS_EXPORT_JOB, PROJECTS_EXPORT_JOB, SHEET_EXPORT_JOB, type Sheet } from './export';
import * as groups from './groups';
import { listUnits as repoUnits } from './repository';
import * as review from './review';
import { projectScreenRoutes } from './screen-routes';
import * as projects from './service';
import * as stats from './stats';

const tags = ['projects'];
const ZNull = ZEnvelope(z.null());
const ZId = ZEnvelope(z.object({ id: z.number().int() }));
const ZStageParam = z.object({
  id: z.coerce.number({ error: '编号必须是数字' }).int().positive('编号有误'),
  stage: z.coerce.number({ error: '环节必须是数字' }).int().min(0, '环节不存在').max(20, '环节不存在'),
});
const ZJob = ZEnvelope(z.object({ key: z.string() }));
const ZHandled = z.object({
  id: z.number().int(),
  declarationId: z.number().int(),
  title: z.string(),
  projectName: z.string(),
  action: z.string(),
  remark: z.string(),
  actorName: z.string(),
  at: z.string(),
});
const ZOperatorDetail = ZDeclarationDetail.extend({
  reviews: z.array(
    z.object({
      id: z.number().int(),
      stage: z.number().int(),
      expertName: z.string(),
      status: z.number().int(),
      scores: z.record(z.string(), z.number()).nullable(),
      total: z.number().nullable(),
      opinion: z.string().nullable(),
      comment: z.string(),
      submittedAt: z.string().nullable(),
    }),
  ),
});
const ZAssignmentDetail = z.object({
  assignment: ZAssignment,
  applicantName: z.string(),
  unitName: z.string(),
  blind: z.boolean(),
  formKey: z.string(),
  formVersion: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  items: z.array(ZScoreItem),
  scores: z.record(z.string(), z.number()),
  opinion: z.enum(['agree', 'disagree']).nullable(),
  comment: z.string(),
});

/**
 * 项目申报与评审. Each group of routes checks the page of the people who use it: 项目管理 (creator),
 * 申报列表 (operators' review, advancing, grading), 评审分配, 我的申报 / 历史申报 (applicant),
 * 项目初审 / 初审列表 (unit), 项目评审 / 评审列表 (reviewer).
 */
export async function projectRoutes(app: AppInstance): Promise<void> {
  const inTenant = callerTenant(app.db);
  const tenantOf = (r: Parameters<typeof authOf>[0]) => authOf(r).tenantId;

  // ---- 项目管理 ----

  app.get(
    '/projects',
    {
      config: { permission: P.management.path },
      schema: {
        tags,
        summary: '项目列表（template=1 为模板）',
        querystring: ZProjectQuery,
        response: { 200: ZEnvelope(ZPage(ZProject)) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => projects.listProjects(tx, tenantOf(request), request.query))),
  );

  app.get(
    '/projects/:id',
    {
      config: { permission: P.management.path },
      schema: { tags, summary: '项目详情', params: ZIdParam, response: { 200: ZEnvelope(ZProject) } },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => projects.projectDetail(tx, tenantOf(request), request.params.id))),
  );

  app.post(
    '/projects',
    {
      config: { permission: P.management.add },
      schema: { tags, summary: '新增项目（可从模板创建）', body: ZProjectCreate, response: { 200: ZId } },
    },
    async (request) =>
      ok(
        { id: await inTenant(request, (tx) => projects.createProject(tx, authOf(request), request.body)) },
        '项目已创建',
      ),
  );

  app.put(
    '/projects/:id',
    {
      config: { permission: P.management.edit },
      schema: { tags, summary: '修改项目', params: ZIdParam, body: ZProjectInput, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => projects.updateProject(tx, tenantOf(request), request.params.id, request.body));
      return ok(null, '保存成功');
    },
  );

  app.delete(
    '/projects/:id',
    {
      config: { permission: P.management.delete },
      schema: { tags, summary: '删除项目（没有提交的申报时）', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => projects.deleteProject(tx, tenantOf(request), request.params.id));
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/projects/:id/publish',
    {
      config: { permission: P.management.publish },
      schema: { tags, summary: '发布项目（开始申报）', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => projects.publishProject(tx, tenantOf(request), request.params.id));
      return ok(null, '项目已发布');
    },
  );

  app.post(
    '/projects/:id/close',
    {
      config: { permission: P.management.publish },
      schema: { tags, summary: '截止申报', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => projects.closeProject(tx, tenantOf(request), request.params.id));
      return ok(null, '项目已截止申报');
    },
  );

  app.post(
    '/projects/:id/template',
    {
      config: { permission: P.management.add },
      schema: { tags, summary: '存为模板', params: ZIdParam, response: { 200: ZId } },
    },
    async (request) =>
      ok(
        { id: await inTenant(request, (tx) => projects.saveAsTemplate(tx, authOf(request), request.params.id)) },
        '已存为模板',
      ),
  );

  app.post(
    '/projects/export-jobs',
    {
      config: { permission: P.management.export },
      schema: { tags, summary: '导出项目列表（后台任务）', body: ZProjectQuery.partial(), response: { 200: ZJob } },
    },
    async (request) => {
      const auth = authOf(request);
      const job = await inTenant(request, (tx) =>
        enqueueJob(tx, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          kind: PROJECTS_EXPORT_JOB,
          payload: { query: request.body },
        }),
      );
      return ok(job);
    },
  );

  // ---- 申报列表 (operators) ----

  app.get(
    '/projects/:id/declarations',
    {
      config: { permission: P.declarations.path },
      schema: {
        tags,
        summary: '项目的申报（不含草稿）',
        params: ZIdParam,
        querystring: ZDeclarationQuery,
        response: { 200: ZEnvelope(ZPage(ZDeclaration)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          review.projectDeclarations(tx, tenantOf(request), request.params.id, request.query),
        ),
      ),
  );

  app.post(
    '/projects/:id/declarations/export-jobs',
    {
      config: { permission: P.declarations.export },
      schema: {
        tags,
        summary: '导出申报及评分（后台任务）',
        params: ZIdParam,
        body: ZDeclarationQuery.partial(),
        response: { 200: ZJob },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const job = await inTenant(request, async (tx) => {
        await projects.getProject(tx, auth.tenantId, request.params.id);
        return enqueueJob(tx, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          kind: DECLARATIONS_EXPORT_JOB,
          payload: { projectId: request.params.id, query: request.body },
        });
      });
      return ok(job);
    },
  );

  app.get(
    '/projects/declarations/:id',
    {
      config: { permission: P.declarations.path },
      schema: {
        tags,
        summary: '申报详情（含时间线和评审）',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZOperatorDetail) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => review.operatorDeclaration(tx, tenantOf(request), request.params.id))),
  );

  app.post(
    '/projects/declarations/:id/act',
    {
      config: { permission: P.declarations.review },
      schema: {
        tags,
        summary: '形式审查或审批：通过、退回修改、不通过',
        params: ZIdParam,
        body: ZActInput,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) => review.act(tx, authOf(request), request.params.id, request.body, 'operator'));
      return ok(null, '操作成功');
    },
  );

  app.post(
    '/projects/:id/stages/:stage/advance',
    {
      config: { permission: P.declarations.review },
      schema: {
        tags,
        summary: '完成专家评审轮次（评审已全部提交的申报进入下一环节）',
        params: ZStageParam,
        response: { 200: ZEnvelope(z.object({ advanced: z.number().int(), waiting: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          review.advanceRound(tx, authOf(request), request.params.id, request.params.stage),
        ),
      ),
  );

  app.get(
    '/projects/:id/grading',
    {
      config: { permission: P.declarations.decide },
      schema: {
        tags,
        summary: '定级预览（排名与拟定等级）',
        params: ZIdParam,
        querystring: ZGradingQuery,
        response: { 200: ZEnvelope(ZGradingPreview) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) => review.gradingPreview(tx, tenantOf(request), request.params.id, request.query)),
      ),
  );

  app.post(
    '/projects/:id/grading/publish',
    {
      config: { permission: P.declarations.decide },
      schema: {
        tags,
        summary: '发布评审结果（进入公示）',
        params: ZIdParam,
        response: { 200: ZEnvelope(z.object({ decided: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) => review.publishResults(tx, authOf(request), request.params.id)),
        '评审结果已发布',
      ),
  );

  // ---- 评审分配 ----

  app.get(
    '/projects/:id/stages/:stage/allocation',
    {
      config: { permission: P.allocation.path },
      schema: { tags, summary: '评审分配情况', params: ZStageParam, response: { 200: ZEnvelope(ZAllocationView) } },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          review.allocationView(tx, tenantOf(request), request.params.id, request.params.stage),
        ),
      ),
  );

  app.post(
    '/projects/:id/stages/:stage/allocation/auto',
    {
      config: { permission: P.allocation.assign },
      schema: {
        tags,
        summary: '自动分配（最优分配：回避本单位和声明回避的单位，负载均衡）',
        params: ZStageParam,
        response: { 200: ZEnvelope(ZAutoAllocationResult) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          review.autoAllocate(tx, authOf(request), request.params.id, request.params.stage),
        ),
        '分配完成',
      ),
  );

  app.post(
    '/projects/:id/stages/:stage/allocation',
    {
      config: { permission: P.allocation.assign },
      schema: {
        tags,
        summary: '手动分配一位专家',
        params: ZStageParam,
        body: z.object({
          declarationId: z.number({ error: '请选择申报' }).int().positive('申报不存在'),
          expertUserId: z.number({ error: '请选择专家' }).int().positive('专家不存在'),
        }),
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) =>
        review.assignByHand(tx, authOf(request), request.params.id, { stage: request.params.stage, ...request.body }),
      );
      return ok(null, '分配成功');
    },
  );

  // ---- 分组分配 (分组评审) ----

  app.get(
    '/projects/:id/groups',
    {
      config: { permission: P.groups.path },
      schema: { tags, summary: '评审分组与申报', params: ZIdParam, response: { 200: ZEnvelope(ZGroupsView) } },
    },
    async (request) => ok(await inTenant(request, (tx) => groups.groupsView(tx, tenantOf(request), request.params.id))),
  );
  app.post(
    '/projects/:id/groups',
    {
      config: { permission: P.groups.assign },
      schema: {
        tags,
        summary: '新增评审分组',
        params: ZIdParam,
        body: ZReviewGroupInput,
        response: { 200: ZEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        {
          id: await inTenant(request, (tx) =>
            groups.createGroup(tx, tenantOf(request), request.params.id, request.body),
          ),
        },
        '分组已添加',
      ),
  );
  app.put(
    '/projects/groups/:id',
    {
      config: { permission: P.groups.assign },
      schema: { tags, summary: '修改评审分组', params: ZIdParam, body: ZReviewGroupInput, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => groups.updateGroup(tx, tenantOf(request), request.params.id, request.body));
      return ok(null, '分组已保存');
    },
  );
  app.delete(
    '/projects/groups/:id',
    {
      config: { permission: P.groups.assign },
      schema: { tags, summary: '删除评审分组（其申报移出分组）', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => groups.deleteGroup(tx, tenantOf(request), request.params.id));
      return ok(null, '分组已删除');
    },
  );
  app.put(
    '/projects/:id/groups/members',
    {
      config: { permission: P.groups.assign },
      schema: {
        tags,
        summary: '把申报分到一个评审分组（groupId 为空则移出分组）',
        params: ZIdParam,
        body: ZGroupMembersInput,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      const moved = await inTenant(request, (tx) =>
        groups.setMembers(tx, tenantOf(request), request.params.id, request.body),
      );
      return ok(null, request.body.groupId === null ? `已移出分组（${moved}项）` : `已分组（${moved}项）`);
    },
  );

  app.delete(
    '/projects/assignments/:id',
    {
      config: { permission: P.allocation.assign },
      schema: { tags, summary: '移除分配（未提交评审时）', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => review.removeAssignment(tx, tenantOf(request), request.params.id));
      return ok(null, '已移除');
    },
  );

  app.post(
    '/projects/assignments/:id/reopen',
    {
      config: { permission: P.allocation.assign },
      schema: { tags, summary: '重新打开已提交的评审', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => review.reopenAssignment(tx, authOf(request), request.params.id));
      return ok(null, '评审已重新打开');
    },
  );

  // ---- 我的申报 / 历史申报 ----

  app.get(
    '/projects/open',
    {
      config: { permission: P.declare.path },
      schema: {
        tags,
        summary: '可申报的项目',
        response: { 200: ZEnvelope(z.object({ list: z.array(ZOpenProject) })) },
      },
    },
    async (request) => ok({ list: await inTenant(request, (tx) => declare.openProjects(tx, authOf(request))) }),
  );

  // Everyone who works on declarations renders them with the version the project froze.
  app.get(
    '/projects/:id/form-schema',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '项目申报表单（项目发布时冻结的版本）',
        params: ZIdParam,
        response: { 200: ZEnvelope(z.object({ key: z.string(), version: z.number().int(), schema: ZFormSchema })) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => projects.projectFormSchema(tx, tenantOf(request), request.params.id))),
  );

  app.get(
    '/projects/units',
    {
      config: { permission: P.declare.path },
      schema: {
        tags,
        summary: '可选的推荐单位',
        response: { 200: ZEnvelope(z.object({ list: z.array(z.object({ id: z.number().int(), name: z.string() })) })) },
      },
    },
    async (request) => ok({ list: await inTenant(request, (tx) => repoUnits(tx, tenantOf(request))) }),
  );

  app.get(
    '/projects/my/declarations',
    {
      config: { permission: P.declare.path },
      schema: {
        tags,
        summary: '我的申报（进行中）',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZDeclaration)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          declare.myDeclarations(tx, authOf(request), { ...request.query, history: false }),
        ),
      ),
  );

  app.get(
    '/projects/my/history',
    {
      config: { permission: P.history.path },
      schema: {
        tags,
        summary: '历史申报（已有结果）',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZDeclaration)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          declare.myDeclarations(tx, authOf(request), { ...request.query, history: true }),
        ),
      ),
  );

  app.get(
    '/projects/my/declarations/:id',
    {
      config: { permission: P.declare.path },
      schema: { tags, summary: '我的申报详情', params: ZIdParam, response: { 200: ZEnvelope(ZDeclarationDetail) } },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => declare.myDeclaration(tx, authOf(request), request.params.id))),
  );

  app.post(
    '/projects/:id/declarations',
    {
      config: { permission: P.declare.path },
      schema: { tags, summary: '新建申报（草稿）', params: ZIdParam, body: ZDeclarationInput, response: { 200: ZId } },
    },
    async (request) =>
      ok(
        {
          id: await inTenant(request, (tx) =>
            declare.createDeclaration(tx, authOf(request), request.params.id, request.body),
          ),
        },
        '已保存草稿',
      ),
  );

  app.put(
    '/projects/my/declarations/:id',
    {
      config: { permission: P.declare.path },
      schema: {
        tags,
        summary: '修改申报（草稿、已退回、已撤回）',
        params: ZIdParam,
        body: ZDeclarationInput,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) => declare.updateDeclaration(tx, authOf(request), request.params.id, request.body));
      return ok(null, '保存成功');
    },
  );

  app.delete(
    '/projects/my/declarations/:id',
    {
      config: { permission: P.declare.path },
      schema: { tags, summary: '删除草稿', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => declare.deleteDeclaration(tx, authOf(request), request.params.id));
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/projects/my/declarations/:id/submit',
    {
      config: { permission: P.declare.path },
      schema: { tags, summary: '提交申报', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => declare.submitDeclaration(tx, authOf(request), request.params.id));
      return ok(null, '申报已提交');
    },
  );

  app.post(
    '/projects/my/declarations/:id/withdraw',
    {
      config: { permission: P.declare.path },
      schema: { tags, summary: '撤回申报（初审前）', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => declare.withdrawDeclaration(tx, authOf(request), request.params.id));
      return ok(null, '申报已撤回');
    },
  );

  // ---- 项目初审 / 初审列表 ----

  app.get(
    '/projects/trial/declarations',
    {
      config: { permission: P.firstTrial.path },
      schema: {
        tags,
        summary: '待本单位初审的申报（含推荐名额）',
        querystring: ZPageQuery.extend({ projectId: z.coerce.number().int().positive().optional() }),
        response: { 200: ZEnvelope(ZPage(ZDeclaration.extend({ quota: z.number().int(), used: z.number().int() }))) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => review.trialDeclarations(tx, authOf(request), request.query))),
  );

  app.get(
    '/projects/trial/declarations/:id',
    {
      config: { permission: P.firstTrial.path },
      schema: { tags, summary: '初审：申报详情', params: ZIdParam, response: { 200: ZEnvelope(ZDeclarationDetail) } },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => review.trialDeclaration(tx, authOf(request), request.params.id))),
  );

  app.post(
    '/projects/trial/declarations/:id/act',
    {
      config: { permission: P.firstTrial.path },
      schema: {
        tags,
        summary: '初审：推荐、退回修改、不通过',
        params: ZIdParam,
        body: ZActInput,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) => review.act(tx, authOf(request), request.params.id, request.body, 'unit'));
      return ok(null, '操作成功');
    },
  );

  app.get(
    '/projects/trial/handled',
    {
      config: { permission: P.firstTrialList.path },
      schema: {
        tags,
        summary: '本单位的初审记录',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZHandled)) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => review.trialHandled(tx, authOf(request), request.query))),
  );

  // ---- 项目评审 / 评审列表 ----

  app.get(
    '/projects/review/assignments',
    {
      config: { permission: P.review.path },
      schema: {
        tags,
        summary: '待我评审的申报（mode：score 打分、approval 审批）',
        querystring: ZPageQuery.extend({ mode: z.enum(['score', 'approval'], { error: '评审方式不存在' }).optional() }),
        response: { 200: ZEnvelope(ZPage(ZAssignment)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          review.myAssignments(tx, authOf(request), { ...request.query, submitted: false }),
        ),
      ),
  );

  app.get(
    '/projects/review/history',
    {
      config: { permission: P.reviewList.path },
      schema: {
        tags,
        summary: '我已提交的评审',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZAssignment)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          review.myAssignments(tx, authOf(request), { ...request.query, submitted: true }),
        ),
      ),
  );

  app.get(
    '/projects/review/assignments/:id',
    {
      config: { permission: P.review.path },
      schema: {
        tags,
        summary: '评审：申报内容与评分项',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZAssignmentDetail) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => review.assignmentDetail(tx, authOf(request), request.params.id))),
  );

  app.post(
    '/projects/review/assignments/:id',
    {
      config: { permission: P.review.path },
      schema: {
        tags,
        summary: '提交评审（提交后不能修改）',
        params: ZIdParam,
        body: ZReviewInput,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) => review.submitReview(tx, authOf(request), request.params.id, request.body));
      return ok(null, '评审已提交');
    },
  );
  // ---- 项目统计 ----

  app.get(
    '/projects/:id/statistics',
    {
      config: { permission: P.statistics.path },
      schema: {
        tags,
        summary: '项目统计（图表数据）',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZProjectStatistics) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => stats.projectStatistics(tx, tenantOf(request), request.params.id))),
  );

  // The statistics lists: each a page with search and paging, and an export job of the same query.
  const sheet = <T extends z.ZodType>(
    name: Sheet,
    path: string,
    page: { path: string; export: string },
    summary: string,
    query: z.ZodObject,
    row: T,
    read: (tx: Parameters<Parameters<typeof inTenant>[1]>[0], tenantId: number, q: never) => Promise<unknown>,
  ) => {
    app.get(
      path,
      {
        config: { permission: page.path },
        schema: { tags, summary, querystring: query, response: { 200: ZEnvelope(ZPage(row)) } },
      },
      async (request) =>
        ok((await inTenant(request, (tx) => read(tx, tenantOf(request), request.query as never))) as never),
    );
    app.post(
      `${path}/export-jobs`,
      {
        config: { permission: page.export },
        schema: { tags, summary: `导出${summary}（后台任务）`, body: query, response: { 200: ZJob } },
      },
      async (request) => {
        const auth = authOf(request);
        const job = await inTenant(request, async (tx) => {
          const body = request.body as { projectId?: number };
          if (body.projectId) await projects.getProject(tx, auth.tenantId, body.projectId);
          return enqueueJob(tx, {
            tenantId: auth.tenantId,
            userId: auth.userId,
            kind: SHEET_EXPORT_JOB,
            payload: { sheet: name, query: request.body as Record<string, unknown> },
          });
        });
        return ok(job);
      },
    );
  };
  sheet('scores', '/projects/sheets/scores', P.scoreSheet, '评分列表', ZSheetQuery, ZReviewSheetRow, (tx, t, q) =>
    stats.reviewSheet(tx, t, q, 'score'),
  );
  sheet(
    'approvals',
    '/projects/sheets/approvals',
    P.approvalSheet,
    '审批列表',
    ZSheetQuery,
    ZReviewSheetRow,
    (tx, t, q) => stats.reviewSheet(tx, t, q, 'approval'),
  );
  sheet('units', '/projects/sheets/units', P.trialUnits, '初审单位统计', ZSheetQuery, ZTrialUnitRow, stats.trialUnits);
  sheet(
    'experts',
    '/projects/sheets/experts',
    P.reviewExperts,
    '评审专家统计',
    ZSheetQuery,
    ZReviewExpertRow,
    stats.reviewExperts,
  );
  sheet(
    'declarations',
    '/projects/sheets/declarations',
    P.cumulative,
    '累计申报',
    ZCumulativeQuery,
    ZDeclaration,
    stats.cumulative,
  );
  await projectScreenRoutes(app);
}
