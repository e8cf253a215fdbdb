import { defineConfig } from 'drizzle-kit';

// Every tables.ts of the platform and of the modules: a new module's tables are found by their
// place, so adding one edits no central file (docs/modules.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/*/tables.ts', './src/modules/*/tables.ts'],
  out: './migrations',
  casing: 'snake_case',
});
