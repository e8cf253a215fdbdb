import type { TPage } from '@shetuan/shared';
import { newTenantFile } from '../files/local';
import { EXPORT_MAX_ROWS, type ExcelColumn, writeXlsxFile } from '../http/excel';
import { sendMessage } from '../messages';
import type { JobContext, JobResult } from './registry';

const BATCH = 500;

/**
 * The body of every background export: pages of 500 rows (each read in its own tenant
 * transaction) written with exceljs's streaming writer into the tenant's files, progress after
 * each page, at most EXPORT_MAX_ROWS rows; then the 导出完成 message to whoever asked.
 */
export async function exportPagesToFile<T>(
  ctx: JobContext,
  options: {
    fileName: string;
    sheet: string;
    columns: ExcelColumn<T>[];
    page: (current: number, pageSize: number) => Promise<TPage<T>>;
    doneText: (rows: number) => string;
  },
): Promise<JobResult> {
  const file = newTenantFile(ctx.config.DATA_DIR, ctx.tenantId, 'exports', options.fileName);
  let total = 0;
  async function* batches() {
    for (let current = 1; ; current++) {
      const page = await options.page(current, BATCH);
      total = Math.min(page.total, EXPORT_MAX_ROWS);
      if (page.records.length === 0) return;
      yield page.records;
      if (current * BATCH >= total) return;
    }
  }
  const rows = await writeXlsxFile(file.absolute, options.sheet, options.columns, batches(), (written) =>
    ctx.progress(total ? (written / total) * 100 : 99),
  );
  if (ctx.userId) {
    const to = ctx.userId;
    await ctx.db.withTenant(ctx.tenantId, (tx) =>
      sendMessage(tx, ctx.tenantId, 'export.done', { userId: to }, { title: '导出完成', body: options.doneText(rows) }),
    );
  }
  return { file: file.relative, fileName: options.fileName, rows };
}
