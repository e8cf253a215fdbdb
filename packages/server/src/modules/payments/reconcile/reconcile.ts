import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../platform/config';
import type { AppDatabase, Tx } from '../../../platform/db';
import { enqueueJob, type JobContext, type JobHandler } from '../../../platform/jobs';
import type { OrderNotice } from '../../../platform/modules';
import { allTenantIds } from '../../../platform/tenancy';
import type { PaymentProvider, ProviderPayment } from '../providers/types';
import { applyPayment, handlersOf, providerOf, SYSTEM } from '../service';
import * as repo from './repository';

/**
 * Batch reconciliation of expired unpaid orders (issue 15, item 4). Every RECONCILE_EVERY_MS one
 * job walks the tenants; in each it takes the expired pending orders in batches, locked with SKIP
 * LOCKED (so it runs beside the per-order timeout jobs, notifications and another server), asks
 * each order's provider about it (grouped by receiving account, a few queries at once per
 * account), applies what the provider says was paid through applyPayment (once: the provider
 * transaction's unique row), cancels the rest in one statement with their events, tells each
 * cancelled order's module, and after the commit closes the orders at their providers.
 */
export const RECONCILE_JOB = 'payments.reconcile';
export const RECONCILE_EVERY_MS = 5 * 60_000;
export const RECONCILE_BATCH = 500;
/** Queries in flight at once per receiving account (a provider's rate limit is per merchant). */
export const QUERY_CONCURRENCY = 8;
/** Tenants reconciled at once (each holds one pooled connection while its batch runs). */
export const TENANT_CONCURRENCY = 4;
/** The event cancelOrder writes when the system (the timeout) cancels an order. */
export const TIMEOUT_REMARK = '超时未支付，自动取消';
/** How often a running reconciliation renews its job's 60 s lease. */
const LEASE_RENEW_MS = 20_000;

/** The provider of a receiving account (null when it has none: transfer, or the account is gone). */
export type ProviderLookup = (tx: Tx, tenantId: number, accountId: number) => Promise<PaymentProvider | null>;

export interface ReconcileOptions {
  /** Orders that expired before this time (now by default). */
  now?: Date;
  batchSize?: number;
  queryConcurrency?: number;
  tenantConcurrency?: number;
  /** The tenants to walk (every tenant by default). */
  tenants?: number[];
  /** The providers (service.ts providerOf by default; the tests and the benchmark put a double in). */
  providers?: ProviderLookup;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Told after each tenant: how many of how many are done. */
  onTenant?: (done: number, of: number) => void;
}

export interface ReconcileResult {
  tenants: number;
  batches: number;
  /** Expired pending orders taken. */
  orders: number;
  cancelled: number;
  /** Applied as paid (the provider had the money). */
  paid: number;
  /** Paid at the provider but not applied as the order's payment (applyPayment's exception, duplicate or ignored). */
  otherwise: number;
  /** Left pending for the next run (the provider said paid but applying failed, a module's handler failed, the account's provider did not load). */
  left: number;
  /** Batches whose transaction failed as a whole (their orders stay pending for the next run). */
  failedBatches: number;
}

const BROKEN = Symbol('provider did not load');

const noticeOf = (o: repo.CancelledOrder): OrderNotice => ({
  id: o.id,
  orderNo: o.orderNo,
  bizType: o.bizType,
  bizRef: o.bizRef,
  amountFen: o.amountFen,
  refundedFen: o.refundedFen,
  payerUserId: o.payerUserId,
});

/** Runs work over items with at most `limit` at once; answers the results in order. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i] as T);
    }),
  );
  return out;
}

interface BatchOutcome {
  taken: number;
  paid: number;
  otherwise: number;
  left: number;
  cancelled: number;
  /** Cancelled orders to close at their providers once the batch has committed. */
  toClose: { provider: PaymentProvider; orderNo: string }[];
}

/**
 * One batch, in the caller's transaction for the tenant: the next expired orders after the
 * cursor (moved on as soon as they are taken, so a batch that fails is passed over), their
 * providers asked, the paid ones applied (each in a savepoint: one that fails leaves only itself
 * pending), the rest cancelled together.
 */
