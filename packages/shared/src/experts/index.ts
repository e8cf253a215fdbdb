import { z } from 'zod';
import { ZPageQuery } from '../platform/list';
import { defineResource } from '../platform/resource';
import { ZOpenCall } from './calls';
import { ZAnswerLine, ZPublishedExpertForm } from './config';
import { EXPERT_PAGES } from './pages';

export * from './calls';
export * from './config';
export * from './draw';
export * from './pages';

/** An expert's place in the library. */
export const ExpertStatus = { PENDING: 0, ACTIVE: 1, REJECTED: 2, DISABLED: 3 } as const;
export const EXPERT_STATUS_OPTIONS = [
  { value: ExpertStatus.PENDING, label: '待审核' },
  { value: ExpertStatus.ACTIVE, label: '已入库' },
  { value: ExpertStatus.REJECTED, label: '未通过' },
  { value: ExpertStatus.DISABLED, label: '已停用' },
] as const;
export const expertStatusName = (s: number): string =>
  EXPERT_STATUS_OPTIONS.find((o) => o.value === s)?.label ?? '未知';

export const EXPERT_SOURCE_NAMES: Record<string, string> = { register: '本人申请', admin: '后台添加' };
const GENDER_OPTIONS = [
  { value: '男', label: '男' },
  { value: '女', label: '女' },
] as const;

const ZIdList = (what: string, max: number) =>
  z
    .array(
      z.coerce
        .number({ error: `${what}不正确` })
        .int(`${what}不正确`)
        .positive(`${what}不正确`),
      {
        error: `${what}不正确`,
      },
    )
    .max(max, `${what}最多${max}个`)
    .default([]);
const ZText = (name: string, max: number) => z.string().trim().max(max, `${name}最多${max}个字`).default('');

// ——— domains (a tree) and labels ———

export const ZExpertDomain = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    parentName: z.string(),
    name: z.string(),
    sort: z.number().int(),
    /** Active experts in this domain or below it. */
    expertCount: z.number().int(),
    get children() {
      return z.array(ZExpertDomain).optional();
    },
  })
  .meta({ id: 'ExpertDomain' });
export type TExpertDomain = z.infer<typeof ZExpertDomain>;

const ZSort = z.coerce
  .number({ error: '排序必须是数字' })
  .int('排序必须是整数')
  .min(0, '排序不能小于0')
  .max(9999, '排序最大9999')
  .default(0);

export const ZExpertDomainInput = z.object({
  name: z.string({ error: '请输入领域名称' }).trim().min(1, '请输入领域名称').max(30, '领域名称最多30个字'),
  parentId: z.coerce.number().int().positive().nullable().default(null),
  sort: ZSort,
});
export type TExpertDomainInput = z.infer<typeof ZExpertDomainInput>;

/** /expertDomainClassification: without a keyword a page of top-level domains with their subtrees. */
export const EXPERT_DOMAINS = defineResource({
  name: 'expert-domains',
  title: '专业领域',
  api: '/experts/domains',
  page: EXPERT_PAGES.domains,
  entity: ZExpertDomain,
  create: ZExpertDomainInput,
  update: ZExpertDomainInput,
  filters: ZPageQuery,
  fields: [
    { key: 'name', title: '领域名称', width: 260 },
    { key: 'parentName', title: '上级领域', width: 160 },
    {
      key: 'parentId',
      title: '上级领域',
      kind: 'enum',
      optionsFrom: '/experts/domains/options',
      formOnly: true,
      placeholder: '不选则为一级领域',
    },
    { key: 'expertCount', title: '入库专家', kind: 'number', width: 100 },
    { key: 'sort', title: '排序', kind: 'number', width: 80, hint: '数字小的在前' },
  ],
});

export const ZExpertLabel = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
  expertCount: z.number().int(),
  createdAt: z.string(),
});
export type TExpertLabel = z.infer<typeof ZExpertLabel>;

