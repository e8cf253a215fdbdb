// `npm run bench:request-path -w @shetuan/bench`: the authenticated request path at scale (issue 16).
// A fresh PostgreSQL database with the demo data and 1,000 tenants of 1,000 people each; the demo
// city tenant's administrator calls the user list (page 1 of 10), the bell and "mark read", every
// request signed as the web client signs it (fresh timestamp and sign). The product is measured
// against a bare Fastify server doing the minimal queries on the same database and driver, in
// alternating runs, at 50 and 200 connections. Then the statements each request sends are counted
// through a counting proxy in front of PostgreSQL, and the same GETs are timed on the embedded
// database with the demo data.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loadConfig, openDatabase, seedDemo } from '@shetuan/server';
import { loadScaledData } from '@shetuan/server/scaled-data';
import { createScratchDatabase, dropScratchDatabase } from '@shetuan/server/scratch-db';
import { canonicalRequest } from '@shetuan/shared';
import autocannon from 'autocannon';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const TENANTS = Number(process.env.BENCH_TENANTS ?? 1000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1000);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
// BENCH_QUICK=1: throughput (and CPU per request) only, no statement count or embedded timing.
const QUICK = process.env.BENCH_QUICK === '1';
// BENCH_BASELINE=<dir>: a copy of packages/server (say, the last commit's) measured as a third
// server, in the same alternation, for a before/after on the same load.
const BASELINE = process.env.BENCH_BASELINE;
// BENCH_ENDPOINTS=users,latest: only the endpoints whose path contains one of these.
const ONLY = process.env.BENCH_ENDPOINTS?.split(',').filter(Boolean);
const ADMIN = { login: '13800000002', password: 'Demo@123' };
const TARGET = { rps: 1000, p99: 100, ratio: 0.8, statements: 6, embeddedMs: 10 };

interface Session {
  token: string;
  signKey: string;
  tenantId: number;
  userId: number;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  /** The server's CPU time (user + system) per answered request, in microseconds. */
  cpuUs: number;
  /** PostgreSQL's (every postgres process on this machine) per answered request, when it runs here. */
  pgUs: number;
  /** Redis's (redis-server on this machine) per answered request. */
  redisUs: number;
}

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  query: Record<string, string>;
  body: () => string;
  get: boolean;
}

function startServer(mode: 'app' | 'bare' | 'pglite', target: string, serverSrc?: string) {
  return new Promise<{ child: ChildProcess; port: number }>((resolve, reject) => {
    // BENCH_PROFILE=<dir>: the product writes a CPU profile there (what decided docs/performance.md).
    // The bare server's goes to <dir>/bare, to compare where each spends its time.
    const dir = process.env.BENCH_PROFILE && mode !== 'pglite' ? process.env.BENCH_PROFILE : undefined;
    const sub = mode === 'bare' ? 'bare' : serverSrc ? 'baseline' : '';
    const profile = dir ? ['--cpu-prof', '--cpu-prof-dir', path.join(dir, sub)] : [];
    const args = [...profile, '--import', 'tsx', path.join(here, 'request-path-serve.ts'), mode, target];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: serverSrc ? { ...process.env, BENCH_SERVER: serverSrc } : process.env,
    });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited (${code}) before listening`)));
  });
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

let lastTimestamp = 0;
let sameMillisecond = 0;

/** A request as the web client sends it: tenantId and token headers, timestamp and sign in the query. */
function signed(s: Session, e: Endpoint) {
  const body = e.body();
  // Unique per request, as a browser's are (two calls of one page in the same millisecond with
  // the same signature would be refused as a replay): the clock's millisecond, and a sequence
  // number only for the second and later requests of one millisecond (a timestamp run ahead of the
  // clock instead drifted minutes ahead over a run of 9,000 requests a second, and was refused as
  // stale).
  const now = Date.now();
  sameMillisecond = now === lastTimestamp ? sameMillisecond + 1 : 0;
  lastTimestamp = now;
  const timestamp = String(now);
  const query = { ...e.query, timestamp, ...(sameMillisecond ? { n: String(sameMillisecond) } : {}) };
  const sign = createHmac('sha256', s.signKey)
    .update(canonicalRequest(e.method, e.path, query, body, timestamp))
    .digest('hex');
  const headers: Record<string, string> = { token: s.token, tenantid: String(s.tenantId), accept: 'application/json' };
  if (body) headers['content-type'] = 'application/json';
  return { method: e.method, path: `${e.path}?${new URLSearchParams({ ...query, sign })}`, headers, body };
}

async function call(port: number, s: Session | null, e: Endpoint) {
  const req = s
    ? signed(s, e)
    : { method: e.method, path: e.path, headers: { 'content-type': 'application/json' }, body: e.body() };
  const res = await fetch(`http://127.0.0.1:${port}${req.path}`, {
    method: req.method,
    headers: req.headers,
    body: req.body || undefined,
  });
  return (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
}

