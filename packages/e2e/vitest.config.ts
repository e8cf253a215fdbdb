import { defineConfig } from 'vitest/config';

// Browser tests: the real server process on a fresh embedded database, driven by the system
// Chromium. Spec files run in E2E_WORKERS workers at once (default 2, see docs/testing.md), each worker with its own
// server, port and database (src/harness/global-setup.ts, workers.ts); see docs/testing.md.
export default defineConfig({
  test: {
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['./src/harness/global-setup.ts'],
    testTimeout: 60_000,
    // expect.poll waits for the page to settle (a title, a badge, a scroll position). Vitest's
    // 1 s default is shorter than a page load on a busy 2-core machine running two browsers;
    // Playwright's own waits allow 30 s. A poll that matches returns at once either way.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS) || 2),
  },
});
