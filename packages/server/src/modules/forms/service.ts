import { randomBytes } from 'node:crypto';
import { likePattern, ResultCode, type TPage, type TPageQuery } from '@shetuan/shared';
import {
  BUILTIN_TEMPLATES,
  DISPLAY_TYPES,
  FIXED_FIELD_MESSAGE,
  FIXED_FIELDS,
  FORM_KIND_NAMES,
  FORM_STATUS_NAMES,
  type FormKind,
  FormStatus,
  missingFixedField,
  type TFormDetail,
  type TFormProjectSettings,
  type TFormRow,
  type TFormSchema,
  type TFormTheme,
  type TTemplateRow,
  withFixedFields,
  withoutField,
  ZFormProjectSettings,
  ZFormSchema,
  ZFormTheme,
} from '@shetuan/shared/forms';
import { and, count, desc, eq, ilike, isNotNull, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { formAnswers, formProjects, formVersions } from './tables';

type ProjectRow = typeof formProjects.$inferSelect;

/**
 * A form's answer count, counted (no counter column: a counter row every submission updates would
 * make all submissions to one form wait for each other).
 */
const answerCountSql = sql<number>`(select count(*)::int from form_answers a
  where a.tenant_id = ${formProjects.tenantId} and a.project_id = ${formProjects.id})`;

export async function countAnswers(tx: Tx, p: ProjectRow, where?: SQL): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(formAnswers)
    .where(and(eq(formAnswers.tenantId, p.tenantId), eq(formAnswers.projectId, p.id), where));
  return row?.n ?? 0;
}

/** A form's public key: 12 characters of [A-Za-z0-9] (/s/{key}). */
export function newFormKey(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(12);
  let key = '';
  for (const b of bytes) key += alphabet[b % alphabet.length];
  return key;
}

export const NOT_FOUND = '表单不存在或已删除';

export function toRow(p: ProjectRow, answerCount = 0): TFormRow {
  return {
    key: p.key,
    kind: p.kind,
    kindName: FORM_KIND_NAMES[p.kind] ?? '',
    name: p.name,
    description: p.description,
    status: p.status,
    statusName: FORM_STATUS_NAMES[p.status] ?? '',
    answerCount,
    publishedVersion: p.publishedVersion,
    isTemplate: p.isTemplate,
    updatedAt: p.updatedAt.toISOString(),
    createdAt: p.createdAt.toISOString(),
    deletedAt: p.deletedAt?.toISOString() ?? null,
  };
}

async function latestVersion(tx: Tx, p: ProjectRow) {
  if (p.publishedVersion === 0) return null;
  const [v] = await tx
    .select()
    .from(formVersions)
    .where(
      and(
        eq(formVersions.tenantId, p.tenantId),
        eq(formVersions.projectId, p.id),
        eq(formVersions.version, p.publishedVersion),
      ),
    );
  return v ?? null;
}

export async function toDetail(tx: Tx, p: ProjectRow): Promise<TFormDetail> {
  const published = await latestVersion(tx, p);
  return {
    ...toRow(p, await countAnswers(tx, p)),
    schema: p.schema,
    settings: p.settings,
    theme: p.theme,
    unpublishedChanges: !published || JSON.stringify(published.schema) !== JSON.stringify(p.schema),
  };
}

/**
 * The caller's own form (the /project area is per person: my forms, my recycle bin), or a
 * refusal. `deleted` picks the recycle bin.
 */
export async function ownForm(tx: Tx, userId: number, key: string, deleted = false): Promise<ProjectRow> {
  const [p] = await tx
    .select()
    .from(formProjects)
    .where(
      and(
        eq(formProjects.key, key),
        eq(formProjects.ownerUserId, userId),
        deleted ? isNotNull(formProjects.deletedAt) : isNull(formProjects.deletedAt),
      ),
    );
  if (!p) throw new AppError(ResultCode.FAILED, NOT_FOUND);
  return p;
}