const post = (p: string, body: unknown): Endpoint => ({
  name: p,
  method: 'POST',
  path: p,
  query: {},
  body: () => JSON.stringify(body),
  get: false,
});

/** Password login, status, identity login: the session the console would hold. */
async function login(port: number): Promise<Session> {
  const first = await call(port, null, post('/st365/auth/login/password', ADMIN));
  if (first.code !== 200) throw new Error(`login failed: ${first.msg}`);
  let s = first.data as unknown as Session;
  const status = await call(port, s, post('/st365/auth/status', { userId: s.userId }));
  const identityId = status.data.identityId;
  if (identityId) {
    const id = await call(port, s, post('/st365/auth/login/identity', { identityId }));
    if (id.code !== 200) throw new Error(`identity login failed: ${id.msg}`);
    s = id.data as unknown as Session;
  }
  return s;
}

/** The server process's CPU time so far (user + system), in microseconds. */
async function serverCpu(port: number): Promise<number> {
  const cpu = (await (await fetch(`http://127.0.0.1:${port}/__bench/cpu`)).json()) as { user: number; system: number };
  return cpu.user + cpu.system;
}

/**
 * CPU time (user + system) so far of every process of that name on this machine (postgres,
 * redis-server), in microseconds, from /proc (0 where there is none: a remote server); PostgreSQL's
 * backends that ended are counted in the postmaster's children's time.
 */
function processCpu(name = 'postgres'): number {
  let ticks = 0;
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== name) continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime, and cutime and cstime: the postmaster's holds the backends that ended.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1e6) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

async function measure(port: number, s: Session, e: Endpoint, connections: number, seconds: number): Promise<Run> {
  const cpuBefore = await serverCpu(port);
  const pgBefore = processCpu();
  const redisBefore = processCpu('redis-server');
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, ...signed(s, e) }) }],
  });
  const refused = (await (await fetch(`http://127.0.0.1:${port}/__bench/refused`)).json()) as { refused: number };
  if (result.non2xx > 0 || result.errors > 0 || refused.refused > 0)
    throw new Error(`${e.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${refused.refused} refused`);
  // On a shared machine the rate depends on the load others put on it; the CPU a request costs
  // the server much less so (docs/performance.md compares both).
  const answered = Math.max(1, result.requests.total);
  const pgUs = (processCpu() - pgBefore) / answered;
  const redisUs = (processCpu('redis-server') - redisBefore) / answered;
  const cpuUs = ((await serverCpu(port)) - cpuBefore) / answered;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUs, pgUs, redisUs };
}

/**
 * A TCP proxy in front of PostgreSQL that counts the statements clients send: each statement of a
 * simple query ('Q': begin, commit, set_config written into the text …) and each execution of the
 * extended protocol ('E'). Round trips are counted too (Sync 'S' and simple queries), and SQL
 * PREPAREs apart (once per pooled connection and statement).
 */
