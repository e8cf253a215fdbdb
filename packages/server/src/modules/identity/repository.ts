import { likePattern } from '@shetuan/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type GlobalReader, type Tx, txGenericStatement, txStatement } from '../../platform/db';
import { departments, identities, orgs, tenantUsers, users } from '../../platform/directory/tables';
import { tenantDomains, tenants } from '../../platform/tenancy/tables';
import { memberProfiles } from './tables';

/*
 * People, their memberships and identities. Every query of tenant rows (tenant_users, identities,
 * orgs) names the tenant (docs/scale-out.md: only an explicit tenant predicate routes a query to
 * one shard); row-level security stays as the safety net. users and tenants are global tables:
 * their queries take no tenant predicate. Deliberately cross-tenant: findLogin (a login finds its
 * person wherever they belong) and myTenants (the tenants a person belongs to).
 */

export interface LoginAccount {
  id: number;
  mobile: string | null;
  passwordHash: string | null;
  status: number;
  mustChangePassword: boolean;
  isSuperAdmin: boolean;
  lockedUntil: Date | null;
}

type Rows<T> = { rows: T[] };

/**
 * The person a login (mobile or account name) names, in any tenant (security-definer function).
 * Cross-tenant on purpose: users is global, and a person logs in with the same account everywhere.
 */
export async function findLogin(tx: Tx, login: string): Promise<LoginAccount | undefined> {
  const res = (await tx.execute(sql`select * from app_find_login(${login})`)) as unknown as Rows<
    Record<string, unknown>
  >;
  const r = res.rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    mobile: (r.mobile as string | null) ?? null,
    passwordHash: (r.password_hash as string | null) ?? null,
    status: Number(r.status),
    mustChangePassword: Boolean(r.must_change_password),
    isSuperAdmin: Boolean(r.is_super_admin),
    lockedUntil: r.locked_until ? new Date(r.locked_until as string) : null,
  };
}

export async function lockUser(tx: Tx, userId: number, until: Date): Promise<void> {
  await tx.execute(sql`select app_lock_user(${userId}, ${until.toISOString()}::timestamptz)`);
}

export interface MyTenant {
  tenantId: number;
  companyId: number;
  companyName: string;
  icon: string | null;
}

/**
 * The tenants the transaction's own person has an identity in (app.user_id must be set).
 * Cross-tenant on purpose: it is the list of tenants to choose from (security-definer function).
 */
export async function myTenants(tx: Tx): Promise<MyTenant[]> {
  const res = (await tx.execute(sql`select * from app_my_tenants()`)) as unknown as Rows<Record<string, unknown>>;
  return res.rows.map((r) => ({
    tenantId: Number(r.tenant_id),
    companyId: Number(r.company_id),
    companyName: String(r.company_name),
    icon: (r.icon as string | null) ?? null,
  }));
}

/** A person (users is global: no tenant predicate; RLS shows the tenant's people and oneself). */
export function findUser(tx: Tx, userId: number) {
  return tx
    .select()
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]);
}

export interface IdentityRow {
  id: number;
  tenantId: number;
  userId: number;
  identityCode: number;
  orgId: number | null;
  status: number;
  remark: string;
  orgName: string | null;
  orgType: number | null;
}

const identityColumns = {
  id: identities.id,
  tenantId: identities.tenantId,
  userId: identities.userId,
  identityCode: identities.identityCode,
  orgId: identities.orgId,
  status: identities.status,
  remark: identities.remark,
  orgName: orgs.name,
  orgType: orgs.orgType,
};

/** The identities of a person in the tenant. */
export function identitiesOfUser(tx: Tx, tenantId: number, userId: number): Promise<IdentityRow[]> {
  return tx
    .select(identityColumns)
    .from(identities)
    .leftJoin(orgs, and(eq(orgs.tenantId, identities.tenantId), eq(orgs.id, identities.orgId)))
    .where(and(eq(identities.tenantId, tenantId), eq(identities.userId, userId)))
    .orderBy(asc(identities.id));
}

