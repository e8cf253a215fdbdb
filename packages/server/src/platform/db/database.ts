import { type SQL, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
/** The Drizzle handle both drivers share. Only this folder sees it outside a door. */
export type Db = PgDatabase<PgQueryResultHKT>;
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
    if (this.driver.kind === 'postgres') return this.pgTenantTransaction(tenantId, user, work);
    return this.driver.db.transaction(async (tx) => {
      await txStatement(tx, 'set_tenant', SET_TENANT_SQL, [String(tenantId), user]);
      return work(tx);
    });
  }

  /**
   * withTenant on PostgreSQL: what Drizzle's transaction() does, but begin and the tenant setting
   * travel in one message (one round trip instead of two while the pooled connection is held;
   * both values are checked integers, so they are written into the text). See docs/performance.md.
   */
  private async pgTenantTransaction<T>(tenantId: number, user: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    const db = this.driver.db as unknown as DrizzleInternals;
    const client = await db.session.client.connect();
    let broken: Error | undefined;
    try {
      await client.query(
        `begin; select set_config('app.tenant_id', '${tenantId}', true), set_config('app.user_id', '${user}', true)`,
      );
      const session = new NodePgSession(client, db.dialect, db.session.schema, db.session.options);
      const tx = new NodePgTransaction(db.dialect, session, db.session.schema) as unknown as Tx;
      let result: T;
      try {
        result = await work(tx);
      } catch (err) {
        await client.query('rollback').catch((e: Error) => {
          broken = e;
        });
        throw err;
      }
      await client.query('commit');
      return result;
    } finally {
      // A connection whose rollback failed is not given back to the pool.
      client.release(broken);
    }
  }

  /**
   * PostgreSQL only: opens a transaction whose first statement is a prepared one, executed with
   * `values` in the same message as begin (executePrepared), and holds it for the work that
   * follows: the authentication of a GET runs here and its handler continues in the same
   * transaction (platform/auth/held.ts). Answers the statement's rows and the held transaction.
   */
  async openTransaction<R>(statement: HeldStatement, values: unknown[]): Promise<{ rows: R[]; held: HeldTransaction }> {
    const db = this.driver.db as unknown as DrizzleInternals;
    const client = await db.session.client.connect();
    const held = new HeldPgTransaction(db, client);
    let rows: R[];
    try {
      rows = await executePrepared<R>(client, statement.name, statement.text, values, 'begin; ');
    } catch (err) {
      await held.abort();
      throw err;
    }
    return { rows, held };
  }

  /**
   * One fixed-shape statement outside any transaction, as the app role, with no tenant set
   * (a security-definer function sets its own). On PostgreSQL it is a named statement, parsed
   * and planned once per connection, and no Drizzle SQL is built: for the per-request hot path
   * (authentication). Rows come as the driver gives them.
   */
  async statement<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    const client = (this.driver.db as unknown as { $client: RawClient }).$client;
    const res =
      this.driver.kind === 'postgres'
        ? await client.query({ name, text, values })
        : await (client as unknown as PgliteClient).query(text, values);
    return res.rows as T[];
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

/** Drizzle's node-postgres internals withTenant builds its transaction from (drizzle-orm 0.45). */
type DrizzleInternals = {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  session: {
    client: pg.Pool;
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
};

/** A statement openTransaction prepares per connection: its name and text (parameters $1 …). */
export interface HeldStatement {
  name: string;
  text: string;
}

/** The statements each pooled connection has prepared with SQL's PREPARE (executePrepared). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * Runs a statement prepared with SQL's PREPARE the first time this pooled connection runs it (in
 * the same message), by EXECUTE with its values written as literals (sqlLiteral), after the
 * statements in `before` (such as `begin; `): one message, one round trip, parsed and planned once
 * per connection. Answers the EXECUTE's rows.
 */
async function executePrepared<R>(
  client: pg.PoolClient,
  name: string,
  text: string,
  values: unknown[],
  before: string,
): Promise<R[]> {
  const prepared = preparedOn.get(client) ?? new Set<string>();
  const prepare = prepared.has(name) ? '' : `prepare ${name} as ${text}; `;
  const res = (await client.query(
    `${prepare}${before}execute ${name}(${values.map(sqlLiteral).join(', ')})`,
  )) as unknown as { rows: R[] } | { rows: R[] }[];
  if (prepare) preparedOn.set(client, prepared.add(name));
  return (Array.isArray(res) ? res[res.length - 1]?.rows : res.rows) ?? [];
}

/**
 * A value written into SQL text (executePrepared): only kinds that cannot carry SQL. Strings only
 * of letters, digits and `_ . : + -` (hashes, hex signatures, ISO times).
 */
function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (typeof v === 'string' && /^[\w.:+-]*$/.test(v)) return `'${v}'`;
  if (Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isSafeInteger(x))) return `'{${v.join(',')}}'`;
  throw new Error(`no SQL literal for this ${typeof v}`);
}

