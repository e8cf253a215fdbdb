// `npm run bench:form-render -w @shetuan/bench`: the form engine's renderer in Chromium against the
// same 500 fields in a plain antd Form without logic, built and measured in the same run.
// Targets (issue 6): first render under 300 ms; typing to the next paint under 16 ms at p95, and
// within 1.5x of the plain form.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, '.out', 'form-render');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KEYS = 'abcdefghijklmnopqrstuvwxyz0123456789abcdefghij';

/** What the benchmark page records (form-render/main.tsx). */
type BenchWindow = { __bench: { renderMs: number | null; keys: number[] } };

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const median = (xs: number[]) => percentile(xs, 50);

function serve(dir: string): Promise<{ server: http.Server; port: number }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
    const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(target)] ?? 'application/octet-stream' });
    fs.createReadStream(target).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port })),
  );
}

async function main() {
  await build({
    root: path.join(here, 'form-render'),
    base: './',
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000, minify: process.env.BENCH_MINIFY !== '0' },
  });
  const { server, port } = await serve(outDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  // floor: a plain antd form of 20 questions, what this machine and browser need for any form.
  const results: Record<'engine' | 'plain' | 'floor', { render: number[]; keys: number[] }> = {
    engine: { render: [], keys: [] },
    plain: { render: [], keys: [] },
    floor: { render: [], keys: [] },
  };
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 === 1 ? (['floor', 'plain', 'engine'] as const) : (['engine', 'plain', 'floor'] as const);
      for (const mode of order) {
        const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
        const query = mode === 'floor' ? 'mode=plain&fields=20&rules=0' : `mode=${mode}`;
        await page.goto(`http://127.0.0.1:${port}/index.html?${query}`);
        await page.waitForFunction(() => (globalThis as unknown as BenchWindow).__bench?.renderMs !== null, undefined, {
          timeout: 60_000,
        });
        const renderMs = await page.evaluate(() => (globalThis as unknown as BenchWindow).__bench.renderMs as number);
        // Typing is measured on the settled form: every question rendered.
        await page
          .locator(mode === 'floor' ? '#fieldf19' : '#fieldf499')
          .waitFor({ state: 'attached', timeout: 60_000 });
        await page.waitForTimeout(300);
        await page.locator('#fieldf5').click();
        await page.evaluate(() => {
          (globalThis as unknown as BenchWindow).__bench.keys = [];
        });
        await page.keyboard.type(KEYS, { delay: 40 });
        await page.waitForTimeout(100);
        const keys = await page.evaluate(() => (globalThis as unknown as BenchWindow).__bench.keys);
        results[mode].render.push(renderMs);
        results[mode].keys.push(...keys);
        console.log(
          `  round ${round} ${mode.padEnd(6)} first render ${renderMs.toFixed(0).padStart(5)} ms, typing p95 ${percentile(keys, 95).toFixed(1)} ms`,
        );
        await page.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  const e = { render: median(results.engine.render), p95: percentile(results.engine.keys, 95) };
  const p = { render: median(results.plain.render), p95: percentile(results.plain.keys, 95) };
  const f = { render: median(results.floor.render), p95: percentile(results.floor.keys, 95) };
  const ratio = e.p95 / p.p95;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log('500 fields, 200 show rules, Chromium, median of rounds (typing: p95 of all keystrokes)');
  console.log(`floor: 20 plain questions : first render ${f.render.toFixed(0)} ms, typing p95 ${f.p95.toFixed(1)} ms`);
  console.log(`plain antd Form, no logic : first render ${p.render.toFixed(0)} ms, typing p95 ${p.p95.toFixed(1)} ms`);
  console.log(`form engine               : first render ${e.render.toFixed(0)} ms, typing p95 ${e.p95.toFixed(1)} ms`);
  console.log(
    `first render target 300 ms: ${verdict(e.render < 300)} (ratio to plain ${(e.render / p.render).toFixed(2)}, to the floor ${(e.render / f.render).toFixed(2)})`,
  );
  console.log(`typing target 16 ms       : ${verdict(e.p95 < 16)} (the floor form needs ${f.p95.toFixed(1)} ms here)`);
  console.log(`typing ratio to plain     : ${ratio.toFixed(2)} (target 1.5 or less: ${verdict(ratio <= 1.5)})`);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(here, 'results', 'form-render.json'),
    JSON.stringify(
      { at: new Date().toISOString(), rounds: ROUNDS, engine: e, plain: p, floor: f, typingRatio: ratio },
      null,
      2,
    ),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
