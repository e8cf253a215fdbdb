import { likePattern } from '@shetuan/shared';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Tx } from '../db';
import { users } from '../directory/tables';
import { loginLogs, operationLogs } from './tables';

/*
 * The login and operation logs. Every query names the tenant (docs/scale-out.md: only an explicit
 * tenant predicate routes a query to one shard); row-level security stays as the safety net.
 */

export type LoginLogRow = typeof loginLogs.$inferSelect;
export type OperationLogRow = { log: typeof operationLogs.$inferSelect; userName: string | null };

const loginFilter = (tenantId: number, k?: string) =>
  and(
    eq(loginLogs.tenantId, tenantId),
    k ? or(ilike(loginLogs.login, likePattern(k)), ilike(loginLogs.ip, likePattern(k))) : undefined,
  );
const opFilter = (tenantId: number, k?: string) =>
  and(
    eq(operationLogs.tenantId, tenantId),
    k
      ? or(
          ilike(operationLogs.path, likePattern(k)),
          ilike(operationLogs.menuUrl, likePattern(k)),
          ilike(users.name, likePattern(k)),
        )
      : undefined,
  );

export async function countLoginLogs(tx: Tx, tenantId: number, keyword?: string): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(loginLogs).where(loginFilter(tenantId, keyword));
  return total?.n ?? 0;
}

/** Login attempts matching the keyword (account or address), newest first. */
export function listLoginLogs(
  tx: Tx,
  tenantId: number,
  keyword: string | undefined,
  limit: number,
  offset?: number,
): Promise<LoginLogRow[]> {
  const query = tx
    .select()
    .from(loginLogs)
    .where(loginFilter(tenantId, keyword))
    .orderBy(desc(loginLogs.id))
    .limit(limit);
  return offset === undefined ? query : query.offset(offset);
}

export async function countOperationLogs(tx: Tx, tenantId: number, keyword?: string): Promise<number> {
  const [total] = await tx
    .select({ n: count() })
    .from(operationLogs)
    // users is a global table (a person may belong to several tenants): no tenant predicate applies.
    .leftJoin(users, eq(users.id, operationLogs.userId))
    .where(opFilter(tenantId, keyword));
  return total?.n ?? 0;
}

/** Operations matching the keyword (path, menu or person's name), newest first, with the person's name. */
export function listOperationLogs(
  tx: Tx,
  tenantId: number,
  keyword: string | undefined,
  limit: number,
  offset?: number,
): Promise<OperationLogRow[]> {
  const query = tx
    .select({ log: operationLogs, userName: users.name })
    .from(operationLogs)
    // users is a global table: no tenant predicate applies.
    .leftJoin(users, eq(users.id, operationLogs.userId))
    .where(opFilter(tenantId, keyword))
    .orderBy(desc(operationLogs.id))
    .limit(limit);
  return offset === undefined ? query : query.offset(offset);
}

export async function insertLoginLog(
  tx: Tx,
  tenantId: number,
  values: Omit<typeof loginLogs.$inferInsert, 'tenantId' | 'id'>,
): Promise<void> {
  await tx.insert(loginLogs).values({ ...values, tenantId });
}

export async function insertOperationLog(
  tx: Tx,
  tenantId: number,
  values: Omit<typeof operationLogs.$inferInsert, 'tenantId' | 'id'>,
): Promise<void> {
  await tx.insert(operationLogs).values({ ...values, tenantId });
}

/** A person's name; users is a global table (no tenant predicate applies; its RLS shows app.user_id's row). */
export async function userName(tx: Tx, userId: number): Promise<string | undefined> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name;
}
