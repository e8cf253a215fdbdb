import { likePattern, ResultCode, type TPage, type TPageQuery } from '@shetuan/shared';
import type { TMenuNode, TRole, TRoleGrants, TRoleInput } from '@shetuan/shared/rbac';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { AppError } from '../http/errors';
import { functionPoints, identityRoles, menus, roleFunctions, roleMenus, roles } from './tables';

const roleFields = {
  id: roles.id,
  name: roles.name,
  remark: roles.remark,
  createdAt: roles.createdAt,
  menuCount: sql<number>`(select count(*)::int from ${roleMenus} rm where rm.role_id = ${roles.id} and rm.tenant_id = ${roles.tenantId})`,
  identityCount: sql<number>`(select count(*)::int from ${identityRoles} ir where ir.role_id = ${roles.id} and ir.tenant_id = ${roles.tenantId})`,
};

const toRole = (r: {
  id: number;
  name: string;
  remark: string;
  createdAt: Date;
  menuCount: number;
  identityCount: number;
}): TRole => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

const roleFilter = (keyword?: string) => (keyword ? ilike(roles.name, likePattern(keyword)) : undefined);

export async function listRoles(tx: Tx, query: TPageQuery): Promise<TPage<TRole>> {
  const where = roleFilter(query.keyword);
  const [total] = await tx.select({ n: count() }).from(roles).where(where);
  const rows = await tx
    .select(roleFields)
    .from(roles)
    .where(where)
    .orderBy(desc(roles.id))
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  return { records: rows.map(toRole), total: total?.n ?? 0, current: query.current, pageSize: query.pageSize };
}

export async function allRoles(tx: Tx, keyword?: string): Promise<TRole[]> {
  return (await tx.select(roleFields).from(roles).where(roleFilter(keyword)).orderBy(desc(roles.id))).map(toRole);
}

const duplicateName = (err: unknown) => {
  const e = err as { cause?: { code?: string }; code?: string };
  return (e.cause?.code ?? e.code) === '23505';
};

export async function createRole(tx: Tx, tenantId: number, input: TRoleInput): Promise<number> {
  try {
    const [row] = await tx
      .insert(roles)
      .values({ tenantId, ...input })
      .returning({ id: roles.id });
    return row?.id ?? 0;
  } catch (err) {
    if (duplicateName(err)) throw new AppError(ResultCode.FAILED, '角色名称已存在');
    throw err;
  }
}

export async function updateRole(tx: Tx, id: number, input: TRoleInput): Promise<void> {
  try {
    const rows = await tx
      .update(roles)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(roles.id, id))
      .returning({ id: roles.id });
    if (rows.length === 0) throw new AppError(ResultCode.FAILED, '角色不存在');
  } catch (err) {
    if (duplicateName(err)) throw new AppError(ResultCode.FAILED, '角色名称已存在');
    throw err;
  }
}

export async function deleteRole(tx: Tx, id: number): Promise<void> {
  const [used] = await tx.select({ n: count() }).from(identityRoles).where(eq(identityRoles.roleId, id));
  if ((used?.n ?? 0) > 0) throw new AppError(ResultCode.FAILED, `该角色已分配给${used?.n}个身份，请先取消分配后再删除`);
  const rows = await tx.delete(roles).where(eq(roles.id, id)).returning({ id: roles.id });
  if (rows.length === 0) throw new AppError(ResultCode.FAILED, '角色不存在');
}

/** The tenant's whole menu tree with the function points of each entry (for /jurisdiction). */
export async function menuTree(tx: Tx): Promise<TMenuNode[]> {
  const rows = await tx.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  const fns = await tx.select().from(functionPoints).orderBy(asc(functionPoints.id));
  const byId = new Map<number, TMenuNode>();
  for (const r of rows)
    byId.set(r.id, { id: r.id, pid: r.pid, name: r.name, path: r.path, hidden: r.hidden, functions: [], children: [] });
  for (const f of fns) byId.get(f.menuId)?.functions.push({ id: f.id, code: f.code, name: f.name });
  const roots: TMenuNode[] = [];
  for (const r of rows) {
    const node = byId.get(r.id) as TMenuNode;
    const parent = byId.get(r.pid);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

async function requireRole(tx: Tx, id: number): Promise<void> {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id));
  if (!row) throw new AppError(ResultCode.FAILED, '角色不存在');
}

