import { inject } from 'vitest';
import { cloneDatabase, dropScratchDatabase } from './scratch-db';

// One PostgreSQL database per test file, copied from the run's migrated template on first use.
// Vitest runs each file in its own module graph, so this module's state is the file's.
let fileDatabase: Promise<string> | null = null;

/** The URL of this test file's own PostgreSQL database (a copy of the migrated template). */
export function fileDatabaseUrl(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  const template = inject('databaseTemplate');
  const prefix = inject('databaseClonePrefix');
  if (!base || !template || !prefix) throw new Error('no PostgreSQL template for this run (TEST_DB=postgres)');
  fileDatabase ??= cloneDatabase(base, template, prefix);
  return fileDatabase;
}

/**
 * Drops this file's database, if it made one (after its own afterAll hooks; see setup-file.ts).
 * Not forced: a pool's end() resolves before its backends have gone, and cutting them would
 * raise in this process. A file that leaves a connection open keeps its database until the
 * run's teardown drops it (global-setup.ts).
 */
export async function dropFileDatabase(): Promise<void> {
  if (!fileDatabase) return;
  const url = await fileDatabase.catch(() => null);
  fileDatabase = null;
  const base = process.env.TEST_DATABASE_URL;
  if (!url || !base) return;
  await dropScratchDatabase(base, url, false).catch((err: { code?: string }) => {
    // 55006 object_in_use: still connected after the server's 5 s wait; the teardown drops it.
    if (err.code !== '55006') throw err;
  });
}
