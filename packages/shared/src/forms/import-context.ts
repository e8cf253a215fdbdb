import type { ImportSource } from './import';
import { parsePattern } from './rules';
import {
  FIELD_TYPE_NAMES,
  type FieldType,
  fieldName,
  PERSONAL_TYPES,
  type PersonalType,
  RULE_TYPES,
  type RuleTrigger,
  type RuleType,
  ruleRegExp,
  ruleTypesFor,
  type TCondition,
  type TFieldOption,
  type TFieldProps,
  type TFormField,
  type TFormSettings,
  type TRegRule,
  ZFieldProps,
  ZFormField,
  ZRegRule,
} from './schema';
import { fieldProblem } from './validate';

/** What the readers of each shape need from the import under way (import.ts). */
export interface ImportContext {
  settings: Partial<TFormSettings>;
  sources: Set<ImportSource>;
  /** The question limit is reached: what follows is only noted, not read (nor given an id). */
  readonly full: boolean;
  note(what: string, reason: string): void;
  /**
   * Reads what a layout rule holds (a card's, a row's, a control's questions) one level deeper;
   * past MAX_IMPORT_NESTING it is noted instead, so pasted JSON nested thousands deep ends in a
   * note rather than a stack overflow.
   */
  nested(what: string, read: () => void): void;
  /** A new id from the old name (made safe and unique); the old name is remembered for the controls. */
  id(raw: unknown, prefix: string): string;
  add(field: TFormField): void;
  control(entry: {
    source: string;
    label: string;
    conditions: Omit<TCondition, 'formItemId'>[];
    combinator: 1 | 2;
    targets: string[];
  }): void;
}

/** A question as read from an old shape, before its parts are checked one by one. */
export interface Candidate {
  sourceId: unknown;
  type: FieldType;
  label: string;
  showLabel?: unknown;
  placeholder?: unknown;
  required?: boolean;
  requiredMessage?: unknown;
  defaultValue?: unknown;
  span?: unknown;
  rules: RawRule[];
  options?: unknown;
  props: Record<string, unknown>;
  personalType?: unknown;
  row?: string;
}

/** A rule as the old shapes hold it (form-create's validate entry, TDuck's regList entry). */
export interface RawRule {
  mode: TRegRule['mode'];
  type?: unknown;
  trigger?: unknown;
  pattern?: unknown;
  value?: unknown;
  message?: unknown;
}

export const textOf = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** How deep layout rules (cards in rows in tabs …) are read; a real form is a few levels deep. */
export const MAX_IMPORT_NESTING = 20;
/** How much of a pasted text a note quotes: a name repeated in many notes stays short. */
const QUOTE_MAX = 30;

/** A short piece of pasted text for a note: trimmed, at most QUOTE_MAX characters (then …). */
export function clip(text: string, max = QUOTE_MAX): string {
  const t = text.length > max * 4 ? text.slice(0, max * 4).trim() : text.trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

/** A question's or an item's name as a note quotes it: “name”, clipped. */
export const quoted = (text: string, fallback = '未命名'): string => `“${clip(text) || fallback}”`;
export const numOf = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
};
export const boolOf = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** Reads a path like 'props.props.multiple' or '__slot__.options'. */
export function at(o: unknown, path: string): unknown {
  let v: unknown = o;
  for (const k of path.split('.')) v = isObject(v) ? v[k] : undefined;
  return v;
}

/** Text as HTML for a DESC_TEXT block: escaped, one paragraph per line. */
export function textAsHtml(text: string): string {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return esc
    .split(/\n+/)
    .filter((l) => l.trim() !== '')
    .map((l) => `<p>${l}</p>`)
    .join('');
}

/** Upload accept text (".pdf,.docx", "image/*") as extensions. */
export function acceptOf(v: unknown): string[] | undefined {
  const text = Array.isArray(v) ? v.map(textOf).join(',') : textOf(v);
  if (!text.trim()) return undefined;
  const out = new Set<string>();
  for (const part of text.split(/[,，\s]+/)) {
    const a = part.trim().toLowerCase();
    if (!a) continue;
    if (a === 'image/*') for (const e of ['jpg', 'jpeg', 'png', 'gif', 'bmp']) out.add(e);
    else if (a.includes('/')) out.add(a.split('/')[1]?.replace(/^x-/, '') ?? a);
    else out.add(a.replace(/^\./, ''));
  }
  return [...out].filter((a) => /^[a-z0-9]{1,10}$/.test(a)).slice(0, 30);
}