async function reconcileBatch(
  tx: Tx,
  tenantId: number,
  now: Date,
  walk: { cursor: repo.ExpiredCursor | null },
  opts: Required<Pick<ReconcileOptions, 'batchSize' | 'queryConcurrency' | 'providers'>> &
    Pick<ReconcileOptions, 'log'>,
): Promise<BatchOutcome> {
  const rows = await repo.claimExpired(tx, tenantId, now, walk.cursor, opts.batchSize);
  const out: BatchOutcome = { taken: rows.length, paid: 0, otherwise: 0, left: 0, cancelled: 0, toClose: [] };
  const last = rows.at(-1);
  if (!last) return out;
  walk.cursor = { at: last.cursor, id: last.id };

  // One provider per receiving account of the batch (an account read and its secrets opened once).
  const providers = new Map<number, PaymentProvider | null | typeof BROKEN>();
  for (const accountId of new Set(rows.flatMap((r) => (r.accountId === null ? [] : [r.accountId])))) {
    try {
      providers.set(accountId, await opts.providers(tx, tenantId, accountId));
    } catch (err) {
      opts.log?.error({ err, tenantId, accountId }, 'payments reconciliation: the account’s provider did not load');
      providers.set(accountId, BROKEN);
    }
  }

  // Ask the providers: each account's orders a few at a time, the accounts side by side. A query
  // that fails counts as "not paid", as the per-order timeout (expireOrder) has it.
  const byAccount = new Map<number, repo.ExpiredOrder[]>();
  for (const r of rows) {
    if (r.accountId === null) continue;
    const group = byAccount.get(r.accountId);
    if (group) group.push(r);
    else byAccount.set(r.accountId, [r]);
  }
  const known = new Map<number, { provider: PaymentProvider; payment: ProviderPayment }>();
  await Promise.all(
    [...byAccount].map(async ([accountId, group]) => {
      const provider = providers.get(accountId);
      if (!provider || provider === BROKEN) return;
      const answers = await mapLimit(group, opts.queryConcurrency, (o) => provider.query(o.orderNo).catch(() => null));
      answers.forEach((payment, i) => {
        if (payment?.state === 'paid') known.set((group[i] as repo.ExpiredOrder).id, { provider, payment });
      });
    }),
  );

  const toCancel: repo.ExpiredOrder[] = [];
  for (const o of rows) {
    const provider = o.accountId === null ? null : providers.get(o.accountId);
    if (provider === BROKEN) {
      out.left += 1;
      continue;
    }
    const paid = known.get(o.id);
    if (!paid) {
      toCancel.push(o);
      continue;
    }
    // A payment the notification of which was lost: applied once, never cancelled.
    try {
      const state = await tx.transaction((sp) => applyPayment(sp, tenantId, paid.provider.kind, paid.payment));
      if (state === 'applied') out.paid += 1;
      else out.otherwise += 1;
    } catch (err) {
      out.left += 1;
      opts.log?.error(
        { err, tenantId, orderNo: o.orderNo },
        'payments reconciliation: a payment found was not applied',
      );
    }
  }

  const cancelled = await cancelTogether(tx, tenantId, toCancel, opts.log);
  out.cancelled = cancelled.length;
  out.left += toCancel.length - cancelled.length;
  for (const o of cancelled) {
    const provider = o.accountId === null ? null : providers.get(o.accountId);
    if (provider && provider !== BROKEN) out.toClose.push({ provider, orderNo: o.orderNo });
  }
  return out;
}

/**
 * Cancels the orders: those whose module has no cancelled handler (all of today's kinds) in one
 * statement, their state and their events; each of the others with its module's handler in a
 * savepoint of its own, so an order and its module's record change together or not at all (as in
 * cancelOrder), and a handler that fails leaves only its own order pending.
 */
async function cancelTogether(
  tx: Tx,
  tenantId: number,
  orders: repo.ExpiredOrder[],
  log: ReconcileOptions['log'],
): Promise<repo.CancelledOrder[]> {
  const told = orders.filter((o) => handlersOf(o.bizType)?.cancelled);
  const plain = orders.filter((o) => !handlersOf(o.bizType)?.cancelled);
  const done = await repo.cancelPending(
    tx,
    tenantId,
    plain.map((o) => o.id),
    SYSTEM.name,
    TIMEOUT_REMARK,
  );
  for (const o of told) {
    try {
      const one = await tx.transaction(async (sp) => {
        const rows = await repo.cancelPending(sp, tenantId, [o.id], SYSTEM.name, TIMEOUT_REMARK);
        for (const c of rows) await handlersOf(c.bizType)?.cancelled?.(sp, tenantId, noticeOf(c));
        return rows;
      });
      done.push(...one);
    } catch (err) {
      log?.error({ err, tenantId, orderNo: o.orderNo }, 'payments reconciliation: a module’s cancelled handler failed');
    }
  }
  return done;
}

/**
 * Reconciles every tenant's (or the tenants given) expired pending orders, TENANT_CONCURRENCY
 * tenants at a time, batch by batch within a tenant, one transaction per batch. A batch that
 * fails is logged and passed over (its orders stay pending for the next run); the walk goes on.
 */
