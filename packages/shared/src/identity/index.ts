import { z } from 'zod';
import { zTenantId } from '../platform/list';
import { ZNewPassword, ZPassword, ZPhone, ZSmsCode } from '../platform/validators';

export * from './login-side';
export * from './member-profile';
export * from './messages';
export * from './page-type';
export * from './pages';
export * from './users';

/** Identity states (identities.status). */
export const IdentityStatus = { ACTIVE: 1, DISABLED: 0, PENDING: 2, REJECTED: 3, UNPAID: 4 } as const;

export const ZPasswordLogin = z.object({
  login: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64, '账号最多64位字符'),
  password: ZPassword,
  /** The slide-captcha verification string, required after repeated failures (code 416). */
  captchaVerification: z.string().max(512).optional(),
});
export type TPasswordLogin = z.infer<typeof ZPasswordLogin>;

export const ZSmsPurpose = z.enum(['login', 'reset', 'bind', 'change', 'register', 'activate']);
export type TSmsPurpose = z.infer<typeof ZSmsPurpose>;

export const ZSendCode = z.object({
  phoneNumber: ZPhone,
  purpose: ZSmsPurpose.default('login'),
  /** The slide-captcha verification, needed from the 4th code to one phone in an hour (code 416). */
  captchaVerification: z.string().max(1024).optional(),
});
export const ZSendCodeData = z.object({ resendAfterSeconds: z.number().int(), validMinutes: z.number().int() });

export const ZSmsLogin = z.object({ phoneNumber: ZPhone, code: ZSmsCode });

export const ZForgotPassword = z.object({ phoneNumber: ZPhone, code: ZSmsCode, newPassword: ZNewPassword });
export const ZChangePassword = z.object({ oldPassword: ZPassword, newPassword: ZNewPassword });
export const ZBindPhone = z.object({ phoneNumber: ZPhone, code: ZSmsCode });

/** What a login answers: the session token, its signing key, and who logged in. */
export const ZLoginData = z.object({
  token: z.string(),
  signKey: z.string().describe('HMAC-SHA256 key for the sign parameter of later requests'),
  userId: z.number().int(),
  mobile: z.string(),
  tenantId: z.number().int(),
  identityId: z.number().int().nullable(),
  expiresAt: z.string(),
});
export type TLoginData = z.infer<typeof ZLoginData>;

export const ZStatusCheck = z.object({
  userId: z.coerce.number().int().positive(),
  identityId: z.coerce.number().int().positive().optional(),
});

export const ZStatusData = z.object({
  pageType: z.number().int(),
  /** false when the status check says 无法进入后台！ */
  canEnter: z.boolean(),
  msg: z.string().nullable(),
  identityId: z.number().int().nullable().describe('the identity to log in with directly (3, 14)'),
});
export type TStatusData = z.infer<typeof ZStatusData>;

export const ZIdentity = z.object({
  identityId: z.number().int(),
  identityCode: z.number().int(),
  identityName: z.string(),
  orgId: z.number().int().nullable(),
  orgType: z.number().int().nullable(),
  companyName: z.string(),
  tenantId: z.number().int(),
  status: z.number().int(),
  /** The reviewer's remark, shown on the result pages. */
  remark: z.string(),
});
export type TIdentity = z.infer<typeof ZIdentity>;

export const ZIdentityList = z.object({ list: z.array(ZIdentity) });
export const ZIdentityListQuery = z.object({
  userId: z.coerce.number().int().positive(),
  tenantId: zTenantId().optional(),
});

/** The member entry: the query's member token, identity id and user id (spec 000 §2). */
export const ZEntryLogin = z.object({
  memberToken: z
    .string({ error: '登录链接无效或已过期，请重新登录' })
    .min(16, '登录链接无效或已过期，请重新登录')
    .max(128),
  identityId: z.coerce.number({ error: '登录链接无效或已过期，请重新登录' }).int().positive(),
  userId: z.coerce.number({ error: '登录链接无效或已过期，请重新登录' }).int().positive(),
});

export const ZIdentityLogin = z.object({ identityId: z.coerce.number().int().positive() });

export const ZSociety = z.object({ tenantId: z.number().int(), companyName: z.string(), icon: z.string() });
export const ZSocietyList = z.object({ list: z.array(ZSociety) });
export const ZChooseSociety = z.object({ tenantId: zTenantId() });

