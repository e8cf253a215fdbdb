// `npm test`: lint, typecheck, unit tests, API integration tests on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set) and the browser tests. Every step runs; the last line sums them up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildWebIfStale, repoRoot, run, webBuildIsStale } from './lib.mjs';

/** The whole run's budget on this 2-core machine kind, at today's size (docs/testing.md). */
const BUDGET_MINUTES = 12;
const results = [];
const runStart = Date.now();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-test-'));

const stripAnsi = (text) => stripVTControlCharacters(String(text ?? ''));
const firstLine = (text) =>
  stripAnsi(text)
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

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

async function vitest(name, workspace, env = {}, args = []) {
  const start = Date.now();
  console.log(`\n━━ ${name}`);
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
    {
      cwd: path.join(repoRoot, workspace),
      env,
      keepTail: 60,
    },
  );
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const why = [];
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
    skipped = report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults ?? []) {
      const rel = path.relative(repoRoot, file.name ?? '');
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed') why.push(`${rel} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        why.push(`${rel}: ${firstLine(file.message) || 'the file failed outside its tests'}`);
    }
  } else if (code !== 0) {
    failed = 1;
  }
  // A failed step that names no failed test: its last output says why (an unhandled error…).
  if (code !== 0 && why.length === 0) why.push(...run.lastTail.map(stripAnsi).filter((l) => l.trim() !== ''));
  results.push({ name, ok: code === 0, passed, failed, skipped, counted: true, ms: Date.now() - start, why });
}

await check('lint (biome)', 'npx', ['biome', 'check', '.']);
await check('module boundaries and SQL placement', 'node', ['scripts/check-boundaries.mjs']);
await check('typecheck', 'node', ['scripts/typecheck.mjs']);
await vitest('unit: shared', 'packages/shared');
await vitest('unit: web', 'packages/web');
// With PostgreSQL beside it (CI), the PGlite stage runs the tests where the embedded engine's own
// behaviour matters (the database layer and its plans, tenancy and forced row-level security,
// authentication, the job queue) and the start-up and demo seeding that `npm start` runs on it;
// everything else, which sends the same SQL to the same PostgreSQL code, runs on PostgreSQL only.
// Without PostgreSQL everything runs on PGlite. docs/testing.md, "the plan as modules land", step 1.
const PGLITE_SMOKE = [
  'src/platform/db',
  'src/platform/tenancy',
  'src/platform/auth',
  'src/platform/jobs',
  'src/main.test.ts',
  'src/modules/projects/demo.test.ts',
  '--exclude',
  '**/openapi-fuzz.test.ts',
];
await vitest(
  process.env.TEST_DATABASE_URL ? 'api: server on PGlite (engine and demo)' : 'api: server on PGlite',
  'packages/server',
  { TEST_DB: 'pglite' },
  process.env.TEST_DATABASE_URL ? PGLITE_SMOKE : [],
);
if (process.env.TEST_DATABASE_URL) {
  await vitest('api: server on PostgreSQL', 'packages/server', { TEST_DB: 'postgres' });
} else {
  console.log('\n━━ api: server on PostgreSQL — skipped (set TEST_DATABASE_URL to run it)');
}
if (process.env.SKIP_E2E === '1') {
  console.log('\n━━ browser tests — skipped on purpose (SKIP_E2E=1)');
} else {
  let built = 0;
  if (webBuildIsStale()) {
    const start = Date.now();
    built = await buildWebIfStale();
    const ok = built === 0;
    results.push({
      name: 'web build',
      ok,
      passed: 0,
      failed: ok ? 0 : 1,
      skipped: 0,
      counted: false,
      ms: Date.now() - start,
    });
  }
  if (built === 0) await vitest('browser: Playwright in Chromium', 'packages/e2e');
}

fs.rmSync(tmp, { recursive: true, force: true });
// The reasons of the failed steps, again at the end, where a CI log's tail shows them.
const failedSteps = results.filter((r) => !r.ok && r.why?.length);
if (failedSteps.length) {
  console.log('\n━━ failures');
  for (const r of failedSteps) {
    console.log(`✗ ${r.name}`);
    for (const line of r.why.slice(0, 60)) console.log(`  ${line}`);
  }
}
console.log('\n━━ summary');
for (const r of results) {
  const counts = r.counted ? ` ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}` : '';
  console.log(`${r.ok ? '✓' : '✗'} ${r.name}${counts} (${(r.ms / 1000).toFixed(1)} s)`);
}
// The budget (docs/testing.md): the whole run within 12 minutes on a 2-core machine today.
const wall = (Date.now() - runStart) / 1000;
const clock = `${Math.floor(wall / 60)} min ${Math.floor(wall) % 60} s`;
console.log(`total: ${wall.toFixed(1)} s wall (${clock}; budget ${BUDGET_MINUTES} min, docs/testing.md)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
const allOk = results.every((r) => r.ok);
if (skipped) console.log(`skipped: ${skipped}`);
// CI reads this line; it stays the last one and exactly this shape.
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
