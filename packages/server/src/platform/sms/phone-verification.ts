import { createHash, randomBytes } from 'node:crypto';
import { normalisePhone, ok, PHONE_MESSAGES, PHONE_PATTERN, ResultCode, ZEnvelope, ZSmsCode } from '@shetuan/shared';
import { z } from 'zod';
import type { Tx } from '../db';
import type { AppInstance } from '../http/app-types';
import { AppError } from '../http/errors';
import { tenantOfRequest } from '../tenancy/request-tenant';
import { CODE_CHECK_MESSAGES, consumeVerificationCode, SMS_CODE } from './codes';
import * as repo from './repository';
import { sendTenantCode } from './send';

const PURPOSE = 'verify';
const TOKEN_MINUTES = 30;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The spec's send-time messages: 请输入手机号, 手机号码格式不正确！ */
const ZSendPhone = z.object({
  phoneNumber: z
    .string({ error: PHONE_MESSAGES.required })
    .trim()
    .min(1, PHONE_MESSAGES.required)
    .regex(PHONE_PATTERN, PHONE_MESSAGES.sendInvalid)
    .transform(normalisePhone),
  captchaVerification: z.string().max(1024).optional(),
});
const ZCheckPhone = z.object({
  phoneNumber: ZSendPhone.shape.phoneNumber,
  code: ZSmsCode,
});

/** Spends a phone token once (a form submission proving its phone field); false when not valid. */
export function consumePhoneToken(tx: Tx, tenantId: number, phone: string, token: string): Promise<boolean> {
  return repo.spendPhoneVerification(tx, tenantId, sha256(token), normalisePhone(phone));
}

/**
 * The phone-verification widget's calls (spec 000 §7): GET /project/phone/code sends a code,
 * POST /project/phone/code/check proves it and answers a token the form then submits. Public:
 * visitors fill in registration forms; repeated sends need the captcha (code 416).
 */
export async function phoneVerificationRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const tags = ['sms'];
  app.get(
    '/project/phone/code',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '发送手机验证码（表单手机验证）',
        querystring: ZSendPhone,
        response: { 200: ZEnvelope(z.object({ resendAfterSeconds: z.number(), validMinutes: z.number() })) },
      },
    },
    async (request) => {
      await sendTenantCode(db, app.sms, await tenantOfRequest(db, request), { ...request.query, purpose: PURPOSE });
      return ok(
        { resendAfterSeconds: SMS_CODE.resendAfterSeconds, validMinutes: SMS_CODE.validMinutes },
        '验证码发送成功，5分钟内有效',
      );
    },
  );
  app.post(
    '/project/phone/code/check',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '校验手机验证码，返回表单提交用的 phoneToken（30 分钟，一次有效）',
        body: ZCheckPhone,
        response: { 200: ZEnvelope(z.object({ phoneToken: z.string(), expiresInMinutes: z.number() })) },
      },
    },
    async (request) => {
      const tenantId = await tenantOfRequest(db, request);
      const { phoneNumber: phone, code } = request.body;
      // The wrong try is committed before the refusal: five of them spend the code (codes.ts).
      const checked = await db.withTenant(tenantId, async (tx): Promise<{ error: string } | { phoneToken: string }> => {
        const result = await consumeVerificationCode(tx, { tenantId, phone, purpose: PURPOSE, code });
        if (result !== 'ok') return { error: CODE_CHECK_MESSAGES[result] };
        const phoneToken = randomBytes(24).toString('base64url');
        await repo.insertPhoneVerification(tx, tenantId, {
          phone,
          tokenHash: sha256(phoneToken),
          expiresAt: new Date(Date.now() + TOKEN_MINUTES * 60_000),
        });
        return { phoneToken };
      });
      if ('error' in checked) throw new AppError(ResultCode.FAILED, checked.error);
      return ok({ phoneToken: checked.phoneToken, expiresInMinutes: TOKEN_MINUTES }, '验证成功');
    },
  );
}
