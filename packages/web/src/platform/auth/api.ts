import type { TIdentity, TLoginData, TMenuData, TSessionInfo, TStatusData, TVisitor } from '@shetuan/shared/identity';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '../../app/request';
import { session } from '../../app/session';
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
  passwordLogin: (body: { login: string; password: string }) => api.post<TLoginData>('/auth/login/password', body),
  sendCode: (body: { phoneNumber: string; purpose: 'login' | 'reset' | 'bind' | 'change' | 'register' }) =>
    api.post<{ resendAfterSeconds: number }>('/auth/sms/code', body),
  smsLogin: (body: { phoneNumber: string; code: string }) => api.post<TLoginData>('/auth/login/sms', body),
  entryLogin: (body: { memberToken: string; identityId: number; userId: number }) =>
    api.post<TLoginData>('/auth/login/entry', body, { persistent: true }),
  issueEntryTicket: () =>
    api.post<{ memberToken: string; identityId: number; userId: number; expiresAt: string }>('/auth/entry-tickets'),
  register: (body: { name: string; phoneNumber: string; code: string; password: string }) =>
    api.post<{ pending: boolean; existed: boolean }>('/auth/register', body),
  forgotPassword: (body: { phoneNumber: string; code: string; newPassword: string }) =>
    api.post<null>('/auth/password/forgot', body),
  status: (body: { userId: number; identityId?: number }) =>
    api.post<TStatusData>('/auth/status', body, { persistent: true }),
  /** Who opened a login-side page: anonymous (also for a session that no longer holds), or where they belong. */
  visitor: () => api.get<TVisitor>('/auth/visitor', undefined, { persistent: true }),
  identities: (userId: number) =>
    api.get<{ list: TIdentity[] }>(
      '/auth/identities',
      { userId, tenantId: session.tenantId() ?? undefined },
      { persistent: true },
    ),
  identityLogin: (identityId: number) =>
    api.post<TLoginData>('/auth/login/identity', { identityId }, { persistent: true }),
  societies: () => api.get<{ list: { tenantId: number; companyName: string; icon: string }[] }>('/auth/societies'),
  chooseSociety: (tenantId: number) => api.post<TLoginData>('/auth/society', { tenantId }),
  menu: (mode?: number | null) => api.get<TMenuData>('/auth/menu', { mode: mode ?? undefined }, { persistent: true }),
  // Asked by every page for its head (RootLayout): a login that no longer holds prompts from the
  // page's own calls, not from this one (the login page forgets a stale one quietly).
  sessionInfo: () => api.get<TSessionInfo>('/auth/session', undefined, { persistent: true, quietSession: true }),
  logout: () => api.post<null>('/auth/logout'),
  changePassword: (body: { oldPassword: string; newPassword: string }) => api.post<null>('/auth/password/change', body),
  bindPhone: (body: { phoneNumber: string; code: string }) => api.post<null>('/auth/phone/bind', body),
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
