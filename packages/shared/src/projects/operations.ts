import { z } from 'zod';
import { ZPageQuery } from '../platform/list';
import { orgTypeNames } from '../platform/org-codes';
import { defineResource } from '../platform/resource';
import { type TProjectSettings, ZProjectSettings } from './api';
import { type TStage, ZFlow, ZGrade, ZScoreItem } from './flow';
import { OPERATION_PAGES } from './pages';

const ZName = (what: string, max: number) =>
  z
    .string({ error: `请输入${what}` })
    .trim()
    .min(1, `请输入${what}`)
    .max(max, `${what}最多${max}个字`);
const ZText = (what: string, max: number) => z.string().trim().max(max, `${what}最多${max}个字`).default('');
const ZSort = z.coerce
  .number({ error: '排序必须是数字' })
  .int('排序必须是整数')
  .min(0, '排序不能小于0')
  .max(9999, '排序最大9999')
  .default(0);
const ZRefId = (what: string) =>
  z.coerce
    .number({ error: `请选择${what}` })
    .int(`请选择${what}`)
    .positive(`请选择${what}`);
const ZOptionalId = z.coerce.number().int().positive().optional();

// ———————————————————————— 项目流程 ————————————————————————

export const ZLibraryFlow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  flow: ZFlow,
  /** The stages as a line: 单位推荐 → 形式审查 → 专家评审 → 评审结果. */
  stageText: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.string(),
});
export type TLibraryFlow = z.infer<typeof ZLibraryFlow>;

export const ZLibraryFlowInput = z.object({
  name: ZName('流程名称', 30),
  description: ZText('说明', 200),
  flow: ZFlow,
  /** The flow a new project starts with (one per tenant). */
  isDefault: z.boolean().default(false),
});
export type TLibraryFlowInput = z.infer<typeof ZLibraryFlowInput>;

export const FLOW_LIBRARY = defineResource({
  name: 'project-flows',
  title: '评审流程',
  api: '/projects/operations/flows',
  page: OPERATION_PAGES.flows,
  entity: ZLibraryFlow,
  create: ZLibraryFlowInput,
  update: ZLibraryFlowInput,
  filters: ZPageQuery,
  fields: [
    { key: 'name', title: '流程名称', width: 200 },
    { key: 'stageText', title: '评审环节', width: 380 },
    { key: 'description', title: '说明', kind: 'textarea', width: 220, list: false },
    { key: 'flow', title: '评审环节', formOnly: true },
    { key: 'isDefault', title: '默认流程', kind: 'boolean', width: 100, hint: '新建项目时预先填入此流程' },
    { key: 'updatedAt', title: '更新时间', kind: 'datetime', width: 160 },
  ],
});

// ———————————————————————— 评分规则 and 定级方案 ————————————————————————

const ZItems = z
  .array(ZScoreItem)
  .min(1, '请至少设置一个评分项')
  .max(30, '评分项最多30个')
  .refine((items) => new Set(items.map((i) => i.key)).size === items.length, { message: '评分项编码重复' });

export const ZScoreRule = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  items: z.array(ZScoreItem),
  /** 创新性 40、可行性 30 … */
  itemText: z.string(),
  /** Σ max × weight. */
  fullMark: z.number(),
  updatedAt: z.string(),
});
export type TScoreRule = z.infer<typeof ZScoreRule>;

export const ZScoreRuleInput = z.object({
  name: ZName('规则名称', 30),
  description: ZText('说明', 200),
  items: ZItems,
});
export type TScoreRuleInput = z.infer<typeof ZScoreRuleInput>;

export const SCORE_RULES = defineResource({
  name: 'project-score-rules',
  title: '评分规则',
  api: '/projects/operations/score-rules',
  page: OPERATION_PAGES.gradingRules,
  entity: ZScoreRule,
  create: ZScoreRuleInput,
  update: ZScoreRuleInput,
  filters: ZPageQuery,
  fields: [
    { key: 'name', title: '规则名称', width: 180 },
    { key: 'itemText', title: '评分项（满分×权重）', width: 360 },
    { key: 'fullMark', title: '总分', kind: 'number', width: 80 },
    { key: 'description', title: '说明', kind: 'textarea', width: 200 },
    { key: 'items', title: '评分项', formOnly: true },
    { key: 'updatedAt', title: '更新时间', kind: 'datetime', width: 160, list: false },
  ],
});

