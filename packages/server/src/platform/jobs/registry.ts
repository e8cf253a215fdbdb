import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { AppDatabase } from '../db';

export interface JobContext {
  db: AppDatabase;
  config: AppConfig;
  log: FastifyBaseLogger;
  tenantId: number;
  jobId: number;
  userId: number | null;
  payload: Record<string, unknown>;
  /** 1 on the first try. */
  attempt: number;
  /** Reports progress (percent, 0 to 99; 100 is set when the job ends) and renews the lease. */
  progress(rate: number): Promise<void>;
}

export interface JobResult {
  /** A file for the person who asked (relative to DATA_DIR/files). */
  file?: string;
  fileName?: string;
  rows?: number;
}

export type JobHandler = (ctx: JobContext) => Promise<JobResult>;

const handlers = new Map<string, JobHandler>();

/** A module registers the kinds of job it runs, once, when it loads. */
export function registerJobKind(kind: string, handler: JobHandler): void {
  if (handlers.has(kind) && handlers.get(kind) !== handler) throw new Error(`job kind ${kind} registered twice`);
  handlers.set(kind, handler);
}

export function jobHandler(kind: string): JobHandler | undefined {
  return handlers.get(kind);
}

/**
 * Work a module does when a job worker starts (a module's onWorkerStart): queueing its recurring
 * job, which then queues its own next run. Every server runs it at every start, so it must be
 * idempotent. A failure is logged; the worker runs anyway.
 */
export type StartTask = (ctx: { db: AppDatabase; config: AppConfig; log: FastifyBaseLogger }) => Promise<void>;

const startTasks = new Map<string, StartTask>();

/** A module's start task, once, when it loads (by the module's name). */
export function registerStartTask(name: string, task: StartTask): void {
  startTasks.set(name, task);
}

export function startTasksOf(): [string, StartTask][] {
  return [...startTasks];
}
