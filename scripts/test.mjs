// `npm test`: lint, typecheck, unit tests, API integration tests on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set) and the browser tests. Every step runs; the last line sums them up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale, repoRoot, run } from './lib.mjs';

const results = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-test-'));

async function check(name, cmd, args, options) {
  const start = Date.now();
  console.log(`\n━━ ${name}`);
  const code = await run(cmd, args, options);
  results.push({
    name,
    ok: code === 0,
    passed: 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    counted: false,
    ms: Date.now() - start,
  });
}

async function vitest(name, workspace, env = {}) {
  const start = Date.now();
  console.log(`\n━━ ${name}`);
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      cwd: path.join(repoRoot, workspace),
      env,
    },
  );
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
    skipped = report.numPendingTests + report.numTodoTests;
  } else if (code !== 0) {
    failed = 1;
  }
  results.push({ name, ok: code === 0, passed, failed, skipped, counted: true, ms: Date.now() - start });
}

await check('lint (biome)', 'npx', ['biome', 'check', '.']);
await check('typecheck', 'node', ['scripts/typecheck.mjs']);
await vitest('unit: shared', 'packages/shared');
await vitest('unit: web', 'packages/web');
await vitest('api: server on PGlite', 'packages/server', { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  await vitest('api: server on PostgreSQL', 'packages/server', { TEST_DB: 'postgres' });
} else {
  console.log('\n━━ api: server on PostgreSQL — skipped (set TEST_DATABASE_URL to run it)');
}
if (process.env.SKIP_E2E === '1') {
  console.log('\n━━ browser tests — skipped on purpose (SKIP_E2E=1)');
} else {
  const built = await buildWebIfStale();
  if (built !== 0)
    results.push({ name: 'web build', ok: false, passed: 0, failed: 1, skipped: 0, counted: false, ms: 0 });
  else await vitest('browser: Playwright in Chromium', 'packages/e2e');
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log('\n━━ summary');
for (const r of results) {
  const counts = r.counted ? ` ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}` : '';
  console.log(`${r.ok ? '✓' : '✗'} ${r.name}${counts} (${(r.ms / 1000).toFixed(1)} s)`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
const allOk = results.every((r) => r.ok);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk ? 0 : 1);
