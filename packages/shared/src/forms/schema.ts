import { z } from 'zod';
import {
  DICTIONARY_CHOICE_TYPES,
  FIELD_TYPE_NAMES,
  FIELD_TYPES,
  FORM_SCHEMA_VERSION,
  LAYOUTS,
  layoutOf,
  migrateFormSchema,
  PERSONAL_TYPES,
  RULE_MODE_NAMES,
  RULE_MODES,
  RULE_TRIGGERS,
  RULE_TYPE_NAMES,
  RULE_TYPES,
  ruleRegExp,
  ruleTypesFor,
  TABLE_MAX_ROWS,
  type TFieldOption,
  unknownLayoutMessage,
} from './model';

/** The zod-free part (constants, helpers, the version 1 migration) lives in model.ts: a page that
 * only renders a form (the public fill page) gets it without zod (docs/performance.md, page weight). */
export * from './model';

const ZOptionValue = z.union([z.string().max(200), z.number()]);
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