export const ZExpertLabelInput = z.object({
  name: z.string({ error: '请输入标签名称' }).trim().min(1, '请输入标签名称').max(20, '标签名称最多20个字'),
  description: ZText('说明', 200),
  sort: ZSort,
});
export type TExpertLabelInput = z.infer<typeof ZExpertLabelInput>;

/** /label-management: labels (人才库, 智库, regional lists) put on experts. */
export const EXPERT_LABELS = defineResource({
  name: 'expert-labels',
  title: '标签',
  api: '/experts/labels',
  page: EXPERT_PAGES.labels,
  entity: ZExpertLabel,
  create: ZExpertLabelInput,
  update: ZExpertLabelInput,
  filters: ZPageQuery,
  fields: [
    { key: 'name', title: '标签名称', width: 200 },
    { key: 'description', title: '说明', kind: 'textarea', width: 300 },
    { key: 'expertCount', title: '专家数', kind: 'number', width: 90 },
    { key: 'sort', title: '排序', kind: 'number', width: 80, hint: '数字小的在前' },
    { key: 'createdAt', title: '创建时间', kind: 'datetime', width: 170 },
  ],
});

/** A choice list (domains, labels, units) for selects: `{ list: { id, name }[] }`. */
export const ZExpertOptions = z.object({
  list: z.array(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable().optional() })),
});
export type TExpertOptions = z.infer<typeof ZExpertOptions>;

// ——— experts ———

/** What an expert states about themselves (registration, own changes) and an administrator edits. */
export const ZExpertProfile = z.object({
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(20, '姓名最多20个字'),
  gender: z.enum(['男', '女', ''], { error: '性别只能是男或女' }).default(''),
  email: z
    .string()
    .trim()
    .max(60, '邮箱最多60个字符')
    .refine((v) => v === '' || z.email().safeParse(v).success, '邮箱格式不正确')
    .default(''),
  /** The unit of the tenant the expert works at (回避 uses it); unitName when it is not one. */
  unitId: z.coerce.number().int().positive().nullable().default(null),
  unitName: ZText('工作单位', 60),
  position: ZText('职务', 30),
  title: ZText('职称', 30),
  education: ZText('学历', 20),
  regionCode: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, '所在地区不正确')
    .default(''),
  domainIds: ZIdList('专业领域', 10).refine((v) => v.length > 0, '请选择专业领域'),
  /** Units the expert must not review or be drawn for (回避单位). */
  avoidUnitIds: ZIdList('回避单位', 20),
  intro: ZText('个人简介', 2000),
});
export type TExpertProfile = z.infer<typeof ZExpertProfile>;

const ZMobile = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(/^1\d{10}$/, '手机号格式不正确');

/** An administrator adds an expert straight into the library (an account is made for a new mobile). */
export const ZExpertCreate = ZExpertProfile.extend({
  mobile: ZMobile,
  labelIds: ZIdList('标签', 20),
});
export type TExpertCreate = z.infer<typeof ZExpertCreate>;

export const ZExpertUpdate = ZExpertProfile.extend({ labelIds: ZIdList('标签', 20) });
export type TExpertUpdate = z.infer<typeof ZExpertUpdate>;

export const ZExpert = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  gender: z.string(),
  email: z.string(),
  unitId: z.number().int().nullable(),
  unitName: z.string(),
  position: z.string(),
  title: z.string(),
  education: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  domainIds: z.array(z.number().int()),
  domainNames: z.array(z.string()),
  labelIds: z.array(z.number().int()),
  labelNames: z.array(z.string()),
  avoidUnitIds: z.array(z.number().int()),
  avoidUnitNames: z.array(z.string()),
  intro: z.string(),
  status: z.number().int(),
  source: z.string(),
  rejectReason: z.string(),
  /** An own change waiting for approval. */
  changePending: z.boolean(),
  /** The call (专家征集) a waiting registration came through: it is decided there. */
  callId: z.number().int().nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  /** The answers to the tenant's own questions (专家信息配置), as text, in the form's order. */
  answers: z.array(ZAnswerLine),
});
export type TExpert = z.infer<typeof ZExpert>;

