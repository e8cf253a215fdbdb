import { defineConfig } from 'vitest/config';

// TEST_DB=postgres runs the same suite on the PostgreSQL server at TEST_DATABASE_URL: a migrated
// template database is made once per run and every test file works on its own copy of it.
// Otherwise every test app gets an in-memory PGlite loaded from a migrated snapshot.
// Files run in TEST_WORKERS processes at once (default 2; docs/testing.md), one after another in
// the same process without re-importing the server (isolate: false): the import of the whole app
// was a third of the stage. So no module-level state may depend on which database it came from
// (key it by the AppDatabase in a WeakMap, or by something unique to the rows, as forms/fill.ts).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/testing/global-setup.ts'],
    setupFiles: ['./src/testing/setup-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
  },
});
