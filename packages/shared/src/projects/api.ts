import { z } from 'zod';
import { ZPage, ZPageQuery } from '../platform/list';
import { ZDeclarationStatus, ZFlow } from './flow';

/** Project (a call for declarations) statuses. */
export const ProjectStatus = { DRAFT: 0, OPEN: 1, CLOSED: 2 } as const;
export const PROJECT_STATUS_NAMES: Record<number, string> = { 0: '未发布', 1: '申报中', 2: '已截止' };

// ISO 8601 with an offset (the web sends toISOString()); no transform, as settings are answered too.
const optionalTime = z.iso.datetime({ offset: true, error: '时间格式不正确' }).nullable().default(null);

/** Who may declare and how much (the submission stage). */
export const ZProjectSettings = z
  .object({
    openAt: optionalTime,
    closeAt: optionalTime,
    /** Identity codes that may declare; empty is anyone with the 我的申报 page. */
    identityCodes: z.array(z.number().int().min(1).max(999)).max(50).default([]),
    /** Organisation types the applicant's unit must be; empty is any. */
    orgTypes: z.array(z.number().int().min(0).max(999)).max(50).default([]),
    /** Only members (a member identity in the tenant) may declare. */
    membersOnly: z.boolean().default(false),
    /** Declarations one person may submit to this project; 0 is no limit. */
    perApplicantLimit: z.number().int().min(0, '限报数不能为负').max(1000).default(1),
    /** Declarations one unit's people may submit; 0 is no limit. */
    perUnitLimit: z.number().int().min(0, '限报数不能为负').max(100000).default(0),
    /**
     * 申报领域 must be chosen before submitting (matches reviewers by domain). Optional: settings
     * saved before it existed read as valid (absent is false).
     */
    domainRequired: z.boolean().optional(),
  })
  .refine((s) => !s.openAt || !s.closeAt || s.openAt < s.closeAt, { message: '截止时间必须晚于开始时间' });
export type TProjectSettings = z.infer<typeof ZProjectSettings>;

export const ZProjectInput = z.object({
  name: z.string({ error: '请输入项目名称' }).trim().min(1, '请输入项目名称').max(60, '项目名称最多60个字'),
  description: z.string().max(20000, '项目简介过长').default(''),
  flow: ZFlow,
  settings: ZProjectSettings,
});
export type TProjectInput = z.infer<typeof ZProjectInput>;

/** A new project, optionally from a template (its flow, settings and a copy of its form). */
export const ZProjectCreate = ZProjectInput.extend({
  templateId: z.number().int().positive().nullish(),
});
export type TProjectCreate = z.infer<typeof ZProjectCreate>;

export const ZProject = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  flow: ZFlow,
  settings: ZProjectSettings,
  /** The declaration form (forms module): its key for the designer, and whether it is published. */
  formKey: z.string(),
  formPublished: z.boolean(),
  isTemplate: z.boolean(),
  declarationCount: z.number().int(),
  submittedCount: z.number().int(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type TProject = z.infer<typeof ZProject>;

export const ZProjectQuery = ZPageQuery.extend({
  status: z.coerce.number().int().min(0).max(2).optional(),
  template: z
    .enum(['0', '1'])
    .optional()
    .transform((v) => v === '1'),
});

/** A project an applicant may declare to. */
export const ZOpenProject = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  openAt: z.string().nullable(),
  closeAt: z.string().nullable(),
  formKey: z.string(),
  /** Why the caller may not declare (limit reached, not eligible), or null. */
  blocked: z.string().nullable(),
  needsUnit: z.boolean(),
  mine: z.number().int(),
});
export type TOpenProject = z.infer<typeof ZOpenProject>;

/** What an applicant saves: the title, the recommending unit and the form's values. */
export const ZDeclarationInput = z.object({
  title: z.string({ error: '请输入申报名称' }).trim().min(1, '请输入申报名称').max(100, '申报名称最多100个字'),
  unitId: z.number().int().positive('推荐单位不存在').nullish(),
  data: z.record(z.string(), z.unknown()).default({}),
  /** 申报领域: domains of the expert library, matched with the reviewers' (absent: kept). */
  domainIds: z.array(z.number().int().positive('申报领域不存在')).max(3, '申报领域最多选择3个').optional(),
});
export type TDeclarationInput = z.infer<typeof ZDeclarationInput>;

export const ZDeclaration = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  title: z.string(),
  applicantName: z.string(),
  unitId: z.number().int().nullable(),
  unitName: z.string(),
  status: ZDeclarationStatus,
  stage: z.number().int(),
  level: z.number().int(),
  statusText: z.string(),
  version: z.number().int(),
  score: z.number().nullable(),
  rank: z.number().int().nullable(),
  grade: z.string().nullable(),
  result: z.string().nullable(),
  reviewCount: z.number().int(),
  submittedAt: z.string().nullable(),
  publicityEndsAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TDeclaration = z.infer<typeof ZDeclaration>;

