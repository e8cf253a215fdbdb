import path from 'node:path';
import type { AppConfig } from '../config';
import { AppDatabase } from './database';
import { openNodePg } from './node-pg';
import { openPglite } from './pglite';

export * from './columns';
export type { DatabaseKind, Db, GlobalReader, HeldStatement, HeldTransaction, Tx } from './database';
export {
  APP_ROLE,
  AppDatabase,
  asTenantWithin,
  queryRows,
  TenantRequiredError,
  txGenericStatement,
  txStatement,
} from './database';
export { prepareOnce } from './prepared';

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite under DATA_DIR/pglite. */
export async function openDatabase(
  cfg: Pick<AppConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>,
): Promise<AppDatabase> {
  const driver = cfg.DATABASE_URL
    ? await openNodePg(cfg.DATABASE_URL, cfg.DATABASE_POOL_SIZE)
    : await openPglite(path.join(cfg.DATA_DIR, 'pglite'));
  return new AppDatabase(driver);
}

export { openNodePg, openPglite };
