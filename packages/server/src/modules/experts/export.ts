import { exportFileName } from '@shetuan/shared';
import {
  type TCallApplication,
  type TDraw,
  type TDrawPick,
  type TExpertAuditItem,
  ZCallApplicationQuery,
  ZDrawQuery,
  ZExpertAuditQuery,
} from '@shetuan/shared/experts';
import type { ExcelColumn } from '../../platform/http/excel';
import { exportPagesToFile } from '../../platform/jobs/export';
import type { JobHandler } from '../../platform/jobs/registry';
import { callTitle, listApplications } from './calls';
import { drawDetail, listDraws } from './draws';
import { listAudits } from './service';

export const AUDITS_EXPORT_JOB = 'experts.audits-export';
export const DRAWS_EXPORT_JOB = 'experts.draws-export';
export const DRAW_LOG_EXPORT_JOB = 'experts.draw-log-export';
export const CALL_APPLICATIONS_EXPORT_JOB = 'experts.call-applications-export';

const time = (iso: string | null) => (iso ? new Date(iso) : null);

const AUDIT_COLUMNS: ExcelColumn<TExpertAuditItem>[] = [
  { header: '类型', width: 12, value: (r) => r.kindName },
  { header: '姓名', width: 12, value: (r) => r.name },
  { header: '手机号', width: 14, value: (r) => r.mobile },
  { header: '工作单位', width: 28, value: (r) => r.unitName },
  { header: '职称', width: 14, value: (r) => r.title },
  { header: '专业领域', width: 30, value: (r) => r.domainNames.join('、') },
  { header: '变更内容', width: 40, value: (r) => r.diff.map((d) => `${d.title}：${d.before} → ${d.after}`).join('；') },
  { header: '提交时间', width: 20, value: (r) => time(r.submittedAt) },
];

const DRAW_COLUMNS: ExcelColumn<TDraw>[] = [
  { header: '遴选名称', width: 30, value: (r) => r.title },
  { header: '随机种子', width: 12, value: (r) => r.seed },
  { header: '需要人数', width: 10, value: (r) => r.needed },
  { header: '已邀请', width: 10, value: (r) => r.invited },
  { header: '已确认', width: 10, value: (r) => r.confirmed },
  { header: '已拒绝', width: 10, value: (r) => r.declined },
  { header: '状态', width: 16, value: (r) => r.statusName },
  { header: '发起人', width: 12, value: (r) => r.createdBy },
  { header: '抽取时间', width: 20, value: (r) => time(r.createdAt) },
];

const APPLICATION_COLUMNS: ExcelColumn<TCallApplication>[] = [
  { header: '姓名', width: 12, value: (r) => r.name },
  { header: '手机号', width: 14, value: (r) => r.mobile },
  { header: '工作单位', width: 28, value: (r) => r.unitName },
  { header: '职称', width: 14, value: (r) => r.title },
  { header: '专业领域', width: 30, value: (r) => r.domainNames.join('、') },
  { header: '领域相符', width: 10, value: (r) => (r.matched ? '是' : '否') },
  { header: '类型', width: 10, value: (r) => r.kindName },
  { header: '审核状态', width: 10, value: (r) => r.statusName },
  { header: '原因', width: 24, value: (r) => r.reason },
  { header: '报名时间', width: 20, value: (r) => time(r.createdAt) },
  { header: '审核时间', width: 20, value: (r) => time(r.decidedAt) },
  { header: '审核人', width: 12, value: (r) => r.decidedBy },
];

const safeName = (title: string) => title.replace(/[\\/:*?"<>|]/g, '_');

export const expertExportJobs: Record<string, JobHandler> = {
  /** A call's applications, with the filters of the list (the call's title and the day in the name). */
  [CALL_APPLICATIONS_EXPORT_JOB]: async (ctx) => {
    const callId = Number(ctx.payload.callId);
    const query = ZCallApplicationQuery.parse(ctx.payload.query ?? {});
    const title = await ctx.db.withTenant(ctx.tenantId, (tx) => callTitle(tx, ctx.tenantId, callId));
    return exportPagesToFile(ctx, {
      fileName: exportFileName({ title, exportName: `专家征集报名-${safeName(title)}_{date}` }),
      sheet: '报名',
      columns: APPLICATION_COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) =>
          listApplications(tx, ctx.tenantId, callId, { ...query, current, pageSize }),
        ),
      doneText: (rows) => `征集报名（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
  [AUDITS_EXPORT_JOB]: (ctx) => {
    const query = ZExpertAuditQuery.parse(ctx.payload.query ?? {});
    return exportPagesToFile(ctx, {
      fileName: '专家审核.xlsx',
      sheet: '专家审核',
      columns: AUDIT_COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) => listAudits(tx, ctx.tenantId, { ...query, current, pageSize })),
      doneText: (rows) => `专家审核列表（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
  [DRAWS_EXPORT_JOB]: (ctx) => {
    const query = ZDrawQuery.parse(ctx.payload.query ?? {});
    return exportPagesToFile(ctx, {
      fileName: '专家遴选.xlsx',
      sheet: '专家遴选',
      columns: DRAW_COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) => listDraws(tx, ctx.tenantId, { ...query, current, pageSize })),
      doneText: (rows) => `专家遴选列表（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
  /** One draw's whole record: every pick and substitute, what happened to it, the seed in the name. */
  [DRAW_LOG_EXPORT_JOB]: async (ctx) => {
    const drawId = Number(ctx.payload.drawId);
    const detail = await ctx.db.withTenant(ctx.tenantId, (tx) => drawDetail(tx, ctx.tenantId, drawId));
    const slotText = new Map(detail.slots.map((s) => [s.index, `第${s.index + 1}组（${s.text}）`]));
    const columns: ExcelColumn<TDrawPick>[] = [
      { header: '组别', width: 30, value: (r) => slotText.get(r.slot) ?? '' },
      { header: '顺位', width: 8, value: (r) => r.position },
      { header: '类型', width: 8, value: (r) => (r.substitute ? '候补' : '抽中') },
      { header: '姓名', width: 12, value: (r) => r.name },
      { header: '手机号', width: 14, value: (r) => r.mobile },
      { header: '工作单位', width: 28, value: (r) => r.unitName },
      { header: '职称', width: 14, value: (r) => r.title },
      { header: '状态', width: 10, value: (r) => r.statusName },
      { header: '原因', width: 24, value: (r) => r.reason },
      { header: '邀请时间', width: 20, value: (r) => time(r.invitedAt) },
      { header: '答复时间', width: 20, value: (r) => time(r.respondedAt) },
      { header: '答复人', width: 16, value: (r) => r.respondedBy },
    ];
    const safeTitle = detail.title.replace(/[\\/:*?"<>|]/g, '_');
    return exportPagesToFile(ctx, {
      fileName: `专家遴选记录-${safeTitle}-种子${detail.seed}.xlsx`,
      sheet: '遴选记录',
      columns,
      page: async (current) => ({
        records: current === 1 ? detail.picks : [],
        total: detail.picks.length,
        current,
        pageSize: detail.picks.length,
      }),
      doneText: (rows) => `遴选记录（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
};