export const ZTransition = z.object({
  id: z.number().int(),
  action: z.string(),
  actionName: z.string(),
  fromText: z.string(),
  toText: z.string(),
  actorName: z.string(),
  remark: z.string(),
  at: z.string(),
});
export type TTransition = z.infer<typeof ZTransition>;

export const ZDeclarationDetail = ZDeclaration.extend({
  data: z.record(z.string(), z.unknown()),
  formKey: z.string(),
  formVersion: z.number().int(),
  flow: ZFlow,
  domainIds: z.array(z.number().int()),
  /** 多轮评审: each expert round's figure, by stage index (score is their combination). */
  roundScores: z.record(z.string(), z.number()),
  timeline: z.array(ZTransition),
  versions: z.array(z.object({ version: z.number().int(), submittedAt: z.string() })),
});
export type TDeclarationDetail = z.infer<typeof ZDeclarationDetail>;

export const ZDeclarationQuery = ZPageQuery.extend({
  status: ZDeclarationStatus.optional(),
  stage: z.coerce.number().int().min(-1).max(20).optional(),
  unitId: z.coerce.number().int().positive().optional(),
});

/** An action on a declaration by whoever holds its stage (unit, operators, approvers). */
export const ZActInput = z
  .object({
    action: z.enum(['pass', 'return', 'reject'], { error: '审核操作不存在' }),
    remark: z.string().trim().max(500, '意见最多500个字').default(''),
  })
  .refine((v) => v.action === 'pass' || v.remark.length > 0, { message: '退回或不通过时请填写意见', path: ['remark'] });
export type TActInput = z.infer<typeof ZActInput>;

/** One reviewer's assignment as the reviewer sees it. */
export const ZAssignment = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  declarationId: z.number().int(),
  title: z.string(),
  stage: z.number().int(),
  stageName: z.string(),
  mode: z.enum(['score', 'approval']),
  status: z.number().int(),
  total: z.number().nullable(),
  opinion: z.enum(['agree', 'disagree']).nullable(),
  submittedAt: z.string().nullable(),
  assignedAt: z.string(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

export const AssignmentStatus = { ASSIGNED: 0, SUBMITTED: 1 } as const;

export const ZReviewInput = z.object({
  scores: z.record(z.string(), z.number({ error: '分数必须是数字' })).default({}),
  opinion: z.enum(['agree', 'disagree'], { error: '请选择同意或不同意' }).nullish(),
  comment: z.string().trim().max(2000, '评审意见最多2000个字').default(''),
});
export type TReviewInput = z.infer<typeof ZReviewInput>;

/** Allocation: an expert of the pool with the load in the round. */
export const ZPoolExpert = z.object({
  userId: z.number().int(),
  name: z.string(),
  unitId: z.number().int().nullable(),
  unitName: z.string(),
  load: z.number().int(),
});

export const ZAllocationView = z.object({
  stage: z.number().int(),
  k: z.number().int(),
  maxPerExpert: z.number().int(),
  declarations: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      unitName: z.string(),
      experts: z.array(
        z.object({
          assignmentId: z.number().int(),
          userId: z.number().int(),
          name: z.string(),
          submitted: z.boolean(),
        }),
      ),
    }),
  ),
  experts: z.array(ZPoolExpert),
});
export type TAllocationView = z.infer<typeof ZAllocationView>;

/** 分组评审: a review group of a project — its experts; declarations are put in it. */
export const ZReviewGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  expertUserIds: z.array(z.number().int()),
  expertNames: z.array(z.string()),
  declarationCount: z.number().int(),
});
export type TReviewGroup = z.infer<typeof ZReviewGroup>;

export const ZReviewGroupInput = z.object({
  name: z.string({ error: '请输入分组名称' }).trim().min(1, '请输入分组名称').max(30, '分组名称最多30个字'),
  expertUserIds: z
    .array(z.number().int().positive('专家不存在'), { error: '请选择专家' })
    .max(200, '每组最多200位专家')
    .default([]),
});
export type TReviewGroupInput = z.infer<typeof ZReviewGroupInput>;

/** Puts declarations in a group, or out of any (groupId null). */
export const ZGroupMembersInput = z.object({
  declarationIds: z
    .array(z.number().int().positive('申报不存在'), { error: '请选择申报' })
    .min(1, '请选择申报')
    .max(1000, '一次最多1000项'),
  groupId: z.number().int().positive('分组不存在').nullable(),
});
export type TGroupMembersInput = z.infer<typeof ZGroupMembersInput>;

