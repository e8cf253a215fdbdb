import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn } from '../db/columns';

/**
 * Tenant-owned: the background job queue (ARCHITECTURE.md: PostgreSQL, SKIP LOCKED). A worker
 * claims the next due job of any tenant through app_claim_job() (migration 0009), then works on it
 * inside that tenant. A job whose lease runs out (the process died) is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** The public handle of the job (GET /common/process?key=): random, unguessable. */
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued, running, done, failed */
    state: text('state').notNull().default('queued'),
    /** Percent done, 0 to 100. */
    rate: smallint('rate').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** What the job produced: a file for the person who asked for it. */
    result: jsonb('result').$type<{ file?: string; fileName?: string; rows?: number }>(),
    error: text('error').notNull().default(''),
    /** Who asked for it; only they see its progress and its file. */
    userId: bigint('user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('jobs_key').on(t.tenantId, t.key),
    index('jobs_due').on(t.runAt).where(sql`${t.state} in ('queued', 'running')`),
  ],
);
