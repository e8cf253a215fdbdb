import { z } from 'zod';

/**
 * The review-flow engine's model (modules/projects README: the status model). A project's flow is
 * data: an ordered list of stages after the applicant's submission. A declaration is always in
 * one state: a status, the stage it is at (an index into the flow) and, in an approval chain, the
 * level it has reached. `transition` is the only place that says which action moves a state
 * where; the server checks who may act (identity, unit, assignment) and then applies it.
 */

// No transforms here: the flow is also a response schema (answers are encoded through it).
const name = (fallback: string) =>
  z.string().trim().min(1, '请输入环节名称').max(20, '环节名称最多20个字').default(fallback);

/** A scoring item (评分制): its maximum and its weight in the total. */
export const ZScoreItem = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,29}$/, '评分项编码只能由小写字母、数字和下划线组成'),
  name: z.string().trim().min(1, '请输入评分项名称').max(30, '评分项名称最多30个字'),
  max: z.number({ error: '请输入满分' }).positive('满分必须大于0').max(1000, '满分最多1000'),
  weight: z.number({ error: '请输入权重' }).positive('权重必须大于0').max(100, '权重最多100').default(1),
});
export type TScoreItem = z.infer<typeof ZScoreItem>;

/** A grade of the decision: by a minimum score (threshold) or by a share of the ranking (quota). */
export const ZGrade = z.object({
  name: z.string().trim().min(1, '请输入等级名称').max(20, '等级名称最多20个字'),
  /** threshold: the lowest combined score (or agree ratio × 100 in approval mode) of this grade. */
  min: z.number().min(0, '分数线不能为负').optional(),
  /** quota: the share of ranked declarations (percent) this grade takes, after the grades above. */
  percent: z.number().positive('比例必须大于0').max(100, '比例最多100').optional(),
});
export type TGrade = z.infer<typeof ZGrade>;

export const ZStage = z.discriminatedUnion('kind', [
  /** Unit recommendation / first trial (初审单位, identity 5 of the applicant's unit). */
  z.object({
    kind: z.literal('first_trial'),
    name: name('单位推荐'),
    /** How many declarations one unit may recommend (pass); 0 is no limit. */
    quotaPerUnit: z.number().int().min(0, '推荐名额不能为负').max(100000).default(0),
  }),
  /** Formal review by the operators (形式审查). */
  z.object({ kind: z.literal('formal_review'), name: name('形式审查') }),
  /** Expert review, one round per stage: scoring (评分制) or approval (审批制). */
  z.object({
    kind: z.literal('expert_review'),
    name: name('专家评审'),
    mode: z.enum(['score', 'approval'], { error: '评审方式只能是评分制或审批制' }),
    /** Reviewers each declaration gets (k). */
    reviewersPerDeclaration: z
      .number()
      .int()
      .min(1, '每份申报至少1位评审专家')
      .max(20, '每份申报最多20位评审专家')
      .default(3),
    /** Declarations one expert reviews at most in this round (L). */
    maxPerExpert: z.number().int().min(1, '每位专家至少评审1份').max(2000, '每位专家最多评审2000份').default(30),
    /** The applicant's personal questions are hidden from reviewers. */
    blind: z.boolean().default(false),
    /** Declarations and experts are allocated within groups (分组评审). */
    grouped: z.boolean().default(false),
    /** How the reviewers' totals combine (score mode). */
    combine: z.enum(['mean', 'trimmed', 'normalised'], { error: '计分方式不存在' }).default('mean'),
    items: z.array(ZScoreItem).max(30, '评分项最多30个').default([]),
    /**
     * 多轮评审: no expert reviews a declaration they reviewed in an earlier round (a 复评 by other
     * experts than the 初评); off (or absent, in flows saved before it existed), the same experts
     * may come again. Optional rather than defaulted: stored flows without it still read as valid.
     */
    excludeEarlierExperts: z.boolean().optional(),
    /** The round's weight in the combined result of several rounds (combineRounds); absent is 1, 0 leaves it out. */
    resultWeight: z
      .number({ error: '请输入成绩权重' })
      .min(0, '成绩权重不能为负')
      .max(100, '成绩权重最多100')
      .optional(),
  }),
  /** An approval chain of one to three levels with no experts (印章使用、换届、年检…). */
  z.object({
    kind: z.literal('approval'),
    name: name('审批'),
    levels: z.number().int().min(1, '审批层级为1至3级').max(3, '审批层级为1至3级').default(1),
  }),
  /** Final decision and grading (定级), publicity (公示) and the result. */
  z.object({
    kind: z.literal('decision'),
    name: name('评审结果'),
    method: z.enum(['threshold', 'quota'], { error: '定级方式只能是按分数线或按比例' }).default('threshold'),
    grades: z.array(ZGrade).min(1, '请至少设置一个等级').max(10, '等级最多10个'),
    publicityDays: z.number().int().min(0, '公示天数不能为负').max(60, '公示最多60天').default(0),
  }),
]);
export type TStage = z.infer<typeof ZStage>;
export type StageKind = TStage['kind'];

