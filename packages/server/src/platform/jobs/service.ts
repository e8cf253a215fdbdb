import { randomBytes } from 'node:crypto';
import { ResultCode } from '@shetuan/shared';
import type { Tx } from '../db';
import { AppError } from '../http/errors';
import { findUserJob, insertJob } from './repository';

/** Queues a job in the transaction's tenant; answers its public key. */
export async function enqueueJob(
  tx: Tx,
  input: {
    tenantId: number;
    userId: number | null;
    kind: string;
    payload: Record<string, unknown>;
    maxAttempts?: number;
    /** Not before this time (a timeout: an unpaid order's expiry); now by default. */
    runAt?: Date;
  },
): Promise<{ key: string }> {
  const key = randomBytes(16).toString('hex');
  await insertJob(tx, input.tenantId, {
    key,
    kind: input.kind,
    payload: input.payload,
    userId: input.userId,
    maxAttempts: input.maxAttempts ?? 5,
    ...(input.runAt ? { runAt: input.runAt } : {}),
  });
  return { key };
}

/** The job behind a key, for the person who asked for it only. */
export async function jobOf(tx: Tx, tenantId: number, key: string, userId: number) {
  const row = await findUserJob(tx, tenantId, key, userId);
  if (!row) throw new AppError(ResultCode.FAILED, '任务不存在或已过期');
  return row;
}
