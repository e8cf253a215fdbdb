import {
  build,
  type ImportContext,
  isObject,
  numOf,
  patternRule,
  quoted,
  type RawRule,
  textOf,
} from './import-context';
import { FIELD_TYPES, type FieldType } from './schema';

/**
 * The project form builder's element (spec 002 §3): { key, model, type, name, personalType,
 * options: { placeholder, required, defaultValue, options, showLabel, … }, rules }.
 */
export function fromBuilderItem(el: Record<string, unknown>, ctx: ImportContext): void {
  ctx.sources.add('builder');
  const label = textOf(el.name);
  const type = textOf(el.type).toUpperCase();
  if (!(FIELD_TYPES as readonly string[]).includes(type)) {
    ctx.note(quoted(label), `没有对应的题型：${textOf(el.type) || '未知'}`);
    return;
  }
  const o = isObject(el.options) ? el.options : {};
  const list = (Array.isArray(el.rules) ? el.rules : []).filter(isObject);
  const placeholder = textOf(o.placeholder);
  const required = o.required === true || list.some((r) => r.required === true);
  // A required rule's message is kept when it says more than the placeholder or 不能为空 would.
  const said = list.find((r) => r.required === true && textOf(r.message));
  const message = textOf(said?.message);
  const rules: RawRule[] = list.filter((r) => r.pattern !== undefined).map((r) => patternRule(r.pattern, r.message));
  const props: Record<string, unknown> = {};
  for (const key of ['maxLength', 'rows', 'min', 'max', 'step', 'precision', 'multiple', 'limit', 'level'])
    if (o[key] !== undefined) props[key] = key === 'multiple' ? o[key] : numOf(o[key]);
  build(
    {
      sourceId: el.key,
      type: type as FieldType,
      label,
      showLabel: o.showLabel,
      placeholder,
      required,
      requiredMessage: message && message !== placeholder && message !== `${label}不能为空` ? message : undefined,
      defaultValue: o.defaultValue,
      span: o.span,
      rules,
      options: o.options,
      props,
      personalType: el.personalType,
    },
    ctx,
  );
}
