import {
  FIELD_TYPES,
  type FieldType,
  PERSONAL_TYPES,
  type PersonalType,
  type TFieldOption,
  type TFieldProps,
  type TFormField,
  ZFormField,
} from './schema';

/**
 * Old-style definitions in and out (spec 002 §3): the designer's field rule (form-create style:
 * type, field, title, info, props, effect, options, validate, children) and the project form
 * builder's element (key, model, type, name, personalType, options, rules). Both convert to the
 * one schema and back, so existing forms can be imported.
 */

export interface DesignerValidate {
  type?: string;
  trigger?: string;
  required?: boolean;
  pattern?: string;
  min?: number;
  max?: number;
  len?: number;
  message?: string;
}

export interface DesignerRule {
  type: string;
  field: string;
  title: string;
  info?: string;
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

const safeId = (raw: string) => raw.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'f';
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const clean = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The designer's type (and its props) to ours. */
function designerType(rule: DesignerRule): FieldType | null {
  const props = rule.props ?? {};
  switch (rule.type) {
    case 'input':
      return props.type === 'textarea' ? 'TEXTAREA' : 'INPUT';
    case 'inputNumber':
      return 'NUMBER_INPUT';
    case 'select':
      return 'SELECT';
    case 'cascader':
      return 'CASCADER';
    case 'radio':
      return 'RADIO';
    case 'checkbox':
      return 'CHECKBOX';
    case 'switch':
      return 'SWITCH';
    case 'slider':
      return 'SLIDER';
    case 'rate':
      return 'RATE';
    case 'colorPicker':
      return 'COLOR';
    case 'timePicker':
      return props.isRange ? 'TIME_RANGE' : 'TIME';
    case 'datePicker':
      return props.type === 'daterange' ? 'DATE_RANGE' : 'DATE';
    case 'upload':
      return 'UPLOAD';
    case 'elDivider':
    case 'el-divider':
      return 'DIVIDER';
    case 'span':
    case 'div':
    case 'html':
      return 'DESC_TEXT';
    default:
      return null;
  }
}

/** A designer field rule as a schema field; null for a type the engine has no equivalent of. */
export function fromDesignerRule(rule: DesignerRule): TFormField | null {
  const type = designerType(rule);
  if (!type) return null;
  const props = rule.props ?? {};
  const validate = rule.validate ?? [];
  const fieldProps: TFieldProps = clean({
    maxLength: num(props.maxlength),
    rows: num(props.rows),
    min: num(props.min),
    max: num(props.max),
    step: num(props.step),
    precision: num(props.precision),
    multiple: typeof props.multiple === 'boolean' ? props.multiple : undefined,
    limit: num(props.limit),
    accept:
      typeof props.accept === 'string' ? props.accept.split(',').map((a) => a.trim().replace(/^\./, '')) : undefined,
    content: type === 'DESC_TEXT' ? (str(rule.children?.[0]) ?? rule.title) : undefined,
  });
  const options =
    type === 'CASCADER'
      ? (props.options as TFieldOption[] | undefined)
      : rule.options?.map((o) => ({ value: o.value, label: o.label }));
  return ZFormField.parse(
    clean({
      id: safeId(rule.field),
      type,
      label: rule.title,
      placeholder: str(props.placeholder) ?? rule.info,
      required: validate.some((v) => v.required),
      defaultValue: rule.value,
      regList: validate
        .filter((v) => v.pattern)
        .map((v) => ({ pattern: v.pattern as string, message: v.message ?? `${rule.title}格式不正确` })),
      options,
      props: fieldProps,
    }),
  );
}

/** A schema field as a designer field rule. */
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
    DATE: ['datePicker', {}],
    DATE_RANGE: ['datePicker', { type: 'daterange' }],
    UPLOAD: ['upload', {}],
    DIVIDER: ['elDivider', {}],
    DESC_TEXT: ['span', {}],
  };
  const [type, extra] = typeMap[field.type] ?? [field.type.toLowerCase(), {}];
  const validate: DesignerValidate[] = [];
  if (field.required) validate.push({ trigger: 'change', required: true, message: `请输入${field.label}` });
  for (const r of field.regList) validate.push({ trigger: 'blur', pattern: r.pattern, message: r.message });
  return clean({
    type,
    field: field.id,
    title: field.label,
    props: clean({
      ...extra,
      placeholder: field.placeholder,
      maxlength: p.maxLength,
      rows: p.rows,
      min: p.min,
      max: p.max,
      step: p.step,
      precision: p.precision,
      multiple: p.multiple,
      limit: p.limit,
      accept: p.accept?.map((a) => `.${a}`).join(','),
    }),
    options: field.type === 'CASCADER' ? undefined : field.options?.map((o) => ({ label: o.label, value: o.value })),
    validate,
    value: field.defaultValue,
    children: field.type === 'DESC_TEXT' ? [p.content ?? field.label] : undefined,
  });
}

/** A project form builder element as a schema field; null for an unknown type. */
export function fromBuilderElement(el: BuilderElement): TFormField | null {
  const type = el.type.toUpperCase();
  if (!(FIELD_TYPES as readonly string[]).includes(type)) return null;
  const o = el.options ?? {};
  const personalType = (PERSONAL_TYPES as readonly string[]).includes(el.personalType ?? '')
    ? (el.personalType as PersonalType)
    : undefined;
  return ZFormField.parse(
    clean({
      id: safeId(el.key),
      type: type as FieldType,
      label: el.name,
      showLabel: o.showLabel ?? true,
      placeholder: o.placeholder,
      required: Boolean(o.required) || (el.rules ?? []).some((r) => r.required),
      defaultValue: o.defaultValue === '' ? undefined : o.defaultValue,
      personalType,
      options: o.options?.map((x) => ({ value: x.value, label: x.label })),
      regList: (el.rules ?? [])
        .filter((r) => r.pattern)
        .map((r) => ({ pattern: r.pattern as string, message: r.message ?? `${el.name}格式不正确` })),
      props: {},
    }),
  );
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
