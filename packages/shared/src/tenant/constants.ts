// Zod-free on purpose: the login page and the console's head use these before any screen, and a
// module that defines a zod schema brings zod to whatever imports it (docs/performance.md, page
// weight). Re-exported by the module's index.

/**
 * Tenant custom types that change behaviour (spec 000, section 6):
 * 14 separate upload folder and storage base, 20 regrouped menu,
 * 31 no Q&A library link, 34 incomplete-member-profile check. 0 is none.
 */
export const TenantCustomType = {
  NONE: 0,
  SEPARATE_STORAGE: 14,
  REGROUPED_MENU: 20,
  NO_QA_LINK: 31,
  MEMBER_PROFILE_CHECK: 34,
} as const;

/** The Q&A library (问答库): the login page and the console header link to it, except in type 31. */
export const QA_LIBRARY = { path: '/qaLibrary', title: '问答库' } as const;

/** Whether a tenant of this custom type shows the 问答库 link (spec 000 §6: 31 hides it). */
export function showsQaLibrary(customType: number): boolean {
  return customType !== TenantCustomType.NO_QA_LINK;
}

/**
 * The logo every tenant without its own shows; also used when companyId is 1 (spec 000, section 1).
 * WebP (4.4 KB; the same picture as /new/logo.png, 7.1 KB, which stays for addresses stored
 * before): the login page shows it twice, as the tab's icon and on the card.
 */
export const DEFAULT_TENANT_LOGO = '/new/logo.webp';

/** Title suffix: the tab reads '{companyName}管理后台'. */
export const CONSOLE_TITLE_SUFFIX = '管理后台';

export const TENANT_INCOMPLETE_MSG = '租户信息不完整';
