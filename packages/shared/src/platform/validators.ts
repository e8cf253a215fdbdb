import { z } from 'zod';
import { EMAIL_PATTERN, normalisePhone, PASSWORD_MIN_MESSAGE, PHONE_MESSAGES, PHONE_PATTERN } from './patterns';

// The zod schemas of phone numbers, codes, passwords and e-mail; the patterns and messages they
// use, which screens need without zod, are in patterns.ts.

export const ZPhone = z
  .string({ error: PHONE_MESSAGES.required })
  .trim()
  .min(1, PHONE_MESSAGES.required)
  .regex(PHONE_PATTERN, PHONE_MESSAGES.invalid)
  .transform(normalisePhone);

export const ZSmsCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .min(1, '请输入验证码')
  .regex(/^\d{4,8}$/, '验证码格式不正确');

export const ZPassword = z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码最多64位字符');
export const ZNewPassword = z
  .string({ error: '请输入新密码' })
  .min(6, PASSWORD_MIN_MESSAGE)
  .max(64, '密码最多64位字符');

export const ZEmail = z.string().trim().max(24, '邮箱格式错误').regex(EMAIL_PATTERN, '邮箱格式错误');
