import { identityName, maskPhone, ok, ResultCode, ZEnvelope, ZIdParam } from '@shetuan/shared';
import { type TOnlineSession, ZOnlineSession } from '@shetuan/shared/identity';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { z } from 'zod';
import type { AppInstance } from '../http/app-types';
import { AppError } from '../http/errors';
import { authOf } from './context';
import { openSessions, revokeSession, type SessionRow, sessionById } from './repository';

const tags = ['auth'];

/** A person's sessions from one browser at one address as one identity (/onlineSessions shows one row). */
function sameBrowser(s: Pick<SessionRow, 'userId' | 'identityId' | 'ip' | 'userAgent'>): string {
  return JSON.stringify([s.userId, s.identityId, s.ip, s.userAgent]);
}

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
          // One row per person, identity, browser and address (latest seen first): a browser that
          // logged in again is one browser, not a list of the same session.
          const byBrowser = new Map<string, TOnlineSession>();
          for (const { s, name, mobile, code } of rows) {
            const key = sameBrowser(s);
            const seen = byBrowser.get(key);
            if (seen) {
              seen.sessions += 1;
              seen.current ||= s.id === auth.sessionId;
              continue;
            }
            byBrowser.set(key, {
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
              sessions: 1,
            });
          }
          return [...byBrowser.values()];
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
        const kicked = await sessionById(tx, auth.tenantId, request.params.id);
        if (!kicked || !(await revokeSession(tx, auth.tenantId, kicked.id, 'kicked'))) return false;
        // The row stood for the browser's open sessions: end the others too (never the caller's).
        for (const { s } of await openSessions(tx, auth.tenantId, new Date(), 500))
          if (s.id !== auth.sessionId && sameBrowser(s) === sameBrowser(kicked))
            await revokeSession(tx, auth.tenantId, s.id, 'kicked');
        return true;
      });
      if (!done) throw new AppError(ResultCode.FAILED, '会话不存在或已下线');
      return ok(null, '已强制下线');
    },
  );
}
