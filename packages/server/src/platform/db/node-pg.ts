import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { APP_ROLE, type DatabaseDriver, type Db } from './database';
import { migrationsFolder, SECURE_TENANT_TABLES } from './migrations';

/** int8 and numeric come back as strings by default; ids are bigint within Number's safe range. */
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * A PostgreSQL server. DATABASE_URL is the owner's login (it runs migrations); every pooled
 * connection drops to the app role at connect, so requests never act as the owner.
 */
export async function openNodePg(url: string, poolSize: number): Promise<DatabaseDriver> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c role=${APP_ROLE}` });
  const db = drizzle(pool, { casing: 'snake_case' }) as unknown as Db;
  const safeUrl = new URL(url);
  safeUrl.password = safeUrl.password ? '***' : '';
  return {
    kind: 'postgres',
    db,
    async migrate() {
      const owner = new pg.Client({ connectionString: url });
      await owner.connect();
      try {
        // One migrator at a time across app servers starting together.
        await owner.query('select pg_advisory_lock(727001)');
        await migrate(drizzle(owner, { casing: 'snake_case' }), { migrationsFolder });
        await owner.query(SECURE_TENANT_TABLES);
      } finally {
        await owner.query('select pg_advisory_unlock(727001)').catch(() => undefined);
        await owner.end();
      }
    },
    async close() {
      // pg-pool's end() resolves once its clients are told to end, not once they have: wait for
      // each to be gone, so whatever follows (dropping the database) never meets a half-closed
      // connection, whose late error would be nobody's to handle.
      let left = pool.totalCount;
      const gone = new Promise<void>((resolve) => {
        if (left === 0) resolve();
        pool.on('remove', () => {
          left -= 1;
          if (left <= 0) resolve();
        });
        setTimeout(resolve, 5_000).unref();
      });
      // An error a closing connection still reports (the server going away) ends nothing more.
      pool.on('error', () => undefined);
      await pool.end();
      await gone;
    },
    describe() {
      return `PostgreSQL (${safeUrl.toString()})`;
    },
  };
}
