import { randomUUID } from 'node:crypto';
import { ResultCode } from '@shetuan/shared';
import type { FUNCTION_POINTS, TMenuInput } from '@shetuan/shared/rbac';
import type { Tx } from '../db';
import { AppError } from '../http/errors';
import type { ResourceService } from '../resource';
import * as repo from './repository';

async function requireMenu(tx: Tx, tenantId: number, id: number, what = '菜单不存在'): Promise<void> {
  if (!(await repo.menuExists(tx, tenantId, id))) throw new AppError(ResultCode.FAILED, what);
}

/** /setMenu: add an entry (or a group, pid 0). */
export async function createMenu(tx: Tx, tenantId: number, input: TMenuInput): Promise<number> {
  if (input.pid) await requireMenu(tx, tenantId, input.pid, '上级菜单不存在');
  return repo.insertMenu(tx, tenantId, { ...input, key: `custom-${randomUUID()}` });
}

export async function updateMenu(tx: Tx, tenantId: number, id: number, input: TMenuInput): Promise<void> {
  if (input.pid) {
    await requireMenu(tx, tenantId, input.pid, '上级菜单不存在');
    const parentOf = await repo.menuParents(tx, tenantId);
    for (let cur: number | undefined = input.pid; cur; cur = parentOf.get(cur)) {
      if (cur === id) throw new AppError(ResultCode.FAILED, '上级菜单不能是本菜单或其下级菜单');
    }
  }
  if (!(await repo.updateMenuRow(tx, tenantId, id, input))) throw new AppError(ResultCode.FAILED, '菜单不存在');
}

/** Deletes an entry with its function points and grants (foreign keys cascade); a group must be empty. */
export async function deleteMenu(tx: Tx, tenantId: number, id: number): Promise<void> {
  if ((await repo.countChildMenus(tx, tenantId, id)) > 0) throw new AppError(ResultCode.FAILED, '请先删除下级菜单');
  if (!(await repo.deleteMenuRow(tx, tenantId, id))) throw new AppError(ResultCode.FAILED, '菜单不存在');
}

/** /function through the resource kit; the menu must be the tenant's and codes are unique per menu. */
export const functionPointService: ResourceService<typeof FUNCTION_POINTS> = {
  async list(tx, tenantId, query) {
    const total = await repo.countFunctions(tx, tenantId, query.keyword);
    const from = (query.current - 1) * query.pageSize;
    const records = await repo.listFunctionRows(tx, tenantId, query.keyword, query.pageSize, from);
    return { records, total, current: query.current, pageSize: query.pageSize };
  },
  get: async (tx, tenantId, id) => (await repo.findFunctionRow(tx, tenantId, id)) ?? null,
  async create(tx, tenantId, input) {
    await requireMenuOf(tx, tenantId, input.menuId);
    const id = await repo.insertFunction(tx, tenantId, input);
    if (id === null) throw new AppError(ResultCode.FAILED, DUPLICATE_CODE);
    return id;
  },
  async update(tx, tenantId, id, input) {
    await requireMenuOf(tx, tenantId, input.menuId);
    const same = await repo.functionCoded(tx, tenantId, input.menuId, input.code);
    if (same !== undefined && same !== id) throw new AppError(ResultCode.FAILED, DUPLICATE_CODE);
    if (!(await repo.updateFunctionRow(tx, tenantId, id, input))) throw new AppError(ResultCode.FAILED, '功能点不存在');
  },
  async remove(tx, tenantId, id) {
    if (!(await repo.deleteFunctionRow(tx, tenantId, id))) throw new AppError(ResultCode.FAILED, '功能点不存在');
  },
};

const DUPLICATE_CODE = '该菜单下已有相同代码的功能点';

async function requireMenuOf(tx: Tx, tenantId: number, menuId: number): Promise<void> {
  if (!(await repo.menuExists(tx, tenantId, menuId))) throw new AppError(ResultCode.FAILED, '所属菜单不存在');
}

/** The menu entries a function point can belong to (those with a path), in menu order: 名称（路径）. */
export async function menuEntryOptions(tx: Tx, tenantId: number): Promise<{ id: number; name: string }[]> {
  const nodes = await repo.menuNodes(tx, tenantId);
  const ordered: typeof nodes = [];
  const walk = (pid: number) => {
    for (const n of nodes.filter((m) => m.pid === pid)) {
      ordered.push(n);
      walk(n.id);
    }
  };
  walk(0);
  return ordered.filter((m) => m.path).map((m) => ({ id: m.id, name: `${m.name}（${m.path}）` }));
}
