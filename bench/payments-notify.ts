// `npm run bench:payments-notify -w @shetuan/bench`: payment notifications at load (issue 15).
// A fresh PostgreSQL database with the demo data and ORDERS unpaid orders of the demo tenant on its
// development account (模拟支付). Every order's notification is signed as the development provider
// signs it, and DUPLICATE_SHARE of them are sent again (a provider retrying), all POSTed over HTTP
// to /st365/public/payments/notify/<account> by CONCURRENCY clients at once. The baseline is a
// trivial endpoint of the same server (GET /st365/health), the same number of requests at the same
// concurrency, in the same run. Afterwards the books are checked: every order paid exactly once,
// one payment row each, two ledger lines each, the ledger summing to zero.
// Then the target's own terms: another ORDERS orders' notifications (with their retries) offered at
// 1,000 a second by an open-loop generator in its own process (load-open.ts: each request leaves at
// its time whatever the earlier ones take, as a provider's do), the health endpoint offered the same
// way as the baseline, p99 latency measured.
// Target: at least 1,000 notifications per second with p99 under 50 ms, none lost or doubled.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig, openDatabase, seedDemo } from '@shetuan/server';
import { createScratchDatabase, dropScratchDatabase } from '@shetuan/server/scratch-db';
import pg from 'pg';
import { devNotification } from '../packages/server/src/modules/payments/providers/dev';
import { openSecrets, secretKey } from '../packages/server/src/modules/payments/secrets';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const DUPLICATE_SHARE = 0.1;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const TARGET_RPS = 1000;
const TARGET_P99_MS = 50;
const BASE =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((p / 100) * (xs.length - 1))] ?? 0;

