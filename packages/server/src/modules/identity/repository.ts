import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { identities, orgs, tenantUsers, users } from '../../platform/directory/tables';

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

/** The person a login (mobile or account name) names, in any tenant (security-definer function). */
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

/** The tenants the transaction's own person has an identity in (app.user_id must be set). */
export async function myTenants(tx: Tx): Promise<MyTenant[]> {
  const res = (await tx.execute(sql`select * from app_my_tenants()`)) as unknown as Rows<Record<string, unknown>>;
  return res.rows.map((r) => ({
    tenantId: Number(r.tenant_id),
    companyId: Number(r.company_id),
    companyName: String(r.company_name),
    icon: (r.icon as string | null) ?? null,
  }));
}

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

/** The identities of a person in the transaction's tenant. */
export function identitiesOfUser(tx: Tx, userId: number): Promise<IdentityRow[]> {
  return tx
    .select(identityColumns)
    .from(identities)
    .leftJoin(orgs, and(eq(orgs.tenantId, identities.tenantId), eq(orgs.id, identities.orgId)))
    .where(eq(identities.userId, userId))
    .orderBy(asc(identities.id));
}

export function findIdentity(tx: Tx, identityId: number): Promise<IdentityRow | undefined> {
  return tx
    .select(identityColumns)
    .from(identities)
    .leftJoin(orgs, and(eq(orgs.tenantId, identities.tenantId), eq(orgs.id, identities.orgId)))
    .where(eq(identities.id, identityId))
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

/** Whether a person already belongs to the current tenant. */
export async function isTenantUser(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx.select({ userId: tenantUsers.userId }).from(tenantUsers).where(eq(tenantUsers.userId, userId));
  return Boolean(row);
}
