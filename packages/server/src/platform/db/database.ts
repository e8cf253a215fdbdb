import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle handle both drivers share. Only this folder sees it outside a door. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a door gives to its callback: a transaction (withTenant, asOwner) or the pool (withGlobal). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type GlobalReader = Pick<Db, 'select' | 'execute' | '$count'>;

export type DatabaseKind = 'pglite' | 'postgres';

/** The role every request runs as; it owns no table, so forced row-level security applies. */
export const APP_ROLE = 'shetuan_app';

export class TenantRequiredError extends Error {
  override name = 'TenantRequiredError';
}

export interface DatabaseDriver {
  kind: DatabaseKind;
  /** Drizzle over connections that already run as APP_ROLE. */
  db: Db;
  /** Applies the committed migrations as the owner, then secures every tenant-owned table. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** A short description for logs and the health answer (never a password). */
  describe(): string;
  /** PGlite only: the data directory as a tarball. */
  snapshot?(): Promise<Blob>;
}

/**
 * The only way code reaches data.
 *  - withTenant: one transaction in which app.tenant_id is set; RLS shows and accepts that tenant's rows only.
 *  - withGlobal: reads of global tables (tenants, domains, region data); tenant rows are invisible there.
 *  - asOwner: migrations, seeding of global tables, operator commands; never used by a request of a tenant.
 */
export class AppDatabase {
  constructor(private readonly driver: DatabaseDriver) {}

  get kind(): DatabaseKind {
    return this.driver.kind;
  }

  describe(): string {
    return this.driver.describe();
  }

  /**
   * One transaction for one tenant. userId, when given, is the person acting (app.user_id): it
   * lets the person see their own row of the global users table (RLS there) before an identity.
   */
  async withTenant<T>(tenantId: number, work: (tx: Tx) => Promise<T>, userId?: number | null): Promise<T> {
    if (!Number.isSafeInteger(tenantId) || tenantId <= 0) {
      throw new TenantRequiredError(`withTenant needs a positive tenant id, got ${String(tenantId)}`);
    }
    const user = userId && Number.isSafeInteger(userId) && userId > 0 ? String(userId) : '';
    return this.driver.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('app.user_id', ${user}, true)`,
      );
      return work(tx);
    });
  }

  /** Global reads run outside a transaction on the app role with no tenant set. */
  async withGlobal<T>(work: (db: GlobalReader) => Promise<T>): Promise<T> {
    return work(this.driver.db);
  }

  /** A transaction on global tables as the app role, no tenant set (operator work such as /tenant). */
  async withGlobalTx<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.driver.db.transaction(work);
  }

  async asOwner<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.driver.db.transaction(async (tx) => {
      await tx.execute(sql`set local role none`);
      return work(tx);
    });
  }

  migrate(): Promise<void> {
    return this.driver.migrate();
  }

  close(): Promise<void> {
    return this.driver.close();
  }
}

/** A raw query's rows, typed (both drivers answer { rows }). */
export async function queryRows<T>(tx: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const res = (await tx.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
