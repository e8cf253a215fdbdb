import { ok, ZEnvelope, ZIdParam, ZPage } from '@shetuan/shared';
import {
  EXPERT_CALLS,
  EXPERT_PAGES,
  ZCallApplication,
  ZCallApplicationQuery,
  ZCallDecision,
  ZExpertFormConfig,
  ZExpertRecord,
  ZPoolMembersInput,
} from '@shetuan/shared/experts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { AppInstance } from '../../platform/http/app-types';
import { enqueueJob } from '../../platform/jobs';
import { resourceRoutes } from '../../platform/resource';
import * as calls from './calls';
import { CALL_APPLICATIONS_EXPORT_JOB } from './export';
import * as form from './form';
import * as history from './history';
import * as repo from './repository';

const tags = ['experts'];
const P = EXPERT_PAGES;
const ZMessageOnly = ZEnvelope(z.null());
const ZJob = ZEnvelope(z.object({ key: z.string() }));
const ZKeyAnswer = ZEnvelope(z.object({ key: z.string() }));
const ZApplicationParams = ZIdParam.extend({ applicationId: ZIdParam.shape.id });
const ZMemberParams = ZIdParam.extend({ expertId: ZIdParam.shape.id });

/**
 * 专家征集 (calls and their applications), 专家信息配置 (the tenant's expert form), an expert's
 * whole record and the talent pools' members.
 */
export async function moreExpertRoutes(app: AppInstance): Promise<void> {
  const inTenant = callerTenant(app.db, { withUser: true });
  const tenantOf = (request: FastifyRequest) => authOf(request).tenantId;
  const nameOf = async (request: FastifyRequest) =>
    (await inTenant(request, (tx) => repo.personOf(tx, authOf(request).userId)))?.name ?? '';

  // ——— 专家征集 ———
  await resourceRoutes(app, EXPERT_CALLS, calls.callService);

  app.post(
    '/experts/calls/:id/close',
    {
      config: { permission: P.calls.edit },
      schema: {
        tags,
        summary: '结束征集（closed=true），或重新开放提前结束的征集（closed=false）',
        params: ZIdParam,
        body: z.object({ closed: z.boolean({ error: '请说明结束还是重新开放' }) }),
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      const message = await inTenant(request, (tx) =>
        calls.closeCall(tx, tenantOf(request), request.params.id, request.body.closed),
      );
      return ok(null, message);
    },
  );
  app.get(
    '/experts/calls/:id/applications',
    {
      config: { permission: P.calls.path },
      schema: {
        tags,
        summary: '征集的报名：待审核在前',
        params: ZIdParam,
        querystring: ZCallApplicationQuery,
        response: { 200: ZEnvelope(ZPage(ZCallApplication)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          calls.listApplications(tx, tenantOf(request), request.params.id, request.query),
        ),
      ),
  );
  app.post(
    '/experts/calls/:id/applications/export-jobs',
    {
      config: { permission: P.calls.export },
      schema: {
        tags,
        summary: '导出征集的报名（后台任务）',
        params: ZIdParam,
        body: ZCallApplicationQuery.omit({ current: true, pageSize: true }).partial(),
        response: { 200: ZJob },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await inTenant(request, async (tx) => {
          await calls.callTitle(tx, auth.tenantId, request.params.id);
          return enqueueJob(tx, {
            tenantId: auth.tenantId,
            userId: auth.userId,
            kind: CALL_APPLICATIONS_EXPORT_JOB,
            payload: { callId: request.params.id, query: request.body },
          });
        }),
        '导出任务已开始',
      );
    },
  );
  app.post(
    '/experts/calls/:id/applications/:applicationId',
    {
      config: { permission: P.calls.audit },
      schema: {
        tags,
        summary: '审核报名：通过（入库并带上征集的标签）或不通过（须填写原因）',
        params: ZApplicationParams,
        body: ZCallDecision,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      const decider = await nameOf(request);
      const message = await inTenant(request, (tx) =>
        calls.decideApplication(
          tx,
          tenantOf(request),
          request.params.id,
          request.params.applicationId,
          request.body,
          decider,
        ),
      );
      return ok(null, message);
    },
  );
  app.post(
    '/experts/calls/:id/apply',
    {
      config: { permission: P.mine.path },
      schema: {
        tags,
        summary: '专家库中的专家一键报名征集（新申请人在我的专家信息中填写信息报名）',
        params: ZIdParam,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      const message = await inTenant(request, (tx) =>
        calls.joinCall(tx, tenantOf(request), authOf(request).userId, request.params.id),
      );
      return ok(null, message);
    },
  );

  // ——— 专家信息配置 ———
  app.get(
    '/experts/form-config',
    {
      config: { permission: P.config.path },
      schema: { tags, summary: '专家信息配置：本机构的专家信息表', response: { 200: ZEnvelope(ZExpertFormConfig) } },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => form.formConfig(tx, tenantOf(request), authOf(request).userId))),
  );
  app.post(
    '/experts/form-config',
    {
      config: { permission: P.config.edit },
      schema: {
        tags,
        summary: '创建专家信息表（在表单设计器中设计、发布后生效）',
        response: { 200: ZKeyAnswer },
      },
    },
    async (request) => {
      const key = await inTenant(request, (tx) => form.createExpertForm(tx, tenantOf(request), authOf(request).userId));
      return ok({ key }, '已创建专家信息表，请设计题目并发布');
    },
  );
  app.post(
    '/experts/form-config/take-over',
    {
      config: { permission: P.config.edit },
      schema: {
        tags,
        summary: '接管专家信息表：复制为本人维护的表单，并以当前发布版本继续使用',
        response: { 200: ZKeyAnswer },
      },
    },
    async (request) => {
      const key = await inTenant(request, (tx) =>
        form.takeOverExpertForm(tx, tenantOf(request), authOf(request).userId),
      );
      return ok({ key }, '已接管专家信息表');
    },
  );
  app.delete(
    '/experts/form-config',
    {
      config: { permission: P.config.edit },
      schema: { tags, summary: '停用专家信息表（已填写的内容保留在专家信息中）', response: { 200: ZMessageOnly } },
    },
    async (request) => {
      await inTenant(request, (tx) => form.stopExpertForm(tx, tenantOf(request)));
      return ok(null, '已停用专家信息表');
    },
  );

  // ——— an expert's whole record ———
  app.get(
    '/experts/library/:id/record',
    {
      config: { permission: P.library.path },
      schema: {
        tags,
        summary: '专家档案：参加的遴选、报名的征集、变更记录',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZExpertRecord) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => history.expertRecord(tx, tenantOf(request), request.params.id))),
  );

  // ——— talent pools (labels) ———
  app.post(
    '/experts/labels/:id/members',
    {
      config: { permission: P.labels.edit },
      schema: {
        tags,
        summary: '人才库：加入专家（给专家加上该标签）',
        params: ZIdParam,
        body: ZPoolMembersInput,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      const message = await inTenant(request, (tx) =>
        history.addPoolMembers(tx, tenantOf(request), request.params.id, request.body.expertIds),
      );
      return ok(null, message);
    },
  );
  app.delete(
    '/experts/labels/:id/members/:expertId',
    {
      config: { permission: P.labels.edit },
      schema: { tags, summary: '人才库：移出专家', params: ZMemberParams, response: { 200: ZMessageOnly } },
    },
    async (request) => {
      await inTenant(request, (tx) =>
        history.removePoolMember(tx, tenantOf(request), request.params.id, request.params.expertId),
      );
      return ok(null, '已移出人才库');
    },
  );
}
