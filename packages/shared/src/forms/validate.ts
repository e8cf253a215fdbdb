import { ID_CARD_FORM_PATTERN, ID_CARD_MESSAGE, MOBILE_MESSAGE, MOBILE_PATTERN } from '../platform/checks';
import { EMAIL_PATTERN } from '../platform/patterns';
import { isPresent, visibleFieldIds } from './logic';
import {
  DISPLAY_TYPES,
  fieldName,
  LIST_TYPES,
  OTHER_OPTION_VALUE,
  otherName,
  RATE_MAX,
  TABLE_DEFAULT_COLUMNS,
  TABLE_MAX_ROWS,
  type TFieldOption,
  UPLOAD_DEFAULT_MB,
} from './model';
import {
  appliesAt,
  type CheckMoment,
  defaultTrigger,
  isDateText,
  type PatternTest,
  plainPatternTest,
  ruleProblem,
} from './rules';
import type { TFormField, TFormSchema } from './schema';

/**
 * Validation shared by the renderer and the server (spec 002 §5 'Renderer rules'): the same code
 * and the same schema version decide both. The server adds `strict`: answers the renderer could
 * never send (a hidden field filled, an option not offered, an unknown key) are refused.
 */

export interface FieldError {
  id: string;
  name: string;
  message: string;
}

/** An uploaded file as an answer holds it (UPLOAD, SIGN_PAD). */
export interface FileAnswer {
  id: string;
  name: string;
  size?: number;
}

export interface PhoneAnswer {
  phoneNumber: string;
  phoneToken: string;
}

export interface MapAnswer {
  longitude: number;
  latitude: number;
  address: string;
}

export interface ValidationResult {
  errors: FieldError[];
  /** The answers of the fields that show, and nothing else (hidden fields dropped). */
  values: Record<string, unknown>;
  /** Files the answers name: the server checks the person uploaded them. */
  files: { fieldId: string; id: string }[];
  /** Phone verifications to spend (server). */
  phones: { fieldId: string; phoneNumber: string; phoneToken: string }[];
  /** Region codes to check exist (server). */
  regionCodes: { fieldId: string; codes: string[] }[];
}

export const TEXT_MAX = { INPUT: 200, TEXTAREA: 2000 } as const;

export const FORM_MESSAGES = {
  required: (f: TFormField) => f.requiredMessage?.trim() || f.placeholder?.trim() || `${f.label}不能为空`,
  atLeastOne: (f: TFormField) => f.requiredMessage?.trim() || `请至少选择一个${f.label}`,
  other: '请输入其他内容',
  badOption: (f: TFormField) => `“${f.label}”的选项不存在`,
  badFormat: (f: TFormField) => `“${f.label}”的答案格式不正确`,
  tooLong: (f: TFormField, max: number) => `“${f.label}”最多${max}个字`,
  hidden: (f: TFormField) => `表单数据有误：“${f.label}”未显示，不应作答`,
  unknown: '表单数据有误：包含表单中没有的题目',
  tableIncomplete: (f: TFormField) => `请填写完整“${f.label}”的每一格`,
  tableRows: (f: TFormField) => `“${f.label}”最多${TABLE_MAX_ROWS}行`,
  phoneUnverified: '请先验证手机号',
  tooMany: (n: number) => `文件不能超过 ${n} 个`,
  range: (f: TFormField, min: number, max: number) => `“${f.label}”应在${min}到${max}之间`,
  step: (f: TFormField, step: number) => `“${f.label}”只能是${step}的倍数`,
  tooManyChoices: (f: TFormField, max: number) => `“${f.label}”最多选择${max}项`,
  email: '邮箱格式错误',
} as const;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** A DATE answer: YYYY-MM-DD, or YYYY-MM-DD HH:mm:ss when the question asks for the time too. */
const isDate = (text: unknown, withTime = false): text is string =>
  typeof text === 'string' && (withTime ? DATE_TIME : DATE).test(text) && isDateText(text);

