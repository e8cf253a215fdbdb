import { randomUUID } from 'node:crypto';
import { likePattern, ResultCode, type TPage, type TPageQuery } from '@shetuan/shared';
import type { TFunctionInput, TFunctionRow, TMenuInput } from '@shetuan/shared/rbac';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Tx } from '../db';
import { AppError } from '../http/errors';
import { functionPoints, menus } from './tables';

const isDuplicate = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505';

async function requireMenu(tx: Tx, id: number, what = '菜单不存在'): Promise<void> {
  const [row] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.id, id));
  if (!row) throw new AppError(ResultCode.FAILED, what);
}

/** /setMenu: add an entry (or a group, pid 0). */
export async function createMenu(tx: Tx, tenantId: number, input: TMenuInput): Promise<number> {
  if (input.pid) await requireMenu(tx, input.pid, '上级菜单不存在');
  const [row] = await tx
    .insert(menus)
    .values({ tenantId, ...input, key: `custom-${randomUUID()}` })
    .returning({ id: menus.id });
  return row?.id ?? 0;
}

export async function updateMenu(tx: Tx, id: number, input: TMenuInput): Promise<void> {
  if (input.pid) {
    await requireMenu(tx, input.pid, '上级菜单不存在');
    const all = await tx.select({ id: menus.id, pid: menus.pid }).from(menus);
    const parentOf = new Map(all.map((m) => [m.id, m.pid]));
    for (let cur: number | undefined = input.pid; cur; cur = parentOf.get(cur)) {
      if (cur === id) throw new AppError(ResultCode.FAILED, '上级菜单不能是本菜单或其下级菜单');
    }
  }
  const rows = await tx
    .update(menus)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(menus.id, id))
    .returning({ id: menus.id });
  if (rows.length === 0) throw new AppError(ResultCode.FAILED, '菜单不存在');
}

/** Deletes an entry with its function points and grants (foreign keys cascade); a group must be empty. */
export async function deleteMenu(tx: Tx, id: number): Promise<void> {
  const [children] = await tx.select({ n: count() }).from(menus).where(eq(menus.pid, id));
  if ((children?.n ?? 0) > 0) throw new AppError(ResultCode.FAILED, '请先删除下级菜单');
  const rows = await tx.delete(menus).where(eq(menus.id, id)).returning({ id: menus.id });
  if (rows.length === 0) throw new AppError(ResultCode.FAILED, '菜单不存在');
}

const fnFilter = (k?: string) =>
  k
    ? or(
        ilike(functionPoints.name, likePattern(k)),
        ilike(functionPoints.code, likePattern(k)),
        ilike(menus.name, likePattern(k)),
        ilike(menus.path, likePattern(k)),
      )
    : undefined;

function fnQuery(tx: Tx, keyword?: string) {
  return tx
    .select({
      id: functionPoints.id,
      menuId: functionPoints.menuId,
      menuName: menus.name,
      menuPath: menus.path,
      code: functionPoints.code,
      name: functionPoints.name,
    })
    .from(functionPoints)
    .innerJoin(menus, and(eq(menus.tenantId, functionPoints.tenantId), eq(menus.id, functionPoints.menuId)))
    .where(fnFilter(keyword))
    .orderBy(asc(menus.sort), asc(menus.id), asc(functionPoints.id));
}

export async function listFunctions(tx: Tx, query: TPageQuery): Promise<TPage<TFunctionRow>> {
  const [total] = await tx
    .select({ n: count() })
    .from(functionPoints)
    .innerJoin(menus, and(eq(menus.tenantId, functionPoints.tenantId), eq(menus.id, functionPoints.menuId)))
    .where(fnFilter(query.keyword));
  const rows = await fnQuery(tx, query.keyword)
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  return { records: rows, total: total?.n ?? 0, current: query.current, pageSize: query.pageSize };
}

export function allFunctions(tx: Tx, keyword?: string): Promise<TFunctionRow[]> {
  return fnQuery(tx, keyword).limit(50_000);
}

export async function createFunction(tx: Tx, tenantId: number, input: TFunctionInput): Promise<number> {
  await requireMenu(tx, input.menuId, '所属菜单不存在');
  try {
    const [row] = await tx
      .insert(functionPoints)
      .values({ tenantId, ...input })
      .returning({ id: functionPoints.id });
    return row?.id ?? 0;
  } catch (err) {
    if (isDuplicate(err)) throw new AppError(ResultCode.FAILED, '该菜单下已有相同代码的功能点');
    throw err;
  }
}

export async function updateFunction(tx: Tx, id: number, input: TFunctionInput): Promise<void> {
  await requireMenu(tx, input.menuId, '所属菜单不存在');
  try {
    const rows = await tx
      .update(functionPoints)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(functionPoints.id, id))
      .returning({ id: functionPoints.id });
    if (rows.length === 0) throw new AppError(ResultCode.FAILED, '功能点不存在');
  } catch (err) {
    if (isDuplicate(err)) throw new AppError(ResultCode.FAILED, '该菜单下已有相同代码的功能点');
    throw err;
  }
}

export async function deleteFunction(tx: Tx, id: number): Promise<void> {
  const rows = await tx.delete(functionPoints).where(eq(functionPoints.id, id)).returning({ id: functionPoints.id });
  if (rows.length === 0) throw new AppError(ResultCode.FAILED, '功能点不存在');
}
