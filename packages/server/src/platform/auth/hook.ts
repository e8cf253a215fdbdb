import { ResultCode, SIGNATURE_WINDOW_MS } from '@shetuan/shared';
import { eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../../modules/identity/tables';
import type { AppDatabase } from '../db';
import { AppError } from '../http/errors';
import { grantsOfIdentity, grantsOfTenant } from '../rbac/repository';
import { tenantOfRequest } from '../tenancy/request-tenant';
import { tenants } from '../tenancy/tables';
import type { AuthContext } from './context';
import { findSessionByToken, touchSession } from './sessions';
import { checkSignature } from './signature';
import { usedSignatures } from './tables';

const REVOKE_MESSAGES: Record<string, string> = {
  logout: '您已退出登录，请重新登录',
  kicked: '您已被管理员强制下线，请重新登录',
  replaced: '登录状态已变更，请重新登录',
  password: '密码已修改，请重新登录',
  disabled: '账号已停用，请联系管理员',
};

const SIGNATURE_MESSAGES = {
  missing: '请求缺少签名，请刷新页面后重试',
  stale: '请求已过期，请校准设备时间后重试',
  invalid: '请求签名无效，请刷新页面后重试',
  replayed: '请求重复提交，已拒绝',
} as const;

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.token;
  if (typeof header === 'string' && header.length > 0) return header;
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === 'token' && v.length > 0) return decodeURIComponent(v.join('='));
  }
  return null;
}

/**
 * Resolves the session of a request that needs one, checks its signature and the permission the
 * route declares, and sets request.auth. Every refusal is an envelope with the spec's code.
 */
export async function authenticate(db: AppDatabase, request: FastifyRequest, permission: string): Promise<AuthContext> {
  const token = tokenOf(request);
  if (!token) throw new AppError(ResultCode.UNAUTHORIZED, '请先登录', null, 401);
  const tenantId = await tenantOfRequest(db, request);
  const path = request.url.split('?')[0] ?? request.url;
  const auth = await db.withTenant(
    tenantId,
    async (tx) => {
      const session = await findSessionByToken(tx, token);
      if (!session) throw new AppError(ResultCode.TOKEN_INVALID, '您的登录信息已失效，请重新登录！', null, 401);
      if (session.revokedAt) {
        throw new AppError(
          ResultCode.SESSION_REVOKED,
          REVOKE_MESSAGES[session.revokeReason ?? ''] ?? '登录状态已失效',
          null,
          401,
        );
      }
      if (session.expiresAt.getTime() <= Date.now()) {
        throw new AppError(ResultCode.SESSION_EXPIRED, '登录状态已过期，您可以继续留在该页面，或者重新登录', null, 401);
      }
      const problem = checkSignature(session.signKey, {
        method: request.method,
        path,
        query: request.query as Record<string, unknown>,
        body: request.rawBody ?? '',
      });
      if (problem) throw new AppError(ResultCode.FORBIDDEN, SIGNATURE_MESSAGES[problem]);
      const sign = String((request.query as Record<string, unknown>).sign);
      const fresh = await tx
        .insert(usedSignatures)
        .values({ tenantId, sign, expiresAt: new Date(Date.now() + SIGNATURE_WINDOW_MS) })
        .onConflictDoNothing()
        .returning({ sign: usedSignatures.sign });
      if (fresh.length === 0) throw new AppError(ResultCode.FORBIDDEN, SIGNATURE_MESSAGES.replayed);
      // Expired signatures go in small steps with the traffic that makes them.
      await tx.delete(usedSignatures).where(lt(usedSignatures.expiresAt, new Date(Date.now() - SIGNATURE_WINDOW_MS)));

      const [user] = await tx
        .select({ status: users.status, isSuperAdmin: users.isSuperAdmin })
        .from(users)
        .where(eq(users.id, session.userId))
        .limit(1);
      if (user?.status !== 1) throw new AppError(ResultCode.ACCOUNT_KICKED, REVOKE_MESSAGES.disabled ?? '', null, 401);
      if (Date.now() - session.lastSeenAt.getTime() > 60_000) await touchSession(tx, session.id);
      const grants = session.identityId ? await grantsOfIdentity(tx, session.identityId) : null;
      return {
        tenantId,
        userId: session.userId,
        identityId: session.identityId,
        sessionId: session.id,
        societyChosen: session.societyChosen,
        isSuperAdmin: user.isSuperAdmin,
        actingFrom: null,
        paths: grants?.paths ?? new Set<string>(),
        functions: grants?.functions ?? new Set<string>(),
      } satisfies AuthContext;
    },
    null,
  );
  const acting = await actAsTenant(db, request, auth);
  checkPermission(acting, permission);
  return acting;
}

/**
 * An operations super administrator acting as another tenant sends its id as adverTenantId (spec
 * 000 §7). The session stays theirs; the request then works in that tenant with all of its menus
 * and function points, and the operation log records both (platform/audit).
 */
async function actAsTenant(db: AppDatabase, request: FastifyRequest, auth: AuthContext): Promise<AuthContext> {
  const header = request.headers.advertenantid;
  if (typeof header !== 'string' || header === '') return auth;
  const target = Number(header);
  if (!Number.isSafeInteger(target) || target <= 0) throw new AppError(ResultCode.FAILED, '代管的租户不存在或已停用');
  if (target === auth.tenantId) return auth;
  if (!auth.isSuperAdmin) throw new AppError(ResultCode.FORBIDDEN, '只有运营超级管理员可以代管租户');
  if (!auth.identityId) throw new AppError(ResultCode.FORBIDDEN, '请先选择登录身份');
  const [tenant] = await db.withGlobal((g) =>
    g.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, target)),
  );
  if (tenant?.status !== 1) throw new AppError(ResultCode.FAILED, '代管的租户不存在或已停用');
  const grants = await db.withTenant(target, (tx) => grantsOfTenant(tx));
  return {
    ...auth,
    tenantId: target,
    actingFrom: { tenantId: auth.tenantId, identityId: auth.identityId },
    paths: grants.paths,
    functions: grants.functions,
  };
}

/**
 * 'login' needs only a session; 'identity' a chosen identity; a menu path ('/roleManage') that the
 * identity's menu has, else 100002 (the client shows /405); a function point ('/roleManage:add')
 * that its roles grant, else 403 with a message.
 */
export function checkPermission(auth: AuthContext, permission: string): void {
  if (permission === 'login') return;
  if (!auth.identityId) throw new AppError(ResultCode.FORBIDDEN, '请先选择登录身份');
  if (permission === 'identity') return;
  const colon = permission.lastIndexOf(':');
  if (colon > 0) {
    const menu = permission.slice(0, colon);
    if (!auth.paths.has(menu)) throw new AppError(ResultCode.NO_PAGE_PERMISSION, '您没有访问该页面的权限');
    if (!auth.functions.has(permission)) throw new AppError(ResultCode.FORBIDDEN, '您没有执行该操作的权限');
    return;
  }
  if (!auth.paths.has(permission)) throw new AppError(ResultCode.NO_PAGE_PERMISSION, '您没有访问该页面的权限');
}
