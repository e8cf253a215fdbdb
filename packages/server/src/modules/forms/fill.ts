import { ResultCode } from '@shetuan/shared';
import {
  FormRefusal,
  FormStatus,
  type TFormProjectSettings,
  type TFormSchema,
  type TPublicForm,
  toStoredPairs,
  validateAnswers,
  ZFormSchema,
} from '@shetuan/shared/forms';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { isRegionPath } from '../../platform/region';
import { consumePhoneToken } from '../../platform/sms';
import { guardedPatternTest } from './pattern-guard';
import type { ProjectRow } from './repository';
import * as repo from './repository';
import { countAnswers, NOT_FOUND } from './service';

/** Who fills in: a logged-in person, or a visitor known by the device id the page keeps. */
export interface Filler {
  userId: number | null;
  deviceId: string | null;
  ip: string;
  userAgent: string;
}

export const ownerOf = (f: Filler): string | null =>
  f.userId ? `u:${f.userId}` : f.deviceId ? `d:${f.deviceId}` : null;

const fmt = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).replace(/\//g, '-');

/** The form the key names (the fill page's tenant: the logged-in person's, or the domain's). */
export async function publicForm(tx: Tx, tenantId: number, key: string): Promise<ProjectRow> {
  const p = await repo.findPublicProject(tx, tenantId, key);
  if (!p) throw new AppError(ResultCode.FAILED, NOT_FOUND);
  return p;
}

/** Why the form takes no answers now (the page shows it), or null. */
export async function closedReason(tx: Tx, p: ProjectRow, now = new Date()): Promise<string | null> {
  const s = p.settings;
  if (p.status === FormStatus.DRAFT || p.publishedVersion === 0) return '表单尚未发布';
  if (p.status === FormStatus.STOPPED) return '表单已停止收集';
  if (s.openAt && now < new Date(s.openAt)) return `表单将于 ${fmt(s.openAt)} 开始收集`;
  if (s.closeAt && now >= new Date(s.closeAt)) return '表单已结束收集';
  if (s.total !== null && (await countAnswers(tx, p)) >= s.total) return '表单收集数量已达上限';
  if (s.perDay !== null && (await countAnswers(tx, p, { today: true })) >= s.perDay)
    return '今日收集数量已达上限，请明天再来';
  return null;
}

/**
 * Published versions never change: their schemas are kept in memory (the most recent 200). The
 * form's random key is part of the cache key, so one process serving several databases (the API
 * tests run many files in one process) never takes another database's form with the same ids.
 */
const schemaCache = new Map<string, TFormSchema>();
const SCHEMA_CACHE_SIZE = 200;

export async function publishedSchema(tx: Tx, p: ProjectRow, version = p.publishedVersion): Promise<TFormSchema> {
  const cacheKey = `${p.tenantId}:${p.id}:${p.key}:${version}`;
  const cached = schemaCache.get(cacheKey);
  if (cached) return cached;
  const stored = await repo.findVersionSchema(tx, p.tenantId, p.id, version);
  if (!stored) throw new AppError(ResultCode.FAILED, '表单尚未发布');
  // A version published before the current schema version reads as the current one (once: cached).
  const migrated = ZFormSchema.safeParse(stored);
  const schema = migrated.success ? migrated.data : stored;
  schemaCache.set(cacheKey, schema);
  if (schemaCache.size > SCHEMA_CACHE_SIZE) schemaCache.delete(schemaCache.keys().next().value as string);
  return schema;
}

export async function publicView(tx: Tx, p: ProjectRow): Promise<TPublicForm> {
  if (p.publishedVersion === 0) throw new AppError(ResultCode.FAILED, '表单尚未发布');
  return {
    key: p.key,
    name: p.name,
    description: p.description,
    version: p.publishedVersion,
    schema: await publishedSchema(tx, p),
    theme: p.theme,
    loginRequired: p.settings.loginRequired,
    closedReason: await closedReason(tx, p),
    publicResult: p.settings.publicResult,
  };
}

/** The per-filler limits: per person, per network address, per device. */
async function checkFillerLimits(tx: Tx, p: ProjectRow, s: TFormProjectSettings, filler: Filler): Promise<void> {
  if (s.perPerson !== null && filler.userId) {
    const n = await countAnswers(tx, p, { userId: filler.userId });
    if (n >= s.perPerson)
      throw new AppError(ResultCode.FAILED, s.perPerson === 1 ? '您已经填写过该表单' : `每人最多填写${s.perPerson}次`);
  }
  if (s.perIp !== null && filler.ip) {
    const n = await countAnswers(tx, p, { ip: filler.ip });
    if (n >= s.perIp) throw new AppError(ResultCode.FAILED, `同一网络最多填写${s.perIp}次`);
  }
  if (s.perDevice !== null) {
    if (!filler.deviceId) throw new AppError(ResultCode.FAILED, '无法识别当前设备，请刷新页面后再提交');
    const n = await countAnswers(tx, p, { deviceId: filler.deviceId });
    if (n >= s.perDevice) throw new AppError(ResultCode.FAILED, `同一设备最多填写${s.perDevice}次`);
  }
}

/** Settings that count answers: with any of them the form row is locked so the counts hold. */
const hasCountLimits = (s: TFormProjectSettings) =>
  s.total !== null || s.perDay !== null || s.perPerson !== null || s.perIp !== null || s.perDevice !== null;

/**
 * A submission, all or nothing. Validated strictly against the version the page showed (the
 * current published one); files must be the filler's own uploads to this form, phone
 * verifications are spent, region codes must form a real path. Forms with count limits lock
 * their row first so the limits hold under concurrent submissions; the others take the row lock
 * only for the last step (the answer number), so many people can submit at once.
 */
export async function submitAnswer(
  tx: Tx,
  tenantId: number,
  key: string,
  filler: Filler,
  input: { version: number; values: Record<string, unknown>; seconds?: number | undefined },
): Promise<{ serial: number; settings: TFormProjectSettings }> {
  let p = await publicForm(tx, tenantId, key);
  if (hasCountLimits(p.settings)) {
    const locked = await repo.lockProject(tx, p.tenantId, p.id);
    if (!locked || locked.deletedAt) throw new AppError(ResultCode.FAILED, NOT_FOUND);
    p = locked;
  }
  const reason = await closedReason(tx, p);
  if (reason) throw new AppError(ResultCode.FAILED, reason);
  if (p.settings.loginRequired && !filler.userId) throw new AppError(ResultCode.FAILED, '请先登录后再填写');
  if (input.version !== p.publishedVersion)
    throw new AppError(ResultCode.FAILED, '表单内容已更新，请刷新页面后重新填写', {
      reason: FormRefusal.VERSION_CHANGED,
      version: p.publishedVersion,
    });
  if (hasCountLimits(p.settings)) await checkFillerLimits(tx, p, p.settings, filler);

  const schema = await publishedSchema(tx, p);
  const result = validateAnswers(schema, input.values, { strict: true, testPattern: guardedPatternTest });
  const first = result.errors[0];
  if (first) throw new AppError(ResultCode.FAILED, first.message, { errors: result.errors });

  if (result.files.length > 0) {
    const owner = ownerOf(filler);
    const ids = result.files.map((f) => Number(f.id));
    if (!owner || ids.some((id) => !Number.isSafeInteger(id)))
      throw new AppError(ResultCode.FAILED, '附件无效，请重新上传');
    const have = new Set(await repo.ownUploads(tx, p.tenantId, p.id, owner, ids));
    if (ids.some((id) => !have.has(id))) throw new AppError(ResultCode.FAILED, '附件无效，请重新上传');
  }
  for (const region of result.regionCodes) {
    if (!isRegionPath(region.codes)) throw new AppError(ResultCode.FAILED, '所选地区不存在，请重新选择');
  }
  for (const phone of result.phones) {
    if (!(await consumePhoneToken(tx, p.tenantId, phone.phoneNumber, phone.phoneToken)))
      throw new AppError(ResultCode.FAILED, '手机号验证已失效，请重新验证');
  }

  const owner = ownerOf(filler);
  if (owner) {
    await repo.deleteDraft(tx, p.tenantId, p.id, owner);
  }
  const data = toStoredPairs(schema, result.values);
  // The answer number from the form's own sequence: no row lock, so submissions to one form
  // commit side by side (a number given to a submission that then fails is skipped).
  const serial = await repo.nextAnswerSerial(tx, p.tenantId, p.id);
  if (serial === null) throw new Error('no answer number');
  await repo.insertAnswer(tx, p.tenantId, {
    projectId: p.id,
    version: p.publishedVersion,
    serial,
    data,
    searchText: Object.values(data).join(' ').toLowerCase().slice(0, 20_000),
    userId: filler.userId,
    ip: filler.ip,
    userAgent: filler.userAgent.slice(0, 500),
    deviceId: filler.deviceId,
    seconds: input.seconds ?? null,
  });
  return { serial, settings: p.settings };
}

export async function readDraft(tx: Tx, p: ProjectRow, owner: string): Promise<Record<string, unknown> | null> {
  return repo.findDraft(tx, p.tenantId, p.id, owner);
}

/** Saves the unfinished fill (at most 256 KB of answers). */
export async function saveDraft(tx: Tx, p: ProjectRow, owner: string, values: Record<string, unknown>): Promise<void> {
  if (JSON.stringify(values).length > 256 * 1024) throw new AppError(ResultCode.FAILED, '草稿内容过多，无法保存');
  await repo.upsertDraft(tx, p.tenantId, p.id, owner, values);
}

export async function recordUpload(tx: Tx, p: ProjectRow, owner: string, fileId: number): Promise<void> {
  await repo.insertUpload(tx, p.tenantId, p.id, owner, fileId);
}
