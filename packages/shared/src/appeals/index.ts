import { z } from 'zod';
import { ID_CARD_MESSAGE, isIdCard } from '../platform/checks';
import { ZPage, ZPageQuery } from '../platform/list';
import { ZPhone } from '../platform/validators';

export * from './pages';

export const AppealStatus = { PENDING: 0, ACCEPTED: 1, REFUSED: 2 } as const;
export const APPEAL_STATUS_NAMES: Record<number, string> = { 0: '待处理', 1: '已受理', 2: '已驳回' };

/** What happened (the appeal's kind). */
export const APPEAL_CATEGORIES = {
  phone_lost: '原手机号已停用或丢失',
  forgot_account: '忘记账号或密码',
  locked: '账号被锁定',
  other: '其他问题',
} as const;
export type AppealCategory = keyof typeof APPEAL_CATEGORIES;

/** What staff did when accepting: the account's phone changed to the appeal's, the lock lifted, or else. */
export const APPEAL_ACTIONS = {
  change_phone: '更换登录手机号',
  unlock: '解除账号锁定',
  other: '其他处理',
} as const;
export type AppealAction = keyof typeof APPEAL_ACTIONS;
/** The actions that act on an account (staff choose it). */
export const ACCOUNT_ACTIONS: readonly AppealAction[] = ['change_phone', 'unlock'];

/** At most this many proof documents (images or pdf, 10 MB each). */
export const APPEAL_MAX_PROOFS = 5;
export const APPEAL_PROOF_RULES = { accept: ['jpg', 'jpeg', 'png', 'pdf'], maxSizeMB: 10, maxCount: 5 } as const;

/** A query number: SS, the date, six digits (SS20261125483920). */
export const APPEAL_NUMBER_PATTERN = /^SS\d{14}$/;

export const APPEAL_MESSAGES = {
  submitted: '申诉已提交，请牢记申诉编号，可凭编号和手机号查询处理结果',
  notFound: '未找到该申诉，请核对申诉编号和手机号',
  tooMany: '查询次数过多，请15分钟后再试',
  pendingExists: (number: string) => `您已有待处理的申诉（编号${number}），请耐心等待处理结果`,
  phoneNotVerified: '请先验证手机号',
  uploadsTooMany: '上传次数过多，请稍后再试',
  proofRequired: '请上传证明材料',
  handled: '该申诉已处理',
} as const;

const ZText = (label: string, min: number, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, min > 1 ? `${label}至少${min}个字` : `请填写${label}`)
    .max(max, `${label}最多${max}个字`);

/** A device key the submit page makes once: its uploads are attached only to its own submission. */
export const ZAppealDeviceKey = z.string().regex(/^[\w-]{16,64}$/, '无法识别当前设备，请刷新页面后再试');

/** POST /appeals/public: the appeal form. */
export const ZAppealSubmit = z.object({
  name: ZText('姓名', 1, 30),
  phoneNumber: ZPhone,
  /** From the phone verification (/project/phone/code/check). */
  phoneToken: z.string({ error: APPEAL_MESSAGES.phoneNotVerified }).min(16, APPEAL_MESSAGES.phoneNotVerified).max(64),
  idNumber: z
    .string({ error: '请填写身份证号' })
    .trim()
    .min(1, '请填写身份证号')
    .refine(isIdCard, ID_CARD_MESSAGE)
    .transform((v) => v.toUpperCase()),
  category: z.enum(Object.keys(APPEAL_CATEGORIES) as [AppealCategory, ...AppealCategory[]], {
    error: '请选择遇到的问题',
  }),
  description: ZText('问题描述', 10, 1000),
  proofIds: z
    .array(z.coerce.number().int().positive(), { error: APPEAL_MESSAGES.proofRequired })
    .min(1, APPEAL_MESSAGES.proofRequired)
    .max(APPEAL_MAX_PROOFS, `证明材料不能超过 ${APPEAL_MAX_PROOFS} 个`),
  contact: z.string().trim().max(50, '其他联系方式最多50个字').default(''),
  deviceKey: ZAppealDeviceKey,
});
export type TAppealSubmit = z.infer<typeof ZAppealSubmit>;

