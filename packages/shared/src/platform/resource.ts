import { z } from 'zod';
import { ZPage } from './list';
import type { PageInfo, PermissionKey } from './pages';

/**
 * The resource kit's contract (docs/modules.md): one declaration per list-detail-form resource
 * drives the server's routes (list, detail, create, update, delete, Excel export as a job, Excel
 * import with a per-row report) and the web's list page and form. Everything a screen shows or
 * checks comes from here: the zod schemas carry the Chinese messages, the fields the titles.
 */

/**
 * How a value is shown in a list cell and an export cell, and edited in the form. 'tags' is a list
 * of short texts (tags in a cell, joined with 、 in an export, a tags select in the form).
 */
export type ResourceFieldKind = 'text' | 'textarea' | 'number' | 'enum' | 'boolean' | 'datetime' | 'tags';

export interface ResourceField {
  key: string;
  title: string;
  kind?: ResourceFieldKind;
  /** enum: the values and their labels (list cell, filter, form select, export, import). */
  options?: readonly { value: string | number; label: string }[];
  /**
   * enum: options read at run time instead, from this API path (GET, answering
   * `{ list: { id, name }[] }`): a parent record, another table's records. Options served under the
   * resource's own API are its own records, and the form leaves out the one being edited.
   */
  optionsFrom?: `/${string}`;
  /** In the list (default true; false: offered in the column settings, hidden at first). */
  list?: boolean;
  /** Only in the form (a parent's id, which the list shows by a name field): no column, no export. */
  formOnly?: boolean;
  /** A filter of the list's search form (the filters schema must accept it). */
  filter?: boolean;
  /**
   * Only a filter of the search form (implies `filter`): no column, no form control, no export (one
   * domain to search by, where the list shows the record's domains by name). A `formOnly` field
   * with `filter` is a search field too. A screen may give the search field its own control
   * (a tree select, a region cascader: the web kit's `searchWidgets`).
   */
  filterOnly?: boolean;
  /**
   * Import: the cell holds names that the service's `importLookup` turns into values of this create
   * key (专业领域 names → domainIds); an unknown name refuses the row with the column's title.
   */
  importAs?: string;
  /** In the Excel export (default true) and, when the create schema has it, the import. */
  export?: boolean;
  width?: number;
  /** The form control's placeholder. */
  placeholder?: string;
  /** A hint beside the form label. */
  hint?: string;
}

/** The function points a resource's page needs: 新增 and 编辑; 删除 and 导出 when it has them. */
export type ResourcePageInfo = PageInfo<`/${string}`> & {
  readonly add: PermissionKey;
  readonly edit: PermissionKey;
  readonly delete?: PermissionKey;
  readonly export?: PermissionKey;
};

export interface ResourceContract<
  E extends z.ZodObject = z.ZodObject,
  C extends z.ZodObject = z.ZodObject,
  U extends z.ZodObject = z.ZodObject,
  F extends z.ZodObject = z.ZodObject,
  D extends z.ZodObject = E,
> {
  /** Stable name: job kinds and query keys use it ('dictionary-items'). */
  name: string;
  /** Chinese name of one record ('字典项'): titles, messages, file names. */
  title: string;
  /** API base under /st365 ('/dictionaries/items'). */
  api: `/${string}`;
  /**
   * The page whose path grants reading and whose function points grant the rest; without 删除 or
   * 导出 the resource has no delete or export.
   */
  page: ResourcePageInfo;
  /** A record as the list shows it. */
  entity: E;
  /** A record as its detail (GET :id) answers: the entity and more (a role's grants); entity by default. */
  detail?: D;
  create: C;
  update: U;
  /** The list's query: paging, keyword and the filters (extend ZPageQuery). */
  filters: F;
  fields: readonly ResourceField[];
  /** Whether records can be imported from Excel (the create schema checks each row). */
  importable?: boolean;
  /**
   * The export file's name without .xlsx: the title by default. `{date}` stands for the day the
   * export runs (YYYYMMDD, China time): '专家库_{date}'.
   */
  exportName?: string;
}

export function defineResource<
  E extends z.ZodObject,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  D extends z.ZodObject = E,
>(contract: ResourceContract<E, C, U, F, D>): ResourceContract<E, C, U, F, D> {
  return contract;
}

/** The export file's name of a resource on a day (China time): its exportName, or its title, with .xlsx. */
export function exportFileName(contract: { title: string; exportName?: string }, at: Date = new Date()): string {
  const day = new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `${(contract.exportName ?? contract.title).replaceAll('{date}', day)}.xlsx`;
}

/** The list answer of a resource. */
export function ZResourcePage<E extends z.ZodObject>(contract: { entity: E }) {
  return ZPage(contract.entity);
}

/** One refused row of an import: the sheet's row number, the column title and the reason. */
export const ZImportProblem = z.object({ row: z.number().int(), column: z.string(), reason: z.string() });
export type TImportProblem = z.infer<typeof ZImportProblem>;

/**
 * An import's answer. mode 'all' writes nothing when any row is refused; mode 'valid' writes the
 * good rows (each row whole or not at all) and reports the others.
 */
export const ZImportResult = z.object({
  total: z.number().int(),
  inserted: z.number().int(),
  problems: z.array(ZImportProblem),
});
export type TImportResult = z.infer<typeof ZImportResult>;
export const ZImportQuery = z.object({
  mode: z.enum(['all', 'valid'], { error: '导入方式只能是 all 或 valid' }).default('all'),
});

/** The text a field's value shows as (list cells, exports, import matching). */
export function fieldText(field: ResourceField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.map(String).join('、');
  if (field.kind === 'enum') return field.options?.find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}

/** The value an import cell's text stands for (the inverse of fieldText); undefined when empty. */
export function fieldValue(field: ResourceField, text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  if (field.kind === 'boolean') return t === '是' ? true : t === '否' ? false : t;
  if (field.kind === 'number') return Number.isFinite(Number(t)) ? Number(t) : t;
  if (field.kind === 'tags') return t.split(/[、,，;；\s]+/).filter(Boolean);
  if (field.kind === 'enum') {
    const option = field.options?.find((o) => o.label === t || String(o.value) === t);
    return option ? option.value : t;
  }
  return t;
}