export const GRADING_METHOD_NAMES = { threshold: '按分数线', quota: '按比例' } as const;

export const ZGradingScheme = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  method: z.enum(['threshold', 'quota']),
  grades: z.array(ZGrade),
  publicityDays: z.number().int(),
  /** 一等 ≥85、二等 ≥75 … or 一等 10%、… */
  gradeText: z.string(),
  updatedAt: z.string(),
});
export type TGradingScheme = z.infer<typeof ZGradingScheme>;

export const ZGradingSchemeInput = z
  .object({
    name: ZName('方案名称', 30),
    description: ZText('说明', 200),
    method: z.enum(['threshold', 'quota'], { error: '定级方式只能是按分数线或按比例' }).default('threshold'),
    grades: z.array(ZGrade).min(1, '请至少设置一个等级').max(10, '等级最多10个'),
    publicityDays: z.coerce
      .number({ error: '公示天数必须是数字' })
      .int('公示天数必须是整数')
      .min(0, '公示天数不能为负')
      .max(60, '公示最多60天')
      .default(0),
  })
  .superRefine((s, ctx) => {
    if (s.method === 'quota' && s.grades.some((g) => g.percent === undefined))
      ctx.addIssue({ code: 'custom', message: '按比例定级时，每个等级都要填写比例', path: ['grades'] });
    if (s.method === 'quota' && s.grades.reduce((a, g) => a + (g.percent ?? 0), 0) > 100)
      ctx.addIssue({ code: 'custom', message: '各等级比例之和不能超过100%', path: ['grades'] });
    if (s.method === 'threshold' && s.grades.some((g) => g.min === undefined))
      ctx.addIssue({ code: 'custom', message: '按分数线定级时，每个等级都要填写分数线', path: ['grades'] });
  });
export type TGradingSchemeInput = z.infer<typeof ZGradingSchemeInput>;

export const GRADING_SCHEMES = defineResource({
  name: 'project-grading-schemes',
  title: '定级方案',
  api: '/projects/operations/grading-schemes',
  page: OPERATION_PAGES.gradingRules,
  entity: ZGradingScheme,
  create: ZGradingSchemeInput,
  update: ZGradingSchemeInput,
  filters: ZPageQuery,
  fields: [
    { key: 'name', title: '方案名称', width: 180 },
    {
      key: 'method',
      title: '定级方式',
      kind: 'enum',
      width: 110,
      options: Object.entries(GRADING_METHOD_NAMES).map(([value, label]) => ({ value, label })),
    },
    { key: 'gradeText', title: '等级', width: 320 },
    { key: 'grades', title: '等级（由高到低）', formOnly: true },
    { key: 'publicityDays', title: '公示天数', kind: 'number', width: 100, hint: '发布结果后的公示期，0 为不公示' },
    { key: 'description', title: '说明', kind: 'textarea', width: 200, list: false },
    { key: 'updatedAt', title: '更新时间', kind: 'datetime', width: 160, list: false },
  ],
});

// ———————————————————————— 项目要素 ————————————————————————

export const ELEMENT_TYPE_NAMES = { category: '项目类别', level: '项目级别', year: '年度' } as const;
export type ElementType = keyof typeof ELEMENT_TYPE_NAMES;
export const ELEMENT_TYPES = Object.keys(ELEMENT_TYPE_NAMES) as ElementType[];
export const ZElementType = z.enum(['category', 'level', 'year'], { error: '要素类型不存在' });

export const ZProjectElement = z.object({
  id: z.number().int(),
  type: ZElementType,
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  remark: z.string(),
  /** Projects and templates classified under it. */
  projectCount: z.number().int(),
});
export type TProjectElement = z.infer<typeof ZProjectElement>;

export const ZProjectElementInput = z.object({
  type: ZElementType,
  name: ZName('要素名称', 30),
  sort: ZSort,
  enabled: z.boolean().default(true),
  remark: ZText('备注', 200),
});
export const ZProjectElementUpdate = ZProjectElementInput.omit({ type: true });