export const ZExpertQuery = ZPageQuery.extend({
  status: z.coerce.number({ error: '状态不正确' }).int().min(0).max(3, '状态不正确').optional(),
  /** The unit of the tenant the expert works at. */
  unitId: z.coerce.number({ error: '所属单位不正确' }).int().positive('所属单位不正确').optional(),
  /** This domain or any below it. */
  domainId: z.coerce.number({ error: '专业领域不正确' }).int().positive('专业领域不正确').optional(),
  labelId: z.coerce.number({ error: '标签不正确' }).int().positive('标签不正确').optional(),
  /** A province, city or county code: experts in it. */
  regionCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '所在地区不正确')
    .optional(),
});
export type TExpertQuery = z.infer<typeof ZExpertQuery>;

/**
 * /expertManagement. The keyword searches name, mobile and unit; the search form also takes the
 * unit, a domain (with the domains below it), a label and a region, each with its own control.
 * The import reads domains, labels, avoided units and the region by name (专业领域 信息技术 /
 * 人工智能、软件工程).
 */
export const EXPERTS = defineResource({
  name: 'experts',
  title: '专家',
  api: '/experts/library',
  page: EXPERT_PAGES.library,
  entity: ZExpert,
  create: ZExpertCreate,
  update: ZExpertUpdate,
  filters: ZExpertQuery,
  importable: true,
  exportName: '专家库_{date}',
  fields: [
    // Search fields first: the search form follows the fields' order (after 关键词).
    { key: 'domainId', title: '专业领域', filterOnly: true },
    { key: 'labelId', title: '标签', filterOnly: true },
    { key: 'name', title: '姓名', width: 100 },
    { key: 'mobile', title: '手机号', width: 130 },
    { key: 'gender', title: '性别', kind: 'enum', options: GENDER_OPTIONS, width: 70 },
    {
      key: 'unitId',
      title: '所属单位',
      kind: 'enum',
      optionsFrom: '/experts/unit-options',
      formOnly: true,
      filter: true,
    },
    { key: 'unitName', title: '工作单位', width: 200 },
    { key: 'position', title: '职务', width: 120, list: false },
    { key: 'title', title: '职称', width: 120 },
    { key: 'education', title: '学历', width: 90, list: false },
    { key: 'email', title: '邮箱', width: 180, list: false },
    { key: 'regionName', title: '所在地区', width: 160, importAs: 'regionCode' },
    { key: 'regionCode', title: '所在地区', formOnly: true, filter: true },
    { key: 'domainNames', title: '专业领域', kind: 'tags', width: 200, importAs: 'domainIds' },
    { key: 'domainIds', title: '专业领域', formOnly: true },
    { key: 'labelNames', title: '标签', kind: 'tags', width: 160, importAs: 'labelIds' },
    { key: 'labelIds', title: '标签', formOnly: true },
    { key: 'avoidUnitNames', title: '回避单位', kind: 'tags', width: 160, list: false, importAs: 'avoidUnitIds' },
    { key: 'avoidUnitIds', title: '回避单位', formOnly: true },
    { key: 'intro', title: '个人简介', kind: 'textarea', formOnly: true },
    { key: 'status', title: '状态', kind: 'enum', options: EXPERT_STATUS_OPTIONS, filter: true, width: 90 },
    {
      key: 'source',
      title: '来源',
      kind: 'enum',
      options: Object.entries(EXPERT_SOURCE_NAMES).map(([value, label]) => ({ value, label })),
      width: 90,
      list: false,
    },
    { key: 'createdAt', title: '创建时间', kind: 'datetime', width: 170, list: false },
  ],
});

/** 启用 / 停用 an expert of the library (a disabled one is neither drawn nor allocated). */
export const ZExpertStatusInput = z.object({
  status: z.union([z.literal(ExpertStatus.ACTIVE), z.literal(ExpertStatus.DISABLED)], {
    error: '状态只能是已入库或已停用',
  }),
});

// ——— approval (/audit-list-of-experts) ———

