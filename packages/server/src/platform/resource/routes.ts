import {
  exportFileName,
  fieldText,
  fieldValue,
  ok,
  type ResourceContract,
  type ResourceField,
  ResultCode,
  type TImportProblem,
  type TImportResult,
  type TPage,
  ZEnvelope,
  ZIdParam,
  ZImportQuery,
  ZImportResult,
  ZPage,
} from '@shetuan/shared';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, callerTenant } from '../auth/context';
import type { AppDatabase, Tx } from '../db';
import { readUpload } from '../files/routes';
import type { AppInstance } from '../http/app-types';
import { AppError } from '../http/errors';
import { type ExcelColumn, sendXlsx } from '../http/excel';
import { enqueueJob } from '../jobs';
import { exportPagesToFile } from '../jobs/export';
import type { JobContext, JobHandler } from '../jobs/registry';

type Infer<T extends z.ZodType> = z.output<T>;
// biome-ignore lint/suspicious/noExplicitAny: any contract, whatever its detail schema
type AnyContract = ResourceContract<z.ZodObject, z.ZodObject, z.ZodObject, z.ZodObject, any>;
/** What GET :id answers: the contract's detail schema, or its entity. */
type DetailOf<C extends AnyContract> =
  NonNullable<C['detail']> extends z.ZodObject ? Infer<NonNullable<C['detail']>> : Infer<C['entity']>;
type Work<T> = (tx: Tx, tenantId: number) => Promise<T>;

/**
 * Where a resource's rows live, and so how its routes and its export job reach them: the transaction
 * the service's functions get and the tenant id they are given.
 */
export interface ResourceScope {
  /** Refuses a caller the resource is not for, before any of its routes does anything. */
  guard?(request: FastifyRequest): void;
  request<T>(db: AppDatabase, request: FastifyRequest, work: Work<T>): Promise<T>;
  job<T>(ctx: JobContext, work: Work<T>): Promise<T>;
}

/** The default: the caller's tenant transaction (row-level security), the caller's tenant id. */
export const TENANT_SCOPE: ResourceScope = {
  request: (db, request, work) => callerTenant(db)(request, (tx) => work(tx, authOf(request).tenantId)),
  job: (ctx, work) => ctx.db.withTenant(ctx.tenantId, (tx) => work(tx, ctx.tenantId)),
};

/**
 * What a module implements for a resource: its service over its repository. Every function runs
 * in the caller's tenant transaction and gets the tenant id to name in its queries. A business
 * rule refuses with AppError (Chinese message), which the routes pass on as the envelope.
 */
export interface ResourceService<C extends AnyContract> {
  list(tx: Tx, tenantId: number, query: Infer<C['filters']>): Promise<TPage<Infer<C['entity']>>>;
  /** The record for the detail and the edit form; null (or an AppError of its own) when absent. */
  get(tx: Tx, tenantId: number, id: number): Promise<DetailOf<C> | null>;
  /** `actor` is who creates it (a record that belongs to its maker: a template and its form). */
  create(tx: Tx, tenantId: number, input: Infer<C['create']>, actor?: { userId: number }): Promise<number>;
  update(tx: Tx, tenantId: number, id: number, input: Infer<C['update']>): Promise<void>;
  /** Needed when the page has 删除. */
  remove?(tx: Tx, tenantId: number, id: number): Promise<void>;
  /** Columns the export adds after the contract's fields, read when it runs (a tenant's own questions). */
  exportColumns?(tx: Tx, tenantId: number): Promise<ExcelColumn<Infer<C['entity']>>[]>;
  /**
   * The import's name look-ups, read once per import: for each create key that a field imports
   * into (`importAs`), the value a name stands for, or undefined when there is none.
   */
  importLookup?(tx: Tx, tenantId: number): Promise<Record<string, (name: string) => unknown>>;
  /**
   * Rows outside the tenants' own data (the operations platform's tenant list): how to reach them,
   * checks included. TENANT_SCOPE by default.
   */
  scope?: ResourceScope;
}

/** A list's records with every row's children after it (a tree list, flat for the export). */
function flatten(records: Record<string, unknown>[]): Record<string, unknown>[] {
  return records.flatMap((r) => {
    const children = r.children;
    return Array.isArray(children) && children.length > 0 ? [r, ...flatten(children)] : [r];
  });
}

/** Most rows one import reads. */
export const IMPORT_MAX_ROWS = 5000;

