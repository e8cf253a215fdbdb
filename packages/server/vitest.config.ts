import { defineConfig } from 'vitest/config';

// TEST_DB=postgres runs the same suite on the PostgreSQL server at TEST_DATABASE_URL
// (a fresh database is created for the run); otherwise every test file gets an in-memory PGlite.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
