import type { FastifyRequest } from 'fastify';
import { logChangeInTransaction } from '../audit/service';
import type { AppDatabase, Tx } from '../db';
import { takeHeld } from './held';

/** Who a request acts as, once the auth hook has checked its session. */
export interface AuthContext {
  tenantId: number;
  userId: number;
  identityId: number | null;
  sessionId: number;
  societyChosen: boolean;
  isSuperAdmin: boolean;
  /**
   * Set when an operations super administrator acts as this tenant (adverTenantId): the tenant and
   * identity they logged in with. tenantId is then the tenant acted as, and paths and functions are
   * all of its menus and function points.
   */
  actingFrom: { tenantId: number; identityId: number | null } | null;
  /** The identity's roles (empty before an identity is chosen, and when acting as another tenant). */
  roleIds: number[];
  /** Menu paths and 'path:code' function points of the identity (empty before an identity is chosen). */
  paths: Set<string>;
  functions: Set<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    rawBody?: string;
    /** performance.now() when the request arrived (the operation log's time of a change). */
    receivedAt: number;
  }
}

/** The caller of a route that requires login (the auth hook has set it). */
export const authOf = (r: FastifyRequest): AuthContext => r.auth as AuthContext;

/**
 * A route file's door to its caller's tenant: `const inTenant = callerTenant(db)`, then
 * `inTenant(request, (tx) => …)` runs the work in one transaction under that tenant's RLS.
 * `withUser` also sets the caller as app.user_id (for policies that need the person).
 */
export function callerTenant(db: AppDatabase, options: { withUser?: boolean } = {}) {
  return <T>(r: FastifyRequest, work: (tx: Tx) => Promise<T>): Promise<T> => {
    const auth = authOf(r);
    const userId = options.withUser ? auth.userId : undefined;
    // A GET continues in the transaction its authentication ran in (held.ts).
    const held = takeHeld(r, auth.tenantId);
    if (held) return held.run(work, userId);
    if (r.method === 'GET' || r.method === 'HEAD') return db.withTenant(auth.tenantId, work, userId);
    // A change is logged in the transaction that makes it (platform/audit), not in one of its own.
    return db.withTenant(
      auth.tenantId,
      async (tx) => {
        const result = await work(tx);
        await logChangeInTransaction(tx, r);
        return result;
      },
      userId,
    );
  };
}