export const PROJECT_ELEMENTS = defineResource({
  name: 'project-elements',
  title: '项目要素',
  api: '/projects/operations/elements',
  page: OPERATION_PAGES.elementsEditing,
  entity: ZProjectElement,
  create: ZProjectElementInput,
  update: ZProjectElementUpdate,
  filters: ZPageQuery.extend({ type: ZElementType.optional() }),
  importable: true,
  fields: [
    {
      key: 'type',
      title: '要素类型',
      kind: 'enum',
      width: 110,
      filter: true,
      options: ELEMENT_TYPES.map((value) => ({ value, label: ELEMENT_TYPE_NAMES[value] })),
    },
    { key: 'name', title: '要素名称', width: 200, placeholder: '如：自然科学、重点项目、2027年度' },
    { key: 'enabled', title: '启用', kind: 'boolean', width: 80, hint: '停用后新项目不能再选，已归类的项目不变' },
    { key: 'projectCount', title: '项目数', kind: 'number', width: 90 },
    { key: 'sort', title: '排序', kind: 'number', width: 80, hint: '数字小的在前' },
    { key: 'remark', title: '备注', kind: 'textarea', width: 220 },
  ],
});

/** A project's classification: one value of each element type, or none. */
export const ZProjectElementsValue = z.object({
  categoryId: z.number().int().positive('项目类别不存在').nullable().default(null),
  levelId: z.number().int().positive('项目级别不存在').nullable().default(null),
  yearId: z.number().int().positive('年度不存在').nullable().default(null),
});
export type TProjectElementsValue = z.infer<typeof ZProjectElementsValue>;

/** 项目要素: one element value's projects and declarations (id 0: the projects with none). */
export const ZElementStatsRow = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  projects: z.number().int(),
  submitted: z.number().int(),
  approved: z.number().int(),
  /** approved ÷ decided, percent; null before any result. */
  approvalRate: z.number().nullable(),
});
export type TElementStatsRow = z.infer<typeof ZElementStatsRow>;
export const ZElementStatsQuery = ZPageQuery.extend({ type: ZElementType.default('category') });

// ———————————————————————— 组织类别 ————————————————————————

/** The unit types a category may group (the spec's organisation codes, not 全部 or 运营). */
export const UNIT_TYPE_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

export const ZOrgCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  orgTypes: z.array(z.number().int()),
  orgTypeText: z.string(),
  /** The tenant's units of these types. */
  unitCount: z.number().int(),
  sort: z.number().int(),
  remark: z.string(),
});
export type TOrgCategory = z.infer<typeof ZOrgCategory>;

export const ZOrgCategoryInput = z.object({
  name: ZName('类别名称', 20),
  orgTypes: z
    .array(
      z
        .number({ error: '单位类型不存在' })
        .int()
        .refine((c) => (UNIT_TYPE_CODES as readonly number[]).includes(c), '单位类型不存在'),
      { error: '请选择单位类型' },
    )
    .min(1, '请选择单位类型')
    .max(UNIT_TYPE_CODES.length, '单位类型重复')
    .refine((codes) => new Set(codes).size === codes.length, '单位类型重复'),
  sort: ZSort,
  remark: ZText('备注', 200),
});

export const ORG_CATEGORIES = defineResource({
  name: 'project-org-categories',
  title: '组织类别',
  api: '/projects/operations/org-categories',
  page: OPERATION_PAGES.organizationCategory,
  entity: ZOrgCategory,
  create: ZOrgCategoryInput,
  update: ZOrgCategoryInput,
  filters: ZPageQuery,
  fields: [
    { key: 'name', title: '类别名称', width: 160 },
    { key: 'orgTypeText', title: '单位类型', width: 300 },
    { key: 'orgTypes', title: '单位类型', formOnly: true, hint: '项目按类别限定申报单位时，这些类型的单位可以申报' },
    { key: 'unitCount', title: '单位数', kind: 'number', width: 90 },
    { key: 'sort', title: '排序', kind: 'number', width: 80, hint: '数字小的在前' },
    { key: 'remark', title: '备注', kind: 'textarea', width: 200 },
  ],
});

