import type { TFieldOption, TFormField, TFormSchema } from './schema';

/**
 * Questions whose options come from a dictionary (字典管理). The designer's copy names the
 * dictionary and keeps no options (`withoutDictionaryOptions`, as stored); whoever hands a design
 * out fills the options in from the tenant's dictionary (`withDictionaryOptions`), and publishing
 * does the same once, so the published version holds the items as they were then.
 */

/** The dictionary codes the schema's questions name, each once. */
export function dictionaryCodes(schema: Pick<TFormSchema, 'fields'>): string[] {
  return [...new Set(schema.fields.flatMap((f) => (f.dictionary ? [f.dictionary] : [])))];
}

/** The design as stored: a question that names a dictionary holds no options of its own. */
export function withoutDictionaryOptions<S extends Pick<TFormSchema, 'fields'>>(schema: S): S {
  if (!schema.fields.some((f) => f.dictionary)) return schema;
  return {
    ...schema,
    fields: schema.fields.map((f): TFormField => {
      if (!f.dictionary) return f;
      const { options: _, ...rest } = f;
      return rest;
    }),
  };
}

/**
 * The schema with each dictionary question's options taken from `items` (by code); a code not in
 * `items` leaves the question without options.
 */
export function withDictionaryOptions<S extends Pick<TFormSchema, 'fields'>>(
  schema: S,
  items: ReadonlyMap<string, readonly TFieldOption[]>,
): S {
  if (!schema.fields.some((f) => f.dictionary)) return schema;
  return {
    ...schema,
    fields: schema.fields.map((f): TFormField => {
      if (!f.dictionary) return f;
      const { options: _, ...rest } = f;
      const options = items.get(f.dictionary);
      return options ? { ...rest, options: options.map((o) => ({ value: o.value, label: o.label })) } : rest;
    }),
  };
}

/** JSON with object keys sorted: two schemas are the same whatever order their keys came in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/**
 * Whether two schemas say the same (key order aside: a schema read back from the database has
 * its keys in the database's order, one built in code in the code's).
 */
export function sameSchema(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}
