import { identityCodes, identityName, maskPhone, ResultCode, type TPage } from '@shetuan/shared';
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
import { revokeUserSessions } from '../../platform/auth/sessions';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { sendMessage } from '../../platform/messages';
import { assignDefaultRole } from '../../platform/rbac';
import { departmentExists } from '../org';
import * as repo from './repository';

/** The rows a list shows: its user types and states, narrowed by the query's tab and keyword. */
function listFilter(kind: UserListKind, query: Partial<TUserListQuery>): repo.UserListScope {
  return { ...listScope(kind, query), keyword: query.keyword };
}

/** The user types and states a list shows, narrowed by the query's tab ([-1]: none). */
function listScope(kind: UserListKind, query: Partial<TUserListQuery>): { types: number[]; statuses: number[] } {
  const types = query.userType !== undefined ? kind.userTypes.filter((t) => t === query.userType) : kind.userTypes;
  const statuses = query.status !== undefined ? kind.statuses.filter((s) => s === query.status) : kind.statuses;
  return { types: types.length ? types : [-1], statuses: statuses.length ? statuses : [-1] };
}

/** The rows with their identities, organisations and roles: one query, however long the page. */
async function withIdentities(tx: Tx, tenantId: number, rows: repo.UserListRow[]): Promise<TUserRow[]> {
  const ids = rows.map((r) => r.id);
  const idRows = ids.length ? await repo.identitiesWithRoles(tx, tenantId, ids) : [];
  const roleMap = new Map<number, { id: number; name: string }[]>();
  for (const i of idRows) {
    const list = roleMap.get(i.id) ?? [];
    if (i.roleId !== null && i.roleName !== null) list.push({ id: i.roleId, name: i.roleName });
    roleMap.set(i.id, list);
  }
  const identityRows = idRows.filter((i, n) => n === 0 || idRows[n - 1]?.id !== i.id);
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
    identities: identityRows
      .filter((i) => i.userId === u.id)
      .map((i) => ({
        identityId: i.id,
        identityCode: i.code,
        identityName: identityName(i.code),
        orgId: i.orgId,
        orgName: i.orgName ?? '',
        status: i.status,
        roles: roleMap.get(i.id) ?? [],
      })),
  }));
}

/** One page of a user list (tenant_users, named by the tenant). */
export async function listUsers(
  tx: Tx,
  tenantId: number,
  kind: UserListKind,
  query: TUserListQuery,
): Promise<TPage<TUserRow>> {
  const scope = listFilter(kind, query);
  const offset = (query.current - 1) * query.pageSize;
  const rows = await repo.userListPage(tx, tenantId, scope, query.pageSize, offset);
  // A page past the end has no row to carry the count.
  const total = rows[0]?.total ?? (offset > 0 ? await repo.countUserList(tx, tenantId, scope) : 0);
  return {
    records: await withIdentities(tx, tenantId, rows),
    total,
    current: query.current,
    pageSize: query.pageSize,
  };
}

/** Everything a list's search shows, for the export. */
export async function allUsers(
  tx: Tx,
  tenantId: number,
  kind: UserListKind,
  query: Partial<TUserListQuery>,
): Promise<TUserRow[]> {
  const rows = await repo.userListRows(tx, tenantId, listFilter(kind, query), 50_000);
  return withIdentities(tx, tenantId, rows);
}

/** One person of a list (the edit pages); another list's people are not found here. */
export async function getUser(tx: Tx, tenantId: number, kind: UserListKind, userId: number): Promise<TUserRow> {
  const rows = await repo.userListRow(tx, tenantId, listFilter(kind, {}), userId);
  const [row] = await withIdentities(tx, tenantId, rows);
  if (!row) throw new AppError(ResultCode.FAILED, '用户不存在');
  return row;
}

export function identityExists(tx: Tx, tenantId: number, identityId: number): Promise<boolean> {
  return repo.identityExists(tx, tenantId, identityId);
}

export interface CreatedUser {
  userId: number;
  existed: boolean;
}

