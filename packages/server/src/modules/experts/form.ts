import { ResultCode } from '@shetuan/shared';
import {
  answeredByProfile,
  EXPERT_FORM_KIND,
  type TAnswerLine,
  type TExpertFormConfig,
  type TExpertProfile,
  type TPublishedExpertForm,
} from '@shetuan/shared/experts';
import { answerLines, DISPLAY_TYPES, fieldName, otherName, type TFormSchema } from '@shetuan/shared/forms';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import {
  checkEmbeddedAnswers,
  copyEmbeddedForm,
  createEmbeddedForm,
  embeddedFormSchema,
  embeddedFormVersion,
  publishEmbeddedForm,
} from '../forms';
import * as repo from './repository';
import * as record from './repository/record';

/*
 * 专家信息配置: the tenant's own questions (a form of the forms module's kind `expert`, reached only
 * through its index). The published version is what registration and own changes ask; answers
 * are checked against it on the server as the fill page's are, and kept with the profile with the
 * version they were checked against, so a later version never changes how old answers read.
 */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

/** The tenant's form as published, or null when it has none (or never published it). */
export async function publishedExpertForm(tx: Tx, tenantId: number): Promise<TPublishedExpertForm | null> {
  const settings = await record.settingsOf(tx, tenantId);
  if (!settings?.formKey) return null;
  const version = await embeddedFormVersion(tx, tenantId, settings.formKey);
  if (!version) return null;
  return { key: settings.formKey, version, schema: await embeddedFormSchema(tx, tenantId, settings.formKey, version) };
}

/** The kind's fixed questions the profile answers (姓名, 性别, 手机, 工作单位), as the form names them. */
function profileAnswers(schema: TFormSchema, profile: TExpertProfile, mobile: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of schema.fields) {
    if (!answeredByProfile(f)) continue;
    const value =
      f.id === 'fullname'
        ? profile.name
        : f.id === 'mobile'
          ? mobile
          : f.id === 'company'
            ? profile.unitName
            : f.options?.find((o) => o.label === profile.gender)?.value;
    if (value !== undefined && value !== '') out[fieldName(f.id)] = value;
  }
  return out;
}

/** Only the answers of the form's own questions (the profile's are kept as profile columns). */
function ownAnswers(schema: TFormSchema, values: Record<string, unknown>): Record<string, unknown> {
  const profileNames = new Set(
    schema.fields.filter(answeredByProfile).flatMap((f) => [fieldName(f.id), otherName(f.id)]),
  );
  return Object.fromEntries(Object.entries(values).filter(([k]) => !profileNames.has(k)));
}

/**
 * Checks the answers a registration or a change sends against the published version (the
 * profile answering its fixed questions) and answers what to keep; no form: nothing is kept.
 */
export async function checkedAnswers(
  tx: Tx,
  tenantId: number,
  userId: number,
  profile: TExpertProfile,
  mobile: string,
  answers: Record<string, unknown>,
): Promise<{ formKey: string | null; formVersion: number; formAnswers: Record<string, unknown> }> {
  const form = await publishedExpertForm(tx, tenantId);
  if (!form) return { formKey: null, formVersion: 0, formAnswers: {} };
  if (!profile.gender && form.schema.fields.some((f) => f.id === 'gender' && f.required)) throw fail('请选择性别');
  const merged = { ...ownAnswers(form.schema, answers), ...profileAnswers(form.schema, profile, mobile) };
  const values = await checkEmbeddedAnswers(tx, tenantId, form.key, form.version, userId, merged);
  return { formKey: form.key, formVersion: form.version, formAnswers: ownAnswers(form.schema, values) };
}

