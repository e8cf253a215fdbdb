import { MAX_TENANT_ID, ResultCode } from '@shetuan/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, HeldTransaction } from '../db';
import { AppError } from '../http/errors';
import { grantsOfTenant } from '../rbac/repository';
import { tenantOfRequest } from '../tenancy/request-tenant';
import { type AuthCache, authCache, type CachedGrants, signatureKeptUntil } from './cache';
import type { AuthContext } from './context';
import { holdForHandler } from './held';
import { type RedisReplayGuard, redisReplayGuard } from './replay';
import {
  type AuthRow,
  authenticateInHeldTransaction,
  authenticateSession,
  type SignToRecord,
  tenantStatus,
} from './repository';
import { checkSignature } from './signature';
import { hashToken } from './tokens';

const REVOKE_MESSAGES: Record<string, string> = {
  logout: '您已退出登录，请重新登录',
  kicked: '您已被管理员强制下线，请重新登录',
  replaced: '登录状态已变更，请重新登录',
  password: '密码已修改，请重新登录',
  disabled: '账号已停用，请联系管理员',
  phone: '账号的登录手机号已更换，请重新登录',
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

/** A session's last_seen_at is touched by the statement on its own, at most once a minute. */
const TOUCH_MS = 60_000;

/** The 401 answers of a session that no longer checks out (in the order the spec gives them). */
function refuseSession(row: AuthRow | undefined): asserts row is AuthRow {
  if (!row) throw new AppError(ResultCode.TOKEN_INVALID, '您的登录信息已失效，请重新登录！', null, 401);
  if (row.revoked_at) {
    throw new AppError(
      ResultCode.SESSION_REVOKED,
      REVOKE_MESSAGES[row.revoke_reason ?? ''] ?? '登录状态已失效',
      null,
      401,
    );
  }
  if (new Date(row.expires_at).getTime() <= Date.now()) {
    throw new AppError(ResultCode.SESSION_EXPIRED, '登录状态已过期，您可以继续留在该页面，或者重新登录', null, 401);
  }
}

/**
 * Resolves the session of a request that needs one, checks its signature and the permission the
 * route declares, and sets request.auth. Every refusal is an envelope with the spec's code.
 *
 * One statement (app_authenticate, migration 0023): it finds the session by its token hash, reads
 * the person's state and the tenant's grant version, and records the signature in an unlogged
 * table (no flushed write). The sign key and the identity's grants come from memory (cache.ts)
 * while the version holds. A GET of a known session runs it as the first statement of a
 * transaction its handler continues in (held.ts); otherwise it runs on its own, with
 * synchronous_commit off. See docs/performance.md.
 */
export async function authenticate(db: AppDatabase, request: FastifyRequest, permission: string): Promise<AuthContext> {
  const token = tokenOf(request);
  if (!token) throw new AppError(ResultCode.UNAUTHORIZED, '请先登录', null, 401);
  const tenantId = await tenantOfRequest(db, request);
  const path = request.url.split('?')[0] ?? request.url;
  const query = request.query as Record<string, unknown>;
  const parts = { method: request.method, path, query, body: request.rawBody ?? '' };
  const cache = authCache(db);
  const known = cache.session(tenantId, token);
  const tokenHash = known?.tokenHash ?? hashToken(token);
  const cachedGrants = known?.identityId ? cache.grantsOf(tenantId, known.identityId) : undefined;
  const knownVersion = cachedGrants?.version ?? null;

  // A known session's signature is checked before the database is asked, so only a valid one is
  // recorded; a bad one still answers the session's own refusal first.
  let problem = known ? checkSignature(known.signKey, parts) : null;
  const sign = { sign: String(query.sign), keepUntil: signatureKeptUntil(Number(query.timestamp)) };
  const verified = known !== undefined && !problem;
  // With Redis configured (PostgreSQL only), the signature is claimed there, beside the statement.
  const redis = db.kind === 'postgres' ? redisReplayGuard(db) : undefined;
  const recordNow = verified && db.kind === 'postgres' && !redis;
  let claim = verified && redis ? claimIn(redis, tenantId, sign) : undefined;
  const now = Date.now();
  const share =
    verified &&
    db.kind === 'postgres' &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.headers.advertenantid === undefined &&
    now - known.touchedAt < TOUCH_MS;
  let held: HeldTransaction | undefined;
  // Before asking the database again (on another connection), the held one goes back: a request
  // never waits for a second connection while holding one (under load, every pooled connection
  // would be waiting).
  const releaseHeld = async () => {
    await held?.close();
    held = undefined;
  };
  let row: AuthRow | undefined;
  if (share) {
    ({ row, held } = await authenticateInHeldTransaction(
      db,
      tenantId,
      tokenHash,
      recordNow ? sign : null,
      knownVersion,
    ));
  } else {
    row = await authenticateSession(db, tenantId, tokenHash, recordNow ? sign : null, knownVersion);
    if (known) known.touchedAt = now;
  }
  try {
    refuseSession(row);
    const identityId = row.identity_id === null ? null : Number(row.identity_id);
    if (!known) {
      problem = checkSignature(row.sign_key, parts);
      if (!problem)
        cache.rememberSession(token, { tenantId, tokenHash, signKey: row.sign_key, identityId, touchedAt: now });
    }
    if (problem) throw new AppError(ResultCode.FORBIDDEN, SIGNATURE_MESSAGES[problem]);
    let fresh = row.fresh;
    if (db.kind === 'pglite') fresh = cache.claimSignature(tenantId, sign.sign, sign.keepUntil);
    else if (!recordNow) {
      // Not recorded by the statement: in Redis (claimed beside it, or now, for the first request
      // of this session on this server), or in the database when there is no Redis or it failed.
      if (redis && !claim) claim = claimIn(redis, tenantId, sign);
      const claimed = claim ? await claim : undefined;
      if (claimed !== undefined) fresh = claimed;
      else {
        await releaseHeld();
        row = await authenticateSession(db, tenantId, tokenHash, sign, Number(row.grant_version));
        refuseSession(row);
        fresh = row.fresh;
      }
    }
    if (!fresh) throw new AppError(ResultCode.FORBIDDEN, SIGNATURE_MESSAGES.replayed);
    if (row.user_status !== 1) throw new AppError(ResultCode.ACCOUNT_KICKED, REVOKE_MESSAGES.disabled ?? '', null, 401);

    const grants = identityId ? await grantsFor(db, cache, tenantId, tokenHash, identityId, row, releaseHeld) : null;
    const auth: AuthContext = {
      tenantId,
      userId: Number(row.user_id),
      identityId,
      sessionId: Number(row.session_id),
      societyChosen: row.society_chosen,
      isSuperAdmin: row.is_super_admin === true,
      actingFrom: null,
      roleIds: grants?.roleIds ?? [],
      paths: grants?.paths ?? new Set<string>(),
      functions: grants?.functions ?? new Set<string>(),
    };
    const acting = await actAsTenant(db, request, auth);
    checkPermission(acting, permission);
    if (held) holdForHandler(request, tenantId, held);
    return acting;
  } catch (err) {
    await held?.abort();
    throw err;
  }
}

/** Claims the signature in Redis: true or false, or undefined when Redis failed (the database records it then). */
function claimIn(redis: RedisReplayGuard, tenantId: number, sign: SignToRecord): Promise<boolean | undefined> {
  return redis.claim(tenantId, sign.sign, sign.keepUntil).catch(() => undefined);
}

/** The identity's grants at the tenant's current version: from memory, or as the statement brought them. */
async function grantsFor(
  db: AppDatabase,
  cache: AuthCache,
  tenantId: number,
  tokenHash: string,
  identityId: number,
  row: AuthRow,
  beforeAsking: () => Promise<void>,
): Promise<CachedGrants> {
  const version = Number(row.grant_version);
  const cached = cache.grantsOf(tenantId, identityId);
  if (cached?.version === version) return cached;
  let source: AuthRow | undefined = row;
  if (!source.paths) {
    // The statement was asked with a version that matched then but not the cache now (another
    // request refreshed it meanwhile): ask for the grants outright.
    await beforeAsking();
    source = await authenticateSession(db, tenantId, tokenHash, null, -1);
    refuseSession(source);
  }
  const grants: CachedGrants = {
    version: Number(source.grant_version),
    roleIds: (source.role_ids ?? []).map(Number),
    paths: new Set(source.paths ?? []),
    functions: new Set(source.functions ?? []),
  };
  cache.rememberGrants(tenantId, identityId, grants);
  return grants;
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
  if (!Number.isSafeInteger(target) || target <= 0 || target > MAX_TENANT_ID)
    throw new AppError(ResultCode.FAILED, '代管的租户不存在或已停用');
  if (target === auth.tenantId) return auth;
  if (!auth.isSuperAdmin) throw new AppError(ResultCode.FORBIDDEN, '只有运营超级管理员可以代管租户');
  if (!auth.identityId) throw new AppError(ResultCode.FORBIDDEN, '请先选择登录身份');
  const status = await db.withGlobal((g) => tenantStatus(g, target));
  if (status !== 1) throw new AppError(ResultCode.FAILED, '代管的租户不存在或已停用');
  const grants = await db.withTenant(target, (tx) => grantsOfTenant(tx, target));
  return {
    ...auth,
    tenantId: target,
    actingFrom: { tenantId: auth.tenantId, identityId: auth.identityId },
    roleIds: [],
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
