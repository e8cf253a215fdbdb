import { ResultCode, type TPage, type TPageQuery } from '@shetuan/shared';
import type { DEPARTMENTS, TDepartment, TDepartmentInput } from '@shetuan/shared/org';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import type { ResourceService } from '../../platform/resource';
import * as repo from './repository';
import { assertTreeParent } from './tree';

const toDepartment = (r: repo.DepartmentListRow): TDepartment => ({
  ...r,
  parentName: r.parentName ?? '',
  createdAt: r.createdAt.toISOString(),
});

async function rows(tx: Tx, tenantId: number, keyword?: string): Promise<TDepartment[]> {
  return (await repo.listDepartmentRows(tx, tenantId, keyword, 50_000)).map(toDepartment);
}

/** Nests departments under their parents; a department whose parent is not in the list is a root. */
export function toTree(list: TDepartment[]): TDepartment[] {
  const byId = new Map(list.map((d) => [d.id, { ...d }]));
  const roots: TDepartment[] = [];
  for (const d of byId.values()) {
    const up = d.parentId === null ? undefined : byId.get(d.parentId);
    if (!up) roots.push(d);
    else if (up.children) up.children.push(d);
    else up.children = [d];
  }
  return roots;
}

/**
 * Without a keyword: a page of top-level departments, each with its whole subtree. With one: a
 * flat page of the matching departments (their parent shown in a column).
 */
async function listDepartmentsPage(tx: Tx, tenantId: number, query: TPageQuery): Promise<TPage<TDepartment>> {
  const from = (query.current - 1) * query.pageSize;
  if (query.keyword) {
    const total = await repo.countDepartments(tx, tenantId, query.keyword);
    const found = await repo.listDepartmentRows(tx, tenantId, query.keyword, query.pageSize, from);
    return { records: found.map(toDepartment), total, current: query.current, pageSize: query.pageSize };
  }
  const roots = toTree(await rows(tx, tenantId));
  return {
    records: roots.slice(from, from + query.pageSize),
    total: roots.length,
    current: query.current,
    pageSize: query.pageSize,
  };
}

/** Every department, parents before children, indented by depth (the department pickers). */
export async function allDepartments(tx: Tx, tenantId: number): Promise<TDepartment[]> {
  const list = await rows(tx, tenantId);
  const ordered: TDepartment[] = [];
  const walk = (nodes: TDepartment[], depth: number) => {
    for (const n of nodes) {
      const { children, ...flat } = n;
      ordered.push({ ...flat, name: `${'　'.repeat(depth)}${flat.name}` });
      walk(children ?? [], depth + 1);
    }
  };
  walk(toTree(list), 0);
  return ordered;
}

async function checkParent(tx: Tx, tenantId: number, id: number | null, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const all = await repo.departmentParents(tx, tenantId);
  assertTreeParent(all, id, parentId, { missing: '上级部门不存在', cycle: '上级部门不能是本部门或其下级部门' });
}

async function checkUniqueName(tx: Tx, tenantId: number, id: number | null, input: TDepartmentInput): Promise<void> {
  const same = await repo.departmentsNamed(tx, tenantId, input.name, input.parentId);
  if (same.some((d) => d !== id)) throw new AppError(ResultCode.FAILED, '同一上级部门下已有同名部门');
}

async function createDepartment(tx: Tx, tenantId: number, input: TDepartmentInput): Promise<number> {
  await checkParent(tx, tenantId, null, input.parentId);
  await checkUniqueName(tx, tenantId, null, input);
  return (await repo.insertDepartment(tx, tenantId, input)) ?? 0;
}

async function updateDepartment(tx: Tx, tenantId: number, id: number, input: TDepartmentInput): Promise<void> {
  if (!(await repo.departmentExists(tx, tenantId, id))) throw new AppError(ResultCode.FAILED, '部门不存在');
  await checkParent(tx, tenantId, id, input.parentId);
  await checkUniqueName(tx, tenantId, id, input);
  await repo.updateDepartmentRow(tx, tenantId, id, input);
}

async function deleteDepartment(tx: Tx, tenantId: number, id: number): Promise<void> {
  const children = await repo.countChildDepartments(tx, tenantId, id);
  const staff = await repo.countDepartmentStaff(tx, tenantId, id);
  if (children > 0 || staff > 0) throw new AppError(ResultCode.FAILED, '该部门下还有下级部门或人员，无法删除');
  if (!(await repo.deleteDepartmentRow(tx, tenantId, id))) throw new AppError(ResultCode.FAILED, '部门不存在');
}

/** /departmentManage through the resource kit. */
export const departmentService: ResourceService<typeof DEPARTMENTS> = {
  list: listDepartmentsPage,
  async get(tx, tenantId, id) {
    const row = await repo.findDepartmentRow(tx, tenantId, id);
    return row ? toDepartment(row) : null;
  },
  create: createDepartment,
  update: updateDepartment,
  remove: deleteDepartment,
};

/** Whether a department exists in the tenant (for assigning people). */
export function departmentExists(tx: Tx, id: number, tenantId: number): Promise<boolean> {
  return repo.departmentExists(tx, tenantId, id);
}
