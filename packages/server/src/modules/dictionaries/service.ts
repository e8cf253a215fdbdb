import { ResultCode, type TPage } from '@shetuan/shared';
import {
  BUILTIN_DICTIONARIES,
  builtinDictionary,
  DICT_ITEMS,
  type TDictItem,
  type TDictItemCreate,
  type TDictItemQuery,
  type TDictItemUpdate,
  type TDictionary,
  type TDictionaryName,
  type TDictOptions,
} from '@shetuan/shared/dictionaries';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import type { ResourceService } from '../../platform/resource';
import * as repo from './repository';

function dictionaryOf(code: string) {
  const dict = builtinDictionary(code);
  if (!dict) throw new AppError(ResultCode.FAILED, '字典不存在');
  return dict;
}

/** The tenant's dictionaries: the built-in ones, with the counts of its copy (or the defaults). */
export async function listDictionaries(tx: Tx, tenantId: number): Promise<TDictionary[]> {
  const counts = await repo.dictionaryCounts(tx, tenantId);
  return BUILTIN_DICTIONARIES.map((d) => {
    const own = counts.get(d.code);
    return {
      code: d.code,
      name: d.name,
      itemCount: own?.itemCount ?? d.items.length,
      enabledCount: own?.enabledCount ?? d.items.length,
      customised: own?.customised ?? false,
    };
  });
}

/** A dictionary as form options: the tenant's enabled items, or the defaults while it has no copy. */
export async function dictionaryOptions(tx: Tx, tenantId: number, code: string): Promise<TDictOptions> {
  const dict = dictionaryOf(code);
  const own = await repo.enabledItems(tx, tenantId, code);
  return {
    code,
    name: dict.name,
    options: own ?? dict.items.map(({ value, label }) => ({ value, label })),
  };
}

/**
 * A dictionary as form options, or null when the tenant has no dictionary with that code (the
 * forms module checks a question's dictionary with it and snapshots the items when publishing).
 */
export async function findDictionaryOptions(tx: Tx, tenantId: number, code: string): Promise<TDictOptions | null> {
  return builtinDictionary(code) ? dictionaryOptions(tx, tenantId, code) : null;
}

/** The dictionaries a form question may take its options from: code and name. */
export function dictionaryNames(): TDictionaryName[] {
  return BUILTIN_DICTIONARIES.map(({ code, name }) => ({ code, name }));
}

export async function reorder(tx: Tx, tenantId: number, dictCode: string, ids: number[]): Promise<void> {
  await repo.ensureCopy(tx, tenantId, dictionaryOf(dictCode));
  if (new Set(ids).size !== ids.length) throw new AppError(ResultCode.FAILED, '排序数据重复');
  const matched = await repo.reorderItems(tx, tenantId, dictCode, ids);
  if (matched !== ids.length) throw new AppError(ResultCode.FAILED, '字典项不存在或已删除，请刷新后重试');
}

async function itemOf(tx: Tx, tenantId: number, id: number): Promise<TDictItem> {
  const item = await repo.findItem(tx, tenantId, id);
  if (!item) throw new AppError(ResultCode.FAILED, `${DICT_ITEMS.title}不存在或已删除`);
  return item;
}

/**
 * The items of a dictionary through the resource kit. The tenant's copy is made on first use (a
 * list or a change), so defaults never change under a tenant and a tenant never changes another's.
 */
export const dictItemService: ResourceService<typeof DICT_ITEMS> = {
  async list(tx, tenantId, query: TDictItemQuery): Promise<TPage<TDictItem>> {
    await repo.ensureCopy(tx, tenantId, dictionaryOf(query.dictCode));
    return repo.listItems(tx, tenantId, query);
  },
  get: (tx, tenantId, id) => repo.findItem(tx, tenantId, id),
  async create(tx, tenantId, input: TDictItemCreate) {
    await repo.ensureCopy(tx, tenantId, dictionaryOf(input.dictCode));
    const sort = input.sort ?? (await repo.nextSort(tx, tenantId, input.dictCode));
    const id = await repo.insertItem(tx, tenantId, { ...input, sort });
    if (id === null) throw new AppError(ResultCode.FAILED, `值“${input.value}”已存在`);
    return id;
  },
  async update(tx, tenantId, id, input: TDictItemUpdate) {
    const item = await itemOf(tx, tenantId, id);
    await repo.updateItem(tx, tenantId, id, { ...input, sort: input.sort ?? item.sort });
  },
  async remove(tx, tenantId, id) {
    const item = await itemOf(tx, tenantId, id);
    if (item.builtin) throw new AppError(ResultCode.FAILED, '内置字典项不能删除，可以停用');
    await repo.deleteItem(tx, tenantId, id);
  },
};