/** A transaction held open for the work that follows (openTransaction). */
export interface HeldTransaction {
  /** Runs the work in it (as the person userId, when given), then commits or, on error, rolls back. */
  run<T>(work: (tx: Tx) => Promise<T>, userId?: number | null): Promise<T>;
  /** Commits and gives the connection back, when no work came. */
  close(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * openTransaction's transaction on its pooled connection. A class, not closures made per request:
 * the request path builds nothing it can reuse (docs/performance.md).
 */
class HeldPgTransaction implements HeldTransaction {
  private done = false;

  constructor(
    private readonly db: DrizzleInternals,
    private readonly client: pg.PoolClient,
  ) {}

  async run<T>(work: (tx: Tx) => Promise<T>, userId?: number | null): Promise<T> {
    if (this.done) throw new Error('the held transaction has ended');
    const { db } = this;
    const session = new NodePgSession(this.client, db.dialect, db.session.schema, db.session.options);
    const tx = new NodePgTransaction(db.dialect, session, db.session.schema) as unknown as Tx;
    let result: T;
    try {
      if (userId) await txStatement(tx, 'set_user', SET_USER_SQL, [String(userId)]);
      result = await work(tx);
    } catch (err) {
      await this.end('rollback');
      throw err;
    }
    await this.end('commit');
    return result;
  }

  close(): Promise<void> {
    return this.end('commit');
  }

  abort(): Promise<void> {
    return this.end('rollback');
  }

  private async end(sqlText: 'commit' | 'rollback'): Promise<void> {
    if (this.done) return;
    this.done = true;
    let broken: Error | undefined;
    try {
      await this.client.query(sqlText);
    } catch (err) {
      broken = err as Error;
      if (sqlText === 'commit') throw err;
    } finally {
      // A connection whose commit or rollback failed is not given back to the pool.
      this.client.release(broken);
    }
  }
}

const SET_USER_SQL = "select set_config('app.user_id', $1, true)";

const SET_TENANT_SQL = "select set_config('app.tenant_id', $1, true), set_config('app.user_id', $2, true)";

/**
 * One fixed-shape statement inside a door's transaction: on PostgreSQL a named statement, parsed
 * and planned once per connection; no Drizzle SQL is built. For hot queries of the request path.
 */
export async function txStatement<T>(tx: Tx, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (tx as unknown as { session: { client: RawClient & Partial<PgliteClient> & { release?: unknown } } })
    .session.client;
  const res =
    typeof client.release === 'function'
      ? await client.query({ name, text, values })
      : await (client as unknown as PgliteClient).query(text, values);
  return res.rows as T[];
}

/**
 * txStatement for a hot statement whose plan PostgreSQL would otherwise make afresh on every call.
 * A named statement gets a custom plan for its first five runs and afterwards whenever the generic
 * plan is estimated dearer than those; for the bell and the user list's page that was always (the
 * tenant and audience values make the custom estimates cheaper), 300 to 500 µs of planning a
 * request, more than running them. Here, on PostgreSQL, it runs through executePrepared after
 * `set local plan_cache_mode = force_generic_plan`: planned once per connection, for any tenant
 * (its plan is the tenant's index either way). The setting holds for the rest of the transaction
 * (a reset would be one more statement on the request path): call this last, or before statements
 * a generic plan serves as well (named ones, which have theirs already). Values as sqlLiteral
 * takes them. docs/performance.md.
 */
export async function txGenericStatement<T>(tx: Tx, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (tx as unknown as { session: { client: pg.PoolClient & Partial<PgliteClient> } }).session.client;
  if (typeof client.release !== 'function') return txStatement<T>(tx, name, text, values);
  return executePrepared<T>(
    client,
    `generic_${name}`,
    text,
    values,
    'set local plan_cache_mode = force_generic_plan; ',
  );
}

/**
 * Inside a global transaction (withGlobalTx, operator work): runs the work as one tenant, with
 * app.tenant_id set for it and cleared again after. For a new tenant's first rows (its menu and
 * roles), written in the same transaction as the tenant itself.
 */
export async function asTenantWithin<T>(tx: Tx, tenantId: number, work: () => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) {
    throw new TenantRequiredError(`asTenantWithin needs a positive tenant id, got ${String(tenantId)}`);
  }
  await txStatement(tx, 'set_tenant', SET_TENANT_SQL, [String(tenantId), '']);
  const result = await work();
  await txStatement(tx, 'set_tenant', SET_TENANT_SQL, ['', '']);
  return result;
}

type RawClient = { query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };
type PgliteClient = { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

/** A raw query's rows, typed (both drivers answer { rows }). */
export async function queryRows<T>(tx: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const res = (await tx.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