export function findIdentity(tx: Tx, tenantId: number, identityId: number): Promise<IdentityRow | undefined> {
  return tx
    .select(identityColumns)
    .from(identities)
    .leftJoin(orgs, and(eq(orgs.tenantId, identities.tenantId), eq(orgs.id, identities.orgId)))
    .where(and(eq(identities.tenantId, tenantId), eq(identities.id, identityId)))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function setPassword(tx: Tx, userId: number, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: false, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function setMobile(tx: Tx, userId: number, mobile: string): Promise<void> {
  await tx.update(users).set({ mobile, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Creates a person with a known id (RLS hides a new person until they join a tenant). */
export async function insertUser(tx: Tx, values: Omit<typeof users.$inferInsert, 'id'>): Promise<number> {
  const res = (await tx.execute(sql`select nextval(pg_get_serial_sequence('users', 'id')) as id`)) as unknown as Rows<{
    id: string | number;
  }>;
  const id = Number(res.rows[0]?.id);
  await tx.insert(users).values({ ...values, id });
  return id;
}

export async function addTenantUser(
  tx: Tx,
  tenantId: number,
  userId: number,
  options: { userType?: number; status?: number; deptId?: number | null } = {},
): Promise<void> {
  await tx
    .insert(tenantUsers)
    .values({ tenantId, userId, userType: options.userType ?? 2, status: options.status ?? 1, deptId: options.deptId })
    .onConflictDoNothing();
}

export async function insertIdentity(
  tx: Tx,
  values: {
    tenantId: number;
    userId: number;
    identityCode: number;
    orgId: number | null;
    status?: number;
    remark?: string;
  },
): Promise<number> {
  const [row] = await tx.insert(identities).values(values).returning({ id: identities.id });
  if (!row) throw new Error('identity insert returned no row');
  return row.id;
}

export async function setName(tx: Tx, userId: number, name: string): Promise<void> {
  await tx.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setEmail(tx: Tx, userId: number, email: string): Promise<void> {
  await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Whether a person already belongs to the tenant. */
export async function isTenantUser(tx: Tx, tenantId: number, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ userId: tenantUsers.userId })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.userId, userId)));
  return Boolean(row);
}

/** The id of the tenant's organisation of that name (the demo people's). */
export async function findOrgIdByName(tx: Tx, tenantId: number, name: string): Promise<number | undefined> {
  const [org] = await tx
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), eq(orgs.name, name)))
    .limit(1);
  return org?.id;
}

// ---- The tenant's own row (tenants is a global table: the tenant is its key) ----

/** A tenant's settings (registration mode, password policy). */
export async function tenantSettings(g: GlobalReader, tenantId: number): Promise<Record<string, unknown> | undefined> {
  const [row] = await g.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.settings;
}

/** The name, company and icon a tenant shows in the tab and the header. */
export async function tenantHeadRow(
  tx: Tx,
  tenantId: number,
): Promise<
  { companyName: string; companyId: number; companyType: number; icon: string | null; customType: number } | undefined