export const STAGE_KIND_NAMES: Record<StageKind, string> = {
  first_trial: '单位推荐',
  formal_review: '形式审查',
  expert_review: '专家评审',
  approval: '审批',
  decision: '评审结果',
};

/** A flow: its stages in order, checked as a whole. */
export const ZFlow = z
  .array(ZStage)
  .min(1, '请至少设置一个评审环节')
  .max(10, '评审环节最多10个')
  .superRefine((stages, ctx) => {
    const decisions = stages.filter((s) => s.kind === 'decision').length;
    if (decisions > 1) ctx.addIssue({ code: 'custom', message: '评审结果环节只能有一个' });
    if (decisions === 1 && stages.at(-1)?.kind !== 'decision')
      ctx.addIssue({ code: 'custom', message: '评审结果环节必须是最后一个环节' });
    const decision = stages.find((s) => s.kind === 'decision');
    if (decision && !stages.some((s) => s.kind === 'expert_review'))
      ctx.addIssue({ code: 'custom', message: '定级需要专家评审环节在前' });
    const rounds = stages.filter((s) => s.kind === 'expert_review');
    if (decision && rounds.length > 1 && rounds.every((s) => (s.resultWeight ?? 1) === 0))
      ctx.addIssue({ code: 'custom', message: '各专家评审环节的成绩权重不能都为0' });
    stages.forEach((s, i) => {
      if (
        s.kind === 'expert_review' &&
        s.excludeEarlierExperts &&
        !stages.slice(0, i).some((x) => x.kind === 'expert_review')
      )
        ctx.addIssue({
          code: 'custom',
          message: `第${i + 1}个环节（${s.name}）之前没有专家评审环节，不能设置避开前轮专家`,
          path: [i],
        });
      if (s.kind === 'expert_review' && s.mode === 'score' && s.items.length === 0)
        ctx.addIssue({ code: 'custom', message: `第${i + 1}个环节（${s.name}）是评分制，请设置评分项`, path: [i] });
      if (s.kind === 'expert_review') {
        const keys = new Set(s.items.map((it) => it.key));
        if (keys.size !== s.items.length)
          ctx.addIssue({ code: 'custom', message: `第${i + 1}个环节的评分项编码重复`, path: [i] });
      }
      if (s.kind === 'decision') {
        if (s.method === 'quota' && s.grades.some((g) => g.percent === undefined))
          ctx.addIssue({ code: 'custom', message: '按比例定级时，每个等级都要填写比例', path: [i] });
        if (s.method === 'quota' && s.grades.reduce((a, g) => a + (g.percent ?? 0), 0) > 100)
          ctx.addIssue({ code: 'custom', message: '各等级比例之和不能超过100%', path: [i] });
        if (s.method === 'threshold' && s.grades.some((g) => g.min === undefined))
          ctx.addIssue({ code: 'custom', message: '按分数线定级时，每个等级都要填写分数线', path: [i] });
      }
    });
  });
