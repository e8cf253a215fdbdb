import { type TAppealRow, ZAppealQuery } from '@shetuan/shared/appeals';
import { z } from 'zod';
import type { ExcelColumn } from '../../platform/http/excel';
import { exportPagesToFile, type JobHandler } from '../../platform/jobs';
import { listAppeals } from './service';

export const APPEALS_EXPORT_JOB = 'appeals.export';

/** The list's columns: phone and ID number masked, as the list shows them (PIPL). */
const COLUMNS: ExcelColumn<TAppealRow>[] = [
  { header: '申诉编号', width: 20, value: (r) => r.number },
  { header: '提交时间', width: 20, value: (r) => new Date(r.createdAt) },
  { header: '姓名', width: 12, value: (r) => r.name },
  { header: '手机号', width: 14, value: (r) => r.phone },
  { header: '身份证号', width: 22, value: (r) => r.idNumber },
  { header: '遇到的问题', width: 22, value: (r) => r.categoryName },
  { header: '状态', width: 10, value: (r) => r.statusName },
  { header: '处理方式', width: 16, value: (r) => r.actionName },
  { header: '处理结果', width: 36, value: (r) => r.result },
  { header: '处理人', width: 12, value: (r) => r.handlerName },
  { header: '处理时间', width: 20, value: (r) => (r.handledAt ? new Date(r.handledAt) : '') },
];

const ZPayload = z.object({ query: ZAppealQuery.partial().default({}) });

/** 人工申诉 to Excel in the background, as the list filters it. */
export const appealJobs: Record<string, JobHandler> = {
  [APPEALS_EXPORT_JOB]: async (ctx) => {
    const { query } = ZPayload.parse(ctx.payload);
    const filters = ZAppealQuery.parse(query);
    return exportPagesToFile(ctx, {
      fileName: '人工申诉.xlsx',
      sheet: '人工申诉',
      columns: COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) => listAppeals(tx, ctx.tenantId, { ...filters, current, pageSize })),
      doneText: (rows) => `人工申诉（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
};
