import { z } from 'zod';

/**
 * The one form schema (spec 002 §3, 000 §5, 001 §2.1): every form of the product (activity
 * registration, membership application, expert registration, project declaration, the regional
 * variants and the questionnaires of /project) is a FormSchema. Version 1.
 */
export const FORM_SCHEMA_VERSION = 1;

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
};

/** Types that show something and take no answer. */
export const DISPLAY_TYPES: ReadonlySet<FieldType> = new Set([
  'IMAGE',
  'IMAGE_CAROUSEL',
  'DESC_TEXT',
  'DIVIDER',
  'PAGINATION',
]);

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
export const ZFieldOption: z.ZodType<TFieldOption> = z.lazy(() =>
  z.object({
    value: ZOptionValue,
    label: z.string().max(200),
    /** IMAGE_SELECT: the option's picture. */
    image: z.string().max(500).optional(),
    /** CASCADER: the next level. */
    children: z.array(ZFieldOption).max(500).optional(),
  }),
);

export const ZRegRule = z.object({
  pattern: z.string().min(1).max(500),
  message: z.string().max(200),
});

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
});
export type TFormSettings = z.infer<typeof ZFormSettings>;

export const ZFormSchema = z
  .object({
    version: z.literal(FORM_SCHEMA_VERSION).default(FORM_SCHEMA_VERSION),
    settings: ZFormSettings.default(ZFormSettings.parse({})),
    fields: z.array(ZFormField).max(500, '题目最多500个'),
    logic: z.array(ZLogicRule).max(200).default([]),
  })
  .superRefine((schema, ctx) => {
    const ids = new Set<string>();
    for (const f of schema.fields) {
      if (ids.has(f.id)) ctx.addIssue({ code: 'custom', message: `题目编号重复：${f.id}`, path: ['fields'] });
      ids.add(f.id);
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
      for (const r of f.regList) {
        try {
          new RegExp(r.pattern);
        } catch {
          ctx.addIssue({ code: 'custom', message: `“${f.label}”的校验规则不是正确的正则表达式`, path: ['fields'] });
        }
      }
    }
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