/** The unit types' names: 高校、企业 … */
export function unitTypeText(codes: readonly number[]): string {
  return codes.map((c) => orgTypeNames[c as keyof typeof orgTypeNames] ?? String(c)).join('、');
}

// ———————————————————————— 专家分类 ————————————————————————

export const ZCategoryDomains = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  domainIds: z.array(z.number().int()),
  domainText: z.string(),
  /** Projects of the category: their declarations without 申报领域 are matched with these. */
  projectCount: z.number().int(),
});
export type TCategoryDomains = z.infer<typeof ZCategoryDomains>;

const ZDomainIds = z
  .array(z.number({ error: '评审领域不存在' }).int().positive('评审领域不存在'), { error: '请选择评审领域' })
  .min(1, '请选择评审领域')
  .max(10, '评审领域最多10个');

export const ZCategoryDomainsInput = z.object({ categoryId: ZRefId('项目类别'), domainIds: ZDomainIds });
export const ZCategoryDomainsUpdate = z.object({ domainIds: ZDomainIds });

export const CATEGORY_DOMAINS = defineResource({
  name: 'project-category-domains',
  title: '专家分类',
  api: '/projects/operations/category-domains',
  page: OPERATION_PAGES.classificationExpert,
  entity: ZCategoryDomains,
  create: ZCategoryDomainsInput,
  update: ZCategoryDomainsUpdate,
  filters: ZPageQuery,
  fields: [
    { key: 'categoryName', title: '项目类别', width: 180 },
    {
      key: 'categoryId',
      title: '项目类别',
      kind: 'enum',
      optionsFrom: '/projects/operations/category-options',
      formOnly: true,
    },
    { key: 'domainText', title: '评审领域（专家库）', width: 360 },
    { key: 'domainIds', title: '评审领域', formOnly: true, hint: '该类别的申报优先分配给这些领域（含下级领域）的专家' },
    { key: 'projectCount', title: '项目数', kind: 'number', width: 90 },
  ],
});

// ———————————————————————— 模板管理 ————————————————————————

export const ZProjectTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  stageText: z.string(),
  formPublished: z.boolean(),
  creatorName: z.string(),
  categoryName: z.string(),
  levelName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TProjectTemplate = z.infer<typeof ZProjectTemplate>;

export const PROJECT_TEMPLATES = defineResource({
  name: 'project-templates',
  title: '模板',
  api: '/projects/operations/templates',
  page: OPERATION_PAGES.templates,
  entity: ZProjectTemplate,
  create: z.object({ name: ZName('模板名称', 60), flowId: ZRefId('评审流程') }),
  update: z.object({ name: ZName('模板名称', 60) }),
  filters: ZPageQuery,
  fields: [
    { key: 'name', title: '模板名称', width: 200 },
    { key: 'stageText', title: '评审流程', width: 260 },
    {
      key: 'flowId',
      title: '评审流程',
      kind: 'enum',
      optionsFrom: '/projects/operations/flow-options',
      formOnly: true,
      hint: '从项目流程中选择；创建后可在向导中修改流程和申报设置',
    },
    { key: 'formPublished', title: '申报表', kind: 'boolean', width: 80 },
    { key: 'categoryName', title: '项目类别', width: 100 },
    { key: 'levelName', title: '项目级别', width: 100, list: false },
    { key: 'creatorName', title: '创建人', width: 90 },
    { key: 'updatedAt', title: '更新时间', kind: 'datetime', width: 160, list: false },
  ],
});

// ———————————————————————— 项目运营 ————————————————————————

export const OPS_PHASE_NAMES = {
  draft: '未发布',
  pending: '未开始',
  open: '申报中',
  closing: '即将截止',
  overdue: '已过截止时间',
  closed: '已截止',
} as const;
export type OpsPhase = keyof typeof OPS_PHASE_NAMES;

export const ZOpsProjectQuery = ZPageQuery.extend({
  phase: z.enum(['draft', 'pending', 'open', 'closing', 'overdue', 'closed'], { error: '申报阶段不存在' }).optional(),
  categoryId: ZOptionalId,
  levelId: ZOptionalId,
  yearId: ZOptionalId,
});
export type TOpsProjectQuery = z.infer<typeof ZOpsProjectQuery>;

