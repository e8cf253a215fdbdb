import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, createTestPerson, TestClient, type TestContext } from '../../testing';
import { OpenPlatformWechatProvider } from './provider';

describe('WeChat binding with the development provider', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let member: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await adminsOfTwoTenants(t);
    ({ a, b } = pair);
    const person = await createTestPerson(t.db, pair.ta.id, { identities: [{ code: 12 }] });
    member = new TestClient(t.app, pair.ta.domain);
    await member.loginAs(person.mobile as string, person.password);
  });
  afterAll(() => t.close());

  it('shows a QR code, keeps the page waiting, and binds once an administrator confirms', async () => {
    expect((await member.get('/st365/wechat/account')).body.data).toMatchObject({ bound: false });
    const qr = (await member.post('/st365/wechat/bind/qr')).body.data;
    expect(qr.qrContent).toMatch(new RegExp(`^http://[^/]+/new/wechatDevConfirm\\?uuid=${qr.uuid}$`));
    expect(qr.expiresIn).toBe(120);
    expect((await member.get(`/st365/wechat/bind/poll?uuid=${qr.uuid}`)).body.data.code).toBe('poll_false');
    expect((await b.post('/st365/wechat/dev/confirm', { uuid: qr.uuid })).body.msg).toBe('二维码已失效,请刷新页面再试');
    expect((await a.post('/st365/wechat/dev/confirm', { uuid: qr.uuid })).body.msg).toBe('已确认绑定');
    const polled = (await member.get(`/st365/wechat/bind/poll?uuid=${qr.uuid}`)).body;
    expect(polled).toMatchObject({ msg: '绑定成功', data: { code: 'success' } });
    expect((await member.get('/st365/wechat/account')).body.data).toMatchObject({
      bound: true,
      nickname: '开发环境微信用户',
    });
    expect((await a.post('/st365/wechat/dev/confirm', { uuid: qr.uuid })).body.msg).toBe('二维码已失效,请刷新页面再试');
    expect((await member.call('DELETE', '/st365/wechat/account')).body.msg).toBe('已解除绑定');
    expect((await member.get('/st365/wechat/account')).body.data.bound).toBe(false);
  });

  it('refuses to confirm for people without the administrator page, and bad codes', async () => {
    const qr = (await member.post('/st365/wechat/bind/qr')).body.data;
    expect((await member.post('/st365/wechat/dev/confirm', { uuid: qr.uuid })).body.code).toBe(100002);
    expect((await member.get('/st365/wechat/bind/poll?uuid=xyz')).body.msg).toContain('二维码已失效,请刷新页面再试');
    expect((await b.get(`/st365/wechat/bind/poll?uuid=${qr.uuid}`)).body.msg).toBe('二维码已失效,请刷新页面再试');
  });
});

describe('the WeChat Open Platform provider', () => {
  it('makes the qrconnect address and exchanges a code for the account, as WeChat answers', async () => {
    const calls: string[] = [];
    const fake = (async (url: string) => {
      calls.push(String(url));
      return new Response(JSON.stringify({ openid: 'o123', unionid: 'u456', access_token: 'x' }));
    }) as unknown as typeof fetch;
    const p = new OpenPlatformWechatProvider('wxapp', 'secret', 'https://kx.example.cn/st365/wechat/callback', fake);
    const url = new URL(p.qrContent('0123456789abcdef0123456789abcdef'));
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      appid: 'wxapp',
      scope: 'snsapi_login',
      state: '0123456789abcdef0123456789abcdef',
      redirect_uri: 'https://kx.example.cn/st365/wechat/callback',
    });
    expect(await p.exchange('CODE')).toEqual({ openId: 'u456', nickname: '' });
    expect(calls[0]).toContain('https://api.weixin.qq.com/sns/oauth2/access_token?appid=wxapp&secret=secret&code=CODE');
    const failing = new OpenPlatformWechatProvider(
      'a',
      'b',
      'c',
      (async () => new Response(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }))) as unknown as typeof fetch,
    );
    await expect(failing.exchange('bad')).rejects.toThrow('微信授权失败：invalid code');
  });
});
