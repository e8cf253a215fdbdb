import {
  isDirectLogin,
  LOGIN_MESSAGES,
  type PageTypeCode,
  pageTypeRoutes,
  type TLoginData,
  type TMenuItem,
  type TStatusData,
  type TVisitorNext,
} from '@shetuan/shared/identity';
import { feedback } from '../../app/feedback';
import { queryClient } from '../../app/query-client';
import { session } from '../../app/session';
import { authApi, authKeys } from './api';

/** The routes of the page types: the spec's, or the WeChat login's (/wxchooseidentity). */
type PageTypeRoutes = Partial<Record<PageTypeCode, string>>;

/** Set by an account activation: the next console entry asks for the details the tenant requires (/setUserMsg). */
export const FIRST_LOGIN_KEY = 'shetuan:firstLogin';
/** Where /setUserMsg goes on (saved or skipped): the destination the login had. */
export const AFTER_PROFILE_KEY = 'shetuan:afterProfile';

/**
 * After an activation (the account's first login): when the tenant requires a profile (custom
 * type 34's check) and it is incomplete, /setUserMsg comes first; answers whether it does.
 */
async function completeProfileFirst(target: { external?: string; path: string }, go: Go): Promise<boolean> {
  if (!sessionStorage.getItem(FIRST_LOGIN_KEY)) return false;
  sessionStorage.removeItem(FIRST_LOGIN_KEY);
  const check = await authApi.requiredComplete().catch(() => null);
  if (!check?.checked || check.complete) return false;
  sessionStorage.setItem(AFTER_PROFILE_KEY, target.external ?? target.path);
  go('/setUserMsg');
  return true;
}

function paths(items: TMenuItem[]): string[] {
  return items.flatMap((m) => [...(m.path ? [m.path] : []), ...paths(m.children ?? [])]);
}

/**
 * Where to go after identity login (spec 000 §2): an http callback opens as a full address; other
 * callbacks are comma-separated paths, and the first one the menu has wins (a path may carry a
 * query: the menu has its path), else '/'. The callback is cleared once used.
 */
export function destinationAfterLogin(callback: string | null, menu: TMenuItem[]): { external?: string; path: string } {
  if (!callback) return { path: '/' };
  if (/^https?:\/\//i.test(callback)) return { external: callback, path: '/' };
  const known = new Set(paths(menu));
  // A path with a query (/DeclareList?declare=3) is the menu's path with what to open there.
  const inMenu = (p: string) => {
    const path = p.split('?')[0] ?? p;
    return known.has(path) || known.has(path.replace(/^\//, ''));
  };
  const hit = callback
    .split(',')
    .map((p) => p.trim())
    .find(inMenu);
  return { path: hit ?? '/' };
}

export type Go = (path: string) => void;

/** After identity login: fetch the menu; empty → the spec's message; otherwise honour the callback. */
export async function enterConsole(data: TLoginData, go: Go): Promise<void> {
  session.save(data);
  // A new session or identity: nothing cached for the previous one may show.
  queryClient.removeQueries({ queryKey: authKeys.all });
  const menu = await authApi.menu();
  session.saveMenu(menu.menuResult, menu.hiddenMenu, menu.customType);
  if (menu.menuResult.length === 0) {
    void feedback.message.error(LOGIN_MESSAGES.noPermission, 5);
    return;
  }
  const target = destinationAfterLogin(session.takeCallback(), menu.menuResult);
  if (await completeProfileFirst(target, go)) return;
  if (target.external) window.location.assign(target.external);
  else go(target.path);
}

/** The status check decides the page (spec table), or logs in by identity directly. */
export async function routeByStatus(
  userId: number,
  go: Go,
  identityId?: number,
  routes: PageTypeRoutes = pageTypeRoutes,
): Promise<void> {
  await followStatus(await authApi.status({ userId, ...(identityId ? { identityId } : {}) }), go, routes);
}

/** Acts on a status answer: its message when it cannot enter, identity login when direct, else its page. */
export async function followStatus(
  status: TStatusData,
  go: Go,
  routes: PageTypeRoutes = pageTypeRoutes,
): Promise<void> {
  if (!status.canEnter) {
    void feedback.message.error(status.msg ?? LOGIN_MESSAGES.cannotEnter, 5);
    return;
  }
  if (isDirectLogin(status.pageType) && status.identityId) {
    await enterConsole(await authApi.identityLogin(status.identityId), go);
    return;
  }
  const route = routes[status.pageType as PageTypeCode];
  if (route) go(route);
  else void feedback.message.error(LOGIN_MESSAGES.cannotEnter, 5);
}

/**
 * Where a visitor of a login-side page belongs (GET /auth/visitor): the console at once when the
 * session is already in that identity, otherwise as the status check would send them.
 */
export async function followVisitor(next: TVisitorNext, go: Go): Promise<void> {
  if (next.route === '/' && next.identityId !== null && next.identityId === session.identityId()) {
    go('/');
    return;
  }
  await followStatus(next, go);
}

/**
 * After a login (password, SMS, WeChat, activation, society choice): keep the session, then route
 * by status (a WeChat login chooses its identity at /wxchooseidentity: `wechatPageTypeRoutes`).
 */
export async function continueLogin(data: TLoginData, go: Go, routes: PageTypeRoutes = pageTypeRoutes): Promise<void> {
  session.save(data);
  await routeByStatus(data.userId, go, undefined, routes);
}

/** The query parameters of a member entry (spec 000 §2). */
export const MEMBER_ENTRY_PARAMS = ['memberToken', 'identityId', 'userId'] as const;

/**
 * A member entry: a console address carrying member token, identity id and user id logs in as
 * that identity (replacing any session of this browser), then opens the address without them,
 * or / when the identity's menu does not have it. Answers the path to open, or null when the
 * address is not a member entry.
 */
export async function memberEntry(url: URL): Promise<string | null> {
  const [memberToken, identityId, userId] = MEMBER_ENTRY_PARAMS.map((k) => url.searchParams.get(k));
  if (!memberToken || !identityId || !userId) return null;
  const data = await authApi.entryLogin({ memberToken, identityId: Number(identityId), userId: Number(userId) });
  session.save(data);
  queryClient.removeQueries({ queryKey: authKeys.all });
  const menu = await authApi.menu();
  session.saveMenu(menu.menuResult, menu.hiddenMenu, menu.customType);
  const rest = new URLSearchParams(url.search);
  for (const k of MEMBER_ENTRY_PARAMS) rest.delete(k);
  const path = url.pathname.replace(/^\/new/, '') || '/';
  const target = destinationAfterLogin(path, menu.menuResult).path;
  const search = rest.toString();
  return target === path && search ? `${path}?${search}` : target;
}

/** /redirect (spec 000 §2): the first path of the saved menu, or the login page when there is none. */
export function redirectTarget(menu: TMenuItem[]): string {
  return paths(menu).find((p) => p.startsWith('/')) ?? '/login';
}