export const ZOpsProject = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  phase: z.enum(['draft', 'pending', 'open', 'closing', 'overdue', 'closed']),
  phaseName: z.string(),
  creatorName: z.string(),
  openAt: z.string().nullable(),
  closeAt: z.string().nullable(),
  formPublished: z.boolean(),
  flowText: z.string(),
  /** An expert round scores (its declarations are listed at 申报列表（评分）, else （审批）). */
  scoring: z.boolean(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string(),
  levelId: z.number().int().nullable(),
  levelName: z.string(),
  yearId: z.number().int().nullable(),
  yearName: z.string(),
  /** Declarations by state: the ones waiting at each stage of the flow, in flow order. */
  stages: z.array(z.object({ name: z.string(), waiting: z.number().int() })),
  drafts: z.number().int(),
  submitted: z.number().int(),
  returned: z.number().int(),
  rejected: z.number().int(),
  approved: z.number().int(),
  notApproved: z.number().int(),
  createdAt: z.string(),
});
export type TOpsProject = z.infer<typeof ZOpsProject>;

export const ZDeadlineInput = z.object({
  closeAt: z.iso.datetime({ offset: true, error: '请选择新的截止时间' }),
});
export type TDeadlineInput = z.infer<typeof ZDeadlineInput>;

// ———————————————————————— 项目表单 ————————————————————————

export const ZProjectFormQuery = ZPageQuery.extend({
  usage: z.enum(['used', 'unused'], { error: '使用情况不存在' }).optional(),
  mine: z.enum(['0', '1']).optional(),
});
export type TProjectFormQuery = z.infer<typeof ZProjectFormQuery>;

export const ZProjectFormRow = z.object({
  key: z.string(),
  name: z.string(),
  publishedVersion: z.number().int(),
  questionCount: z.number().int(),
  ownerName: z.string(),
  /** The caller owns it (only the owner opens a form in the designer). */
  mine: z.boolean(),
  projects: z.array(z.object({ id: z.number().int(), name: z.string(), isTemplate: z.boolean() })),
  updatedAt: z.string(),
});
export type TProjectFormRow = z.infer<typeof ZProjectFormRow>;

export const ZProjectFormCreate = z.object({ name: ZName('表单名称', 60) });
export const ZApplyFormInput = z.object({ projectId: ZRefId('项目或模板') });

// ———————————————————————— 评审设置 and 运营设置 ————————————————————————

/** 评审设置: what a new stage of the wizard starts with, and how the allocation matches domains. */
export const ZReviewDefaults = z.object({
  mode: z.enum(['score', 'approval'], { error: '评审方式只能是评分制或审批制' }).default('score'),
  reviewersPerDeclaration: z
    .number({ error: '请输入每份申报评审专家数' })
    .int()
    .min(1, '每份申报至少1位评审专家')
    .max(20, '每份申报最多20位评审专家')
    .default(3),
  maxPerExpert: z
    .number({ error: '请输入每位专家最多评审数' })
    .int()
    .min(1, '每位专家至少评审1份')
    .max(2000, '每位专家最多评审2000份')
    .default(30),
  blind: z.boolean().default(false),
  combine: z.enum(['mean', 'trimmed', 'normalised'], { error: '计分方式不存在' }).default('mean'),
  /** The scoring rule a new 评分制 round takes its items from. */
  scoreRuleId: z.number().int().positive('评分规则不存在').nullable().default(null),
  /** The grading scheme a new 评审结果 stage takes its grades from. */
  gradingSchemeId: z.number().int().positive('定级方案不存在').nullable().default(null),
  quotaPerUnit: z.number().int().min(0, '推荐名额不能为负').max(100000, '推荐名额最多100000').default(0),
  approvalLevels: z.number().int().min(1, '审批层级为1至3级').max(3, '审批层级为1至3级').default(1),
  /** Declarations without 申报领域 are matched with their project category's domains (专家分类). */
  categoryDomains: z.boolean().default(true),
});
export type TReviewDefaults = z.infer<typeof ZReviewDefaults>;

