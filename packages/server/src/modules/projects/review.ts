import { ResultCode, type TPage, type TPageQuery } from '@shetuan/shared';
import {
  AssignmentStatus,
  agreePercent,
  combineRounds,
  combineScores,
  grade,
  rank,
  scoreProblem,
  type TActInput,
  type TAllocationView,
  type TAssignment,
  type TDeclaration,
  type TDeclarationDetail,
  type TFlow,
  type TGradingPreview,
  type TReviewInput,
  type TStage,
  transition,
  weightedTotal,
} from '@shetuan/shared/projects';
import type { AuthContext } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { libraryProfiles } from '../experts';
import { personalFieldNames } from '../forms';
import { type AllocationConflict, solveAllocation } from './allocation';
import { declarationDetail } from './declare';
import { categoryDomainsOf } from './operations/service';
import * as repo from './repository';
import { REVIEWER_CODES, roundRules } from './rules';
import {
  actorOf,
  DECLARATION_NOT_FOUND,
  getProject,
  notify,
  notifyApplicant,
  PROJECT_NOT_FOUND,
  record,
  stateOf,
  toDeclaration,
} from './service';

/**
 * Everyone who acts on declarations after submission: the unit (first trial), the operators
 * (formal review, approval chains, closing expert rounds, grading), the administrators who
 * allocate reviewers, and the reviewers.
 */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

export { REVIEWER_CODES } from './rules';

type ExpertStage = Extract<TStage, { kind: 'expert_review' }>;
type DecisionStage = Extract<TStage, { kind: 'decision' }>;

function expertStage(flow: TFlow, stage: number): ExpertStage {
  const s = flow[stage];
  if (s?.kind !== 'expert_review') throw fail('该环节不是专家评审环节');
  return s;
}

// ---- First trial (初审单位) and the operators' stages ----

/** The caller's unit: the org of the identity they act as (初审单位). */
async function callerUnit(tx: Tx, auth: AuthContext): Promise<number> {
  const info = auth.identityId ? await repo.identityInfo(tx, auth.tenantId, auth.identityId) : undefined;
  if (!info?.orgId) throw fail('您的身份未关联单位，不能进行初审');
  return info.orgId;
}

/**
 * Passes, returns or rejects a declaration at its current stage. `as` says who acts: the unit at
 * a first-trial stage, the operators at a formal review or an approval level. A unit's pass
 * counts against its recommendation quota (checked under the project's row lock, so two
 * reviewers of one unit cannot exceed it together).
 */
export async function act(
  tx: Tx,
  auth: AuthContext,
  id: number,
  input: TActInput,
  as: 'unit' | 'operator',
): Promise<void> {
  const tenantId = auth.tenantId;
  const unitId = as === 'unit' ? await callerUnit(tx, auth) : null;
  const d = await repo.lockDeclaration(tx, tenantId, id);
  if (!d) throw fail(DECLARATION_NOT_FOUND);
  if (as === 'unit' && d.unitId !== unitId) throw fail(DECLARATION_NOT_FOUND);
  const p = await getProject(tx, tenantId, d.projectId);
  const stage = p.flow[d.stage];
  if (d.status === 'in_review' && stage) {
    if (as === 'unit' && stage.kind !== 'first_trial') throw fail('申报不在初审环节');
    if (as === 'operator' && stage.kind === 'first_trial') throw fail('申报在单位初审环节，由推荐单位审核');
  }
  const moved = transition(p.flow, stateOf(d), input.action);
  if (!moved.ok) throw fail(moved.message);
  if (as === 'unit' && input.action === 'pass' && stage?.kind === 'first_trial' && stage.quotaPerUnit > 0) {
    await repo.lockProject(tx, tenantId, p.id);
    const used = await repo.countUnitPasses(tx, tenantId, p.id, d.stage, unitId as number);
    if (used >= stage.quotaPerUnit) throw fail(`本单位推荐名额已用完（共${stage.quotaPerUnit}个）`);
  }
  const after = await repo.updateDeclaration(tx, tenantId, d.id, {
    ...moved.state,
    ...(moved.done ? { result: 'approved', decidedAt: new Date() } : {}),
  });
  await record(tx, tenantId, d, p.flow, input.action, stateOf(d), after, await actorOf(tx, auth, unitId), input.remark);
  const text =
    input.action === 'pass'
      ? moved.done
        ? '已通过审核'
        : `已通过“${stage?.name ?? ''}”`
      : input.action === 'return'
        ? '被退回修改，请修改后重新提交'
        : '未通过审核';
  await notifyApplicant(tx, tenantId, after, p.name, text, input.remark);
}

