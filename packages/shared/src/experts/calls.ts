import { z } from 'zod';
import { ZPageQuery } from '../platform/list';
import { defineResource } from '../platform/resource';
import { EXPERT_PAGES } from './pages';

/**
 * 专家征集 (/expertSolicitation): an administrator opens a call for experts (domains wanted, dates,
 * how many); people apply through the expert registration (an expert of the library joins with one
 * click), and each application is approved or refused with a reason. The approved enter the
 * library carrying the call's label.
 */

/** A call's state on a day: before its open date, open, or after its close date (or closed early). */
export const CallStatus = { UPCOMING: 'upcoming', OPEN: 'open', CLOSED: 'closed' } as const;
export type TCallStatus = (typeof CallStatus)[keyof typeof CallStatus];
export const CALL_STATUS_OPTIONS = [
  { value: CallStatus.UPCOMING, label: '未开始' },
  { value: CallStatus.OPEN, label: '征集中' },
  { value: CallStatus.CLOSED, label: '已结束' },
] as const;
export const callStatusName = (s: string) => CALL_STATUS_OPTIONS.find((o) => o.value === s)?.label ?? '未知';

/** An application's state. */
export const ApplicationStatus = { PENDING: 'pending', APPROVED: 'approved', REFUSED: 'refused' } as const;
export type TApplicationStatus = (typeof ApplicationStatus)[keyof typeof ApplicationStatus];
export const APPLICATION_STATUS_OPTIONS = [
  { value: ApplicationStatus.PENDING, label: '待审核' },
  { value: ApplicationStatus.APPROVED, label: '已通过' },
  { value: ApplicationStatus.REFUSED, label: '未通过' },
] as const;
export const applicationStatusName = (s: string) =>
  APPLICATION_STATUS_OPTIONS.find((o) => o.value === s)?.label ?? '未知';
/** join: an expert of the library joined; register: a new person registered through the call. */
export const APPLICATION_KIND_NAMES: Record<string, string> = { join: '库内专家', register: '新申请' };

/** Today in China (YYYY-MM-DD): a call's dates are China days. */
export function chinaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** A call's state on a China day. */
export function callStatusOn(
  call: { openDate: string; closeDate: string; closedEarly: boolean },
  today: string,
): TCallStatus {
  if (call.closedEarly || today > call.closeDate) return CallStatus.CLOSED;
  return today < call.openDate ? CallStatus.UPCOMING : CallStatus.OPEN;
}