/** 运营设置: what a new project's 申报设置 starts with. */
export const ZDeclarationDefaults = z.object({
  identityCodes: z.array(z.number().int().min(1).max(999)).max(50, '申报身份最多50个').default([]),
  orgTypes: z.array(z.number().int().min(0).max(999)).max(50, '单位类型最多50个').default([]),
  membersOnly: z.boolean().default(false),
  perApplicantLimit: z.number().int().min(0, '限报数不能为负').max(1000, '每人限报数最多1000').default(1),
  perUnitLimit: z.number().int().min(0, '限报数不能为负').max(100000, '每单位限报数最多100000').default(0),
  /** 申报期: a new project's deadline is this many days away (0: none pre-filled). */
  durationDays: z.number().int().min(0, '申报期不能为负').max(365, '申报期最多365天').default(0),
});
export type TDeclarationDefaults = z.infer<typeof ZDeclarationDefaults>;

const ZOption = z.object({ id: z.number().int(), name: z.string() });

/** What the wizard offers from the libraries and pre-fills from the defaults (one call). */
export const ZWizardLibrary = z.object({
  flows: z.array(ZLibraryFlow.pick({ id: true, name: true, description: true, flow: true, isDefault: true })),
  scoreRules: z.array(ZScoreRule.pick({ id: true, name: true, items: true, fullMark: true })),
  gradingSchemes: z.array(
    ZGradingScheme.pick({ id: true, name: true, method: true, grades: true, publicityDays: true, gradeText: true }),
  ),
  review: ZReviewDefaults,
  declaration: ZDeclarationDefaults,
  /** The elements in order; a disabled one is shown on the projects that have it, offered to none. */
  elements: z.array(ZOption.extend({ type: ZElementType, enabled: z.boolean() })),
  orgCategories: z.array(ZOption.extend({ orgTypes: z.array(z.number().int()) })),
});
export type TWizardLibrary = z.infer<typeof ZWizardLibrary>;

export const ZReviewSettingsView = z.object({
  settings: ZReviewDefaults,
  scoreRules: z.array(ZOption),
  gradingSchemes: z.array(ZOption),
});

/** The project settings a new project starts with (运营设置; the deadline counted from `now`). */
export function defaultSettings(d: TDeclarationDefaults, now = new Date()): TProjectSettings {
  const close = d.durationDays > 0 ? new Date(now.getTime() + d.durationDays * 86_400_000) : null;
  return ZProjectSettings.parse({
    closeAt: close ? close.toISOString() : null,
    identityCodes: d.identityCodes,
    orgTypes: d.orgTypes,
    membersOnly: d.membersOnly,
    perApplicantLimit: d.perApplicantLimit,
    perUnitLimit: d.perUnitLimit,
  });
}

/**
 * A new stage with the tenant's defaults (评审设置): an expert round's experts, limits, blindness
 * and combining, the items of the default scoring rule; the decision's grades from the default
 * scheme; the unit quota; the approval levels. A stage kind the defaults do not touch is kept.
 */
export function withReviewDefaults(
  stage: TStage,
  lib: Pick<TWizardLibrary, 'review' | 'scoreRules' | 'gradingSchemes'>,
): TStage {
  const d = lib.review;
  switch (stage.kind) {
    case 'first_trial':
      return { ...stage, quotaPerUnit: d.quotaPerUnit };
    case 'approval':
      return { ...stage, levels: d.approvalLevels };
    case 'expert_review': {
      const rule = lib.scoreRules.find((r) => r.id === d.scoreRuleId);
      return {
        ...stage,
        mode: d.mode,
        reviewersPerDeclaration: d.reviewersPerDeclaration,
        maxPerExpert: d.maxPerExpert,
        blind: d.blind,
        combine: d.combine,
        items: d.mode === 'score' && rule ? rule.items.map((i) => ({ ...i })) : stage.items,
      };
    }
    case 'decision': {
      const scheme = lib.gradingSchemes.find((s) => s.id === d.gradingSchemeId);
      return scheme
        ? {
            ...stage,
            method: scheme.method,
            grades: scheme.grades.map((g) => ({ ...g })),
            publicityDays: scheme.publicityDays,
          }
        : stage;
    }
    default:
      return stage;
  }
}
