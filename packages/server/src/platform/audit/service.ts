import { maskPhone, PHONE_PATTERN } from '@shetuan/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** Records an authenticated change (every method but GET/HEAD) with the menu it came from. */
export async function writeOperationLog(db: AppDatabase, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const auth = request.auth;
  if (!auth || request.method === 'GET' || request.method === 'HEAD') return;
  const menuUrl = request.headers.menuurl;
  let resultCode: number | null = null;
  const sent = reply.getHeader('x-result-code');
  if (typeof sent === 'string') resultCode = Number(sent);
  await db.withTenant(
    auth.tenantId,
    async (tx) => {
      const actorName = auth.actingFrom ? await actingName(tx, auth.userId) : '';
      await repo.insertOperationLog(tx, auth.tenantId, {
        userId: auth.userId,
        identityId: auth.identityId,
        actingUserId: auth.actingFrom ? auth.userId : null,
        actingFromTenantId: auth.actingFrom?.tenantId ?? null,
        actorName,
        method: request.method,
        path: (request.url.split('?')[0] ?? '').slice(0, 300),
        menuUrl: typeof menuUrl === 'string' ? decodeURIComponent(menuUrl).slice(0, 300) : '',
        statusCode: reply.statusCode,
        resultCode,
        durationMs: Math.round(reply.elapsedTime),
        ip: request.ip,
      });
    },
    auth.userId,
  );
}

/** The acting person's name (visible through app.user_id though not one of the tenant's people). */
async function actingName(tx: Tx, userId: number): Promise<string> {
  return `${(await repo.userName(tx, userId)) ?? '运营'}（运营代管）`;
}
