import { ok, ResultCode, ZEnvelope } from '@shetuan/shared';
import { ZActivate, ZLoginData, ZSocietyEntry, ZSocietyEntryQuery } from '@shetuan/shared/identity';
import type { AppInstance } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { tenantOfRequest } from '../../platform/tenancy/request-tenant';
import { ACTIVATION_MESSAGES, activate } from './activation';
import { societyEntryRow } from './repository';

const tags = ['identity'];

/** Account activation and the society entry (spec 001 §2.1; README "Login-side routes"). */
export async function loginSideRoutes(app: AppInstance): Promise<void> {
  const { db } = app;

  app.post(
    '/auth/activate',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '账号激活：短信验证手机号并设置密码（管理员创建或导入、尚未设置密码的账号），激活后即登录',
        body: ZActivate,
        response: { 200: ZEnvelope(ZLoginData) },
      },
    },
    async (request) => {
      const tenantId = await tenantOfRequest(db, request);
      const meta = { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
      return ok(await activate(db, tenantId, request.body, meta), ACTIVATION_MESSAGES.activated);
    },
  );

  app.get(
    '/auth/society-entry',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '学会登录入口：地址中的学会及其登录所在（本域名，或学会自己的域名）',
        querystring: ZSocietyEntryQuery,
        response: { 200: ZEnvelope(ZSocietyEntry) },
      },
    },
    async (request) => {
      const here = await tenantOfRequest(db, request);
      const row = await db.withGlobal((g) => societyEntryRow(g, request.query.tenantId));
      if (!row) throw new AppError(ResultCode.FAILED, '未找到该学会');
      const current = row.id === here;
      return ok({
        tenantId: row.id,
        companyName: row.companyName,
        current,
        domain: current || !row.domain || row.domain === request.hostname ? null : row.domain,
      });
    },
  );
}
