import { ok, ResultCode, ZEnvelope, ZIdParam, ZPage } from '@shetuan/shared';
import {
  EXPERT_DOMAINS,
  EXPERT_LABELS,
  EXPERT_PAGES,
  EXPERTS,
  ZDraw,
  ZDrawCreate,
  ZDrawDetail,
  ZDrawQuery,
  ZDrawVerification,
  ZExpert,
  ZExpertAuditInput,
  ZExpertAuditItem,
  ZExpertAuditQuery,
  ZExpertOptions,
  ZExpertStatistics,
  ZExpertStatusInput,
  ZInvitation,
  ZInvitationAnswer,
  ZMyExpert,
  ZMyExpertInput,
  ZProfileChange,
  ZPublicInvitationAnswer,
} from '@shetuan/shared/experts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import type { AppInstance } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { enqueueJob } from '../../platform/jobs';
import { resourceRoutes } from '../../platform/resource';
import { lookupTenant } from '../../platform/tenancy';
import { tenantOfRequest } from '../../platform/tenancy/request-tenant';
import { moreExpertRoutes } from './calls-routes';
import * as draws from './draws';
import { AUDITS_EXPORT_JOB, DRAW_LOG_EXPORT_JOB, DRAWS_EXPORT_JOB } from './export';
import * as repo from './repository';
import * as experts from './service';
import { expertStatistics } from './stats';

const tags = ['experts'];
const P = EXPERT_PAGES;
const ZJob = ZEnvelope(z.object({ key: z.string() }));
const ZMessageOnly = ZEnvelope(z.null());
const ZToken = z
  .string({ error: '邀请链接无效或已失效' })
  .trim()
  .min(1, '邀请链接无效或已失效')
  .max(100, '邀请链接无效或已失效');

