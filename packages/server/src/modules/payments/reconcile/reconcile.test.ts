import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MODULES } from '../../../app';
import { registerJobKind } from '../../../platform/jobs';
import { defineModule, installModules, type OrderNotice } from '../../../platform/modules';
import { allTenantIds } from '../../../platform/tenancy';
import { createTestPerson, type TestContext } from '../../../testing';
import { devNotification } from '../providers/dev';
import type { ProviderPayment } from '../providers/types';
import * as payRepo from '../repository';
import { openSecrets, secretKey } from '../secrets';
import { createOrder, ledgerCheck, providerOf } from '../service';
import { type PaymentsWorld, paymentsWorld } from '../test-world';
import {
  type ProviderLookup,
  RECONCILE_EVERY_MS,
  RECONCILE_JOB,
  reconcileExpiredOrders,
  reconcileJobs,
  scheduleReconciliation,
  startReconciliation,
  TIMEOUT_REMARK,
} from './index';
import * as repo from './repository';

const OPERATION = '/st365/payments/operation/orders';
/** A module that makes 'test.reconcile' orders and is told when one is cancelled (one refuses). */
const told: OrderNotice[] = [];
let refuse = 'fail';
const testModule = defineModule({
  name: 'reconcile-test',
  orderHandlers: {
    'test.reconcile': {
      cancelled: async (_tx, _tenantId, order) => {
        if (order.bizRef === refuse) throw new Error('模块拒绝取消');
        told.push(order);
      },
    },
  },
});