const ZDay = (what: string) =>
  z
    .string({ error: `请选择${what}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `请选择${what}`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${what}不正确`);

export const ZExpertCallInput = z
  .object({
    title: z.string({ error: '请输入征集名称' }).trim().min(1, '请输入征集名称').max(60, '征集名称最多60个字'),
    /** The domains wanted; empty is any domain. */
    domainIds: z
      .array(z.coerce.number({ error: '征集领域不正确' }).int().positive('征集领域不正确'), {
        error: '征集领域不正确',
      })
      .max(20, '征集领域最多20个')
      .default([]),
    /** The label the approved carry; null makes a label named after the call. */
    labelId: z.coerce.number({ error: '入库标签不正确' }).int().positive('入库标签不正确').nullable().default(null),
    quota: z.coerce
      .number({ error: '请输入征集人数' })
      .int('征集人数必须是整数')
      .min(1, '征集人数至少1人')
      .max(9999, '征集人数最多9999人'),
    openDate: ZDay('开始日期'),
    closeDate: ZDay('截止日期'),
    description: z.string().trim().max(2000, '征集说明最多2000个字').default(''),
  })
  .refine((v) => v.closeDate >= v.openDate, { message: '截止日期不能早于开始日期', path: ['closeDate'] });
export type TExpertCallInput = z.infer<typeof ZExpertCallInput>;

export const ZExpertCall = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  domainIds: z.array(z.number().int()),
  domainNames: z.array(z.string()),
  labelId: z.number().int(),
  labelName: z.string(),
  quota: z.number().int(),
  openDate: z.string(),
  closeDate: z.string(),
  status: z.enum(['upcoming', 'open', 'closed']),
  /** Applications of every state, and by state. */
  applied: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type TExpertCall = z.infer<typeof ZExpertCall>;

export const ZExpertCallQuery = ZPageQuery.extend({
  status: z.enum(['upcoming', 'open', 'closed'], { error: '状态不正确' }).optional(),
});
export type TExpertCallQuery = z.infer<typeof ZExpertCallQuery>;

/** /expertSolicitation: the calls. The keyword searches the title. */
export const EXPERT_CALLS = defineResource({
  name: 'expert-calls',
  title: '专家征集',
  api: '/experts/calls',
  page: EXPERT_PAGES.calls,
  entity: ZExpertCall,
  create: ZExpertCallInput,
  update: ZExpertCallInput,
  filters: ZExpertCallQuery,
  exportName: '专家征集_{date}',
  fields: [
    { key: 'title', title: '征集名称', width: 220 },
    { key: 'domainNames', title: '征集领域', kind: 'tags', width: 200 },
    { key: 'domainIds', title: '征集领域', formOnly: true, hint: '不选则不限领域' },
    { key: 'labelName', title: '入库标签', width: 120 },
    {
      key: 'labelId',
      title: '入库标签',
      kind: 'enum',
      optionsFrom: '/experts/labels/options',
      formOnly: true,
      placeholder: '不选则新建与征集名称同名的标签',
      hint: '通过的专家入库时带上这个标签',
    },
    { key: 'quota', title: '征集人数', kind: 'number', width: 90 },
    { key: 'openDate', title: '开始日期', width: 110 },
    { key: 'closeDate', title: '截止日期', width: 110 },
    { key: 'description', title: '征集说明', kind: 'textarea', width: 240, list: false },
    { key: 'status', title: '状态', kind: 'enum', options: CALL_STATUS_OPTIONS, filter: true, width: 90 },
    { key: 'applied', title: '报名', kind: 'number', width: 70 },
    { key: 'pending', title: '待审核', kind: 'number', width: 80 },
    { key: 'approved', title: '已通过', kind: 'number', width: 80 },
    { key: 'createdByName', title: '发起人', width: 100, list: false },
    { key: 'createdAt', title: '创建时间', kind: 'datetime', width: 170, list: false },
  ],
});

// ——— applications ———

export const ZCallApplication = z.object({
  id: z.number().int(),
  callId: z.number().int(),
  expertId: z.number().int(),
  kind: z.enum(['join', 'register']),
  kindName: z.string(),
  name: z.string(),
  mobile: z.string(),
  unitName: z.string(),
  title: z.string(),
  domainNames: z.array(z.string()),
  /** Whether the expert's domains meet the call's (any domain when the call names none). */
  matched: z.boolean(),
  /** The expert's place in the library (待审核 while a new applicant waits). */
  expertStatus: z.number().int(),
  status: z.enum(['pending', 'approved', 'refused']),
  statusName: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string(),
});
export type TCallApplication = z.infer<typeof ZCallApplication>;

export const ZCallApplicationQuery = ZPageQuery.extend({
  status: z.enum(['pending', 'approved', 'refused'], { error: '审核状态不正确' }).optional(),
});
export type TCallApplicationQuery = z.infer<typeof ZCallApplicationQuery>;

export const ZCallDecision = z
  .object({
    pass: z.boolean({ error: '请选择审核结果' }),
    reason: z.string().trim().max(200, '原因最多200个字').default(''),
  })
  .refine((v) => v.pass || v.reason.length > 0, { message: '请填写不通过的原因', path: ['reason'] });
export type TCallDecision = z.infer<typeof ZCallDecision>;

// ——— the applicant's side ———

/** A call as an applicant sees it (我的专家信息), with the caller's own application. */
export const ZOpenCall = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  domainNames: z.array(z.string()),
  labelName: z.string(),
  quota: z.number().int(),
  approved: z.number().int(),
  openDate: z.string(),
  closeDate: z.string(),
  status: z.enum(['upcoming', 'open', 'closed']),
  /** The approved reached the quota: no more applications. */
  full: z.boolean(),
  mine: z
    .object({ status: z.enum(['pending', 'approved', 'refused']), statusName: z.string(), reason: z.string() })
    .nullable(),
});
export type TOpenCall = z.infer<typeof ZOpenCall>;
