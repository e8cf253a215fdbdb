// `npm run bench`: the tenant look-up of the product against a bare Fastify server doing the same
// SQL through the same driver, measured in the same run with autocannon on loopback.
// Target: the product serves at least 0.8 of the bare server's requests per second on PostgreSQL.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, openDatabase, seedDemo } from '@shetuan/server';
import { createScratchDatabase, dropScratchDatabase } from '@shetuan/server/scratch-db';
import autocannon from 'autocannon';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET = 0.8;

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function startServer(mode: 'app' | 'bare', databaseUrl: string, env: Record<string, string> = {}) {
  return new Promise<{ child: ChildProcess; port: number }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'serve.ts'), mode, databaseUrl], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
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

async function measure(port: number, urlPath: string, seconds: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`errors during the run: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function main() {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const onPostgres = await postgresReachable(baseUrl);
  if (!onPostgres) {
    console.log(
      `PostgreSQL at ${baseUrl} is not reachable; the target is defined on PostgreSQL, so nothing to compare.`,
    );
    console.log('Set BENCH_DATABASE_URL to a PostgreSQL server you may create a database on.');
    process.exit(1);
  }
  const url = await createScratchDatabase(baseUrl, 'shetuan_bench');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-bench-'));
  try {
    const db = await openDatabase(loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir }));
    await db.migrate();
    await seedDemo(db);
    await db.close();

    const domain = 'demo.localhost';
    const paths = { app: `/st365/tenant/lookup?domain=${domain}`, bare: `/lookup?domain=${domain}` };
    const totals = { app: [] as number[], bare: [] as number[] };
    const p99 = { app: [] as number[], bare: [] as number[] };
    console.log(`tenant look-up, ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds, PostgreSQL`);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const mode of round % 2 === 1 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) {
        const { child, port } = await startServer(mode, url);
        try {
          await measure(port, paths[mode], 3); // warm-up: JIT, pool, prepared statements
          const r = await measure(port, paths[mode], DURATION);
          totals[mode].push(r.rps);
          p99[mode].push(r.p99);
          console.log(`  round ${round} ${mode.padEnd(4)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${r.p99} ms`);
        } finally {
          await stop(child);
        }
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const app = mean(totals.app);
    const bare = mean(totals.bare);
    const ratio = app / bare;
    console.log(`bare Fastify + pg : ${bare.toFixed(0)} req/s (p99 ${mean(p99.bare).toFixed(1)} ms)`);
    console.log(`shetuan look-up   : ${app.toFixed(0)} req/s (p99 ${mean(p99.app).toFixed(1)} ms)`);
    console.log(
      `ratio             : ${ratio.toFixed(2)} (target ${TARGET} or better: ${ratio >= TARGET ? 'met' : 'NOT met'})`,
    );
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(here, 'results', 'tenant-lookup.json'),
      JSON.stringify(
        { at: new Date().toISOString(), connections: CONNECTIONS, seconds: DURATION, rounds: ROUNDS, bare, app, ratio },
        null,
        2,
      ),
    );
  } finally {
    await dropScratchDatabase(baseUrl, url);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
