import { ResultCode, type TPage } from '@shetuan/shared';
import {
  FLOW_ACTIONS,
  type FlowAction,
  PROJECT_STATUS_NAMES,
  type TMyRound,
  type TProjectReport,
  type TRecommendReport,
  type TUnitDeclarationRow,
  type TUnitDetailsQuery,
  type TUnitSummary,
} from '@shetuan/shared/projects';
import ExcelJS from 'exceljs';
import type { AuthContext } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import * as repo from './repository';
import { declarationText, getProject, toDeclaration } from './service';

/**
 * What the units, the operators and the reviewers read beyond the lists: a unit's first-trial
 * details (初审单位详情), its recommendation report (推荐报告, a page and an .xlsx file), the project's
 * review report (项目评审报告) and a reviewer's work by project round.
 */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

/** The caller's unit: the org of the identity they act as (初审单位). */
export async function callerUnit(tx: Tx, auth: AuthContext): Promise<number> {
  const info = auth.identityId ? await repo.identityInfo(tx, auth.tenantId, auth.identityId) : undefined;
  if (!info?.orgId) throw fail('您的身份未关联单位，不能查看推荐情况');
  return info.orgId;
}

/** The project's first-trial stage (单位推荐), or a refusal. */
function trialStage(p: repo.ProjectRow) {
  const index = p.flow.findIndex((s) => s.kind === 'first_trial');
  const stage = p.flow[index];
  if (stage?.kind !== 'first_trial') throw fail('该项目的评审流程没有单位推荐环节');
  return { index, stage };
}

async function unitOf(tx: Tx, tenantId: number, unitId: number) {
  const unit = await repo.findOrgInfo(tx, tenantId, unitId);
  if (!unit) throw fail('单位不存在');
  return unit;
}

// ---- 初审单位详情 ----

export async function unitSummary(tx: Tx, tenantId: number, projectId: number, unitId: number): Promise<TUnitSummary> {
  const p = await getProject(tx, tenantId, projectId);
  const { index, stage } = trialStage(p);
  const unit = await unitOf(tx, tenantId, unitId);
  const counts = await repo.unitStatusCounts(tx, tenantId, p.id, index, unit.id);
  const passed = await repo.countUnitPasses(tx, tenantId, p.id, index, unit.id);
  return {
    projectId: p.id,
    projectName: p.name,
    unitId: unit.id,
    unitName: unit.name,
    stageName: stage.name,
    quota: stage.quotaPerUnit,
    ...counts,
    passed,
  };
}

