import { z } from 'zod';
import { ZPage } from './list';
import type { Page } from './pages';

/**
 * The resource kit's contract (docs/modules.md): one declaration per list-detail-form resource
 * drives the server's routes (list, detail, create, update, delete, Excel export as a job, Excel
 * import with a per-row report) and the web's list page and form. Everything a screen shows or
 * checks comes from here: the zod schemas carry the Chinese messages, the fields the titles.
 */

/** How a value is shown in a list cell and an export cell, and edited in the form. */
export type ResourceFieldKind = 'text' | 'textarea' | 'number' | 'enum' | 'boolean' | 'datetime';

export interface ResourceField {
  key: string;
  title: string;
  kind?: ResourceFieldKind;
  /** enum: the values and their labels (list cell, filter, form select, export, import). */
  options?: readonly { value: string | number; label: string }[];
  /** In the list (default true). */
  list?: boolean;
  /** A filter of the list's search form (the filters schema must accept it). */
  filter?: boolean;
  /** In the Excel export (default true) and, when the create schema has it, the import. */
  export?: boolean;
  width?: number;
}

export interface ResourceContract<
  E extends z.ZodObject = z.ZodObject,
  C extends z.ZodObject = z.ZodObject,
  U extends z.ZodObject = z.ZodObject,
  F extends z.ZodObject = z.ZodObject,
> {
  /** Stable name: job kinds and query keys use it ('dictionary-items'). */
  name: string;
  /** Chinese name of one record ('字典项'): titles, messages, file names. */
  title: string;
  /** API base under /st365 ('/dictionaries/items'). */
  api: `/${string}`;
  /** The page whose path grants reading and whose function points grant the rest. */
  page: Page<`/${string}`, 'add' | 'edit' | 'delete' | 'export'>;
  entity: E;
  create: C;
  update: U;
  /** The list's query: paging, keyword and the filters (extend ZPageQuery). */
  filters: F;
  fields: readonly ResourceField[];
  /** Whether records can be imported from Excel (the create schema checks each row). */
  importable?: boolean;
}

export function defineResource<
  E extends z.ZodObject,
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
>(contract: ResourceContract<E, C, U, F>): ResourceContract<E, C, U, F> {
  return contract;
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
  if (field.kind === 'enum') return field.options?.find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}

/** The value an import cell's text stands for (the inverse of fieldText); undefined when empty. */
export function fieldValue(field: ResourceField, text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  if (field.kind === 'boolean') return t === '是' ? true : t === '否' ? false : t;
  if (field.kind === 'number') return Number.isFinite(Number(t)) ? Number(t) : t;
  if (field.kind === 'enum') {
    const option = field.options?.find((o) => o.label === t || String(o.value) === t);
    return option ? option.value : t;
  }
  return t;
}
