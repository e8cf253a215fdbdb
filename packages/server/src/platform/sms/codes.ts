import { createHash } from 'node:crypto';
import { ResultCode } from '@shetuan/shared';
import { newNumericCode } from '../auth/tokens';
import type { Tx } from '../db';
import { AppError } from '../http/errors';
import type { SmsProvider } from './provider';
import * as repo from './repository';

/** Spec 000 §4 and §9: resend after 60 s, valid 5 minutes; from the 4th code in an hour to one phone, a captcha. */
export const SMS_CODE = {
  resendAfterSeconds: 60,
  validMinutes: 5,
  maxAttempts: 5,
  length: 6,
  captchaAfterSends: 3,
} as const;

const hashCode = (tenantId: number, phone: string, code: string) =>
  createHash('sha256').update(`${tenantId}:${phone}:${code}`).digest('hex');

/** Sends a verification code, refusing a resend within 60 s. Records the message in the outbox. */
export async function sendVerificationCode(
  tx: Tx,
  provider: SmsProvider,
  input: { tenantId: number; phone: string; purpose: string; companyName: string; captchaPassed?: boolean },
): Promise<void> {
  // Repeated sends to one phone need the slide captcha (code 416): SMS costs money and annoys.
  const recent = await repo.countCodesSince(tx, input.tenantId, input.phone, new Date(Date.now() - 3_600_000));
  if (recent >= SMS_CODE.captchaAfterSends && !input.captchaPassed) {
    throw new AppError(ResultCode.CAPTCHA_REQUIRED, '发送次数过多，请完成滑块验证后再发送');
  }
  const last = await repo.lastCodeSentAt(tx, input.tenantId, input.phone, input.purpose);
  if (last) {
    const wait = SMS_CODE.resendAfterSeconds - Math.floor((Date.now() - last.getTime()) / 1000);
    if (wait > 0) throw new AppError(ResultCode.FAILED, `验证码已发送，请${wait}秒后再试`);
  }
  const code = newNumericCode(SMS_CODE.length);
  const content = `【${input.companyName}】您的验证码为${code}，${SMS_CODE.validMinutes}分钟内有效，请勿泄露给他人。`;
  const result = await provider.send({ phone: input.phone, template: 'verify-code', params: { code }, content });
  await repo.insertOutbox(tx, input.tenantId, {
    phone: input.phone,
    template: 'verify-code',
    content,
    provider: provider.name,
    status: result.ok ? 'sent' : 'failed',
    error: result.ok ? '' : result.error.slice(0, 500),
  });
  if (!result.ok) throw new AppError(ResultCode.FAILED, '短信发送失败，请稍后再试');
  await repo.insertCode(tx, input.tenantId, {
    phone: input.phone,
    purpose: input.purpose,
    codeHash: hashCode(input.tenantId, input.phone, code),
    expiresAt: new Date(Date.now() + SMS_CODE.validMinutes * 60_000),
  });
}

export type CodeCheck = 'ok' | 'expired' | 'wrong';

export const CODE_CHECK_MESSAGES: Record<Exclude<CodeCheck, 'ok'>, string> = {
  expired: '验证码已失效，请重新获取',
  wrong: '验证码错误',
};

/**
 * Checks and consumes the latest code of a phone and purpose; five wrong tries spend it.
 * Answers the outcome instead of throwing, so the caller commits the attempt count before refusing.
 */
export async function consumeVerificationCode(
  tx: Tx,
  input: { tenantId: number; phone: string; purpose: string; code: string },
): Promise<CodeCheck> {
  const row = await repo.latestOpenCode(tx, input.tenantId, input.phone, input.purpose);
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= SMS_CODE.maxAttempts) return 'expired';
  if (row.codeHash !== hashCode(input.tenantId, input.phone, input.code)) {
    await repo.setCodeAttempts(tx, input.tenantId, row.id, row.attempts + 1);
    return 'wrong';
  }
  await repo.markCodeConsumed(tx, input.tenantId, row.id);
  return 'ok';
}
