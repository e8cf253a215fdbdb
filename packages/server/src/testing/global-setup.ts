import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../platform/db/pglite';
import { createScratchDatabase, dropScratchDatabase } from './scratch-db';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string | null;
    /** A migrated PGlite data directory (tarball) every test file starts from. */
    pgliteSnapshot: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('databaseUrl', null);
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
  const url = await createScratchDatabase(base, 'shetuan_api');
  project.provide('databaseUrl', url);
  return async () => {
    await dropScratchDatabase(base, url);
  };
}
