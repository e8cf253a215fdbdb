import { ZPageQuery } from '@shetuan/shared';
import {
  type TAssignment,
  type TDistributionRow,
  type TMyRound,
  type TUnitDeclarationRow,
  ZDistributionQuery,
  ZMyReviewsQuery,
  ZUnitDetailsQuery,
} from '@shetuan/shared/projects';
import { z } from 'zod';
import type { Tx } from '../../platform/db';
import type { ExcelColumn } from '../../platform/http/excel';
import { exportPagesToFile } from '../../platform/jobs/export';
import type { JobContext, JobResult } from '../../platform/jobs/registry';
import { roundDeclarations } from './distribution';
import { myRounds, unitDeclarations } from './reports';
import { myAssignments } from './review';
import { getProject } from './service';

/**
 * The exports of the remaining screens' lists (the statistics export job's other sheets): a unit's
 * declarations (初审单位详情, for the operators and for the unit itself), a round's allocation
 * (申报分配) and a reviewer's own reviews (评审列表). The route that queued the job checked who may.
 */

const time = (iso: string | null) => (iso ? new Date(iso) : null);

const UNIT_DECLARATION_COLUMNS: ExcelColumn<TUnitDeclarationRow>[] = [
  { header: '申报名称', width: 36, value: (r) => r.title },
  { header: '申报人', width: 14, value: (r) => r.applicantName },
  { header: '当前状态', width: 20, value: (r) => r.statusText },
  { header: '提交时间', width: 20, value: (r) => time(r.submittedAt) },
  { header: '初审结果', width: 12, value: (r) => r.trialActionName },
  { header: '初审意见', width: 36, value: (r) => r.trialRemark },
  { header: '初审人', width: 14, value: (r) => r.trialActor },
  { header: '初审时间', width: 20, value: (r) => time(r.trialAt) },
];

const DISTRIBUTION_COLUMNS: ExcelColumn<TDistributionRow>[] = [
  { header: '申报名称', width: 36, value: (r) => r.title },
  { header: '申报人', width: 14, value: (r) => r.applicantName },
  { header: '推荐单位', width: 28, value: (r) => r.unitName },
  { header: '评审分组', width: 16, value: (r) => r.groupName },
  { header: '评审专家', width: 40, value: (r) => r.experts.map((e) => e.name).join('、') },
  { header: '已分配', width: 10, value: (r) => `${r.experts.length} / ${r.k}` },
  { header: '已提交评审', width: 12, value: (r) => r.experts.filter((e) => e.submitted).length },
];

const OPINIONS: Record<string, string> = { agree: '同意', disagree: '不同意' };

const REVIEW_COLUMNS: ExcelColumn<TAssignment>[] = [
  { header: '申报名称', width: 36, value: (r) => r.title },
  { header: '申报项目', width: 30, value: (r) => r.projectName },
  { header: '评审环节', width: 14, value: (r) => r.stageName },
  { header: '评审方式', width: 10, value: (r) => (r.mode === 'score' ? '评分制' : '审批制') },
  { header: '状态', width: 10, value: (r) => (r.status === 1 ? '已提交' : '待评审') },
  { header: '总分', width: 10, value: (r) => r.total },
  { header: '意见', width: 10, value: (r) => (r.opinion ? (OPINIONS[r.opinion] ?? '') : '') },
  { header: '分配时间', width: 20, value: (r) => time(r.assignedAt) },
  { header: '提交时间', width: 20, value: (r) => time(r.submittedAt) },
];

const ROUND_COLUMNS: ExcelColumn<TMyRound>[] = [
  { header: '申报项目', width: 30, value: (r) => r.projectName },
  { header: '评审环节', width: 14, value: (r) => r.stageName },
  { header: '评审方式', width: 10, value: (r) => (r.mode === 'score' ? '评分制' : '审批制') },
  { header: '分配数', width: 10, value: (r) => r.assigned },
  { header: '已提交', width: 10, value: (r) => r.submitted },
  { header: '平均分/同意比例', width: 16, value: (r) => r.average },
  { header: '首次分配时间', width: 20, value: (r) => time(r.firstAssignedAt) },
];

/** The job of one of these sheets, or null for a sheet of the statistics lists. */
export async function screenSheet(
  ctx: JobContext,
  sheet: string,
  raw: Record<string, unknown>,
): Promise<JobResult | null> {
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) => ctx.db.withTenant(ctx.tenantId, work);
  const done = (name: string) => (rows: number) => `${name}（${rows} 条）已导出，请在导出窗口下载。`;
  if (sheet === 'unit-declarations') {
    const q = ZUnitDetailsQuery.extend({ unitId: z.coerce.number().int().positive() }).parse(raw);
    const project = await inTenant((tx) => getProject(tx, ctx.tenantId, q.projectId));
    const name = `${project.name}初审单位详情`;
    return exportPagesToFile(ctx, {
      fileName: `${name}.xlsx`,
      sheet: '初审单位详情',
      columns: UNIT_DECLARATION_COLUMNS,
      page: (current, pageSize) => inTenant((tx) => unitDeclarations(tx, ctx.tenantId, { ...q, current, pageSize })),
      doneText: done(name),
    });
  }
  if (sheet === 'distribution') {
    const q = ZDistributionQuery.extend({
      projectId: z.coerce.number().int().positive(),
      stage: z.coerce.number().int().min(0),
    }).parse(raw);
    const project = await inTenant((tx) => getProject(tx, ctx.tenantId, q.projectId));
    const name = `${project.name}申报分配`;
    return exportPagesToFile(ctx, {
      fileName: `${name}.xlsx`,
      sheet: '申报分配',
      columns: DISTRIBUTION_COLUMNS,
      page: (current, pageSize) =>
        inTenant((tx) => roundDeclarations(tx, ctx.tenantId, q.projectId, q.stage, { ...q, current, pageSize })),
      doneText: done(name),
    });
  }
  if (sheet === 'my-reviews') {
    const q = ZMyReviewsQuery.parse(raw);
    const userId = ctx.userId ?? 0;
    const auth = { tenantId: ctx.tenantId, userId } as Parameters<typeof myAssignments>[1];
    return exportPagesToFile(ctx, {
      fileName: '我的评审.xlsx',
      sheet: '我的评审',
      columns: REVIEW_COLUMNS,
      page: (current, pageSize) =>
        inTenant((tx) =>
          myAssignments(tx, auth, {
            ...q,
            current,
            pageSize,
            submitted: q.status === undefined ? undefined : q.status === '1',
          }),
        ),
      doneText: done('我的评审'),
    });
  }
  if (sheet === 'my-rounds') {
    const q = ZPageQuery.parse(raw);
    const auth = { tenantId: ctx.tenantId, userId: ctx.userId ?? 0 } as Parameters<typeof myRounds>[1];
    return exportPagesToFile(ctx, {
      fileName: '我的评审任务.xlsx',
      sheet: '评审任务',
      columns: ROUND_COLUMNS,
      page: (current, pageSize) => inTenant((tx) => myRounds(tx, auth, { ...q, current, pageSize })),
      doneText: done('我的评审任务'),
    });
  }
  return null;
}
