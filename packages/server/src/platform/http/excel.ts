import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface ExcelColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | Date | null;
}

/** Most rows one export writes; a list larger than this is narrowed by its search first. */
export const EXPORT_MAX_ROWS = 50_000;

/**
 * Streams rows to an .xlsx answer with exceljs's streaming writer (rows are committed as they
 * go, so memory stays flat). The file name is sent RFC 5987-encoded for Chinese names.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  fileName: string,
  sheet: string,
  columns: ExcelColumn<T>[],
  rows: AsyncIterable<T> | T[],
) {
  const stream = new PassThrough();
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}.xlsx`,
    )
    .header('cache-control', 'no-store');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const ws = workbook.addWorksheet(sheet);
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const write = async () => {
    for await (const row of rows) ws.addRow(columns.map((c) => c.value(row))).commit();
    ws.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => stream.destroy(err as Error));
  return reply.send(stream);
}

/**
 * Writes rows to an .xlsx file with the streaming writer, batch by batch (a background export):
 * onBatch hears how many rows are written so far. Answers the number of rows.
 */
export async function writeXlsxFile<T>(
  filename: string,
  sheet: string,
  columns: ExcelColumn<T>[],
  batches: AsyncIterable<T[]>,
  onBatch: (written: number) => Promise<void>,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useStyles: true });
  const ws = workbook.addWorksheet(sheet);
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  let written = 0;
  for await (const batch of batches) {
    for (const row of batch) ws.addRow(columns.map((c) => c.value(row))).commit();
    written += batch.length;
    await onBatch(written);
  }
  ws.commit();
  await workbook.commit();
  return written;
}