> {
  const [t] = await tx
    .select({
      companyName: tenants.companyName,
      companyId: tenants.companyId,
      companyType: tenants.companyType,
      icon: tenants.icon,
      customType: tenants.customType,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return t;
}

/** A tenant's menu mode and settings (the 当前模式 switcher). */
export async function tenantMenuMode(
  tx: Tx,
  tenantId: number,
): Promise<{ customType: number; settings: Record<string, unknown> } | undefined> {
  const [tenant] = await tx
    .select({ customType: tenants.customType, settings: tenants.settings })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return tenant;
}

// ---- The member profile (custom type 34) ----

export type MemberProfileRow = typeof memberProfiles.$inferSelect;

/** A person's member profile in the tenant; undefined when never saved. */
export async function memberProfileOf(tx: Tx, tenantId: number, userId: number): Promise<MemberProfileRow | undefined> {
  const [row] = await tx
    .select()
    .from(memberProfiles)
    .where(and(eq(memberProfiles.tenantId, tenantId), eq(memberProfiles.userId, userId)));
  return row;
}

/** Saves the member fields given (the others keep their value). */
export async function saveMemberProfile(
  tx: Tx,
  tenantId: number,
  userId: number,
  values: Partial<Pick<MemberProfileRow, 'gender' | 'idNumber' | 'unitName' | 'title'>>,
): Promise<void> {
  await tx
    .insert(memberProfiles)
    .values({ tenantId, userId, ...values })
    .onConflictDoUpdate({
      target: [memberProfiles.tenantId, memberProfiles.userId],
      set: { ...values, updatedAt: sql`now()` },
    });
}

// ---- The user lists (USER_LISTS: /user-management, /user-audit and the others) ----

/** The rows of a list: its user types and states ([-1]: none), and a keyword on name, mobile or account. */
export interface UserListScope {
  types: number[];
  statuses: number[];
  keyword?: string | undefined;
}

function listFilter(tenantId: number, scope: UserListScope): SQL | undefined {
  const keyword = scope.keyword
    ? or(
        ilike(users.name, likePattern(scope.keyword)),
        ilike(users.mobile, likePattern(scope.keyword)),
        ilike(users.account, likePattern(scope.keyword)),
      )
    : undefined;
  return and(
    eq(tenantUsers.tenantId, tenantId),
    inArray(tenantUsers.userType, scope.types),
    inArray(tenantUsers.status, scope.statuses),
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

/** A person of a list (users is global and joins by its key; departments by the tenant's). */
export type UserListRow = {
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
// SQL is built for them per request (docs/performance.md). The tenant is named ($2, $5) as well as
// enforced by RLS.
const IDENTITIES_SQL = `select i.id, i.user_id, i.identity_code, i.status, i.org_id, o.name as org_name,
  r.id as role_id, r.name as role_name
from identities i
left join orgs o on o.tenant_id = i.tenant_id and o.id = i.org_id
left join identity_roles ir on ir.tenant_id = i.tenant_id and ir.identity_id = i.id
left join roles r on r.tenant_id = ir.tenant_id and r.id = ir.role_id
where i.tenant_id = $2 and i.user_id = any ($1::bigint[])
order by i.id, r.id`;

// A page without a keyword: cut from tenant_users alone (index tenant_users_created) before people
// are joined, with the count riding along as an init plan.
const PAGE_SQL = `select u.id, u.name, u.mobile, u.account, tu.user_type, tu.dept_id, d.name as dept_name, tu.status,
  tu.review_remark, tu.created_at,
  (select count(*) from tenant_users c
    where c.tenant_id = $5 and c.user_type = any ($1::smallint[]) and c.status = any ($2::smallint[])) as total
from (select tenant_id, user_id from tenant_users
      where tenant_id = $5 and user_type = any ($1::smallint[]) and status = any ($2::smallint[])
      order by created_at desc, user_id desc limit $3 offset $4) as page
join tenant_users tu on tu.tenant_id = page.tenant_id and tu.user_id = page.user_id
join users u on u.id = tu.user_id
left join departments d on d.tenant_id = tu.tenant_id and d.id = tu.dept_id
order by tu.created_at desc, tu.user_id desc`;

type Raw = Record<string, unknown>;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** How many people a list shows (without a keyword, from tenant_users alone: an index-only scan). */
function countQuery(tx: Tx, tenantId: number, scope: UserListScope) {
  const counted = tx.select({ n: count() }).from(tenantUsers);
  return scope.keyword
    ? counted.innerJoin(users, eq(users.id, tenantUsers.userId)).where(listFilter(tenantId, scope))
    : counted.where(listFilter(tenantId, scope));
}

export async function countUserList(tx: Tx, tenantId: number, scope: UserListScope): Promise<number> {
  return (await countQuery(tx, tenantId, scope))[0]?.n ?? 0;
}

/**
 * One page of a list, newest first, each row carrying the list's total: the count rides along
 * with the page (an init plan, run once). A page past the end has no row to carry it.
 */
export async function userListPage(
  tx: Tx,
  tenantId: number,
  scope: UserListScope,
  limit: number,
  offset: number,
): Promise<(UserListRow & { total: number })[]> {
  if (scope.keyword) {
    return tx
      .select({ ...userFields, total: sql<number>`(${countQuery(tx, tenantId, scope)})`.mapWith(Number) })
      .from(tenantUsers)
      .innerJoin(users, eq(users.id, tenantUsers.userId))
      .leftJoin(
        departments,
        and(eq(departments.tenantId, tenantUsers.tenantId), eq(departments.id, tenantUsers.deptId)),
      )
      .where(listFilter(tenantId, scope))
      .orderBy(desc(tenantUsers.createdAt), desc(tenantUsers.userId))
      .limit(limit)
      .offset(offset);
  }
  // Planned once per connection: its custom plans were made afresh on every call (txGenericStatement).
  const rows = await txGenericStatement<Raw>(tx, 'user_list_page', PAGE_SQL, [
    scope.types,
    scope.statuses,
    limit,
    offset,
    tenantId,
  ]);
  return rows.map((r) => ({
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
  }));
}

/** Everything a list's search shows, newest first, at most limit rows (the export). */
export function userListRows(tx: Tx, tenantId: number, scope: UserListScope, limit: number): Promise<UserListRow[]> {
  return people(tx)
    .where(listFilter(tenantId, scope))
    .orderBy(desc(tenantUsers.createdAt), desc(tenantUsers.userId))
    .limit(limit);
}

/** One person of a list (none when they are not in it). */
export function userListRow(tx: Tx, tenantId: number, scope: UserListScope, userId: number): Promise<UserListRow[]> {
  return people(tx).where(and(eq(tenantUsers.userId, userId), listFilter(tenantId, scope)));
}

/** Whether the person is in the list. */
export async function isInUserList(tx: Tx, tenantId: number, scope: UserListScope, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ userId: tenantUsers.userId })
    .from(tenantUsers)
    .innerJoin(users, eq(users.id, tenantUsers.userId))
    .where(and(eq(tenantUsers.userId, userId), listFilter(tenantId, scope)));
  return Boolean(row);
}

/** The person's membership status, when they are in the list. */
export async function userListStatus(
  tx: Tx,
  tenantId: number,
  scope: UserListScope,
  userId: number,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ status: tenantUsers.status })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.userId, userId), listFilter(tenantId, scope)));
  return row?.status;
}

