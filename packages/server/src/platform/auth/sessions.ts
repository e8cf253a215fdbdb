import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../db';
import { sessions } from './tables';
import { hashToken, newSignKey, newToken } from './tokens';

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
  const [row] = await tx
    .insert(sessions)
    .values({
      tenantId: input.tenantId,
      tokenHash: hashToken(token),
      userId: input.userId,
      identityId: input.identityId,
      societyChosen: input.societyChosen ?? false,
      signKey,
      expiresAt,
      ip: input.ip.slice(0, 64),
      userAgent: input.userAgent.slice(0, 300),
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { token, signKey, sessionId: row.id, expiresAt };
}

export type SessionRow = typeof sessions.$inferSelect;

export async function findSessionByToken(tx: Tx, token: string): Promise<SessionRow | undefined> {
  const rows = await tx
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  return rows[0];
}

export async function revokeSession(tx: Tx, sessionId: number, reason: string): Promise<boolean> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every open session of a person in the transaction's tenant, but one (the caller's own). */
export async function revokeUserSessions(
  tx: Tx,
  userId: number,
  reason: string,
  exceptSessionId?: number,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}
