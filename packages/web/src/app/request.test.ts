import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captchaPrompt, feedback, navigation } from './feedback';
import { API_BASE, ApiError, cancelPendingRequests, request, setMenuUrl } from './request';
import { session } from './session';

/**
 * Every answer code of the spec's error catalogue (000 §8) driven through the one request client
 * against a mocked transport: what the user sees (toast, confirm box, navigation) and what the
 * caller gets (data or a rejection).
 */
const server = setupServer();
const url = (path: string) => `${location.origin}${API_BASE}${path}`;
const answer = (code: number, msg = '', data: unknown = null) =>
  HttpResponse.json({ code, msg, data, success: code === 200 });

const toast = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
const confirm = vi.fn();
const go = vi.fn();

function logIn(): void {
  session.save({
    token: 'tok-1',
    signKey: 'key-1',
    userId: 7,
    mobile: '13800000000',
    tenantId: 3,
    identityId: 11,
  } as Parameters<typeof session.save>[0]);
  session.setEnterPath('/login-declare');
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  feedback.message = toast as unknown as typeof feedback.message;
  feedback.modal = { confirm } as unknown as typeof feedback.modal;
  navigation.go = go;
  captchaPrompt.ask = null;
});
afterEach(() => {
  server.resetHandlers();
  vi.clearAllMocks();
  session.clear();
  localStorage.clear();
});

describe('request client: success and headers', () => {
  it('answers data on 200 and sends token, tenantId, menuUrl, isCheck and the signature', async () => {
    logIn();
    setMenuUrl('/user-management');
    let seen: Request | undefined;
    server.use(
      http.get(url('/things'), ({ request: r }) => {
        seen = r;
        return answer(200, 'ok', { n: 1 });
      }),
    );
    await expect(request('/things', { query: { q: 'a', empty: '' } })).resolves.toEqual({ n: 1 });
    expect(seen?.headers.get('token')).toBe('tok-1');
    expect(seen?.headers.get('tenantId')).toBe('3');
    expect(seen?.headers.get('isCheck')).toBe('0');
    expect(decodeURIComponent(seen?.headers.get('menuUrl') ?? '')).toBe('/user-management');
    const query = new URL(seen?.url ?? '').searchParams;
    expect(query.get('q')).toBe('a');
    expect(query.has('empty')).toBe(false);
    expect(query.get('sign')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(query.get('timestamp'))).toBeGreaterThan(Date.now() - 60_000);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends adverTenantId and adverCompanyId while a super administrator acts as a tenant', async () => {
    logIn();
    session.startActing({ tenantId: 42, companyId: 420, companyName: '某学会' });
    let seen: Request | undefined;
    server.use(
      http.get(url('/things'), ({ request: r }) => {
        seen = r;
        return answer(200);
      }),
    );
    await request('/things');
    expect(seen?.headers.get('adverTenantId')).toBe('42');
    expect(seen?.headers.get('adverCompanyId')).toBe('420');
  });

  it('does not sign a call made before login', async () => {
    let seen: Request | undefined;
    server.use(
      http.get(url('/public'), ({ request: r }) => {
        seen = r;
        return answer(200);
      }),
    );
    await request('/public');
    expect(seen?.headers.get('token')).toBeNull();
    expect(new URL(seen?.url ?? '').searchParams.has('sign')).toBe(false);
  });
});

