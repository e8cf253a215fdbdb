import { identityCodes, identityName, likePattern, maskPhone, ResultCode, type TPage } from '@shetuan/shared';
import {
  IdentityStatus,
  TenantUserStatus,
  type TUserCreate,
  type TUserListQuery,
  type TUserRow,
  type TUserUpdate,
  type UserListKind,
  userTypeNames,
} from '@shetuan/shared/identity';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { revokeUserSessions } from '../../platform/auth/sessions';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { sendMessage } from '../../platform/messages';
import { assignDefaultRole, rolesOfIdentities } from '../../platform/rbac';
import { departmentExists } from '../org/departments';
import { departments, orgs } from '../org/tables';
import { addTenantUser, findLogin, insertIdentity, insertUser } from './repository';
import { identities, tenantUsers, users } from './tables';

/** The rows a list shows: its user types and states, narrowed by the query's tab and keyword. */
function listFilter(kind: UserListKind, query: Partial<TUserListQuery>): SQL | undefined {
  const types = query.userType !== undefined ? kind.userTypes.filter((t) => t === query.userType) : kind.userTypes;
  const statuses = query.status !== undefined ? kind.statuses.filter((s) => s === query.status) : kind.statuses;
  const keyword = query.keyword
    ? or(
        ilike(users.name, likePattern(query.keyword)),
        ilike(users.mobile, likePattern(query.keyword)),
        ilike(users.account, likePattern(query.keyword)),
      )
    : undefined;
  return and(
    inArray(tenantUsers.userType, types.length ? types : [-1]),
    inArray(tenantUsers.status, statuses.length ? statuses : [-1]),
    keyword,
  );
}

const userFields = {
  id: users.id,
  name: users.name,
  mobile: users.mobile,
  account: users.account,
  userType: tenantUsers.userType,
  deptId: tenantUsers.deptId,
  deptName: departments.name,
  status: tenantUsers.status,
  reviewRemark: tenantUsers.reviewRemark,
  createdAt: tenantUsers.createdAt,
};
type UserFields = {
  id: number;
  name: string;
  mobile: string | null;
  account: string | null;
  userType: number;
  deptId: number | null;
  deptName: string | null;
  status: number;
  reviewRemark: string;
  createdAt: Date;
};

const people = (tx: Tx) =>
  tx
    .select(userFields)
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .leftJoin(departments, and(eq(departments.tenantId, tenantUsers.tenantId), eq(departments.id, tenantUsers.deptId)));

async function withIdentities(tx: Tx, rows: UserFields[]): Promise<TUserRow[]> {
  const ids = rows.map((r) => r.id);
  const idRows = ids.length
    ? await tx
        .select({
          id: identities.id,
          userId: identities.userId,
          code: identities.identityCode,
          status: identities.status,
          orgId: identities.orgId,
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
    userType: u.userType,
    userTypeName: userTypeNames[u.userType] ?? '',
    deptId: u.deptId,
    deptName: u.deptName ?? '',
    status: u.status,
    reviewRemark: u.reviewRemark,
    createdAt: u.createdAt.toISOString(),
    identities: idRows
      .filter((i) => i.userId === u.id)
      .map((i) => ({
        identityId: i.id,
        identityCode: i.code,
        identityName: identityName(i.code),
        orgId: i.orgId,
        orgName: i.orgName ?? '',
        status: i.status,
        roles: roles.get(i.id) ?? [],
      })),
  }));
}

/** One page of a user list (tenant_users; RLS on both tables keeps other tenants out). */
export async function listUsers(tx: Tx, kind: UserListKind, query: TUserListQuery): Promise<TPage<TUserRow>> {
  const where = listFilter(kind, query);
  const [total] = await tx
    .select({ n: count() })
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(where);
  const rows = await people(tx)
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

/** Everything a list's search shows, for the export. */
export async function allUsers(tx: Tx, kind: UserListKind, query: Partial<TUserListQuery>): Promise<TUserRow[]> {
  const rows = await people(tx)
    .where(listFilter(kind, query))
    .orderBy(desc(tenantUsers.createdAt), desc(users.id))
    .limit(50_000);
  return withIdentities(tx, rows);
}

/** One person of a list (the edit pages); another list's people are not found here. */
export async function getUser(tx: Tx, kind: UserListKind, userId: number): Promise<TUserRow> {
  const rows = await people(tx).where(and(eq(tenantUsers.userId, userId), listFilter(kind, {})));
  const [row] = await withIdentities(tx, rows);
  if (!row) throw new AppError(ResultCode.FAILED, '用户不存在');
  return row;
}

export async function identityExists(tx: Tx, identityId: number): Promise<boolean> {
  const [row] = await tx.select({ id: identities.id }).from(identities).where(eq(identities.id, identityId));
  return Boolean(row);
}

export interface CreatedUser {
  userId: number;
  existed: boolean;
}

async function checkDepartment(tx: Tx, deptId: number | null): Promise<void> {
  if (deptId !== null && !(await departmentExists(tx, deptId))) throw new AppError(ResultCode.FAILED, '所属部门不存在');
}

/**
 * Adds a person to the tenant with one identity, from a list that allows that kind of user. A
 * new mobile gets an account with the given initial password, to be changed at first login; a
 * mobile that already has an account (in any tenant) joins with its own password untouched.
 */
export async function createUser(
  tx: Tx,
  tenantId: number,
  kind: UserListKind,
  input: TUserCreate,
  passwordHash: string,
): Promise<CreatedUser> {
  const add = kind.adds.find((a) => a.userType === input.userType);
  if (!add) throw new AppError(ResultCode.FAILED, '用户类型不正确');
  if (!identityCodes.includes(input.identityCode as never)) throw new AppError(ResultCode.FAILED, '身份不正确');
  if (add.needsOrg && input.orgId === null) throw new AppError(ResultCode.FAILED, '请选择所属单位');
  if (input.orgId !== null) {
    const [org] = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, input.orgId));
    if (!org) throw new AppError(ResultCode.FAILED, '所属单位不存在');
  }
  await checkDepartment(tx, input.deptId);
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
  await addTenantUser(tx, tenantId, userId, { userType: input.userType, deptId: input.deptId });
  const identityId = await insertIdentity(tx, {
    tenantId,
    userId,
    identityCode: input.identityCode,
    orgId: input.orgId,
  });
  await assignDefaultRole(tx, tenantId, identityId, input.identityCode);
  return { userId, existed: Boolean(existing) };
}

