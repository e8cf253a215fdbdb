import { wechatPageTypeRoutes } from '@shetuan/shared/identity';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../app/request';
import { session } from '../../app/session';
import { AFTER_PROFILE_KEY, continueLogin, enterConsole, FIRST_LOGIN_KEY } from './flow';

/** The login-side flow: /wxchooseidentity after a WeChat login, /setUserMsg after an activation. */
const server = setupServer();
const url = (path: string) => `${location.origin}${API_BASE}${path}`;
const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: '', data, success: true });
const login = {
  token: 'tok',
  signKey: 'key',
  userId: 7,
  mobile: '13800000000',
  tenantId: 1,
  identityId: 11,
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};
const menu = { menuResult: [{ id: 1, pid: 0, name: '首页', path: '/homepage', img: '', key: '', children: [] }] };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  session.clear();
  sessionStorage.clear();
});

describe('after a WeChat login', () => {
  it('chooses the identity at /wxchooseidentity, other page types as usual', async () => {
    server.use(http.post(url('/auth/status'), () => ok({ pageType: 2, canEnter: true, msg: null, identityId: null })));
    const go = vi.fn();
    await continueLogin({ ...login, identityId: null }, go, wechatPageTypeRoutes);
    expect(go).toHaveBeenCalledWith('/wxchooseidentity');
    await continueLogin({ ...login, identityId: null }, go);
    expect(go).toHaveBeenLastCalledWith('/chooseIdentity');
  });
});

describe('after an activation (the first login)', () => {
  function answers(complete: boolean) {
    server.use(
      http.get(url('/auth/menu'), () => ok({ ...menu, hiddenMenu: [], functions: [], customType: 34, modes: [] })),
      http.get(url('/auth/profile/required-complete'), () =>
        ok({ checked: true, complete, missing: complete ? [] : [{ key: 'idNumber', label: '身份证号' }] }),
      ),
    );
  }

  it('goes to /setUserMsg first when the tenant requires details that are missing, keeping the destination', async () => {
    answers(false);
    sessionStorage.setItem(FIRST_LOGIN_KEY, '1');
    const go = vi.fn();
    await enterConsole(login, go);
    expect(go).toHaveBeenCalledWith('/setUserMsg');
    expect(sessionStorage.getItem(AFTER_PROFILE_KEY)).toBe('/');
    expect(sessionStorage.getItem(FIRST_LOGIN_KEY)).toBeNull();
  });

  it('goes straight on when complete, and never asks on a later login', async () => {
    answers(false);
    const go = vi.fn();
    await enterConsole(login, go);
    expect(go).toHaveBeenCalledWith('/');
    answers(true);
    sessionStorage.setItem(FIRST_LOGIN_KEY, '1');
    await enterConsole(login, go);
    expect(go).toHaveBeenLastCalledWith('/');
  });
});
