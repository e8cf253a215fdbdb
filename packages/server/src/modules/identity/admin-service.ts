import {
  identityCodes,
  identityName,
  likePattern,
  maskPhone,
  ResultCode,
  type TPage,
  type TPageQuery,
} from '@shetuan/shared';
import { IdentityStatus, type TUserCreate, type TUserRow } from '@shetuan/shared/identity';
import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { revokeUserSessions } from '../../platform/auth/sessions';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { assignDefaultRole, rolesOfIdentities } from '../../platform/rbac';
import { orgs } from '../org/tables';
import { addTenantUser, findLogin, insertIdentity, insertUser } from './repository';
import { identities, tenantUsers, users } from './tables';

const filter = (keyword?: string) =>
  keyword
    ? or(
        ilike(users.name, likePattern(keyword)),
        ilike(users.mobile, likePattern(keyword)),
        ilike(users.account, likePattern(keyword)),
      )
    : undefined;

async function withIdentities(
  tx: Tx,
  rows: { id: number; name: string; mobile: string | null; account: string | null; status: number; createdAt: Date }[],
): Promise<TUserRow[]> {
  const ids = rows.map((r) => r.id);
  const idRows = ids.length
    ? await tx
        .select({
          id: identities.id,
          userId: identities.userId,
          code: identities.identityCode,
          status: identities.status,
          orgName: orgs.name,
        })
        .from(identities)
        .leftJoin(orgs, and(eq(orgs.tenantId, identities.tenantId), eq(orgs.id, identities.orgId)))
        .where(inArray(identities.userId, ids))
        .orderBy(asc(identities.id))
    : [];
  const roles = await rolesOfIdentities(
    tx,
    idRows.map((i) => i.id),
  );
  return rows.map((u) => ({
    userId: u.id,
    name: u.name,
    mobile: maskPhone(u.mobile),
    account: u.account ?? '',
    status: u.status,
    createdAt: u.createdAt.toISOString(),
    identities: idRows
      .filter((i) => i.userId === u.id)
      .map((i) => ({
        identityId: i.id,
        identityName: identityName(i.code),
        orgName: i.orgName ?? '',
        status: i.status,
        roles: roles.get(i.id) ?? [],
      })),
  }));
}

const userFields = {
  id: users.id,
  name: users.name,
  mobile: users.mobile,
  account: users.account,
  status: users.status,
  createdAt: tenantUsers.createdAt,
};

/** The people of the tenant (tenant_users; RLS on both tables keeps other tenants out). */
export async function listUsers(tx: Tx, query: TPageQuery): Promise<TPage<TUserRow>> {
  const where = filter(query.keyword);
  const [total] = await tx
    .select({ n: count() })
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(where);
  const rows = await tx
    .select(userFields)
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(where)
    .orderBy(desc(tenantUsers.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  return {
    records: await withIdentities(tx, rows),
    total: total?.n ?? 0,
    current: query.current,
    pageSize: query.pageSize,
  };
}

export async function allUsers(tx: Tx, keyword?: string): Promise<TUserRow[]> {
  const rows = await tx
    .select(userFields)
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(filter(keyword))
    .orderBy(desc(tenantUsers.createdAt), desc(users.id))
    .limit(50_000);
  return withIdentities(tx, rows);
}

export async function identityExists(tx: Tx, identityId: number): Promise<boolean> {
  const [row] = await tx.select({ id: identities.id }).from(identities).where(eq(identities.id, identityId));
  return Boolean(row);
}

export interface CreatedUser {
  userId: number;
  existed: boolean;
}

/**
 * Adds a person to the tenant with one identity. A new mobile gets an account with the given
 * initial password, to be changed at first login; a mobile that already has an account (in any
 * tenant) joins with its own password untouched.
 */
export async function createUser(
  tx: Tx,
  tenantId: number,
  input: TUserCreate,
  passwordHash: string,
): Promise<CreatedUser> {
  if (!identityCodes.includes(input.identityCode as never)) throw new AppError(ResultCode.FAILED, '身份不正确');
  if (input.orgId !== null) {
    const [org] = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, input.orgId));
    if (!org) throw new AppError(ResultCode.FAILED, '所属单位不存在');
  }
  const existing = await findLogin(tx, input.mobile);
  let userId = existing?.id;
  if (userId) {
    const [already] = await tx
      .select({ id: identities.id })
      .from(identities)
      .where(and(eq(identities.userId, userId), eq(identities.identityCode, input.identityCode)));
    if (already) throw new AppError(ResultCode.FAILED, '该用户在本机构已有此身份');
  } else {
    userId = await insertUser(tx, { name: input.name, mobile: input.mobile, passwordHash, mustChangePassword: true });
  }
  await addTenantUser(tx, tenantId, userId);
  const identityId = await insertIdentity(tx, {
    tenantId,
    userId,
    identityCode: input.identityCode,
    orgId: input.orgId,
  });
  await assignDefaultRole(tx, tenantId, identityId, input.identityCode);
  return { userId, existed: Boolean(existing) };
}

async function requireMember(tx: Tx, userId: number): Promise<void> {
  const [row] = await tx.select({ userId: tenantUsers.userId }).from(tenantUsers).where(eq(tenantUsers.userId, userId));
  if (!row) throw new AppError(ResultCode.FAILED, '用户不存在');
}

/** Renames a person and enables or disables them in this tenant; disabling ends their sessions here. */
export async function updateUser(tx: Tx, userId: number, input: { name: string; status: number }): Promise<void> {
  await requireMember(tx, userId);
  await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx
    .update(tenantUsers)
    .set({ status: input.status, updatedAt: new Date() })
    .where(eq(tenantUsers.userId, userId));
  await tx
    .update(identities)
    .set({ status: input.status === 1 ? IdentityStatus.ACTIVE : IdentityStatus.DISABLED, updatedAt: new Date() })
    .where(
      and(eq(identities.userId, userId), inArray(identities.status, [IdentityStatus.ACTIVE, IdentityStatus.DISABLED])),
    );
  if (input.status !== 1) await revokeUserSessions(tx, userId, 'disabled');
}

/** Sets a new password that must be changed at the next login, and ends the person's sessions here. */
export async function resetPassword(tx: Tx, userId: number, passwordHash: string): Promise<void> {
  await requireMember(tx, userId);
  await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: true, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await revokeUserSessions(tx, userId, 'password');
}