function countingProxy(pgHost: string, pgPort: number) {
  let statements = 0;
  let prepares = 0;
  let roundTrips = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(pgPort, pgHost);
    let buf = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (!started) {
          if (buf.length < 4) break;
          const len = buf.readInt32BE(0);
          if (buf.length < len) break;
          buf = buf.subarray(len);
          started = true;
          continue;
        }
        if (buf.length < 5) break;
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) break;
        const type = String.fromCharCode(buf[0] as number);
        // A simple query may hold several statements ("begin; select set_config(…)"): each counts.
        // SQL PREPARE (a pooled connection's first use of a statement) is counted apart: it is once
        // per connection, not per request.
        if (type === 'Q')
          for (const part of buf.subarray(5, len).toString().split(';')) {
            const text = part.replace(/\0/g, '').trim();
            if (!text) continue;
            if (/^prepare\s/i.test(text)) prepares += 1;
            else statements += 1;
          }
        if (type === 'E') statements += 1;
        if (type === 'Q' || type === 'S') roundTrips += 1;
        buf = buf.subarray(len + 1);
      }
      upstream.write(chunk);
    });
    upstream.on('data', (d) => client.write(d));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return new Promise<{
    port: number;
    count: () => number;
    prepared: () => number;
    trips: () => number;
    close: () => void;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        port: address.port,
        count: () => statements,
        prepared: () => prepares,
        trips: () => roundTrips,
        close: () => server.close(),
      });
    });
  });
}

/**
 * Rows written to durable (logged) tables of the benchmark database, from its statistics (the
 * cluster's WAL counters also count other databases). A GET must add none: its only write is the
 * used signature, in an unlogged table, whose commit PostgreSQL does not wait to flush. Not
 * counted: a session's last_seen_at, touched once a minute with synchronous_commit off.
 */
async function durableWrites(url: string): Promise<{ durable: number; unlogged: number }> {
  // An idle backend reports its counts within 10 s (PGSTAT_IDLE_INTERVAL).
  await new Promise((r) => setTimeout(r, 11_000));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(`
      select coalesce(sum(s.n_tup_ins + s.n_tup_upd + s.n_tup_del)
               filter (where c.relpersistence = 'p' and c.relname <> 'sessions'), 0)::float8 as durable,
             coalesce(sum(s.n_tup_ins + s.n_tup_upd + s.n_tup_del) filter (where c.relpersistence = 'u'), 0)::float8 as unlogged
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid`);
    return rows[0] as { durable: number; unlogged: number };
  } finally {
    await c.end();
  }
}

/** The Redis the product records signatures in: BENCH_REDIS_URL, else the local one if it answers. */
async function benchRedisUrl(): Promise<string | null> {
  const asked = process.env.BENCH_REDIS_URL;
  if (asked === 'none') return null;
  if (asked) return asked;
  const answers = await new Promise<boolean>((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      resolve(d.toString().startsWith('+PONG'));
      socket.destroy();
    });
    for (const e of ['error', 'timeout'])
      socket.once(e, () => {
        resolve(false);
        socket.destroy();
      });
  });
  return answers ? 'redis://127.0.0.1:6379' : null;
}