/** A size and unit (KB, MB, GB) in MB. */
export function sizeInMb(size: unknown, unit: unknown): number | undefined {
  const n = numOf(size);
  if (n === undefined || n <= 0) return undefined;
  const u = textOf(unit).toUpperCase();
  const mb = u === 'KB' ? n / 1024 : u === 'GB' ? n * 1024 : n;
  return Math.max(0.001, Math.round(mb * 1000) / 1000);
}

/** A regex rule from the old shapes: a literal '/…/flags' is read as one. */
export function patternRule(pattern: unknown, message: unknown, extra: Partial<RawRule> = {}): RawRule {
  return { mode: 'pattern', pattern, message, ...extra };
}

const NAME = (c: Pick<Candidate, 'label' | 'type'>) => quoted(c.label, FIELD_TYPE_NAMES[c.type]);

/** Chinese names of the settings a note may name. */
const PROP_NAMES: Partial<Record<keyof TFieldProps, string>> = {
  maxLength: '最多字数',
  rows: '行数',
  min: '最小值',
  max: '最大值',
  step: '步长',
  precision: '小数位数',
  limit: '最多文件数',
  maxSizeMb: '文件大小上限',
  accept: '允许的格式',
  images: '图片',
  content: '内容',
  level: '层级',
};

/** Options as the schema holds them (value, label, image, children), duplicates and bad ones noted. */
function optionsOf(raw: unknown, c: Candidate, ctx: ImportContext, depth = 0): TFieldOption[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const seen = new Set<string>();
  const out: TFieldOption[] = [];
  for (const o of raw) {
    if (!isObject(o)) continue;
    const value = typeof o.value === 'number' || typeof o.value === 'string' ? o.value : o.label;
    const label = textOf(o.label) || textOf(o.value);
    if ((typeof value !== 'string' && typeof value !== 'number') || label === '' || String(value).length > 200) {
      ctx.note(`${NAME(c)}的选项“${label || '（空）'}”`, '选项的值不正确');
      continue;
    }
    if (seen.has(String(value))) {
      ctx.note(`${NAME(c)}的选项“${label}”`, '与其他选项的值重复');
      continue;
    }
    seen.add(String(value));
    const option: TFieldOption = { value, label: label.slice(0, 200) };
    const image = textOf(o.image ?? o.src ?? o.url);
    if (c.type === 'IMAGE_SELECT' && image) option.image = image.slice(0, 500);
    if (c.type === 'CASCADER' && Array.isArray(o.children) && o.children.length > 0 && depth < 10)
      option.children = optionsOf(o.children, c, ctx, depth + 1);
    out.push(option);
  }
  if (out.length > 500) ctx.note(`${NAME(c)}的第500个以后的选项`, '选项最多500个');
  return out.slice(0, 500);
}

