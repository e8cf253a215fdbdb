import { DISPLAY_TYPES, type TFormAnswer } from '@shetuan/shared/forms';
import type { ExcelColumn } from '../../platform/http/excel';
import { exportPagesToFile, type JobHandler } from '../../platform/jobs';
import { type AnswerQuery, listAnswers, readableAnswer } from './answers';
import { publishedSchema } from './fill';
import { ownForm } from './service';

export const ANSWER_EXPORT_JOB = 'forms.answer-export';

/**
 * The answers of a form to .xlsx (exceljs streaming), in pages of 500 with progress: 序号, one
 * column per question of the published version (readable text: option labels, file names), the
 * filler, the time.
 */
export const exportAnswers: JobHandler = async (ctx) => {
  const key = String(ctx.payload.key);
  const query = (ctx.payload.query ?? {}) as Omit<AnswerQuery, 'current' | 'pageSize'>;
  const userId = ctx.userId ?? 0;
  const { project, schema } = await ctx.db.withTenant(ctx.tenantId, async (tx) => {
    const p = await ownForm(tx, ctx.tenantId, userId, key);
    return { project: p, schema: await publishedSchema(tx, p) };
  });
  const questions = schema.fields.filter((f) => !DISPLAY_TYPES.has(f.type));
  type Row = TFormAnswer & { readable: Record<string, string> };
  const columns: ExcelColumn<Row>[] = [
    { header: '序号', width: 8, value: (r) => r.serial },
    ...questions.map((f) => ({ header: f.label || f.id, width: 20, value: (r: Row) => r.readable[f.id] ?? '' })),
    { header: '填写人', width: 12, value: (r) => r.userName || '访客' },
    { header: 'IP', width: 16, value: (r) => r.ip },
    { header: '浏览器', width: 30, value: (r) => r.userAgent },
    { header: '用时（秒）', width: 10, value: (r) => r.seconds },
    { header: '提交时间', width: 22, value: (r) => new Date(r.createdAt) },
  ];
  return exportPagesToFile(ctx, {
    fileName: `${project.name}-答卷.xlsx`.replace(/[\\/:*?"<>|]/g, '_'),
    sheet: '答卷',
    columns,
    page: async (current, pageSize) => {
      const page = await ctx.db.withTenant(ctx.tenantId, (tx) =>
        listAnswers(tx, project, { ...query, current, pageSize }),
      );
      return { ...page, records: page.records.map((r) => ({ ...r, readable: readableAnswer(schema, r.data) })) };
    },
    doneText: (rows) => `“${project.name}”的答卷（${rows} 条）已导出，请在导出窗口下载。`,
  });
};
