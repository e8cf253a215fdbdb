import type { TLoginData } from '@shetuan/shared/identity';

/**
 * What the browser keeps of a login (spec 000 §3): the token in a cookie for one day, the user
 * info cookie for 12 hours, the rest in localStorage. The signing key lives beside the token.
 */
export const TOKEN_COOKIE_MS = 86_400_000;
export const USER_INFO_COOKIE_MS = 12 * 3_600_000;

const KEYS = {
  signKey: 'signKey',
  userId: 'userId',
  mobile: 'mobile',
  tenantId: 'tenantId',
  identityId: 'identityId',
  menuList: 'menuList',
  hiddenMenuList: 'hiddenMenuList',
  enterPath: 'enterPath',
  callback: 'callback',
  customType: 'customType',
} as const;

const HIDDEN_MENU_FLAG = 'hideMenu';
const MENU_MODE = 'menuMode';
const menuListeners = new Set<() => void>();
function notifyMenu(): void {
  for (const l of menuListeners) l();
}
function swapMenuLists(): void {
  const main = localStorage.getItem(KEYS.menuList) ?? '[]';
  localStorage.setItem(KEYS.menuList, localStorage.getItem(KEYS.hiddenMenuList) ?? '[]');
  localStorage.setItem(KEYS.hiddenMenuList, main);
}

function setCookie(name: string, value: string, ms: number): void {
  const expires = new Date(Date.now() + ms).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a cookie; the Cookie Store API is not everywhere yet
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

function getCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

function clearCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

export const session = {
  token: () => getCookie('token'),
  signKey: () => localStorage.getItem(KEYS.signKey),
  userId: () => Number(localStorage.getItem(KEYS.userId)) || null,
  tenantId: () => Number(sessionStorage.getItem(KEYS.tenantId) ?? localStorage.getItem(KEYS.tenantId)) || null,
  identityId: () => Number(localStorage.getItem(KEYS.identityId)) || null,
  mobile: () => localStorage.getItem(KEYS.mobile),
  isLoggedIn: () => Boolean(getCookie('token') && localStorage.getItem(KEYS.signKey)),

  save(data: TLoginData): void {
    setCookie('token', data.token, TOKEN_COOKIE_MS);
    setCookie('userInfo', JSON.stringify({ userId: data.userId, mobile: data.mobile }), USER_INFO_COOKIE_MS);
    localStorage.setItem(KEYS.signKey, data.signKey);
    localStorage.setItem(KEYS.userId, String(data.userId));
    localStorage.setItem(KEYS.mobile, data.mobile);
    localStorage.setItem(KEYS.tenantId, String(data.tenantId));
    sessionStorage.setItem(KEYS.tenantId, String(data.tenantId));
    if (data.identityId) localStorage.setItem(KEYS.identityId, String(data.identityId));
    else localStorage.removeItem(KEYS.identityId);
  },

  /** The tenant before login: the one the domain resolved to. */
  setDomainTenant(tenantId: number): void {
    if (!sessionStorage.getItem(KEYS.tenantId)) localStorage.setItem(KEYS.tenantId, String(tenantId));
  },

  saveMenu(menu: unknown, hidden: unknown, customType: number): void {
    // While the hidden activity-level menu is shown the two lists stay swapped (spec 000 §4).
    const swapped = session.hiddenMenuShown();
    localStorage.setItem(KEYS.menuList, JSON.stringify(swapped ? hidden : menu));
    localStorage.setItem(KEYS.hiddenMenuList, JSON.stringify(swapped ? menu : hidden));
    localStorage.setItem(KEYS.customType, String(customType));
  },

  /** The hidden-menu flag: one activity's own menu replaces the main menu in this tab. */
  hiddenMenuShown: () => sessionStorage.getItem(HIDDEN_MENU_FLAG) === '1',
  /** Entering one activity's management: the stored lists swap and the flag is set. */
  showHiddenMenu(): void {
    if (session.hiddenMenuShown()) return;
    swapMenuLists();
    sessionStorage.setItem(HIDDEN_MENU_FLAG, '1');
    notifyMenu();
  },
  /** Entering /activityManage with the flag set: the lists swap back and the flag is cleared (spec 000 §2). */
  restoreMainMenu(): void {
    if (!session.hiddenMenuShown()) return;
    swapMenuLists();
    sessionStorage.removeItem(HIDDEN_MENU_FLAG);
    notifyMenu();
  },
  /** The 当前模式 the person chose (tenants with the switcher only; null: the tenant's own). */
  menuMode: (): number | null => {
    const v = localStorage.getItem(MENU_MODE);
    return v === null || v === '' ? null : Number(v);
  },
  setMenuMode(mode: number): void {
    localStorage.setItem(MENU_MODE, String(mode));
    notifyMenu();
  },
  subscribeMenu(listener: () => void): () => void {
    menuListeners.add(listener);
    return () => menuListeners.delete(listener);
  },

  menuList<T>(): T[] {
    try {
      return JSON.parse(localStorage.getItem(KEYS.menuList) ?? '[]') as T[];
    } catch {
      return [];
    }
  },

  /** Where a visitor wanted to go before login (spec: the callback), cleared once used. */
  setCallback(callback: string): void {
    localStorage.setItem(KEYS.callback, callback);
  },
  takeCallback(): string | null {
    const value = localStorage.getItem(KEYS.callback);
    localStorage.removeItem(KEYS.callback);
    return value;
  },
  setEnterPath(path: string): void {
    localStorage.setItem(KEYS.enterPath, path);
  },
  enterPath(): string {
    return localStorage.getItem(KEYS.enterPath) || '/login';
  },

  /**
   * A super administrator acting as a tenant (spec 000 §3 'advertiser tenant'): kept in this tab
   * only; the client sends adverTenantId and adverCompanyId with every request while it is set.
   */
  acting(): { tenantId: number; companyId: number; companyName: string } | null {
    const tenantId = Number(sessionStorage.getItem('adverTenantId'));
    if (!tenantId) return null;
    return {
      tenantId,
      companyId: Number(sessionStorage.getItem('adverCompanyId')) || 0,
      companyName: sessionStorage.getItem('adverCompanyName') ?? '',
    };
  },
  startActing(tenant: { tenantId: number; companyId: number; companyName: string }): void {
    sessionStorage.setItem('adverTenantId', String(tenant.tenantId));
    sessionStorage.setItem('adverCompanyId', String(tenant.companyId));
    sessionStorage.setItem('adverCompanyName', tenant.companyName);
  },
  stopActing(): void {
    for (const key of ['adverTenantId', 'adverCompanyId', 'adverCompanyName']) sessionStorage.removeItem(key);
  },

  /** Logout and expiry: token, info, cookies, stored ids and session storage (spec 000 §4). */
  clear(): void {
    clearCookie('token');
    clearCookie('userInfo');
    for (const key of [
      KEYS.signKey,
      KEYS.userId,
      KEYS.mobile,
      KEYS.identityId,
      KEYS.menuList,
      KEYS.hiddenMenuList,
      KEYS.customType,
    ]) {
      localStorage.removeItem(key);
    }
    sessionStorage.clear();
  },
};
