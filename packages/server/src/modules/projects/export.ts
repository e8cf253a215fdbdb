import {
  type TDeclaration,
  type TProject,
  type TReviewExpertRow,
  type TReviewSheetRow,
  type TTrialUnitRow,
  ZCumulativeQuery,
  ZDeclarationQuery,
  ZProjectQuery,
  ZSheetQuery,
} from '@shetuan/shared/projects';
import type { Tx } from '../../platform/db';
import type { ExcelColumn } from '../../platform/http/excel';
import { exportPagesToFile } from '../../platform/jobs/export';
import type { JobHandler } from '../../platform/jobs/registry';
import { projectDeclarations } from './review';
import { screenSheet } from './screen-export';
import { getProject, listProjects } from './service';
import { cumulative, reviewExperts, reviewSheet, trialUnits } from './stats';

export const PROJECTS_EXPORT_JOB = 'projects.export';
export const DECLARATIONS_EXPORT_JOB = 'projects.declarations-export';
export const SHEET_EXPORT_JOB = 'projects.sheet-export';

/** The lists of 项目统计 that export, by the name the route gives the job. */
export const SHEETS = [
  'scores',
  'approvals',
  'units',
  'experts',
  'declarations',
  'reports',
  'unit-declarations',
  'distribution',
  'my-reviews',
  'my-rounds',
] as const;
export type Sheet = (typeof SHEETS)[number];

const time = (iso: string | null) => (iso ? new Date(iso) : null);

const PROJECT_COLUMNS: ExcelColumn<TProject>[] = [
  { header: '项目名称', width: 36, value: (r) => r.name },
  { header: '状态', width: 10, value: (r) => r.statusName },
  { header: '评审环节', width: 40, value: (r) => r.flow.map((s) => s.name).join(' → ') },
  { header: '申报开始', width: 20, value: (r) => time(r.settings.openAt ?? null) },
  { header: '申报截止', width: 20, value: (r) => time(r.settings.closeAt ?? null) },
  { header: '申报数', width: 10, value: (r) => r.declarationCount },
  { header: '已提交', width: 10, value: (r) => r.submittedCount },
  { header: '创建时间', width: 20, value: (r) => time(r.createdAt) },
];

const DECLARATION_COLUMNS: ExcelColumn<TDeclaration>[] = [
  { header: '申报名称', width: 36, value: (r) => r.title },
  { header: '申报人', width: 14, value: (r) => r.applicantName },
  { header: '推荐单位', width: 28, value: (r) => r.unitName },
  { header: '状态', width: 20, value: (r) => r.statusText },
  { header: '得分', width: 10, value: (r) => r.score },
  { header: '排名', width: 8, value: (r) => r.rank },
  { header: '等级', width: 12, value: (r) => r.grade },
  { header: '提交时间', width: 20, value: (r) => time(r.submittedAt) },
];

