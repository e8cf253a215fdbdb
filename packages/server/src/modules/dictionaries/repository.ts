import { likePattern, type TPage } from '@shetuan/shared';
import {
  BUILTIN_DICTIONARIES,
  type BuiltinDictionary,
  type TDictItem,
  type TDictItemQuery,
} from '@shetuan/shared/dictionaries';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { dictItems } from './tables';

type Row = typeof dictItems.$inferSelect;
export type DictItemValues = Pick<Row, 'label' | 'sort' | 'status' | 'taxCode' | 'taxTypeCode' | 'taxType'>;

/** The sort after the last item of a dictionary. */
export async function nextSort(tx: Tx, tenantId: number, dictCode: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${dictItems.sort}), 0) + 1`.mapWith(Number) })
    .from(dictItems)
    .where(ofTenant(tenantId, dictCode));
  return row?.n ?? 1;
}

const toItem = (r: Row): TDictItem => ({
  id: r.id,
  dictCode: r.dictCode,
  value: r.value,
  label: r.label,
  sort: r.sort,
  status: r.status,
  builtin: r.builtin,
  taxCode: r.taxCode,
  taxTypeCode: r.taxTypeCode,
  taxType: r.taxType,
  updatedAt: r.updatedAt.toISOString(),
});

/** Every query names the tenant (RLS stays the safety net; docs/scale-out.md). */
const ofTenant = (tenantId: number, dictCode: string) =>
  and(eq(dictItems.tenantId, tenantId), eq(dictItems.dictCode, dictCode));

/**
 * Copies a built-in dictionary's items into the tenant's rows unless it has its own copy already.
 * Two first uses at once insert once (the unique value index).
 */
export async function ensureCopy(tx: Tx, tenantId: number, dict: BuiltinDictionary): Promise<void> {
  const [existing] = await tx
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(ofTenant(tenantId, dict.code))
    .limit(1);
  if (existing) return;
  await tx
    .insert(dictItems)
    .values(
      dict.items.map((item, i) => ({
        tenantId,
        dictCode: dict.code,
        value: item.value,
        label: item.label,
        sort: i + 1,
        builtin: true,
        taxCode: item.taxCode ?? '',
        taxTypeCode: item.taxTypeCode ?? '',
        taxType: item.taxType ?? '',
      })),
    )
    .onConflictDoNothing();
}

export async function listItems(tx: Tx, tenantId: number, query: TDictItemQuery): Promise<TPage<TDictItem>> {
  const conditions: (SQL | undefined)[] = [ofTenant(tenantId, query.dictCode)];
  if (query.status !== undefined) conditions.push(eq(dictItems.status, query.status));
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(or(ilike(dictItems.label, pattern), ilike(dictItems.value, pattern)));
  }
  const where = and(...conditions);
  const [total] = await tx.select({ n: count() }).from(dictItems).where(where);
  const rows = await tx
    .select()
    .from(dictItems)
    .where(where)
    .orderBy(asc(dictItems.sort), asc(dictItems.id))
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  return { records: rows.map(toItem), total: total?.n ?? 0, current: query.current, pageSize: query.pageSize };
}

export async function findItem(tx: Tx, tenantId: number, id: number): Promise<TDictItem | null> {
  const [row] = await tx
    .select()
    .from(dictItems)
    .where(and(eq(dictItems.tenantId, tenantId), eq(dictItems.id, id)))
    .limit(1);
  return row ? toItem(row) : null;
}

/** The id of the new item, or null when the dictionary has that value already. */
export async function insertItem(
  tx: Tx,
  tenantId: number,
  input: DictItemValues & { dictCode: string; value: string },
): Promise<number | null> {
  const [row] = await tx
    .insert(dictItems)
    .values({ ...input, tenantId, builtin: false })
    .onConflictDoNothing()
    .returning({ id: dictItems.id });
  return row?.id ?? null;
}

export async function updateItem(tx: Tx, tenantId: number, id: number, values: DictItemValues): Promise<boolean> {
  const rows = await tx
    .update(dictItems)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(dictItems.tenantId, tenantId), eq(dictItems.id, id)))
    .returning({ id: dictItems.id });
  return rows.length > 0;
}

export async function deleteItem(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.delete(dictItems).where(and(eq(dictItems.tenantId, tenantId), eq(dictItems.id, id)));
}

/** Sets sort = position + 1 for the ids given, in one statement; answers how many matched. */
export async function reorderItems(tx: Tx, tenantId: number, dictCode: string, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(dictItems)
    .set({
      sort: sql`array_position(${sql.param(ids)}::bigint[], ${dictItems.id})`,
      updatedAt: new Date(),
    })
    .where(and(ofTenant(tenantId, dictCode), inArray(dictItems.id, ids)))
    .returning({ id: dictItems.id });
  return rows.length;
}

/** Per dictionary of the tenant: how many items, how many enabled. */
export async function dictionaryCounts(
  tx: Tx,
  tenantId: number,
): Promise<Map<string, { itemCount: number; enabledCount: number; customised: boolean }>> {
  const rows = await tx
    .select({
      code: dictItems.dictCode,
      itemCount: count(),
      enabledCount: sql<number>`count(*) filter (where ${dictItems.status} = 1)`.mapWith(Number),
      // A copy only looked at is not customised: its rows are the defaults as inserted.
      customised: sql<boolean>`bool_or(not ${dictItems.builtin} or ${dictItems.updatedAt} <> ${dictItems.createdAt})`,
    })
    .from(dictItems)
    .where(
      and(
        eq(dictItems.tenantId, tenantId),
        inArray(
          dictItems.dictCode,
          BUILTIN_DICTIONARIES.map((d) => d.code),
        ),
      ),
    )
    .groupBy(dictItems.dictCode);
  return new Map(
    rows.map((r) => [
      r.code,
      { itemCount: r.itemCount, enabledCount: r.enabledCount, customised: Boolean(r.customised) },
    ]),
  );
}

/** The enabled items of a dictionary in order, as the tenant has them (null: no copy yet). */
export async function enabledItems(
  tx: Tx,
  tenantId: number,
  dictCode: string,
): Promise<{ value: string; label: string }[] | null> {
  const rows = await tx
    .select({ value: dictItems.value, label: dictItems.label, status: dictItems.status })
    .from(dictItems)
    .where(ofTenant(tenantId, dictCode))
    .orderBy(asc(dictItems.sort), asc(dictItems.id));
  if (rows.length === 0) return null;
  return rows.filter((r) => r.status === 1).map(({ value, label }) => ({ value, label }));
}
