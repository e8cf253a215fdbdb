// `npm run bench:payments-reconcile -w @shetuan/bench`: the batch reconciliation of expired orders
// (issue 15, item 4). A fresh PostgreSQL database with TENANTS tenants, each with a development
// account (模拟支付), and ORDERS expired unpaid orders spread over them, inserted in one statement
// as the owner. One in PAID_EVERY of them is "paid at the provider": its notification was lost and
// only the provider's query knows of it. The development provider's own query always answers null
// (its cashier is the only payer, and what it did arrives as a notification), so the accounts'
// real providers are used (account read, secrets opened, close) with their query answering from
// that list; BENCH_QUERY_MS adds a wait to each query, as a real provider's round trip would.
//
// Baseline, in the same run: what runs today, one `payments.order-timeout` job per order (the
// worker's claim, expireOrder in the order's tenant, the job finished), on SAMPLE other expired
// orders of the same tenants with their jobs due; its rate is extrapolated to ORDERS. The sample's
// provider never says paid (expireOrder cannot be given the list), so all of them are cancelled.
//
// Checks afterwards: none of the orders left pending, each cancelled with exactly one event, each
// paid one applied once (one payment row, two ledger lines), every tenant's ledger summing to zero;
// a second run finds nothing. Target: 100,000 orders in under 60 seconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig, openDatabase } from '@shetuan/server';
import { createScratchDatabase, dropScratchDatabase } from '@shetuan/server/scratch-db';
import pg from 'pg';
import type { ProviderPayment } from '../packages/server/src/modules/payments/providers/types';
import {
  type ProviderLookup,
  reconcileExpiredOrders,
  TIMEOUT_REMARK,
} from '../packages/server/src/modules/payments/reconcile';
import { sealSecrets, secretKey } from '../packages/server/src/modules/payments/secrets';
import { providerOf } from '../packages/server/src/modules/payments/service';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const TENANTS = Number(process.env.BENCH_TENANTS ?? 100);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 1_000);
const PAID_EVERY = 100;
const QUERY_MS = Number(process.env.BENCH_QUERY_MS ?? 0);
const BATCH = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined;
const TARGET_SECONDS = 60;
const BASE =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const url = await createScratchDatabase(BASE, 'shetuan_bench_recon');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-bench-recon-'));
  const owner = new pg.Client({ connectionString: url });
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JOB_WORKER: '0',
      RESPONSE_VALIDATION: '0',
      PAYMENT_DEV_PROVIDER: '1',
    });
    const db = await openDatabase(config);
    const app = await buildApp({ config, db, logger: false });
    await owner.connect();

    // Tenants, one development account each, the orders and the sample with its timeout jobs.
    let t0 = performance.now();
    await owner.query(
      `insert into tenants (company_id, company_name, company_type)
       select g, '对账基准学会' || g, 2 from generate_series(1, $1) g`,
      [TENANTS],
    );
    await owner.query(
      `insert into payment_accounts (tenant_id, kind, name, secrets)
       select id, 'dev', '模拟支付', $1 from tenants order by id`,
      [sealSecrets(secretKey(config), { devSecret: 'bench-secret' })],
    );
    const seed = (prefix: string, count: number) =>
      owner.query(
        `with accounts as (
           select tenant_id, id, (row_number() over (order by tenant_id) - 1)::int as n from payment_accounts
         )
         insert into orders (tenant_id, order_no, title, biz_type, payer_user_id, payer_name, payee_name, amount_fen,
                             status, account_id, method, expires_at, created_at)
         select a.tenant_id, $1 || lpad(g::text, 12, '0'), '基准订单' || g, 'demo.fee', 1, '王会员', '对账基准学会',
                10000 + g % 5000, 0, a.id, 'dev',
                now() - interval '1 hour' + (g % 3600) * interval '1 second' / 100, now() - interval '2 hours'
         from generate_series(1, $2) g join accounts a on a.n = g % $3`,
        [prefix, count, TENANTS],
      );
    await seed('PB', ORDERS);
    await seed('PS', SAMPLE);
    await owner.query(
      `insert into jobs (tenant_id, key, kind, payload, run_at)
       select tenant_id, md5(order_no), 'payments.order-timeout', jsonb_build_object('orderId', id), expires_at
       from orders where order_no like 'PS%'`,
    );
    await owner.query('analyze');
    const { rows: paidRows } = await owner.query<{ order_no: string; amount_fen: string }>(
      `select order_no, amount_fen from orders where order_no like 'PB%' and substr(order_no, 3)::bigint % $1 = 0`,
      [PAID_EVERY],
    );
    const atProvider = new Map(paidRows.map((r) => [r.order_no, Number(r.amount_fen)]));
    console.log(
      `seeded ${ORDERS.toLocaleString()} expired orders over ${TENANTS} tenants (${atProvider.size} paid at the provider) and a sample of ${SAMPLE} with their timeout jobs in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // Baseline: the per-order timeout jobs, as the worker runs them.
    t0 = performance.now();
    let jobs = 0;
    while (await app.jobs.runOnce()) jobs += 1;
    const baseSeconds = (performance.now() - t0) / 1000;
    const baseRate = jobs / baseSeconds;
    const { rows: sampleLeft } = await owner.query<{ n: string }>(
      "select count(*) as n from orders where order_no like 'PS%' and status <> 3",
    );

    // The reconciliation.
    let queries = 0;
    const providers: ProviderLookup = async (tx, tenantId, accountId) => {
      const real = await providerOf(tx, tenantId, config, accountId);
      if (!real) return null;
      return {
        ...real,
        async query(orderNo): Promise<ProviderPayment | null> {
          queries += 1;
          if (QUERY_MS > 0) await sleep(QUERY_MS);
          const amountFen = atProvider.get(orderNo);
          if (amountFen === undefined) return real.query(orderNo);
          return {
            orderNo,
            providerTxnId: `LOST${orderNo}`,
            amountFen,
            currency: 'CNY',
            state: 'paid',
            paidAt: new Date(),
          };
        },
      };
    };
    const errors: string[] = [];
    const log = {
      warn: () => undefined,
      error: (o: unknown, m?: string) => {
        if (errors.length < 5) errors.push(`${m ?? ''} ${String((o as { err?: Error }).err?.message ?? '')}`);
      },
    } as never;
    t0 = performance.now();
    const result = await reconcileExpiredOrders(db, config, { providers, log, ...(BATCH ? { batchSize: BATCH } : {}) });
    const seconds = (performance.now() - t0) / 1000;
    const rate = result.orders / seconds;

    t0 = performance.now();
    const again = await reconcileExpiredOrders(db, config, { providers, log });
    const againSeconds = (performance.now() - t0) / 1000;

    const { rows } = await owner.query<Record<string, string>>(
      `select
         (select count(*) from orders where order_no like 'PB%' and status = 0) as pending,
         (select count(*) from orders where order_no like 'PB%' and status = 3) as cancelled,
         (select count(*) from orders where order_no like 'PB%' and status = 2) as paid,
         (select count(*) from order_events e join orders o on o.tenant_id = e.tenant_id and o.id = e.order_id
           where o.order_no like 'PB%' and e.to_status = 3 and e.actor = '系统' and e.remark = $1) as cancel_events,
         (select count(distinct (e.tenant_id, e.order_id)) from order_events e join orders o
           on o.tenant_id = e.tenant_id and o.id = e.order_id where o.order_no like 'PB%' and e.to_status = 3) as cancelled_with_event,
         (select count(*) from order_payments p join orders o on o.tenant_id = p.tenant_id and o.id = p.order_id
           where o.order_no like 'PB%' and p.state = 'applied') as payments,
         (select count(distinct (p.tenant_id, p.order_id)) from order_payments p join orders o
           on o.tenant_id = p.tenant_id and o.id = p.order_id where o.order_no like 'PB%') as paid_orders_with_payment,
         (select count(*) from ledger_entries l join orders o on o.tenant_id = l.tenant_id and o.id = l.order_id
           where o.order_no like 'PB%') as lines,
         (select coalesce(sum(amount_fen), 0) from ledger_entries) as ledger_sum,
         (select count(*) from (select tenant_id from ledger_entries group by tenant_id having sum(amount_fen) <> 0) x)
           as unbalanced_tenants`,
      [TIMEOUT_REMARK],
    );
    const c = Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)])) as Record<
      string,
      number
    >;
    const paid = atProvider.size;
    const checks = {
      'none left pending': c.pending === 0,
      'each cancelled once, with one event':
        c.cancelled === ORDERS - paid && c.cancel_events === ORDERS - paid && c.cancelled_with_event === ORDERS - paid,
      'each paid one applied once':
        c.paid === paid && c.payments === paid && c.paid_orders_with_payment === paid && c.lines === 2 * paid,
      'ledger sums to zero in every tenant': c.ledger_sum === 0 && c.unbalanced_tenants === 0,
      'a second run finds nothing': again.orders === 0,
      'the sample all cancelled by the old path': Number(sampleLeft[0]?.n) === 0 && jobs === SAMPLE,
    };

    console.log(`provider query wait: ${QUERY_MS} ms; ${queries.toLocaleString()} queries`);
    console.log('path'.padEnd(44), 'orders'.padStart(8), 'seconds'.padStart(9), 'orders/s'.padStart(9));
    console.log(
      'per-order timeout jobs (baseline, sample)'.padEnd(44),
      String(jobs).padStart(8),
      baseSeconds.toFixed(2).padStart(9),
      baseRate.toFixed(0).padStart(9),
    );
    console.log(
      `  … extrapolated to ${ORDERS.toLocaleString()}`.padEnd(44),
      String(ORDERS).padStart(8),
      (ORDERS / baseRate).toFixed(1).padStart(9),
      ''.padStart(9),
    );
    console.log(
      'batch reconciliation'.padEnd(44),
      String(result.orders).padStart(8),
      seconds.toFixed(2).padStart(9),
      rate.toFixed(0).padStart(9),
    );
    console.log(
      '  second run (nothing to do)'.padEnd(44),
      String(again.orders).padStart(8),
      againSeconds.toFixed(2).padStart(9),
    );
    console.log(`ratio to the baseline (orders/s): ${(rate / baseRate).toFixed(1)}`);
    console.log(
      `result: ${result.tenants} tenants, ${result.batches} batches, ${result.cancelled} cancelled, ${result.paid} paid, ${result.otherwise} otherwise, ${result.left} left, ${result.failedBatches} failed batches`,
    );
    for (const e of errors) console.log(`error: ${e}`);
    for (const [name, ok] of Object.entries(checks)) console.log(`${ok ? '✓' : '✗'} ${name}`);
    console.log(`books: ${JSON.stringify(c)}`);
    const exact = Object.values(checks).every(Boolean);
    console.log(
      exact && seconds < TARGET_SECONDS
        ? `target met: ${ORDERS.toLocaleString()} orders in ${seconds.toFixed(1)} s (< ${TARGET_SECONDS} s), books exact`
        : `target NOT met (${ORDERS.toLocaleString()} orders in < ${TARGET_SECONDS} s with exact books)`,
    );
    const here = path.dirname(new URL(import.meta.url).pathname);
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(here, 'results', 'payments-reconcile.json'),
      JSON.stringify(
        {
          orders: ORDERS,
          tenants: TENANTS,
          queryMs: QUERY_MS,
          baseline: { orders: jobs, seconds: baseSeconds, rate: baseRate },
          reconcile: { ...result, seconds, rate },
          again: { ...again, seconds: againSeconds },
          books: c,
          checks,
        },
        null,
        2,
      ),
    );
    await app.close();
    await db.close();
    if (!exact) process.exitCode = 1;
  } finally {
    await owner.end().catch(() => undefined);
    await dropScratchDatabase(BASE, url).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
