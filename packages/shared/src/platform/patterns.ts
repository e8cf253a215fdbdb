// Zod-free on purpose: the login page and the route table use these, and a module that defines a zod
// schema brings zod (29 KB with brotli) to whatever imports it (docs/performance.md, page weight).
// The schemas built on them are in validators.ts.

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

/** Spec 000 §5: at least 6 characters of any kind (the tenant may require more, see passwordPolicy). */
export const PASSWORD_MIN_MESSAGE = '密码最少为6位字符';

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

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