async function main() {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await createScratchDatabase(baseUrl, 'shetuan_rp');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-rp-'));
  const children: ChildProcess[] = [];
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    // Demo data through the product (the app installs the modules whose demo data it writes).
    const t0 = Date.now();
    const db = await openDatabase(loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir }));
    const seeder = await buildApp({ config: loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir }), db, logger: false });
    await seedDemo(db);
    await seeder.close();
    await db.close();
    const { skipped } = await loadScaledData(url, { tenants: TENANTS - 1, people: PEOPLE });
    if (skipped.length) console.log(`not copied: ${skipped.join('; ')}`);
    const counts = await (async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query(
        `select (select count(*) from tenants)::int as tenants, (select count(*) from users)::int as users,
                (select count(*) from role_functions)::int as role_functions`,
      );
      await c.end();
      return rows[0] as { tenants: number; users: number; role_functions: number };
    })();
    log(
      `data: ${counts.tenants} tenants, ${counts.users} people, ${counts.role_functions} role-function rows, loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );

    // The replay guard as recommended for a deployment: Redis (BENCH_REDIS_URL, default the local
    // one when it answers; BENCH_REDIS_URL=none records signatures in PostgreSQL's unlogged table).
    const redisUrl = await benchRedisUrl();
    if (redisUrl) process.env.BENCH_REDIS_URL = redisUrl;
    else delete process.env.BENCH_REDIS_URL;
    log(`replay guard: ${redisUrl ? `Redis (${redisUrl})` : 'PostgreSQL (unlogged used_signatures)'}`);
    const app = await startServer('app', url);
    const bare = await startServer('bare', url);
    children.push(app.child, bare.child);
    const base = BASELINE ? await startServer('app', url, path.join(BASELINE, 'src', 'index.ts')) : null;
    if (base) children.push(base.child);
    const session = await login(app.port);
    const latest = await call(app.port, session, {
      name: 'bell',
      method: 'GET',
      path: '/st365/messages/latest',
      query: {},
      body: () => '',
      get: true,
    });
    const ids = ((latest.data.list as { id: number }[]) ?? []).map((m) => m.id);
    if (ids.length === 0) throw new Error('the tenant has no messages to mark read');
    let next = 0;
    const endpoints: Endpoint[] = [
      {
        name: 'GET /st365/identity/users',
        method: 'GET',
        path: '/st365/identity/users',
        query: { current: '1', pageSize: '10' },
        body: () => '',
        get: true,
      },
      {
        name: 'GET /st365/messages/latest',
        method: 'GET',
        path: '/st365/messages/latest',
        query: {},
        body: () => '',
        get: true,
      },
      {
        name: 'POST /st365/messages/read',
        method: 'POST',
        path: '/st365/messages/read',
        query: {},
        body: () => JSON.stringify({ ids: [ids[next++ % ids.length]] }),
        get: false,
      },
    ];
    for (const e of endpoints) {
      const answer = await call(app.port, session, e);
      if (answer.code !== 200) throw new Error(`${e.name} answered ${answer.code} ${answer.msg}`);
    }

    const measured = ONLY ? endpoints.filter((e) => ONLY.some((x) => e.path.includes(x))) : endpoints;
    const results: Record<string, unknown>[] = [];
    log(`throughput: ${DURATION} s per run, runs alternate bare, app, app, bare`);
    for (const e of measured) {
      for (const connections of CONNECTIONS) {
        const runs: Record<'app' | 'bare' | 'base', Run[]> = { app: [], bare: [], base: [] };
        const order = base
          ? (['bare', 'app', 'base', 'base', 'app', 'bare'] as const)
          : (['bare', 'app', 'app', 'bare'] as const);
        for (const mode of order) {
          const port = mode === 'app' ? app.port : mode === 'base' ? (base?.port ?? 0) : bare.port;
          await measure(port, session, e, connections, 2); // warm-up
          runs[mode].push(await measure(port, session, e, connections, DURATION));
        }
        const avg = (xs: Run[], k: keyof Run) => xs.reduce((a, x) => a + x[k], 0) / xs.length;
        const r = {
          endpoint: e.name,
          connections,
          app: {
            rps: avg(runs.app, 'rps'),
            p50: avg(runs.app, 'p50'),
            p99: avg(runs.app, 'p99'),
            cpuUs: avg(runs.app, 'cpuUs'),
            pgUs: avg(runs.app, 'pgUs'),
            redisUs: avg(runs.app, 'redisUs'),
          },
          bare: {
            rps: avg(runs.bare, 'rps'),
            p50: avg(runs.bare, 'p50'),
            p99: avg(runs.bare, 'p99'),
            cpuUs: avg(runs.bare, 'cpuUs'),
            pgUs: avg(runs.bare, 'pgUs'),
            redisUs: avg(runs.bare, 'redisUs'),
          },
          ratio: avg(runs.app, 'rps') / avg(runs.bare, 'rps'),
          cpuRatio: avg(runs.bare, 'cpuUs') / avg(runs.app, 'cpuUs'),
        };
        const baseline = base
          ? {
              rps: avg(runs.base, 'rps'),
              p50: avg(runs.base, 'p50'),
              p99: avg(runs.base, 'p99'),
              cpuUs: avg(runs.base, 'cpuUs'),
              pgUs: avg(runs.base, 'pgUs'),
              redisUs: avg(runs.base, 'redisUs'),
            }
          : null;
        results.push(baseline ? { ...r, baseline } : r);
        log(
          `  ${e.name.padEnd(27)} ${String(connections).padStart(3)} conn  app ${r.app.rps.toFixed(0).padStart(5)} req/s p50 ${r.app.p50.toFixed(0).padStart(3)} ms p99 ${r.app.p99.toFixed(0).padStart(4)} ms | bare ${r.bare.rps.toFixed(0).padStart(5)} req/s p50 ${r.bare.p50.toFixed(0).padStart(3)} ms p99 ${r.bare.p99.toFixed(0).padStart(4)} ms | ratio ${r.ratio.toFixed(2)} | CPU per request app ${r.app.cpuUs.toFixed(0)} µs, bare ${r.bare.cpuUs.toFixed(0)} µs (bare/app ${r.cpuRatio.toFixed(2)}); PostgreSQL app ${r.app.pgUs.toFixed(0)} µs, bare ${r.bare.pgUs.toFixed(0)} µs; Redis app ${r.app.redisUs.toFixed(0)} µs`,
        );
        if (baseline)
          log(
            `  ${''.padEnd(27)}          baseline ${baseline.rps.toFixed(0).padStart(5)} req/s p99 ${baseline.p99.toFixed(0).padStart(4)} ms, CPU per request ${baseline.cpuUs.toFixed(0)} µs, PostgreSQL ${baseline.pgUs.toFixed(0)} µs, Redis ${baseline.redisUs.toFixed(0)} µs (ratio ${(baseline.rps / r.bare.rps).toFixed(2)}; app/baseline CPU ${(r.app.cpuUs / baseline.cpuUs).toFixed(2)})`,
          );
      }
    }
    await stop(app.child);
    await stop(bare.child);
    if (base) await stop(base.child);
    if (QUICK) {
      fs.mkdirSync(path.join(here, 'results'), { recursive: true });
      fs.writeFileSync(
        path.join(here, 'results', 'request-path-quick.json'),
        JSON.stringify({ at: new Date().toISOString(), counts, results, lines }, null, 2),
      );
      return;
    }

    // Statements per request, counted at the wire, and WAL flushes (pg_stat_wal.wal_sync).
    const pgUrl = new URL(url);
    const proxy = await countingProxy(pgUrl.hostname, Number(pgUrl.port || 5432));
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const counted = {
      app: await startServer('app', proxied.toString()),
      bare: await startServer('bare', proxied.toString()),
    };
    children.push(counted.app.child, counted.bare.child);
    const countSession = await login(counted.app.port);
    const N = 200;
    const perRequest: Record<
      string,
      {
        app: number;
        bare: number;
        appTrips: number;
        bareTrips: number;
        durable: number;
        unlogged: number;
        prepares: number;
      }
    > = {};
    log(
      `statements per request (counted at the wire, ${N} sequential requests each; rows written from pg_stat_user_tables):`,
    );
    for (const e of endpoints) {
      const row = { app: 0, bare: 0, appTrips: 0, bareTrips: 0, durable: 0, unlogged: 0, prepares: 0 };
      for (const mode of ['app', 'bare'] as const) {
        const port = counted[mode].port;
        await call(port, countSession, e); // first use: prepared statements, caches
        const before = proxy.count();
        const preparedBefore = proxy.prepared();
        const tripsBefore = proxy.trips();
        const writes = mode === 'app' ? await durableWrites(url) : null;
        for (let i = 0; i < N; i++) {
          const answer = await call(port, countSession, e);
          if (answer.code !== 200) throw new Error(`${mode} ${e.name} answered ${answer.code} ${answer.msg}`);
        }
        row[mode] = (proxy.count() - before) / N;
        if (mode === 'app') row.prepares = proxy.prepared() - preparedBefore;
        row[mode === 'app' ? 'appTrips' : 'bareTrips'] = (proxy.trips() - tripsBefore) / N;
        if (writes) {
          const after = await durableWrites(url);
          row.durable = (after.durable - writes.durable) / N;
          row.unlogged = (after.unlogged - writes.unlogged) / N;
        }
      }
      perRequest[e.name] = row;
      log(
        `  ${e.name.padEnd(27)} app ${row.app.toFixed(1)} statements in ${row.appTrips.toFixed(1)} round trips (and ${row.prepares} PREPARE on a connection's first use) | bare ${row.bare.toFixed(1)} in ${row.bareTrips.toFixed(1)} | app rows written: ${row.durable.toFixed(2)} durable, ${row.unlogged.toFixed(2)} unlogged`,
      );
    }
    await stop(counted.app.child);
    await stop(counted.bare.child);
    proxy.close();

    // The same GETs on the embedded database with the demo data, one at a time.
    const embedded = await startServer('pglite', path.join(dataDir, 'embedded'));
    children.push(embedded.child);
    const local = await login(embedded.port);
    const embeddedMs: Record<string, { p50: number; p99: number }> = {};
    log('embedded database (PGlite), demo data, 300 sequential requests:');
    for (const e of endpoints.filter((x) => x.get)) {
      for (let i = 0; i < 20; i++) await call(embedded.port, local, e);
      const times: number[] = [];
      for (let i = 0; i < 300; i++) {
        const t = performance.now();
        await call(embedded.port, local, e);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      embeddedMs[e.name] = { p50: times[150] ?? 0, p99: times[297] ?? 0 };
      log(`  ${e.name.padEnd(27)} p50 ${times[150]?.toFixed(1)} ms  p99 ${times[297]?.toFixed(1)} ms`);
    }
    await stop(embedded.child);

    log('targets:');
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    for (const r of results.filter((x) => (x.endpoint as string).startsWith('GET') && x.connections === 50)) {
      const a = r.app as { rps: number; p99: number };
      log(
        `  ${String(r.endpoint).padEnd(27)} ≥ ${TARGET.rps} req/s: ${verdict(a.rps >= TARGET.rps)}; p99 < ${TARGET.p99} ms: ${verdict(a.p99 < TARGET.p99)}; ≥ ${TARGET.ratio} of bare: ${verdict((r.ratio as number) >= TARGET.ratio)}`,
      );
    }
    for (const e of endpoints.filter((x) => x.get)) {
      const c = perRequest[e.name] as { app: number; durable: number };
      const ms = embeddedMs[e.name] as { p50: number };
      log(
        `  ${e.name.padEnd(27)} ≤ ${TARGET.statements} statements: ${verdict(c.app <= TARGET.statements)} (${c.app.toFixed(1)}); no durable write (so no commit flush): ${verdict(c.durable === 0)}; embedded < ${TARGET.embeddedMs} ms: ${verdict(ms.p50 < TARGET.embeddedMs)} (p50 ${ms.p50.toFixed(1)} ms)`,
      );
    }
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(here, 'results', 'request-path.json'),
      JSON.stringify({ at: new Date().toISOString(), counts, results, perRequest, embeddedMs, lines }, null, 2),
    );
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await dropScratchDatabase(baseUrl, url);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
