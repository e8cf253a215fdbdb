import { ZCaptchaAnswer, ZCaptchaCheck, ZCaptchaGet } from '@shetuan/shared/captcha';
import type { AppInstance } from '../http/app-types';
import { tenantOfRequest } from '../tenancy/request-tenant';
import { checkChallenge, getChallenge } from './service';

/**
 * /captcha/get and /captcha/check (AJ-Captcha's shape: repCode, repMsg, repData). They answer
 * that shape, not the envelope, because the captcha pop-up of the spec reads it.
 */
export async function captchaRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const tags = ['captcha'];
  app.post(
    '/captcha/get',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '获取验证码（滑块 blockPuzzle / 点选 clickWord）',
        body: ZCaptchaGet,
        response: { 200: ZCaptchaAnswer },
      },
    },
    async (request) => {
      const tenantId = await tenantOfRequest(db, request);
      return db.withTenant(tenantId, (tx) => getChallenge(tx, tenantId, request.body.captchaType));
    },
  );
  app.post(
    '/captcha/check',
    {
      config: { permission: 'public' },
      schema: { tags, summary: '校验验证码（一次有效）', body: ZCaptchaCheck, response: { 200: ZCaptchaAnswer } },
    },
    async (request) => {
      const tenantId = await tenantOfRequest(db, request);
      return db.withTenant(tenantId, (tx) => checkChallenge(tx, tenantId, request.body));
    },
  );
}
