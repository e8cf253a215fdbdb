import { identityName, maskPhone, ok, ResultCode, ZEnvelope, ZIdParam } from '@shetuan/shared';
import { ZOnlineSession } from '@shetuan/shared/identity';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { z } from 'zod';
import type { AppInstance } from '../http/app-types';
import { AppError } from '../http/errors';
import { authOf } from './context';
import { findSessionId, openSessions, revokeSession } from './repository';

const tags = ['auth'];

/** /onlineSessions: the tenant's active sessions; an administrator can force one out. */
export async function sessionAdminRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  app.get(
    '/auth/sessions',
    {
      config: { permission: PLATFORM_PAGES.onlineSessions.path },
      schema: { tags, summary: '在线会话', response: { 200: ZEnvelope(z.object({ list: z.array(ZOnlineSession) })) } },
    },
    async (request) => {
      const auth = authOf(request);
      const list = await db.withTenant(
        auth.tenantId,
        async (tx) => {
          const rows = await openSessions(tx, auth.tenantId, new Date(), 500);
          return rows.map(({ s, name, mobile, code }) => ({
            id: s.id,
            userId: s.userId,
            name,
            mobile: maskPhone(mobile),
            identityName: code ? identityName(code) : '未选择身份',
            ip: s.ip,
            userAgent: s.userAgent,
            createdAt: s.createdAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
            current: s.id === auth.sessionId,
          }));
        },
        auth.userId,
      );
      return ok({ list });
    },
  );
  app.post(
    '/auth/sessions/:id/kick',
    {
      config: { permission: PLATFORM_PAGES.onlineSessions.delete },
      schema: { tags, summary: '强制下线', params: ZIdParam, response: { 200: ZEnvelope(z.null()) } },
    },
    async (request) => {
      const auth = authOf(request);
      if (request.params.id === auth.sessionId)
        throw new AppError(ResultCode.FAILED, '不能强制下线当前会话，请使用退出登录');
      const done = await db.withTenant(auth.tenantId, async (tx) => {
        const id = await findSessionId(tx, auth.tenantId, request.params.id);
        return id !== undefined ? revokeSession(tx, auth.tenantId, id, 'kicked') : false;
      });
      if (!done) throw new AppError(ResultCode.FAILED, '会话不存在或已下线');
      return ok(null, '已强制下线');
    },
  );
}
