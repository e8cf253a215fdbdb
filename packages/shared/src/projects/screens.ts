import { z } from 'zod';
import { ZPageQuery } from '../platform/list';
import { ZDeclarationStatus } from './flow';

/**
 * Contracts of the remaining screens of 项目申报与评审 (modules/projects README, "Screens"): the
 * public calls (/login-declare), allocation by declaration (/declarationDistribution), a unit's
 * first-trial details, the recommendation report, the project report and the reviewer's lists.
 */

// ---- 公开申报 (/login-declare, /login-declare-detail): no login ----

export const PUBLIC_PROJECT_STATES = { open: '申报中', upcoming: '即将开始', closed: '已截止' } as const;
export type TPublicProjectState = keyof typeof PUBLIC_PROJECT_STATES;

export const ZPublicProjectQuery = ZPageQuery.extend({
  state: z.enum(['open', 'upcoming', 'closed'], { error: '申报状态不存在' }).optional(),
});

/** A published call as a visitor sees it. */
export const ZPublicProject = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The introduction as plain text, cut to a few lines. */
  summary: z.string(),
  openAt: z.string().nullable(),
  closeAt: z.string().nullable(),
  state: z.enum(['open', 'upcoming', 'closed']),
  stateText: z.string(),
  needsUnit: z.boolean(),
  /** The review flow's stage names, in order. */
  stages: z.array(z.string()),
});
export type TPublicProject = z.infer<typeof ZPublicProject>;

export const ZPublicProjectDetail = ZPublicProject.extend({
  /** The introduction (rich text, sanitised when it was saved). */
  description: z.string(),
  publishedAt: z.string().nullable(),
  /** Who may declare: identity names; empty is anyone with 我的申报. */
  identityNames: z.array(z.string()),
  membersOnly: z.boolean(),
  perApplicantLimit: z.number().int(),
  perUnitLimit: z.number().int(),
  domainRequired: z.boolean(),
  /** The declaration form's questions (what to prepare). */
  questions: z.array(z.object({ label: z.string(), required: z.boolean() })),
});
export type TPublicProjectDetail = z.infer<typeof ZPublicProjectDetail>;

// ---- 申报分配 (/declarationDistribution) ----

const ZAssigned = z.object({
  assignmentId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  submitted: z.boolean(),
});

/** A declaration of an expert round with its reviewers (the list of the screen). */
export const ZDistributionRow = z.object({
  id: z.number().int(),
  title: z.string(),
  applicantName: z.string(),
  unitName: z.string(),
  groupName: z.string(),
  experts: z.array(ZAssigned),
  k: z.number().int(),
});
export type TDistributionRow = z.infer<typeof ZDistributionRow>;

export const ZDistributionQuery = ZPageQuery.extend({
  /** Only declarations with fewer reviewers than the round needs. */
  short: z.enum(['0', '1']).optional(),
});

/** One declaration's reviewers in a round and everyone who could be one, with why not. */
export const ZDistributionView = z.object({
  declaration: z.object({
    id: z.number().int(),
    projectId: z.number().int(),
    projectName: z.string(),
    title: z.string(),
    applicantName: z.string(),
    unitName: z.string(),
    groupName: z.string(),
    statusText: z.string(),
    domainIds: z.array(z.number().int()),
  }),
  rounds: z.array(z.object({ index: z.number().int(), name: z.string(), mode: z.enum(['score', 'approval']) })),
  stage: z.number().int(),
  /** Whether the declaration is in this round now (reviewers can be changed only then). */
  open: z.boolean(),
  k: z.number().int(),
  maxPerExpert: z.number().int(),
  excludeEarlierExperts: z.boolean(),
  assigned: z.array(ZAssigned.extend({ unitName: z.string() })),
  candidates: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      unitName: z.string(),
      load: z.number().int(),
      domainMatch: z.boolean(),
      /** Why the expert cannot review this declaration in this round, or null. */
      blocked: z.string().nullable(),
    }),
  ),
});
export type TDistributionView = z.infer<typeof ZDistributionView>;

export const ZDistributionAssign = z.object({
  stage: z.number({ error: '请选择评审轮次' }).int().min(0, '环节不存在').max(20, '环节不存在'),
  expertUserId: z.number({ error: '请选择专家' }).int().positive('专家不存在'),
});

// ---- 初审单位详情 (/trialUnitDetails, /jsTrialUnitDetails) ----

export const ZUnitDetailsQuery = ZPageQuery.extend({
  projectId: z.coerce.number({ error: '请选择项目' }).int().positive('请选择项目'),
  unitId: z.coerce.number({ error: '请选择单位' }).int().positive('请选择单位').optional(),
  status: ZDeclarationStatus.optional(),
});
export type TUnitDetailsQuery = z.infer<typeof ZUnitDetailsQuery>;