/** The unit's submitted declarations of a project, each with the unit's last decision on it. */
export async function unitDeclarations(
  tx: Tx,
  tenantId: number,
  q: TUnitDetailsQuery & { unitId: number },
): Promise<TPage<TUnitDeclarationRow>> {
  const p = await getProject(tx, tenantId, q.projectId);
  const { index } = trialStage(p);
  await unitOf(tx, tenantId, q.unitId);
  const { rows, total } = await repo.listDeclarations(
    tx,
    tenantId,
    {
      projectId: p.id,
      unitId: q.unitId,
      status: q.status,
      statuses: q.status ? undefined : ['in_review', 'returned', 'rejected', 'decided'],
      keyword: q.keyword,
    },
    q,
  );
  const acts = await repo.lastTrialActs(
    tx,
    tenantId,
    index,
    rows.map((r) => r.id),
  );
  return {
    records: rows.map((r) => {
      const act = acts.get(r.id);
      return {
        id: r.id,
        title: r.title,
        applicantName: r.applicantName,
        status: r.status as TUnitDeclarationRow['status'],
        statusText: declarationText(p.flow, r),
        submittedAt: r.submittedAt?.toISOString() ?? null,
        trialAction: act?.action ?? null,
        trialActionName: act
          ? act.action === 'pass'
            ? '推荐'
            : (FLOW_ACTIONS[act.action as FlowAction] ?? '')
          : '待推荐',
        trialRemark: act?.remark ?? '',
        trialActor: act?.actorName ?? '',
        trialAt: act?.at.toISOString() ?? null,
      };
    }),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}

// ---- 推荐报告 ----

export async function recommendReport(
  tx: Tx,
  tenantId: number,
  projectId: number,
  unitId: number,
): Promise<TRecommendReport> {
  const p = await getProject(tx, tenantId, projectId);
  const { index, stage } = trialStage(p);
  const unit = await unitOf(tx, tenantId, unitId);
  const recommended = await repo.unitRecommendations(tx, tenantId, p.id, index, unit.id);
  const counts = await repo.unitStatusCounts(tx, tenantId, p.id, index, unit.id);
  return {
    projectId: p.id,
    projectName: p.name,
    unitId: unit.id,
    unitName: unit.name,
    stageName: stage.name,
    quota: stage.quotaPerUnit,
    recommenders: [...new Set(recommended.map((r) => r.actorName))],
    rows: recommended.map((r, i) => ({
      order: i + 1,
      declarationId: r.row.id,
      title: r.row.title,
      applicantName: r.applicantName,
      statusText: declarationText(p.flow, r.row),
      submittedAt: r.row.submittedAt?.toISOString() ?? null,
      recommendedAt: r.at.toISOString(),
      remark: r.remark,
    })),
    pending: counts.pending,
    returned: counts.returned,
    rejected: counts.rejected,
    generatedAt: new Date().toISOString(),
  };
}

const day = (iso: string | null) =>
  iso
    ? new Date(iso)
        .toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })
        .replace(/\//g, '-')
        .slice(0, 16)
    : '';

/**
 * The report as an .xlsx file (推荐汇总表) to print, sign and seal: a title, the project and the
 * unit, the recommended declarations in order, the unit's other figures and the signature lines.
 */
export async function recommendReportFile(report: TRecommendReport): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('推荐汇总表', { pageSetup: { paperSize: 9, orientation: 'landscape', fitToWidth: 1 } });
  ws.columns = [{ width: 8 }, { width: 40 }, { width: 14 }, { width: 20 }, { width: 20 }, { width: 20 }, { width: 36 }];
  const line = (values: (string | number)[], options: { bold?: boolean; size?: number; merge?: boolean } = {}) => {
    const row = ws.addRow(values);
    if (options.merge) ws.mergeCells(row.number, 1, row.number, 7);
    row.font = { bold: options.bold, size: options.size ?? 11 };
    row.alignment = { vertical: 'middle', wrapText: true, horizontal: options.size ? 'center' : undefined };
    return row;
  };
  line([`${report.projectName}推荐汇总表`], { bold: true, size: 16, merge: true }).height = 30;
  line([`推荐单位：${report.unitName}`], { merge: true });
  const quota = report.quota > 0 ? `${report.quota} 项` : '不限';
  line([`推荐环节：${report.stageName}　推荐名额：${quota}　已推荐：${report.rows.length} 项`], { merge: true });
  line([]);
  const head = line(['序号', '申报名称', '申报人', '提交时间', '推荐时间', '当前状态', '推荐意见'], { bold: true });
  const border = { style: 'thin' as const };
  const box = (row: ExcelJS.Row) =>
    row.eachCell((cell) => {
      cell.border = { top: border, left: border, bottom: border, right: border };
    });
  box(head);
  for (const r of report.rows)
    box(
      line([
        r.order,
        r.title,
        r.applicantName,
        day(r.submittedAt),
        day(r.recommendedAt),
        r.statusText,
        r.remark || '同意推荐',
      ]),
    );
  if (report.rows.length === 0) line(['本单位尚未推荐申报'], { merge: true });
  line([]);
  line([`本单位另有待推荐 ${report.pending} 项、退回修改 ${report.returned} 项、不予推荐 ${report.rejected} 项。`], {
    merge: true,
  });
  line(['经本单位审核，以上申报材料真实有效，同意推荐。'], { merge: true });
  line([]);
  line([`经办人：${report.recommenders.join('、')}`, '', '', '单位负责人（签字）：', '', '单位（盖章）'], {});
  line(['', '', '', '', '', `${day(report.generatedAt).slice(0, 10)}`], {});
  return Buffer.from(await book.xlsx.writeBuffer());
}

