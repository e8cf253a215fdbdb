import type { Tx } from '../db';
import { insertSession } from './repository';
import { hashToken, newSignKey, newToken } from './tokens';

export { revokeSession, revokeUserSessions, revokeUserSessionsEverywhere } from './repository';

/** A session lasts as long as the spec's token cookie: one day. */
export const SESSION_TTL_MS = 86_400_000;

export interface NewSession {
  token: string;
  signKey: string;
  sessionId: number;
  expiresAt: Date;
}

export async function createSession(
  tx: Tx,
  input: {
    tenantId: number;
    userId: number;
    identityId: number | null;
    societyChosen?: boolean;
    ip: string;
    userAgent: string;
  },
): Promise<NewSession> {
  const token = newToken();
  const signKey = newSignKey();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const sessionId = await insertSession(tx, input.tenantId, {
    tokenHash: hashToken(token),
    userId: input.userId,
    identityId: input.identityId,
    societyChosen: input.societyChosen ?? false,
    signKey,
    expiresAt,
    ip: input.ip.slice(0, 64),
    userAgent: input.userAgent.slice(0, 300),
  });
  return { token, signKey, sessionId, expiresAt };
}