export const AuditKind = { REGISTER: 'register', CHANGE: 'change' } as const;
export const ZExpertAuditQuery = ZPageQuery.extend({
  kind: z.enum(['register', 'change'], { error: '审核类型不正确' }).optional(),
});
export type TExpertAuditQuery = z.infer<typeof ZExpertAuditQuery>;

/** One difference between the library's profile and the change the expert asked for. */
export const ZProfileDiff = z.object({ field: z.string(), title: z.string(), before: z.string(), after: z.string() });
export type TProfileDiff = z.infer<typeof ZProfileDiff>;

export const ZExpertAuditItem = z.object({
  expertId: z.number().int(),
  kind: z.enum(['register', 'change']),
  kindName: z.string(),
  name: z.string(),
  mobile: z.string(),
  unitName: z.string(),
  title: z.string(),
  domainNames: z.array(z.string()),
  submittedAt: z.string(),
  /** For a change: what it changes. */
  diff: z.array(ZProfileDiff),
});
export type TExpertAuditItem = z.infer<typeof ZExpertAuditItem>;

export const ZExpertAuditInput = z
  .object({
    pass: z.boolean({ error: '请选择审核结果' }),
    reason: z.string().trim().max(200, '原因最多200个字').default(''),
  })
  .refine((v) => v.pass || v.reason.length > 0, { message: '请填写不通过的原因', path: ['reason'] });
export type TExpertAuditInput = z.infer<typeof ZExpertAuditInput>;

// ——— my information (/myexpert-information) ———

/** Answers to the tenant's own questions, by the form's question names (field…). */
export const ZFormAnswers = z.record(z.string(), z.unknown());

/** What an expert sends from 我的专家信息: the profile, the answers, and the call it applies to. */
export const ZMyExpertInput = ZExpertProfile.extend({
  answers: ZFormAnswers.default({}),
  /** A call (专家征集) the registration applies to. */
  callId: z.coerce.number({ error: '征集不存在' }).int().positive('征集不存在').nullable().default(null),
});
export type TMyExpertInput = z.infer<typeof ZMyExpertInput>;

/** An own change as it waits: the profile, and the answers asked for with the form version checked. */
export const ZProfileChange = ZExpertProfile.extend({
  answers: ZFormAnswers.optional(),
  formKey: z.string().nullable().optional(),
  formVersion: z.number().int().optional(),
});
export type TProfileChange = z.infer<typeof ZProfileChange>;

export const ZMyExpert = z.object({
  /** Null before the person applies. */
  expert: ZExpert.nullable(),
  /** The change waiting for approval, as the expert sent it. */
  pendingChange: ZProfileChange.nullable(),
  /** The person's name and mobile, to start an application with. */
  person: z.object({ name: z.string(), mobile: z.string() }),
  /** The tenant's own questions (the published version), null when it has none. */
  form: ZPublishedExpertForm.nullable(),
  /** The expert's own answers as kept (to edit them). */
  answers: ZFormAnswers,
  /** Calls open now, and those the person applied to. */
  calls: z.array(ZOpenCall),
});
export type TMyExpert = z.infer<typeof ZMyExpert>;

// ——— statistics (/expertStatistics) ———

const ZCount = z.object({ name: z.string(), value: z.number().int() });
export const ZExpertStatistics = z.object({
  total: z.number().int(),
  active: z.number().int(),
  pending: z.number().int(),
  disabled: z.number().int(),
  changesPending: z.number().int(),
  byDomain: z.array(ZCount),
  byLabel: z.array(ZCount),
  byTitle: z.array(ZCount),
  byRegion: z.array(ZCount),
  byGender: z.array(ZCount),
  /** Experts entered the library per month, the last 12 months (YYYY-MM). */
  monthly: z.array(ZCount),
  draws: z.object({
    count: z.number().int(),
    invited: z.number().int(),
    confirmed: z.number().int(),
    declined: z.number().int(),
  }),
});
export type TExpertStatistics = z.infer<typeof ZExpertStatistics>;
