import { sql } from 'drizzle-orm';
import type { GlobalReader } from '../db';

/** The database's clock, as text (the health check's round trip; no table, so no tenant applies). */
export async function databaseNow(db: GlobalReader): Promise<string | undefined> {
  const rows = await db.execute<{ now: string }>(sql`select now()::text as now`);
  return (rows as unknown as { rows: { now: string }[] }).rows[0]?.now;
}
