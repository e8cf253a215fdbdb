import { z } from 'zod';

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

const ZOptionValue = z.union([z.string().max(200), z.number()]);
export type TFieldOption = {
  value: string | number;
  label: string;
  image?: string | undefined;
  children?: TFieldOption[] | undefined;
};
export const ZFieldOption: z.ZodType<TFieldOption> = z
  .lazy(() =>
    z.object({
      value: ZOptionValue,
      label: z.string().max(200),
      /** IMAGE_SELECT: the option's picture. */
      image: z.string().max(500).optional(),
      /** CASCADER: the next level. */
      children: z.array(ZFieldOption).max(500).optional(),
    }),
  )
  .meta({ id: 'FieldOption' });

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

/**
 * One rule of a field (the designer's validate list; the renderer's regList). A version 1 rule is
 * { pattern, message }: a pattern rule. `flags` are a regular expression's flags (i, m, s, u).
 * Required is the field's own `required` (with `requiredMessage`), not a rule of the list.
 */
export const ZRegRule = z.object({
  mode: z.enum(RULE_MODES).default('pattern'),
  type: z.enum(RULE_TYPES).optional(),
  trigger: z.enum(RULE_TRIGGERS).optional(),
  pattern: z.string().min(1).max(500).optional(),
  flags: z
    .string()
    .regex(/^(?!.*(.).*\1)[imsu]{0,4}$/, '正则表达式的修饰符只能是 i、m、s、u')
    .optional(),
  /** min, max, len: a length or a count (string, array) or a value (number types). */
  value: z.number().optional(),
  message: z.string().max(200),
});
export type TRegRule = z.infer<typeof ZRegRule>;

/** Per-type settings; each type reads the ones it knows. */
export const ZFieldProps = z
  .object({
    maxLength: z.number().int().min(1).max(20000).optional(),
    rows: z.number().int().min(1).max(30).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    step: z.number().positive().optional(),
    precision: z.number().int().min(0).max(10).optional(),
    /** SELECT: several choices. */
    multiple: z.boolean().optional(),
    /** RADIO and CHECKBOX: an option 其他 (value 0) with its free text. */
    allowOther: z.boolean().optional(),
    /** UPLOAD: accepted extensions, size limit (MB) and count. */
    accept: z.array(z.string().max(10)).max(30).optional(),
    maxSizeMb: z.number().positive().max(1024).optional(),
    limit: z.number().int().min(1).max(50).optional(),
    /** DESC_TEXT: sanitised rich text. */
    content: z.string().max(50000).optional(),
    /** IMAGE and IMAGE_CAROUSEL: the pictures shown. */
    images: z.array(z.string().max(500)).max(20).optional(),
    /** TABLE_INPUT: column titles and rows shown at first. */
    columns: z.array(z.string().min(1).max(40)).min(1).max(10).optional(),
    initialRows: z.number().int().min(1).max(TABLE_MAX_ROWS).optional(),
    /** PROVINCE_CITY: how deep (1 province, 2 city, 3 district). */
    level: z.number().int().min(1).max(3).optional(),
    /** DIVIDER: the text on the line. */
    text: z.string().max(100).optional(),
    /** NUMBER_INPUT: only multiples of step; the −/+ buttons, and where they sit. */
    stepStrictly: z.boolean().optional(),
    controls: z.boolean().optional(),
    controlsPosition: z.enum(['default', 'right']).optional(),
    /** DATE and DATE_RANGE: with a time of day (YYYY-MM-DD HH:mm:ss). */
    withTime: z.boolean().optional(),
    /** ROW: how its questions line up (horizontally, vertically) and the space between them. */
    justify: z.enum(['start', 'end', 'center', 'space-around', 'space-between']).optional(),
    align: z.enum(['top', 'middle', 'bottom']).optional(),
    gutter: z.number().int().min(0).max(48).optional(),
  })
  .partial();
export type TFieldProps = z.infer<typeof ZFieldProps>;

const ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export const ZFormField = z.object({
  /** formItemId: the answer is stored under field{id}. */
  id: z.string().regex(ID_PATTERN, '题目编号只能是字母、数字、下划线'),
  type: z.enum(FIELD_TYPES),
  label: z.string().max(200),
  showLabel: z.boolean().default(true),
  placeholder: z.string().max(200).optional(),
  required: z.boolean().default(false),
  /** The message when a required field is left empty; otherwise the placeholder or {label}不能为空. */
  requiredMessage: z.string().max(200).optional(),
  defaultValue: z.unknown().optional(),
  /** Grid columns out of 24. */
  span: z.number().int().min(1).max(24).default(24),
  regList: z.array(ZRegRule).max(10).default([]),
  personalType: z.enum(PERSONAL_TYPES).optional(),
  options: z.array(ZFieldOption).max(500).optional(),
  /**
   * RADIO, CHECKBOX, SELECT: the code of the dictionary the options come from (字典管理). The
   * designer's copy keeps no options of its own (the server fills them in when it hands the design
   * out); a published version holds the dictionary's enabled items as they were when published.
   */
  dictionary: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, '字典编码不正确')
    .optional(),
  props: ZFieldProps.default({}),
  /** A fixed field of a designer variant: cannot be removed, always required. */
  fixed: z.boolean().optional(),
  /** The layout (LAYOUTS); absent: the type's own (rowFormItem for ROW, colFormItem otherwise). */
  layout: z.string().max(40).optional(),
  /** The id of the row container (ROW) the question sits in; it follows the container directly. */
  row: z.string().regex(ID_PATTERN).optional(),
});
export type TFormField = z.infer<typeof ZFormField>;

/** A condition on an earlier answer (spec: formItemId, expression, optionValue). */
export const ZCondition = z.object({
  formItemId: z.string().regex(ID_PATTERN),
  expression: z.enum(['eq', 'ne']),
  optionValue: ZOptionValue,
});
export type TCondition = z.infer<typeof ZCondition>;

