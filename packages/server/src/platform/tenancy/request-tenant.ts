import { MAX_TENANT_ID, ResultCode } from '@shetuan/shared';
import { TENANT_INCOMPLETE_MSG } from '@shetuan/shared/tenant';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../db';
import { AppError } from '../http/errors';
import { lookupTenant } from './service';

/**
 * The tenant a request works in: the tenantId header the client sends (the session's tenant,
 * spec 000 §7), else the tenant of the domain it was opened on. A session found under a tenant
 * proves the header; a header without a session only chooses where to look.
 */
export async function tenantOfRequest(db: AppDatabase, request: FastifyRequest): Promise<number> {
  const header = request.headers.tenantid;
  if (typeof header === 'string' && header !== '') {
    const id = Number(header);
    if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_TENANT_ID)
      throw new AppError(ResultCode.FAILED, TENANT_INCOMPLETE_MSG, null, 400);
    return id;
  }
  return (await lookupTenant(db, request.hostname)).id;
}
