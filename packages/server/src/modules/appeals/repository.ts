import { likePattern } from '@shetuan/shared';
import type { TAppealQuery } from '@shetuan/shared/appeals';
import { and, count, desc, eq, gte, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { identities, tenantUsers, users } from '../../platform/directory/tables';
import { files } from '../../platform/files/tables';
import { appeals, appealUploads } from './tables';

/*
 * Appeals and their uploads. Every query of tenant rows names the tenant (docs/scale-out.md);
 * row-level security stays as the safety net. users is global: a person is reached through the
 * tenant's tenant_users row, so staff only ever see and change their own tenant's people.
 */

export type AppealRow = typeof appeals.$inferSelect;

export async function insertAppeal(
  tx: Tx,
  tenantId: number,
  values: Omit<typeof appeals.$inferInsert, 'tenantId' | 'id'>,
): Promise<number> {
  const [row] = await tx
    .insert(appeals)
    .values({ ...values, tenantId })
    .returning({ id: appeals.id });
  if (!row) throw new Error('appeal insert returned no row');
  return row.id;
}

export async function numberTaken(tx: Tx, tenantId: number, number: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: appeals.id })
    .from(appeals)
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.number, number)));
  return Boolean(row);
}

/**
 * Serialises the appeals of one phone for the rest of the transaction: the pending appeal looked
 * for after it is the one a second submission at the same moment would find.
 */
export async function lockPhone(tx: Tx, tenantId: number, phone: string): Promise<void> {
  await lockKey(tx, `appeal-phone:${tenantId}:${phone}`);
}

/**
 * Serialises, for the rest of the transaction, whatever counts under that key before it adds to
 * it (the limits on uploads and look-ups): a second request at the same moment counts after this
 * one's row is in. Callers taking several keys take them in one fixed order.
 */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The number of a pending appeal made with that phone. */
export async function pendingNumberOfPhone(tx: Tx, tenantId: number, phone: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ number: appeals.number })
    .from(appeals)
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.phone, phone), eq(appeals.status, 0)))
    .limit(1);
  return row?.number;
}

function listWhere(tenantId: number, query: Pick<TAppealQuery, 'keyword' | 'status'>): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(appeals.tenantId, tenantId)];
  if (query.keyword) {
    const like = likePattern(query.keyword);
    parts.push(
      or(
        ilike(appeals.number, like),
        ilike(appeals.name, like),
        ilike(appeals.phone, like),
        ilike(appeals.idNumber, like),
      ),
    );
  }
  if (query.status !== undefined) parts.push(eq(appeals.status, query.status));
  return and(...parts);
}

export async function listAppeals(
  tx: Tx,
  tenantId: number,
  query: TAppealQuery,
): Promise<{ rows: AppealRow[]; total: number }> {
  const where = listWhere(tenantId, query);
  const [total] = await tx.select({ n: count() }).from(appeals).where(where);
  const rows = await tx
    .select()
    .from(appeals)
    .where(where)
    .orderBy(desc(appeals.createdAt), desc(appeals.id))
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** An appeal; `lock` holds it for the rest of the transaction (handling it: one at a time). */
export async function findAppeal(tx: Tx, tenantId: number, id: number, lock = false): Promise<AppealRow | undefined> {
  const query = tx
    .select()
    .from(appeals)
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findAppealByNumber(tx: Tx, tenantId: number, number: string): Promise<AppealRow | undefined> {
  const [row] = await tx
    .select()
    .from(appeals)
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.number, number)));
  return row;
}

/** Records the outcome of a pending appeal; false when it was no longer pending. */
export async function markHandled(
  tx: Tx,
  tenantId: number,
  id: number,
  values: {
    status: number;
    action: string;
    result: string;
    accountUserId: number | null;
    previousPhone?: string;
    handlerId: number;
    handlerName: string;
  },
): Promise<boolean> {
  const now = new Date();
  const rows = await tx
    .update(appeals)
    .set({ ...values, handledAt: now, updatedAt: now })
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.id, id), eq(appeals.status, 0)))
    .returning({ id: appeals.id });
  return rows.length > 0;
}

// ---- Uploads ----

export async function insertUpload(
  tx: Tx,
  tenantId: number,
  values: { fileId: number; deviceKeyHash: string; ip: string },
): Promise<void> {
  await tx.insert(appealUploads).values({ ...values, tenantId });
}