async function checkDepartment(tx: Tx, tenantId: number, deptId: number | null): Promise<void> {
  if (deptId !== null && !(await departmentExists(tx, deptId, tenantId)))
    throw new AppError(ResultCode.FAILED, '所属部门不存在');
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
  if (input.orgId !== null && !(await repo.orgExists(tx, tenantId, input.orgId)))
    throw new AppError(ResultCode.FAILED, '所属单位不存在');
  await checkDepartment(tx, tenantId, input.deptId);
  const existing = await repo.findLogin(tx, input.mobile);
  let userId = existing?.id;
  if (userId) {
    if (await repo.hasIdentityCode(tx, tenantId, userId, input.identityCode))
      throw new AppError(ResultCode.FAILED, '该用户在本机构已有此身份');
  } else {
    userId = await repo.insertUser(tx, {
      name: input.name,
      mobile: input.mobile,
      passwordHash,
      mustChangePassword: true,
    });
  }
  await repo.addTenantUser(tx, tenantId, userId, { userType: input.userType, deptId: input.deptId });
  const identityId = await repo.insertIdentity(tx, {
    tenantId,
    userId,
    identityCode: input.identityCode,
    orgId: input.orgId,
  });
  await assignDefaultRole(tx, tenantId, identityId, input.identityCode);
  return { userId, existed: Boolean(existing) };
}

async function requireIn(tx: Tx, tenantId: number, kind: UserListKind, userId: number): Promise<void> {
  if (!(await repo.isInUserList(tx, tenantId, listFilter(kind, {}), userId)))
    throw new AppError(ResultCode.FAILED, '用户不存在');
}

/** Renames a person, moves them to a department, enables or disables them here; disabling ends their sessions. */
export async function updateUser(
  tx: Tx,
  tenantId: number,
  kind: UserListKind,
  userId: number,
  input: TUserUpdate,
): Promise<void> {
  await requireIn(tx, tenantId, kind, userId);
  await checkDepartment(tx, tenantId, input.deptId);
  await repo.setName(tx, userId, input.name);
  await repo.updateTenantUser(tx, tenantId, userId, { status: input.status, deptId: input.deptId });
  // Every identity here that is active or disabled (not those under review) follows.
  await repo.setIdentityStatuses(tx, tenantId, userId, [IdentityStatus.ACTIVE, IdentityStatus.DISABLED], {
    status: input.status === TenantUserStatus.ACTIVE ? IdentityStatus.ACTIVE : IdentityStatus.DISABLED,
  });
  if (input.status !== TenantUserStatus.ACTIVE) await revokeUserSessions(tx, tenantId, userId, 'disabled');
}

/** Sets a new password that must be changed at the next login, and ends the person's sessions here. */
export async function resetPassword(
  tx: Tx,
  tenantId: number,
  kind: UserListKind,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await requireIn(tx, tenantId, kind, userId);
  await repo.setTemporaryPassword(tx, userId, passwordHash);
  await revokeUserSessions(tx, tenantId, userId, 'password');
}

/**
 * /user-audit: passes a registration waiting for review (the person and their pending identities
 * become active) or refuses it with a reason (the identities are rejected; the person reads the
 * reason on /login-member-result when logging in). A refused registration can be passed later.
 */
export async function reviewUser(
  tx: Tx,
  tenantId: number,
  kind: UserListKind,
  userId: number,
  input: { approved: boolean; remark: string },
): Promise<void> {
  const status = await repo.userListStatus(tx, tenantId, listFilter(kind, {}), userId);
  if (status === undefined) throw new AppError(ResultCode.FAILED, '用户不存在或已审核');
  if (input.approved === false && status === TenantUserStatus.REFUSED)
    throw new AppError(ResultCode.FAILED, '该用户已审核不通过');
  await repo.updateTenantUser(tx, tenantId, userId, {
    status: input.approved ? TenantUserStatus.ACTIVE : TenantUserStatus.REFUSED,
    reviewRemark: input.remark,
  });
  if (await repo.isTenantUser(tx, tenantId, userId)) {
    await sendMessage(
      tx,
      tenantId,
      'registration.reviewed',
      { userId },
      {
        title: input.approved ? '注册审核已通过' : '注册审核未通过',
        body: input.approved ? '您的注册申请已通过审核，欢迎使用。' : `您的注册申请未通过审核：${input.remark}`,
      },
    );
  }
  await repo.setIdentityStatuses(tx, tenantId, userId, [IdentityStatus.PENDING, IdentityStatus.REJECTED], {
    status: input.approved ? IdentityStatus.ACTIVE : IdentityStatus.REJECTED,
    remark: input.remark,
  });
}
