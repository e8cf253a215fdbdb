import { z } from 'zod';
import { type TFormField, ZFormSchema } from '../forms';

/**
 * 专家信息配置 (/expert-sys-config): the tenant's own questions of the expert form, designed in the
 * forms module's designer (kind `expert`). Registration and own changes render the published
 * version below the library's own fields; the answers are kept with the profile.
 */

/** The form kind of the tenant's expert form (the forms module's 专家申请). */
export const EXPERT_FORM_KIND = 'expert';

/**
 * The kind's fixed questions the library's own fields already ask (姓名, 性别, 手机, 工作单位): the
 * expert form does not show them; the server answers them from the profile. 身份证号, the fifth,
 * is asked.
 */
export const PROFILE_FIXED_FIELDS = ['fullname', 'gender', 'mobile', 'company'] as const;

/** Whether a question of the expert form is one the profile answers. */
export const answeredByProfile = (field: Pick<TFormField, 'id'>) =>
  (PROFILE_FIXED_FIELDS as readonly string[]).includes(field.id);

/** One answer as a person reads it. */
export const ZAnswerLine = z.object({ id: z.string(), label: z.string(), text: z.string() });
export type TAnswerLine = z.infer<typeof ZAnswerLine>;

/**
 * The published version of the tenant's expert form, to fill. The schema is the forms module's
 * (a codec: a response encodes the current version, so the OpenAPI document types it in full).
 */
export const ZPublishedExpertForm = z.object({
  key: z.string(),
  version: z.number().int(),
  schema: ZFormSchema,
});
export type TPublishedExpertForm = z.infer<typeof ZPublishedExpertForm>;

/** What 专家信息配置 shows. */
export const ZExpertFormConfig = z.object({
  /** The form's key; null when the tenant has no questions of its own. */
  formKey: z.string().nullable(),
  /** Who maintains it in the designer (the forms module keeps a form per person). */
  ownerName: z.string(),
  /** Whether the caller maintains it (may open the designer). */
  mine: z.boolean(),
  /** The published version in use (0: not published yet, nothing is asked). */
  version: z.number().int(),
  /** The published version's questions beyond the library's own fields. */
  questions: z.array(z.object({ id: z.string(), label: z.string(), type: z.string(), required: z.boolean() })),
  /** The published version, for the preview. */
  published: ZPublishedExpertForm.nullable(),
  /** Experts whose profile holds answers. */
  answered: z.number().int(),
});
export type TExpertFormConfig = z.infer<typeof ZExpertFormConfig>;

// ——— an expert's whole record (/expertManagementDetail) ———

export const EXPERT_EVENT_NAMES: Record<string, string> = {
  added: '后台添加',
  edited: '管理员修改',
  registered: '提交入库申请',
  approved: '入库审核通过',
  refused: '入库申请未通过',
  change_sent: '提交信息变更',
  change_approved: '信息变更通过',
  change_refused: '信息变更未通过',
  change_withdrawn: '撤回信息变更',
  disabled: '停用',
  enabled: '启用',
  call_applied: '报名专家征集',
  call_approved: '征集审核通过',
  call_refused: '征集审核未通过',
  pool_added: '加入人才库',
  pool_removed: '移出人才库',
};

export const ZExpertRecord = z.object({
  /** The draws the expert was drawn in (or waited as a substitute), newest first. */
  draws: z.array(
    z.object({
      drawId: z.number().int(),
      title: z.string(),
      substitute: z.boolean(),
      status: z.string(),
      statusName: z.string(),
      reason: z.string(),
      drawnAt: z.string(),
      respondedAt: z.string().nullable(),
    }),
  ),
  /** The calls the expert applied to, newest first. */
  calls: z.array(
    z.object({
      callId: z.number().int(),
      title: z.string(),
      statusName: z.string(),
      reason: z.string(),
      appliedAt: z.string(),
    }),
  ),
  /** What happened to the record, newest first. */
  events: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      actionName: z.string(),
      actorName: z.string(),
      detail: z.string(),
      at: z.string(),
    }),
  ),
});
export type TExpertRecord = z.infer<typeof ZExpertRecord>;

/** 人才库: experts put into a pool (a label) or taken out of it. */
export const ZPoolMembersInput = z.object({
  expertIds: z
    .array(z.coerce.number({ error: '专家不正确' }).int().positive('专家不正确'), { error: '请选择专家' })
    .min(1, '请选择专家')
    .max(200, '一次最多添加200名专家'),
});
export type TPoolMembersInput = z.infer<typeof ZPoolMembersInput>;
