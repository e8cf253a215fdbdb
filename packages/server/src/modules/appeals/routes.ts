import { ok, ZEnvelope, ZIdParam } from '@shetuan/shared';
import {
  APPEAL_PAGES,
  ZAppealAccept,
  ZAppealAccount,
  ZAppealAccountQuery,
  ZAppealDetail,
  ZAppealPage,
  ZAppealQuery,
  ZAppealRefuse,
} from '@shetuan/shared/appeals';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import { openFile, type Storages, sendFile, storagesFromConfig } from '../../platform/files';
import type { AppInstance } from '../../platform/http/app-types';
import { exportJobRoute } from '../../platform/jobs';
import { APPEALS_EXPORT_JOB } from './export';
import * as appeals from './service';

const tags = ['appeals'];
const P = APPEAL_PAGES.appeal;
const ZProofParams = ZIdParam.extend({ fileId: ZIdParam.shape.id });

/** /appeal: staff list, read and handle the tenant's appeals (accept with the action taken, or refuse). */
export async function appealRoutes(
  app: AppInstance,
  storages: Storages = storagesFromConfig(app.config),
): Promise<void> {
  const inTenant = callerTenant(app.db, { withUser: true });

  app.get(
    '/appeals',
    {
      config: { permission: P.path },
      schema: {
        tags,
        summary: '人工申诉列表（编号、姓名、手机号、身份证号搜索，按状态筛选）',
        querystring: ZAppealQuery,
        response: { 200: ZEnvelope(ZAppealPage) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => appeals.listAppeals(tx, authOf(request).tenantId, request.query))),
  );

  exportJobRoute(app, {
    url: '/appeals/export-jobs',
    permission: P.export,
    tags,
    title: '人工申诉',
    body: ZAppealQuery.omit({ current: true, pageSize: true }),
    kind: APPEALS_EXPORT_JOB,
  });

  app.get(
    '/appeals/:id',
    {
      config: { permission: P.path },
      schema: { tags, summary: '人工申诉详情', params: ZIdParam, response: { 200: ZEnvelope(ZAppealDetail) } },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => appeals.appealDetail(tx, authOf(request).tenantId, request.params.id))),
  );

  app.get(
    '/appeals/:id/proofs/:fileId',
    {
      config: { permission: P.path },
      schema: {
        tags,
        summary: '读取申诉的证明材料（身份证件等，仅限有人工申诉页面权限的工作人员）',
        params: ZProofParams,
      },
    },
    async (request, reply) => {
      const tenantId = authOf(request).tenantId;
      const { id, fileId } = request.params;
      // Only a proof of this appeal, and only here: the general file route refuses proofs (README).
      await inTenant(request, (tx) => appeals.requireProof(tx, tenantId, id, fileId));
      return sendFile(reply, await openFile(app.db, storages, tenantId, fileId, appeals.APPEAL_PROOF));
    },
  );

  app.get(
    '/appeals/:id/accounts',
    {
      config: { permission: P.edit },
      schema: {
        tags,
        summary: '受理时可选的账号：本机构姓名或手机号与申诉一致的人，或按关键词搜索',
        params: ZIdParam,
        querystring: ZAppealAccountQuery,
        response: { 200: ZEnvelope(z.array(ZAppealAccount)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          appeals.appealAccounts(tx, authOf(request).tenantId, request.params.id, request.query.keyword),
        ),
      ),
  );

  app.post(
    '/appeals/:id/accept',
    {
      config: { permission: P.edit },
      schema: {
        tags,
        summary: '受理申诉：更换登录手机号、解除锁定或其他处理，并短信告知申诉人',
        params: ZIdParam,
        body: ZAppealAccept,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await inTenant(request, (tx) =>
        appeals.acceptAppeal(tx, auth.tenantId, request.params.id, request.body, { userId: auth.userId }),
      );
      return ok(null, '已受理，已短信告知申诉人');
    },
  );

  app.post(
    '/appeals/:id/refuse',
    {
      config: { permission: P.edit },
      schema: {
        tags,
        summary: '驳回申诉（须填写原因），并短信告知申诉人',
        params: ZIdParam,
        body: ZAppealRefuse,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await inTenant(request, (tx) =>
        appeals.refuseAppeal(tx, auth.tenantId, request.params.id, request.body.reason, { userId: auth.userId }),
      );
      return ok(null, '已驳回，已短信告知申诉人');
    },
  );
}
