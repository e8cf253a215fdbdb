import { isNumberText } from '../platform/checks';
import { EMAIL_PATTERN } from '../platform/patterns';
import { isPresent } from './logic';
import { type RuleTrigger, type RuleType, ruleRegExp } from './model';
import type { TFormField, TRegRule } from './schema';

/**
 * The designer's rules (spec 002 §5 'Designer rules'), checked by the one validator on the
 * renderer and the server: a rule expects a type of value, checks at its trigger, and has a mode
 * (pattern, min, max, len, or the type alone). An empty answer is the required check's business:
 * rules check answers only.
 */

/** When a check runs: the answer changed, the question lost the focus, or the form is submitted. */
export type CheckMoment = 'change' | 'blur' | 'submit';

/** Types whose checks run on blur (input, number); choices and pickers check on change (spec 002 §5). */
const BLUR_TYPES = new Set(['INPUT', 'TEXTAREA', 'NUMBER_INPUT']);

/** The trigger of a field's own checks, and of its rules that name none. */
export const defaultTrigger = (f: Pick<TFormField, 'type'>): RuleTrigger =>
  BLUR_TYPES.has(f.type) ? 'blur' : 'change';

/** Whether a check with this trigger runs at this moment: submit runs all, blur all but submit's. */
export function appliesAt(trigger: RuleTrigger, moment: CheckMoment): boolean {
  if (moment === 'submit') return true;
  if (moment === 'blur') return trigger !== 'submit';
  return trigger === 'change';
}

/**
 * The designer's generated messages (spec 002 §5): 必须填写 for required, 格式不正确 for a type,
 * 格式不匹配 for a pattern; 自动获取 gives 请输入 plus the title, with 正确的 for the other modes.
 */
export const RULE_MESSAGES = {
  required: (label: string) => `${label}必须填写`,
  type: (label: string) => `${label}格式不正确`,
  pattern: (label: string) => `${label}格式不匹配`,
  autoRequired: (label: string) => `请输入${label}`,
  autoMode: (label: string) => `请输入正确的${label}`,
} as const;

/** The message a new rule of this mode starts with in the designer. */
export function generatedMessage(label: string, mode: TRegRule['mode'] | 'required'): string {
  if (mode === 'required') return RULE_MESSAGES.required(label);
  if (mode === 'pattern') return RULE_MESSAGES.pattern(label);
  if (mode === 'type') return RULE_MESSAGES.type(label);
  return RULE_MESSAGES.autoMode(label);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?: ([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?)?$/;
const URL_PATTERN = /^(?:https?|ftp):\/\/[^\s/$.?#][^\s]*$/i;
const HEX = /^#?(?:[0-9a-f]{6}|[0-9a-f]{3})$/i;

/** A date (YYYY-MM-DD) or a date and time (YYYY-MM-DD HH:mm[:ss]) that exists on the calendar. */
export function isDateText(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A number answer, or a text answer read as a number (spec 000 §5 number-string pattern). */
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && isNumberText(value.trim())) return Number(value.trim());
  return null;
}

/** Whether an answer is of a rule's type. */
export function isOfType(type: RuleType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    case 'number':
    case 'float':
      // A float is any number: 3 is as good an answer as 3.5 to "a decimal number".
      return asNumber(value) !== null;
    case 'integer': {
      const n = asNumber(value);
      return n !== null && Number.isInteger(n);
    }
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'date':
      return Array.isArray(value) ? value.length > 0 && value.every(isDateText) : isDateText(value);
    case 'url':
      return typeof value === 'string' && URL_PATTERN.test(value.trim());
    case 'hex':
      return typeof value === 'string' && HEX.test(value.trim());
    case 'email':
      return typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
  }
}

type Measure = { kind: 'length' | 'count' | 'value'; size: number };

/** What min, max and len measure: a text's length, a list's size, or a number's value. */
function measure(rule: TRegRule, value: unknown): Measure | null {
  const numeric = rule.type === 'number' || rule.type === 'integer' || rule.type === 'float';
  if (numeric || (!rule.type && typeof value === 'number')) {
    const n = asNumber(value);
    return n === null ? null : { kind: 'value', size: n };
  }
  if (Array.isArray(value)) return { kind: 'count', size: value.length };
  if (typeof value === 'string') return { kind: 'length', size: [...value].length };
  return null;
}

function sizeMessage(label: string, mode: 'min' | 'max' | 'len', m: Measure, n: number): string {
  const unit = { length: ['至少', '最多', '应为', '个字'], count: ['至少选择', '最多选择', '应选择', '项'] } as const;
  if (m.kind === 'value') return `${label}${{ min: '不能小于', max: '不能大于', len: '应等于' }[mode]}${n}`;
  const [atLeast, atMost, exactly, suffix] = unit[m.kind];
  return `${label}${{ min: atLeast, max: atMost, len: exactly }[mode]}${n}${suffix}`;
}

/** The values a pattern tests: a scalar as text; a list's scalars one by one. */
function patternTexts(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v));
}

/**
 * How a pattern is tested against an answer. The browser tests it as it is; the server passes a
 * guarded test (forms module, pattern-guard.ts) so a pattern that backtracks without end cannot
 * hold a server's thread (ReDoS).
 */
export type PatternTest = (re: RegExp, text: string) => boolean;
export const plainPatternTest: PatternTest = (re, text) => re.test(text);

/** One rule's problem with an answer, or null. Empty answers pass (required is the field's). */
export function ruleProblem(
  field: Pick<TFormField, 'label'>,
  rule: TRegRule,
  value: unknown,
  testPattern: PatternTest = plainPatternTest,
): string | null {
  if (!isPresent(value) || (typeof value === 'string' && value.trim() === '')) return null;
  const label = field.label;
  const mode = rule.mode ?? 'pattern';
  if (rule.type && !isOfType(rule.type, value)) return rule.message || RULE_MESSAGES.type(label);
  switch (mode) {
    case 'type':
      return null;
    case 'pattern': {
      const re = ruleRegExp(rule);
      if (!re) return null;
      return patternTexts(value).every((t) => testPattern(re, t)) ? null : rule.message || RULE_MESSAGES.pattern(label);
    }
    default: {
      const n = rule.value;
      const m = measure(rule, value);
      if (n === undefined || !m) return null;
      const bad = mode === 'min' ? m.size < n : mode === 'max' ? m.size > n : m.size !== n;
      return bad ? rule.message || sizeMessage(label, mode, m, n) : null;
    }
  }
}

/**
 * A regular expression as the old designers stored it: tduck kept literals ('/^1[3-9]\d{9}$/i'),
 * form-create plain patterns. A literal's body and flags are taken apart; g and y are dropped (a
 * check tests once), other flags kept. Anything else is a plain pattern.
 */
export function parsePattern(text: string): { pattern: string; flags: string } {
  const m = /^\/(.+)\/([gimsuy]*)$/s.exec(text.trim());
  if (!m?.[1]) return { pattern: text, flags: '' };
  const flags = [...new Set((m[2] ?? '').replace(/[gy]/g, ''))].join('');
  return { pattern: m[1], flags };
}
