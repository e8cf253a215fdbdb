import { maskPhone, PHONE_PATTERN } from '@shetuan/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/context';
import type { AppDatabase, Tx } from '../db';
import * as repo from './repository';

export async function writeLoginLog(
  tx: Tx,
  entry: {
    tenantId: number;
    userId: number | null;
    login: string;
    method: string;
    success: boolean;
    reason: string;
    ip: string;
    userAgent: string;
  },
): Promise<void> {
  const login = PHONE_PATTERN.test(entry.login) ? maskPhone(entry.login.slice(-11)) : entry.login.slice(0, 64);
  const { tenantId, ...rest } = entry;
  await repo.insertLoginLog(tx, tenantId, { ...rest, login, userAgent: entry.userAgent.slice(0, 300) });
}

/** The log row of a change written in its handler's transaction (logChangeInTransaction), by request. */
const loggedWithChange = new WeakMap<FastifyRequest, number>();

/** NUL and unpaired surrogates: text PostgreSQL cannot store (platform/http/input-guard). */
const NOT_STORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The menu a change came from (a header the web sends percent-encoded), as text PostgreSQL stores. */
function menuUrlOf(request: FastifyRequest): string {
  const header = request.headers.menuurl;
  if (typeof header !== 'string') return '';
  let menuUrl: string;
  try {
    menuUrl = decodeURIComponent(header);
  } catch {
    menuUrl = header;
  }
  return menuUrl.replace(NOT_STORABLE, '').slice(0, 300);
}

function entryOf(
  request: FastifyRequest,
  auth: AuthContext,
  outcome: { statusCode: number; resultCode: number | null; durationMs: number },
  actorName: string,
): repo.OperationLogEntry {
  return {
    userId: auth.userId,
    identityId: auth.identityId,
    actingUserId: auth.actingFrom ? auth.userId : null,
    actingFromTenantId: auth.actingFrom?.tenantId ?? null,
    actorName,
    method: request.method,
    path: (request.url.split('?')[0] ?? '').slice(0, 300),
    menuUrl: menuUrlOf(request),
    ...outcome,
    ip: request.ip,
  };
}

const isChange = (request: FastifyRequest) => request.method !== 'GET' && request.method !== 'HEAD';

/**
 * Records an authenticated change in the transaction that makes it (callerTenant calls this once
 * its work succeeded), as answered with success: no transaction of its own (docs/performance.md).
 * The answer's time is the time so far. An operator acting as the tenant is logged after the answer.
 */
export async function logChangeInTransaction(tx: Tx, request: FastifyRequest): Promise<void> {
  const auth = request.auth;
  if (!auth || auth.actingFrom || !isChange(request) || loggedWithChange.has(request)) return;
  const durationMs = Math.round(performance.now() - request.receivedAt);
  const entry = entryOf(request, auth, { statusCode: 200, resultCode: null, durationMs }, '');
  loggedWithChange.set(request, await repo.insertOperationLog(tx, auth.tenantId, entry));
}

/**
 * Records an authenticated change (every method but GET/HEAD) with the menu it came from, once it
 * is answered: unless its handler's transaction logged it already, and then only corrects the row
 * when the answer was not the success it recorded.
 */
export async function writeOperationLog(db: AppDatabase, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const auth = request.auth;
  if (!auth || !isChange(request)) return;
  let resultCode: number | null = null;
  const sent = reply.getHeader('x-result-code');
  if (typeof sent === 'string') resultCode = Number(sent);
  const outcome = { statusCode: reply.statusCode, resultCode, durationMs: Math.round(reply.elapsedTime) };
  const logged = loggedWithChange.get(request);
  if (logged !== undefined) {
    if (outcome.statusCode === 200 && outcome.resultCode === null) return;
    await db.withTenant(auth.tenantId, (tx) => repo.setOperationLogOutcome(tx, auth.tenantId, logged, outcome));
    return;
  }
  await db.withTenant(
    auth.tenantId,
    async (tx) => {
      const actorName = auth.actingFrom ? await actingName(tx, auth.userId) : '';
      await repo.insertOperationLog(tx, auth.tenantId, entryOf(request, auth, outcome, actorName));
    },
    auth.userId,
  );
}

/** The acting person's name (visible through app.user_id though not one of the tenant's people). */
async function actingName(tx: Tx, userId: number): Promise<string> {
  return `${(await repo.userName(tx, userId)) ?? '运营'}（运营代管）`;
}