/** The rules the schema takes; the others noted with why. */
function rulesOf(c: Candidate, field: Pick<TFormField, 'type' | 'props'>, ctx: ImportContext): TRegRule[] {
  const types = ruleTypesFor(field);
  const out: TRegRule[] = [];
  for (const r of c.rules) {
    const what = `${NAME(c)}的校验规则${textOf(r.message) ? `“${textOf(r.message)}”` : ''}`;
    if (types.length === 0) {
      ctx.note(what, `${FIELD_TYPE_NAMES[field.type]}不能添加校验规则`);
      continue;
    }
    let type = (RULE_TYPES as readonly string[]).includes(textOf(r.type)) ? (textOf(r.type) as RuleType) : undefined;
    // A type that does not fit the question (form-create puts 'string' on every rule) says nothing.
    if (type && !types.includes(type)) {
      if (r.mode === 'type') {
        ctx.note(what, `字段类型 ${type} 不适用于${FIELD_TYPE_NAMES[field.type]}`);
        continue;
      }
      type = undefined;
    }
    const rule: Record<string, unknown> = { mode: r.mode, message: textOf(r.message).slice(0, 200) };
    if (type) rule.type = type;
    const trigger = textOf(Array.isArray(r.trigger) ? r.trigger[0] : r.trigger);
    if (['change', 'blur', 'submit'].includes(trigger)) rule.trigger = trigger as RuleTrigger;
    if (r.mode === 'pattern') {
      if (typeof r.pattern !== 'string' || r.pattern.trim() === '') {
        ctx.note(what, '正则表达式没有保存下来');
        continue;
      }
      const { pattern, flags } = parsePattern(r.pattern);
      rule.pattern = pattern;
      if (flags) rule.flags = flags;
      if (!ruleRegExp({ pattern, flags })) {
        ctx.note(what, '不是正确的正则表达式');
        continue;
      }
    }
    if (r.mode === 'min' || r.mode === 'max' || r.mode === 'len') {
      const n = numOf(r.value);
      if (n === undefined) {
        ctx.note(what, `缺少${{ min: '最小值', max: '最大值', len: '长度' }[r.mode]}`);
        continue;
      }
      rule.value = n;
    }
    if (r.mode === 'type' && !type) {
      ctx.note(what, '缺少字段类型');
      continue;
    }
    const parsed = ZRegRule.safeParse(rule);
    if (parsed.success) out.push(parsed.data);
    else ctx.note(what, parsed.error.issues[0]?.message ?? '规则不正确');
  }
  if (out.length > 10) ctx.note(`${NAME(c)}的第10条以后的校验规则`, '校验规则最多10条');
  return out.slice(0, 10);
}

/** Per-type settings the schema takes; each bad one noted. */
function propsOf(c: Candidate, ctx: ImportContext): TFieldProps {
  const out: Record<string, unknown> = {};
  const shape = ZFieldProps.shape as Record<string, { safeParse: (v: unknown) => { success: boolean } }>;
  for (const [key, value] of Object.entries(c.props)) {
    if (value === undefined || value === null) continue;
    const check = shape[key];
    if (!check) continue;
    if (check.safeParse(value).success) out[key] = value;
    else ctx.note(`${NAME(c)}的${PROP_NAMES[key as keyof TFieldProps] ?? key}`, `值“${textOf(value) || '…'}”不正确`);
  }
  return out as TFieldProps;
}

/** A default value in the shape of the question's answers (TDuck keeps lists as JSON text). */
function defaultOf(c: Candidate, field: TFormField): unknown {
  let v = c.defaultValue;
  if (isObject(v) && 'value' in v && ('json' in v || Object.keys(v).length === 1)) {
    v = v.json && typeof v.value === 'string' ? parseJson(v.value) : v.value;
  }
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return undefined;
  switch (field.type) {
    case 'NUMBER_INPUT':
    case 'SLIDER':
    case 'RATE':
      return numOf(v) ?? v;
    case 'CHECKBOX':
    case 'IMAGE_SELECT':
    case 'CASCADER':
    case 'DATE_RANGE':
    case 'TIME_RANGE':
      return typeof v === 'string' ? parseJson(v) : v;
    case 'SELECT':
      return field.props.multiple && typeof v === 'string' ? parseJson(v) : v;
    case 'SWITCH':
      return v === 'true' ? true : v === 'false' ? false : v;
    default:
      return v;
  }
}

/** Whether a value nests lists or objects more than `max` deep (checked without recursion). */
function nestsDeeper(value: unknown, max: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > max) return true;
    const next: unknown[] = [];
    for (const v of level)
      if (typeof v === 'object' && v !== null) for (const inner of Object.values(v)) next.push(inner);
    level = next;
  }
  return false;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Types whose default cannot travel: files, signatures, verified phones, places. */
const NO_DEFAULT: ReadonlySet<FieldType> = new Set(['UPLOAD', 'SIGN_PAD', 'PHONE_VERIFICATION', 'INPUT_MAP']);

/**
 * A candidate as a schema field: each part checked on its own, so one bad setting costs that
 * setting (noted), not the question; a default the validator refuses is dropped (noted).
 */
