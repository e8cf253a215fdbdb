import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminsOfTwoTenants, createTestApp, createTestPerson, TestClient, type TestContext } from '../../testing';
import { users } from '../directory/tables';
import { OpenPlatformWechatProvider } from './provider';
import { wechatLogins } from './tables';

/** The member binds a WeChat account as the personal centre does (QR, then the administrator confirms). */
async function bindWechat(member: TestClient, admin: TestClient): Promise<void> {
  const qr = (await member.post('/st365/wechat/bind/qr')).body.data;
  expect((await admin.post('/st365/wechat/dev/confirm', { uuid: qr.uuid })).body.msg).toBe('已确认绑定');
}

describe('WeChat QR login with the development provider', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let domainA: string;
  let domainB: string;
  let person: Awaited<ReturnType<typeof createTestPerson>>;
  let member: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await adminsOfTwoTenants(t);
    ({ a, b } = pair);
    domainA = pair.ta.domain;
    domainB = pair.tb.domain;
    person = await createTestPerson(t.db, pair.ta.id, { identities: [{ code: 12 }] });
    member = new TestClient(t.app, domainA);
    await member.loginAs(person.mobile as string, person.password);
  });
  afterAll(() => t.close());

  it('logs a bound account in once, after its owner confirms the scan; the page waits until then', async () => {
    const visitor = new TestClient(t.app, domainA);
    // The owner confirming with their own WeChat needs one bound first.
    const early = (await visitor.post('/st365/wechat/login/qr')).body.data;
    expect((await member.post('/st365/wechat/dev/confirm-login', { uuid: early.uuid, as: 'mine' })).body.msg).toBe(
      '您尚未绑定微信，请先在个人中心绑定微信',
    );
    await bindWechat(member, a);

    const qr = (await visitor.post('/st365/wechat/login/qr')).body.data;
    expect(qr).toMatchObject({ expiresIn: 120, frameUrl: null });
    expect(qr.qrContent).toMatch(new RegExp(`/new/wechatDevLogin\\?uuid=${qr.uuid}$`));
    const ticket = { uuid: qr.uuid, pollKey: qr.pollKey };
    expect((await visitor.post('/st365/wechat/login/poll', ticket)).body.data).toEqual({
      code: 'poll_false',
      login: null,
      nickname: '',
    });
    // The uuid alone (it is in the QR code, anyone near the screen sees it) is not enough.
    expect((await visitor.post('/st365/wechat/login/poll', { ...ticket, pollKey: 'x'.repeat(32) })).body.msg).toBe(
      '二维码已失效,请刷新页面再试',
    );
    const confirmed = await member.post('/st365/wechat/dev/confirm-login', { uuid: qr.uuid, as: 'mine' });
    expect(confirmed.body).toMatchObject({ msg: '已确认登录', data: { outcome: 'success' } });
    // A second scan of the same code changes nothing.
    expect((await member.post('/st365/wechat/dev/confirm-login', { uuid: qr.uuid, as: 'unbound' })).body.msg).toBe(
      '二维码已失效,请刷新页面再试',
    );

    const polled = (await visitor.post('/st365/wechat/login/poll', ticket)).body;
    expect(polled).toMatchObject({ code: 200, msg: '登录成功', data: { code: 'success' } });
    expect(polled.data.login).toMatchObject({ userId: person.userId, identityId: null });
    visitor.adopt(polled.data.login);
    const status = (await visitor.post('/st365/auth/status', { userId: person.userId })).body.data;
    expect(status).toMatchObject({ canEnter: true, identityId: person.identityIds[0] });
    // Spent: the next poll (another tab, a replay) gets nothing.
    expect((await new TestClient(t.app, domainA).post('/st365/wechat/login/poll', ticket)).body.data.code).toBe(
      'expired',
    );
  });

  it('never logs an unbound WeChat account in: it offers to log in and bind it, once', async () => {
    const visitor = new TestClient(t.app, domainA);
    const qr = (await visitor.post('/st365/wechat/login/qr')).body.data;
    const ticket = { uuid: qr.uuid, pollKey: qr.pollKey };
    expect((await member.post('/st365/wechat/dev/confirm-login', { uuid: qr.uuid, as: 'unbound' })).body.msg).toBe(
      '已扫码：该微信尚未绑定账号',
    );
    const polled = (await visitor.post('/st365/wechat/login/poll', ticket)).body;
    expect(polled).toMatchObject({ msg: '该微信尚未绑定本平台账号', data: { code: 'unbound', login: null } });
    // Binding needs a login, and it is the page's own scan (its key), in its tenant.
    expect((await visitor.post('/st365/wechat/login/bind', ticket)).body.code).toBe(401);
    const other = await createTestPerson(t.db, (await tenantOf(a)) as number, { identities: [{ code: 12 }] });
    await visitor.login(other.mobile as string, other.password);
    const crossTenant = new TestClient(t.app, domainB);
    const pb = await createTestPerson(t.db, (await tenantOf(b)) as number, { identities: [{ code: 12 }] });
    await crossTenant.login(pb.mobile as string, pb.password);
    expect((await crossTenant.post('/st365/wechat/login/bind', ticket)).body.msg).toBe('二维码已失效,请刷新页面再试');
    expect((await visitor.post('/st365/wechat/login/bind', { ...ticket, pollKey: 'y'.repeat(32) })).body.msg).toBe(
      '二维码已失效,请刷新页面再试',
    );
    expect((await visitor.post('/st365/wechat/login/bind', ticket)).body.msg).toBe('绑定成功');
    await visitor.loginAs(other.mobile as string, other.password);
    expect((await visitor.get('/st365/wechat/account')).body.data).toMatchObject({ bound: true });
    expect((await visitor.post('/st365/wechat/login/bind', ticket)).body.msg).toBe('二维码已失效,请刷新页面再试');
    // The account now logs its owner in.
    const again = new TestClient(t.app, domainA);
    const next = (await again.post('/st365/wechat/login/qr')).body.data;
    await visitor.post('/st365/wechat/dev/confirm-login', { uuid: next.uuid, as: 'mine' });
    const login = (await again.post('/st365/wechat/login/poll', { uuid: next.uuid, pollKey: next.pollKey })).body.data;
    expect(login.login.userId).toBe(other.userId);
  });

  it('keeps attempts in their tenant, expires them, and refuses a disabled person', async () => {
    const visitor = new TestClient(t.app, domainA);
    const qr = (await visitor.post('/st365/wechat/login/qr')).body.data;
    const ticket = { uuid: qr.uuid, pollKey: qr.pollKey };
    // Another tenant's domain and another tenant's people see no such attempt.
    expect((await new TestClient(t.app, domainB).post('/st365/wechat/login/poll', ticket)).body.msg).toBe(
      '二维码已失效,请刷新页面再试',
    );
    expect((await b.post('/st365/wechat/dev/confirm-login', { uuid: qr.uuid, as: 'unbound' })).body.msg).toBe(
      '二维码已失效,请刷新页面再试',
    );
    // Bad input is answered in Chinese and changes nothing.
    const bad = await visitor.post('/st365/wechat/login/poll', { uuid: 'nope', pollKey: qr.pollKey });
    expect(bad.body.msg).toContain('二维码已失效,请刷新页面再试');
    expect((await member.post('/st365/wechat/dev/confirm-login', { uuid: qr.uuid, as: 'who' })).body.msg).toContain(
      '请选择扫码的微信',
    );

    await t.db.asOwner((tx) =>
      tx
        .update(wechatLogins)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(wechatLogins.uuid, qr.uuid)),
    );
    expect((await visitor.post('/st365/wechat/login/poll', ticket)).body.data.code).toBe('expired');
    expect((await member.post('/st365/wechat/dev/confirm-login', { uuid: qr.uuid, as: 'mine' })).body.msg).toBe(
      '二维码已失效,请刷新页面再试',
    );

    const fresh = (await visitor.post('/st365/wechat/login/qr')).body.data;
    await member.post('/st365/wechat/dev/confirm-login', { uuid: fresh.uuid, as: 'mine' });
    await t.db.asOwner((tx) => tx.update(users).set({ status: 0 }).where(eq(users.id, person.userId)));
    const refused = await visitor.post('/st365/wechat/login/poll', { uuid: fresh.uuid, pollKey: fresh.pollKey });
    expect(refused.body).toMatchObject({ code: 500, msg: '账号已停用，请联系管理员' });
    await t.db.asOwner((tx) => tx.update(users).set({ status: 1 }).where(eq(users.id, person.userId)));
  });

  async function tenantOf(client: TestClient): Promise<number | null> {
    return (await client.get('/st365/auth/session')).body.data.tenantId;
  }
});