export async function trialDeclarations(
  tx: Tx,
  auth: AuthContext,
  q: { current: number; pageSize: number; keyword?: string; projectId?: number },
): Promise<TPage<TDeclaration & { quota: number; used: number }>> {
  const unitId = await callerUnit(tx, auth);
  const { rows, total } = await repo.listDeclarations(
    tx,
    auth.tenantId,
    { unitId, status: 'in_review', stageKind: 'first_trial', keyword: q.keyword, projectId: q.projectId },
    q,
  );
  const records = [];
  // The quota in use, once per project stage on the page (not once per declaration).
  const used = new Map<string, Promise<number>>();
  const usedAt = (projectId: number, stage: number) => {
    const key = `${projectId}:${stage}`;
    const known = used.get(key);
    if (known) return known;
    const n = repo.countUnitPasses(tx, auth.tenantId, projectId, stage, unitId);
    used.set(key, n);
    return n;
  };
  for (const r of rows) {
    const stage = r.projectFlow[r.stage];
    const quota = stage?.kind === 'first_trial' ? stage.quotaPerUnit : 0;
    records.push({
      ...toDeclaration(r, {
        projectName: r.projectName,
        flow: r.projectFlow,
        applicantName: r.applicantName,
        unitName: r.unitName,
      }),
      quota,
      used: quota > 0 ? await usedAt(r.projectId, r.stage) : 0,
    });
  }
  return { records, total, current: q.current, pageSize: q.pageSize };
}

