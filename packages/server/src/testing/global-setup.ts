import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../platform/db/pglite';
import { cloneDatabase, createScratchDatabase, dropScratchDatabase, dropScratchDatabases } from './scratch-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared PostgreSQL database (tests that start a server process use it); null on PGlite. */
    databaseUrl: string | null;
    /** The migrated PostgreSQL template every test file's own database is copied from; null on PGlite. */
    databaseTemplate: string | null;
    /** Name prefix of the per-file copies, so the run can sweep up what a crashed file left. */
    databaseClonePrefix: string | null;
    /** A migrated PGlite data directory (tarball) every test file starts from. */
    pgliteSnapshot: string | null;
  }
}

/**
 * Migrates once per run. PGlite: a tarball of a migrated data directory, loaded by every test
 * app. PostgreSQL (TEST_DB=postgres, beside TEST_DATABASE_URL): a migrated template database;
 * every test file gets its own copy of it (file-database.ts), dropped when the file ends.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('databaseUrl', null);
    project.provide('databaseTemplate', null);
    project.provide('databaseClonePrefix', null);
    const driver = await openPglite(undefined);
    await driver.migrate();
    const tarball = await driver.snapshot?.();
    await driver.close();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-pglite-')), 'migrated.tar');
    if (tarball) fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    project.provide('pgliteSnapshot', tarball ? file : null);
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  project.provide('pgliteSnapshot', null);
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = await createScratchDatabase(base, 'shetuan_tpl');
  const shared = await cloneDatabase(base, template, 'shetuan_api');
  // Unique per run (runs may share a server): the template's own suffix.
  const clonePrefix = `shetuan_f${new URL(template).pathname.slice('/shetuan_tpl'.length)}`;
  project.provide('databaseUrl', shared);
  project.provide('databaseTemplate', template);
  project.provide('databaseClonePrefix', clonePrefix);
  return async () => {
    await dropScratchDatabases(base, `${clonePrefix}_`);
    await dropScratchDatabase(base, shared);
    await dropScratchDatabase(base, template);
  };
}
