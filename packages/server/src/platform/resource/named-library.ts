import { ResultCode, type TPage } from '@shetuan/shared';
import type { Tx } from '../db';
import { AppError } from '../http/errors';

/**
 * A tenant's named library: rows unique by name within the tenant (评分规则, 定级方案, 项目流程…)
 * that the repository lists, finds, inserts, updates and deletes. What the module says about it;
 * `namedLibraryService` makes the resource service from it.
 */
export interface NamedLibrary<
  Row,
  View,
  Query extends { current: number; pageSize: number },
  Input extends { name: string },
> {
  list(tx: Tx, tenantId: number, query: Query): Promise<{ rows: Row[]; total: number }>;
  find(tx: Tx, tenantId: number, id: number): Promise<Row | undefined>;
  /** Whether another row of the tenant (not `exceptId`) has this name. */
  nameTaken(tx: Tx, tenantId: number, name: string, exceptId?: number): Promise<boolean>;
  /** The new row's id; 0 or undefined when a row of that name came first. */
  insert(tx: Tx, tenantId: number, input: Input): Promise<number | undefined>;
  /** Whether the row was there to change. */
  update(tx: Tx, tenantId: number, id: number, input: Input): Promise<boolean>;
  /** Whether the row was there to delete. */
  remove(tx: Tx, tenantId: number, id: number): Promise<boolean>;
  /** The row as the list, the detail and the export show it. */
  view(row: Row): View;
  /** The refusals, in Chinese: a name another row has (`规则名称已存在`), a row gone (`…不存在或已删除`). */
  messages: { nameTaken: string; gone: string };
  /** Refuses a removal the module forbids (a library item still chosen as a default), with AppError. */
  beforeRemove?(tx: Tx, tenantId: number, id: number): Promise<void>;
  /** After a create or an update, in the same transaction (a new default clears the others). */
  afterWrite?(tx: Tx, tenantId: number, id: number, input: Input): Promise<void>;
}

/** The resource service of a named library: the name checked before each write and the row's absence refused. */
export function namedLibraryService<
  Row,
  View,
  Query extends { current: number; pageSize: number },
  Input extends { name: string },
>(lib: NamedLibrary<Row, View, Query, Input>) {
  const fail = (message: string) => new AppError(ResultCode.FAILED, message);
  return {
    async list(tx: Tx, tenantId: number, query: Query): Promise<TPage<View>> {
      const { rows, total } = await lib.list(tx, tenantId, query);
      return { records: rows.map(lib.view), total, current: query.current, pageSize: query.pageSize };
    },
    async get(tx: Tx, tenantId: number, id: number): Promise<View | null> {
      const row = await lib.find(tx, tenantId, id);
      return row ? lib.view(row) : null;
    },
    async create(tx: Tx, tenantId: number, input: Input): Promise<number> {
      if (await lib.nameTaken(tx, tenantId, input.name)) throw fail(lib.messages.nameTaken);
      // A row of the same name inserted at the same moment: the unique index had it first.
      const id = await lib.insert(tx, tenantId, input);
      if (!id) throw fail(lib.messages.nameTaken);
      await lib.afterWrite?.(tx, tenantId, id, input);
      return id;
    },
    async update(tx: Tx, tenantId: number, id: number, input: Input): Promise<void> {
      if (await lib.nameTaken(tx, tenantId, input.name, id)) throw fail(lib.messages.nameTaken);
      if (!(await lib.update(tx, tenantId, id, input))) throw fail(lib.messages.gone);
      await lib.afterWrite?.(tx, tenantId, id, input);
    },
    async remove(tx: Tx, tenantId: number, id: number): Promise<void> {
      await lib.beforeRemove?.(tx, tenantId, id);
      if (!(await lib.remove(tx, tenantId, id))) throw fail(lib.messages.gone);
    },
  };
}