export type TFlow = z.infer<typeof ZFlow>;

/** The statuses a declaration has (stored as these codes). */
export const DeclarationStatus = {
  DRAFT: 'draft',
  IN_REVIEW: 'in_review',
  RETURNED: 'returned',
  REJECTED: 'rejected',
  WITHDRAWN: 'withdrawn',
  DECIDED: 'decided',
} as const;
export type TDeclarationStatus = (typeof DeclarationStatus)[keyof typeof DeclarationStatus];
export const ZDeclarationStatus = z.enum(['draft', 'in_review', 'returned', 'rejected', 'withdrawn', 'decided']);

export interface FlowState {
  status: TDeclarationStatus;
  /** The stage the declaration is at (or was returned from); -1 before its first submission. */
  stage: number;
  /** The level reached within an approval chain (0 = first level). */
  level: number;
}

/** What someone does to a declaration. */
export const FLOW_ACTIONS = {
  submit: '提交',
  withdraw: '撤回',
  pass: '通过',
  return: '退回修改',
  reject: '不通过',
  advance: '完成评审',
  decide: '发布结果',
  reopen: '重新打开',
} as const;
export type FlowAction = keyof typeof FLOW_ACTIONS;

export type TransitionResult = { ok: true; state: FlowState; done?: boolean } | { ok: false; message: string };

const refuse = (message: string): TransitionResult => ({ ok: false, message });

/** The state after the stage at `stage` is passed: the next stage, or the end of the flow. */
function after(flow: TFlow, stage: number): { state: FlowState; done: boolean } {
  if (stage + 1 < flow.length) return { state: { status: 'in_review', stage: stage + 1, level: 0 }, done: false };
  return { state: { status: 'decided', stage, level: 0 }, done: true };
}

/**
 * The state an action moves a declaration to, or the Chinese reason it may not. `done` marks that
 * the flow ended with the declaration accepted (a flow without a decision stage, passed to the
 * end); the decision stage sets its own result.
 */
export function transition(flow: TFlow, state: FlowState, action: FlowAction): TransitionResult {
  const stage = state.stage >= 0 ? flow[state.stage] : undefined;
  switch (action) {
    case 'submit': {
      if (state.status === 'draft' || state.status === 'withdrawn')
        return { ok: true, state: { status: 'in_review', stage: 0, level: 0 } };
      // A returned declaration goes back to the stage that returned it.
      if (state.status === 'returned')
        return { ok: true, state: { status: 'in_review', stage: state.stage, level: 0 } };
      return refuse('申报已提交，不能重复提交');
    }
    case 'withdraw': {
      if (state.status !== 'in_review') return refuse('当前状态不能撤回');
      if (state.stage !== 0 || state.level !== 0) return refuse('申报已进入审核，不能撤回');
      if (stage?.kind === 'expert_review' || stage?.kind === 'decision') return refuse('申报已进入评审，不能撤回');
      return { ok: true, state: { status: 'withdrawn', stage: -1, level: 0 } };
    }
    case 'pass': {
      if (state.status !== 'in_review' || !stage) return refuse('当前状态不能审核');
      if (stage.kind === 'approval' && state.level + 1 < stage.levels)
        return { ok: true, state: { ...state, level: state.level + 1 } };
      if (stage.kind === 'expert_review' || stage.kind === 'decision') return refuse('当前环节不能直接通过');
      return { ok: true, ...after(flow, state.stage) };
    }
    case 'return':
    case 'reject': {
      if (state.status !== 'in_review' || !stage) return refuse('当前状态不能审核');
      if (stage.kind === 'expert_review' || stage.kind === 'decision')
        return refuse(action === 'return' ? '评审中的申报不能退回' : '评审中的申报请在定级时处理');
      return {
        ok: true,
        state: { status: action === 'return' ? 'returned' : 'rejected', stage: state.stage, level: 0 },
      };
    }
    case 'advance': {
      if (state.status !== 'in_review' || stage?.kind !== 'expert_review') return refuse('申报不在专家评审环节');
      return { ok: true, ...after(flow, state.stage) };
    }
    case 'decide': {
      if (state.status !== 'in_review' || stage?.kind !== 'decision') return refuse('申报不在评审结果环节');
      return { ok: true, state: { status: 'decided', stage: state.stage, level: 0 } };
    }
    case 'reopen':
      return refuse('当前状态不能重新打开');
  }
}