export const projectExportJobs: Record<string, JobHandler> = {
  [PROJECTS_EXPORT_JOB]: (ctx) => {
    const query = ZProjectQuery.parse(ctx.payload.query ?? {});
    return exportPagesToFile(ctx, {
      fileName: '项目列表.xlsx',
      sheet: '项目',
      columns: PROJECT_COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) => listProjects(tx, ctx.tenantId, { ...query, current, pageSize })),
      doneText: (rows) => `项目列表（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
  [DECLARATIONS_EXPORT_JOB]: async (ctx) => {
    const projectId = Number(ctx.payload.projectId);
    const query = ZDeclarationQuery.parse(ctx.payload.query ?? {});
    const project = await ctx.db.withTenant(ctx.tenantId, (tx) => getProject(tx, ctx.tenantId, projectId));
    return exportPagesToFile(ctx, {
      fileName: `${project.name}申报列表.xlsx`,
      sheet: '申报',
      columns: DECLARATION_COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) =>
          projectDeclarations(tx, ctx.tenantId, projectId, { ...query, current, pageSize }),
        ),
      doneText: (rows) => `“${project.name}”的申报（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
};

const OPINIONS: Record<string, string> = { agree: '同意', disagree: '不同意' };

function sheetColumns(
  items: { key: string; name: string }[],
  mode: 'score' | 'approval',
): ExcelColumn<TReviewSheetRow>[] {
  return [
    { header: '申报名称', width: 36, value: (r) => r.title },
    { header: '推荐单位', width: 28, value: (r) => r.unitName },
    { header: '评审环节', width: 14, value: (r) => r.stageName },
    { header: '评审专家', width: 14, value: (r) => r.expertName },
    ...(mode === 'score'
      ? [
          ...items.map((it) => ({
            header: it.name,
            width: 10,
            value: (r: TReviewSheetRow) => r.scores?.[it.key] ?? null,
          })),
          { header: '总分', width: 10, value: (r: TReviewSheetRow) => r.total },
        ]
      : [{ header: '意见', width: 10, value: (r: TReviewSheetRow) => (r.opinion ? (OPINIONS[r.opinion] ?? '') : '') }]),
    { header: '评语', width: 40, value: (r) => r.comment },
    { header: '状态', width: 10, value: (r) => (r.status === 1 ? '已提交' : '未提交') },
    { header: '提交时间', width: 20, value: (r) => time(r.submittedAt) },
  ];
}

const UNIT_COLUMNS: ExcelColumn<TTrialUnitRow>[] = [
  { header: '推荐单位', width: 32, value: (r) => r.unitName },
  { header: '申报数', width: 10, value: (r) => r.declarations },
  { header: '待推荐', width: 10, value: (r) => r.pending },
  { header: '已推荐', width: 10, value: (r) => r.passed },
  { header: '已退回', width: 10, value: (r) => r.returned },
  { header: '未通过', width: 10, value: (r) => r.rejected },
  { header: '推荐名额', width: 10, value: (r) => (r.quota > 0 ? r.quota : '不限') },
];

const EXPERT_COLUMNS: ExcelColumn<TReviewExpertRow>[] = [
  { header: '评审专家', width: 14, value: (r) => r.name },
  { header: '所在单位', width: 28, value: (r) => r.unitName },
  { header: '分配数', width: 10, value: (r) => r.assigned },
  { header: '已提交', width: 10, value: (r) => r.submitted },
  { header: '平均分', width: 10, value: (r) => r.average },
];

const CUMULATIVE_COLUMNS: ExcelColumn<TDeclaration>[] = [
  { header: '项目', width: 30, value: (r) => r.projectName },
  ...DECLARATION_COLUMNS,
];

/** One job kind for the statistics lists: the payload names the list and carries its query. */
const sheetExport: JobHandler = async (ctx) => {
  const sheet = ctx.payload.sheet as Sheet;
  const raw = (ctx.payload.query ?? {}) as Record<string, unknown>;
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) => ctx.db.withTenant(ctx.tenantId, work);
  const done = (name: string) => (rows: number) => `${name}（${rows} 条）已导出，请在导出窗口下载。`;
  if (sheet === 'declarations') {
    const q = ZCumulativeQuery.parse(raw);
    return exportPagesToFile(ctx, {
      fileName: '累计申报.xlsx',
      sheet: '累计申报',
      columns: CUMULATIVE_COLUMNS,
      page: (current, pageSize) => inTenant((tx) => cumulative(tx, ctx.tenantId, { ...q, current, pageSize })),
      doneText: done('累计申报'),
    });
  }
  const more = await screenSheet(ctx, sheet, raw);
  if (more) return more;
  const q = ZSheetQuery.parse(raw);
  const project = await inTenant((tx) => getProject(tx, ctx.tenantId, q.projectId));
  if (sheet === 'scores' || sheet === 'approvals') {
    const mode = sheet === 'scores' ? 'score' : 'approval';
    const items = project.flow.flatMap((s) => (s.kind === 'expert_review' && s.mode === 'score' ? s.items : []));
    const name = `${project.name}${mode === 'score' ? '评分表' : '审批表'}`;
    return exportPagesToFile(ctx, {
      fileName: `${name}.xlsx`,
      sheet: mode === 'score' ? '评分表' : '审批表',
      columns: sheetColumns(items, mode),
      page: (current, pageSize) => inTenant((tx) => reviewSheet(tx, ctx.tenantId, { ...q, current, pageSize }, mode)),
      doneText: done(name),
    });
  }
  if (sheet === 'units' || sheet === 'reports')
    return exportPagesToFile(ctx, {
      fileName: `${project.name}初审单位.xlsx`,
      sheet: '初审单位',
      columns: UNIT_COLUMNS,
      page: (current, pageSize) => inTenant((tx) => trialUnits(tx, ctx.tenantId, { ...q, current, pageSize })),
      doneText: done(`${project.name}初审单位`),
    });
  return exportPagesToFile(ctx, {
    fileName: `${project.name}评审专家.xlsx`,
    sheet: '评审专家',
    columns: EXPERT_COLUMNS,
    page: (current, pageSize) => inTenant((tx) => reviewExperts(tx, ctx.tenantId, { ...q, current, pageSize })),
    doneText: done(`${project.name}评审专家`),
  });
};

projectExportJobs[SHEET_EXPORT_JOB] = sheetExport;
