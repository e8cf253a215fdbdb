import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../db';
import { captchaChallenges } from './tables';

/*
 * Captcha challenges. Every query names the tenant (docs/scale-out.md: only an explicit tenant
 * predicate routes a query to one shard); row-level security stays as the safety net.
 */

/** captcha_challenges.state. */
export const State = { ISSUED: 0, PASSED: 1, FAILED: 2, SPENT: 3 } as const;

export type ChallengeRow = typeof captchaChallenges.$inferSelect;

/** Deletes the tenant's challenges that expired before the time given. */
export async function deleteExpiredChallenges(tx: Tx, tenantId: number, before: Date): Promise<void> {
  await tx
    .delete(captchaChallenges)
    .where(and(eq(captchaChallenges.tenantId, tenantId), lt(captchaChallenges.expiresAt, before)));
}

export async function insertChallenge(
  tx: Tx,
  tenantId: number,
  values: Pick<ChallengeRow, 'token' | 'captchaType' | 'secretKey' | 'answer' | 'expiresAt'>,
): Promise<void> {
  await tx.insert(captchaChallenges).values({ ...values, tenantId });
}

/** Marks the issued challenge of that token failed (one try each) and answers it as it was; undefined if none. */
export async function takeIssuedChallenge(tx: Tx, tenantId: number, token: string): Promise<ChallengeRow | undefined> {
  const [row] = await tx
    .update(captchaChallenges)
    .set({ state: State.FAILED })
    .where(
      and(
        eq(captchaChallenges.tenantId, tenantId),
        eq(captchaChallenges.token, token),
        eq(captchaChallenges.state, State.ISSUED),
      ),
    )
    .returning();
  return row;
}

/** A passed challenge: its verification's hash, valid until the time given. */
export async function markChallengePassed(
  tx: Tx,
  tenantId: number,
  id: number,
  verificationHash: string,
  expiresAt: Date,
): Promise<void> {
  await tx
    .update(captchaChallenges)
    .set({ state: State.PASSED, verificationHash, expiresAt })
    .where(and(eq(captchaChallenges.tenantId, tenantId), eq(captchaChallenges.id, id)));
}

/** Spends the passed verification with that hash; its expiry, or undefined when there is none. */
export async function spendVerification(tx: Tx, tenantId: number, verificationHash: string): Promise<Date | undefined> {
  const [row] = await tx
    .update(captchaChallenges)
    .set({ state: State.SPENT })
    .where(
      and(
        eq(captchaChallenges.tenantId, tenantId),
        eq(captchaChallenges.verificationHash, verificationHash),
        eq(captchaChallenges.state, State.PASSED),
      ),
    )
    .returning({ expiresAt: captchaChallenges.expiresAt });
  return row?.expiresAt;
}
