import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { APP_ROLE, type DatabaseDriver, type Db } from './database';
import { migrationsFolder, SECURE_TENANT_TABLES } from './migrations';

/**
 * Embedded PostgreSQL (WebAssembly). dataDir undefined keeps it in memory (tests).
 * One connection: migrations run as the owner, then the session switches to the app role for good.
 */
export async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<DatabaseDriver> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = dataDir
    ? await PGlite.create(dataDir)
    : await PGlite.create(snapshot ? { loadDataDir: snapshot } : {});
  const db = drizzle(client, { casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async migrate() {
      await client.exec('reset role');
      await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder });
      await client.exec(SECURE_TENANT_TABLES);
      await client.exec(`set role ${APP_ROLE}`);
    },
    async close() {
      await client.close();
    },
    /** The whole database as a tarball (tests start each file from a migrated snapshot). */
    async snapshot() {
      return client.dumpDataDir('none');
    },
    describe() {
      return dataDir ? `PGlite (${path.resolve(dataDir)})` : 'PGlite (memory)';
    },
  };
}
