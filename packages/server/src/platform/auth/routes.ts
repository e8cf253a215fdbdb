import { identityName, maskPhone, ok, ResultCode, ZEnvelope, ZIdParam } from '@shetuan/shared';
import { ZOnlineSession } from '@shetuan/shared/identity';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { identities, users } from '../directory/tables';
import type { AppInstance } from '../http/app-types';
import { AppError } from '../http/errors';
import { authOf } from './context';
import { revokeSession } from './sessions';
import { sessions } from './tables';

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
          const rows = await tx
            .select({ s: sessions, name: users.name, mobile: users.mobile, code: identities.identityCode })
            .from(sessions)
            .innerJoin(users, eq(users.id, sessions.userId))
            .leftJoin(
              identities,
              and(eq(identities.tenantId, sessions.tenantId), eq(identities.id, sessions.identityId)),
            )
            .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
            .orderBy(desc(sessions.lastSeenAt))
            .limit(500);
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
        const [row] = await tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.id, request.params.id)));
        return row ? revokeSession(tx, row.id, 'kicked') : false;
      });
      if (!done) throw new AppError(ResultCode.FAILED, '会话不存在或已下线');
      return ok(null, '已强制下线');
    },
  );
}
