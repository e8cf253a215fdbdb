import type { FastifyBaseLogger } from 'fastify';
import { clearExpiredSignatures } from '../auth/cache';
import type { AppConfig } from '../config';
import type { AppDatabase } from '../db';
import { jobHandler, startTasksOf } from './registry';
import { claimJob, failJob, finishJob, setJobProgress } from './repository';

export const JOB_LEASE_SECONDS = 60;
/** The wait before try n + 1: 2, 4, 8 … seconds, at most 10 minutes. */
export const backoffSeconds = (attempt: number) => Math.min(600, 2 ** attempt);
/** How often the worker clears request signatures past their window (requests never do). */
export const SIGNATURE_SWEEP_MS = 60_000;

/**
 * Runs queued jobs: one at a time per process, polling when idle. A job that throws is tried
 * again after a growing wait until its attempts run out; then it is failed with the error kept.
 */
export class JobWorker {
  private timer: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private starting: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly db: AppDatabase,
    private readonly config: AppConfig,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 1000,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.starting = this.runStartTasks();
    this.schedule(0);
    this.sweeper = setInterval(() => void this.sweepSignatures(), SIGNATURE_SWEEP_MS);
    this.sweeper.unref();
  }

  /** Clears used request signatures past their window (the replay guard's table, or memory on PGlite). */
  async sweepSignatures(): Promise<number> {
    try {
      return await clearExpiredSignatures(this.db);
    } catch (err) {
      this.log.error({ err }, 'job worker: clearing used signatures failed');
      return 0;
    }
  }

  /**
   * The modules' start tasks (onWorkerStart: queueing their recurring jobs, as the signature sweep
   * above is started here); each failure is logged and the others still run.
   */
  async runStartTasks(): Promise<void> {
    for (const [name, task] of startTasksOf()) {
      try {
        await task({ db: this.db, config: this.config, log: this.log });
      } catch (err) {
        this.log.error({ err, module: name }, 'job worker: a start task failed');
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.sweeper) clearInterval(this.sweeper);
    this.timer = null;
    this.sweeper = null;
    await this.starting;
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        this.running = null;
      });
    }, ms);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.runOnce())) {
        // keep going while there is work
      }
    } catch (err) {
      this.log.error({ err }, 'job worker: claiming failed');
    }
    this.schedule(this.pollMs);
  }

  /** Claims and runs one due job (of one tenant, when given); false when there was none. */
  async runOnce(tenantId?: number): Promise<boolean> {
    const job = await this.db.withGlobalTx((tx) => claimJob(tx, JOB_LEASE_SECONDS, tenantId ?? null));
    if (!job) return false;
    const id = Number(job.id);
    const tenant = job.tenant_id;
    const handler = jobHandler(job.kind);
    try {
      if (!handler) throw new Error(`没有处理 ${job.kind} 的程序`);
      const result = await handler({
        db: this.db,
        config: this.config,
        log: this.log,
        tenantId: tenant,
        jobId: id,
        userId: job.user_id === null ? null : Number(job.user_id),
        payload: job.payload,
        attempt: job.attempts,
        progress: (rate) =>
          this.db.withTenant(tenant, (tx) =>
            setJobProgress(
              tx,
              tenant,
              id,
              Math.max(0, Math.min(99, Math.floor(rate))),
              new Date(Date.now() + JOB_LEASE_SECONDS * 1000),
            ),
          ),
      });
      await this.db.withTenant(tenant, (tx) => finishJob(tx, tenant, id, result));
      this.log.info({ job: id, tenant, kind: job.kind }, 'job done');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = job.attempts >= job.max_attempts;
      await this.db.withTenant(tenant, (tx) =>
        failJob(
          tx,
          tenant,
          id,
          message.slice(0, 1000),
          last ? null : new Date(Date.now() + backoffSeconds(job.attempts) * 1000),
        ),
      );
      this.log.warn(
        { job: id, tenant, kind: job.kind, attempt: job.attempts, err },
        last ? 'job failed' : 'job will retry',
      );
    }
    return true;
  }
}
