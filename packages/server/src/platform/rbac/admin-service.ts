import { ResultCode } from '@shetuan/shared';
import type { ROLES, TMenuNode, TRole, TRoleGrants, TRoleInput } from '@shetuan/shared/rbac';
import type { Tx } from '../db';
import { AppError } from '../http/errors';
import type { ResourceService } from '../resource';
import * as repo from './repository';
import { roleDetail } from './role-detail';

const toRole = (r: repo.RoleRow): TRole => ({ ...r, createdAt: r.createdAt.toISOString() });

/** Every role of the tenant, newest first (the role pickers). */
export async function allRoles(tx: Tx, tenantId: number): Promise<TRole[]> {
  return (await repo.listRoleRows(tx, tenantId, undefined, 50_000)).map(toRole);
}

async function checkUniqueName(tx: Tx, tenantId: number, id: number | null, input: TRoleInput): Promise<void> {
  const same = await repo.roleNamed(tx, tenantId, input.name);
  if (same !== undefined && same !== id) throw new AppError(ResultCode.FAILED, '角色名称已存在');
}

/** /roleManage through the resource kit; the detail adds what the role grants. */
export const roleService: ResourceService<typeof ROLES> = {
  async list(tx, tenantId, query) {
    const total = await repo.countRoles(tx, tenantId, query.keyword);
    const rows = await repo.listRoleRows(
      tx,
      tenantId,
      query.keyword,
      query.pageSize,
      (query.current - 1) * query.pageSize,
    );
    return { records: rows.map(toRole), total, current: query.current, pageSize: query.pageSize };
  },
  get: (tx, tenantId, id) => roleDetail(tx, tenantId, id),
  async create(tx, tenantId, input) {
    const id = await repo.insertRole(tx, tenantId, input);
    if (id === null) throw new AppError(ResultCode.FAILED, '角色名称已存在');
    return id;
  },
  async update(tx, tenantId, id, input) {
    await checkUniqueName(tx, tenantId, id, input);
    if (!(await repo.updateRoleRow(tx, tenantId, id, input))) throw new AppError(ResultCode.FAILED, '角色不存在');
  },
  async remove(tx, tenantId, id) {
    const builtin = await repo.roleBuiltin(tx, tenantId, id);
    if (builtin === undefined) throw new AppError(ResultCode.FAILED, '角色不存在');
    if (builtin) throw new AppError(ResultCode.FAILED, '系统内置角色不能删除，可修改其权限');
    const used = await repo.countRoleHolders(tx, tenantId, id);
    if (used > 0) throw new AppError(ResultCode.FAILED, `该角色已分配给${used}个身份，请先取消分配后再删除`);
    if (!(await repo.deleteRoleRow(tx, tenantId, id))) throw new AppError(ResultCode.FAILED, '角色不存在');
  },
};

/** The tenant's whole menu tree with the function points of each entry (for /jurisdiction). */
export async function menuTree(tx: Tx, tenantId: number): Promise<TMenuNode[]> {
  const rows = await repo.tenantMenus(tx, tenantId);
  const fns = await repo.tenantFunctions(tx, tenantId);
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

async function requireRole(tx: Tx, tenantId: number, id: number): Promise<void> {
  if (!(await repo.roleExists(tx, tenantId, id))) throw new AppError(ResultCode.FAILED, '角色不存在');
}

export async function roleGrants(tx: Tx, tenantId: number, roleId: number): Promise<TRoleGrants> {
  await requireRole(tx, tenantId, roleId);
  return repo.roleGrantIds(tx, tenantId, roleId);
}

/**
 * Replaces what a role grants. A menu's parents are granted with it (a child cannot show without
 * its group); a function point only with its menu. Ids of another tenant do not exist here.
 */
export async function setRoleGrants(tx: Tx, tenantId: number, roleId: number, grants: TRoleGrants): Promise<void> {
  await requireRole(tx, tenantId, roleId);
  const parentOf = await repo.menuParents(tx, tenantId);
  const unknownMenu = grants.menuIds.find((id) => !parentOf.has(id));
  if (unknownMenu) throw new AppError(ResultCode.FAILED, `菜单 ${unknownMenu} 不存在`);
  const menuIds = new Set<number>();
  for (const id of grants.menuIds) {
    for (let cur: number | undefined = id; cur && !menuIds.has(cur); cur = parentOf.get(cur)) menuIds.add(cur);
  }
  const fnRows = await repo.functionMenus(tx, tenantId, grants.functionIds);
  if (fnRows.length !== new Set(grants.functionIds).size) throw new AppError(ResultCode.FAILED, '功能点不存在');
  const orphan = fnRows.find((f) => !menuIds.has(f.menuId));
  if (orphan) throw new AppError(ResultCode.FAILED, '功能点所属的菜单未授权，请先勾选菜单');
  await repo.replaceRoleGrants(
    tx,
    tenantId,
    roleId,
    [...menuIds],
    fnRows.map((f) => f.id),
  );
}

/** Replaces the roles of an identity. */
export async function setIdentityRoles(tx: Tx, tenantId: number, identityId: number, roleIds: number[]): Promise<void> {
  const unique = [...new Set(roleIds)];
  if (unique.length) {
    const found = await repo.rolesAmong(tx, tenantId, unique);
    if (found.length !== unique.length) throw new AppError(ResultCode.FAILED, '角色不存在');
  }
  await repo.replaceIdentityRoles(tx, tenantId, identityId, unique);
}

/** Roles of several identities of the tenant at once (for the user list). */
export async function rolesOfIdentities(
  tx: Tx,
  tenantId: number,
  identityIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>();
  if (identityIds.length === 0) return map;
  for (const r of await repo.roleRowsOfIdentities(tx, tenantId, identityIds)) {
    const list = map.get(r.identityId) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.identityId, list);
  }
  return map;
}
