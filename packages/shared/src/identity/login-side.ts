import { z } from 'zod';
import { zTenantId } from '../platform/list';
import { ZNewPassword, ZPhone, ZSmsCode } from '../platform/validators';
import { WECHAT_LOGIN_MESSAGES } from './messages';

/*
 * The login-side routes of spec 001 §2.1 beyond the password and SMS login: WeChat QR login
 * (/wxlogin, /wxchooseidentity), account activation (/accountActivation, /account/validate), the
 * society entry (/societyLoginBlank) and the login aliases. Decisions: docs/identity-and-access.md.
 */

/** How long a WeChat login QR code stays valid (the binding's 120 s). */
export const WECHAT_LOGIN_SECONDS = 120;
/** How long after a scan an unbound WeChat account may still be bound by logging in (登录并绑定). */
export const WECHAT_UNBOUND_BIND_MINUTES = 10;

/** Whether this server offers WeChat login and binding (a provider is configured). */
export const ZWechatAvailability = z.object({ available: z.boolean() });
export type TWechatAvailability = z.infer<typeof ZWechatAvailability>;

/** A WeChat login attempt: the QR (development) or WeChat's own embedded QR page (open platform). */
export const ZWechatLoginQr = z.object({
  uuid: z.string(),
  /** The secret only this page knows: polling and binding need it (the uuid is in the QR itself). */
  pollKey: z.string(),
  /** What the QR code holds (development provider). */
  qrContent: z.string().nullable(),
  /** WeChat's embedded QR page (open platform, self_redirect): shown in a frame. */
  frameUrl: z.string().nullable(),
  expiresIn: z.number().int(),
});
export type TWechatLoginQr = z.infer<typeof ZWechatLoginQr>;

const ZUuid = z.string({ error: WECHAT_LOGIN_MESSAGES.expired }).regex(/^[0-9a-f]{32}$/, WECHAT_LOGIN_MESSAGES.expired);
const ZPollKey = z
  .string({ error: WECHAT_LOGIN_MESSAGES.expired })
  .regex(/^[\w-]{20,64}$/, WECHAT_LOGIN_MESSAGES.expired);

export const ZWechatLoginTicket = z.object({ uuid: ZUuid, pollKey: ZPollKey });
export type TWechatLoginTicket = z.infer<typeof ZWechatLoginTicket>;

/** The development provider's "phone": the logged-in person's own WeChat, or an unbound one. */
export const ZWechatDevLoginConfirm = z.object({
  uuid: ZUuid,
  as: z.enum(['mine', 'unbound'], { error: '请选择扫码的微信' }),
});

/** poll_false keeps waiting (spec 000 §4); success carries the login. */
export const WECHAT_LOGIN_STATES = ['poll_false', 'success', 'unbound', 'expired'] as const;
export type TWechatLoginState = (typeof WECHAT_LOGIN_STATES)[number];

/** Account activation (/accountActivation, /account/validate): the phone proves itself, then a password. */
export const ZActivate = z.object({ phoneNumber: ZPhone, code: ZSmsCode, password: ZNewPassword });
export type TActivate = z.infer<typeof ZActivate>;

/** The society entry (/societyLoginBlank?tenantId=): the society it names, and where its login is. */
export const ZSocietyEntryQuery = z.object({
  tenantId: zTenantId('未找到该学会'),
});
export const ZSocietyEntry = z.object({
  tenantId: z.number().int(),
  companyName: z.string(),
  /** The domain's own tenant: its login is here. */
  current: z.boolean(),
  /** The society's own domain, when it has one and it is not this one. */
  domain: z.string().nullable(),
});
export type TSocietyEntry = z.infer<typeof ZSocietyEntry>;
