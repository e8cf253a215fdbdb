import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, type TestClient, type TestContext } from '../../testing';
import { findIllegalText, isIllegalText } from './input-guard';

const REFUSED = { code: 500, msg: '请求参数包含非法字符', success: false };

describe('NUL and unpaired surrogates never reach the database', () => {
  let t: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    ({ a: admin } = await adminsOfTwoTenants(t));
  });
  afterAll(() => t.close());

  it('tells illegal text from ordinary text, emoji included', () => {
    expect(isIllegalText('中文 abc 😀')).toBe(false);
    expect(isIllegalText('a\0b')).toBe(true);
    expect(isIllegalText('\uD800')).toBe(true);
    expect(isIllegalText('x\uDC00')).toBe(true);
    expect(isIllegalText('\uDE00\uD83D')).toBe(true);
    expect(findIllegalText({ a: [{ b: 'ok' }, { c: 'x\0' }] }, 'body')).toBe('body.a.1.c');
    expect(findIllegalText({ 'k\0': 1 }, 'body')).toBe('body');
    // A body nested far deeper than any stack: still checked, no RangeError.
    let deep: unknown = 'x\0';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findIllegalText(deep, 'body')).toMatch(/^body(\.0)+$/);
  });

  it('refuses a NUL in a query parameter with the envelope (the tenant look-up)', async () => {
    const res = await t.app.inject({ url: '/st365/tenant/lookup?domain=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ...REFUSED, data: { path: 'querystring.domain' } });
  });

  it('refuses a NUL in a path parameter (a form-template key), signed in or not, before authentication', async () => {
    const url = '/st365/project/templates/ab%00cd';
    const signed = await admin.get(url);
    expect(signed.status).toBe(400);
    expect(signed.body).toMatchObject({ ...REFUSED, data: { path: 'params.key' } });
    const anonymous = await t.app.inject({ url });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toMatchObject({ ...REFUSED, data: { path: 'params.key' } });
  });

  it('refuses NUL and unpaired surrogates in a JSON body, keys included, as a signed administrator', async () => {
    for (const body of [
      { isTemplate: true, note: 'a\u0000b' },
      { isTemplate: true, note: '\uD800' },
      { isTemplate: true, 'bad\u0000key': 1 },
      { isTemplate: true, list: [['\uDFFF']] },
    ]) {
      const res = await admin.call('PUT', '/st365/project/forms/abcdef123456/template', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(REFUSED);
    }
  });

  it('lets ordinary Chinese text and emoji through', async () => {
    const res = await t.app.inject({ url: `/st365/tenant/lookup?domain=${encodeURIComponent('示范😀.localhost')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).not.toBe('请求参数包含非法字符');
  });
});
