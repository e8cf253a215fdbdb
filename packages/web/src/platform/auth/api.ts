import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { session } from '../../app/session';
import { type ApiBody, apiCall } from '../../app/typed-api';
import { useTenant } from '../tenant';

export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  menu: (identityId: number | null, actingTenantId: number | null, mode: number | null) =>
    [...authKeys.all, 'menu', identityId, actingTenantId, mode] as const,
  identities: (userId: number | null) => [...authKeys.all, 'identities', userId] as const,
  societies: () => [...authKeys.all, 'societies'] as const,
  visitor: () => [...authKeys.all, 'visitor'] as const,
};

export const authApi = {
  passwordLogin: (body: ApiBody<'post', '/auth/login/password'>) => apiCall.post('/auth/login/password', { body }),
  sendCode: (body: ApiBody<'post', '/auth/sms/code'>) => apiCall.post('/auth/sms/code', { body }),
  smsLogin: (body: ApiBody<'post', '/auth/login/sms'>) => apiCall.post('/auth/login/sms', { body }),
  activate: (body: ApiBody<'post', '/auth/activate'>) => apiCall.post('/auth/activate', { body }),
  entryLogin: (body: ApiBody<'post', '/auth/login/entry'>) =>
    apiCall.post('/auth/login/entry', { body }, { persistent: true }),
  issueEntryTicket: () => apiCall.post('/auth/entry-tickets'),
  register: (body: ApiBody<'post', '/auth/register'>) => apiCall.post('/auth/register', { body }),
  forgotPassword: (body: ApiBody<'post', '/auth/password/forgot'>) => apiCall.post('/auth/password/forgot', { body }),
  status: (body: ApiBody<'post', '/auth/status'>) => apiCall.post('/auth/status', { body }, { persistent: true }),
  /** Who opened a login-side page: anonymous (also for a session that no longer holds), or where they belong. */
  visitor: () => apiCall.get('/auth/visitor', {}, { persistent: true }),
  identities: (userId: number) =>
    apiCall.get(
      '/auth/identities',
      { query: { userId, tenantId: session.tenantId() ?? undefined } },
      { persistent: true },
    ),
  identityLogin: (identityId: number) =>
    apiCall.post('/auth/login/identity', { body: { identityId } }, { persistent: true }),
  societies: () => apiCall.get('/auth/societies'),
  chooseSociety: (tenantId: number) => apiCall.post('/auth/society', { body: { tenantId } }),
  menu: (mode?: number | null) =>
    apiCall.get('/auth/menu', { query: { mode: mode ?? undefined } }, { persistent: true }),
  // Asked by every page for its head (RootLayout): a login that no longer holds prompts from the
  // page's own calls, not from this one (the login page forgets a stale one quietly).
  sessionInfo: () => apiCall.get('/auth/session', {}, { persistent: true, quietSession: true }),
  logout: () => apiCall.post('/auth/logout'),
  changePassword: (body: ApiBody<'post', '/auth/password/change'>) => apiCall.post('/auth/password/change', { body }),
  bindPhone: (body: ApiBody<'post', '/auth/phone/bind'>) => apiCall.post('/auth/phone/bind', { body }),
  /** 在线会话: who is logged in now; an administrator may force one out. */
  sessions: () => apiCall.get('/auth/sessions'),
  kickSession: (id: number) => apiCall.post('/auth/sessions/{id}/kick', { path: { id } }),
  /** A society's login entry (/societyLoginBlank): public, failures shown in place. */
  societyEntry: (tenantId: number) => apiCall.get('/auth/society-entry', { query: { tenantId } }, { silent: true }),
  /** Custom type 34's check (spec 000 §6): whether the member profile lacks a required field. */
  requiredComplete: () => apiCall.get('/auth/profile/required-complete', {}, { persistent: true, silent: true }),
};

export function useSessionInfo() {
  return useQuery({
    queryKey: [...authKeys.session(), session.acting()?.tenantId ?? null],
    queryFn: authApi.sessionInfo,
    enabled: session.isLoggedIn(),
    staleTime: 60_000,
  });
}

export function useMenu() {
  const mode = useSyncExternalStore(session.subscribeMenu, session.menuMode);
  return useQuery({
    queryKey: authKeys.menu(session.identityId(), session.acting()?.tenantId ?? null, mode),
    queryFn: async () => {
      const menu = await authApi.menu(mode);
      session.saveMenu(menu.menuResult, menu.hiddenMenu, menu.customType);
      return menu;
    },
    enabled: session.isLoggedIn() && Boolean(session.identityId()),
    staleTime: 5 * 60_000,
    // A change of mode keeps the layout (and its kept-alive pages) while the new menu loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * The visitor of a login-side page (the login, the result pages), asked afresh on every visit: the
 * state may have changed since the login (an application passed, a session ended elsewhere).
 */
export function useVisitor(enabled = true) {
  return useQuery({
    queryKey: authKeys.visitor(),
    queryFn: authApi.visitor,
    enabled,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useIdentities() {
  const userId = session.userId();
  return useQuery({
    queryKey: authKeys.identities(userId),
    queryFn: async () => (await authApi.identities(userId ?? 0)).list,
    // Identities belong to the session's own tenant: none to list while acting as another.
    enabled: Boolean(userId) && session.isLoggedIn() && !session.acting(),
  });
}

/**
 * The tenant the console shows in the tab and the header: the session's (a chosen society, or the
 * tenant acted as) once logged in, else the domain's.
 */
export function useConsoleHead(): { companyName: string; icon: string } {
  const tenant = useTenant();
  const info = useSessionInfo();
  if (info.data) return { companyName: info.data.companyName, icon: info.data.companyIcon };
  return { companyName: tenant.companyName, icon: tenant.icon };
}
