import { importForm } from './import';
import type { FieldType, TFormField } from './schema';

/**
 * Old-style definitions in and out (spec 002 §3): the designer's field rule (form-create style:
 * type, field, title, info, props, effect, options, validate, children) and the project form
 * builder's element (key, model, type, name, personalType, options, rules). Both convert to the
 * one schema and back; reading goes through `importForm` (import.ts), which reads whole saved
 * forms of these and TDuck's shapes and lists what it cannot carry.
 */

export interface DesignerValidate {
  type?: string;
  trigger?: string;
  mode?: string;
  required?: boolean;
  pattern?: string;
  min?: number;
  max?: number;
  len?: number;
  message?: string;
}

export interface DesignerRule {
  type: string;
  field?: string;
  title?: string;
  info?: string;
  $required?: boolean | string;
  col?: { span?: number };
  control?: { value?: unknown; condition?: string; rule?: unknown[] }[];
  props?: Record<string, unknown>;
  effect?: Record<string, unknown>;
  options?: { label: string; value: string | number }[];
  validate?: DesignerValidate[];
  value?: unknown;
  children?: unknown[];
}

export interface BuilderElement {
  key: string;
  model: string;
  type: string;
  name: string;
  personalType?: string;
  options: {
    placeholder?: string;
    required?: boolean;
    defaultValue?: unknown;
    options?: { value: string | number; label: string }[];
    showLabel?: boolean;
    [k: string]: unknown;
  };
  rules?: { required?: boolean; pattern?: string; message?: string }[];
}

const clean = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** A designer field rule as a schema field; null when it has no question (see `importForm`'s notes). */
export function fromDesignerRule(rule: DesignerRule): TFormField | null {
  return importForm([rule]).fields[0] ?? null;
}

/** A schema field as a designer field rule (form-create's shape, version 2 rules included). */
export function toDesignerRule(field: TFormField): DesignerRule {
  const p = field.props;
  const typeMap: Partial<Record<FieldType, [string, Record<string, unknown>]>> = {
    INPUT: ['input', {}],
    TEXTAREA: ['input', { type: 'textarea' }],
    NUMBER_INPUT: ['inputNumber', {}],
    SELECT: ['select', {}],
    CASCADER: ['cascader', { options: field.options }],
    RADIO: ['radio', {}],
    CHECKBOX: ['checkbox', {}],
    SWITCH: ['switch', {}],
    SLIDER: ['slider', {}],
    RATE: ['rate', {}],
    COLOR: ['colorPicker', {}],
    TIME: ['timePicker', {}],
    TIME_RANGE: ['timePicker', { isRange: true }],
    DATE: ['datePicker', { type: p.withTime ? 'datetime' : 'date' }],
    DATE_RANGE: ['datePicker', { type: p.withTime ? 'datetimerange' : 'daterange' }],
    UPLOAD: ['upload', {}],
    DIVIDER: ['elDivider', {}],
    DESC_TEXT: ['html', {}],
    IMAGE: ['elImage', { src: p.images?.[0] }],
    ROW: ['fcRow', { gutter: p.gutter, justify: p.justify, align: p.align }],
  };
  const [type, extra] = typeMap[field.type] ?? [field.type.toLowerCase(), {}];
  const validate: DesignerValidate[] = field.regList.map((r) =>
    clean({
      type: r.type,
      trigger: r.trigger,
      mode: r.mode,
      pattern: r.mode === 'pattern' ? (r.flags ? `/${r.pattern}/${r.flags}` : r.pattern) : undefined,
      min: r.mode === 'min' ? r.value : undefined,
      max: r.mode === 'max' ? r.value : undefined,
      len: r.mode === 'len' ? r.value : undefined,
      message: r.message,
    }),
  );
  return clean({
    type,
    field: field.id,
    title: field.label,
    $required: field.required ? field.requiredMessage || true : undefined,
    col: field.span !== 24 ? { span: field.span } : undefined,
    props: clean({
      ...extra,
      placeholder: field.placeholder,
      maxlength: p.maxLength,
      rows: p.rows,
      min: p.min,
      max: p.max,
      step: p.step,
      precision: p.precision,
      stepStrictly: p.stepStrictly,
      controls: p.controls,
      controlsPosition: p.controlsPosition === undefined ? undefined : p.controlsPosition === 'right' ? 'right' : '',
      multiple: p.multiple,
      limit: p.limit,
      accept: p.accept?.map((a) => `.${a}`).join(','),
    }),
    options: field.type === 'CASCADER' ? undefined : field.options?.map((o) => ({ label: o.label, value: o.value })),
    validate,
    value: field.defaultValue,
    children:
      field.type === 'DESC_TEXT' ? [p.content ?? ''] : field.type === 'DIVIDER' && p.text ? [p.text] : undefined,
  });
}

/** A project form builder element as a schema field; null for an unknown type (see `importForm`). */
export function fromBuilderElement(el: BuilderElement): TFormField | null {
  return importForm([el]).fields[0] ?? null;
}

/** A schema field as a project form builder element. */
export function toBuilderElement(field: TFormField): BuilderElement {
  return clean({
    key: field.id,
    model: `${field.type.toLowerCase()}_${field.id}`,
    type: field.type,
    name: field.label,
    personalType: field.personalType,
    options: clean({
      placeholder: field.placeholder,
      required: field.required,
      defaultValue: field.defaultValue,
      options: field.options?.map((o) => ({ value: o.value, label: o.label })),
      showLabel: field.showLabel,
    }),
    rules: [
      ...(field.required ? [{ required: true, message: field.placeholder || `${field.label}不能为空` }] : []),
      ...field.regList.map((r) => ({ pattern: r.pattern, message: r.message })),
    ],
  });
}