export const ZGroupsView = z.object({
  groups: z.array(ZReviewGroup),
  /** The project's submitted declarations with their group. */
  declarations: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      unitName: z.string(),
      statusText: z.string(),
      groupId: z.number().int().nullable(),
    }),
  ),
  /** Who may be put in a group: the reviewer pool. */
  experts: z.array(ZPoolExpert),
  /** Whether an expert round of the flow reviews by group. */
  grouped: z.boolean(),
});
export type TGroupsView = z.infer<typeof ZGroupsView>;

export const ZAutoAllocationResult = z.object({
  assigned: z.number().int(),
  uncovered: z.array(
    z.object({ declarationId: z.number().int(), title: z.string(), missing: z.number().int(), reason: z.string() }),
  ),
});

/** The grading preview: each declaration of the decision stage with its figure and proposed grade. */
export const ZGradingRow = z.object({
  declarationId: z.number().int(),
  title: z.string(),
  unitName: z.string(),
  reviews: z.number().int(),
  score: z.number(),
  /** 多轮评审: each expert round's figure, by stage index. */
  roundScores: z.record(z.string(), z.number()),
  rank: z.number().int(),
  grade: z.string().nullable(),
});
export type TGradingRow = z.infer<typeof ZGradingRow>;

/** 定级预览's query: a page of the ranking, searched by the declaration's name or unit. */
export const ZGradingQuery = ZPageQuery;

/**
 * 定级预览: the figures of the whole ranking (every declaration at the decision stage is ranked and
 * graded on the server) and one page of it. `bands` is the score distribution in ten bands of
 * `bandWidth`, each band's count per grade (null: 未定级).
 */
export const ZGradingPreview = z.object({
  waiting: z.number().int(),
  graded: z.number().int(),
  counts: z.array(z.object({ grade: z.string().nullable(), n: z.number().int() })),
  bandWidth: z.number(),
  bands: z.array(z.object({ band: z.number().int(), grade: z.string().nullable(), n: z.number().int() })),
  page: ZPage(ZGradingRow),
});
export type TGradingPreview = z.infer<typeof ZGradingPreview>;

/** 项目统计: one project's figures (every chart of the page comes from here). */
export const ZProjectStatistics = z.object({
  total: z.number().int(),
  submitted: z.number().int(),
  /** By state as users read it (statusText), in flow order. */
  byStatus: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** Submissions per day (Beijing time), oldest first. */
  daily: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** The ten units with most submitted declarations. */
  byUnit: z.array(z.object({ unitName: z.string(), count: z.number().int() })),
  /** Combined scores in ten bands of the scale (score rounds only). */
  scoreBands: z.array(z.object({ band: z.string(), count: z.number().int() })),
  byGrade: z.array(z.object({ grade: z.string(), count: z.number().int() })),
  reviews: z.object({ assigned: z.number().int(), submitted: z.number().int() }),
});
export type TProjectStatistics = z.infer<typeof ZProjectStatistics>;

/** One row of the score sheet (评分列表) or the approval sheet (审批列表). */
export const ZReviewSheetRow = z.object({
  id: z.number().int(),
  declarationId: z.number().int(),
  title: z.string(),
  unitName: z.string(),
  stageName: z.string(),
  expertName: z.string(),
  status: z.number().int(),
  scores: z.record(z.string(), z.number()).nullable(),
  total: z.number().nullable(),
  opinion: z.string().nullable(),
  comment: z.string(),
  submittedAt: z.string().nullable(),
});
export type TReviewSheetRow = z.infer<typeof ZReviewSheetRow>;

export const ZSheetQuery = ZPageQuery.extend({
  projectId: z.coerce.number({ error: '请选择项目' }).int().positive('请选择项目'),
  stage: z.coerce.number().int().min(0).max(20).optional(),
  submitted: z.enum(['0', '1']).optional(),
});
export type TSheetQuery = z.infer<typeof ZSheetQuery>;

/** 初审单位: a unit's declarations in a project and its quota use. */
export const ZTrialUnitRow = z.object({
  unitId: z.number().int(),
  unitName: z.string(),
  declarations: z.number().int(),
  pending: z.number().int(),
  passed: z.number().int(),
  returned: z.number().int(),
  rejected: z.number().int(),
  quota: z.number().int(),
});
export type TTrialUnitRow = z.infer<typeof ZTrialUnitRow>;

/** 评审专家: an expert's work in a project. */
export const ZReviewExpertRow = z.object({
  userId: z.number().int(),
  name: z.string(),
  unitName: z.string(),
  assigned: z.number().int(),
  submitted: z.number().int(),
  average: z.number().nullable(),
});
export type TReviewExpertRow = z.infer<typeof ZReviewExpertRow>;

export const ZCumulativeQuery = ZPageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  status: ZDeclarationStatus.optional(),
});
