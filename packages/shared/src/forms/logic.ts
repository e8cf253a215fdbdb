import { fieldName } from './model';
import type { TCondition, TFormSchema, TLogicRule } from './schema';

/** Present: not undefined, null, '' or an empty list. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** JavaScript's loose equality for the values answers hold (numbers, strings, booleans). */
function looseEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'object' || typeof b === 'object') return false;
  // biome-ignore lint/suspicious/noDoubleEquals: the spec's eq is loose equality ('1' equals 1)
  return a == b;
}

/**
 * One condition (spec 002 §4): eq is true when the value is present and, for a list, includes
 * the option, otherwise equals it loosely; ne is true when the value is present and differs (for
 * a list: does not include it).
 */
export function evaluateCondition(condition: TCondition, values: Record<string, unknown>): boolean {
  const value = values[fieldName(condition.formItemId)];
  if (!isPresent(value)) return false;
  const matches = Array.isArray(value)
    ? value.some((v) => looseEquals(v, condition.optionValue))
    : looseEquals(value, condition.optionValue);
  return condition.expression === 'eq' ? matches : !matches;
}

/** A rule's conditions joined by 1 = and (stops at the first false) or 2 = or (stops at the first true). */
export function evaluateRule(rule: Pick<TLogicRule, 'combinator' | 'conditions'>, values: Record<string, unknown>) {
  if (rule.combinator === 1) {
    for (const c of rule.conditions) if (!evaluateCondition(c, values)) return false;
    return true;
  }
  for (const c of rule.conditions) if (evaluateCondition(c, values)) return true;
  return false;
}

/**
 * The ids of the fields that show for these answers. A field no rule names always shows; a field
 * that rules name shows while one of them holds. A hidden field counts with its default value, so
 * a chain (A shows B, B shows C) hides C when A hides B, whatever B held. A row container's
 * questions show only while the container does.
 */
export function visibleFieldIds(schema: Pick<TFormSchema, 'fields' | 'logic'>, values: Record<string, unknown>) {
  const targeted = new Map<string, TLogicRule[]>();
  for (const rule of schema.logic) {
    for (const id of rule.showIds) targeted.set(id, [...(targeted.get(id) ?? []), rule]);
  }
  let visible = new Set(schema.fields.map((f) => f.id));
  // Hiding a field resets it, which may hide others; the number of fields bounds the passes.
  for (let pass = 0; pass <= schema.fields.length; pass++) {
    const effective = { ...values };
    for (const f of schema.fields) if (!visible.has(f.id)) effective[fieldName(f.id)] = f.defaultValue;
    const next = new Set<string>();
    for (const f of schema.fields) {
      const rules = targeted.get(f.id);
      if (!rules || rules.some((r) => evaluateRule(r, effective))) next.add(f.id);
    }
    // A hidden row container hides the questions in it (containers come before their questions).
    for (const f of schema.fields) if (f.row !== undefined && !next.has(f.row)) next.delete(f.id);
    const stable = next.size === visible.size && [...next].every((id) => visible.has(id));
    visible = next;
    if (stable) break;
  }
  return visible;
}