interface Shot {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Sends every request with `concurrency` in flight; answers the latencies (ms) and the wall time. */
async function fire(port: number, shots: Shot[], concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < shots.length; i = next++) {
        const s = shots[i] as Shot;
        const t0 = performance.now();
        const res = await fetch(`http://127.0.0.1:${port}${s.path}`, {
          method: s.method,
          headers: s.headers,
          body: s.body,
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    rps: shots.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    seconds,
  };
}

interface OpenResult {
  offered: number;
  sentPerSecond: number;
  donePerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** Offers the shots at `rate` a second from a process of its own (load-open.ts). */
async function openLoop(shots: Shot[], port: number, rate: number): Promise<OpenResult> {
  const file = path.join(os.tmpdir(), `shetuan-open-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(shots));
  const here = path.dirname(new URL(import.meta.url).pathname);
  try {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', path.join(here, 'load-open.ts'), file, String(port), String(rate)],
        { cwd: here, maxBuffer: 1 << 20 },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    );
    return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as OpenResult;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function main() {
  const url = await createScratchDatabase(BASE, 'shetuan_bench_pay');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-bench-pay-'));
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
    await seedDemo(db, config);
    await owner.connect();
    const { rows: accounts } = await owner.query<{ tenant_id: number; id: string; secrets: string }>(
      "select tenant_id, id, secrets from payment_accounts where kind = 'dev' order by tenant_id limit 1",
    );
    const account = accounts[0];
    if (!account) throw new Error('the demo has no development account');
    const tenantId = account.tenant_id;
    const secret = openSecrets(secretKey(config), account.secrets).devSecret ?? '';
    const { rows: payer } = await owner.query<{ id: string }>("select id from users where mobile = '13800000004'");
    // The orders, in bulk as the owner (createOrder's rules are the API tests' business).
    await owner.query(
      `insert into orders (tenant_id, order_no, title, biz_type, payer_user_id, payer_name, payee_name, amount_fen,
                           status, account_id, method, expires_at)
       select $1, 'PB' || lpad(g::text, 12, '0'), '基准订单' || g, 'demo.fee', $2, '王会员', '示范市科学技术协会',
              10000 + g % 5000, 0, $3, 'dev', now() + interval '1 day'
       from generate_series(1, $4) g`,
      [tenantId, payer[0]?.id, account.id, 2 * ORDERS],
    );
    await owner.query('analyze orders');
    const { rows: allOrders } = await owner.query<{ order_no: string; amount_fen: string }>(
      "select order_no, amount_fen from orders where tenant_id = $1 and order_no like 'PB%' order by order_no",
      [tenantId],
    );
    const orders = allOrders.slice(0, ORDERS);
    const openOrders = allOrders.slice(ORDERS);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const host = 'demo.localhost';

    const noticesOf = (list: typeof orders, prefix: string): Shot[] =>
      list.map((o, i) => {
        const raw = devNotification(secret, {
          orderNo: o.order_no,
          txnId: `${prefix}${i}`,
          amountFen: Number(o.amount_fen),
          state: 'paid',
          at: new Date().toISOString(),
        });
        return {
          method: 'POST',
          path: `/st365/public/payments/notify/${account.id}`,
          headers: {
            host,
            'content-type': 'application/json',
            'x-dev-signature': raw.headers['x-dev-signature'] ?? '',
          },
          body: raw.body,
        };
      });
    const notices = noticesOf(orders, 'DEVBENCH');
    // A provider retrying: a share of the notifications again, shuffled in among the first ones.
    const retries = notices.filter((_, i) => i % Math.round(1 / DUPLICATE_SHARE) === 0);
    const shots = [...notices, ...retries];
    for (let i = shots.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [shots[i], shots[j]] = [shots[j] as Shot, shots[i] as Shot];
    }
    const health: Shot[] = shots.map(() => ({ method: 'GET', path: '/st365/health', headers: { host } }));

    // Warm both paths, then measure the baseline and the notifications, alternating halves.
    await fire(port, health.slice(0, 200), CONCURRENCY);
    const half = Math.floor(shots.length / 2);
    const base1 = await fire(port, health.slice(0, half), CONCURRENCY);
    const pay1 = await fire(port, shots.slice(0, half), CONCURRENCY);
    const base2 = await fire(port, health.slice(half), CONCURRENCY);
    const pay2 = await fire(port, shots.slice(half), CONCURRENCY);
    const merge = (a: typeof base1, b: typeof base1) => ({
      rps: (half + (shots.length - half)) / (a.seconds + b.seconds),
      p50: Math.max(a.p50, b.p50),
      p99: Math.max(a.p99, b.p99),
      failures: a.failures + b.failures,
    });
    const base = merge(base1, base2);
    const pay = merge(pay1, pay2);

    // The open loop: TARGET_RPS a second, from another process, the baseline first.
    const openNotices = noticesOf(openOrders, 'DEVOPEN');
    const openShots = [...openNotices, ...openNotices.filter((_, i) => i % Math.round(1 / DUPLICATE_SHARE) === 0)];
    for (let i = openShots.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [openShots[i], openShots[j]] = [openShots[j] as Shot, openShots[i] as Shot];
    }
    const openHealth: Shot[] = openShots.map(() => ({ method: 'GET', path: '/st365/health', headers: { host } }));
    const openBase = await openLoop(openHealth, port, TARGET_RPS);
    const openPay = await openLoop(openShots, port, TARGET_RPS);

    const check = await owner.query<{ paid: string; payments: string; lines: string; sum: string }>(
      `select (select count(*) from orders where tenant_id = $1 and order_no like 'PB%' and status = 2) as paid,
              (select count(*) from order_payments p join orders o on o.tenant_id = p.tenant_id and o.id = p.order_id
                where p.tenant_id = $1 and o.order_no like 'PB%') as payments,
              (select count(*) from ledger_entries l join orders o on o.tenant_id = l.tenant_id and o.id = l.order_id
                where l.tenant_id = $1 and o.order_no like 'PB%') as lines,
              (select coalesce(sum(amount_fen), 0) from ledger_entries where tenant_id = $1) as sum`,
      [tenantId],
    );
    const c = check.rows[0];
    const all = 2 * ORDERS;
    const exact = Number(c?.paid) === all && Number(c?.payments) === all && Number(c?.lines) === 2 * all;
    const balanced = Number(c?.sum) === 0;

    console.log(
      `${ORDERS.toLocaleString()} orders, ${shots.length.toLocaleString()} notifications (${retries.length} retries), ${CONCURRENCY} at once`,
    );
    console.log(
      'endpoint'.padEnd(26),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'not 200'.padStart(8),
    );
    for (const [name, r] of [
      ['health (baseline)', base],
      ['payment notification', pay],
    ] as const)
      console.log(
        name.padEnd(26),
        r.rps.toFixed(0).padStart(8),
        r.p50.toFixed(1).padStart(8),
        r.p99.toFixed(1).padStart(8),
        String(r.failures).padStart(8),
      );
    console.log(`ratio to the baseline: ${(pay.rps / base.rps).toFixed(2)}`);
    console.log(
      `open loop, ${openShots.length.toLocaleString()} requests offered at ${TARGET_RPS}/s from another process:`,
    );
    console.log(
      'endpoint'.padEnd(26),
      'done/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'not 200'.padStart(8),
    );
    for (const [name, r] of [
      ['health (baseline)', openBase],
      ['payment notification', openPay],
    ] as const)
      console.log(
        name.padEnd(26),
        r.donePerSecond.toFixed(0).padStart(8),
        r.p50.toFixed(1).padStart(8),
        r.p99.toFixed(1).padStart(8),
        String(r.failures).padStart(8),
      );
    console.log(`p99 ratio to the baseline: ${(openPay.p99 / Math.max(openBase.p99, 0.1)).toFixed(1)}×`);
    console.log(
      `books: ${c?.paid} paid, ${c?.payments} payment rows, ${c?.lines} ledger lines for ${all} orders (${exact ? 'none lost or doubled' : 'MISMATCH'}); ledger sum ${c?.sum} (${balanced ? 'balanced' : 'NOT BALANCED'})`,
    );
    // The target's terms: offered 1,000 a second, all answered at that pace, p99 under 50 ms.
    const met =
      openPay.donePerSecond >= TARGET_RPS * 0.98 &&
      openPay.p99 < TARGET_P99_MS &&
      openPay.failures === 0 &&
      exact &&
      balanced;
    console.log(
      met
        ? `target met: ≥ ${TARGET_RPS}/s, p99 < ${TARGET_P99_MS} ms, exact books`
        : `target NOT met (≥ ${TARGET_RPS}/s, p99 < ${TARGET_P99_MS} ms, exact books)`,
    );
    fs.mkdirSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(path.dirname(new URL(import.meta.url).pathname), 'results', 'payments-notify.json'),
      JSON.stringify(
        {
          orders: ORDERS,
          notifications: shots.length,
          concurrency: CONCURRENCY,
          base,
          pay,
          openBase,
          openPay,
          books: c,
        },
        null,
        2,
      ),
    );
    await app.close();
    await db.close();
  } finally {
    await owner.end().catch(() => undefined);
    await dropScratchDatabase(BASE, url).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
