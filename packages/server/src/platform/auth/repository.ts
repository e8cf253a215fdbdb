import { and, count, desc, eq, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AppDatabase, GlobalReader, HeldStatement, HeldTransaction, Tx } from '../db';
import { identities, users } from '../directory/tables';
import { tenants } from '../tenancy/tables';
import { entryTickets, loginFailures, sessions } from './tables';

/*
 * Sessions, the authentication statement, entry tickets and login failures. Every query of tenant
 * rows names the tenant (docs/scale-out.md: only an explicit tenant predicate routes a query to one
 * shard); row-level security stays as the safety net. login_failures, users and tenants are global
 * tables: their queries take no tenant predicate.
 */

// ---- The authentication statement (migration 0023) ----

export interface AuthRow {
  session_id: number | string;
  user_id: number | string;
  identity_id: number | string | null;
  society_chosen: boolean;
  sign_key: string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  revoke_reason: string | null;
  user_status: number | null;
  is_super_admin: boolean | null;
  fresh: boolean;
  grant_version: number | string;
  role_ids: (number | string)[] | null;
  paths: string[] | null;
  functions: string[] | null;
}

/** The signature to record with the statement, and until when it is kept. */
export interface SignToRecord {
  sign: string;
  keepUntil: number;
}

const AUTH_SQL = 'select * from app_authenticate($1, $2, $3, $4, $5, false)';

/** The held transaction's authentication statement (app_authenticate with p_shared). */
const HELD_AUTH: HeldStatement = {
  name: 'app_auth_held',
  text: 'select * from app_authenticate($1::integer, $2::text, $3::text, $4::timestamptz, $5::bigint, true)',
};

/**
 * The one statement of an authentication: no transaction, no flushed write. The tenant is its
 * first argument (app_authenticate finds the session by tenant and token hash).
 */
export async function authenticateSession(
  db: AppDatabase,
  tenantId: number,
  tokenHash: string,
  sign: SignToRecord | null,
  knownVersion: number | null,
): Promise<AuthRow | undefined> {
  const rows = await db.statement<AuthRow>('auth_session', AUTH_SQL, [
    tenantId,
    tokenHash,
    sign?.sign ?? null,
    sign ? new Date(sign.keepUntil).toISOString() : null,
    knownVersion,
  ]);
  return rows[0];
}

/**
 * The same statement as the first of a transaction held for the request's handler (held.ts):
 * PostgreSQL only, sent with begin in one message and prepared once per connection
 * (AppDatabase.openTransaction), which spares PostgreSQL a sixth of its time per request.
 */
export async function authenticateInHeldTransaction(
  db: AppDatabase,
  tenantId: number,
  tokenHash: string,
  sign: SignToRecord | null,
  knownVersion: number | null,
): Promise<{ row: AuthRow | undefined; held: HeldTransaction }> {
  const opened = await db.openTransaction<AuthRow>(HELD_AUTH, [
    tenantId,
    tokenHash,
    sign?.sign ?? null,
    sign ? new Date(sign.keepUntil) : null,
    knownVersion,
  ]);
  return { row: opened.rows[0], held: opened.held };
}

/**
 * Deletes used request signatures past their window (the job worker's sweep); answers how many.
 * Cross-tenant on purpose: one sweep serves every tenant (app_clear_used_signatures, migration
 * 0023, goes tenant by tenant inside).
 */
export async function clearUsedSignatures(db: AppDatabase): Promise<number> {
  const rows = await db.statement<{ n: number | string }>(
    'auth_clear_signatures',
    'select app_clear_used_signatures() as n',
    [],
  );
  return Number(rows[0]?.n ?? 0);
}

/** A tenant's status (acting as it; tenants is a global table: the tenant is its key). */
export async function tenantStatus(g: GlobalReader, tenantId: number): Promise<number | undefined> {
  const [tenant] = await g.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, tenantId));
  return tenant?.status;
}