export interface IdentityWithRole {
  id: number;
  userId: number;
  code: number;
  status: number;
  orgId: number | null;
  orgName: string | null;
  roleId: number | null;
  roleName: string | null;
}

/** The identities of the people, with their organisations and roles (one row per role): one query. */
export async function identitiesWithRoles(tx: Tx, tenantId: number, userIds: number[]): Promise<IdentityWithRole[]> {
  const rows = await txStatement<Raw>(tx, 'user_list_identities', IDENTITIES_SQL, [userIds, tenantId]);
  return rows.map((r) => ({
    id: num(r.id),
    userId: num(r.user_id),
    code: num(r.identity_code),
    status: num(r.status),
    orgId: numOrNull(r.org_id),
    orgName: (r.org_name as string | null) ?? null,
    roleId: numOrNull(r.role_id),
    roleName: (r.role_name as string | null) ?? null,
  }));
}

export async function identityExists(tx: Tx, tenantId: number, identityId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: identities.id })
    .from(identities)
    .where(and(eq(identities.tenantId, tenantId), eq(identities.id, identityId)));
  return Boolean(row);
}

export async function orgExists(tx: Tx, tenantId: number, orgId: number): Promise<boolean> {
  const [org] = await tx
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), eq(orgs.id, orgId)));
  return Boolean(org);
}

/** Whether the person already has an identity of that code in the tenant. */
export async function hasIdentityCode(
  tx: Tx,
  tenantId: number,
  userId: number,
  identityCode: number,
): Promise<boolean> {
  const [already] = await tx
    .select({ id: identities.id })
    .from(identities)
    .where(
      and(eq(identities.tenantId, tenantId), eq(identities.userId, userId), eq(identities.identityCode, identityCode)),
    );
  return Boolean(already);
}

/** Sets the status of the person's identities in the tenant that are in one of the states given. */
export async function setIdentityStatuses(
  tx: Tx,
  tenantId: number,
  userId: number,
  from: number[],
  values: { status: number; remark?: string },
): Promise<void> {
  await tx
    .update(identities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(identities.tenantId, tenantId), eq(identities.userId, userId), inArray(identities.status, from)));
}

/** Changes the person's membership of the tenant. */
export async function updateTenantUser(
  tx: Tx,
  tenantId: number,
  userId: number,
  values: { status: number; deptId?: number | null; reviewRemark?: string },
): Promise<void> {
  await tx
    .update(tenantUsers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.userId, userId)));
}

/** A new password that must be changed at the next login (users is global). */
export async function setTemporaryPassword(tx: Tx, userId: number, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: true, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** A person's identity of a code in the tenant: its id and status, or undefined. */
export async function findIdentityOfCode(
  tx: Tx,
  tenantId: number,
  userId: number,
  identityCode: number,
): Promise<{ id: number; status: number } | undefined> {
  const [row] = await tx
    .select({ id: identities.id, status: identities.status })
    .from(identities)
    .where(
      and(eq(identities.tenantId, tenantId), eq(identities.userId, userId), eq(identities.identityCode, identityCode)),
    )
    .limit(1);
  return row;
}

/** Sets one identity's status (an expert's registration approved or refused). */
export async function setIdentityStatus(
  tx: Tx,
  tenantId: number,
  identityId: number,
  values: { status: number; remark?: string },
): Promise<void> {
  await tx
    .update(identities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(identities.tenantId, tenantId), eq(identities.id, identityId)));
}

/** A society (an enabled tenant) by id for its login entry (/societyLoginBlank), with one of its domains. */
export async function societyEntryRow(
  g: GlobalReader,
  tenantId: number,
): Promise<{ id: number; companyName: string; domain: string | null } | undefined> {
  const [row] = await g
    .select({ id: tenants.id, companyName: tenants.companyName, domain: tenantDomains.domain })
    .from(tenants)
    .leftJoin(tenantDomains, eq(tenantDomains.tenantRef, tenants.id))
    .where(and(eq(tenants.id, tenantId), eq(tenants.status, 1)))
    .orderBy(asc(tenantDomains.domain))
    .limit(1);
  return row;
}