/** Reads answers as text, one form version at a time (kept for a page of experts). */
export function answerReader(tx: Tx, tenantId: number) {
  const schemas = new Map<string, Promise<TFormSchema | null>>();
  const schemaOf = (key: string, version: number) => {
    const id = `${key}:${version}`;
    let s = schemas.get(id);
    if (!s) {
      s = embeddedFormSchema(tx, tenantId, key, version).catch(() => null);
      schemas.set(id, s);
    }
    return s;
  };
  return async (row: {
    formKey: string | null;
    formVersion: number;
    formAnswers: Record<string, unknown>;
  }): Promise<TAnswerLine[]> => {
    if (!row.formKey || !row.formVersion) return [];
    const schema = await schemaOf(row.formKey, row.formVersion);
    if (!schema) return [];
    return answerLines(schema, row.formAnswers)
      .filter((l) => !answeredByProfile(l) && l.text !== '')
      .map((l) => ({ id: l.id, label: l.label, text: l.text }));
  };
}

/** The questions of a published version beyond the profile's. */
export function ownQuestions(schema: TFormSchema) {
  return schema.fields
    .filter((f) => !DISPLAY_TYPES.has(f.type) && !answeredByProfile(f))
    .map((f) => ({ id: f.id, label: f.label, type: f.type, required: f.required }));
}

// ———————————————————————— 专家信息配置 ————————————————————————

export async function formConfig(tx: Tx, tenantId: number, userId: number): Promise<TExpertFormConfig> {
  const settings = await record.settingsOf(tx, tenantId);
  const answered = await record.countAnswered(tx, tenantId);
  const version = settings?.formKey ? await embeddedFormVersion(tx, tenantId, settings.formKey) : null;
  if (!settings?.formKey || version === null)
    return { formKey: null, ownerName: '', mine: false, version: 0, questions: [], published: null, answered };
  const published = version > 0 ? await publishedExpertForm(tx, tenantId) : null;
  const owner = settings.formOwnerId !== null ? await repo.personOf(tx, settings.formOwnerId) : undefined;
  return {
    formKey: settings.formKey,
    ownerName: owner?.name ?? '',
    mine: settings.formOwnerId === userId,
    version,
    questions: published ? ownQuestions(published.schema) : [],
    published,
    answered,
  };
}

/** A new expert form (the kind's fixed questions only), kept by the caller; answers its key. */
export async function createExpertForm(tx: Tx, tenantId: number, userId: number): Promise<string> {
  const settings = await record.settingsOf(tx, tenantId);
  if (settings?.formKey && (await embeddedFormVersion(tx, tenantId, settings.formKey)) !== null)
    throw fail('已有专家信息表，请直接设计');
  const key = await createEmbeddedForm(tx, tenantId, userId, { name: '专家信息表', kind: EXPERT_FORM_KIND });
  await record.saveSettings(tx, tenantId, { formKey: key, formOwnerId: userId });
  return key;
}

/**
 * 接管: the forms module keeps a form per person, so another administrator takes the form over as
 * a copy of their own, published at once with the version in use (nothing changes for experts).
 */
export async function takeOverExpertForm(tx: Tx, tenantId: number, userId: number): Promise<string> {
  const settings = await record.settingsOf(tx, tenantId);
  if (!settings?.formKey || (await embeddedFormVersion(tx, tenantId, settings.formKey)) === null)
    throw fail('还没有专家信息表');
  if (settings.formOwnerId === userId) throw fail('专家信息表已由您维护');
  const published = await publishedExpertForm(tx, tenantId);
  const key = await copyEmbeddedForm(tx, tenantId, userId, settings.formKey);
  if (published) await publishEmbeddedForm(tx, tenantId, key, published.schema);
  await record.saveSettings(tx, tenantId, { formKey: key, formOwnerId: userId });
  return key;
}

/** 停用: no more questions of the tenant's own; answers already given stay with the profiles. */
export async function stopExpertForm(tx: Tx, tenantId: number): Promise<void> {
  const settings = await record.settingsOf(tx, tenantId);
  if (!settings?.formKey) throw fail('还没有专家信息表');
  await record.saveSettings(tx, tenantId, { formKey: null, formOwnerId: null });
}
