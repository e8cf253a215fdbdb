import { afterAll } from 'vitest';
import { dropFileDatabase } from './file-database';

// Runs in every test file before its own code. Registered first, this root afterAll runs after
// the file's own afterAll hooks (hooks run as a stack), when its apps and pools are closed.
afterAll(async () => {
  await dropFileDatabase();
});
