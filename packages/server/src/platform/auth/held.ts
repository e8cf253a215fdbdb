import type { FastifyRequest } from 'fastify';
import type { HeldTransaction } from '../db';

/**
 * The transaction a GET's authentication ran in, held for its handler (docs/performance.md): the
 * handler's first callerTenant() continues in it, so begin, the tenant setting and commit are sent
 * once for both. The session was checked before the handler runs, whatever happens here: a handler
 * that does not ask for its tenant's transaction at once (before the event loop turns) finds it
 * committed and opens its own, so a held connection never waits on another.
 */
const heldBy = new WeakMap<FastifyRequest, { tenantId: number; held: HeldTransaction }>();

export function holdForHandler(request: FastifyRequest, tenantId: number, held: HeldTransaction): void {
  const entry = { tenantId, held };
  heldBy.set(request, entry);
  setImmediate(() => {
    if (heldBy.get(request) !== entry) return;
    heldBy.delete(request);
    held.close().catch((err: unknown) => request.log.error({ err }, 'closing the authentication transaction failed'));
  });
}

/** The request's held transaction, once, when it is for this tenant. */
export function takeHeld(request: FastifyRequest, tenantId: number): HeldTransaction | undefined {
  const entry = heldBy.get(request);
  if (!entry || entry.tenantId !== tenantId) return undefined;
  heldBy.delete(request);
  return entry.held;
}
