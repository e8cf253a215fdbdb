import { ResultCode } from '@shetuan/shared';
import type { TDictOptions } from '@shetuan/shared/dictionaries';
import {
  dictionaryCodes,
  type TFieldOption,
  type TFormSchema,
  withDictionaryOptions,
  withoutDictionaryOptions,
} from '@shetuan/shared/forms';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { findDictionaryOptions } from '../dictionaries';

/**
 * Choice questions whose options come from a dictionary (字典管理; docs/forms.md). The designer's
 * copy names the dictionary and stores no options; the designer and the preview get the options as
 * the tenant's dictionary has them now; publishing writes them into the version, which never
 * changes afterwards (a re-publish takes the dictionary as it is then).
 */

/** The tenant's own copy of each dictionary the schema names (null: no such dictionary). */
async function dictionariesOf(
  tx: Tx,
  tenantId: number,
  schema: Pick<TFormSchema, 'fields'>,
): Promise<Map<string, TDictOptions | null>> {
  const found = new Map<string, TDictOptions | null>();
  for (const code of dictionaryCodes(schema)) found.set(code, await findDictionaryOptions(tx, tenantId, code));
  return found;
}

const optionsOf = (found: Map<string, TDictOptions | null>) => {
  const items = new Map<string, TFieldOption[]>();
  for (const [code, dict] of found) if (dict) items.set(code, dict.options);
  return items;
};

/** The design as it is stored: every dictionary named must exist; those questions keep no options. */
export async function designToStore(tx: Tx, tenantId: number, schema: TFormSchema): Promise<TFormSchema> {
  const found = await dictionariesOf(tx, tenantId, schema);
  for (const f of schema.fields) {
    if (f.dictionary && !found.get(f.dictionary))
      throw new AppError(ResultCode.FAILED, `“${f.label}”引用的字典不存在（${f.dictionary}），请重新选择`, {
        field: f.id,
      });
  }
  return withoutDictionaryOptions(schema);
}

/** The design with its dictionary questions' options as the tenant's dictionaries have them now. */
export async function designWithOptions(tx: Tx, tenantId: number, schema: TFormSchema): Promise<TFormSchema> {
  if (!schema.fields.some((f) => f.dictionary)) return schema;
  return withDictionaryOptions(schema, optionsOf(await dictionariesOf(tx, tenantId, schema)));
}

/**
 * What publishing writes as the version: the design with each dictionary's enabled items, in order,
 * as the question's options. A dictionary with no enabled item leaves nothing to choose: refused.
 */
export async function publishedSnapshot(tx: Tx, tenantId: number, schema: TFormSchema): Promise<TFormSchema> {
  if (!schema.fields.some((f) => f.dictionary)) return schema;
  const found = await dictionariesOf(tx, tenantId, schema);
  for (const f of schema.fields) {
    if (!f.dictionary) continue;
    const dict = found.get(f.dictionary);
    if (!dict)
      throw new AppError(ResultCode.FAILED, `“${f.label}”引用的字典不存在（${f.dictionary}），请重新选择`, {
        field: f.id,
      });
    if (dict.options.length === 0)
      throw new AppError(ResultCode.FAILED, `“${f.label}”引用的字典“${dict.name}”没有启用的字典项，无法发布`, {
        field: f.id,
      });
  }
  return withDictionaryOptions(schema, optionsOf(found));
}
