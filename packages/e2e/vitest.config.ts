import { defineConfig } from 'vitest/config';

// Browser tests: the real server process on a fresh embedded database, driven by the system Chromium.
export default defineConfig({
  test: {
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['./src/harness/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