/** POST /appeals/public/lookup: the person's own appeal by its number and the phone it was made with. */
export const ZAppealLookup = z.object({
  number: z
    .string({ error: '请输入申诉编号' })
    .trim()
    .min(1, '请输入申诉编号')
    .transform((v) => v.toUpperCase())
    .refine((v) => APPEAL_NUMBER_PATTERN.test(v), '申诉编号格式不正确'),
  phoneNumber: ZPhone,
});

export const ZAppealFile = z.object({ id: z.number().int(), name: z.string(), fileSize: z.number().int() });
export type TAppealFile = z.infer<typeof ZAppealFile>;

/** What the person reads of their appeal: no ID number, name masked. */
export const ZAppealResult = z.object({
  number: z.string(),
  name: z.string(),
  categoryName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  actionName: z.string(),
  /** The action's note, or the refusal's reason. */
  result: z.string(),
});
export type TAppealResult = z.infer<typeof ZAppealResult>;

/** A row of /appeal: phone and ID number masked (PIPL). */
export const ZAppealRow = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  phone: z.string(),
  idNumber: z.string(),
  category: z.string(),
  categoryName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handlerName: z.string(),
  action: z.string(),
  actionName: z.string(),
  result: z.string(),
});
export type TAppealRow = z.infer<typeof ZAppealRow>;
export const ZAppealPage = ZPage(ZAppealRow);

/** The detail staff work from: the full phone and ID number, the description and the proofs. */
export const ZAppealDetail = ZAppealRow.extend({
  description: z.string(),
  contact: z.string(),
  proofs: z.array(ZAppealFile),
  /** The account the action was taken on. */
  account: z.object({ userId: z.number().int(), name: z.string(), mobile: z.string() }).nullable(),
  /** 更换登录手机号: the account's login phone before the change, masked ('' otherwise). */
  previousPhone: z.string(),
});
export type TAppealDetail = z.infer<typeof ZAppealDetail>;

export const ZAppealQuery = ZPageQuery.extend({
  status: z.coerce.number().int().min(0).max(2).optional(),
});
export type TAppealQuery = z.infer<typeof ZAppealQuery>;

/** The tenant's people staff can act on: matches by name or phone. */
export const ZAppealAccountQuery = z.object({ keyword: z.string().trim().max(30, '搜索内容最多30个字').default('') });
export const ZAppealAccount = z.object({
  userId: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  identities: z.string(),
  /** The name or the phone is the appeal's. */
  matches: z.boolean(),
  locked: z.boolean(),
});
export type TAppealAccount = z.infer<typeof ZAppealAccount>;

export const ZAppealAccept = z
  .object({
    action: z.enum(Object.keys(APPEAL_ACTIONS) as [AppealAction, ...AppealAction[]], { error: '请选择处理方式' }),
    userId: z.coerce.number().int().positive().nullable().default(null),
    remark: z.string().trim().max(200, '处理说明最多200个字').default(''),
  })
  .refine((v) => !ACCOUNT_ACTIONS.includes(v.action) || v.userId !== null, {
    message: '请选择要处理的账号',
    path: ['userId'],
  })
  .refine((v) => v.action !== 'other' || v.remark.length > 0, { message: '请填写处理说明', path: ['remark'] });
export type TAppealAccept = z.infer<typeof ZAppealAccept>;

export const ZAppealRefuse = z.object({
  reason: z.string({ error: '请填写驳回原因' }).trim().min(1, '请填写驳回原因').max(200, '驳回原因最多200个字'),
});

/** 110105********002X: the first six and the last four. */
export function maskIdNumber(id: string): string {
  return id.length >= 15 ? `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}` : id;
}

/** 张**: the surname only. */
export function maskName(name: string): string {
  return name.length <= 1 ? name : `${name.slice(0, 1)}${'*'.repeat(Math.min(name.length - 1, 3))}`;
}
