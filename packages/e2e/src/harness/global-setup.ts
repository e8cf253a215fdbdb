import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Builds the web app when it is missing, then starts the server as `npm start` would, on a fresh data dir. */
export default async function setup(project: TestProject) {
  chromiumPath();
  if (!fs.existsSync(path.join(repoRoot, 'packages/web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@shetuan/web'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-e2e-'));
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
  child.stdout.on('data', (d) => {
    output += String(d);
  });
  child.stderr.on('data', (d) => {
    output += String(d);
  });
  const started = Date.now();
  let port: string | undefined;
  while (!port) {
    port = /社团 is serving http:\/\/[^:]+:(\d+)\/new\//.exec(output)?.[1];
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    if (Date.now() - started > 120_000) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  project.provide('baseUrl', `http://localhost:${port}`);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
