import { likePattern } from '@shetuan/shared';
import { and, count, desc, eq, gt, ilike, isNull, or } from 'drizzle-orm';
import type { Tx } from '../db';
import { identities, tenantUsers, users } from '../directory/tables';
import { tenants } from '../tenancy/tables';
import { phoneVerifications, smsCodes, smsOutbox } from './tables';

/*
 * SMS codes, the outbox and phone verifications. Every query of tenant rows names the tenant
 * (docs/scale-out.md: only an explicit tenant predicate routes a query to one shard); row-level
 * security stays as the safety net.
 */

export type OutboxRow = typeof smsOutbox.$inferSelect;
export type CodeRow = typeof smsCodes.$inferSelect;

/** The tenant's name (tenants is a global table: no tenant predicate applies). */
export async function tenantCompanyName(tx: Tx, tenantId: number): Promise<string | undefined> {
  const [tenant] = await tx.select({ companyName: tenants.companyName }).from(tenants).where(eq(tenants.id, tenantId));
  return tenant?.companyName;
}

// ---- Codes ----

/** How many codes were sent to the phone since the time given (any purpose). */
export async function countCodesSince(tx: Tx, tenantId: number, phone: string, since: Date): Promise<number> {
  const [recent] = await tx
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.tenantId, tenantId), eq(smsCodes.phone, phone), gt(smsCodes.createdAt, since)));
  return recent?.n ?? 0;
}

/** When the last code of that phone and purpose was sent. */
export async function lastCodeSentAt(
  tx: Tx,
  tenantId: number,
  phone: string,
  purpose: string,
): Promise<Date | undefined> {
  const [last] = await tx
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.tenantId, tenantId), eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return last?.createdAt;
}

export async function insertCode(
  tx: Tx,
  tenantId: number,
  values: Pick<CodeRow, 'phone' | 'purpose' | 'codeHash' | 'expiresAt'>,
): Promise<void> {
  await tx.insert(smsCodes).values({ ...values, tenantId });
}

/**
 * The latest code of that phone and purpose not yet consumed, locked for the rest of the
 * transaction: checks of one code run one at a time, so parallel guesses each count and a right
 * code is spent once.
 */
export async function latestOpenCode(
  tx: Tx,
  tenantId: number,
  phone: string,
  purpose: string,
): Promise<CodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.tenantId, tenantId),
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.consumedAt),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function setCodeAttempts(tx: Tx, tenantId: number, id: number, attempts: number): Promise<void> {
  await tx
    .update(smsCodes)
    .set({ attempts })
    .where(and(eq(smsCodes.tenantId, tenantId), eq(smsCodes.id, id)));
}

export async function markCodeConsumed(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx
    .update(smsCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsCodes.tenantId, tenantId), eq(smsCodes.id, id)));
}

// ---- Outbox ----

export async function insertOutbox(
  tx: Tx,
  tenantId: number,
  values: Pick<OutboxRow, 'phone' | 'template' | 'content' | 'provider' | 'status' | 'error'>,
): Promise<number> {
  const [row] = await tx
    .insert(smsOutbox)
    .values({ ...values, tenantId })
    .returning({ id: smsOutbox.id });
  if (!row) throw new Error('no outbox row');
  return row.id;
}

export async function findOutbox(tx: Tx, tenantId: number, id: number): Promise<OutboxRow | undefined> {
  const [row] = await tx
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.tenantId, tenantId), eq(smsOutbox.id, id)));
  return row;
}

/** What became of a queued notice: sent, failed, or queued again with the last error. */
export async function setOutboxResult(
  tx: Tx,
  tenantId: number,
  id: number,
  values: Pick<OutboxRow, 'provider' | 'status' | 'error'>,
): Promise<void> {
  await tx
    .update(smsOutbox)
    .set(values)
    .where(and(eq(smsOutbox.tenantId, tenantId), eq(smsOutbox.id, id)));
}

// ---- Recipients (users is global: the tenant is named through the membership or the identity) ----

/** The phone of an active person of the tenant (null: no phone, not a member, or disabled). */
export async function memberPhone(tx: Tx, tenantId: number, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ mobile: users.mobile })
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.userId, userId), eq(users.status, 1)));
  return row?.mobile ?? null;
}

/** The phone of the active person behind an identity of the tenant. */
export async function identityPhone(tx: Tx, tenantId: number, identityId: number): Promise<string | null> {
  const [row] = await tx
    .select({ mobile: users.mobile })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.tenantId, tenantId), eq(identities.id, identityId), eq(users.status, 1)));
  return row?.mobile ?? null;
}

const outboxMatching = (tenantId: number, k?: string) =>
  and(
    eq(smsOutbox.tenantId, tenantId),
    k ? or(ilike(smsOutbox.phone, likePattern(k)), ilike(smsOutbox.content, likePattern(k))) : undefined,
  );

export async function countOutbox(tx: Tx, tenantId: number, keyword?: string): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(smsOutbox).where(outboxMatching(tenantId, keyword));
  return total?.n ?? 0;
}

/** Messages matching the keyword (phone or text), newest first. */
export function listOutbox(
  tx: Tx,
  tenantId: number,
  keyword: string | undefined,
  limit: number,
  offset?: number,
): Promise<OutboxRow[]> {
  const query = tx
    .select()
    .from(smsOutbox)
    .where(outboxMatching(tenantId, keyword))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
  return offset === undefined ? query : query.offset(offset);
}

// ---- Phone verifications (form phone fields) ----

export async function insertPhoneVerification(
  tx: Tx,
  tenantId: number,
  values: { phone: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(phoneVerifications).values({ ...values, tenantId });
}

/** Marks the unused, unexpired verification of that token and phone used; false when there is none. */
export async function spendPhoneVerification(
  tx: Tx,
  tenantId: number,
  tokenHash: string,
  phone: string,
): Promise<boolean> {
  const rows = await tx
    .update(phoneVerifications)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(phoneVerifications.tenantId, tenantId),
        eq(phoneVerifications.tokenHash, tokenHash),
        eq(phoneVerifications.phone, phone),
        isNull(phoneVerifications.usedAt),
        gt(phoneVerifications.expiresAt, new Date()),
      ),
    )
    .returning({ id: phoneVerifications.id });
  return rows.length > 0;
}