const exportKind = (contract: AnyContract) => `resource-export:${contract.name}`;

function notFound(contract: AnyContract): AppError {
  return new AppError(ResultCode.FAILED, `${contract.title}不存在或已删除`);
}

/** The export columns of a resource: its fields with export !== false, shown as text. */
function exportColumns(contract: AnyContract): ExcelColumn<Record<string, unknown>>[] {
  return contract.fields
    .filter((f) => f.export !== false && !f.formOnly && !f.filterOnly)
    .map((f) => ({
      header: f.title,
      width: f.width ? Math.round(f.width / 7) : 18,
      value: (row) => fieldText(f, row[f.key]),
    }));
}

/** The fields an import reads: exported fields the create schema accepts (or imports into by name). */
function importFields(contract: AnyContract) {
  const shape = contract.create.shape as Record<string, unknown>;
  return contract.fields.filter(
    (f) => f.export !== false && !f.formOnly && !f.filterOnly && (f.importAs ?? f.key) in shape,
  );
}

/**
 * A field imported by name (`importAs`): each name of the cell (several for tags) looked up; the
 * names nobody knows are the row's problems.
 */
function lookedUp(
  field: ResourceField,
  text: string,
  lookup: ((name: string) => unknown) | undefined,
): { value: unknown; unknown: string[] } {
  // Names may hold spaces (信息技术 / 人工智能): a list of them is split at 、 , ; and line breaks only.
  const parsed =
    field.kind === 'tags'
      ? text
          .split(/[、,，;；\n]+/)
          .map((n) => n.trim())
          .filter(Boolean)
      : fieldValue(field, text);
  if (parsed === undefined || !lookup) return { value: parsed, unknown: [] };
  if (Array.isArray(parsed) && parsed.length === 0) return { value: undefined, unknown: [] };
  const names = Array.isArray(parsed) ? parsed.map(String) : [String(parsed)];
  const values = names.map((n) => lookup(n));
  const unknown = names.filter((_, i) => values[i] === undefined);
  return { value: Array.isArray(parsed) ? values : values[0], unknown };
}

/**
 * The background export of a resource (a job kind for the module's manifest): pages through the
 * service's list with the filters the person had, into an .xlsx in the tenant's files. A tree
 * list's children follow their parent.
 */
export function resourceExportJob<C extends AnyContract>(
  contract: C,
  service: ResourceService<C>,
): Record<string, JobHandler> {
  const scope = service.scope ?? TENANT_SCOPE;
  const handler: JobHandler = async (ctx) => {
    const filters = (ctx.payload.query ?? {}) as Record<string, unknown>;
    const extra = service.exportColumns;
    const more = (extra ? await scope.job(ctx, (tx, tenantId) => extra(tx, tenantId)) : []) as ExcelColumn<
      Record<string, unknown>
    >[];
    return exportPagesToFile(ctx, {
      fileName: exportFileName(contract),
      sheet: contract.title,
      columns: [...exportColumns(contract), ...more],
      page: async (current, pageSize) => {
        const page = (await scope.job(ctx, (tx, tenantId) =>
          service.list(tx, tenantId, { ...(contract.filters.parse(filters) as object), current, pageSize } as Infer<
            C['filters']
          >),
        )) as TPage<Record<string, unknown>>;
        return { ...page, records: flatten(page.records) };
      },
      doneText: (rows) => `${contract.title}（${rows} 条）已导出，请在导出窗口下载。`,
    });
  };
  return { [exportKind(contract)]: handler };
}

/** Reads the first sheet: header titles in row 1, one record per later row (row numbers kept). */
async function readSheet(data: Buffer): Promise<{ headers: string[]; rows: { row: number; cells: string[] }[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError(ResultCode.FAILED, '文件不是有效的 Excel（.xlsx）文件');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(ResultCode.FAILED, 'Excel 文件中没有工作表');
  const text = (cell: ExcelJS.Cell) => (cell.value === null || cell.value === undefined ? '' : cell.text.trim());
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = text(cell);
  });
  const rows: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = headers.map((_, i) => text(r.getCell(i + 1)));
    if (cells.some((c) => c !== '')) rows.push({ row: rowNumber, cells });
  });
  return { headers, rows };
}

class RollBack extends Error {}

