import type { TFormField, TRegRule } from './schema';

// The zod-free part of the form schema: constants, helpers and the version 1 migration, which the
// public fill page needs without zod (zod's classic API cannot be tree-shaken: docs/performance.md,
// page weight). The zod schemas are in schema.ts, which re-exports all of this.

/**
 * The one form schema (spec 002 §3, 000 §5, 001 §2.1): every form of the product (activity
 * registration, membership application, expert registration, project declaration, the regional
 * variants and the questionnaires of /project) is a FormSchema.
 *
 * Version 2 (the designer's rule model): a field's rules have a value type, a trigger and a mode
 * (pattern, min, max, len or type); a required field may have its own message; row containers
 * (ROW, layout rowFormItem); the form options hideRequiredAsterisk, showMessage, inlineMessage;
 * the number field's stepStrictly, controls and controlsPosition; date and date-range questions
 * with a time. A version 1 schema reads as version 2 (`migrateFormSchema`): its rules were
 * patterns, which is what a rule without a mode still is.
 */
export const FORM_SCHEMA_VERSION = 2;

/** The project form builder's field types, plus the table input. */
export const FIELD_TYPES = [
  'INPUT',
  'TEXTAREA',
  'NUMBER_INPUT',
  'SELECT',
  'CASCADER',
  'RADIO',
  'CHECKBOX',
  'SWITCH',
  'SLIDER',
  'TIME',
  'TIME_RANGE',
  'DATE',
  'DATE_RANGE',
  'RATE',
  'COLOR',
  'UPLOAD',
  'IMAGE',
  'IMAGE_CAROUSEL',
  'IMAGE_SELECT',
  'DESC_TEXT',
  'DIVIDER',
  'SIGN_PAD',
  'PAGINATION',
  'PROVINCE_CITY',
  'INPUT_MAP',
  'PHONE_VERIFICATION',
  'TABLE_INPUT',
  'ROW',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Chinese names (the designer's palette and the statistics). */
export const FIELD_TYPE_NAMES: Record<FieldType, string> = {
  INPUT: '单行文本',
  TEXTAREA: '多行文本',
  NUMBER_INPUT: '数字',
  SELECT: '下拉选择',
  CASCADER: '级联选择',
  RADIO: '单选框组',
  CHECKBOX: '多选框组',
  SWITCH: '开关',
  SLIDER: '滑块',
  TIME: '时间',
  TIME_RANGE: '时间范围',
  DATE: '日期',
  DATE_RANGE: '日期范围',
  RATE: '评分',
  COLOR: '颜色',
  UPLOAD: '文件上传',
  IMAGE: '图片展示',
  IMAGE_CAROUSEL: '图片轮播',
  IMAGE_SELECT: '图片选择',
  DESC_TEXT: '文字描述',
  DIVIDER: '分割线',
  SIGN_PAD: '手写签名',
  PAGINATION: '分页',
  PROVINCE_CITY: '省市区',
  INPUT_MAP: '地图定位',
  PHONE_VERIFICATION: '手机号验证',
  TABLE_INPUT: '表格填写',
  ROW: '行容器',
};

/** Types that show something and take no answer. */
export const DISPLAY_TYPES: ReadonlySet<FieldType> = new Set([
  'IMAGE',
  'IMAGE_CAROUSEL',
  'DESC_TEXT',
  'DIVIDER',
  'PAGINATION',
  'ROW',
]);

/**
 * The layouts a field may have (the renderer's config, spec 002 §3): an ordinary question sits in
 * a grid column (colFormItem); a row container (ROW) holds the questions that name it (rowFormItem).
 */
export const LAYOUTS = ['colFormItem', 'rowFormItem'] as const;
export type FieldLayout = (typeof LAYOUTS)[number];
export const unknownLayoutMessage = (layout: string) => `没有与${layout}匹配的layout`;
/** A field's layout: the stored one, or the one of its type. */
export const layoutOf = (f: Pick<TFormField, 'type' | 'layout'>): string =>
  f.layout ?? (f.type === 'ROW' ? 'rowFormItem' : 'colFormItem');

/** Types whose value is a list (请至少选择一个{label}). */
export const LIST_TYPES: ReadonlySet<FieldType> = new Set([
  'CHECKBOX',
  'CASCADER',
  'UPLOAD',
  'IMAGE_SELECT',
  'PROVINCE_CITY',
  'TABLE_INPUT',
]);

/**
 * The personal fields (the designers' 姓名, 性别, 手机, 邮箱, 身份证号, 单位, 职务, 职称, 部门, 备注,
 * 证件照, 附件): ordinary types with a personalType that brings built-in validation and lets a
 * module read the answer as that piece of the person's profile.
 */
export const PERSONAL_TYPES = [
  'fullname',
  'gender',
  'mobile',
  'email',
  'idnumber',
  'company',
  'job',
  'competent',
  'department',
  'remark',
  'portrait',
  'file',
] as const;
export type PersonalType = (typeof PERSONAL_TYPES)[number];

export const PERSONAL_TYPE_NAMES: Record<PersonalType, string> = {
  fullname: '姓名',
  gender: '性别',
  mobile: '手机',
  email: '邮箱',
  idnumber: '身份证号',
  company: '单位',
  job: '职务',
  competent: '职称',
  department: '部门',
  remark: '备注',
  portrait: '证件照',
  file: '附件',
};

/**
 * The choice types whose options may come from a dictionary (字典管理): the designer's copy names
 * the dictionary (`dictionary`) and holds no options of its own; publishing writes the
 * dictionary's enabled items into the published version as the question's options.
 */
export const DICTIONARY_CHOICE_TYPES: ReadonlySet<FieldType> = new Set(['RADIO', 'CHECKBOX', 'SELECT']);

/** The value 0 of a radio or checkbox option means 其他, with a free-text companion. */
export const OTHER_OPTION_VALUE = 0;

/** The table input's default columns and its row limit (spec 000 §5, 002 §9). */
export const TABLE_DEFAULT_COLUMNS = ['姓名', '工作单位', '职务职称'] as const;
export const TABLE_MAX_ROWS = 50;

/** Defaults of the spec: UPLOAD 10 MB, one file; rate 5; slider 0–100 step 1. */
export const UPLOAD_DEFAULT_MB = 10;
export const RATE_MAX = 5;

export type TFieldOption = {
  value: string | number;
  label: string;
  image?: string | undefined;
  children?: TFieldOption[] | undefined;
};
/**
 * The designer's rule types (spec 002 §5 'Designer rules'): the kind of value a rule expects. A
 * text answer of type number, integer or float is read as a number.
 */
export const RULE_TYPES = [
  'string',
  'array',
  'number',
  'integer',
  'float',
  'object',
  'date',
  'url',
  'hex',
  'email',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];
export const RULE_TYPE_NAMES: Record<RuleType, string> = {
  string: '字符串',
  array: '多选',
  number: '数字',
  integer: '整数',
  float: '小数',
  object: '合集',
  date: '日期',
  url: 'URL链接',
  hex: '十六进制颜色',
  email: '邮箱地址',
};
/** When a rule checks: as the answer changes, when the question loses the focus, or on submit only. */
export const RULE_TRIGGERS = ['change', 'submit', 'blur'] as const;
export type RuleTrigger = (typeof RULE_TRIGGERS)[number];
export const RULE_TRIGGER_NAMES: Record<RuleTrigger, string> = {
  change: '改变时',
  submit: '提交时',
  blur: '失去焦点时',
};
/** A rule's mode: a pattern, a minimum, a maximum, an exact length (or value), or the type alone. */
export const RULE_MODES = ['pattern', 'min', 'max', 'len', 'type'] as const;
export type RuleMode = (typeof RULE_MODES)[number];
export const RULE_MODE_NAMES: Record<RuleMode, string> = {
  pattern: '正则表达式',
  min: '最小值',
  max: '最大值',
  len: '长度',
  type: '仅类型',
};

/** The rule types that fit a field's answer (the designer offers these; the schema refuses others). */
export function ruleTypesFor(f: Pick<TFormField, 'type' | 'props'>): readonly RuleType[] {
  switch (f.type) {
    case 'INPUT':
    case 'TEXTAREA':
      return ['string', 'number', 'integer', 'float', 'date', 'url', 'hex', 'email'];
    case 'NUMBER_INPUT':
    case 'SLIDER':
    case 'RATE':
      return ['number', 'integer', 'float'];
    case 'SELECT':
      return f.props.multiple ? ['array'] : ['string', 'number'];
    case 'RADIO':
      return ['string', 'number'];
    case 'CHECKBOX':
    case 'IMAGE_SELECT':
    case 'CASCADER':
    case 'UPLOAD':
    case 'PROVINCE_CITY':
    case 'TABLE_INPUT':
    case 'TIME_RANGE':
    case 'DATE_RANGE':
      return ['array'];
    case 'DATE':
      return ['date', 'string'];
    case 'TIME':
      return ['string'];
    case 'COLOR':
      return ['hex', 'string'];
    case 'INPUT_MAP':
    case 'PHONE_VERIFICATION':
    case 'SIGN_PAD':
      return ['object'];
    default:
      return [];
  }
}

/** A regular expression from a rule, or null when it does not compile. */
export function ruleRegExp(rule: Pick<TRegRule, 'pattern' | 'flags'>): RegExp | null {
  if (!rule.pattern) return null;
  try {
    return new RegExp(rule.pattern, rule.flags ?? '');
  } catch {
    return null;
  }
}

/** The types whose rules version 1 checked (it ignored rules on any other type). */
const V1_RULE_TYPES = new Set(['INPUT', 'TEXTAREA', 'NUMBER_INPUT', 'SLIDER']);

/**
 * A stored schema of an earlier version, as the current one. Version 1 rules were { pattern,
 * message }: they become pattern rules, kept on the types version 1 checked them on (text and
 * numbers) and dropped elsewhere, where they never applied, so a migrated form checks exactly
 * what it did. Everything else of version 1 reads unchanged (new settings and props take their
 * defaults). Anything else passes through for the schema to judge.
 */
export function migrateFormSchema(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const s = raw as Record<string, unknown>;
  // Stored schemas always name their version; one without is new and read as the current one.
  if (s.version !== 1) return raw;
  const fields = Array.isArray(s.fields)
    ? s.fields.map((f) => {
        if (typeof f !== 'object' || f === null || !Array.isArray((f as { regList?: unknown }).regList)) return f;
        const field = f as { type?: unknown; regList: unknown[] };
        const regList = V1_RULE_TYPES.has(String(field.type))
          ? field.regList.map((r) => (typeof r === 'object' && r !== null ? { ...r, mode: 'pattern' } : r))
          : [];
        return { ...field, regList };
      })
    : s.fields;
  return { ...s, version: FORM_SCHEMA_VERSION, fields };
}

/** The answer key of a field (spec: field{formItemId}); the 其他 text is field{id}other. */
export const fieldName = (id: string) => `field${id}`;
export const otherName = (id: string) => `field${id}other`;

/** A new field id: 10 hex characters (the designer's random id helper). */
export function newFieldId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < 10; i++) id += Math.floor(random() * 16).toString(16);
  return id;
}

/** The pages of a form: fields split at each PAGINATION field (which starts the next page). */
export function pagesOf(fields: readonly TFormField[]): TFormField[][] {
  const pages: TFormField[][] = [[]];
  for (const f of fields) {
    if (f.type === 'PAGINATION') pages.push([]);
    else pages[pages.length - 1]?.push(f);
  }
  return pages.filter((p, i) => p.length > 0 || i === 0);
}

/** A form project's state: 0 not published, 1 collecting, 2 stopped. */
export const FormStatus = { DRAFT: 0, COLLECTING: 1, STOPPED: 2 } as const;

/**
 * Machine-readable reasons in a refusal's data (`data.reason`), for conditions the client acts on:
 * the fill page reloads the form on VERSION_CHANGED instead of reading the Chinese message.
 */
export const FormRefusal = { VERSION_CHANGED: 'FORM_VERSION_CHANGED' } as const;
export const FORM_STATUS_NAMES: Record<number, string> = { 0: '未发布', 1: '收集中', 2: '已停止' };