const sameOption = (a: unknown, b: unknown) => {
  if (a === b) return true;
  // Only scalars compare loosely: an answer's list ([[1]] for [1]) is not an option's value, and
  // comparing one would turn it into text, recursing through whatever nesting the client sent.
  if (typeof a === 'object' || typeof b === 'object' || typeof b === 'function') return false;
  // biome-ignore lint/suspicious/noDoubleEquals: option values compare loosely ('1' and 1), as conditions do
  return a == b;
};
const offered = (options: readonly TFieldOption[] | undefined, v: unknown) =>
  (options ?? []).some((o) => sameOption(o.value, v));

function isCascaderPath(options: readonly TFieldOption[] | undefined, path: unknown[]): boolean {
  let level = options ?? [];
  for (const v of path) {
    const hit = level.find((o) => sameOption(o.value, v));
    if (!hit) return false;
    level = hit.children ?? [];
  }
  return path.length > 0;
}

function isFile(v: unknown): v is FileAnswer {
  return isPlainObject(v) && typeof v.id === 'string' && v.id.length > 0 && typeof v.name === 'string';
}

/** Whether the field counts as answered (required). SWITCH is always answered. */
function answered(field: TFormField, value: unknown): boolean {
  if (field.type === 'SWITCH') return typeof value === 'boolean';
  if (field.type === 'PHONE_VERIFICATION') return isPlainObject(value) && isPresent(value.phoneNumber);
  if (field.type === 'INPUT_MAP') return isPlainObject(value) && isPresent(value.address);
  if (typeof value === 'string') return value.trim() !== '';
  return isPresent(value);
}

/**
 * One field's first problem, or null. `values` holds every answer (for the 其他 text). Used by
 * the renderer as the field's rule and by validateAnswers for the whole form. `moment` says which
 * checks run (spec 002 §5): the field's own checks at its type's trigger (blur for text and
 * numbers, change for choices and pickers), each rule at its own trigger, everything on submit.
 */
export function fieldProblem(
  field: TFormField,
  value: unknown,
  values: Record<string, unknown>,
  moment: CheckMoment = 'submit',
  testPattern: PatternTest = plainPatternTest,
): string | null {
  if (DISPLAY_TYPES.has(field.type)) return null;
  const own = appliesAt(defaultTrigger(field), moment);
  const problem = own ? ownProblem(field, value, values) : null;
  if (problem) return problem;
  for (const rule of field.regList ?? []) {
    if (!appliesAt(rule.trigger ?? defaultTrigger(field), moment)) continue;
    const broken = ruleProblem(field, rule, value, testPattern);
    if (broken) return broken;
  }
  return null;
}

