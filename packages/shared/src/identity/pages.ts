// Zod-free on purpose: the route table (in the entry chunk every page loads) and the login page
// import these, and a module that defines a zod schema brings zod to whatever imports it
// (docs/performance.md, page weight). Re-exported by the module's index.
import { definePage, type Page } from '../platform/pages';

const list = { edit: '编辑', export: '导出' } as const;

/** The identity module's pages: the user lists (组织与人员). */
export const IDENTITY_PAGES = {
  staff: definePage('/user-management', '用户管理', { add: '新增', ...list }),
  audit: definePage('/user-audit', '用户审核', list),
  social: definePage('/social-user-management', '社会用户', list),
  enterprise: definePage('/enterprise-user-management', '企业用户', { add: '新增', ...list }),
} as const;

/** tenant_users.user_type: what kind of account a person is in a tenant. */
export const UserType = { UNIT: 1, PERSONAL: 2, SOCIAL: 3, ENTERPRISE: 4 } as const;
export const userTypeNames: Record<number, string> = { 1: '单位用户', 2: '个人用户', 3: '社会用户', 4: '企业用户' };

/** tenant_users.status: a person's standing in a tenant. */
export const TenantUserStatus = { DISABLED: 0, ACTIVE: 1, PENDING: 2, REFUSED: 3 } as const;
export const tenantUserStatusNames: Record<number, string> = { 0: '停用', 1: '正常', 2: '待审核', 3: '未通过' };

export interface UserListKind {
  /** The page that grants the list; its function points grant the actions (add only where adds). */
  page: Page<`/${string}`, 'edit' | 'export'> & { readonly add?: `/${string}:add` };
  /** page.path. */
  menu: string;
  /** The API base of the list (its routes: server identity/admin-routes.ts); a literal, see UserListApi. */
  api: `/identity/${string}`;
  title: string;
  userTypes: number[];
  statuses: number[];
  /** Who may be added from this list: the user type, the identity it gets, whether a unit is required. */
  adds: { userType: number; identityCode: number; label: string; needsOrg: boolean }[];
}

/**
 * The user lists of the console (spec 001 §2.5): one screen and one set of routes, configured
 * per list. Staff are unit and personal users; social users register themselves (/societyRegister)
 * and wait in /user-audit; enterprise users are enterprise administrators.
 */
export const USER_LISTS = {
  staff: {
    page: IDENTITY_PAGES.staff,
    menu: IDENTITY_PAGES.staff.path,
    api: '/identity/users',
    title: '用户管理',
    userTypes: [UserType.UNIT, UserType.PERSONAL],
    statuses: [TenantUserStatus.ACTIVE, TenantUserStatus.DISABLED],
    adds: [
      { userType: UserType.UNIT, identityCode: 15, label: '新增单位用户', needsOrg: true },
      { userType: UserType.PERSONAL, identityCode: 16, label: '新增个人用户', needsOrg: false },
    ],
  },
  audit: {
    page: IDENTITY_PAGES.audit,
    menu: IDENTITY_PAGES.audit.path,
    api: '/identity/audit/users',
    title: '用户审核',
    userTypes: [UserType.UNIT, UserType.PERSONAL, UserType.SOCIAL, UserType.ENTERPRISE],
    statuses: [TenantUserStatus.PENDING, TenantUserStatus.REFUSED],
    adds: [],
  },
  social: {
    page: IDENTITY_PAGES.social,
    menu: IDENTITY_PAGES.social.path,
    api: '/identity/social/users',
    title: '社会用户',
    userTypes: [UserType.SOCIAL],
    statuses: [TenantUserStatus.ACTIVE, TenantUserStatus.DISABLED],
    adds: [],
  },
  enterprise: {
    page: IDENTITY_PAGES.enterprise,
    menu: IDENTITY_PAGES.enterprise.path,
    api: '/identity/enterprise/users',
    title: '企业用户',
    userTypes: [UserType.ENTERPRISE],
    statuses: [TenantUserStatus.ACTIVE, TenantUserStatus.DISABLED],
    adds: [{ userType: UserType.ENTERPRISE, identityCode: 14, label: '新增企业用户', needsOrg: true }],
  },
} satisfies Record<string, UserListKind>;
export type UserListKey = keyof typeof USER_LISTS;
/** The API bases of the lists, as literal route paths (the web's typed calls check them against the routes). */
export type UserListApi = (typeof USER_LISTS)[UserListKey]['api'];

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
