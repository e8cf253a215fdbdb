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

function paths(items: TMenuItem[]): string[] {
  return items.flatMap((m) => [...(m.path ? [m.path] : []), ...paths(m.children ?? [])]);
}

/**
 * Where to go after identity login (spec 000 §2): an http callback opens as a full address; other
 * callbacks are comma-separated paths, and the first one the menu has wins, else '/'. The callback
 * is cleared once used.
 */
export function destinationAfterLogin(callback: string | null, menu: TMenuItem[]): { external?: string; path: string } {
  if (!callback) return { path: '/' };
  if (/^https?:\/\//i.test(callback)) return { external: callback, path: '/' };
  const known = new Set(paths(menu));
  const hit = callback
    .split(',')
    .map((p) => p.trim())
    .find((p) => known.has(p) || known.has(p.replace(/^\//, '')));
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
  if (target.external) window.location.assign(target.external);
  else go(target.path);
}

/** The status check decides the page (spec table), or logs in by identity directly. */
export async function routeByStatus(userId: number, go: Go, identityId?: number): Promise<void> {
  await followStatus(await authApi.status({ userId, ...(identityId ? { identityId } : {}) }), go);
}

/** Acts on a status answer: its message when it cannot enter, identity login when direct, else its page. */
export async function followStatus(status: TStatusData, go: Go): Promise<void> {
  if (!status.canEnter) {
    void feedback.message.error(status.msg ?? LOGIN_MESSAGES.cannotEnter, 5);
    return;
  }
  if (isDirectLogin(status.pageType) && status.identityId) {
    await enterConsole(await authApi.identityLogin(status.identityId), go);
    return;
  }
  const route = pageTypeRoutes[status.pageType as PageTypeCode];
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

/** After a login (password, SMS, society choice): keep the session, then route by status. */
export async function continueLogin(data: TLoginData, go: Go): Promise<void> {
  session.save(data);
  await routeByStatus(data.userId, go);
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