export async function listForms(
  tx: Tx,
  userId: number,
  query: TPageQuery & { status?: number | undefined },
  where: 'mine' | 'recycle' | 'templates',
): Promise<TPage<TFormRow>> {
  const filters: (SQL | undefined)[] = [eq(formProjects.ownerUserId, userId)];
  if (where === 'recycle') filters.push(isNotNull(formProjects.deletedAt));
  else filters.push(isNull(formProjects.deletedAt));
  if (where === 'templates') filters.push(eq(formProjects.isTemplate, true));
  if (query.keyword) {
    const k = likePattern(query.keyword);
    filters.push(or(ilike(formProjects.name, k), ilike(formProjects.description, k)));
  }
  if (query.status !== undefined) filters.push(eq(formProjects.status, query.status));
  const cond = and(...filters);
  const [total] = await tx.select({ n: count() }).from(formProjects).where(cond);
  const rows = await tx
    .select({ p: formProjects, answers: answerCountSql })
    .from(formProjects)
    .where(cond)
    .orderBy(desc(where === 'recycle' ? formProjects.deletedAt : formProjects.updatedAt), desc(formProjects.id))
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  return {
    records: rows.map((r) => toRow(r.p, r.answers)),
    total: total?.n ?? 0,
    current: query.current,
    pageSize: query.pageSize,
  };
}

/**
 * The templates to start from, a page at a time: the built-in ones first, then the tenant's (any of
 * its people may use them), newest first.
 */
export async function listTemplates(tx: Tx, query: TPageQuery): Promise<TPage<TTemplateRow>> {
  const k = query.keyword?.trim().toLowerCase() ?? '';
  const builtin = BUILTIN_TEMPLATES.filter((t) => !k || t.name.toLowerCase().includes(k)).map((t) => ({
    key: t.key,
    name: t.name,
    description: t.description,
    builtin: true,
    fieldCount: t.schema.fields.length,
    updatedAt: null,
  }));
  const cond = and(
    eq(formProjects.isTemplate, true),
    isNull(formProjects.deletedAt),
    k ? ilike(formProjects.name, likePattern(k)) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(formProjects).where(cond);
  const offset = (query.current - 1) * query.pageSize;
  const fromBuiltin = builtin.slice(offset, offset + query.pageSize);
  const want = query.pageSize - fromBuiltin.length;
  const rows =
    want > 0
      ? await tx
          .select()
          .from(formProjects)
          .where(cond)
          .orderBy(desc(formProjects.updatedAt), desc(formProjects.id))
          .limit(want)
          .offset(Math.max(0, offset - builtin.length))
      : [];
  return {
    records: [
      ...fromBuiltin,
      ...rows.map((r) => ({
        key: r.key,
        name: r.name,
        description: r.description,
        builtin: false,
        fieldCount: r.schema.fields.length,
        updatedAt: r.updatedAt.toISOString(),
      })),
    ],
    total: builtin.length + (total?.n ?? 0),
    current: query.current,
    pageSize: query.pageSize,
  };
}

/** A template's schema (built-in, or a tenant template of this tenant). */
export async function templateSchema(tx: Tx, key: string): Promise<{ name: string; schema: TFormSchema }> {
  const builtin = BUILTIN_TEMPLATES.find((t) => t.key === key);
  if (builtin) return { name: builtin.name, schema: builtin.schema };
  const [row] = await tx
    .select({ name: formProjects.name, schema: formProjects.schema })
    .from(formProjects)
    .where(and(eq(formProjects.key, key), eq(formProjects.isTemplate, true), isNull(formProjects.deletedAt)));
  if (!row) throw new AppError(ResultCode.FAILED, '模板不存在');
  return row;
}

export async function createForm(
  tx: Tx,
  tenantId: number,
  userId: number,
  input: {
    name: string;
    description: string;
    kind?: FormKind;
    schema?: TFormSchema;
    settings?: TFormProjectSettings;
    theme?: TFormTheme;
  },
): Promise<ProjectRow> {
  const kind = input.kind ?? 'project';
  const schema = input.schema ?? ZFormSchema.parse({ fields: [] });
  const [row] = await tx
    .insert(formProjects)
    .values({
      tenantId,
      key: newFormKey(),
      kind,
      name: input.name,
      description: input.description,
      ownerUserId: userId,
      schema: { ...schema, fields: withFixedFields(schema.fields, kind) },
      settings: input.settings ?? ZFormProjectSettings.parse({}),
      theme: input.theme ?? ZFormTheme.parse({}),
    })
    .returning();
  if (!row) throw new Error('form insert returned no row');
  return row;
}

export async function updateForm(
  tx: Tx,
  p: ProjectRow,
  change: Partial<
    Pick<
      ProjectRow,
      'schema' | 'settings' | 'theme' | 'name' | 'description' | 'isTemplate' | 'status' | 'publishedVersion'
    >
  >,
): Promise<ProjectRow> {
  const [row] = await tx
    .update(formProjects)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(formProjects.tenantId, p.tenantId), eq(formProjects.id, p.id)))
    .returning();
  if (!row) throw new AppError(ResultCode.FAILED, NOT_FOUND);
  return row;
}

