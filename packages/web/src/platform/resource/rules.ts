import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * antd form rules derived from a zod object schema: the schema is the one place a field's rules
 * and Chinese messages live (STYLE.md, schemas once). A control's empty value ('' or null) counts
 * as absent, so a field with a default or .optional() may stay empty and a required one says the
 * schema's own message for a missing value.
 */

type Schema = z.ZodType;

/** The schema of one key of an object schema. */
export function fieldSchema(object: z.ZodObject, key: string): Schema | undefined {
  return (object.shape as Record<string, Schema | undefined>)[key];
}

/** A control's value as the schema should see it: empty ('' / null / blank text) is absent. */
export function normalise(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/** The first issue's message, or null when the schema accepts the value. */
export function firstProblem(schema: Schema, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '格式不正确');
}

/** Required when the schema refuses an absent value; the message is the one it gives for that. */
export function requiredMessage(schema: Schema): string | null {
  return firstProblem(schema, undefined);
}

/** The antd rules of one field: required (with the schema's message), then the schema itself. */
export function fieldRules(object: z.ZodObject, key: string): Rule[] {
  const schema = fieldSchema(object, key);
  if (!schema) return [];
  const rules: Rule[] = [];
  const missing = requiredMessage(schema);
  if (missing !== null) rules.push({ required: true, message: missing });
  rules.push({
    validator: async (_rule, value: unknown) => {
      const v = normalise(value);
      // An empty required field is the required rule's to report, once.
      if (v === undefined) return;
      const problem = firstProblem(schema, v);
      if (problem !== null) throw new Error(problem);
    },
  });
  return rules;
}

/** Limits worth showing on a control (character count, number range), read from the schema. */
export interface FieldLimits {
  maxLength?: number;
  min?: number;
  max?: number;
  integer?: boolean;
}

interface Inspectable {
  unwrap?: () => unknown;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
  def?: { innerType?: unknown };
}

/** Reads the limits through default/optional/nullable wrappers; absent when the schema has none. */
export function fieldLimits(object: z.ZodObject, key: string): FieldLimits {
  let s = fieldSchema(object, key) as unknown as Inspectable | undefined;
  for (let i = 0; s && i < 5 && (s.def?.innerType || s.unwrap); i++) {
    s = (s.def?.innerType ?? s.unwrap?.()) as Inspectable | undefined;
  }
  if (!s) return {};
  const limits: FieldLimits = {};
  if (typeof s.maxLength === 'number') limits.maxLength = s.maxLength;
  // .int() alone sets the safe-integer bounds: no range worth showing.
  if (typeof s.minValue === 'number' && s.minValue > Number.MIN_SAFE_INTEGER) limits.min = s.minValue;
  if (typeof s.maxValue === 'number' && s.maxValue < Number.MAX_SAFE_INTEGER) limits.max = s.maxValue;
  if (s.isInt) limits.integer = true;
  return limits;
}

/**
 * The body a form sends: the schema's keys only, empty values absent, then parsed by the schema
 * (trimmed text, numbers from text, defaults). Answers the schema's first problem when refused.
 */
export function formBody<S extends z.ZodObject>(
  schema: S,
  values: Record<string, unknown>,
): { ok: true; body: z.output<S> } | { ok: false; message: string } {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const v = normalise(values[key]);
    if (v !== undefined) picked[key] = v;
  }
  const result = schema.safeParse(picked);
  if (result.success) return { ok: true, body: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? '格式不正确' };
}