export async function countUploadsSince(
  tx: Tx,
  tenantId: number,
  by: { ip?: string; deviceKeyHash?: string },
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(appealUploads)
    .where(
      and(
        eq(appealUploads.tenantId, tenantId),
        gte(appealUploads.createdAt, since),
        by.ip !== undefined ? eq(appealUploads.ip, by.ip) : undefined,
        by.deviceKeyHash !== undefined ? eq(appealUploads.deviceKeyHash, by.deviceKeyHash) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The device's uploads among these files that no appeal has taken yet, with their names. */
export async function freeUploads(
  tx: Tx,
  tenantId: number,
  deviceKeyHash: string,
  fileIds: number[],
): Promise<{ id: number; name: string; fileSize: number }[]> {
  if (fileIds.length === 0) return [];
  return tx
    .select({ id: files.id, name: files.realFileName, fileSize: files.fileSize })
    .from(appealUploads)
    .innerJoin(files, and(eq(files.tenantId, appealUploads.tenantId), eq(files.id, appealUploads.fileId)))
    .where(
      and(
        eq(appealUploads.tenantId, tenantId),
        eq(appealUploads.deviceKeyHash, deviceKeyHash),
        inArray(appealUploads.fileId, fileIds),
        isNull(appealUploads.appealId),
      ),
    );
}

/** Whether the file is one of the appeal's proofs (an upload its submission took). */
export async function isProofOf(tx: Tx, tenantId: number, appealId: number, fileId: number): Promise<boolean> {
  const [row] = await tx
    .select({ fileId: appealUploads.fileId })
    .from(appealUploads)
    .where(
      and(eq(appealUploads.tenantId, tenantId), eq(appealUploads.appealId, appealId), eq(appealUploads.fileId, fileId)),
    );
  return Boolean(row);
}

/** Attaches free uploads to the appeal; answers how many were still free (another appeal may have taken some). */
export async function attachUploads(tx: Tx, tenantId: number, appealId: number, fileIds: number[]): Promise<number> {
  const rows = await tx
    .update(appealUploads)
    .set({ appealId })
    .where(
      and(eq(appealUploads.tenantId, tenantId), inArray(appealUploads.fileId, fileIds), isNull(appealUploads.appealId)),
    )
    .returning({ fileId: appealUploads.fileId });
  return rows.length;
}

// ---- The tenant's people (the account an action is taken on) ----

export interface PersonRow {
  id: number;
  name: string;
  mobile: string | null;
  lockedUntil: Date | null;
  /** An operations super administrator (users.is_super_admin). */
  isSuperAdmin: boolean;
}

const personColumns = {
  id: users.id,
  name: users.name,
  mobile: users.mobile,
  lockedUntil: users.lockedUntil,
  isSuperAdmin: users.isSuperAdmin,
};
const inTenant = (tenantId: number) => and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.userId, users.id)) as SQL;

/** The tenant's people whose name or phone contains the keyword, or (no keyword) is the appeal's. */
export async function findPeople(
  tx: Tx,
  tenantId: number,
  search: { keyword: string; name: string; phone: string },
): Promise<PersonRow[]> {
  const where = search.keyword
    ? or(ilike(users.name, likePattern(search.keyword)), ilike(users.mobile, likePattern(search.keyword)))
    : or(eq(users.name, search.name), eq(users.mobile, search.phone));
  return tx
    .select(personColumns)
    .from(users)
    .innerJoin(tenantUsers, inTenant(tenantId))
    .where(where)
    .orderBy(users.name, users.id)
    .limit(20);
}

export async function personOfTenant(tx: Tx, tenantId: number, userId: number): Promise<PersonRow | undefined> {
  const [row] = await tx
    .select(personColumns)
    .from(users)
    .innerJoin(tenantUsers, inTenant(tenantId))
    .where(eq(users.id, userId));
  return row;
}

export async function identityCodesOf(
  tx: Tx,
  tenantId: number,
  userIds: number[],
): Promise<{ userId: number; code: number }[]> {
  if (userIds.length === 0) return [];
  return tx
    .select({ userId: identities.userId, code: identities.identityCode })
    .from(identities)
    .where(and(eq(identities.tenantId, tenantId), inArray(identities.userId, userIds)))
    .orderBy(identities.id);
}

/** The person whose login (mobile or account) this is, in any tenant (security-definer, as a login looks it up). */
export async function loginOwner(tx: Tx, login: string): Promise<number | undefined> {
  const res = (await tx.execute(sql`select id from app_find_login(${login})`)) as unknown as {
    rows: { id: string | number }[];
  };
  const row = res.rows[0];
  return row ? Number(row.id) : undefined;
}

export async function setMobile(tx: Tx, userId: number, mobile: string): Promise<void> {
  await tx.update(users).set({ mobile, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function unlock(tx: Tx, userId: number): Promise<void> {
  await tx.update(users).set({ lockedUntil: null, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Whether the person belongs to a tenant other than this one. users.tenant_ids (migration 0023,
 * kept by a trigger on tenant_users) lists every tenant a person belongs to; users is global, and
 * its row policy shows the app role this tenant's people with all their tenants.
 */
export async function belongsElsewhere(tx: Tx, tenantId: number, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ others: sql<number>`cardinality(array_remove(${users}.tenant_ids, ${tenantId}::integer))` })
    .from(users)
    .where(eq(users.id, userId));
  return Number(row?.others ?? 0) > 0;
}

/** The handler's name and login phone (users is global: the handler is the session's own person). */
export async function handlerOf(tx: Tx, userId: number): Promise<{ name: string; mobile: string | null }> {
  const [row] = await tx.select({ name: users.name, mobile: users.mobile }).from(users).where(eq(users.id, userId));
  return { name: row?.name ?? '', mobile: row?.mobile ?? null };
}
