import { z } from 'zod';
import { ZNewPassword, ZPhone, ZSmsCode } from '../platform/validators';
import { PageType, type PageTypeCode, pageTypeRoutes } from './page-type';

/*
 * The login-side routes of spec 001 §2.1 beyond the password and SMS login: WeChat QR login
 * (/wxlogin, /wxchooseidentity), account activation (/accountActivation, /account/validate), the
 * society entry (/societyLoginBlank) and the login aliases. Decisions: docs/identity-and-access.md.
 */

/** How long a WeChat login QR code stays valid (the binding's 120 s). */
export const WECHAT_LOGIN_SECONDS = 120;
/** How long after a scan an unbound WeChat account may still be bound by logging in (登录并绑定). */
export const WECHAT_UNBOUND_BIND_MINUTES = 10;

export const WECHAT_LOGIN_MESSAGES = {
  waiting: '请使用微信扫一扫登录',
  expired: '二维码已失效,请刷新页面再试',
  unbound: '该微信尚未绑定本平台账号',
  unboundHint: '请使用账号密码或短信验证码登录，登录后将自动绑定此微信，下次即可扫码登录。',
  bound: '绑定成功',
  qrFailed: '二维码生成失败，请稍后再试',
  /** No WeChat provider is configured here (production without WECHAT_PROVIDER=open). */
  unavailable: '本平台暂未开通微信登录，请使用账号密码或短信验证码登录',
  bindUnavailable: '本平台暂未开通微信绑定',
} as const;

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
  tenantId: z.coerce.number({ error: '未找到该学会' }).int('未找到该学会').positive('未找到该学会'),
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

/**
 * The login screens, one component served by configuration (spec 001 §2.1): /log is the short
 * alias of /login, /wxlogin the login page opened on its 微信登录 tab, /societyLogin the
 * society staff's login with registration.
 */
export const LOGIN_SCREENS = {
  '/login': { title: '账号登录', forgetPath: '/forgetPassword', tab: 'password' },
  '/log': { title: '账号登录', forgetPath: '/forgetPassword', tab: 'password' },
  '/wxlogin': { title: '账号登录', forgetPath: '/forgetPassword', tab: 'wechat' },
  '/societyLogin': {
    title: '学会登录',
    forgetPath: '/societyForgetPassword',
    registerPath: '/societyRegister',
    tab: 'password',
  },
} as const satisfies Record<
  string,
  { title: string; forgetPath: string; registerPath?: string; tab: 'password' | 'sms' | 'wechat' }
>;
export type LoginScreenPath = keyof typeof LOGIN_SCREENS;

/** Account activation's screens, by configuration: the same screen under each path. */
export const ACTIVATION_SCREENS = {
  '/accountActivation': { title: '账号激活', loginPath: '/login' },
  '/account/validate': { title: '账号验证', loginPath: '/login' },
} as const satisfies Record<string, { title: string; loginPath: string }>;
export type ActivationScreenPath = keyof typeof ACTIVATION_SCREENS;

/** After a WeChat login the identity is chosen at /wxchooseidentity (and its alias /wxChooseIdentity). */
export const WECHAT_CHOOSE_IDENTITY_PATHS = ['/wxchooseidentity', '/wxChooseIdentity'] as const;

/** The page-type routes after a WeChat login: the identity is chosen on the WeChat screen. */
export const wechatPageTypeRoutes: Partial<Record<PageTypeCode, string>> = {
  ...pageTypeRoutes,
  [PageType.CHOOSE_IDENTITY]: WECHAT_CHOOSE_IDENTITY_PATHS[0],
};
