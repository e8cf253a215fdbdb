import { normalisePhone, PHONE_PATTERN } from '@shetuan/shared';
import type { MessageEvent } from '@shetuan/shared/messages';
import type { Tx } from '../db';
import { enqueueJob, type JobContext, type JobResult } from '../jobs';
import { smsNoticeEnabled } from '../messages';
import { smsProviderFromConfig } from './from-config';
import * as repo from './repository';

/** The job kind that sends one queued notice (registered by the sms part's manifest). */
export const SMS_NOTICE_JOB = 'sms.notice';
/**
 * Tries per notice: the worker waits 2, 4, 8, 16, 32 s between them, about a minute in all, past a
 * provider's per-minute limit for one phone (Aliyun isv.BUSINESS_LIMIT_CONTROL).
 */
export const SMS_NOTICE_ATTEMPTS = 6;
/** The text's length at most (without the 【name】 prefix): a long SMS is billed per 67 characters. */
export const SMS_NOTICE_MAX_CHARS = 200;

interface NoticePayload {
  outboxId: number;
  /** The template's variable: the text without the tenant's prefix (the provider adds its sign). */
  text: string;
  event: MessageEvent | null;
}

/**
 * Queues an SMS notice in the caller's transaction: an outbox row (status queued) and a job that
 * sends it once the transaction has committed (a rollback takes both back; a restart finds the
 * job, as it is a row). With an event, the tenant's /messageSetting SMS switch of that event
 * decides (off unless turned on). A missing or invalid phone, or an empty text, sends nothing.
 * Answers whether a notice was queued.
 */
export async function queueSmsNotice(
  tx: Tx,
  tenantId: number,
  notice: { phone: string | null | undefined; content: string; event?: MessageEvent | undefined },
): Promise<boolean> {
  const phone = validPhone(notice.phone);
  const text = noticeText(notice.content);
  if (!phone || !text) return false;
  if (notice.event && !(await smsNoticeEnabled(tx, tenantId, notice.event))) return false;
  await enqueue(tx, tenantId, phone, text, notice.event ?? null);
  return true;
}

/**
 * The SMS notice of an event to a person of the tenant, at the phone of their account, when the
 * tenant turned that event's SMS on. Nothing for a person without a phone, disabled, or not of the
 * tenant. Answers whether a notice was queued.
 */
export async function notifyUserBySms(
  tx: Tx,
  tenantId: number,
  userId: number,
  event: MessageEvent,
  content: string,
): Promise<boolean> {
  return notifyBySms(tx, tenantId, event, content, () => repo.memberPhone(tx, tenantId, userId));
}

/** notifyUserBySms for the person behind an identity (a message addressed to an identity). */
export async function notifyIdentityBySms(
  tx: Tx,
  tenantId: number,
  identityId: number,
  event: MessageEvent,
  content: string,
): Promise<boolean> {
  return notifyBySms(tx, tenantId, event, content, () => repo.identityPhone(tx, tenantId, identityId));
}

async function notifyBySms(
  tx: Tx,
  tenantId: number,
  event: MessageEvent,
  content: string,
  phoneOf: () => Promise<string | null>,
): Promise<boolean> {
  const text = noticeText(content);
  // The switch first: off is the default, and then the phone is not worth a query.
  if (!text || !(await smsNoticeEnabled(tx, tenantId, event))) return false;
  const phone = validPhone(await phoneOf());
  if (!phone) return false;
  await enqueue(tx, tenantId, phone, text, event);
  return true;
}

function validPhone(phone: string | null | undefined): string | null {
  const trimmed = phone?.trim() ?? '';
  return PHONE_PATTERN.test(trimmed) ? normalisePhone(trimmed) : null;
}

/** One line (names and titles quoted by modules may carry line breaks), at most SMS_NOTICE_MAX_CHARS. */
function noticeText(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  return text.length > SMS_NOTICE_MAX_CHARS ? `${text.slice(0, SMS_NOTICE_MAX_CHARS - 1)}…` : text;
}

async function enqueue(tx: Tx, tenantId: number, phone: string, text: string, event: MessageEvent | null) {
  // The outbox keeps the text as the person reads it, in the tenant's name as verification codes are.
  const companyName = (await repo.tenantCompanyName(tx, tenantId)) ?? '社团';
  const outboxId = await repo.insertOutbox(tx, tenantId, {
    phone,
    template: 'notice',
    content: `【${companyName}】${text}`,
    provider: '',
    status: 'queued',
    error: '',
  });
  const payload: NoticePayload = { outboxId, text, event };
  await enqueueJob(tx, {
    tenantId,
    userId: null,
    kind: SMS_NOTICE_JOB,
    payload: { ...payload },
    maxAttempts: SMS_NOTICE_ATTEMPTS,
  });
}

/**
 * The sms.notice job: sends one queued notice and records the answer on its outbox row. The
 * worker has no app, so it takes the provider the configuration names, as buildApp does by default.
 * A provider's refusal is kept on the row and thrown, so the worker tries again after a growing
 * wait; after the last try the row is failed. A refusal no retry can mend (no notice template
 * configured) fails the row at once and ends the job: the row is the notice's record.
 */
export async function runSmsNotice(ctx: JobContext): Promise<JobResult> {
  const { outboxId, text } = ctx.payload as unknown as NoticePayload;
  const tenantId = ctx.tenantId;
  const row = await ctx.db.withTenant(tenantId, (tx) => repo.findOutbox(tx, tenantId, outboxId));
  // Sent or failed already (a worker died between recording and finishing the job): once is enough.
  if (row?.status !== 'queued') return {};
  const sms = smsProviderFromConfig(ctx.config, (line) => ctx.log.info(line));
  // The provider is called outside any transaction: a slow answer holds no connection or lock.
  const result = await sms.send({
    phone: row.phone,
    template: 'notice',
    params: { content: text },
    content: row.content,
  });
  const final = result.ok || result.permanent === true || ctx.attempt >= SMS_NOTICE_ATTEMPTS;
  await ctx.db.withTenant(tenantId, (tx) =>
    repo.setOutboxResult(tx, tenantId, outboxId, {
      provider: sms.name,
      status: result.ok ? 'sent' : final ? 'failed' : 'queued',
      error: result.ok ? '' : result.error.slice(0, 500),
    }),
  );
  if (!result.ok && !result.permanent) throw new Error(`短信发送失败：${result.error}`);
  return {};
}

/** The sms part's job kinds, for its manifest. */
export const SMS_JOBS = { [SMS_NOTICE_JOB]: runSmsNotice } as const;