export async function reconcileExpiredOrders(
  db: AppDatabase,
  config: AppConfig,
  options: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const now = options.now ?? new Date();
  const opts = {
    batchSize: options.batchSize ?? RECONCILE_BATCH,
    queryConcurrency: options.queryConcurrency ?? QUERY_CONCURRENCY,
    providers:
      options.providers ??
      ((tx: Tx, tenantId: number, accountId: number) => providerOf(tx, tenantId, config, accountId)),
    log: options.log,
  };
  const tenants = options.tenants ?? (await db.withGlobal(allTenantIds));
  const result: ReconcileResult = {
    tenants: 0,
    batches: 0,
    orders: 0,
    cancelled: 0,
    paid: 0,
    otherwise: 0,
    left: 0,
    failedBatches: 0,
  };
  let done = 0;
  // Tenants side by side (each its own connection); within a tenant, batch after batch.
  await mapLimit(tenants, options.tenantConcurrency ?? TENANT_CONCURRENCY, async (tenantId) => {
    const walk: { cursor: repo.ExpiredCursor | null } = { cursor: null };
    let touched = false;
    for (;;) {
      const before = walk.cursor;
      let batch: BatchOutcome;
      try {
        batch = await db.withTenant(tenantId, (tx) => reconcileBatch(tx, tenantId, now, walk, opts));
      } catch (err) {
        result.failedBatches += 1;
        opts.log?.error({ err, tenantId }, 'payments reconciliation: a batch failed and was rolled back');
        // Passed over when its orders were taken (the cursor moved); otherwise the tenant is left.
        if (walk.cursor === before) break;
        continue;
      }
      if (batch.taken === 0) break;
      touched = true;
      result.batches += 1;
      result.orders += batch.taken;
      result.paid += batch.paid;
      result.otherwise += batch.otherwise;
      result.left += batch.left;
      result.cancelled += batch.cancelled;
      // Closed at the provider once cancelled for good; a provider that refuses changes nothing.
      await mapLimit(batch.toClose, opts.queryConcurrency, (c) => c.provider.close(c.orderNo).catch(() => undefined));
      if (batch.taken < opts.batchSize) break;
    }
    if (touched) result.tenants += 1;
    done += 1;
    options.onTenant?.(done, tenants.length);
  });
  return result;
}

// ---- the schedule ----

/** The tenant whose job queue holds the reconciliation (jobs are tenant-owned): the first tenant. */
async function homeTenant(db: AppDatabase): Promise<number | undefined> {
  return (await db.withGlobal(allTenantIds))[0];
}

/**
 * Queues the next reconciliation unless one is already queued (or, at start-up, running), under a
 * lock that serialises this across servers. `after`: the id of the run that asks (its next run
 * comes RECONCILE_EVERY_MS later); without it (a server starting) the run is due at once.
 * Answers whether a job was queued.
 */
export async function scheduleReconciliation(
  db: AppDatabase,
  options: { after?: number; now?: Date } = {},
): Promise<boolean> {
  const tenantId = await homeTenant(db);
  if (tenantId === undefined) return false;
  const now = options.now ?? new Date();
  return db.withTenant(tenantId, async (tx) => {
    await repo.lockSchedule(tx, RECONCILE_JOB);
    const live = await repo.liveJobs(tx, tenantId, RECONCILE_JOB);
    const waiting = live.some((j) => j.state === 'queued' || (options.after === undefined && j.state === 'running'));
    if (waiting) return false;
    await enqueueJob(tx, {
      tenantId,
      userId: null,
      kind: RECONCILE_JOB,
      payload: {},
      runAt: options.after === undefined ? now : new Date(now.getTime() + RECONCILE_EVERY_MS),
    });
    return true;
  });
}

/** The payments module's start task (onWorkerStart): the reconciliation is queued once a server's worker starts. */
export async function startReconciliation(ctx: { db: AppDatabase; log: Pick<FastifyBaseLogger, 'info'> }) {
  if (await scheduleReconciliation(ctx.db)) ctx.log.info('payments reconciliation queued');
}

/**
 * The job: one reconciliation run, then the next one queued. Never two at once: a run finding an
 * older run still going (its lease alive: its worker is at work) leaves this round to it. The
 * lease is renewed while the run goes on, so no other worker claims it meanwhile. Failures inside
 * the run are logged, not thrown (the next run takes up what was left); only a failure to queue
 * the next run fails the job, which the worker then tries again.
 */
async function reconcileJob(ctx: JobContext) {
  const live = await ctx.db.withTenant(ctx.tenantId, (tx) => repo.liveJobs(tx, ctx.tenantId, RECONCILE_JOB));
  const older = live.some(
    (j) => j.state === 'running' && j.id < ctx.jobId && j.lockedUntil !== null && j.lockedUntil.getTime() > Date.now(),
  );
  let result: ReconcileResult | null = null;
  if (!older) {
    let rate = 0;
    let renewing: Promise<void> | null = null;
    const renew = setInterval(() => {
      renewing ??= ctx
        .progress(rate)
        .catch((err: unknown) => ctx.log.warn({ err }, 'payments reconciliation: renewing the lease failed'))
        .finally(() => {
          renewing = null;
        });
    }, LEASE_RENEW_MS);
    renew.unref();
    const started = Date.now();
    try {
      result = await reconcileExpiredOrders(ctx.db, ctx.config, {
        log: ctx.log,
        onTenant: (done, of) => {
          rate = Math.floor((done / of) * 99);
        },
      });
      ctx.log.info({ ...result, ms: Date.now() - started }, 'payments reconciliation done');
    } catch (err) {
      ctx.log.error({ err }, 'payments reconciliation failed');
    } finally {
      clearInterval(renew);
      await renewing;
    }
  }
  await scheduleReconciliation(ctx.db, { after: ctx.jobId });
  return { rows: result ? result.cancelled + result.paid : 0 };
}

export const reconcileJobs: Record<string, JobHandler> = { [RECONCILE_JOB]: reconcileJob };
