import { z } from 'zod';
import { ZPageQuery } from '../platform/list';
import { defineResource } from '../platform/resource';
import { DICTIONARY_PAGES } from './pages';

export * from './builtin';
export * from './pages';

export const DictItemStatus = { DISABLED: 0, ENABLED: 1 } as const;
const STATUS_OPTIONS = [
  { value: 1, label: '启用' },
  { value: 0, label: '停用' },
] as const;

/** A dictionary of the tenant: a built-in one (its own copy once changed). */
export const ZDictionary = z.object({
  code: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  enabledCount: z.number().int(),
  /** Whether the tenant has changed it: renamed, disabled, reordered or added an item. */
  customised: z.boolean(),
});
export type TDictionary = z.infer<typeof ZDictionary>;

/** A dictionary as a form question may name it (the designer's 引用字典). */
export const ZDictionaryName = z.object({ code: z.string(), name: z.string() });
export type TDictionaryName = z.infer<typeof ZDictionaryName>;

export const ZDictCode = z.string({ error: '请选择字典' }).trim().min(1, '请选择字典').max(40, '字典编码最多40个字符');

export const ZDictItem = z.object({
  id: z.number().int(),
  dictCode: z.string(),
  value: z.string(),
  label: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  /** From the built-in defaults: may be renamed and disabled, not deleted. */
  builtin: z.boolean(),
  taxCode: z.string(),
  taxTypeCode: z.string(),
  taxType: z.string(),
  updatedAt: z.string(),
});
export type TDictItem = z.infer<typeof ZDictItem>;

const ZLabel = z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(50, '名称最多50个字');
const ZSort = z.coerce
  .number({ error: '排序必须是数字' })
  .int('排序必须是整数')
  .min(0, '排序不能小于0')
  .max(9999, '排序最大9999');
const ZStatus = z.coerce
  .number({ error: '状态不正确' })
  .int()
  .refine((v) => v === 0 || v === 1, '状态不正确');
const ZTaxCode = z
  .string()
  .trim()
  .regex(/^(\d{19})?$/, '税收分类编码为19位数字')
  .default('');
const ZShortText = (name: string) => z.string().trim().max(20, `${name}最多20个字`).default('');

export const ZDictItemCreate = z.object({
  dictCode: ZDictCode,
  value: z
    .string({ error: '请输入值' })
    .trim()
    .min(1, '请输入值')
    .max(40, '值最多40个字符')
    .regex(/^[A-Za-z0-9_.-]+$/, '值只能包含字母、数字、_、.、-'),
  label: ZLabel,
  /** Empty: after the last item. */
  sort: ZSort.optional(),
  status: ZStatus.default(1),
  taxCode: ZTaxCode,
  taxTypeCode: ZShortText('税率类型代码'),
  taxType: ZShortText('税率类型'),
});
export type TDictItemCreate = z.infer<typeof ZDictItemCreate>;

/** The value stays: answers and records keep it when a label changes. */
export const ZDictItemUpdate = ZDictItemCreate.omit({ dictCode: true, value: true });
export type TDictItemUpdate = z.infer<typeof ZDictItemUpdate>;

export const ZDictItemQuery = ZPageQuery.extend({
  dictCode: ZDictCode,
  status: ZStatus.optional(),
});
export type TDictItemQuery = z.infer<typeof ZDictItemQuery>;

/** Items of a dictionary as form options: enabled ones, in order. */
export const ZDictOptions = z.object({
  code: z.string(),
  name: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type TDictOptions = z.infer<typeof ZDictOptions>;

export const DICT_ITEMS = defineResource({
  name: 'dictionary-items',
  title: '字典项',
  api: '/dictionaries/items',
  page: DICTIONARY_PAGES.dictionary,
  entity: ZDictItem,
  create: ZDictItemCreate,
  update: ZDictItemUpdate,
  filters: ZDictItemQuery,
  importable: true,
  fields: [
    { key: 'value', title: '值', width: 140 },
    { key: 'label', title: '名称', width: 200 },
    { key: 'sort', title: '排序', kind: 'number', width: 80 },
    { key: 'status', title: '状态', kind: 'enum', options: STATUS_OPTIONS, filter: true, width: 90 },
    { key: 'builtin', title: '内置', kind: 'boolean', width: 80 },
    { key: 'taxCode', title: '税收分类编码', width: 200 },
    { key: 'taxTypeCode', title: '税率类型代码', width: 120 },
    { key: 'taxType', title: '税率类型', width: 100 },
    { key: 'updatedAt', title: '更新时间', kind: 'datetime', list: false, width: 170 },
  ],
});