/** The field's own checks: required, the answer's shape for its type, the personal checks. */
function ownProblem(field: TFormField, value: unknown, values: Record<string, unknown>): string | null {
  const required = field.required || field.fixed === true;
  if (!answered(field, value)) {
    if (!required) return null;
    return LIST_TYPES.has(field.type) || (field.type === 'SELECT' && field.props.multiple)
      ? FORM_MESSAGES.atLeastOne(field)
      : FORM_MESSAGES.required(field);
  }
  const bad = FORM_MESSAGES.badFormat(field);
  const p = field.props;
  switch (field.type) {
    case 'INPUT':
    case 'TEXTAREA': {
      if (typeof value !== 'string') return bad;
      const max = p.maxLength ?? TEXT_MAX[field.type];
      if (value.length > max) return FORM_MESSAGES.tooLong(field, max);
      return personalProblem(field, value.trim());
    }
    case 'NUMBER_INPUT':
    case 'SLIDER': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return bad;
      const min = p.min ?? (field.type === 'SLIDER' ? 0 : Number.NEGATIVE_INFINITY);
      const max = p.max ?? (field.type === 'SLIDER' ? 100 : Number.POSITIVE_INFINITY);
      if (value < min || value > max) return FORM_MESSAGES.range(field, min, max);
      if (p.precision !== undefined && Math.round(value * 10 ** p.precision) / 10 ** p.precision !== value) return bad;
      if (field.type === 'NUMBER_INPUT' && p.stepStrictly && p.step) {
        const steps = value / p.step;
        if (Math.abs(steps - Math.round(steps)) > 1e-9) return FORM_MESSAGES.step(field, p.step);
      }
      return null;
    }
    case 'RATE': {
      const max = p.max ?? RATE_MAX;
      if (typeof value !== 'number' || value < 0 || value > max || Math.round(value * 2) !== value * 2) return bad;
      return null;
    }
    case 'SWITCH':
      return typeof value === 'boolean' ? null : bad;
    case 'RADIO':
    case 'SELECT': {
      const list = field.type === 'SELECT' && p.multiple ? value : [value];
      if (!Array.isArray(list) || list.some((v) => typeof v !== 'string' && typeof v !== 'number')) return bad;
      if (!list.every((v) => offered(field.options, v))) return FORM_MESSAGES.badOption(field);
      if (field.type === 'SELECT' && p.multiple && p.max !== undefined && list.length > p.max)
        return FORM_MESSAGES.tooManyChoices(field, p.max);
      return otherProblem(field, list, values);
    }
    case 'CHECKBOX':
    case 'IMAGE_SELECT': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' && typeof v !== 'number')) return bad;
      if (new Set(value.map(String)).size !== value.length) return bad;
      if (!value.every((v) => offered(field.options, v))) return FORM_MESSAGES.badOption(field);
      if (p.max !== undefined && value.length > p.max) return FORM_MESSAGES.tooManyChoices(field, p.max);
      return otherProblem(field, value, values);
    }
    case 'CASCADER':
      if (!Array.isArray(value)) return bad;
      return isCascaderPath(field.options, value) ? null : FORM_MESSAGES.badOption(field);
    case 'TIME':
      return typeof value === 'string' && TIME.test(value) ? null : bad;
    case 'DATE':
      return isDate(value, p.withTime) ? null : bad;
    case 'TIME_RANGE':
    case 'DATE_RANGE': {
      const ok =
        field.type === 'DATE_RANGE'
          ? (v: unknown) => isDate(v, p.withTime)
          : (v: unknown) => typeof v === 'string' && TIME.test(v);
      if (!Array.isArray(value) || value.length !== 2 || !ok(value[0]) || !ok(value[1])) return bad;
      return String(value[0]) <= String(value[1]) ? null : `“${field.label}”的开始不能晚于结束`;
    }
    case 'COLOR':
      return typeof value === 'string' && COLOR.test(value) ? null : bad;
    case 'UPLOAD': {
      if (!Array.isArray(value) || !value.every(isFile)) return bad;
      const limit = p.limit ?? 1;
      if (value.length > limit) return FORM_MESSAGES.tooMany(limit);
      const maxBytes = (p.maxSizeMb ?? UPLOAD_DEFAULT_MB) * 1024 * 1024;
      if (value.some((f) => typeof f.size === 'number' && f.size > maxBytes))
        return '上传文件超过标准大小了，请重新上传！';
      return null;
    }
    case 'SIGN_PAD':
      return isFile(value) ? null : bad;
    case 'PROVINCE_CITY': {
      const level = p.level ?? 3;
      if (
        !Array.isArray(value) ||
        value.length > level ||
        !value.every((c) => typeof c === 'string' && /^\d{6}$/.test(c))
      )
        return bad;
      return null;
    }
    case 'INPUT_MAP': {
      if (!isPlainObject(value)) return bad;
      const { longitude, latitude, address } = value;
      if (typeof address !== 'string' || address.length > 200) return bad;
      if (longitude !== undefined && longitude !== null && (typeof longitude !== 'number' || Math.abs(longitude) > 180))
        return bad;
      if (latitude !== undefined && latitude !== null && (typeof latitude !== 'number' || Math.abs(latitude) > 90))
        return bad;
      return null;
    }
    case 'PHONE_VERIFICATION': {
      if (!isPlainObject(value) || typeof value.phoneNumber !== 'string') return bad;
      if (!MOBILE_PATTERN.test(value.phoneNumber)) return '请输入正确的手机号';
      if (typeof value.phoneToken !== 'string' || value.phoneToken === '') return FORM_MESSAGES.phoneUnverified;
      return null;
    }
    case 'TABLE_INPUT': {
      const columns = p.columns ?? [...TABLE_DEFAULT_COLUMNS];
      if (!Array.isArray(value) || !value.every(isPlainObject)) return bad;
      if (value.length > TABLE_MAX_ROWS) return FORM_MESSAGES.tableRows(field);
      for (const row of value) {
        if (Object.keys(row).some((k) => !columns.includes(k))) return bad;
        if (!columns.every((c) => typeof row[c] === 'string' && (row[c] as string).trim() !== ''))
          return FORM_MESSAGES.tableIncomplete(field);
        if (columns.some((c) => (row[c] as string).length > 200)) return bad;
      }
      return null;
    }
    default:
      return null;
  }
}