describe('request client: the error catalogue', () => {
  for (const code of [500, 405, 403]) {
    it(`${code} shows msg for 5 seconds and rejects`, async () => {
      server.use(http.get(url('/x'), () => answer(code, '名称已存在')));
      const err = await request('/x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe(code);
      expect(toast.error).toHaveBeenCalledWith('名称已存在', 5);
    });
  }

  it('an empty msg shows Error', async () => {
    server.use(http.get(url('/x'), () => answer(500, '')));
    await expect(request('/x')).rejects.toBeInstanceOf(ApiError);
    expect(toast.error).toHaveBeenCalledWith('Error', 5);
  });

  it('a silent call leaves the message to its caller', async () => {
    server.use(http.get(url('/x'), () => answer(500, '名称已存在')));
    await expect(request('/x', { silent: true })).rejects.toMatchObject({ code: 500, message: '名称已存在' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  for (const code of [401, 200012, 100001, 320001]) {
    it(`${code} on a quietSession call (the page head's session) prompts nothing and keeps the login`, async () => {
      logIn();
      server.use(http.get(url('/x'), () => answer(code, '登录已过期')));
      await expect(request('/x', { quietSession: true })).rejects.toMatchObject({ code });
      expect(confirm).not.toHaveBeenCalled();
      expect(toast.warning).not.toHaveBeenCalled();
      expect(go).not.toHaveBeenCalled();
      expect(session.token()).toBe('tok-1');
    });
  }

  for (const code of [401, 200011, 200012]) {
    it(`${code} shows the expiry confirm box; confirming clears the login and goes to the entry path`, async () => {
      logIn();
      server.use(http.get(url('/x'), () => answer(code, '登录已过期')));
      await expect(request('/x')).rejects.toMatchObject({ code });
      expect(confirm).toHaveBeenCalledTimes(1);
      const box = confirm.mock.calls[0]?.[0] as { content: string; okText: string; onOk: () => void };
      expect(box.content).toBe('登录状态已过期，您可以继续留在该页面，或者重新登录');
      expect(box.okText).toBe('重新登录');
      expect(session.token()).toBe('tok-1');
      box.onOk();
      expect(session.token()).toBeNull();
      expect(session.userId()).toBeNull();
      expect(go).toHaveBeenCalledWith('/login-declare');
    });
  }

  it('several expired answers at once open one confirm box', async () => {
    logIn();
    server.use(http.get(url('/x'), () => answer(200011)));
    await Promise.allSettled([request('/x'), request('/x'), request('/x')]);
    expect(confirm).toHaveBeenCalledTimes(1);
    const box = confirm.mock.calls[0]?.[0] as { onCancel: () => void } | undefined;
    box?.onCancel();
  });

  describe("401 as the second client reads it (docs/web.md: both clients' rules in one)", () => {
    for (const code of [401, 200011]) {
      it(`${code} without a token warns 登录过期，已返回首页 and goes to the entry path`, async () => {
        session.setEnterPath('/societyLogin');
        server.use(http.get(url('/x'), () => answer(code, '请先登录')));
        await expect(request('/x')).rejects.toMatchObject({ code });
        expect(toast.warning).toHaveBeenCalledWith('登录过期，已返回首页', 5);
        expect(go).toHaveBeenCalledWith('/societyLogin');
        expect(confirm).not.toHaveBeenCalled();
      });
    }

    it('401 without a token and no entry path goes to /login, also for a silent call', async () => {
      server.use(http.get(url('/x'), () => answer(401, '请先登录')));
      await expect(request('/x', { silent: true })).rejects.toMatchObject({ code: 401 });
      expect(go).toHaveBeenCalledWith('/login');
    });

    for (const msg of ['token无效', 'Token错误', '无效的token', '登录凭证不正确']) {
      it(`401 with a token and msg ${msg} warns 权限不足，请重新登录！, clears the login, goes to the entry path`, async () => {
        logIn();
        server.use(http.get(url('/x'), () => answer(401, msg)));
        await expect(request('/x')).rejects.toMatchObject({ code: 401 });
        expect(toast.warning).toHaveBeenCalledWith('权限不足，请重新登录！', 5);
        expect(session.token()).toBeNull();
        expect(go).toHaveBeenCalledWith('/login-declare');
        expect(confirm).not.toHaveBeenCalled();
      });
    }

    it('401 with a token and any other msg goes to /405 and keeps the login', async () => {
      logIn();
      server.use(http.get(url('/x'), () => answer(401, '无权访问该接口')));
      await expect(request('/x')).rejects.toMatchObject({ code: 401 });
      expect(go).toHaveBeenCalledWith('/405');
      expect(confirm).not.toHaveBeenCalled();
      expect(toast.warning).not.toHaveBeenCalled();
      expect(session.token()).toBe('tok-1');
    });

    it('an HTTP 401 without our envelope (a gateway) is read the same way', async () => {
      logIn();
      server.use(http.get(url('/x'), () => new HttpResponse('Unauthorized', { status: 401 })));
      await expect(request('/x')).rejects.toMatchObject({ code: 401 });
      expect(go).toHaveBeenCalledWith('/405');
      session.clear();
      go.mockClear();
      await expect(request('/x')).rejects.toMatchObject({ code: 401 });
      expect(toast.warning).toHaveBeenCalledWith('登录过期，已返回首页', 5);
      expect(go).toHaveBeenCalledWith('/login-declare');
      expect(toast.error).not.toHaveBeenCalled();
    });
  });

  it('100001 warns, clears the login and goes to the entry path', async () => {
    logIn();
    server.use(http.get(url('/x'), () => answer(100001, 'token无效')));
    await expect(request('/x')).rejects.toMatchObject({ code: 100001 });
    expect(toast.warning).toHaveBeenCalledWith('您的登录信息已失效，请重新登录！', 5);
    expect(session.token()).toBeNull();
    expect(go).toHaveBeenCalledWith('/login-declare');
  });

  it("320001 warns with the server's msg, clears and redirects", async () => {
    logIn();
    server.use(http.get(url('/x'), () => answer(320001, '您的账号已被停用')));
    await expect(request('/x')).rejects.toMatchObject({ code: 320001 });
    expect(toast.warning).toHaveBeenCalledWith('您的账号已被停用', 5);
    expect(session.token()).toBeNull();
    expect(go).toHaveBeenCalledWith('/login-declare');
  });

  it('100002 goes to /405', async () => {
    logIn();
    server.use(http.get(url('/x'), () => answer(100002, '无权限')));
    await expect(request('/x')).rejects.toMatchObject({ code: 100002 });
    expect(go).toHaveBeenCalledWith('/405');
    expect(session.token()).toBe('tok-1');
  });

  it('416 opens the captcha, retries once with its verification in the parameters, and answers the retry', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(url('/login'), async ({ request: r }) => {
        const body = (await r.json()) as Record<string, unknown>;
        bodies.push(body);
        return body.captchaVerification ? answer(200, '', { ok: true }) : answer(416, '请完成安全验证');
      }),
    );
    const ask = vi.fn(async () => 'verification-1');
    captchaPrompt.ask = ask;
    await expect(request('/login', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(bodies).toEqual([{ a: 1 }, { a: 1, captchaVerification: 'verification-1' }]);
  });

  it('416 on a GET puts the verification in the query, and a second 416 is not retried again', async () => {
    const seen: string[] = [];
    server.use(
      http.get(url('/code'), ({ request: r }) => {
        seen.push(new URL(r.url).searchParams.get('captchaVerification') ?? '');
        return answer(416, '请完成安全验证');
      }),
    );
    captchaPrompt.ask = vi.fn(async () => 'v-2');
    await expect(request('/code')).rejects.toMatchObject({ code: 416 });
    expect(seen).toEqual(['', 'v-2']);
    expect(captchaPrompt.ask).toHaveBeenCalledTimes(1);
  });

  it('416 closed without solving rejects without a retry', async () => {
    let calls = 0;
    server.use(
      http.get(url('/code'), () => {
        calls++;
        return answer(416, '请完成安全验证');
      }),
    );
    captchaPrompt.ask = vi.fn(async () => null);
    await expect(request('/code')).rejects.toMatchObject({ code: 416 });
    expect(calls).toBe(1);
  });

  it('a network failure shows 服务开小差了，请稍后再试', async () => {
    server.use(http.get(url('/x'), () => HttpResponse.error()));
    await expect(request('/x')).rejects.toMatchObject({ code: 0, message: '服务开小差了，请稍后再试' });
    expect(toast.error).toHaveBeenCalledWith('服务开小差了，请稍后再试', 5);
  });

  it('HTTP 500 without an envelope shows 内部服务器错误！', async () => {
    server.use(http.get(url('/x'), () => new HttpResponse('<html>oops</html>', { status: 500 })));
    await expect(request('/x')).rejects.toMatchObject({ code: 500, message: '内部服务器错误！' });
    expect(toast.error).toHaveBeenCalledWith('内部服务器错误！', 5);
  });

  it('HTTP 403 without an envelope shows 服务器拒绝本次访问！', async () => {
    server.use(http.get(url('/x'), () => new HttpResponse('denied', { status: 403 })));
    await expect(request('/x')).rejects.toMatchObject({ code: 403, message: '服务器拒绝本次访问！' });
    expect(toast.error).toHaveBeenCalledWith('服务器拒绝本次访问！', 5);
  });

  it('a navigation cancels the requests in flight, without a toast', async () => {
    server.use(
      http.get(url('/slow'), async () => {
        await delay(300);
        return answer(200);
      }),
    );
    const call = request('/slow');
    const kept = request('/slow', { persistent: true });
    await delay(20);
    cancelPendingRequests();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(toast.error).not.toHaveBeenCalled();
    await expect(kept).resolves.toBeNull();
  });

  it('a call past its timeout fails as the network does', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      server.use(http.get(url('/hang'), () => new Promise<Response>(() => undefined)));
      const call = request('/hang').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(toast.error).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2);
      expect(await call).toMatchObject({ code: 0, message: '服务开小差了，请稍后再试' });
      const long = request('/hang', { long: true }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(30_001);
      let settled = false;
      void long.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(70_000);
      expect(await long).toMatchObject({ code: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