export async function trialHandled(
  tx: Tx,
  auth: AuthContext,
  q: { current: number; pageSize: number; keyword?: string },
) {
  const unitId = await callerUnit(tx, auth);
  const { rows, total } = await repo.listUnitHandled(tx, auth.tenantId, unitId, q);
  return {
    records: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}

export async function trialDeclaration(tx: Tx, auth: AuthContext, id: number): Promise<TDeclarationDetail> {
  const unitId = await callerUnit(tx, auth);
  const d = await repo.findDeclaration(tx, auth.tenantId, id);
  if (!d || d.unitId !== unitId || d.status === 'draft') throw fail(DECLARATION_NOT_FOUND);
  return declarationDetail(tx, auth.tenantId, d, { showScore: d.status === 'decided' });
}

// ---- Operators: a project's declarations ----

export async function projectDeclarations(
  tx: Tx,
  tenantId: number,
  projectId: number,
  q: {
    current: number;
    pageSize: number;
    keyword?: string;
    status?: TDeclaration['status'];
    stage?: number;
    unitId?: number;
  },
): Promise<TPage<TDeclaration>> {
  await getProject(tx, tenantId, projectId);
  const { rows, total } = await repo.listDeclarations(
    tx,
    tenantId,
    {
      projectId,
      status: q.status,
      stage: q.stage,
      unitId: q.unitId,
      keyword: q.keyword,
      // Drafts are the applicant's own until submitted.
      statuses: q.status ? undefined : ['in_review', 'returned', 'rejected', 'withdrawn', 'decided'],
    },
    { ...q, order: 'recent' },
  );
  return {
    records: rows.map((r) =>
      toDeclaration(r, {
        projectName: r.projectName,
        flow: r.projectFlow,
        applicantName: r.applicantName,
        unitName: r.unitName,
      }),
    ),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}

export async function operatorDeclaration(tx: Tx, tenantId: number, id: number) {
  const d = await repo.findDeclaration(tx, tenantId, id);
  if (!d || d.status === 'draft') throw fail(DECLARATION_NOT_FOUND);
  const detail = await declarationDetail(tx, tenantId, d, { showScore: true });
  const reviews = (await repo.assignmentsOfDeclaration(tx, tenantId, d.id)).map(({ row, name }) => ({
    id: row.id,
    stage: row.stage,
    expertName: name,
    status: row.status,
    scores: row.scores,
    total: row.total,
    opinion: row.opinion,
    comment: row.comment,
    submittedAt: row.submittedAt?.toISOString() ?? null,
  }));
  return { ...detail, reviews };
}

/**
 * Closes an expert round for every declaration whose assigned reviews are all in (at least one):
 * their combined score is stored and they move to the next stage. The others wait.
 */
export async function advanceRound(
  tx: Tx,
  auth: AuthContext,
  projectId: number,
  stageIndex: number,
): Promise<{ advanced: number; waiting: number }> {
  const tenantId = auth.tenantId;
  const p = await repo.lockProject(tx, tenantId, projectId);
  if (!p) throw fail(PROJECT_NOT_FOUND);
  const stage = expertStage(p.flow, stageIndex);
  const declarations = await repo.declarationsAt(tx, tenantId, p.id, stageIndex);
  const assignments = await repo.assignmentsOfStage(tx, tenantId, p.id, stageIndex);
  const byDeclaration = new Map<number, repo.AssignmentRow[]>();
  for (const { row } of assignments)
    byDeclaration.set(row.declarationId, [...(byDeclaration.get(row.declarationId) ?? []), row]);
  const submitted = assignments.map((a) => a.row).filter((a) => a.status === AssignmentStatus.SUBMITTED);
  const scores = roundScores(stage, submitted);
  const actor = await actorOf(tx, auth);
  let advanced = 0;
  let waiting = 0;
  for (const d of declarations) {
    const list = byDeclaration.get(d.id) ?? [];
    if (list.length === 0 || list.some((a) => a.status !== AssignmentStatus.SUBMITTED)) {
      waiting++;
      continue;
    }
    const moved = transition(p.flow, stateOf(d), 'advance');
    if (!moved.ok) continue;
    // 多轮评审: the round's figure is kept beside the earlier rounds'; the score combines them.
    const figure = scores.get(d.id);
    const rounds = figure === undefined ? d.roundScores : { ...d.roundScores, [String(stageIndex)]: figure };
    const after = await repo.updateDeclaration(tx, tenantId, d.id, {
      ...moved.state,
      roundScores: rounds,
      score: combineRounds(p.flow, rounds),
      ...(moved.done ? { result: 'approved', decidedAt: new Date() } : {}),
    });
    await record(tx, tenantId, d, p.flow, 'advance', stateOf(d), after, actor);
    advanced++;
  }
  return { advanced, waiting };
}

/** A round's figure per declaration: the combined score (评分制) or the agree percentage (审批制). */
function roundScores(stage: ExpertStage, submitted: repo.AssignmentRow[]): Map<number, number> {
  if (stage.mode === 'score')
    return combineScores(
      submitted.map((a) => ({ declarationId: a.declarationId, expertId: a.expertUserId, total: a.total ?? 0 })),
      stage.combine,
    );
  const counts = new Map<number, { agree: number; total: number }>();
  for (const a of submitted) {
    const c = counts.get(a.declarationId) ?? { agree: 0, total: 0 };
    c.total++;
    if (a.opinion === 'agree') c.agree++;
    counts.set(a.declarationId, c);
  }
  return new Map([...counts].map(([id, c]) => [id, agreePercent(c.agree, c.total)]));
}

function decisionStage(flow: TFlow): { index: number; stage: DecisionStage } {
  const index = flow.findIndex((s) => s.kind === 'decision');
  const stage = flow[index];
  if (stage?.kind !== 'decision') throw fail('该项目的评审流程没有评审结果环节');
  return { index, stage };
}

/** Every declaration at the decision stage ranked by its figure, with the grade each would get. */
async function ranking(tx: Tx, tenantId: number, p: { id: number; flow: TFlow }) {
  const { index, stage } = decisionStage(p.flow);
  const scores = await repo.rankingAt(tx, tenantId, p.id, index);
  const ranked = rank(new Map(scores.map((d) => [d.id, d.score ?? 0])));
  return { index, stage, ranked, grades: grade(ranked, stage.method, stage.grades) };
}

/**
 * 定级预览: the whole ranking's figures (how many each grade would get, the score distribution in
 * ten bands per grade) and one page of it, searched by name or unit. Only the page's declarations
 * are read in full: 50,000 waiting declarations rank from their ids and figures alone.
 */
export async function gradingPreview(
  tx: Tx,
  tenantId: number,
  projectId: number,
  q: TPageQuery,
): Promise<TGradingPreview> {
  const p = await getProject(tx, tenantId, projectId);
  const { index, stage, ranked, grades } = await ranking(tx, tenantId, p);
  const gradeOf = (id: number) => grades.get(id) ?? null;
  const perGrade = new Map<string | null, number>();
  for (const r of ranked) perGrade.set(gradeOf(r.declarationId), (perGrade.get(gradeOf(r.declarationId)) ?? 0) + 1);
  const counts = [...stage.grades.map((g) => g.name), null].map((g) => ({ grade: g, n: perGrade.get(g) ?? 0 }));
  // A loop, not Math.max(...scores): spreading tens of thousands of arguments overflows the stack.
  const bandWidth = Math.ceil(ranked.reduce((top, r) => Math.max(top, r.score), 100) / 10);
  const bandCounts = new Map<string, { band: number; grade: string | null; n: number }>();
  for (const r of ranked) {
    const band = Math.min(9, Math.floor(r.score / bandWidth));
    const g = gradeOf(r.declarationId);
    const key = `${band}:${g ?? ''}`;
    const c = bandCounts.get(key) ?? { band, grade: g, n: 0 };
    c.n++;
    bandCounts.set(key, c);
  }
  let list = ranked;
  if (q.keyword) {
    const found = new Set(await repo.rankingMatching(tx, tenantId, p.id, index, q.keyword));
    list = ranked.filter((r) => found.has(r.declarationId));
  }
  const slice = list.slice((q.current - 1) * q.pageSize, q.current * q.pageSize);
  const ids = slice.map((r) => r.declarationId);
  const details = new Map((await repo.rankingDetails(tx, tenantId, ids)).map((d) => [d.id, d]));
  const lastRound = p.flow.map((s) => s.kind).lastIndexOf('expert_review');
  const reviewCounts = await repo.submittedReviewCounts(tx, tenantId, p.id, lastRound, ids);
  return {
    waiting: ranked.length,
    graded: ranked.length - (perGrade.get(null) ?? 0),
    counts,
    bandWidth,
    bands: [...bandCounts.values()].sort((a, b) => a.band - b.band),
    page: {
      records: slice.map((r) => {
        const d = details.get(r.declarationId);
        return {
          declarationId: r.declarationId,
          title: d?.title ?? '',
          unitName: d?.unitName ?? '',
          reviews: reviewCounts.get(r.declarationId) ?? 0,
          score: r.score,
          roundScores: d?.roundScores ?? {},
          rank: r.rank,
          grade: gradeOf(r.declarationId),
        };
      }),
      total: list.length,
      current: q.current,
      pageSize: q.pageSize,
    },
  };
}

/** Publishes the result of every declaration at the decision stage, with the publicity period. */
export async function publishResults(tx: Tx, auth: AuthContext, projectId: number): Promise<{ decided: number }> {
  const tenantId = auth.tenantId;
  const p = await repo.lockProject(tx, tenantId, projectId);
  if (!p) throw fail(PROJECT_NOT_FOUND);
  const { stage, ranked, grades } = await ranking(tx, tenantId, p);
  const rows = ranked.map((r) => ({ ...r, grade: grades.get(r.declarationId) ?? null }));
  if (rows.length === 0) throw fail('没有待定级的申报');
  const now = new Date();
  const publicityEndsAt = stage.publicityDays > 0 ? new Date(now.getTime() + stage.publicityDays * 86_400_000) : null;
  const actor = await actorOf(tx, auth);
  for (const r of rows) {
    const d = await repo.lockDeclaration(tx, tenantId, r.declarationId);
    if (!d) continue;
    const moved = transition(p.flow, stateOf(d), 'decide');
    if (!moved.ok) continue;
    const after = await repo.updateDeclaration(tx, tenantId, d.id, {
      ...moved.state,
      rank: r.rank,
      grade: r.grade,
      result: r.grade ? 'approved' : 'not_approved',
      decidedAt: now,
      publicityEndsAt,
    });
    await record(tx, tenantId, d, p.flow, 'decide', stateOf(d), after, actor);
    await notifyApplicant(tx, tenantId, after, p.name, r.grade ? `评审结果：${r.grade}` : '评审结果：未立项');
  }
  return { decided: rows.length };
}

// ---- Allocation (评审分配) ----

export async function allocationView(
  tx: Tx,
  tenantId: number,
  projectId: number,
  stageIndex: number,
): Promise<TAllocationView> {
  const p = await getProject(tx, tenantId, projectId);
  const stage = expertStage(p.flow, stageIndex);
  const declarations = await repo.declarationsAt(tx, tenantId, p.id, stageIndex);
  const assignments = await repo.assignmentsOfStage(tx, tenantId, p.id, stageIndex);
  const pool = await repo.reviewerPool(tx, tenantId, REVIEWER_CODES);
  const load = new Map<number, number>();
  for (const { row } of assignments) load.set(row.expertUserId, (load.get(row.expertUserId) ?? 0) + 1);
  return {
    stage: stageIndex,
    k: stage.reviewersPerDeclaration,
    maxPerExpert: stage.maxPerExpert,
    declarations: declarations.map((d) => ({
      id: d.id,
      title: d.title,
      unitName: d.unitName,
      experts: assignments
        .filter((a) => a.row.declarationId === d.id)
        .map((a) => ({
          assignmentId: a.row.id,
          userId: a.row.expertUserId,
          name: a.name,
          submitted: a.row.status === AssignmentStatus.SUBMITTED,
        })),
    })),
    experts: pool.map((e) => ({ ...e, load: load.get(e.userId) ?? 0 })),
  };
}

/**
 * Gives each declaration of the round its missing reviewers, exactly optimal (allocation/): no
 * expert from the declaration's unit or a unit the expert avoids, at most L per expert, domain
 * matches preferred, load spread evenly. Under the project's row lock, so two administrators
 * allocating at once run one after the other; the unique pair index is the last wall.
 */
export async function autoAllocate(
  tx: Tx,
  auth: AuthContext,
  projectId: number,
  stageIndex: number,
): Promise<{
  assigned: number;
  uncovered: { declarationId: number; title: string; missing: number; reason: string }[];
}> {
  const tenantId = auth.tenantId;
  const p = await repo.lockProject(tx, tenantId, projectId);
  if (!p) throw fail(PROJECT_NOT_FOUND);
  const stage = expertStage(p.flow, stageIndex);
  const declarations = await repo.declarationsAt(tx, tenantId, p.id, stageIndex);
  if (declarations.length === 0) throw fail('该环节没有待分配的申报');
  const existing = (await repo.assignmentsOfStage(tx, tenantId, p.id, stageIndex)).map((a) => a.row);
  const pool = await repo.reviewerPool(tx, tenantId, REVIEWER_CODES);
  if (pool.length === 0) throw fail('没有可分配的评审专家，请先添加评审人或专家身份');
  const load = new Map<number, number>();
  const have = new Map<number, number>();
  for (const a of existing) {
    load.set(a.expertUserId, (load.get(a.expertUserId) ?? 0) + 1);
    have.set(a.declarationId, (have.get(a.declarationId) ?? 0) + 1);
  }
  // 分组评审: in a grouped round an expert serves only the groups they are in.
  const groupsOfExpert = new Map<number, number[]>();
  if (stage.grouped)
    for (const g of await repo.groupsOf(tx, tenantId, p.id))
      for (const u of g.expertUserIds) groupsOfExpert.set(u, [...(groupsOfExpert.get(u) ?? []), g.id]);
  // The expert library gives the reviewers' domains and the units they avoid (回避单位).
  const profiles = await libraryProfiles(
    tx,
    tenantId,
    pool.map((e) => e.userId),
  );
  const conflicts: AllocationConflict[] = (await repo.conflictsOf(tx, tenantId)).map((c) => ({
    expertId: c.expertUserId,
    unitId: c.unitId,
  }));
  for (const [expertId, profile] of profiles)
    for (const unitId of profile.avoidUnitIds) conflicts.push({ expertId, unitId });
  // 多轮评审 with other experts: no one reviews a declaration they reviewed in an earlier round.
  if (stage.excludeEarlierExperts)
    for (const x of await repo.earlierPairs(
      tx,
      tenantId,
      p.id,
      stageIndex,
      declarations.map((d) => d.id),
    ))
      conflicts.push({ expertId: x.expertUserId, declarationId: x.declarationId, earlier: true });
  // 专家分类: a declaration naming no 申报领域 is matched with its project category's domains.
  const categoryDomains = await categoryDomainsOf(tx, tenantId, p.id);
  const result = solveAllocation({
    declarations: declarations.map((d) => ({
      id: d.id,
      unitId: d.unitId,
      domains: d.domains.length > 0 ? d.domains : categoryDomains,
      groupId: stage.grouped ? d.groupId : null,
      k: Math.max(0, stage.reviewersPerDeclaration - (have.get(d.id) ?? 0)),
    })),
    experts: pool.map((e) => ({
      id: e.userId,
      unitId: e.unitId,
      domains: profiles.get(e.userId)?.domainIds ?? [],
      ...(stage.grouped ? { groupIds: groupsOfExpert.get(e.userId) ?? [] } : {}),
      capacity: Math.max(0, stage.maxPerExpert - (load.get(e.userId) ?? 0)),
      load: load.get(e.userId) ?? 0,
    })),
    conflicts,
    existing: existing.map((a) => ({ expertId: a.expertUserId, declarationId: a.declarationId })),
  });
  const inserted = await repo.insertAssignments(
    tx,
    tenantId,
    result.assignments.map((a) => ({
      projectId: p.id,
      declarationId: a.declarationId,
      stage: stageIndex,
      expertUserId: a.expertId,
      assignedBy: auth.userId,
    })),
  );
  await notifyExperts(tx, tenantId, p.name, inserted);
  const titles = new Map(declarations.map((d) => [d.id, d.title]));
  return {
    assigned: inserted.length,
    uncovered: result.uncovered.map((u) => ({ ...u, title: titles.get(u.declarationId) ?? '' })),
  };
}

async function notifyExperts(tx: Tx, tenantId: number, projectName: string, rows: repo.AssignmentRow[]) {
  const perExpert = new Map<number, number>();
  for (const r of rows) perExpert.set(r.expertUserId, (perExpert.get(r.expertUserId) ?? 0) + 1);
  for (const [userId, n] of perExpert)
    await notify(
      tx,
      tenantId,
      'project.review',
      { userId },
      {
        title: `评审任务：${projectName}`,
        body: `您有 ${n} 份“${projectName}”的申报待评审，请在“项目评审”中完成。`,
      },
    );
}

/** One expert for one declaration by hand; a pair that breaks a hard rule is refused. */
export async function assignByHand(
  tx: Tx,
  auth: AuthContext,
  projectId: number,
  input: { stage: number; declarationId: number; expertUserId: number },
): Promise<void> {
  const tenantId = auth.tenantId;
  const p = await repo.lockProject(tx, tenantId, projectId);
  if (!p) throw fail(PROJECT_NOT_FOUND);
  expertStage(p.flow, input.stage);
  const d = await repo.findDeclaration(tx, tenantId, input.declarationId);
  if (!d || d.projectId !== p.id) throw fail(DECLARATION_NOT_FOUND);
  if (d.status !== 'in_review' || d.stage !== input.stage) throw fail('申报不在该评审环节');
  const refusal = (await roundRules(tx, tenantId, p, input.stage, d)).refusal(input.expertUserId);
  if (refusal) throw fail(refusal);
  const expert = { userId: input.expertUserId };
  const inserted = await repo.insertAssignments(tx, tenantId, [
    { projectId: p.id, declarationId: d.id, stage: input.stage, expertUserId: expert.userId, assignedBy: auth.userId },
  ]);
  if (inserted.length === 0) throw fail('该专家已分配到此申报');
  await notifyExperts(tx, tenantId, p.name, inserted);
}

export async function removeAssignment(tx: Tx, tenantId: number, id: number): Promise<void> {
  const a = await repo.lockAssignment(tx, tenantId, id);
  if (!a) throw fail('分配记录不存在');
  if (a.status === AssignmentStatus.SUBMITTED) throw fail('专家已提交评审，不能移除');
  await repo.deleteAssignment(tx, tenantId, id);
}

/** Reopens a submitted review so its expert can change it (the round must still be open). */
export async function reopenAssignment(tx: Tx, auth: AuthContext, id: number): Promise<void> {
  const a = await repo.lockAssignment(tx, auth.tenantId, id);
  if (!a) throw fail('分配记录不存在');
  if (a.status !== AssignmentStatus.SUBMITTED) throw fail('评审尚未提交');
  const d = await repo.findDeclaration(tx, auth.tenantId, a.declarationId);
  if (d?.status !== 'in_review' || d.stage !== a.stage) throw fail('该评审环节已结束，不能重新打开');
  await repo.updateAssignment(tx, auth.tenantId, id, { status: AssignmentStatus.ASSIGNED, submittedAt: null });
  await notify(
    tx,
    auth.tenantId,
    'project.review',
    { userId: a.expertUserId },
    {
      title: `评审已重新打开：${d.title}`,
      body: `管理员重新打开了您对“${d.title}”的评审，请修改后再次提交。`,
    },
  );
}

// ---- Reviewers (评审人) ----

function toAssignment(row: repo.AssignmentRow, title: string, projectName: string, flow: TFlow): TAssignment {
  const stage = flow[row.stage];
  return {
    id: row.id,
    projectId: row.projectId,
    projectName,
    declarationId: row.declarationId,
    title,
    stage: row.stage,
    stageName: stage?.name ?? '',
    mode: stage?.kind === 'expert_review' ? stage.mode : 'score',
    status: row.status,
    total: row.total,
    opinion: (row.opinion as TAssignment['opinion']) ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    assignedAt: row.createdAt.toISOString(),
  };
}

export async function myAssignments(
  tx: Tx,
  auth: AuthContext,
  q: {
    current: number;
    pageSize: number;
    keyword?: string;
    /** Pending, submitted, or (undefined) every review. */
    submitted?: boolean;
    mode?: 'score' | 'approval';
    projectId?: number;
  },
): Promise<TPage<TAssignment>> {
  const { rows, total } = await repo.listExpertAssignments(tx, auth.tenantId, auth.userId, q);
  return {
    records: rows.map((r) => toAssignment(r.row, r.title, r.projectName, r.flow)),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}

async function ownAssignment(tx: Tx, auth: AuthContext, id: number, lock = false): Promise<repo.AssignmentRow> {
  const a = lock ? await repo.lockAssignment(tx, auth.tenantId, id) : await repo.findAssignment(tx, auth.tenantId, id);
  if (!a || a.expertUserId !== auth.userId) throw fail('评审任务不存在');
  return a;
}

/**
 * What a reviewer sees: the declaration's answers (without the applicant's personal questions
 * and name in a blind round), the round's scoring items and their own review. Never another
 * reviewer's scores.
 */
export async function assignmentDetail(tx: Tx, auth: AuthContext, id: number) {
  const a = await ownAssignment(tx, auth, id);
  const d = await repo.findDeclaration(tx, auth.tenantId, a.declarationId);
  if (!d) throw fail(DECLARATION_NOT_FOUND);
  const p = await getProject(tx, auth.tenantId, d.projectId);
  const stage = expertStage(p.flow, a.stage);
  let data = d.data;
  if (stage.blind) {
    const hidden = new Set(await personalFieldNames(tx, auth.tenantId, p.formKey, p.formVersion));
    data = Object.fromEntries(Object.entries(d.data).filter(([k]) => !hidden.has(k)));
  }
  const unit = !stage.blind && d.unitId ? await repo.findOrgInfo(tx, auth.tenantId, d.unitId) : undefined;
  return {
    assignment: toAssignment(a, d.title, p.name, p.flow),
    applicantName: stage.blind ? '（盲审）' : await repo.userName(tx, d.applicantUserId),
    unitName: unit?.name ?? '',
    blind: stage.blind,
    formKey: p.formKey,
    formVersion: p.formVersion,
    data,
    items: stage.items,
    scores: a.scores ?? {},
    opinion: (a.opinion as 'agree' | 'disagree' | null) ?? null,
    comment: a.comment,
  };
}

/**
 * Submits a review. Scores are checked item by item; a submitted review is final unless an
 * administrator reopens it, and sending the same review again is answered as done (idempotent).
 */
export async function submitReview(tx: Tx, auth: AuthContext, id: number, input: TReviewInput): Promise<void> {
  const a = await ownAssignment(tx, auth, id, true);
  const d = await repo.findDeclaration(tx, auth.tenantId, a.declarationId);
  if (!d) throw fail(DECLARATION_NOT_FOUND);
  const p = await getProject(tx, auth.tenantId, d.projectId);
  const stage = expertStage(p.flow, a.stage);
  const review =
    stage.mode === 'score'
      ? { scores: input.scores, total: weightedTotal(stage.items, input.scores), opinion: null }
      : { scores: null, total: null, opinion: input.opinion ?? null };
  if (a.status === AssignmentStatus.SUBMITTED) {
    const same =
      JSON.stringify(a.scores ?? null) === JSON.stringify(review.scores) &&
      (a.opinion ?? null) === review.opinion &&
      a.comment === input.comment;
    if (same) return;
    throw fail('评审已提交，不能修改');
  }
  if (d.status !== 'in_review' || d.stage !== a.stage) throw fail('该评审环节已结束');
  if (stage.mode === 'score') {
    const problem = scoreProblem(stage.items, input.scores);
    if (problem) throw fail(problem);
  } else {
    if (!input.opinion) throw fail('请选择同意或不同意');
    if (input.opinion === 'disagree' && !input.comment) throw fail('请填写不同意的理由');
  }
  await repo.updateAssignment(tx, auth.tenantId, a.id, {
    ...review,
    comment: input.comment,
    status: AssignmentStatus.SUBMITTED,
    submittedAt: new Date(),
  });
}
