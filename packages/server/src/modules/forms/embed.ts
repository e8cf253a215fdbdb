import { ResultCode } from '@shetuan/shared';
import { fieldName, otherName, type TFormSchema, validateAnswers, ZFormSchema } from '@shetuan/shared/forms';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { isRegionPath } from '../../platform/region';
import { consumePhoneToken } from '../../platform/sms';
import { cleanFormSchema } from './clean';
import { publishedSchema } from './fill';
import { guardedPatternTest } from './pattern-guard';
import * as repo from './repository';
import { copyForm, createForm, publishForm, updateForm } from './service';

/**
 * Forms that belong to another module's record (a project's declaration form): the module keeps
 * the form's key, its owner edits it in the designer (/project/editor?key=…) like any other form,
 * and the module reads the published version it froze. Other modules use only these calls.
 */

/** A new empty form of a kind, owned by the person; answers its key. */
export async function createEmbeddedForm(
  tx: Tx,
  tenantId: number,
  userId: number,
  given: { name: string; kind: string },
): Promise<string> {
  const row = await createForm(tx, tenantId, userId, { name: given.name, description: '', kind: given.kind });
  return row.key;
}

/** A copy of a form (designer schema, settings, theme), owned by the person; answers its key. */
export async function copyEmbeddedForm(tx: Tx, tenantId: number, userId: number, key: string): Promise<string> {
  const p = await repo.findPublicProject(tx, tenantId, key);
  if (!p) throw new AppError(ResultCode.FAILED, '申报表单不存在');
  return (await copyForm(tx, p, userId)).key;
}

/** The form's published version (0 when never published), or null when it is gone. */
export async function embeddedFormVersion(tx: Tx, tenantId: number, key: string): Promise<number | null> {
  const p = await repo.findPublicProject(tx, tenantId, key);
  return p ? p.publishedVersion : null;
}

/** The published version of several forms at once (a page of a list), by key. */
export function embeddedFormVersions(tx: Tx, tenantId: number, keys: string[]): Promise<Map<string, number>> {
  return repo.publishedVersions(tx, tenantId, keys);
}

/** The schema of a published version (kept in memory: published versions never change). */
export async function embeddedFormSchema(tx: Tx, tenantId: number, key: string, version: number): Promise<TFormSchema> {
  const p = await repo.findPublicProject(tx, tenantId, key);
  if (!p) throw new AppError(ResultCode.FAILED, '申报表单不存在');
  return publishedSchema(tx, p, version);
}

/**
 * Checks a submission to an embedded form's published version as the fill page's submission is
 * checked: the questions' rules, the person's own uploads to this form, region codes and phone
 * verifications (consumed). Answers the values to keep, or refuses with the first problem.
 */
export async function checkEmbeddedAnswers(
  tx: Tx,
  tenantId: number,
  key: string,
  version: number,
  userId: number,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const p = await repo.findPublicProject(tx, tenantId, key);
  if (!p) throw new AppError(ResultCode.FAILED, '申报表单不存在');
  const schema = await publishedSchema(tx, p, version);
  const result = validateAnswers(schema, values, { strict: true, testPattern: guardedPatternTest });
  const first = result.errors[0];
  if (first) throw new AppError(ResultCode.FAILED, first.message, { errors: result.errors });
  if (result.files.length > 0) {
    const ids = result.files.map((f) => Number(f.id));
    if (ids.some((id) => !Number.isSafeInteger(id))) throw new AppError(ResultCode.FAILED, '附件无效，请重新上传');
    const have = new Set(await repo.ownUploads(tx, tenantId, p.id, `u:${userId}`, ids));
    if (ids.some((id) => !have.has(id))) throw new AppError(ResultCode.FAILED, '附件无效，请重新上传');
  }
  for (const region of result.regionCodes)
    if (!isRegionPath(region.codes)) throw new AppError(ResultCode.FAILED, '所选地区不存在，请重新选择');
  for (const phone of result.phones)
    if (!(await consumePhoneToken(tx, tenantId, phone.phoneNumber, phone.phoneToken)))
      throw new AppError(ResultCode.FAILED, '手机号验证已失效，请重新验证');
  return result.values;
}

/** A draft's values: only the form's own question names, as given (checked at submission). */
export async function draftValues(
  tx: Tx,
  tenantId: number,
  key: string,
  version: number,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const p = await repo.findPublicProject(tx, tenantId, key);
  if (!p) throw new AppError(ResultCode.FAILED, '申报表单不存在');
  const schema = await publishedSchema(tx, p, version);
  const known = new Set(schema.fields.flatMap((f) => [fieldName(f.id), otherName(f.id)]));
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (known.has(k)) kept[k] = v;
  if (JSON.stringify(kept).length > 512_000) throw new AppError(ResultCode.FAILED, '填写内容过长');
  return kept;
}

/** The names of the questions that ask for the person (姓名、手机、身份证…): hidden in blind review. */
export async function personalFieldNames(tx: Tx, tenantId: number, key: string, version: number): Promise<string[]> {
  const p = await repo.findPublicProject(tx, tenantId, key);
  if (!p) return [];
  const schema = await publishedSchema(tx, p, version);
  return schema.fields.filter((f) => f.personalType).flatMap((f) => [fieldName(f.id), otherName(f.id)]);
}

/** Saves a design into an embedded form and publishes it (demo data and module templates). */
export async function publishEmbeddedForm(tx: Tx, tenantId: number, key: string, schema: TFormSchema): Promise<number> {
  const p = await repo.findPublicProject(tx, tenantId, key);
  if (!p) throw new AppError(ResultCode.FAILED, '申报表单不存在');
  const updated = await updateForm(tx, p, { schema: cleanFormSchema(ZFormSchema.parse(schema)) });
  return (await publishForm(tx, updated)).publishedVersion;
}
