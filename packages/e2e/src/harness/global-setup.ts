import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './browser';
import type { WorkerServer } from './workers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Started extends WorkerServer {
  child: ChildProcess;
}

/** Starts the server as `npm start` would, on a fresh data dir and a free port; resolves once it serves. */
async function startServer(workerDir: string): Promise<Started> {
  const dataDir = path.join(workerDir, 'data');
  const stateDir = path.join(workerDir, 'state');
  fs.mkdirSync(stateDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'packages/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const started = Date.now();
  let port: string | undefined;
  while (!port) {
    port = /社团 is serving http:\/\/[^:]+:(\d+)\/new\//.exec(output)?.[1];
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    // A hang guard, not a budget: on a loaded 2-core machine two servers migrating and seeding at
    // once have taken more than two minutes.
    if (Date.now() - started > 300_000) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Keep only what a failing spec might need to look at (the SMS log lines are in the outbox too).
  child.stdout?.removeAllListeners('data').resume();
  child.stderr?.removeAllListeners('data').resume();
  return { baseUrl: `http://localhost:${port}`, stateDir, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Builds the web app when it is missing or older than its sources (a spec run on its own sees the
 * screens as they are now; `npm test` has built it already), then starts one server per worker (maxWorkers, from
 * E2E_WORKERS), each on its own data dir and port, all at once. Worker n's specs talk to server n
 * only (workers.ts), so specs running at the same time never share a database.
 */
export default async function setup(project: TestProject) {
  chromiumPath();
  const { webBuildIsStale } = (await import(path.join(repoRoot, 'scripts/lib.mjs'))) as {
    webBuildIsStale: () => boolean;
  };
  if (webBuildIsStale()) {
    // A production build, as npm test and npm start make it: vitest's NODE_ENV=test would give
    // React and antd their test behaviour (antd then labels every dialog with the same id).
    execFileSync('npm', ['run', 'build', '-w', '@shetuan/web'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const workers = Math.max(1, project.config.maxWorkers || 1);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-e2e-'));
  const startedAt = Date.now();
  const results = await Promise.allSettled(
    Array.from({ length: workers }, (_, i) => startServer(path.join(runDir, `worker-${i + 1}`))),
  );
  const servers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const teardown = async () => {
    await Promise.all(servers.map((s) => stopServer(s.child)));
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  process.stdout.write(`› ${servers.length} servers (one per worker) up in ${seconds} s\n`);
  project.provide(
    'servers',
    servers.map(({ baseUrl, stateDir }) => ({ baseUrl, stateDir })),
  );
  return teardown;
}