/** The site the request came to: invitation links point back to the tenant's own domain. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** 专家库: the library, its approvals, domains, labels, draws, statistics and the expert's own page. */
export async function expertRoutes(app: AppInstance): Promise<void> {
  const db = app.db;
  // The caller is app.user_id too: an expert's history records who acted.
  const inTenant = callerTenant(db, { withUser: true });
  const tenantOf = (request: FastifyRequest) => authOf(request).tenantId;
  const caller = async (tx: Tx, request: FastifyRequest): Promise<draws.Caller> => {
    const { userId } = authOf(request);
    return { userId, name: (await repo.personOf(tx, userId))?.name ?? '' };
  };

  // Choice lists: any identity of the tenant may read them (the expert's own form, the draw's form).
  const options = (path: string, summary: string, read: (tx: Tx, tenantId: number) => Promise<unknown>) =>
    app.get(
      path,
      {
        config: { permission: 'identity' },
        schema: { tags, summary, response: { 200: ZEnvelope(ZExpertOptions) } },
      },
      async (request) => ok((await inTenant(request, (tx) => read(tx, tenantOf(request)))) as never),
    );
  options('/experts/domains/options', '专业领域选项（含上级路径）', experts.domainOptions);
  options('/experts/labels/options', '标签选项', experts.labelOptions);
  options('/experts/unit-options', '单位选项（工作单位、回避单位）', experts.unitOptions);

  await resourceRoutes(app, EXPERT_DOMAINS, experts.domainService);
  await resourceRoutes(app, EXPERT_LABELS, experts.labelService);
  await resourceRoutes(app, EXPERTS, experts.expertService);

  app.put(
    '/experts/library/:id/status',
    {
      config: { permission: P.library.edit },
      schema: {
        tags,
        summary: '启用或停用专家',
        params: ZIdParam,
        body: ZExpertStatusInput,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      await inTenant(request, (tx) =>
        experts.setExpertStatus(tx, tenantOf(request), request.params.id, request.body.status as 1 | 3),
      );
      return ok(null, request.body.status === 1 ? '已启用' : '已停用');
    },
  );

  // ——— approvals ———
  app.get(
    '/experts/audits',
    {
      config: { permission: P.audit.path },
      schema: {
        tags,
        summary: '专家审核：入库申请与信息变更',
        querystring: ZExpertAuditQuery,
        response: { 200: ZEnvelope(ZPage(ZExpertAuditItem)) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => experts.listAudits(tx, tenantOf(request), request.query))),
  );
  app.get(
    '/experts/audits/:id',
    {
      config: { permission: P.audit.path },
      schema: {
        tags,
        summary: '专家审核：申请详情（入库申请或信息变更，及其在审核列表中的一项）',
        params: ZIdParam,
        response: {
          200: ZEnvelope(
            z.object({ expert: ZExpert, pendingChange: ZProfileChange.nullable(), item: ZExpertAuditItem.nullable() }),
          ),
        },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) => {
          const expert = await experts.getExpert(tx, tenantOf(request), request.params.id);
          if (!expert) throw new AppError(ResultCode.FAILED, '专家不存在或已删除');
          const row = await repo.expertById(tx, tenantOf(request), request.params.id);
          return {
            expert,
            pendingChange: expert.status === 1 ? (row?.pendingChange ?? null) : null,
            item: await experts.auditItem(tx, tenantOf(request), request.params.id),
          };
        }),
      ),
  );
  app.post(
    '/experts/audits/:id',
    {
      config: { permission: P.audit.audit },
      schema: {
        tags,
        summary: '审核入库申请或信息变更',
        params: ZIdParam,
        body: ZExpertAuditInput,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      const message = await inTenant(request, (tx) =>
        experts.auditExpert(tx, tenantOf(request), request.params.id, request.body),
      );
      return ok(null, message);
    },
  );
  app.post(
    '/experts/audits/export-jobs',
    {
      config: { permission: P.audit.export },
      schema: {
        tags,
        summary: '导出专家审核列表（后台任务）',
        body: ZExpertAuditQuery.partial(),
        response: { 200: ZJob },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await inTenant(request, (tx) =>
          enqueueJob(tx, {
            tenantId: auth.tenantId,
            userId: auth.userId,
            kind: AUDITS_EXPORT_JOB,
            payload: { query: request.body },
          }),
        ),
      );
    },
  );

  // ——— the expert's own page ———
  app.get(
    '/experts/mine',
    {
      config: { permission: P.mine.path },
      schema: { tags, summary: '我的专家信息', response: { 200: ZEnvelope(ZMyExpert) } },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => experts.myExpert(tx, tenantOf(request), authOf(request).userId))),
  );
  app.put(
    '/experts/mine',
    {
      config: { permission: P.mine.path },
      schema: {
        tags,
        summary: '申请入库（可通过专家征集），或修改专家信息（入库后的修改需审核）；含本机构的专家信息表答案',
        body: ZMyExpertInput,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      const message = await inTenant(request, (tx) =>
        experts.saveMyExpert(tx, tenantOf(request), authOf(request).userId, request.body),
      );
      return ok(null, message);
    },
  );
  app.delete(
    '/experts/mine/change',
    {
      config: { permission: P.mine.path },
      schema: { tags, summary: '撤回待审核的修改', response: { 200: ZMessageOnly } },
    },
    async (request) => {
      await inTenant(request, (tx) => experts.withdrawMyChange(tx, tenantOf(request), authOf(request).userId));
      return ok(null, '已撤回修改');
    },
  );

  // ——— statistics ———
  app.get(
    '/experts/statistics',
    {
      config: { permission: P.statistics.path },
      schema: { tags, summary: '专家统计', response: { 200: ZEnvelope(ZExpertStatistics) } },
    },
    async (request) => ok(await inTenant(request, (tx) => expertStatistics(tx, tenantOf(request)))),
  );

  // ——— draws ———
  app.get(
    '/experts/draws',
    {
      config: { permission: P.selection.path },
      schema: { tags, summary: '专家遴选列表', querystring: ZDrawQuery, response: { 200: ZEnvelope(ZPage(ZDraw)) } },
    },
    async (request) => ok(await inTenant(request, (tx) => draws.listDraws(tx, tenantOf(request), request.query))),
  );
  app.get(
    '/experts/draws/expert-options',
    {
      config: { permission: P.selection.path },
      schema: {
        tags,
        summary: '回避专家选项：按姓名、手机或单位搜索入库专家',
        querystring: z.object({ keyword: z.string().trim().max(50, '搜索内容最多50个字').optional() }),
        response: { 200: ZEnvelope(ZExpertOptions) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) => {
          const rows = await repo.pageExperts(
            tx,
            tenantOf(request),
            { keyword: request.query.keyword, statuses: [1] },
            { offset: 0, limit: 20 },
          );
          return { list: rows.map((r) => ({ id: r.id, name: `${r.name}（${r.unitName}）` })) };
        }),
      ),
  );
  app.post(
    '/experts/draws',
    {
      config: { permission: P.selection.add },
      schema: {
        tags,
        summary: '新建遴选：按条件随机抽取专家（记录随机种子），并邀请抽中的专家',
        body: ZDrawCreate,
        response: { 200: ZEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const { id, message } = await inTenant(request, async (tx) =>
        draws.createDraw(tx, tenantOf(request), await caller(tx, request), request.body, originOf(request)),
      );
      return ok({ id }, message);
    },
  );
  app.post(
    '/experts/draws/export-jobs',
    {
      config: { permission: P.selection.export },
      schema: { tags, summary: '导出专家遴选列表（后台任务）', body: ZDrawQuery.partial(), response: { 200: ZJob } },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await inTenant(request, (tx) =>
          enqueueJob(tx, {
            tenantId: auth.tenantId,
            userId: auth.userId,
            kind: DRAWS_EXPORT_JOB,
            payload: { query: request.body },
          }),
        ),
      );
    },
  );
  app.get(
    '/experts/draws/:id',
    {
      config: { permission: P.selection.path },
      schema: { tags, summary: '遴选结果', params: ZIdParam, response: { 200: ZEnvelope(ZDrawDetail) } },
    },
    async (request) => ok(await inTenant(request, (tx) => draws.drawDetail(tx, tenantOf(request), request.params.id))),
  );
  app.get(
    '/experts/draws/:id/verify',
    {
      config: { permission: P.selection.path },
      schema: {
        tags,
        summary: '复核：用记录的随机种子和候选名单重新计算抽取结果',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZDrawVerification) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => draws.verifyDraw(tx, tenantOf(request), request.params.id))),
  );
  app.post(
    '/experts/draws/:id/picks/:pickId/answer',
    {
      config: { permission: P.selection.respond },
      schema: {
        tags,
        summary: '代专家答复邀请（电话确认等）；拒绝时邀请下一位候补',
        params: ZIdParam.extend({ pickId: ZIdParam.shape.id }),
        body: ZInvitationAnswer,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      const message = await inTenant(request, async (tx) =>
        draws.answerAsAdmin(
          tx,
          tenantOf(request),
          request.params.id,
          request.params.pickId,
          request.body,
          await caller(tx, request),
          originOf(request),
        ),
      );
      return ok(null, message);
    },
  );
  app.post(
    '/experts/draws/:id/export-jobs',
    {
      config: { permission: P.selection.export },
      schema: { tags, summary: '导出遴选记录（后台任务）', params: ZIdParam, response: { 200: ZJob } },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await inTenant(request, async (tx) => {
          await draws.drawDetail(tx, auth.tenantId, request.params.id);
          return enqueueJob(tx, {
            tenantId: auth.tenantId,
            userId: auth.userId,
            kind: DRAW_LOG_EXPORT_JOB,
            payload: { drawId: request.params.id },
          });
        }),
      );
    },
  );

  await moreExpertRoutes(app);

  // ——— the invitation link (no login; the tenant is the domain's) ———
  const inDomainTenant = async <T>(request: FastifyRequest, work: (tx: Tx, tenantId: number) => Promise<T>) => {
    const tenantId = await tenantOfRequest(db, request);
    return db.withTenant(tenantId, (tx) => work(tx, tenantId));
  };
  app.get(
    '/public/expert-invitations',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '专家遴选邀请（链接打开，无需登录）',
        querystring: z.object({ token: ZToken }),
        response: { 200: ZEnvelope(ZInvitation) },
      },
    },
    async (request) => {
      const tenant = await lookupTenant(db, request.hostname).catch(() => null);
      return ok(
        await inDomainTenant(request, (tx, tenantId) =>
          draws.invitation(tx, tenantId, request.query.token, tenant?.companyName ?? ''),
        ),
      );
    },
  );
  app.post(
    '/public/expert-invitations',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '答复专家遴选邀请：参加或不参加（不参加须说明原因）',
        body: ZPublicInvitationAnswer,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      const message = await inDomainTenant(request, (tx, tenantId) =>
        draws.answerInvitation(tx, tenantId, request.body.token, request.body, originOf(request)),
      );
      return ok(null, message);
    },
  );
}