async function requireIn(tx: Tx, kind: UserListKind, userId: number): Promise<void> {
  const [row] = await tx
    .select({ userId: tenantUsers.userId })
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(and(eq(tenantUsers.userId, userId), listFilter(kind, {})));
  if (!row) throw new AppError(ResultCode.FAILED, '用户不存在');
}

/** Enables or disables every identity of a person here that is active or disabled (not those under review). */
async function setIdentitiesActive(tx: Tx, userId: number, active: boolean): Promise<void> {
  await tx
    .update(identities)
    .set({ status: active ? IdentityStatus.ACTIVE : IdentityStatus.DISABLED, updatedAt: new Date() })
    .where(
      and(eq(identities.userId, userId), inArray(identities.status, [IdentityStatus.ACTIVE, IdentityStatus.DISABLED])),
    );
}

/** Renames a person, moves them to a department, enables or disables them here; disabling ends their sessions. */
export async function updateUser(tx: Tx, kind: UserListKind, userId: number, input: TUserUpdate): Promise<void> {
  await requireIn(tx, kind, userId);
  await checkDepartment(tx, input.deptId);
  await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx
    .update(tenantUsers)
    .set({ status: input.status, deptId: input.deptId, updatedAt: new Date() })
    .where(eq(tenantUsers.userId, userId));
  await setIdentitiesActive(tx, userId, input.status === TenantUserStatus.ACTIVE);
  if (input.status !== TenantUserStatus.ACTIVE) await revokeUserSessions(tx, userId, 'disabled');
}

/** Sets a new password that must be changed at the next login, and ends the person's sessions here. */
export async function resetPassword(tx: Tx, kind: UserListKind, userId: number, passwordHash: string): Promise<void> {
  await requireIn(tx, kind, userId);
  await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: true, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await revokeUserSessions(tx, userId, 'password');
}

/**
 * /user-audit: passes a registration waiting for review (the person and their pending identities
 * become active) or refuses it with a reason (the identities are rejected; the person reads the
 * reason on /login-member-result when logging in). A refused registration can be passed later.
 */
export async function reviewUser(
  tx: Tx,
  kind: UserListKind,
  userId: number,
  input: { approved: boolean; remark: string },
): Promise<void> {
  const [row] = await tx
    .select({ status: tenantUsers.status })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.userId, userId), listFilter(kind, {})));
  if (!row) throw new AppError(ResultCode.FAILED, '用户不存在或已审核');
  if (input.approved === false && row.status === TenantUserStatus.REFUSED)
    throw new AppError(ResultCode.FAILED, '该用户已审核不通过');
  await tx
    .update(tenantUsers)
    .set({
      status: input.approved ? TenantUserStatus.ACTIVE : TenantUserStatus.REFUSED,
      reviewRemark: input.remark,
      updatedAt: new Date(),
    })
    .where(eq(tenantUsers.userId, userId));
  const [tenantRow] = await tx
    .select({ tenantId: tenantUsers.tenantId })
    .from(tenantUsers)
    .where(eq(tenantUsers.userId, userId));
  if (tenantRow) {
    await sendMessage(
      tx,
      tenantRow.tenantId,
      'registration.reviewed',
      { userId },
      {
        title: input.approved ? '注册审核已通过' : '注册审核未通过',
        body: input.approved ? '您的注册申请已通过审核，欢迎使用。' : `您的注册申请未通过审核：${input.remark}`,
      },
    );
  }
  await tx
    .update(identities)
    .set({
      status: input.approved ? IdentityStatus.ACTIVE : IdentityStatus.REJECTED,
      remark: input.remark,
      updatedAt: new Date(),
    })
    .where(
      and(eq(identities.userId, userId), inArray(identities.status, [IdentityStatus.PENDING, IdentityStatus.REJECTED])),
    );
}
