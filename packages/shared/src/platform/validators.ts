import { z } from 'zod';

/** Spec 000 §5: optional 0 / 86 / +86, then 1, then 3-9, then 9 digits. */
export const PHONE_PATTERN = /^(?:0|86|\+86)?1[3-9]\d{9}$/;
export const PHONE_MESSAGES = {
  required: '请输入手机号',
  invalid: '请输入正确的手机号',
  format: '手机号格式错误',
  sendInvalid: '手机号码格式不正确！',
} as const;

/** Strips the optional 0 / 86 / +86 prefix: the 11-digit number users are stored under. */
export function normalisePhone(input: string): string {
  return input.trim().replace(/^(?:\+86|86|0)(?=1[3-9]\d{9}$)/, '');
}

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

/** Spec 000 §5: at least 6 characters of any kind (the tenant may require more, see passwordPolicy). */
export const PASSWORD_MIN_MESSAGE = '密码最少为6位字符';
export const ZPassword = z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码最多64位字符');
export const ZNewPassword = z
  .string({ error: '请输入新密码' })
  .min(6, PASSWORD_MIN_MESSAGE)
  .max(64, '密码最多64位字符');

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const ZEmail = z.string().trim().max(24, '邮箱格式错误').regex(EMAIL_PATTERN, '邮箱格式错误');

/** A tenant's stronger password policy (setting 'passwordPolicy'); 'basic' is the spec's rule. */
export type PasswordPolicy = 'basic' | 'strong';

/** Checks a new password against a policy; answers the message to show, or null when it passes. */
export function passwordPolicyError(password: string, policy: PasswordPolicy): string | null {
  if (password.length < 6) return PASSWORD_MIN_MESSAGE;
  if (policy === 'strong') {
    if (password.length < 8 || !/[A-Za-z]/.test(password) || !/\d/.test(password)) {
      return '密码至少8位，且须同时包含字母和数字';
    }
  }
  return null;
}

/** Masks a phone number for lists (PIPL): 138****8000. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
