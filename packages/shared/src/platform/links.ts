/**
 * /redirect/{type} (spec 001 §2.0: a variant of /redirect that needs no login). The spec does not
 * say what a type means; we use it as the one landing address for links that leave the console
 * (SMS texts, messages, QR codes): the type names a screen, the query passes through unchanged,
 * and the screen's own guard asks for a login where it needs one (remembering the way back).
 * An unknown type shows 找不到页面. 'home' is the first page of the person's menu (/redirect).
 */
export const REDIRECT_TARGETS = {
  home: '/redirect',
  login: '/login',
  register: '/societyRegister',
  forget: '/forgetPassword',
  message: '/messagePlatformDetail',
  messages: '/messagePlatform',
  personal: '/personalCenter',
} as const;

export type RedirectType = keyof typeof REDIRECT_TARGETS;

/** The console path a /redirect/{type} link leads to, or null for a type we do not know. */
export function redirectTargetOf(type: string, search = ''): string | null {
  if (!Object.hasOwn(REDIRECT_TARGETS, type)) return null;
  const path = REDIRECT_TARGETS[type as RedirectType];
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query ? `${path}?${query}` : path;
}

/** A link for outside the console: /new/redirect/{type}?{query} on the tenant's origin. */
export function redirectLink(origin: string, type: RedirectType, query: Record<string, string | number> = {}): string {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return `${origin.replace(/\/$/, '')}/new/redirect/${type}${qs ? `?${qs}` : ''}`;
}
