import { z } from 'zod';
import { zTenantId } from '../platform/list';
import { ZFormKindKey } from './kinds';
import { ZFormSchema } from './schema';

// FormStatus, FormRefusal and FORM_STATUS_NAMES are in model.ts (zod-free: the fill page uses FormRefusal).

const ZCount = z.coerce
  .number({ error: '请输入正整数' })
  .int('请输入正整数')
  .min(1, '次数至少为1')
  .max(1_000_000, '次数过大')
  .nullable()
  .default(null);

/** /project/form/setting: when and how often answers are taken, and what follows a submission. */
export const ZFormProjectSettings = z
  .object({
    openAt: z.iso.datetime({ offset: true, error: '开始时间格式不正确' }).nullable().default(null),
    closeAt: z.iso.datetime({ offset: true, error: '结束时间格式不正确' }).nullable().default(null),
    /** Only logged-in people may fill in (and then per person limits apply to them). */
    loginRequired: z.boolean().default(false),
    perPerson: ZCount,
    perIp: ZCount,
    perDevice: ZCount,
    total: ZCount,
    /** Answers accepted per calendar day (Asia/Shanghai), all fillers together. */
    perDay: ZCount,
    thanksText: z.string().trim().max(500, '提交后提示最多500字').default('提交成功，感谢您的参与！'),
    /** After submitting, go to this address instead of showing the thanks text. */
    redirectUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^(https?:\/\/\S+)?$/, '跳转地址须以 http:// 或 https:// 开头')
      .default(''),
    /** /project/public/result shows the statistics of the choice questions to anyone with the link. */
    publicResult: z.boolean().default(false),
  })
  .refine((s) => !s.openAt || !s.closeAt || s.openAt < s.closeAt, '结束时间须晚于开始时间')
  .refine((s) => s.perPerson === null || s.loginRequired, '按人限制次数需先开启“需登录后填写”');
export type TFormProjectSettings = z.infer<typeof ZFormProjectSettings>;

/** /project/form/theme. Images are public images of the files service (anyone filling sees them). */
export const ZFormTheme = z.object({
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, '颜色格式不正确')
    .default('#1677ff'),
  backgroundColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, '颜色格式不正确')
    .default('#f5f7fa'),
  headImage: z.string().max(500).default(''),
  backgroundImage: z.string().max(500).default(''),
});
export type TFormTheme = z.infer<typeof ZFormTheme>;

export const ZFormName = z
  .string({ error: '请输入表单名称' })
  .trim()
  .min(1, '请输入表单名称')
  .max(60, '表单名称最多60个字');

export const ZFormCreate = z.object({
  name: ZFormName,
  description: z.string().trim().max(500, '表单说明最多500字').default(''),
  /** Start from a template: a tenant template's key, or a built-in template's key (builtin:...). */
  templateKey: z.string().max(60).optional(),
  /** The designer variant: which questions are fixed. */
  kind: ZFormKindKey.default('project'),
});

/** Deleting a question of a variant form on the server (spec 002 §7 field deletion). */
export const ZFieldDelete = z.object({
  field: z.string().min(1, '题目不存在').max(40),
  /** Membership forms send the session's tenant and has-company flag. */
  tenantId: zTenantId().optional(),
  hasCom: z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
});

export const ZFormRow = z.object({
  key: z.string(),
  kind: z.string(),
  kindName: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  answerCount: z.number().int(),
  publishedVersion: z.number().int(),
  isTemplate: z.boolean(),
  /** The template it was created from ('' when blank). */
  templateName: z.string(),
  updatedAt: z.string(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type TFormRow = z.infer<typeof ZFormRow>;

export const ZFormDetail = ZFormRow.extend({
  schema: ZFormSchema,
  settings: ZFormProjectSettings,
  theme: ZFormTheme,
  /** The draft schema differs from the published one. */
  unpublishedChanges: z.boolean(),
});
export type TFormDetail = z.infer<typeof ZFormDetail>;

/** The fill page's view of a published form. */
export const ZPublicForm = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  schema: ZFormSchema,
  theme: ZFormTheme,
  loginRequired: z.boolean(),
  /** Why answers are not taken now, in the words the page shows; null while open. */
  closedReason: z.string().nullable(),
  publicResult: z.boolean(),
});
export type TPublicForm = z.infer<typeof ZPublicForm>;

export const ZDeviceId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, '设备标识不正确')
  .optional();

export const ZFormSubmit = z.object({
  version: z.number().int().min(1),
  values: z.record(z.string().max(80), z.unknown()),
  deviceId: ZDeviceId,
  /** Seconds spent filling in (statistics). */
  seconds: z
    .number()
    .int()
    .min(0)
    .max(86_400 * 30)
    .optional(),
});

export const ZFormSubmitted = z.object({
  serial: z.number().int(),
  thanksText: z.string(),
  redirectUrl: z.string(),
});

export const ZFormDraft = z.object({
  values: z.record(z.string().max(80), z.unknown()),
  deviceId: ZDeviceId,
});

export const ZFormAnswer = z.object({
  id: z.number().int(),
  serial: z.number().int(),
  version: z.number().int(),
  /** The stored pairs (field name -> string; lists as JSON). */
  data: z.record(z.string(), z.string()),
  userId: z.number().int().nullable(),
  userName: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  seconds: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TFormAnswer = z.infer<typeof ZFormAnswer>;

/** Per-field statistics: counts per option for choice questions, the answer count for the others. */
export const ZFieldStat = z.object({
  id: z.string(),
  label: z.string(),
  type: z.string(),
  answered: z.number().int(),
  options: z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string(), count: z.number().int() })),
  average: z.number().nullable(),
});
export type TFieldStat = z.infer<typeof ZFieldStat>;

export const ZFormStats = z.object({
  total: z.number().int(),
  today: z.number().int(),
  averageSeconds: z.number().nullable(),
  /** Answers per day, the last 30 days. */
  daily: z.array(z.object({ day: z.string(), count: z.number().int() })),
  fields: z.array(ZFieldStat),
});
export type TFormStats = z.infer<typeof ZFormStats>;

export const ZTemplateRow = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  fieldCount: z.number().int(),
  /** null for a built-in template. */
  updatedAt: z.string().nullable(),
});
export type TTemplateRow = z.infer<typeof ZTemplateRow>;

/** A kind of form as the tenant has it: the modules' kinds and the tenant's own. */
export const ZFormKind = z.object({
  key: z.string(),
  name: z.string(),
  /** The fixed questions' ids and labels. */
  fixed: z.array(z.object({ id: z.string(), label: z.string() })),
  /** The tenant's own kind (made from one of its forms); false for a module's kind. */
  own: z.boolean(),
});
export type TFormKind = z.infer<typeof ZFormKind>;

/** A tenant's own kind: named, with the questions of one of its forms that become fixed. */
export const ZFormKindCreate = z.object({
  name: z.string({ error: '请输入表单类型名称' }).trim().min(1, '请输入表单类型名称').max(30, '表单类型名称最多30个字'),
  formKey: z.string({ error: '请选择表单' }).trim().min(1, '请选择表单').max(60),
  fixedIds: z.array(z.string().min(1).max(40)).min(1, '请至少选择一个固定题目').max(50, '固定题目最多50个'),
});
export type TFormKindCreate = z.infer<typeof ZFormKindCreate>;