export interface TMenuItem {
  id: number;
  pid: number;
  name: string;
  path: string;
  img: string;
  /** The entry's stable key: a built-in group's icon is picked by it (custom-… for a tenant's own entries). */
  key: string;
  children: TMenuItem[];
}
export const ZMenuItem: z.ZodType<TMenuItem> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      pid: z.number().int(),
      name: z.string(),
      path: z.string(),
      img: z.string(),
      key: z.string(),
      children: z.array(ZMenuItem),
    }),
  )
  .meta({ id: 'MenuItem' });
export const ZMenuData = z.object({
  menuResult: z.array(ZMenuItem),
  /** The hidden activity-level menu, kept apart (spec 000 §4). */
  hiddenMenu: z.array(ZMenuItem),
  /** Function points (buttons) this identity may use, as "menuPath:code". */
  functions: z.array(z.string()),
  /** The custom type the menu was built with (the chosen mode where the tenant offers a choice). */
  customType: z.number().int(),
  /** The 当前模式 choices, for tenants whose setting modeSwitcher is on; empty otherwise. */
  modes: z.array(z.object({ value: z.number().int(), label: z.string() })),
});
export type TMenuData = z.infer<typeof ZMenuData>;

/**
 * The header's 当前模式 switcher (spec 000 §2: 'a second current-mode switcher' for some tenants,
 * hard-coded by id in the old client). Here it is the tenant setting modeSwitcher, and a mode is
 * the menu's layout: the standard groups, or custom type 20's regrouping. The choice is the
 * person's, kept in the browser, and sent as ?mode= with the menu call.
 */
export const MENU_MODES = [
  { value: 0, label: '标准模式' },
  { value: 20, label: '分组模式' },
] as const;

export const ZMenuQuery = z.object({
  mode: z.coerce
    .number()
    .int()
    .refine((v) => MENU_MODES.some((m) => m.value === v), '模式不存在')
    .optional(),
});

export const ZSessionInfo = z.object({
  userId: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  tenantId: z.number().int(),
  companyName: z.string(),
  companyType: z.number().int(),
  /** The tenant's icon for the tab and the header (the session's tenant, or the one acted as). */
  companyIcon: z.string(),
  identity: ZIdentity.nullable(),
  identityCount: z.number().int(),
  actingAsTenant: z.boolean(),
  /** The session tenant's custom type (spec 000 §6): 31 hides the 问答库 link. */
  customType: z.number().int(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

/** Where a visitor belongs now: the status check's answer and its route ('/' for the console). */
export const ZVisitorNext = ZStatusData.extend({
  route: z.string().nullable().describe("the page to open; '/' the console (after identity login when needed)"),
});
export type TVisitorNext = z.infer<typeof ZVisitorNext>;

/** One of the visitor's identities that a login result page speaks of (not active). */
export const ZVisitorResult = ZIdentity.extend({
  pageType: z.number().int(),
  /** The result page that speaks of it (spec 000 §2 table). */
  route: z.string(),
});
export type TVisitorResult = z.infer<typeof ZVisitorResult>;

/**
 * GET /auth/visitor: who opened a login-side page (the login, the result pages). Anonymous, or a
 * session that no longer holds, answers loggedIn false; otherwise the person, the session's own
 * identity, where they belong now, and their identities here that a result page speaks of.
 */
export const ZVisitor = z.object({
  loggedIn: z.boolean(),
  userId: z.number().int().nullable(),
  name: z.string(),
  /** Masked (138****0004). */
  mobile: z.string(),
  /** The identity the session is logged in with (active), or null before one is chosen. */
  identity: ZIdentity.nullable(),
  /** How many identities the person has in this tenant (切换身份 when more than one). */
  identityCount: z.number().int(),
  next: ZVisitorNext.nullable(),
  results: z.array(ZVisitorResult),
});
export type TVisitor = z.infer<typeof ZVisitor>;

export const ZOnlineSession = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  identityName: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
  /**
   * The open sessions this row stands for: a person's logins from one browser at one address as
   * one identity (a browser that logged in again left its earlier session open). Ended together.
   */
  sessions: z.number().int(),
});
export type TOnlineSession = z.infer<typeof ZOnlineSession>;

export const ZLoginLog = z.object({
  id: z.number().int(),
  login: z.string(),
  method: z.string(),
  success: z.boolean(),
  reason: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
});
export const ZOperationLog = z.object({
  id: z.number().int(),
  userName: z.string(),
  method: z.string(),
  path: z.string(),
  menuUrl: z.string(),
  statusCode: z.number().int(),
  resultCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  ip: z.string(),
  createdAt: z.string(),
});

export const ZEmailChange = z.object({
  email: z
    .string({ error: '请输入邮箱' })
    .trim()
    .max(24, '邮箱格式错误')
    .regex(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, '邮箱格式错误'),
  password: z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码'),
});
