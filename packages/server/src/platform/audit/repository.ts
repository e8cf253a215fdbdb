import { likePattern } from '@shetuan/shared';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import { type Tx, txStatement } from '../db';
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

export type OperationLogEntry = Omit<typeof operationLogs.$inferInsert, 'tenantId' | 'id' | 'createdAt'>;

// A fixed statement, prepared once per connection: every change writes one (docs/performance.md).
const INSERT_OPERATION_LOG_SQL = `insert into operation_logs (tenant_id, user_id, identity_id, acting_user_id,
  acting_from_tenant_id, actor_name, method, path, menu_url, status_code, result_code, duration_ms, ip)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`;

/** Writes one operation log row; answers its id. */
export async function insertOperationLog(tx: Tx, tenantId: number, values: OperationLogEntry): Promise<number> {
  const [row] = await txStatement<{ id: number }>(tx, 'audit_insert_operation_log', INSERT_OPERATION_LOG_SQL, [
    tenantId,
    values.userId ?? null,
    values.identityId ?? null,
    values.actingUserId ?? null,
    values.actingFromTenantId ?? null,
    values.actorName ?? '',
    values.method,
    values.path,
    values.menuUrl ?? '',
    values.statusCode,
    values.resultCode ?? null,
    values.durationMs,
    values.ip ?? '',
  ]);
  return Number(row?.id);
}

/** The outcome of a change logged before it was answered, when the answer turned out otherwise. */
export async function setOperationLogOutcome(
  tx: Tx,
  tenantId: number,
  id: number,
  outcome: { statusCode: number; resultCode: number | null; durationMs: number },
): Promise<void> {
  await tx
    .update(operationLogs)
    .set(outcome)
    .where(and(eq(operationLogs.tenantId, tenantId), eq(operationLogs.id, id)));
}

/** A person's name; users is a global table (no tenant predicate applies; its RLS shows app.user_id's row). */
export async function userName(tx: Tx, userId: number): Promise<string | undefined> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name;
}
