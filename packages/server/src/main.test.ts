import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += String(d);
  });
  child.stderr.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 100_000) => {
    const start = Date.now();
    while (!pattern.test(output)) {
      if (Date.now() - start > ms) throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); output:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return output;
  };
  return { child, exited, waitFor, output: () => output };
}

describe('the server process', () => {
  it('starts on an empty data directory, serves, and closes gracefully on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-main-'));
    const url = inject('databaseUrl');
    const server = startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url } : {}),
    });
    const out = await server.waitFor(/社团 is serving (http:\/\/[^/]+)\/new\//);
    const base = /社团 is serving (http:\/\/[^/]+)\/new\//.exec(out)?.[1];
    const res = await fetch(`${base}/st365/health`);
    expect(await res.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
    if (!url) expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"signal":"SIGTERM"/);
    expect(server.output()).toMatch(/"msg":"closed"/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('stops at start-up with a message naming a bad variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('PORT="eighty"');
    expect(server.output()).toContain('配置错误');
  }, 30_000);
});