// ---- Sessions ----

export async function insertSession(
  tx: Tx,
  tenantId: number,
  values: {
    tokenHash: string;
    userId: number;
    identityId: number | null;
    societyChosen: boolean;
    signKey: string;
    expiresAt: Date;
    ip: string;
    userAgent: string;
  },
): Promise<number> {
  const [row] = await tx
    .insert(sessions)
    .values({ tenantId, ...values })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return row.id;
}

export async function revokeSession(tx: Tx, tenantId: number, sessionId: number, reason: string): Promise<boolean> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every open session of a person in the tenant, but one (the caller's own). */
export async function revokeUserSessions(
  tx: Tx,
  tenantId: number,
  userId: number,
  reason: string,
  exceptSessionId?: number,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/**
 * Ends every open session of a person in every tenant (app_revoke_user_sessions, migration 0043:
 * security definer, tenant by tenant, each update naming its tenant); answers how many ended. For
 * a change that is the person's everywhere: their login phone. The caller's tenant setting is kept.
 */
export async function revokeUserSessionsEverywhere(tx: Tx, userId: number, reason: string): Promise<number> {
  const res = (await tx.execute(sql`select app_revoke_user_sessions(${userId}, ${reason}) as n`)) as unknown as {
    rows: { n: number | string }[];
  };
  return Number(res.rows[0]?.n ?? 0);
}

export type SessionRow = typeof sessions.$inferSelect;

/** A session of the tenant, open or not. */
export async function sessionById(tx: Tx, tenantId: number, sessionId: number): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)));
  return row;
}

/** The tenant's open sessions with their person (users is global) and identity, latest seen first. */
export function openSessions(
  tx: Tx,
  tenantId: number,
  now: Date,
  limit: number,
): Promise<{ s: SessionRow; name: string; mobile: string | null; code: number | null }[]> {
  return tx
    .select({ s: sessions, name: users.name, mobile: users.mobile, code: identities.identityCode })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(identities, and(eq(identities.tenantId, sessions.tenantId), eq(identities.id, sessions.identityId)))
    .where(and(eq(sessions.tenantId, tenantId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(limit);
}

// ---- Entry tickets ----

export async function insertEntryTicket(
  tx: Tx,
  tenantId: number,
  values: { tokenHash: string; userId: number; identityId: number; expiresAt: Date },
): Promise<void> {
  await tx.insert(entryTickets).values({ tenantId, ...values });
}

export type EntryTicketRow = typeof entryTickets.$inferSelect;

/** Marks the unused ticket with that token hash used and answers it; undefined when unknown or used. */
export async function spendEntryTicket(
  tx: Tx,
  tenantId: number,
  tokenHash: string,
): Promise<EntryTicketRow | undefined> {
  const [ticket] = await tx
    .update(entryTickets)
    .set({ usedAt: new Date() })
    .where(and(eq(entryTickets.tenantId, tenantId), eq(entryTickets.tokenHash, tokenHash), isNull(entryTickets.usedAt)))
    .returning();
  return ticket;
}

// ---- Login failures (a global table: an attack does not stop at a tenant) ----

/** How many failures each key has had since the time given (keys without any are left out). */
export function countFailuresSince(tx: Tx, keys: string[], since: Date): Promise<{ key: string; n: number }[]> {
  return tx
    .select({ key: loginFailures.key, n: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gte(loginFailures.at, since)))
    .groupBy(loginFailures.key);
}

export async function insertFailures(tx: Tx, keys: string[]): Promise<void> {
  await tx.insert(loginFailures).values(keys.map((key) => ({ key })));
}

export async function deleteFailuresBefore(tx: Tx, keys: string[], before: Date): Promise<void> {
  await tx.delete(loginFailures).where(and(inArray(loginFailures.key, keys), lt(loginFailures.at, before)));
}

export async function deleteFailures(tx: Tx, key: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.key, key));
}
