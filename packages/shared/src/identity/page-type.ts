import { WECHAT_CHOOSE_IDENTITY_PATHS } from './pages';

/**
 * The page type the status check answers, and where the client goes (spec 000 §2).
 * How the server decides is in packages/server/src/modules/identity/README.md.
 */
export const PageType = {
  CHOOSE_SOCIETY: 1,
  CHOOSE_IDENTITY: 2,
  DIRECT: 3,
  MEMBER_FORBIDDEN: 11,
  MEMBER_EXAMINE_RESULT: 12,
  MEMBER_EXAMINE_RESULT_EXPORT: 13,
  DIRECT_BY_IDENTITY: 14,
  SET_PHONE: 15,
  CHANGE_PASSWORD: 16,
  MEMBER_RESULT: 17,
  MEMBER_NOT_PAID: 18,
  UNIT_MEMBER_RESULT: 19,
  UNIT_MEMBER_NOT_PAID: 20,
  EXPERT_RESULT: 21,
} as const;

export type PageTypeCode = (typeof PageType)[keyof typeof PageType];

/** The route of each page type; DIRECT and DIRECT_BY_IDENTITY log in by identity instead. */
export const pageTypeRoutes: Partial<Record<PageTypeCode, string>> = {
  1: '/chooseSociety',
  2: '/chooseIdentity',
  11: '/memberForbidden',
  12: '/memberExamineResult',
  13: '/memberExamineResultExport',
  15: '/set-phone',
  16: '/login-change',
  17: '/login-member-result',
  18: '/regist-nopay',
  19: '/login-member-result',
  20: '/regist-nopay',
  21: '/login-expert-result',
};

export function isDirectLogin(pageType: number): boolean {
  return pageType === PageType.DIRECT || pageType === PageType.DIRECT_BY_IDENTITY;
}

/**
 * The identity codes (spec 000 §6) whose review states have pages of their own: the server decides
 * the page type by them (modules/identity/page-type.ts), the web only words a page by them. A
 * self-registered individual user (16) is answered as a member, a unit user (15) as a unit member.
 */
export const IDENTITY_GROUPS = {
  member: [1, 12, 16, 103, 109],
  unitMember: [13, 15, 110],
  expert: [3, 17, 104, 111],
  /** People who registered themselves (or were registered) as users, not members: their application is a registration. */
  registeredUser: [15, 16],
} as const satisfies Record<string, readonly number[]>;

/** The login result pages: where a person whose identity is not active (yet) is told why. */
export const LOGIN_RESULT_ROUTES = [
  '/memberForbidden',
  '/memberExamineResult',
  '/memberExamineResultExport',
  '/login-member-result',
  '/regist-nopay',
  '/login-expert-result',
] as const;
export type LoginResultRoute = (typeof LOGIN_RESULT_ROUTES)[number];

/** The page-type routes after a WeChat login: the identity is chosen on the WeChat screen. */
export const wechatPageTypeRoutes: Partial<Record<PageTypeCode, string>> = {
  ...pageTypeRoutes,
  [PageType.CHOOSE_IDENTITY]: WECHAT_CHOOSE_IDENTITY_PATHS[0],
};
