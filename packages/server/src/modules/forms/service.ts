import { randomBytes } from 'node:crypto';
import { ResultCode, type TPage, type TPageQuery } from '@shetuan/shared';
import {
  BUILTIN_TEMPLATES,
  DISPLAY_TYPES,
  FIXED_FIELD_MESSAGE,
  FORM_STATUS_NAMES,
  type FormKindDef,
  FormStatus,
  missingFixedField,
  sameSchema,
  type TFormDetail,
  type TFormField,
  type TFormKind,
  type TFormKindCreate,
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
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { installedModules } from '../../platform/modules';
import { cleanFormWrite } from './clean';
import { designToStore, designWithOptions, publishedSnapshot } from './dictionary';
import type { AnswerCountFilter, ProjectChange, ProjectRow } from './repository';
import * as repo from './repository';

/**
 * A form's answer count, counted (no counter column: a counter row every submission updates would
 * make all submissions to one form wait for each other). `filter` narrows it (today's, one filler's).
 */
export function countAnswers(tx: Tx, p: ProjectRow, filter?: AnswerCountFilter): Promise<number> {
  return repo.countAnswers(tx, p.tenantId, p.id, filter);
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

/** The kinds the installed modules declare (forms: 普通表单, 活动报名, …). */
function moduleKinds(): FormKindDef[] {
  return installedModules().flatMap((m) => m.formKinds ?? []);
}

/** Every kind the tenant may use: the modules' and its own, by key. */
export async function kindsOf(tx: Tx, tenantId: number): Promise<Map<string, FormKindDef & { own: boolean }>> {
  const kinds = new Map<string, FormKindDef & { own: boolean }>(
    moduleKinds().map((k) => [k.key, { ...k, own: false }]),
  );
  for (const k of await repo.listTenantKinds(tx, tenantId)) kinds.set(k.key, { ...k, own: true });
  return kinds;
}

/** One kind the tenant may use, or 表单类型不存在. */
export async function kindOf(tx: Tx, tenantId: number, key: string): Promise<FormKindDef> {
  const kind = (await kindsOf(tx, tenantId)).get(key);
  if (!kind) throw new AppError(ResultCode.FAILED, '表单类型不存在');
  return kind;
}

/** The names of the tenant's kinds, for rows. */
export async function kindNames(tx: Tx, tenantId: number): Promise<Map<string, string>> {
  return new Map([...(await kindsOf(tx, tenantId))].map(([key, k]) => [key, k.name]));
}

export async function listKinds(tx: Tx, tenantId: number): Promise<TFormKind[]> {
  return [...(await kindsOf(tx, tenantId)).values()].map((k) => ({
    key: k.key,
    name: k.name,
    fixed: k.fixed.map((f) => ({ id: f.id, label: f.label })),
    own: k.own,
  }));
}

/**
 * A tenant's own kind from one of its forms: the chosen questions become fixed (and required) in
 * every form of the kind, as the modules' kinds do with theirs.
 */
export async function createKind(tx: Tx, tenantId: number, userId: number, input: TFormKindCreate): Promise<TFormKind> {
  const p = await ownForm(tx, tenantId, userId, input.formKey);
  const fixed: TFormField[] = [];
  for (const id of new Set(input.fixedIds)) {
    const field = p.schema.fields.find((f) => f.id === id);
    if (!field) throw new AppError(ResultCode.FAILED, '固定题目不在该表单中，请刷新后重试');
    if (DISPLAY_TYPES.has(field.type))
      throw new AppError(ResultCode.FAILED, `“${field.label}”不是作答题，不能设为固定题目`);
    fixed.push({ ...field, fixed: true, required: true });
  }
  const key = `t-${randomBytes(6).toString('hex')}`;
  if (!(await repo.insertTenantKind(tx, tenantId, { key, name: input.name, fixed })))
    throw new AppError(ResultCode.FAILED, `表单类型“${input.name}”已存在`);
  return { key, name: input.name, fixed: fixed.map((f) => ({ id: f.id, label: f.label })), own: true };
}

/** Deletes a tenant's own kind that no form uses. */
export async function deleteKind(tx: Tx, tenantId: number, key: string): Promise<void> {
  const kind = (await kindsOf(tx, tenantId)).get(key);
  if (!kind?.own) throw new AppError(ResultCode.FAILED, kind ? '内置表单类型不能删除' : '表单类型不存在');
  const used = await repo.countFormsOfKind(tx, tenantId, key);
  if (used > 0) throw new AppError(ResultCode.FAILED, `还有${used}个表单属于该类型，不能删除`);
  await repo.deleteTenantKind(tx, tenantId, key);
}

export function toRow(p: ProjectRow, answerCount = 0, names?: ReadonlyMap<string, string>): TFormRow {
  return {
    key: p.key,
    kind: p.kind,
    kindName: names?.get(p.kind) ?? moduleKinds().find((k) => k.key === p.kind)?.name ?? '',
    name: p.name,
    description: p.description,
    status: p.status,
    statusName: FORM_STATUS_NAMES[p.status] ?? '',
    answerCount,
    publishedVersion: p.publishedVersion,
    isTemplate: p.isTemplate,
    templateName: p.templateName,
    updatedAt: p.updatedAt.toISOString(),
    createdAt: p.createdAt.toISOString(),
    deletedAt: p.deletedAt?.toISOString() ?? null,
  };
}

async function latestVersion(tx: Tx, p: ProjectRow) {
  if (p.publishedVersion === 0) return null;
  return (await repo.findVersion(tx, p.tenantId, p.id, p.publishedVersion)) ?? null;
}

/**
 * A form for its designer: the design with the options of its dictionary questions as the tenant's
 * dictionaries have them now. Changes not published yet include a dictionary changed since.
 */
export async function toDetail(tx: Tx, p: ProjectRow): Promise<TFormDetail> {
  const published = await latestVersion(tx, p);
  const schema = await designWithOptions(tx, p.tenantId, p.schema);
  return {
    ...toRow(p, await countAnswers(tx, p), await kindNames(tx, p.tenantId)),
    schema,
    settings: p.settings,
    theme: p.theme,
    unpublishedChanges: !published || !sameSchema(published.schema, schema),
  };
}

/**
 * The caller's own form (the /project area is per person: my forms, my recycle bin), or a
 * refusal. `deleted` picks the recycle bin.
 */
export async function ownForm(
  tx: Tx,
  tenantId: number,
  userId: number,
  key: string,
  deleted = false,
): Promise<ProjectRow> {
  const p = await repo.findOwnProject(tx, tenantId, userId, key, deleted);
  if (!p) throw new AppError(ResultCode.FAILED, NOT_FOUND);
  return p;
}

export async function listForms(
  tx: Tx,
  tenantId: number,
  userId: number,
  query: TPageQuery & { status?: number | undefined },
  where: 'mine' | 'recycle' | 'templates',
): Promise<TPage<TFormRow>> {
  const { rows, total } = await repo.listOwnProjects(tx, tenantId, userId, query, where);
  const names = await kindNames(tx, tenantId);
  return {
    records: rows.map((r) => toRow(r.p, r.answers, names)),
    total,
    current: query.current,
    pageSize: query.pageSize,
  };
}

/**
 * The templates to start from, a page at a time: the built-in ones first, then the tenant's (any of
 * its people may use them), newest first.
 */
export async function listTemplates(tx: Tx, tenantId: number, query: TPageQuery): Promise<TPage<TTemplateRow>> {
  const k = query.keyword?.trim().toLowerCase() ?? '';
  const builtin = BUILTIN_TEMPLATES.filter((t) => !k || t.name.toLowerCase().includes(k)).map((t) => ({
    key: t.key,
    name: t.name,
    description: t.description,
    builtin: true,
    fieldCount: t.schema.fields.length,
    updatedAt: null,
  }));
  const total = await repo.countTenantTemplates(tx, tenantId, k);
  const offset = (query.current - 1) * query.pageSize;
  const fromBuiltin = builtin.slice(offset, offset + query.pageSize);
  const want = query.pageSize - fromBuiltin.length;
  const rows =
    want > 0 ? await repo.listTenantTemplates(tx, tenantId, k, want, Math.max(0, offset - builtin.length)) : [];
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
    total: builtin.length + total,
    current: query.current,
    pageSize: query.pageSize,
  };
}

/** A template as its preview shows it: dictionary questions with the tenant's items now. */
export async function templatePreview(
  tx: Tx,
  tenantId: number,
  key: string,
): Promise<{ name: string; schema: TFormSchema }> {
  const t = await templateSchema(tx, tenantId, key);
  return { name: t.name, schema: await designWithOptions(tx, tenantId, t.schema) };
}

/** A template's schema (built-in, or a tenant template of this tenant). */
export async function templateSchema(
  tx: Tx,
  tenantId: number,
  key: string,
): Promise<{ name: string; schema: TFormSchema }> {
  const builtin = BUILTIN_TEMPLATES.find((t) => t.key === key);
  if (builtin) return { name: builtin.name, schema: builtin.schema };
  const row = await repo.findTenantTemplate(tx, tenantId, key);
  if (!row) throw new AppError(ResultCode.FAILED, '模板不存在');
  return row;
}

export async function createForm(
  tx: Tx,
  tenantId: number,
  userId: number,
  given: {
    name: string;
    description: string;
    kind?: string;
    schema?: TFormSchema;
    settings?: TFormProjectSettings;
    theme?: TFormTheme;
    /** The template it starts from (kept by name for 我的表单). */
    templateName?: string;
  },
): Promise<ProjectRow> {
  const input = cleanFormWrite(given);
  const kind = await kindOf(tx, tenantId, input.kind ?? 'project');
  const schema = input.schema ? await designToStore(tx, tenantId, input.schema) : ZFormSchema.parse({ fields: [] });
  const row = await repo.insertProject(tx, tenantId, {
    key: newFormKey(),
    kind: kind.key,
    name: input.name,
    description: input.description,
    ownerUserId: userId,
    schema: { ...schema, fields: withFixedFields(schema.fields, kind.fixed) },
    settings: input.settings ?? ZFormProjectSettings.parse({}),
    theme: input.theme ?? ZFormTheme.parse({}),
    templateName: given.templateName ?? '',
  });
  if (!row) throw new Error('form insert returned no row');
  return row;
}

/** A change to a form; a design is checked and stored as `designToStore` says. */
export async function updateForm(tx: Tx, p: ProjectRow, change: ProjectChange): Promise<ProjectRow> {
  const clean = cleanFormWrite(change);
  if (clean.schema) clean.schema = await designToStore(tx, p.tenantId, clean.schema);
  const row = await repo.updateProject(tx, p.tenantId, p.id, clean);
  if (!row) throw new AppError(ResultCode.FAILED, NOT_FOUND);
  return row;
}

/**
 * Publishing: the designer's schema becomes the next version when it differs from the last one
 * (answers keep naming the version they were checked against), and the form collects. The version
 * holds a snapshot of each dictionary a question takes its options from (the enabled items, in
 * order): a later change in 字典管理 reaches the form at its next publishing, never before.
 */
export async function publishForm(tx: Tx, p: ProjectRow): Promise<ProjectRow> {
  if (p.schema.fields.length === 0) throw new AppError(ResultCode.FAILED, '表单还没有题目，请先添加题目');
  const answerable = p.schema.fields.some((f) => !DISPLAY_TYPES.has(f.type));
  if (!answerable) throw new AppError(ResultCode.FAILED, '表单至少需要一道可以作答的题目');
  const published = await latestVersion(tx, p);
  const snapshot = await publishedSnapshot(tx, p.tenantId, p.schema);
  let version = p.publishedVersion;
  if (!published || !sameSchema(published.schema, snapshot)) {
    version = (await repo.lastVersion(tx, p.tenantId, p.id)) + 1;
    await repo.insertVersion(tx, p.tenantId, p.id, version, snapshot);
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
  await repo.markProjectDeleted(
    tx,
    p.tenantId,
    p.id,
    p.status === FormStatus.COLLECTING ? FormStatus.STOPPED : p.status,
  );
}

export async function restoreForm(tx: Tx, p: ProjectRow): Promise<void> {
  await repo.restoreProject(tx, p.tenantId, p.id);
}

/** Deleting for good takes the versions, answers, drafts and upload records with it. */
export async function purgeForm(tx: Tx, p: ProjectRow): Promise<void> {
  await repo.deleteProject(tx, p.tenantId, p.id);
}

/**
 * A design save may not drop a fixed question of the form's kind (此项为固定项，不可删除); the
 * answer is the schema with the kind's fixed questions kept fixed and required.
 */
export async function withKindFields(tx: Tx, p: ProjectRow, schema: TFormSchema): Promise<TFormSchema> {
  const kind = await kindOf(tx, p.tenantId, p.kind);
  const missing = missingFixedField(schema, kind.fixed);
  if (missing) throw new AppError(ResultCode.FAILED, FIXED_FIELD_MESSAGE, { field: missing.id });
  return { ...schema, fields: withFixedFields(schema.fields, kind.fixed) };
}

/**
 * Deleting one question of a variant form (the activity, membership and expert designers delete
 * on the server): not a fixed one, only one that exists; the question and the rules naming it
 * leave the designer's copy at once.
 */
export async function deleteField(tx: Tx, p: ProjectRow, fieldId: string): Promise<ProjectRow> {
  const field = p.schema.fields.find((f) => f.id === fieldId);
  if (!field) throw new AppError(ResultCode.FAILED, '题目不存在或已删除');
  const kind = await kindOf(tx, p.tenantId, p.kind);
  if (field.fixed || kind.fixed.some((f) => f.id === fieldId))
    throw new AppError(ResultCode.FAILED, FIXED_FIELD_MESSAGE);
  return updateForm(tx, p, { schema: withoutField(p.schema, fieldId) });
}
