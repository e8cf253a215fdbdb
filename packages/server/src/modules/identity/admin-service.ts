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
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { revokeUserSessions } from '../../platform/auth/sessions';
import { type Tx, txStatement } from '../../platform/db';
import { departments, identities, orgs, tenantUsers, users } from '../../platform/directory/tables';
import { AppError } from '../../platform/http/errors';
import { sendMessage } from '../../platform/messages';
import { assignDefaultRole } from '../../platform/rbac';
import { departmentExists } from '../org';
import { addTenantUser, findLogin, insertIdentity, insertUser } from './repository';

/** The rows a list shows: its user types and states, narrowed by the query's tab and keyword. */
function listFilter(kind: UserListKind, query: Partial<TUserListQuery>): SQL | undefined {
  const { types, statuses } = listScope(kind, query);
  const keyword = query.keyword
    ? or(
        ilike(users.name, likePattern(query.keyword)),
        ilike(users.mobile, likePattern(query.keyword)),
        ilike(users.account, likePattern(query.keyword)),
      )
    : undefined;
  return and(inArray(tenantUsers.userType, types), inArray(tenantUsers.status, statuses), keyword);
}

/** The user types and states a list shows, narrowed by the query's tab ([-1]: none). */
function listScope(kind: UserListKind, query: Partial<TUserListQuery>): { types: number[]; statuses: number[] } {
  const types = query.userType !== undefined ? kind.userTypes.filter((t) => t === query.userType) : kind.userTypes;
  const statuses = query.status !== undefined ? kind.statuses.filter((s) => s === query.status) : kind.statuses;
  return { types: types.length ? types : [-1], statuses: statuses.length ? statuses : [-1] };
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

// The hot statements of the user lists, written out and prepared once per connection: no Drizzle
// SQL is built for them per request (docs/performance.md). RLS keeps every table in the tenant.
const IDENTITIES_SQL = `select i.id, i.user_id, i.identity_code, i.status, i.org_id, o.name as org_name,
  r.id as role_id, r.name as role_name
from identities i
left join orgs o on o.tenant_id = i.tenant_id and o.id = i.org_id
left join identity_roles ir on ir.tenant_id = i.tenant_id and ir.identity_id = i.id
left join roles r on r.tenant_id = ir.tenant_id and r.id = ir.role_id
where i.user_id = any ($1::bigint[])
order by i.id, r.id`;

// A page without a keyword: cut from tenant_users alone (index tenant_users_created) before people
// are joined, with the count riding along as an init plan.
const PAGE_SQL = `select u.id, u.name, u.mobile, u.account, tu.user_type, tu.dept_id, d.name as dept_name, tu.status,
  tu.review_remark, tu.created_at,
  (select count(*) from tenant_users c where c.user_type = any ($1::smallint[]) and c.status = any ($2::smallint[])) as total
from (select user_id from tenant_users where user_type = any ($1::smallint[]) and status = any ($2::smallint[])
      order by created_at desc, user_id desc limit $3 offset $4) as page
join tenant_users tu on tu.user_id = page.user_id
join users u on u.id = tu.user_id
left join departments d on d.tenant_id = tu.tenant_id and d.id = tu.dept_id
order by tu.created_at desc, tu.user_id desc`;

type Raw = Record<string, unknown>;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The rows with their identities, organisations and roles: one query, however long the page. */
async function withIdentities(tx: Tx, rows: UserFields[]): Promise<TUserRow[]> {
  const ids = rows.map((r) => r.id);
  const idRows = ids.length
    ? (await txStatement<Raw>(tx, 'user_list_identities', IDENTITIES_SQL, [ids])).map((r) => ({
        id: num(r.id),
        userId: num(r.user_id),
        code: num(r.identity_code),
        status: num(r.status),
        orgId: numOrNull(r.org_id),
        orgName: (r.org_name as string | null) ?? null,
        roleId: numOrNull(r.role_id),
        roleName: (r.role_name as string | null) ?? null,
      }))
    : [];
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

/** One page of a user list (tenant_users; RLS on both tables keeps other tenants out). */
export async function listUsers(tx: Tx, kind: UserListKind, query: TUserListQuery): Promise<TPage<TUserRow>> {
  const where = listFilter(kind, query);
  // Without a keyword the count reads tenant_users alone (an index-only scan).
  const counted = tx.select({ n: count() }).from(tenantUsers);
  const countQuery = query.keyword
    ? counted.innerJoin(users, eq(users.id, tenantUsers.userId)).where(where)
    : counted.where(where);
  const order = [desc(tenantUsers.createdAt), desc(tenantUsers.userId)];
  const offset = (query.current - 1) * query.pageSize;
  // The count rides along with the page (an init plan, run once): one statement less per request.
  const withTotal = tx
    .select({ ...userFields, total: sql<number>`(${countQuery})`.mapWith(Number) })
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .leftJoin(departments, and(eq(departments.tenantId, tenantUsers.tenantId), eq(departments.id, tenantUsers.deptId)));
  let rows: (UserFields & { total: number })[];
  if (query.keyword) {
    rows = await withTotal
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(offset);
  } else {
    const { types, statuses } = listScope(kind, query);
    rows = (await txStatement<Raw>(tx, 'user_list_page', PAGE_SQL, [types, statuses, query.pageSize, offset])).map(
      (r) => ({
        id: num(r.id),
        name: r.name as string,
        mobile: (r.mobile as string | null) ?? null,
        account: (r.account as string | null) ?? null,
        userType: num(r.user_type),
        deptId: numOrNull(r.dept_id),
        deptName: (r.dept_name as string | null) ?? null,
        status: num(r.status),
        reviewRemark: r.review_remark as string,
        createdAt: new Date(r.created_at as string | Date),
        total: num(r.total),
      }),
    );
  }
  // A page past the end has no row to carry the count.
  const total = rows[0]?.total ?? (offset > 0 ? ((await countQuery)[0]?.n ?? 0) : 0);
  return {
    records: await withIdentities(tx, rows),
    total,
    current: query.current,
    pageSize: query.pageSize,
  };
}

/** Everything a list's search shows, for the export. */
export async function allUsers(tx: Tx, kind: UserListKind, query: Partial<TUserListQuery>): Promise<TUserRow[]> {
  const rows = await people(tx)
    .where(listFilter(kind, query))
    .orderBy(desc(tenantUsers.createdAt), desc(tenantUsers.userId))
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
