import { likePattern, ResultCode, type TPage, type TPageQuery } from '@shetuan/shared';
import type { TDepartment, TDepartmentInput } from '@shetuan/shared/org';
import { aliasedTable, and, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { tenantUsers } from '../identity/tables';
import { departments } from './tables';
import { assertTreeParent } from './tree';

const parent = aliasedTable(departments, 'parent');
const fields = {
  id: departments.id,
  parentId: departments.parentId,
  parentName: parent.name,
  name: departments.name,
  leader: departments.leader,
  phone: departments.phone,
  sort: departments.sort,
  status: departments.status,
  createdAt: departments.createdAt,
  staffCount: sql<number>`(select count(*)::int from ${tenantUsers} u where u.tenant_id = ${departments.tenantId} and u.dept_id = ${departments.id})`,
};
type Row = Omit<TDepartment, 'parentName' | 'createdAt' | 'children'> & { parentName: string | null; createdAt: Date };
const toDepartment = (r: Row): TDepartment => ({
  ...r,
  parentName: r.parentName ?? '',
  createdAt: r.createdAt.toISOString(),
});

const matches = (keyword: string) =>
  or(ilike(departments.name, likePattern(keyword)), ilike(departments.leader, likePattern(keyword)));

async function rows(tx: Tx, keyword?: string): Promise<TDepartment[]> {
  const found = await tx
    .select(fields)
    .from(departments)
    .leftJoin(parent, and(eq(parent.tenantId, departments.tenantId), eq(parent.id, departments.parentId)))
    .where(keyword ? matches(keyword) : undefined)
    .orderBy(departments.sort, departments.id)
    .limit(50_000);
  return found.map(toDepartment);
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
export async function listDepartmentsPage(tx: Tx, query: TPageQuery): Promise<TPage<TDepartment>> {
  const from = (query.current - 1) * query.pageSize;
  if (query.keyword) {
    const [total] = await tx.select({ n: count() }).from(departments).where(matches(query.keyword));
    const found = await tx
      .select(fields)
      .from(departments)
      .leftJoin(parent, and(eq(parent.tenantId, departments.tenantId), eq(parent.id, departments.parentId)))
      .where(matches(query.keyword))
      .orderBy(departments.sort, departments.id)
      .limit(query.pageSize)
      .offset(from);
    return { records: found.map(toDepartment), total: total?.n ?? 0, current: query.current, pageSize: query.pageSize };
  }
  const roots = toTree(await rows(tx));
  return {
    records: roots.slice(from, from + query.pageSize),
    total: roots.length,
    current: query.current,
    pageSize: query.pageSize,
  };
}

/** Every matching department, parents before children (the export and the parent picker). */
export async function allDepartments(tx: Tx, keyword?: string): Promise<TDepartment[]> {
  const list = await rows(tx, keyword);
  if (keyword) return list;
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

async function checkParent(tx: Tx, id: number | null, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const all = await tx.select({ id: departments.id, parentId: departments.parentId }).from(departments);
  assertTreeParent(all, id, parentId, { missing: '上级部门不存在', cycle: '上级部门不能是本部门或其下级部门' });
}

async function checkUniqueName(tx: Tx, id: number | null, input: TDepartmentInput): Promise<void> {
  const same = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        eq(departments.name, input.name),
        input.parentId === null ? isNull(departments.parentId) : eq(departments.parentId, input.parentId),
      ),
    );
  if (same.some((d) => d.id !== id)) throw new AppError(ResultCode.FAILED, '同一上级部门下已有同名部门');
}

export async function createDepartment(tx: Tx, tenantId: number, input: TDepartmentInput): Promise<number> {
  await checkParent(tx, null, input.parentId);
  await checkUniqueName(tx, null, input);
  const [row] = await tx
    .insert(departments)
    .values({ tenantId, ...input })
    .returning({ id: departments.id });
  return row?.id ?? 0;
}

export async function updateDepartment(tx: Tx, id: number, input: TDepartmentInput): Promise<void> {
  const [exists] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, id));
  if (!exists) throw new AppError(ResultCode.FAILED, '部门不存在');
  await checkParent(tx, id, input.parentId);
  await checkUniqueName(tx, id, input);
  await tx
    .update(departments)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(departments.id, id));
}

export async function deleteDepartment(tx: Tx, id: number): Promise<void> {
  const [children] = await tx.select({ n: count() }).from(departments).where(eq(departments.parentId, id));
  const [staff] = await tx.select({ n: count() }).from(tenantUsers).where(eq(tenantUsers.deptId, id));
  if ((children?.n ?? 0) > 0 || (staff?.n ?? 0) > 0)
    throw new AppError(ResultCode.FAILED, '该部门下还有下级部门或人员，无法删除');
  const gone = await tx.delete(departments).where(eq(departments.id, id)).returning({ id: departments.id });
  if (gone.length === 0) throw new AppError(ResultCode.FAILED, '部门不存在');
}

/** Whether a department exists in the current tenant (for assigning people). */
export async function departmentExists(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, id));
  return Boolean(row);
}
