import { and, eq, lt, ne } from 'drizzle-orm';
import type { Tx } from '../db';
import { users } from '../directory/tables';
import { wechatAccounts, wechatBindings, wechatLogins } from './tables';

/*
 * WeChat bindings and bound accounts. Every query names the tenant (docs/scale-out.md: only an
 * explicit tenant predicate routes a query to one shard); row-level security stays as the safety net.
 */

export type BindingRow = typeof wechatBindings.$inferSelect;
export type AccountRow = typeof wechatAccounts.$inferSelect;

/** The WeChat account the person has bound here. */
export async function findAccount(tx: Tx, tenantId: number, userId: number): Promise<AccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(wechatAccounts)
    .where(and(eq(wechatAccounts.tenantId, tenantId), eq(wechatAccounts.userId, userId)));
  return row;
}

/** The person who has that WeChat account here, when it is not the person given. */
export async function accountHolderOtherThan(
  tx: Tx,
  tenantId: number,
  openId: string,
  userId: number,
): Promise<number | undefined> {
  const [taken] = await tx
    .select({ userId: wechatAccounts.userId })
    .from(wechatAccounts)
    .where(
      and(eq(wechatAccounts.tenantId, tenantId), eq(wechatAccounts.openId, openId), ne(wechatAccounts.userId, userId)),
    );
  return taken?.userId;
}

/** Binds the account to the person (replacing the one they had). */
export async function upsertAccount(
  tx: Tx,
  tenantId: number,
  userId: number,
  account: { openId: string; nickname: string },
): Promise<void> {
  await tx
    .insert(wechatAccounts)
    .values({ tenantId, userId, openId: account.openId, nickname: account.nickname })
    .onConflictDoUpdate({
      target: [wechatAccounts.tenantId, wechatAccounts.userId],
      set: { openId: account.openId, nickname: account.nickname, createdAt: new Date() },
    });
}

export async function deleteAccount(tx: Tx, tenantId: number, userId: number): Promise<void> {
  await tx.delete(wechatAccounts).where(and(eq(wechatAccounts.tenantId, tenantId), eq(wechatAccounts.userId, userId)));
}

export async function insertBinding(
  tx: Tx,
  tenantId: number,
  values: { uuid: string; userId: number; expiresAt: Date },
): Promise<void> {
  await tx.insert(wechatBindings).values({ ...values, tenantId });
}

/** The pending binding of that QR code. */
export async function findPendingBinding(tx: Tx, tenantId: number, uuid: string): Promise<BindingRow | undefined> {
  const [binding] = await tx
    .select()
    .from(wechatBindings)
    .where(
      and(eq(wechatBindings.tenantId, tenantId), eq(wechatBindings.uuid, uuid), eq(wechatBindings.status, 'pending')),
    );
  return binding;
}

/** The person's binding of that QR code. */
export async function findOwnBinding(
  tx: Tx,
  tenantId: number,
  uuid: string,
  userId: number,
): Promise<BindingRow | undefined> {
  const [row] = await tx
    .select()
    .from(wechatBindings)
    .where(
      and(eq(wechatBindings.tenantId, tenantId), eq(wechatBindings.uuid, uuid), eq(wechatBindings.userId, userId)),
    );
  return row;
}

/** A binding's outcome, with the WeChat account scanned. */
export async function finishBinding(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { status: 'success' | 'failed'; openId: string; nickname: string },
): Promise<void> {
  await tx
    .update(wechatBindings)
    .set(values)
    .where(and(eq(wechatBindings.tenantId, tenantId), eq(wechatBindings.id, id)));
}

// ---- QR login attempts (/wxlogin) ----

export type LoginRow = typeof wechatLogins.$inferSelect;

/** The person who has bound that WeChat account here. */
export async function accountHolder(tx: Tx, tenantId: number, openId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ userId: wechatAccounts.userId })
    .from(wechatAccounts)
    .where(and(eq(wechatAccounts.tenantId, tenantId), eq(wechatAccounts.openId, openId)));
  return row?.userId;
}

export async function insertLogin(
  tx: Tx,
  tenantId: number,
  values: { uuid: string; pollKeyHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(wechatLogins).values({ ...values, tenantId });
}

/** Attempts older than the given time are of no use to anyone: they go as new ones come. */
export async function deleteLoginsBefore(tx: Tx, tenantId: number, before: Date): Promise<void> {
  await tx.delete(wechatLogins).where(and(eq(wechatLogins.tenantId, tenantId), lt(wechatLogins.createdAt, before)));
}

export async function findLogin(tx: Tx, tenantId: number, uuid: string): Promise<LoginRow | undefined> {
  const [row] = await tx
    .select()
    .from(wechatLogins)
    .where(and(eq(wechatLogins.tenantId, tenantId), eq(wechatLogins.uuid, uuid)));
  return row;
}

/** The scan of a pending attempt: the account, and the person it is bound to (success) or none (unbound). */
export async function scanLogin(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { openId: string; nickname: string; userId: number | null },
): Promise<boolean> {
  const rows = await tx
    .update(wechatLogins)
    .set({ ...values, status: values.userId === null ? 'unbound' : 'success', scannedAt: new Date() })
    .where(and(eq(wechatLogins.tenantId, tenantId), eq(wechatLogins.id, id), eq(wechatLogins.status, 'pending')))
    .returning({ id: wechatLogins.id });
  return rows.length > 0;
}

/** Spends an attempt in the state given, once: the first caller gets the row, any other none. */
export async function spendLogin(
  tx: Tx,
  tenantId: number,
  id: number,
  from: 'success' | 'unbound',
): Promise<LoginRow | undefined> {
  const [row] = await tx
    .update(wechatLogins)
    .set({ status: 'spent' })
    .where(and(eq(wechatLogins.tenantId, tenantId), eq(wechatLogins.id, id), eq(wechatLogins.status, from)))
    .returning();
  return row;
}

/** What a login needs of a person of the tenant: the status and the phone. */
export async function loginPerson(
  tx: Tx,
  userId: number,
): Promise<{ id: number; status: number; mobile: string | null; account: string | null } | undefined> {
  const [row] = await tx
    .select({ id: users.id, status: users.status, mobile: users.mobile, account: users.account })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