/** A declaration of the unit and the unit's last first-trial decision on it. */
export const ZUnitDeclarationRow = z.object({
  id: z.number().int(),
  title: z.string(),
  applicantName: z.string(),
  status: ZDeclarationStatus,
  statusText: z.string(),
  submittedAt: z.string().nullable(),
  trialAction: z.string().nullable(),
  trialActionName: z.string(),
  trialRemark: z.string(),
  trialActor: z.string(),
  trialAt: z.string().nullable(),
});
export type TUnitDeclarationRow = z.infer<typeof ZUnitDeclarationRow>;

export const ZUnitSummary = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  unitId: z.number().int(),
  unitName: z.string(),
  stageName: z.string(),
  quota: z.number().int(),
  declarations: z.number().int(),
  pending: z.number().int(),
  passed: z.number().int(),
  returned: z.number().int(),
  rejected: z.number().int(),
});
export type TUnitSummary = z.infer<typeof ZUnitSummary>;

// ---- 推荐报告 (/recommendReport, /ini-rec-report-w) ----

export const ZRecommendReport = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  unitId: z.number().int(),
  unitName: z.string(),
  stageName: z.string(),
  quota: z.number().int(),
  /** Who recommended for the unit (its first-trial accounts that passed one). */
  recommenders: z.array(z.string()),
  rows: z.array(
    z.object({
      order: z.number().int(),
      declarationId: z.number().int(),
      title: z.string(),
      applicantName: z.string(),
      statusText: z.string(),
      submittedAt: z.string().nullable(),
      recommendedAt: z.string(),
      remark: z.string(),
    }),
  ),
  /** The unit's other declarations of the project: still waiting, returned, not recommended. */
  pending: z.number().int(),
  returned: z.number().int(),
  rejected: z.number().int(),
  generatedAt: z.string(),
});
export type TRecommendReport = z.infer<typeof ZRecommendReport>;

export const ZReportQuery = z.object({
  projectId: z.coerce.number({ error: '请选择项目' }).int().positive('请选择项目'),
});

// ---- 项目评审报告 (/related-report) ----

export const ZProjectReport = z.object({
  projectId: z.number().int(),
  name: z.string(),
  statusName: z.string(),
  publishedAt: z.string().nullable(),
  openAt: z.string().nullable(),
  closeAt: z.string().nullable(),
  total: z.number().int(),
  submitted: z.number().int(),
  units: z.number().int(),
  /** Each stage: declarations that reached it and what became of them there. */
  stages: z.array(
    z.object({
      index: z.number().int(),
      name: z.string(),
      kind: z.string(),
      reached: z.number().int(),
      passed: z.number().int(),
      returned: z.number().int(),
      rejected: z.number().int(),
      waiting: z.number().int(),
    }),
  ),
  rounds: z.array(
    z.object({
      index: z.number().int(),
      name: z.string(),
      mode: z.enum(['score', 'approval']),
      experts: z.number().int(),
      assigned: z.number().int(),
      submitted: z.number().int(),
      weight: z.number(),
    }),
  ),
  results: z.array(
    z.object({
      declarationId: z.number().int(),
      rank: z.number().int().nullable(),
      title: z.string(),
      applicantName: z.string(),
      unitName: z.string(),
      score: z.number().nullable(),
      grade: z.string().nullable(),
      result: z.string().nullable(),
      roundScores: z.record(z.string(), z.number()),
    }),
  ),
  generatedAt: z.string(),
});
export type TProjectReport = z.infer<typeof ZProjectReport>;

// ---- 评审人: /reviewList (every review) and /expertEvaluateList (by project round) ----

export const ZMyReviewsQuery = ZPageQuery.extend({
  status: z.enum(['0', '1'], { error: '评审状态不存在' }).optional(),
  projectId: z.coerce.number().int().positive().optional(),
  mode: z.enum(['score', 'approval'], { error: '评审方式不存在' }).optional(),
});
export type TMyReviewsQuery = z.infer<typeof ZMyReviewsQuery>;

/** The caller's work in one expert round of one project. */
export const ZMyRound = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  stage: z.number().int(),
  stageName: z.string(),
  mode: z.enum(['score', 'approval']),
  assigned: z.number().int(),
  submitted: z.number().int(),
  /** The mean of the caller's submitted totals (score rounds) or the share they agreed (approval). */
  average: z.number().nullable(),
  firstAssignedAt: z.string(),
});
export type TMyRound = z.infer<typeof ZMyRound>;
