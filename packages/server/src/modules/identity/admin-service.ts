import { identityName, likePattern, maskPhone, type TPage, type TPageQuery } from '@shetuan/shared';
import type { TUserRow } from '@shetuan/shared/identity';
import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { rolesOfIdentities } from '../../platform/rbac';
import { orgs } from '../org/tables';
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
