import { identityName, likePattern, maskPhone, ResultCode, type TPage, type TPageQuery } from '@shetuan/shared';
import type { TRoleDetail, TRoleHolder } from '@shetuan/shared/rbac';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { identities, orgs, users } from '../directory/tables';
import { AppError } from '../http/errors';
import { functionPoints, identityRoles, menus, roleFunctions, roleMenus, roles } from './tables';

/** A role with the menus it grants (menu order) and, under each, the function points it grants. */
export async function roleDetail(tx: Tx, roleId: number): Promise<TRoleDetail> {
  const [role] = await tx
    .select({
      id: roles.id,
      name: roles.name,
      remark: roles.remark,
      createdAt: roles.createdAt,
      menuCount: sql<number>`(select count(*)::int from ${roleMenus} rm where rm.role_id = ${roles.id} and rm.tenant_id = ${roles.tenantId})`,
      identityCount: sql<number>`(select count(*)::int from ${identityRoles} ir where ir.role_id = ${roles.id} and ir.tenant_id = ${roles.tenantId})`,
    })
    .from(roles)
    .where(eq(roles.id, roleId));
  if (!role) throw new AppError(ResultCode.FAILED, '角色不存在');
  const granted = await tx
    .select({ menuId: menus.id, name: menus.name, path: menus.path })
    .from(roleMenus)
    .innerJoin(menus, and(eq(menus.tenantId, roleMenus.tenantId), eq(menus.id, roleMenus.menuId)))
    .where(eq(roleMenus.roleId, roleId))
    .orderBy(asc(menus.sort), asc(menus.id));
  const fns = await tx
    .select({ menuId: functionPoints.menuId, name: functionPoints.name })
    .from(roleFunctions)
    .innerJoin(
      functionPoints,
      and(eq(functionPoints.tenantId, roleFunctions.tenantId), eq(functionPoints.id, roleFunctions.functionId)),
    )
    .where(eq(roleFunctions.roleId, roleId))
    .orderBy(asc(functionPoints.id));
  return {
    ...role,
    createdAt: role.createdAt.toISOString(),
    grants: granted
      .filter((m) => m.path)
      .map((m) => ({ ...m, functions: fns.filter((f) => f.menuId === m.menuId).map((f) => f.name) })),
  };
}

function holders(tx: Tx, roleId: number, keyword?: string) {
  return tx
    .select({
      identityId: identities.id,
      userId: users.id,
      name: users.name,
      mobile: users.mobile,
      code: identities.identityCode,
      orgName: orgs.name,
    })
    .from(identityRoles)
    .innerJoin(
      identities,
      and(eq(identities.tenantId, identityRoles.tenantId), eq(identities.id, identityRoles.identityId)),
    )
    .innerJoin(users, eq(users.id, identities.userId))
    .leftJoin(orgs, and(eq(orgs.tenantId, identities.tenantId), eq(orgs.id, identities.orgId)))
    .where(
      and(
        eq(identityRoles.roleId, roleId),
        keyword ? or(ilike(users.name, likePattern(keyword)), ilike(users.mobile, likePattern(keyword))) : undefined,
      ),
    )
    .orderBy(desc(identities.id));
}

type HolderRow = {
  identityId: number;
  userId: number;
  name: string;
  mobile: string | null;
  code: number;
  orgName: string | null;
};
const toHolder = (r: HolderRow): TRoleHolder => ({
  identityId: r.identityId,
  userId: r.userId,
  name: r.name,
  mobile: maskPhone(r.mobile),
  identityName: identityName(r.code),
  orgName: r.orgName ?? '',
});

async function requireRole(tx: Tx, roleId: number): Promise<void> {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!row) throw new AppError(ResultCode.FAILED, '角色不存在');
}

/** The identities that hold a role, newest identity first. */
export async function roleHolders(tx: Tx, roleId: number, query: TPageQuery): Promise<TPage<TRoleHolder>> {
  await requireRole(tx, roleId);
  const [total] = await tx.select({ n: count() }).from(holders(tx, roleId, query.keyword).as('h'));
  const rows = await holders(tx, roleId, query.keyword)
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  return { records: rows.map(toHolder), total: total?.n ?? 0, current: query.current, pageSize: query.pageSize };
}

export async function allRoleHolders(tx: Tx, roleId: number, keyword?: string): Promise<TRoleHolder[]> {
  await requireRole(tx, roleId);
  return (await holders(tx, roleId, keyword).limit(50_000)).map(toHolder);
}

/** Takes a role away from one identity. */
export async function removeRoleHolder(tx: Tx, roleId: number, identityId: number): Promise<void> {
  const gone = await tx
    .delete(identityRoles)
    .where(and(eq(identityRoles.roleId, roleId), eq(identityRoles.identityId, identityId)))
    .returning({ id: identityRoles.identityId });
  if (gone.length === 0) throw new AppError(ResultCode.FAILED, '该身份没有此角色');
}
