import { ResultCode, type TPage } from '@shetuan/shared';
import {
  maxTotal,
  statusText,
  type TDeclaration,
  type TDeclarationStatus,
  type TFlow,
  type TProjectStatistics,
  type TReviewExpertRow,
  type TReviewSheetRow,
  type TSheetQuery,
  type TTrialUnitRow,
} from '@shetuan/shared/projects';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import * as repo from './repository';
import { REVIEWER_CODES } from './review';
import { getProject, toDeclaration } from './service';

/** 项目统计 and its lists: figures of one project, each answered by a few grouped queries. */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

/** The scale of the project's last scoring round (for score bands), or null. */
function scoreScale(flow: TFlow): number | null {
  for (let i = flow.length - 1; i >= 0; i--) {
    const s = flow[i];
    if (s?.kind === 'expert_review') return s.mode === 'score' ? maxTotal(s.items) : 100;
  }
  return null;
}

export async function projectStatistics(tx: Tx, tenantId: number, projectId: number): Promise<TProjectStatistics> {
  const p = await getProject(tx, tenantId, projectId);
  const scale = scoreScale(p.flow);
  const figures = await repo.projectFigures(tx, tenantId, p.id, scale ?? 100);
  const byLabel = new Map<string, { count: number; order: number }>();
  const byGrade = new Map<string, number>();
  let total = 0;
  let submitted = 0;
  for (const s of figures.states) {
    total += s.n;
    if (s.status !== 'draft' && s.status !== 'withdrawn') submitted += s.n;
    const label = statusText(p.flow, { status: s.status as TDeclarationStatus, stage: s.stage, level: s.level }, s);
    // Flow order: drafts first, then the stages in order, then the outcomes.
    const order = s.status === 'draft' ? -2 : s.status === 'in_review' ? s.stage * 10 + s.level : 1000;
    const entry = byLabel.get(label) ?? { count: 0, order };
    entry.count += s.n;
    byLabel.set(label, entry);
    if (s.status === 'decided') {
      const grade = s.result === 'not_approved' ? '未立项' : (s.grade ?? '已立项');
      byGrade.set(grade, (byGrade.get(grade) ?? 0) + s.n);
    }
  }
  const top = figures.units.slice(0, 10);
  const names = await repo.orgNames(
    tx,
    tenantId,
    top.map((u) => u.unitId),
  );
  const step = scale ? scale / 10 : 0;
  const fmt = (x: number) => String(Math.round(x * 10) / 10);
  return {
    total,
    submitted,
    byStatus: [...byLabel].sort((a, b) => a[1].order - b[1].order).map(([label, v]) => ({ label, count: v.count })),
    daily: figures.daily.map((d) => ({ day: d.day, count: d.n })),
    byUnit: top.map((u) => ({ unitName: names.get(u.unitId) ?? '', count: u.n })),
    // width_bucket gives 0 below the scale (not possible) and is capped at 10 above it.
    scoreBands: Array.from({ length: scale ? 10 : 0 }, (_, i) => ({
      band: `${fmt(i * step)}–${fmt((i + 1) * step)}`,
      count: figures.bands.filter((b) => Math.max(b.band, 1) === i + 1).reduce((a, b) => a + b.n, 0),
    })),
    byGrade: [...byGrade].map(([grade, count]) => ({ grade, count })),
    reviews: await repo.assignmentTotals(tx, tenantId, p.id),
  };
}

/** The score sheet (评分制 rounds) or the approval sheet (审批制 rounds) of a project. */
export async function reviewSheet(
  tx: Tx,
  tenantId: number,
  q: TSheetQuery,
  mode: 'score' | 'approval',
): Promise<TPage<TReviewSheetRow>> {
  const p = await getProject(tx, tenantId, q.projectId);
  const stages = p.flow
    .map((s, i) => ({ s, i }))
    .filter(({ s, i }) => s.kind === 'expert_review' && s.mode === mode && (q.stage === undefined || q.stage === i))
    .map(({ i }) => i);
  const { rows, total } = await repo.reviewSheet(tx, tenantId, {
    projectId: p.id,
    stages,
    submitted: q.submitted === undefined ? undefined : q.submitted === '1',
    keyword: q.keyword,
    current: q.current,
    pageSize: q.pageSize,
  });
  return {
    records: rows.map(({ row, title, expertName, unitName }) => ({
      id: row.id,
      declarationId: row.declarationId,
      title,
      unitName,
      stageName: p.flow[row.stage]?.name ?? '',
      expertName,
      status: row.status,
      scores: row.scores,
      total: row.total,
      opinion: row.opinion,
      comment: row.comment,
      submittedAt: row.submittedAt?.toISOString() ?? null,
    })),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}

/** 初审单位: the project's recommending units at its first-trial stage. */
export async function trialUnits(
  tx: Tx,
  tenantId: number,
  q: { projectId: number; current: number; pageSize: number; keyword?: string },
): Promise<TPage<TTrialUnitRow>> {
  const p = await getProject(tx, tenantId, q.projectId);
  const stage = p.flow.findIndex((s) => s.kind === 'first_trial');
  const trial = p.flow[stage];
  if (trial?.kind !== 'first_trial') throw fail('该项目的评审流程没有单位推荐环节');
  const { rows, total } = await repo.unitDeclarationCounts(tx, tenantId, p.id, stage, q);

  const passes = await repo.unitPasses(
    tx,
    tenantId,
    p.id,
    stage,
    rows.map((r) => r.unitId),
  );
  return {
    records: rows.map((r) => ({ ...r, passed: passes.get(r.unitId) ?? 0, quota: trial.quotaPerUnit })),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}

/** 评审专家: each expert's load, progress and mean total in a project. */
export async function reviewExperts(
  tx: Tx,
  tenantId: number,
  q: { projectId: number; current: number; pageSize: number; keyword?: string },
): Promise<TPage<TReviewExpertRow>> {
  const p = await getProject(tx, tenantId, q.projectId);
  const { rows, total } = await repo.expertTotals(tx, tenantId, p.id, q);
  const units = new Map((await repo.reviewerPool(tx, tenantId, REVIEWER_CODES)).map((e) => [e.userId, e.unitName]));
  return {
    records: rows.map((r) => ({ ...r, unitName: units.get(r.userId) ?? '' })),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}

/** 累计申报: every submitted declaration of the tenant, newest first, optionally of one project. */
export async function cumulative(
  tx: Tx,
  tenantId: number,
  q: { current: number; pageSize: number; keyword?: string; projectId?: number; status?: TDeclarationStatus },
): Promise<TPage<TDeclaration>> {
  const { rows, total } = await repo.listDeclarations(
    tx,
    tenantId,
    {
      projectId: q.projectId,
      status: q.status,
      statuses: q.status ? undefined : ['in_review', 'returned', 'rejected', 'withdrawn', 'decided'],
      keyword: q.keyword,
    },
    q,
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
