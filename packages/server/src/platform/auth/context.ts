/** Who a request acts as, once the auth hook has checked its session. */
export interface AuthContext {
  tenantId: number;
  userId: number;
  identityId: number | null;
  sessionId: number;
  societyChosen: boolean;
  isSuperAdmin: boolean;
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