describe('payments reconciliation: expired pending orders in batches', () => {
  let w: PaymentsWorld;
  let t: TestContext;
  let tenantA: number;
  let tenantB: number;
  let payerB: number;
  /** What the provider knows was paid (the notification was lost), by order number. */
  const atProvider = new Map<string, ProviderPayment>();
  const closed: string[] = [];
  /** The real provider of each account (service.ts providerOf), but it knows of payments in atProvider. */
  const providers: ProviderLookup = async (tx, tenantId, accountId) => {
    const real = await providerOf(tx, tenantId, t.app.config, accountId);
    if (!real) return null;
    return {
      ...real,
      query: async (orderNo) => atProvider.get(orderNo) ?? real.query(orderNo),
      close: async (orderNo) => {
        closed.push(orderNo);
      },
    };
  };
  const later = (hours = 2) => new Date(Date.now() + hours * 3_600_000);
  const reconcile = (extra: Parameters<typeof reconcileExpiredOrders>[2] = {}) =>
    reconcileExpiredOrders(t.db, t.app.config, { now: later(), providers, ...extra });
  const detail = async (id: number) => (await w.admin.get(`${OPERATION}/${id}`)).body.data;
  const paidAt = (orderNo: string, amountFen: number, txn: string): ProviderPayment => ({
    orderNo,
    providerTxnId: txn,
    amountFen,
    currency: 'CNY',
    state: 'paid',
    paidAt: new Date(),
  });
  /** Counts that a second run must not change: each tenant's events, payments, ledger lines and pending orders. */
  const counts = (tenantId: number) =>
    t.db.withTenant(tenantId, async (tx) => {
      const res = (await tx.execute(sql`select
        (select count(*) from order_events where tenant_id = ${tenantId}) as events,
        (select count(*) from order_payments where tenant_id = ${tenantId}) as payments,
        (select count(*) from ledger_entries where tenant_id = ${tenantId}) as lines,
        (select count(*) from orders where tenant_id = ${tenantId} and status = 0) as pending`)) as unknown as {
        rows: Record<string, unknown>[];
      };
      return Object.fromEntries(Object.entries(res.rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
    });
  const orderIn = (tenantId: number, payerUserId: number, input: { fen: number; bizType?: string; bizRef?: string }) =>
    t.db.withTenant(tenantId, (tx) =>
      createOrder(tx, tenantId, {
        payerUserId,
        payerName: '付款人',
        payeeName: '测试学会',
        bizType: input.bizType ?? 'demo.fee',
        bizRef: input.bizRef ?? '',
        title: '对账测试',
        lines: [{ item: '会费', quantity: 1, unitPriceFen: input.fen }],
        expiresInMinutes: 60,
      }),
    );

  beforeAll(async () => {
    w = await paymentsWorld('rc');
    ({ t, tenantA, tenantB } = w);
    // Until the payments manifest lists the reconciliation's jobs, the test registers its kind.
    registerJobKind(RECONCILE_JOB, reconcileJobs[RECONCILE_JOB] as NonNullable<(typeof reconcileJobs)[string]>);
    installModules([...ALL_MODULES, testModule]);
    payerB = (await createTestPerson(t.db, tenantB, { identities: [{ code: 12 }] })).userId;
  });
  afterAll(async () => {
    installModules(ALL_MODULES);
    await t.close();
  });

  it('cancels expired unpaid orders with their events, applies the one the provider has as paid, leaves the others alone', async () => {
    const plain = await w.newOrder(1_000); // no payment method chosen
    const chosen = await w.newOrder(2_000);
    await w.startDev(chosen.id);
    const lost = await w.newOrder(3_000);
    await w.startDev(lost.id);
    atProvider.set(lost.orderNo, paidAt(lost.orderNo, 3_000, 'DEVLOST1'));
    const young = await w.newOrder(4_000, { expiresInMinutes: 24 * 60 });
    const settled = await w.paidOrder(5_000);
    const gone = await w.newOrder(6_000);
    await w.payer.post(`/st365/payments/mine/orders/${gone.id}/cancel`, { reason: '不要了' });
    const inB = await orderIn(tenantB, payerB, { fen: 7_000 });
    const settledBefore = await detail(settled.id);
    const goneBefore = await detail(gone.id);

    // Batches of two: the walk goes on over several transactions per tenant.
    const r = await reconcile({ batchSize: 2 });
    expect(r).toMatchObject({ orders: 4, cancelled: 3, paid: 1, otherwise: 0, left: 0, failedBatches: 0, tenants: 2 });

    for (const o of [plain, chosen]) {
      const d = await detail(o.id);
      expect(d.statusName).toBe('已取消');
      expect(d.events.at(-1)).toMatchObject({
        actor: '系统',
        fromName: '待支付',
        toName: '已取消',
        remark: TIMEOUT_REMARK,
      });
      expect(d.events.filter((e: { toName: string }) => e.toName === '已取消')).toHaveLength(1);
      expect(d.payments).toEqual([]);
    }
    // Closed at the provider: only the order that had chosen one (and was cancelled).
    expect(closed).toEqual([chosen.orderNo]);

    const paid = await detail(lost.id);
    expect(paid.statusName).toBe('已支付');
    expect(paid.payments).toEqual([
      expect.objectContaining({ kind: 'dev', providerTxnId: 'DEVLOST1', state: 'applied', amountFen: 3_000 }),
    ]);
    expect(paid.events.map((e: { toName: string }) => e.toName)).toEqual(['待支付', '已支付']);
    expect(paid.events.at(-1).remark).toMatch(/支付成功，交易号 DEVLOST1$/);
    const lines = await t.db.withTenant(tenantA, (tx) => payRepo.ledgerOfOrder(tx, tenantA, lost.id));
    expect(lines.map((l) => [l.account, l.amountFen])).toEqual([
      ['clearing:dev', 3_000],
      ['payee:tenant', -3_000],
    ]);

    expect(await detail(young.id)).toMatchObject({
      statusName: '待支付',
      events: [expect.objectContaining({ remark: '创建订单' })],
    });
    expect(await detail(settled.id)).toEqual(settledBefore);
    expect(await detail(gone.id)).toEqual(goneBefore);

    // Tenant B's order, cancelled under tenant B, its event in tenant B.
    const b = await t.db.withTenant(tenantB, async (tx) => ({
      order: await payRepo.getOrder(tx, tenantB, inB.id),
      events: (await payRepo.orderParts(tx, tenantB, inB.id)).events,
    }));
    expect(b.order?.status).toBe(3);
    expect(b.events.map((e) => [e.actor, e.remark])).toEqual([
      ['付款人', '创建订单'],
      ['系统', TIMEOUT_REMARK],
    ]);
    for (const tenantId of [tenantA, tenantB])
      expect(await t.db.withTenant(tenantId, (tx) => ledgerCheck(tx, tenantId))).toMatchObject({ balanced: true });
  });

  it('changes nothing more when run again, and the lost payment’s late notification is a duplicate', async () => {
    const before = [await counts(tenantA), await counts(tenantB)];
    const again = await reconcile();
    expect(again).toMatchObject({ orders: 0, cancelled: 0, paid: 0, batches: 0 });
    expect([await counts(tenantA), await counts(tenantB)]).toEqual(before);

    // The provider's notification of the payment applied by the reconciliation arrives after all.
    const lostNo = [...atProvider.keys()][0] as string;
    const account = await t.db.withTenant(tenantA, (tx) => payRepo.getAccount(tx, tenantA, w.devAccount));
    const secret = openSecrets(secretKey(t.app.config), account?.secrets ?? '').devSecret ?? '';
    const raw = devNotification(secret, {
      orderNo: lostNo,
      txnId: 'DEVLOST1',
      amountFen: 3_000,
      state: 'paid',
      at: new Date().toISOString(),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/st365/public/payments/notify/${w.devAccount}`,
      headers: {
        host: w.domainA,
        'content-type': 'application/json',
        'x-dev-signature': raw.headers['x-dev-signature'],
      },
      payload: raw.body,
    });
    expect(res.statusCode).toBe(200);
    expect([await counts(tenantA), await counts(tenantB)]).toEqual(before);
  });

  it('leaves pending only the order whose payment does not apply or whose module refuses; the rest of the batch is done', async () => {
    const wrong = await w.newOrder(8_000);
    await w.startDev(wrong.id);
    atProvider.set(wrong.orderNo, paidAt(wrong.orderNo, 1, 'DEVWRONG')); // another amount: refused
    const ok1 = await orderIn(tenantA, w.payerId, { fen: 100, bizType: 'test.reconcile', bizRef: 'ok1' });
    const fail = await orderIn(tenantA, w.payerId, { fen: 200, bizType: 'test.reconcile', bizRef: 'fail' });
    const ok2 = await orderIn(tenantA, w.payerId, { fen: 300, bizType: 'test.reconcile', bizRef: 'ok2' });
    const plain = await w.newOrder(400);

    const r = await reconcile();
    expect(r).toMatchObject({ orders: 5, cancelled: 3, paid: 0, left: 2, failedBatches: 0 });
    expect((await detail(wrong.id)).statusName).toBe('待支付');
    expect((await detail(wrong.id)).payments).toEqual([]);
    expect((await detail(fail.id)).events.map((e: { remark: string }) => e.remark)).toEqual(['创建订单']);
    for (const o of [ok1, ok2, plain]) expect((await detail(o.id)).statusName).toBe('已取消');
    // Each cancelled order's module was told once, with the order as it knows it.
    expect(told.map((n) => [n.id, n.orderNo, n.bizRef, n.amountFen])).toEqual([
      [ok1.id, ok1.orderNo, 'ok1', 100],
      [ok2.id, ok2.orderNo, 'ok2', 300],
    ]);
    expect(told[0]).toMatchObject({ bizType: 'test.reconcile', payerUserId: w.payerId, refundedFen: 0 });

    // Once the module accepts and the provider's record is right, the next run settles both.
    refuse = '';
    atProvider.set(wrong.orderNo, paidAt(wrong.orderNo, 8_000, 'DEVRIGHT'));
    expect(await reconcile()).toMatchObject({ orders: 2, cancelled: 1, paid: 1, left: 0 });
    expect((await detail(fail.id)).statusName).toBe('已取消');
    expect((await detail(wrong.id)).payments).toEqual([expect.objectContaining({ providerTxnId: 'DEVRIGHT' })]);
    expect(told.map((n) => n.bizRef)).toEqual(['ok1', 'ok2', 'fail']);
    expect((await t.db.withTenant(tenantA, (tx) => ledgerCheck(tx, tenantA))).balanced).toBe(true);
  });

  it('touches a tenant’s orders only under that tenant: row-level security holds under the repository', async () => {
    const a = await w.newOrder(900);
    const seenFromB = await t.db.withTenant(tenantB, async (tx) => ({
      claimed: await repo.claimExpired(tx, tenantA, later(), null, 100),
      cancelled: await repo.cancelPending(tx, tenantA, [a.id], '系统', TIMEOUT_REMARK),
    }));
    expect(seenFromB).toEqual({ claimed: [], cancelled: [] });
    expect(await detail(a.id)).toMatchObject({
      statusName: '待支付',
      events: [expect.objectContaining({ remark: '创建订单' })],
    });
    // Walking tenant B only leaves tenant A's expired order alone.
    expect(await reconcile({ tenants: [tenantB] })).toMatchObject({ orders: 0 });
    expect((await detail(a.id)).statusName).toBe('待支付');
    expect(await reconcile({ tenants: [tenantA] })).toMatchObject({ orders: 1, cancelled: 1 });
  });

  it('skips an order another transaction holds (its own timeout job, another server) and settles it later', async () => {
    if (t.db.kind !== 'postgres') return; // one connection on PGlite: nothing runs beside
    const held = await w.newOrder(1_100);
    const free = await w.newOrder(1_200);
    const first = await t.db.withTenant(tenantA, async (tx) => {
      await payRepo.getOrder(tx, tenantA, held.id, true);
      return reconcile({ tenants: [tenantA] });
    });
    expect(first).toMatchObject({ orders: 1, cancelled: 1 });
    expect((await detail(free.id)).statusName).toBe('已取消');
    expect((await detail(held.id)).statusName).toBe('待支付');
    expect(await reconcile({ tenants: [tenantA] })).toMatchObject({ orders: 1, cancelled: 1 });
    expect((await detail(held.id)).statusName).toBe('已取消');
  });

  it('is one job at a time: queued once at start-up, it queues its own next run, and leaves a round to a run still going', async () => {
    const home = (await t.db.withGlobal(allTenantIds))[0] as number;
    const live = () => t.db.withTenant(home, (tx) => repo.liveJobs(tx, home, RECONCILE_JOB));
    const setJob = (id: number, change: ReturnType<typeof sql>) =>
      t.db.withTenant(home, (tx) =>
        tx.execute(sql`update jobs set ${change} where tenant_id = ${home} and id = ${id}`),
      );
    const logged: string[] = [];
    await startReconciliation({ db: t.db, log: { info: (m: string) => logged.push(m) } as never });
    expect(await scheduleReconciliation(t.db)).toBe(false); // a second server starting
    expect(logged).toEqual(['payments reconciliation queued']);
    const [first] = await live();
    expect(first).toMatchObject({ state: 'queued' });

    // An expired order of tenant B (its own timeout job not due: the reconciliation finds it).
    const order = await orderIn(tenantB, payerB, { fen: 500 });
    await t.db.withTenant(tenantB, (tx) =>
      tx.execute(
        sql`update orders set expires_at = now() - interval '1 minute' where tenant_id = ${tenantB} and id = ${order.id}`,
      ),
    );
    const statusB = async () =>
      (await t.db.withTenant(tenantB, (tx) => payRepo.getOrder(tx, tenantB, order.id)))?.status;

    // Another run going (claimed, its lease alive): a second job due now leaves the round to it.
    await setJob(first?.id as number, sql`state = 'running', locked_until = now() + interval '60 seconds'`);
    await t.db.withTenant(home, (tx) =>
      tx.execute(
        sql`insert into jobs (tenant_id, key, kind, payload) values (${home}, 'reconcile-second', ${RECONCILE_JOB}, '{}')`,
      ),
    );
    expect(await t.app.jobs.runOnce(home)).toBe(true);
    expect(await statusB()).toBe(0);
    // …and still queued the next run, once.
    let jobs = await live();
    expect(jobs.filter((j) => j.state === 'queued')).toHaveLength(1);

    // The first run's worker died: its lease runs out, it is claimed again and does the work.
    await setJob(first?.id as number, sql`locked_until = now() - interval '1 second'`);
    expect(await t.app.jobs.runOnce(home)).toBe(true);
    expect(await statusB()).toBe(3);
    jobs = await live();
    expect(jobs).toHaveLength(1);
    const next = jobs[0];
    expect(next?.state).toBe('queued');
    const runAt = await t.db.withTenant(home, async (tx) => {
      const res = (await tx.execute(
        sql`select run_at from jobs where tenant_id = ${home} and id = ${next?.id as number}`,
      )) as unknown as { rows: { run_at: string | Date }[] };
      return new Date(res.rows[0]?.run_at as string).getTime();
    });
    expect(runAt).toBeGreaterThan(Date.now() + RECONCILE_EVERY_MS - 60_000);
    // Not due yet; a restart queues nothing more.
    expect(await t.app.jobs.runOnce(home)).toBe(false);
    expect(await scheduleReconciliation(t.db)).toBe(false);
  });
});