export async function roleGrants(tx: Tx, roleId: number): Promise<TRoleGrants> {
  await requireRole(tx, roleId);
  const m = await tx.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId));
  const f = await tx
    .select({ id: roleFunctions.functionId })
    .from(roleFunctions)
    .where(eq(roleFunctions.roleId, roleId));
  return { menuIds: m.map((r) => r.id), functionIds: f.map((r) => r.id) };
}

/**
 * Replaces what a role grants. A menu's parents are granted with it (a child cannot show without
 * its group); a function point only with its menu. Ids of another tenant do not exist here.
 */
export async function setRoleGrants(tx: Tx, tenantId: number, roleId: number, grants: TRoleGrants): Promise<void> {
  await requireRole(tx, roleId);
  const all = await tx.select({ id: menus.id, pid: menus.pid }).from(menus);
  const parentOf = new Map(all.map((m) => [m.id, m.pid]));
  const unknownMenu = grants.menuIds.find((id) => !parentOf.has(id));
  if (unknownMenu) throw new AppError(ResultCode.FAILED, `菜单 ${unknownMenu} 不存在`);
  const menuIds = new Set<number>();
  for (const id of grants.menuIds) {
    for (let cur: number | undefined = id; cur && !menuIds.has(cur); cur = parentOf.get(cur)) menuIds.add(cur);
  }
  const fnRows = grants.functionIds.length
    ? await tx
        .select({ id: functionPoints.id, menuId: functionPoints.menuId })
        .from(functionPoints)
        .where(inArray(functionPoints.id, grants.functionIds))
    : [];
  if (fnRows.length !== new Set(grants.functionIds).size) throw new AppError(ResultCode.FAILED, '功能点不存在');
  const orphan = fnRows.find((f) => !menuIds.has(f.menuId));
  if (orphan) throw new AppError(ResultCode.FAILED, '功能点所属的菜单未授权，请先勾选菜单');
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  await tx.delete(roleFunctions).where(eq(roleFunctions.roleId, roleId));
  if (menuIds.size) await tx.insert(roleMenus).values([...menuIds].map((menuId) => ({ tenantId, roleId, menuId })));
  if (fnRows.length) await tx.insert(roleFunctions).values(fnRows.map((f) => ({ tenantId, roleId, functionId: f.id })));
}

/** Replaces the roles of an identity. */
export async function setIdentityRoles(tx: Tx, tenantId: number, identityId: number, roleIds: number[]): Promise<void> {
  const unique = [...new Set(roleIds)];
  if (unique.length) {
    const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, unique));
    if (found.length !== unique.length) throw new AppError(ResultCode.FAILED, '角色不存在');
  }
  await tx.delete(identityRoles).where(eq(identityRoles.identityId, identityId));
  if (unique.length) await tx.insert(identityRoles).values(unique.map((roleId) => ({ tenantId, identityId, roleId })));
}

/** Roles of several identities at once (for the user list). */
export async function rolesOfIdentities(
  tx: Tx,
  identityIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>();
  if (identityIds.length === 0) return map;
  const rows = await tx
    .select({ identityId: identityRoles.identityId, id: roles.id, name: roles.name })
    .from(identityRoles)
    .innerJoin(roles, and(eq(roles.tenantId, identityRoles.tenantId), eq(roles.id, identityRoles.roleId)))
    .where(inArray(identityRoles.identityId, identityIds))
    .orderBy(asc(roles.id));
  for (const r of rows) {
    const list = map.get(r.identityId) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.identityId, list);
  }
  return map;
}
