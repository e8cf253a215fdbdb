import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { jobs } from './tables';

/*
 * Background jobs. Every query names the tenant (docs/scale-out.md: only an explicit tenant
 * predicate routes a query to one shard); row-level security stays as the safety net.
 */

export type JobRow = typeof jobs.$inferSelect;

export async function insertJob(
  tx: Tx,
  tenantId: number,
  values: { key: string; kind: string; payload: Record<string, unknown>; userId: number | null; maxAttempts: number },
): Promise<void> {
  await tx.insert(jobs).values({ ...values, tenantId });
}

/** The job with that key, asked for by that person. */
export async function findUserJob(tx: Tx, tenantId: number, key: string, userId: number): Promise<JobRow | undefined> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.key, key), eq(jobs.userId, userId)));
  return row;
}