export function build(c: Candidate, ctx: ImportContext): TFormField | null {
  if (ctx.full) {
    ctx.note(NAME(c), '题目最多500个');
    return null;
  }
  const label = c.label.trim().slice(0, 200);
  const props = propsOf(c, ctx);
  const base: Record<string, unknown> = {
    id: ctx.id(c.sourceId, c.type.toLowerCase()),
    type: c.type,
    label,
    props,
  };
  if (typeof c.showLabel === 'boolean') base.showLabel = c.showLabel;
  const placeholder = textOf(c.placeholder).trim();
  if (placeholder) base.placeholder = placeholder.slice(0, 200);
  if (c.required) base.required = true;
  const requiredMessage = textOf(c.requiredMessage).trim();
  if (c.required && requiredMessage) base.requiredMessage = requiredMessage.slice(0, 200);
  const span = numOf(c.span);
  if (span !== undefined) {
    if (Number.isInteger(span) && span >= 1 && span <= 24) base.span = span;
    else if (span !== 0) ctx.note(`${NAME(c)}的宽度`, `栅格 ${span} 不在 1 到 24 之间`);
  }
  if ((PERSONAL_TYPES as readonly string[]).includes(textOf(c.personalType)))
    base.personalType = c.personalType as PersonalType;
  if (c.row) base.row = c.row;
  const options = optionsOf(c.options, c, ctx);
  if (options) base.options = options;
  base.regList = rulesOf(c, { type: c.type, props }, ctx);
  const parsed = ZFormField.safeParse(base);
  if (!parsed.success) {
    ctx.note(NAME(c), parsed.error.issues[0]?.message ?? '题目不正确');
    return null;
  }
  const field = parsed.data;
  const dv = defaultOf(c, field);
  if (dv !== undefined) {
    // An answer is a value, a list, or a list of small objects (files): anything deeper is no default.
    const why = NO_DEFAULT.has(field.type)
      ? '这类题目的默认值无法导入'
      : nestsDeeper(dv, 3)
        ? '默认值格式不正确'
        : fieldProblem({ ...field, required: false }, dv, { [fieldName(field.id)]: dv });
    if (why) ctx.note(`${NAME(c)}的默认值`, why);
    else field.defaultValue = dv;
  }
  ctx.add(field);
  return field;
}

/** Form options: form-create's option ({ form, submitBtn, resetBtn, row }) and TDuck's form config. */
export function readSettings(o: Record<string, unknown>, source: 'form-create' | 'tduck', ctx: ImportContext): void {
  const form = source === 'form-create' && isObject(o.form) ? o.form : o;
  const s = ctx.settings;
  const position = textOf(form.labelPosition);
  if (position === 'left' || position === 'right' || position === 'top') s.labelPosition = position;
  const size = textOf(form.size);
  if (size) s.size = size === 'large' ? 'large' : size === 'small' || size === 'mini' ? 'small' : 'middle';
  const width = numOf(textOf(form.labelWidth).replace(/px$/, '')) ?? numOf(form.labelWidth);
  if (width !== undefined) {
    if (width >= 40 && width <= 400) s.labelWidth = Math.round(width);
    else ctx.note('表单配置的标题宽度', `${width}px 不在 40 到 400 之间`);
  }
  for (const key of ['hideRequiredAsterisk', 'showMessage', 'inlineMessage', 'disabled'] as const) {
    const v = boolOf(form[key]);
    if (v !== undefined) s[key] = v;
  }
  const gutter = numOf(source === 'form-create' ? at(o, 'row.gutter') : o.gutter);
  if (gutter !== undefined && gutter >= 0 && gutter <= 48) s.gutter = Math.round(gutter);
  const submit = o.submitBtn;
  const submitText = textOf(isObject(submit) ? (submit.innerText ?? submit.children) : undefined).trim();
  if (submitText) s.submitText = submitText.slice(0, 20);
  if (submit === false || (isObject(submit) && submit.show === false))
    ctx.note('表单配置的“不显示提交按钮”', '表单总有提交按钮');
  const reset = o.resetBtn;
  if (typeof reset === 'boolean') s.showReset = reset;
  else if (isObject(reset)) s.showReset = reset.show !== false;
}