describe('WeChat QR login with the Open Platform', () => {
  let t: TestContext;
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  beforeAll(async () => {
    fetchSpy.mockImplementation(
      async () => new Response(JSON.stringify({ openid: 'o-login', unionid: 'u-login', access_token: 'x' })),
    );
    t = await createTestApp({
      WECHAT_PROVIDER: 'open',
      WECHAT_APP_ID: 'wxapp',
      WECHAT_APP_SECRET: 'secret',
      WECHAT_REDIRECT_URI: 'https://kx.example.cn/st365/wechat/callback',
    });
  });
  afterAll(async () => {
    fetchSpy.mockRestore();
    await t.close();
  });

  it("embeds WeChat's own QR page; the callback finishes the attempt the page polls", async () => {
    const { ta, a } = await adminsOfTwoTenants(t);
    const visitor = new TestClient(t.app, ta.domain);
    const qr = (await visitor.post('/st365/wechat/login/qr')).body.data;
    expect(qr.qrContent).toBeNull();
    const frame = new URL(qr.frameUrl);
    expect(frame.origin + frame.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(Object.fromEntries(frame.searchParams)).toMatchObject({
      appid: 'wxapp',
      scope: 'snsapi_login',
      state: qr.uuid,
      self_redirect: 'true',
      redirect_uri: 'https://kx.example.cn/st365/wechat/callback',
    });
    // No development confirmation with the real provider.
    expect((await a.post('/st365/wechat/dev/confirm-login', { uuid: qr.uuid, as: 'unbound' })).status).toBe(404);
    const callback = await visitor.get(`/st365/wechat/callback?code=CODE&state=${qr.uuid}`);
    expect(callback.raw.body).toContain('该微信尚未绑定账号，请在电脑上登录后绑定');
    const polled = (await visitor.post('/st365/wechat/login/poll', { uuid: qr.uuid, pollKey: qr.pollKey })).body;
    expect(polled.data).toMatchObject({ code: 'unbound', login: null });
    expect(String(fetchSpy.mock.calls.at(-1)?.[0])).toContain('code=CODE');
  });

  it('builds the embedded login address as WeChat documents it', () => {
    const p = new OpenPlatformWechatProvider('wxapp', 's', 'https://kx.example.cn/st365/wechat/callback');
    const target = p.loginTarget('0123456789abcdef0123456789abcdef');
    expect(target.qrContent).toBeNull();
    expect(new URL(target.frameUrl ?? '').searchParams.get('login_type')).toBe('jssdk');
  });
});

describe('WeChat in production without a provider', () => {
  let t: TestContext;
  beforeAll(async () => {
    // No WECHAT_PROVIDER: production offers neither the development stand-in nor WeChat at all.
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('is simply unavailable: no development routes, a Chinese message, the pages told to hide it', async () => {
    const { ta, a } = await adminsOfTwoTenants(t);
    const visitor = new TestClient(t.app, ta.domain);
    expect((await visitor.get('/st365/wechat/available')).body.data).toEqual({ available: false });
    expect((await visitor.post('/st365/wechat/login/qr')).body).toMatchObject({
      success: false,
      msg: '本平台暂未开通微信登录，请使用账号密码或短信验证码登录',
    });
    const uuid = '0123456789abcdef0123456789abcdef';
    expect((await a.post('/st365/wechat/dev/confirm-login', { uuid, as: 'unbound' })).status).toBe(404);
    expect((await a.post('/st365/wechat/dev/confirm', { uuid })).status).toBe(404);
    expect((await a.post('/st365/wechat/login/bind', { uuid, pollKey: 'k'.repeat(32) })).body.msg).toBe(
      '本平台暂未开通微信登录，请使用账号密码或短信验证码登录',
    );
    // The personal centre's binding says so too.
    expect((await a.get('/st365/wechat/account')).body.data).toMatchObject({ bound: false, available: false });
    expect((await a.post('/st365/wechat/bind/qr')).body.msg).toBe('本平台暂未开通微信绑定');
    expect((await visitor.get(`/st365/wechat/callback?code=CODE&state=${uuid}`)).raw.body).toContain('绑定失败');
  });

  it('offers the development provider in production only when WECHAT_PROVIDER=dev asks for it', async () => {
    const staging = await createTestApp({ NODE_ENV: 'production', WECHAT_PROVIDER: 'dev' });
    try {
      const { ta, a } = await adminsOfTwoTenants(staging);
      expect((await new TestClient(staging.app, ta.domain).get('/st365/wechat/available')).body.data).toEqual({
        available: true,
      });
      const qr = (await new TestClient(staging.app, ta.domain).post('/st365/wechat/login/qr')).body.data;
      expect((await a.post('/st365/wechat/dev/confirm-login', { uuid: qr.uuid, as: 'unbound' })).body.msg).toBe(
        '已扫码：该微信尚未绑定账号',
      );
    } finally {
      await staging.close();
    }
  });
});
