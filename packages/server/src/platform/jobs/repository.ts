import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { jobs } from './tables';

/*
 * Background jobs. Every query names the tenant (docs/scale-out.md: only an explicit tenant
 * predicate routes a query to one shard); row-level security stays as the safety net. The one
 * exception is the worker's claim, which looks across tenants on purpose (claimJob).
 */

export type JobRow = typeof jobs.$inferSelect;

export async function insertJob(
  tx: Tx,
  tenantId: number,
  values: {
    key: string;
    kind: string;
    payload: Record<string, unknown>;
    userId: number | null;
    maxAttempts: number;
    runAt?: Date;
  },
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

// ---- The worker ----

export interface ClaimedJob {
  tenant_id: number;
  id: string | number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  user_id: string | number | null;
}

/**
 * Claims the next due job (app_claim_job, migration 0009) and leases it for the seconds given.
 * Deliberately cross-tenant: the worker serves every tenant, so it claims from all of them (one
 * tenant's only when tenantId is given) in a transaction with no tenant set.
 */
export async function claimJob(tx: Tx, leaseSeconds: number, tenantId: number | null): Promise<ClaimedJob | undefined> {
  const res = (await tx.execute(sql`select * from app_claim_job(${leaseSeconds}, ${tenantId})`)) as unknown as {
    rows: ClaimedJob[];
  };
  return res.rows[0];
}

/** A running job's progress (0 to 99), its lease renewed until the time given. */
export async function setJobProgress(
  tx: Tx,
  tenantId: number,
  id: number,
  rate: number,
  lockedUntil: Date,
): Promise<void> {
  await tx
    .update(jobs)
    .set({ rate, lockedUntil })
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.id, id)));
}

export async function finishJob(tx: Tx, tenantId: number, id: number, result: JobRow['result']): Promise<void> {
  await tx
    .update(jobs)
    .set({ state: 'done', rate: 100, result, error: '', lockedUntil: null, finishedAt: new Date() })
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.id, id)));
}

/** A job that threw: failed for good when last, otherwise queued again from the time given. */
export async function failJob(
  tx: Tx,
  tenantId: number,
  id: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await tx
    .update(jobs)
    .set(
      retryAt === null
        ? { state: 'failed', error, lockedUntil: null, finishedAt: new Date() }
        : { state: 'queued', error, lockedUntil: null, runAt: retryAt },
    )
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.id, id)));
}
