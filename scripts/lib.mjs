import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves to its exit code. */
export function run(cmd, args, { cwd = repoRoot, env = {}, keepTail = 0 } = {}) {
  return new Promise((resolve) => {
    if (!keepTail) {
      const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      return;
    }
    // Shown as it comes, and the last lines kept: the summary repeats them when the step fails
    // without a failed test to name (an unhandled error, a crashed worker, a hook that timed out).
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['inherit', 'pipe', 'pipe'] });
    let lines = [];
    const keep = (chunk, out) => {
      out.write(chunk);
      lines.push(...String(chunk).split('\n'));
      if (lines.length > keepTail * 4) lines = lines.slice(-keepTail);
    };
    child.stdout.on('data', (d) => keep(d, process.stdout));
    child.stderr.on('data', (d) => keep(d, process.stderr));
    child.on('exit', (code, signal) => {
      run.lastTail = lines.slice(-keepTail);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
run.lastTail = [];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** True when packages/web/dist is missing or older than anything it is built from. */
export function webBuildIsStale() {
  const built = path.join(repoRoot, 'packages/web/dist/index.html');
  if (!fs.existsSync(built)) return true;
  const sources = [
    'packages/web/src',
    'packages/web/public',
    'packages/web/index.html',
    'packages/web/vite.config.ts',
    'packages/shared/src',
    'package-lock.json',
  ];
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(repoRoot, s))));
  return newest > fs.statSync(built).mtimeMs;
}

export async function buildWebIfStale() {
  if (!webBuildIsStale()) return 0;
  console.log('› building the web app (packages/web/dist)…');
  return run('npm', ['run', 'build', '-w', '@shetuan/web'], { env: { NODE_ENV: 'production' } });
}