function personalProblem(field: TFormField, text: string): string | null {
  switch (field.personalType) {
    case 'mobile':
      return MOBILE_PATTERN.test(text) ? null : MOBILE_MESSAGE;
    case 'email':
      return text.length <= 24 && EMAIL_PATTERN.test(text) ? null : FORM_MESSAGES.email;
    case 'idnumber':
      return ID_CARD_FORM_PATTERN.test(text) ? null : ID_CARD_MESSAGE;
    default:
      return null;
  }
}

function otherProblem(field: TFormField, chosen: unknown[], values: Record<string, unknown>): string | null {
  if (!field.props.allowOther || !chosen.some((v) => sameOption(v, OTHER_OPTION_VALUE))) return null;
  const text = values[otherName(field.id)];
  if (typeof text !== 'string' || text.trim() === '') return FORM_MESSAGES.other;
  if (text.length > 200) return FORM_MESSAGES.tooLong(field, 200);
  return null;
}

/**
 * Validates a whole submission (or one page: `only` holds the ids to check). The answer is the
 * errors in field order, the answers of the fields that show, and what the server must check
 * against its own records (files, phone verifications, region codes).
 */
export function validateAnswers(
  schema: Pick<TFormSchema, 'fields' | 'logic'>,
  input: Record<string, unknown>,
  options: { strict?: boolean; only?: ReadonlySet<string>; testPattern?: PatternTest } = {},
): ValidationResult {
  const result: ValidationResult = { errors: [], values: {}, files: [], phones: [], regionCodes: [] };
  const visible = visibleFieldIds(schema, input);
  const known = new Set<string>();
  for (const f of schema.fields) {
    if (DISPLAY_TYPES.has(f.type)) continue;
    known.add(fieldName(f.id));
    if (f.props.allowOther) known.add(otherName(f.id));
  }
  if (options.strict && Object.keys(input).some((k) => !known.has(k) && isPresent(input[k]))) {
    result.errors.push({ id: '', name: '', message: FORM_MESSAGES.unknown });
    return result;
  }
  for (const f of schema.fields) {
    if (DISPLAY_TYPES.has(f.type)) continue;
    if (options.only && !options.only.has(f.id)) continue;
    const name = fieldName(f.id);
    const value = input[name];
    if (!visible.has(f.id)) {
      // Hidden fields revert to their default and their rules are dropped.
      const other = input[otherName(f.id)];
      const changed = isPresent(value) && JSON.stringify(value) !== JSON.stringify(f.defaultValue);
      if (options.strict && (changed || isPresent(other)))
        result.errors.push({ id: f.id, name, message: FORM_MESSAGES.hidden(f) });
      continue;
    }
    const problem = fieldProblem(f, value, input, 'submit', options.testPattern);
    if (problem) {
      result.errors.push({ id: f.id, name, message: problem });
      continue;
    }
    if (!answered(f, value)) continue;
    result.values[name] = typeof value === 'string' ? value.trim() : value;
    const other = input[otherName(f.id)];
    if (f.props.allowOther && typeof other === 'string' && other.trim() !== '') {
      const chosen = Array.isArray(value) ? value : [value];
      if (chosen.some((v) => sameOption(v, OTHER_OPTION_VALUE))) result.values[otherName(f.id)] = other.trim();
    }
    if (f.type === 'UPLOAD')
      for (const file of value as FileAnswer[]) result.files.push({ fieldId: f.id, id: file.id });
    if (f.type === 'SIGN_PAD') result.files.push({ fieldId: f.id, id: (value as FileAnswer).id });
    if (f.type === 'PHONE_VERIFICATION') {
      const v = value as PhoneAnswer;
      result.phones.push({ fieldId: f.id, phoneNumber: v.phoneNumber, phoneToken: v.phoneToken });
    }
    if (f.type === 'PROVINCE_CITY') result.regionCodes.push({ fieldId: f.id, codes: value as string[] });
  }
  return result;
}