// ---- 项目评审报告 ----

export async function projectReport(tx: Tx, tenantId: number, projectId: number): Promise<TProjectReport> {
  const p = await getProject(tx, tenantId, projectId);
  const figures = await repo.projectFigures(tx, tenantId, p.id, 100);
  const actions = await repo.stageActions(tx, tenantId, p.id);
  const acted = (stage: number, action: string) =>
    actions.find((a) => a.stage === stage && a.action === action)?.n ?? 0;
  let total = 0;
  let submitted = 0;
  const waitingAt = new Map<number, number>();
  for (const s of figures.states) {
    total += s.n;
    if (s.status !== 'draft' && s.status !== 'withdrawn') submitted += s.n;
    if (s.status === 'in_review') waitingAt.set(s.stage, (waitingAt.get(s.stage) ?? 0) + s.n);
  }
  const stages = p.flow.map((s, index) => {
    // A declaration reached a stage when the one before let it through (submitting, for the first).
    const reached = index === 0 ? submitted : acted(index - 1, 'pass') + acted(index - 1, 'advance');
    const passed = acted(index, 'pass') + acted(index, 'advance') + acted(index, 'decide');
    return {
      index,
      name: s.name,
      kind: s.kind,
      reached,
      passed,
      returned: acted(index, 'return'),
      rejected: acted(index, 'reject'),
      waiting: waitingAt.get(index) ?? 0,
    };
  });
  const totals = await repo.roundTotals(tx, tenantId, p.id);
  const rounds = p.flow.flatMap((s, index) => {
    if (s.kind !== 'expert_review') return [];
    const t = totals.find((x) => x.stage === index);
    return [
      {
        index,
        name: s.name,
        mode: s.mode,
        experts: t?.experts ?? 0,
        assigned: t?.assigned ?? 0,
        submitted: t?.submitted ?? 0,
        weight: s.resultWeight ?? 1,
      },
    ];
  });
  const decided = await repo.listDeclarations(
    tx,
    tenantId,
    { projectId: p.id, status: 'decided' },
    { current: 1, pageSize: 500, order: 'rank' },
  );
  return {
    projectId: p.id,
    name: p.name,
    statusName: PROJECT_STATUS_NAMES[p.status] ?? '',
    publishedAt: p.publishedAt?.toISOString() ?? null,
    openAt: p.settings.openAt ?? null,
    closeAt: p.settings.closeAt ?? null,
    total,
    submitted,
    units: figures.units.length,
    stages,
    rounds,
    results: decided.rows.map((r) => {
      const d = toDeclaration(r, {
        projectName: p.name,
        flow: p.flow,
        applicantName: r.applicantName,
        unitName: r.unitName,
      });
      return {
        declarationId: r.id,
        rank: r.rank,
        title: r.title,
        applicantName: r.applicantName,
        unitName: r.unitName,
        score: r.score,
        grade: d.grade,
        result: r.result,
        roundScores: r.roundScores,
      };
    }),
    generatedAt: new Date().toISOString(),
  };
}

// ---- 评审人: work by project round ----

export async function myRounds(
  tx: Tx,
  auth: AuthContext,
  q: { current: number; pageSize: number; keyword?: string },
): Promise<TPage<TMyRound>> {
  const { rows, total } = await repo.expertRounds(tx, auth.tenantId, auth.userId, q);
  return {
    records: rows.map((r) => {
      const stage = r.flow[r.stage];
      const mode = stage?.kind === 'expert_review' ? stage.mode : 'score';
      return {
        projectId: r.projectId,
        projectName: r.projectName,
        stage: r.stage,
        stageName: stage?.name ?? '',
        mode,
        assigned: r.assigned,
        submitted: r.submitted,
        average:
          mode === 'score' ? r.average : r.submitted > 0 ? Math.round((r.agreed * 10000) / r.submitted) / 100 : null,
        firstAssignedAt: r.firstAssignedAt.toISOString(),
      };
    }),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}