/** A show rule: its fields show while its conditions hold, joined by 1 = and, 2 = or. */
export const ZLogicRule = z.object({
  showIds: z.array(z.string().regex(ID_PATTERN)).min(1).max(200),
  combinator: z.union([z.literal(1), z.literal(2)]),
  conditions: z.array(ZCondition).min(1).max(20),
});
export type TLogicRule = z.infer<typeof ZLogicRule>;

export const ZFormSettings = z.object({
  gutter: z.number().int().min(0).max(48).default(16),
  size: z.enum(['small', 'middle', 'large']).default('middle'),
  labelPosition: z.enum(['left', 'right', 'top']).default('right'),
  labelWidth: z.number().int().min(40).max(400).default(125),
  disabled: z.boolean().default(false),
  submitText: z.string().max(20).default('提交'),
  submitColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, '颜色格式不正确')
    .default('#1677ff'),
  showReset: z.boolean().default(false),
  /** Number the questions 1., 2., … */
  showNumber: z.boolean().default(false),
  /** The designer's form options (spec 002 §3): no red asterisk beside required questions. */
  hideRequiredAsterisk: z.boolean().default(false),
  /** Show a check's message (off: the question only turns red). */
  showMessage: z.boolean().default(true),
  /** The message beside the answer instead of below it. */
  inlineMessage: z.boolean().default(false),
});
export type TFormSettings = z.infer<typeof ZFormSettings>;

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

/** What is wrong with one field's rules, layout and row container (the schema's own checks). */
function fieldShapeProblems(f: TFormField, fields: readonly TFormField[], index: number): string[] {
  const problems: string[] = [];
  const name = `“${f.label || FIELD_TYPE_NAMES[f.type]}”`;
  const layout = layoutOf(f);
  if (!(LAYOUTS as readonly string[]).includes(layout)) problems.push(unknownLayoutMessage(layout));
  else if ((layout === 'rowFormItem') !== (f.type === 'ROW')) problems.push(`${name}的布局与题型不符`);
  const types = ruleTypesFor(f);
  for (const r of f.regList) {
    if (types.length === 0) {
      problems.push(`${name}不能添加校验规则`);
      break;
    }
    if (r.type && !types.includes(r.type)) problems.push(`${name}的校验类型不适用：${RULE_TYPE_NAMES[r.type]}`);
    if (r.mode === 'pattern' && !ruleRegExp(r)) problems.push(`${name}的校验规则不是正确的正则表达式`);
    if (['min', 'max', 'len'].includes(r.mode) && r.value === undefined)
      problems.push(`${name}的校验规则缺少${RULE_MODE_NAMES[r.mode]}`);
    if (r.mode === 'type' && !r.type) problems.push(`${name}的校验规则缺少字段类型`);
  }
  if (f.row !== undefined) {
    const container = fields.find((x) => x.id === f.row);
    const before = fields[index - 1];
    if (f.type === 'ROW' || f.type === 'PAGINATION') problems.push(`${name}不能放在行容器中`);
    else if (container?.type !== 'ROW') problems.push(`${name}所在的行容器不存在`);
    else if (!before || (before.id !== f.row && before.row !== f.row))
      problems.push(`${name}须紧跟在所在行容器的题目之后`);
  }
  return problems;
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

const ZFormSchemaCurrent = z
  .object({
    version: z.literal(FORM_SCHEMA_VERSION).default(FORM_SCHEMA_VERSION),
    settings: ZFormSettings.default(ZFormSettings.parse({})),
    fields: z.array(ZFormField).max(500, '题目最多500个'),
    logic: z.array(ZLogicRule).max(200).default([]),
  })
  .superRefine((schema, ctx) => {
    const ids = new Set<string>();
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    schema.fields.forEach((f, i) => {
      if (ids.has(f.id)) issue(`题目编号重复：${f.id}`, 'fields');
      ids.add(f.id);
      for (const problem of fieldShapeProblems(f, schema.fields, i)) issue(problem, 'fields');
      if (f.dictionary !== undefined) {
        if (!DICTIONARY_CHOICE_TYPES.has(f.type))
          ctx.addIssue({
            code: 'custom',
            message: `“${f.label}”不能引用字典：只有单选、多选和下拉选择题可以`,
            path: ['fields'],
          });
        else if (f.props.allowOther)
          ctx.addIssue({ code: 'custom', message: `“${f.label}”引用字典时不能添加“其他”选项`, path: ['fields'] });
      }
    });
    for (const rule of schema.logic) {
      for (const c of rule.conditions) {
        if (!ids.has(c.formItemId))
          ctx.addIssue({ code: 'custom', message: `显示逻辑引用了不存在的题目：${c.formItemId}`, path: ['logic'] });
      }
      for (const id of rule.showIds) {
        if (!ids.has(id))
          ctx.addIssue({ code: 'custom', message: `显示逻辑引用了不存在的题目：${id}`, path: ['logic'] });
        if (rule.conditions.some((c) => c.formItemId === id))
          ctx.addIssue({ code: 'custom', message: '题目不能以自己的答案决定自己是否显示', path: ['logic'] });
      }
    }
  });

/**
 * The schema of any stored version, read as the current one (`migrateFormSchema`). A codec, not a
 * preprocess: answers are written by encoding with the schema, which passes the current version
 * through unchanged.
 */
export const ZFormSchema = z.codec(z.unknown(), ZFormSchemaCurrent, {
  decode: (raw) => migrateFormSchema(raw) as z.input<typeof ZFormSchemaCurrent>,
  encode: (schema) => schema,
});
export type TFormSchema = z.infer<typeof ZFormSchema>;

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