/** What a state reads as (lists, the timeline, the applicant's status page). */
export function statusText(
  flow: TFlow,
  state: FlowState,
  result?: { result: string | null; grade: string | null },
): string {
  switch (state.status) {
    case 'draft':
      return '草稿';
    case 'withdrawn':
      return '已撤回';
    case 'returned':
      return '已退回修改';
    case 'rejected':
      return '未通过';
    case 'decided':
      if (result?.result === 'not_approved') return '未立项';
      return result?.grade ? `已立项（${result.grade}）` : '已立项';
    case 'in_review': {
      const stage = flow[state.stage];
      if (!stage) return '审核中';
      if (stage.kind === 'approval')
        return stage.levels > 1 ? `待${stage.name}（第${state.level + 1}级）` : `待${stage.name}`;
      if (stage.kind === 'expert_review') return `${stage.name}中`;
      if (stage.kind === 'decision') return '待定级';
      return `待${stage.name}`;
    }
  }
}

/** The highest possible total of a scoring round (Σ max × weight). */
export function maxTotal(items: readonly TScoreItem[]): number {
  return items.reduce((sum, it) => sum + it.max * it.weight, 0);
}

/** The weighted total of one reviewer's item scores. */
export function weightedTotal(items: readonly TScoreItem[], scores: Record<string, number>): number {
  return Math.round(items.reduce((sum, it) => sum + (scores[it.key] ?? 0) * it.weight, 0) * 100) / 100;
}

/** A reviewer's scores' problem (missing item, out of bounds, more than one decimal), or null. */
export function scoreProblem(items: readonly TScoreItem[], scores: Record<string, unknown>): string | null {
  for (const it of items) {
    const v = scores[it.key];
    if (v === undefined || v === null || v === '') return `请为“${it.name}”打分`;
    if (typeof v !== 'number' || !Number.isFinite(v)) return `“${it.name}”的分数必须是数字`;
    if (v < 0 || v > it.max) return `“${it.name}”的分数应在0到${it.max}之间`;
    if (Math.round(v * 10) !== v * 10) return `“${it.name}”的分数最多保留1位小数`;
  }
  const extra = Object.keys(scores).find((k) => !items.some((it) => it.key === k));
  if (extra) return '评分项不存在';
  return null;
}

/**
 * Whether two flows say the same (a published project's flow may not change): compared with the
 * optional stage settings filled in and keys in one order, so a flow saved before a setting existed
 * equals the same flow sent back with the setting at its default.
 */
export function sameFlow(a: readonly TStage[], b: readonly TStage[]): boolean {
  const norm = (flow: readonly TStage[]) =>
    flow.map((s) =>
      s.kind === 'expert_review'
        ? { ...s, excludeEarlierExperts: s.excludeEarlierExperts ?? false, resultWeight: s.resultWeight ?? 1 }
        : s,
    );
  const stable = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(stable)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.keys(x)
              .sort()
              .map((k) => [k, stable((x as Record<string, unknown>)[k])]),
          )
        : x;
  return JSON.stringify(stable(norm(a))) === JSON.stringify(stable(norm(b)));
}
