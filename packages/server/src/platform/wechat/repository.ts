import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../db';
import { wechatAccounts, wechatBindings } from './tables';

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
