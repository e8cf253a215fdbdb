import { identityName, maskPhone, ResultCode, type TPage, type TPageQuery } from '@shetuan/shared';
import type { TRoleDetail, TRoleHolder } from '@shetuan/shared/rbac';
import type { Tx } from '../db';
import { AppError } from '../http/errors';
import * as repo from './repository';

/** A role with the menus it grants (menu order) and, under each, the function points it grants. */
export async function roleDetail(tx: Tx, tenantId: number, roleId: number): Promise<TRoleDetail> {
  const role = await repo.findRoleRow(tx, tenantId, roleId);
  if (!role) throw new AppError(ResultCode.FAILED, '角色不存在');
  const granted = await repo.roleMenuGrants(tx, tenantId, roleId);
  const fns = await repo.roleFunctionGrants(tx, tenantId, roleId);
  return {
    ...role,
    createdAt: role.createdAt.toISOString(),
    grants: granted
      .filter((m) => m.path)
      .map((m) => ({ ...m, functions: fns.filter((f) => f.menuId === m.menuId).map((f) => f.name) })),
  };
}

const toHolder = (r: repo.HolderRow): TRoleHolder => ({
  identityId: r.identityId,
  userId: r.userId,
  name: r.name,
  mobile: maskPhone(r.mobile),
  identityName: identityName(r.code),
  orgName: r.orgName ?? '',
});

async function requireRole(tx: Tx, tenantId: number, roleId: number): Promise<void> {
  if (!(await repo.roleExists(tx, tenantId, roleId))) throw new AppError(ResultCode.FAILED, '角色不存在');
}

/** The identities that hold a role, newest identity first. */
export async function roleHolders(
  tx: Tx,
  tenantId: number,
  roleId: number,
  query: TPageQuery,
): Promise<TPage<TRoleHolder>> {
  await requireRole(tx, tenantId, roleId);
  const total = await repo.countHolderRows(tx, tenantId, roleId, query.keyword);
  const rows = await repo.listHolderRows(
    tx,
    tenantId,
    roleId,
    query.keyword,
    query.pageSize,
    (query.current - 1) * query.pageSize,
  );
  return { records: rows.map(toHolder), total, current: query.current, pageSize: query.pageSize };
}

export async function allRoleHolders(
  tx: Tx,
  tenantId: number,
  roleId: number,
  keyword?: string,
): Promise<TRoleHolder[]> {
  await requireRole(tx, tenantId, roleId);
  return (await repo.listHolderRows(tx, tenantId, roleId, keyword, 50_000)).map(toHolder);
}

/** Takes a role away from one identity. */
export async function removeRoleHolder(tx: Tx, tenantId: number, roleId: number, identityId: number): Promise<void> {
  if (!(await repo.deleteRoleHolder(tx, tenantId, roleId, identityId)))
    throw new AppError(ResultCode.FAILED, '该身份没有此角色');
}
