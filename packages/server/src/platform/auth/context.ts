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
  /** Menu paths and 'path:code' function points of the identity (empty before an identity is chosen). */
  paths: Set<string>;
  functions: Set<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    rawBody?: string;
  }
}
