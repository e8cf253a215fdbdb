import { randomBytes } from 'node:crypto';
import { ResultCode } from '@shetuan/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { AppError } from '../http/errors';
import { jobs } from './tables';

/** Queues a job in the transaction's tenant; answers its public key. */
export async function enqueueJob(
  tx: Tx,
  input: {
    tenantId: number;
    userId: number | null;
    kind: string;
    payload: Record<string, unknown>;
    maxAttempts?: number;
  },
): Promise<{ key: string }> {
  const key = randomBytes(16).toString('hex');
  await tx.insert(jobs).values({
    tenantId: input.tenantId,
    key,
    kind: input.kind,
    payload: input.payload,
    userId: input.userId,
    maxAttempts: input.maxAttempts ?? 5,
  });
  return { key };
}

/** The job behind a key, for the person who asked for it only. */
export async function jobOf(tx: Tx, key: string, userId: number) {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.key, key), eq(jobs.userId, userId)));
  if (!row) throw new AppError(ResultCode.FAILED, '任务不存在或已过期');
  return row;
}