/** The answers a new fill starts from: each field's default value. */
export function initialValues(schema: Pick<TFormSchema, 'fields'>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of schema.fields) {
    if (!DISPLAY_TYPES.has(f.type) && f.defaultValue !== undefined) values[fieldName(f.id)] = f.defaultValue;
  }
  return values;
}

/** Types held as serialised JSON in the stored pairs (spec 002 §3). */
const JSON_TYPES = new Set([
  'CHECKBOX',
  'SELECT',
  'CASCADER',
  'UPLOAD',
  'INPUT_MAP',
  'IMAGE_SELECT',
  'SIGN_PAD',
  'PROVINCE_CITY',
  'TABLE_INPUT',
  'TIME_RANGE',
  'DATE_RANGE',
]);

/**
 * The stored form of answers (spec: field name and string value; checkbox, select, cascader,
 * upload, map and image values as JSON). A phone verification is stored as its number.
 */
export function toStoredPairs(schema: Pick<TFormSchema, 'fields'>, values: Record<string, unknown>) {
  const pairs: Record<string, string> = {};
  for (const f of schema.fields) {
    const name = fieldName(f.id);
    const v = values[name];
    if (v === undefined) continue;
    if (f.type === 'PHONE_VERIFICATION') pairs[name] = (v as PhoneAnswer).phoneNumber;
    else if (JSON_TYPES.has(f.type)) pairs[name] = JSON.stringify(v);
    else pairs[name] = String(v);
    const other = values[otherName(f.id)];
    if (typeof other === 'string') pairs[otherName(f.id)] = other;
  }
  return pairs;
}

/** Back from the stored pairs to answers (for the answer view, statistics and drafts). */
export function fromStoredPairs(schema: Pick<TFormSchema, 'fields'>, pairs: Record<string, string>) {
  const values: Record<string, unknown> = {};
  for (const f of schema.fields) {
    const name = fieldName(f.id);
    const raw = pairs[name];
    if (raw === undefined) continue;
    if (JSON_TYPES.has(f.type)) {
      try {
        values[name] = JSON.parse(raw);
      } catch {
        values[name] = raw;
      }
    } else if (f.type === 'NUMBER_INPUT' || f.type === 'SLIDER' || f.type === 'RATE') values[name] = Number(raw);
    else if (f.type === 'SWITCH') values[name] = raw === 'true';
    else if (f.type === 'RADIO') values[name] = f.options?.find((o) => String(o.value) === raw)?.value ?? raw;
    else values[name] = raw;
    if (pairs[otherName(f.id)] !== undefined) values[otherName(f.id)] = pairs[otherName(f.id)];
  }
  return values;
}