/**
 * The routes of a resource under contract.api: list, detail, create, update, delete (when the page
 * has 删除), the export job (when it has 导出), and for an importable resource the import template
 * and the import. Reading needs the page, the rest its function points (import: add). Multipart
 * fields of an import that the create schema knows (a parent's key such as dictCode) apply to
 * every row.
 */
export async function resourceRoutes<C extends AnyContract>(
  app: AppInstance,
  contract: C,
  service: ResourceService<C>,
): Promise<void> {
  const scope = service.scope ?? TENANT_SCOPE;
  const run = <T>(request: FastifyRequest, work: Work<T>) => {
    scope.guard?.(request);
    return scope.request(app.db, request, work);
  };
  const tags = [contract.name];
  const { page, api, title } = contract;
  const ZNull = ZEnvelope(z.null());

  app.get(
    api,
    {
      config: { permission: page.path },
      schema: {
        tags,
        summary: `${title}：列表`,
        querystring: contract.filters,
        response: { 200: ZEnvelope(ZPage(contract.entity)) },
      },
    },
    async (request) =>
      ok(await run(request, (tx, tenantId) => service.list(tx, tenantId, request.query as Infer<C['filters']>))),
  );

  if (page.export)
    app.post(
      `${api}/export-jobs`,
      {
        config: { permission: page.export },
        schema: {
          tags,
          summary: `${title}：导出（后台任务，进度见 /common/process）`,
          body: (contract.filters as z.ZodObject).omit({ current: true, pageSize: true }),
          response: { 200: ZEnvelope(z.object({ key: z.string() })) },
        },
      },
      async (request) => {
        scope.guard?.(request);
        const auth = authOf(request);
        // The job row is the caller's, in the caller's tenant, whatever the resource's scope.
        const job = await callerTenant(app.db)(request, (tx) =>
          enqueueJob(tx, {
            tenantId: auth.tenantId,
            userId: auth.userId,
            kind: exportKind(contract),
            payload: { query: request.body as Record<string, unknown> },
          }),
        );
        return ok(job, '导出任务已开始');
      },
    );

  if (contract.importable) importRoutes(app, contract, service);

  app.get(
    `${api}/:id`,
    {
      config: { permission: page.path },
      schema: {
        tags,
        summary: `${title}：详情`,
        params: ZIdParam,
        response: { 200: ZEnvelope(contract.detail ?? contract.entity) },
      },
    },
    async (request) => {
      const row = await run(request, (tx, tenantId) => service.get(tx, tenantId, request.params.id));
      if (!row) throw notFound(contract);
      return ok(row);
    },
  );

  app.post(
    api,
    {
      config: { permission: page.add },
      schema: {
        tags,
        summary: `${title}：新增`,
        body: contract.create,
        response: { 200: ZEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const id = await run(request, (tx, tenantId) =>
        service.create(tx, tenantId, request.body as Infer<C['create']>, { userId: authOf(request).userId }),
      );
      return ok({ id }, '新增成功');
    },
  );

  app.put(
    `${api}/:id`,
    {
      config: { permission: page.edit },
      schema: { tags, summary: `${title}：修改`, params: ZIdParam, body: contract.update, response: { 200: ZNull } },
    },
    async (request) => {
      await run(request, (tx, tenantId) =>
        service.update(tx, tenantId, request.params.id, request.body as Infer<C['update']>),
      );
      return ok(null, '保存成功');
    },
  );

  const remove = service.remove;
  if (page.delete && remove)
    app.delete(
      `${api}/:id`,
      {
        config: { permission: page.delete },
        schema: { tags, summary: `${title}：删除`, params: ZIdParam, response: { 200: ZNull } },
      },
      async (request) => {
        await run(request, (tx, tenantId) => remove(tx, tenantId, request.params.id));
        return ok(null, '删除成功');
      },
    );
}

/** The import template and the import of an importable resource (new records, permission add). */
function importRoutes<C extends AnyContract>(app: AppInstance, contract: C, service: ResourceService<C>): void {
  const scope = service.scope ?? TENANT_SCOPE;
  const tags = [contract.name];
  const { page, api, title } = contract;

  app.get(
    `${api}/import-template`,
    { config: { permission: page.add }, schema: { tags, summary: `${title}：导入模板（xlsx）` } },
    async (_request, reply) =>
      sendXlsx(
        reply,
        `${title}导入模板`,
        title,
        importFields(contract).map((f) => ({
          header: f.title,
          width: f.width ? Math.round(f.width / 7) : 18,
          value: () => '',
        })),
        [],
      ),
  );

  app.post(
    `${api}/import`,
    {
      config: { permission: page.add },
      schema: {
        tags,
        summary: `${title}：从 Excel 导入（mode=all 有错不写入；mode=valid 只写入正确的行）`,
        querystring: ZImportQuery,
        response: { 200: ZEnvelope(ZImportResult) },
      },
    },
    async (request) => {
      scope.guard?.(request);
      const upload = await readUpload(request);
      const { headers, rows } = await readSheet(upload.data);
      if (rows.length === 0) throw new AppError(ResultCode.FAILED, 'Excel 文件中没有数据行');
      if (rows.length > IMPORT_MAX_ROWS) throw new AppError(ResultCode.FAILED, `一次最多导入${IMPORT_MAX_ROWS}行`);
      const fields = importFields(contract);
      const missing = fields.filter(
        (f) =>
          !headers.includes(f.title) &&
          !(contract.create.shape[f.importAs ?? f.key] as z.ZodType).safeParse(undefined).success,
      );
      if (missing.length > 0)
        throw new AppError(ResultCode.FAILED, `缺少列：${missing.map((f) => f.title).join('、')}（请使用导入模板）`);
      const fixed: Record<string, string> = {};
      for (const key of Object.keys(contract.create.shape)) {
        const value = upload.field(key);
        if (value !== undefined) fixed[key] = value;
      }
      const titleOf = (key: string) =>
        contract.fields.find((f) => (f.importAs ?? f.key) === key && !f.formOnly)?.title ??
        contract.fields.find((f) => f.key === key)?.title ??
        key;
      const lookup = service.importLookup;
      const lookups =
        lookup && fields.some((f) => f.importAs)
          ? await scope.request(app.db, request, (tx, tenantId) => lookup(tx, tenantId))
          : {};
      const problems: TImportProblem[] = [];
      const valid: { row: number; input: Infer<C['create']> }[] = [];
      for (const { row, cells } of rows) {
        const record: Record<string, unknown> = { ...fixed };
        const unknownNames: TImportProblem[] = [];
        for (const f of fields) {
          const at = headers.indexOf(f.title);
          if (at < 0) continue;
          const key = f.importAs ?? f.key;
          const { value, unknown } = f.importAs
            ? lookedUp(f, cells[at] ?? '', lookups[key])
            : { value: fieldValue(f, cells[at] ?? ''), unknown: [] };
          for (const name of unknown) unknownNames.push({ row, column: f.title, reason: `${f.title}“${name}”不存在` });
          if (value !== undefined) record[key] = value;
        }
        const parsed = contract.create.safeParse(record);
        if (parsed.success && unknownNames.length === 0) valid.push({ row, input: parsed.data as Infer<C['create']> });
        else {
          problems.push(...unknownNames);
          const named = new Set(unknownNames.map((p) => p.column));
          for (const issue of parsed.success ? [] : parsed.error.issues) {
            const column = titleOf(String(issue.path[0] ?? ''));
            if (!named.has(column)) problems.push({ row, column, reason: issue.message });
          }
        }
      }
      const mode = (request.query as z.infer<typeof ZImportQuery>).mode;
      let inserted = 0;
      try {
        await scope.request(app.db, request, async (tx, tenantId) => {
          for (const { row, input } of valid) {
            // Each row in its own savepoint: a row is written whole or not at all.
            try {
              await tx.transaction((sp) => service.create(sp, tenantId, input, { userId: authOf(request).userId }));
              inserted += 1;
            } catch (err) {
              if (!(err instanceof AppError)) throw err;
              problems.push({ row, column: '', reason: err.message });
            }
          }
          if (mode === 'all' && problems.length > 0) throw new RollBack();
        });
      } catch (err) {
        if (!(err instanceof RollBack)) throw err;
        inserted = 0;
      }
      problems.sort((a, b) => a.row - b.row);
      const result: TImportResult = { total: rows.length, inserted, problems };
      const msg =
        problems.length === 0
          ? `导入成功，共${inserted}条`
          : inserted === 0
            ? `有${new Set(problems.map((p) => p.row)).size}行数据有误，未导入任何数据`
            : `已导入${inserted}条，${new Set(problems.map((p) => p.row)).size}行有误未导入`;
      return ok(result, msg);
    },
  );
}

export { notFound as resourceNotFound };
