import { defineConfig } from 'vitest/config';

// TEST_DB=postgres runs the same suite on the PostgreSQL server at TEST_DATABASE_URL: a migrated
// template database is made once per run and every test file works on its own copy of it.
// Otherwise every test app gets an in-memory PGlite loaded from a migrated snapshot.
// Files run in TEST_WORKERS processes at once (default 2; docs/testing.md).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/testing/global-setup.ts'],
    setupFiles: ['./src/testing/setup-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
  },
});