/**
 * Publishing: the designer's schema becomes the next version when it differs from the last one
 * (answers keep naming the version they were checked against), and the form collects.
 */
export async function publishForm(tx: Tx, p: ProjectRow): Promise<ProjectRow> {
  if (p.schema.fields.length === 0) throw new AppError(ResultCode.FAILED, '表单还没有题目，请先添加题目');
  const answerable = p.schema.fields.some((f) => !DISPLAY_TYPES.has(f.type));
  if (!answerable) throw new AppError(ResultCode.FAILED, '表单至少需要一道可以作答的题目');
  const published = await latestVersion(tx, p);
  let version = p.publishedVersion;
  if (!published || JSON.stringify(published.schema) !== JSON.stringify(p.schema)) {
    const [last] = await tx
      .select({ v: max(formVersions.version) })
      .from(formVersions)
      .where(and(eq(formVersions.tenantId, p.tenantId), eq(formVersions.projectId, p.id)));
    version = (last?.v ?? 0) + 1;
    await tx.insert(formVersions).values({ tenantId: p.tenantId, projectId: p.id, version, schema: p.schema });
  }
  return updateForm(tx, p, { status: FormStatus.COLLECTING, publishedVersion: version });
}

/** A copy of the form (designer schema, settings and theme; no answers), not published. */
export async function copyForm(tx: Tx, p: ProjectRow, userId: number): Promise<ProjectRow> {
  return createForm(tx, p.tenantId, userId, {
    name: `${p.name}（副本）`.slice(0, 60),
    description: p.description,
    kind: p.kind,
    schema: p.schema,
    settings: p.settings,
    theme: p.theme,
  });
}

export async function moveToRecycle(tx: Tx, p: ProjectRow): Promise<void> {
  await tx
    .update(formProjects)
    .set({ deletedAt: new Date(), status: p.status === FormStatus.COLLECTING ? FormStatus.STOPPED : p.status })
    .where(and(eq(formProjects.tenantId, p.tenantId), eq(formProjects.id, p.id)));
}

export async function restoreForm(tx: Tx, p: ProjectRow): Promise<void> {
  await tx
    .update(formProjects)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(and(eq(formProjects.tenantId, p.tenantId), eq(formProjects.id, p.id)));
}

/** Deleting for good takes the versions, answers, drafts and upload records with it. */
export async function purgeForm(tx: Tx, p: ProjectRow): Promise<void> {
  await tx.execute(sql`delete from form_answers where tenant_id = ${p.tenantId} and project_id = ${p.id}`);
  await tx.delete(formProjects).where(and(eq(formProjects.tenantId, p.tenantId), eq(formProjects.id, p.id)));
}

/** A design save may not drop a fixed question of the form's kind (此项为固定项，不可删除). */
export function checkFixedFields(p: ProjectRow, schema: TFormSchema): void {
  const missing = missingFixedField(schema, p.kind);
  if (missing) throw new AppError(ResultCode.FAILED, FIXED_FIELD_MESSAGE, { field: missing.id });
}

/**
 * Deleting one question of a variant form (the activity, membership and expert designers delete
 * on the server): not a fixed one, only one that exists; the question and the rules naming it
 * leave the designer's copy at once.
 */
export async function deleteField(tx: Tx, p: ProjectRow, fieldId: string): Promise<ProjectRow> {
  const field = p.schema.fields.find((f) => f.id === fieldId);
  if (!field) throw new AppError(ResultCode.FAILED, '题目不存在或已删除');
  if (field.fixed || FIXED_FIELDS[p.kind].some((f) => f.id === fieldId))
    throw new AppError(ResultCode.FAILED, FIXED_FIELD_MESSAGE);
  return updateForm(tx, p, { schema: withoutField(p.schema, fieldId) });
}
