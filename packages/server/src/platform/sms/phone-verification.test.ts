import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestTenantWithRbac, lastSmsCode, TestClient, type TestContext } from '../../testing';
import { consumePhoneToken } from './phone-verification';

describe('phone verification for public forms (/project/phone/code)', () => {
  let t: TestContext;
  let tenant: { id: number; domain: string };
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTestTenantWithRbac(t.db);
  });
  afterAll(() => t.close());

  it('sends a code, checks it, and answers a token a form can spend once', async () => {
    const visitor = new TestClient(t.app, tenant.domain);
    const phone = `135${String(Date.now()).slice(-8)}`;
    const sent = await visitor.get(`/st365/project/phone/code?phoneNumber=${phone}`);
    expect(sent.body).toMatchObject({ msg: '验证码发送成功，5分钟内有效', data: { resendAfterSeconds: 60 } });
    const code = await lastSmsCode(t.db, tenant.id, phone);
    expect(
      (await visitor.post('/st365/project/phone/code/check', { phoneNumber: phone, code: '000000' })).body.msg,
    ).toBe('验证码错误');
    const checked = await visitor.post('/st365/project/phone/code/check', { phoneNumber: phone, code });
    expect(checked.body.msg).toBe('验证成功');
    const token = checked.body.data.phoneToken as string;
    expect(await t.db.withTenant(tenant.id, (tx) => consumePhoneToken(tx, tenant.id, '13900000000', token))).toBe(
      false,
    );
    expect(await t.db.withTenant(tenant.id, (tx) => consumePhoneToken(tx, tenant.id, phone, token))).toBe(true);
    expect(await t.db.withTenant(tenant.id, (tx) => consumePhoneToken(tx, tenant.id, phone, token))).toBe(false);
  });

  it('counts wrong codes: after five the right one is refused (a guess is not undone by its refusal)', async () => {
    const visitor = new TestClient(t.app, tenant.domain);
    const phone = `136${String(Date.now()).slice(-8)}`;
    await visitor.get(`/st365/project/phone/code?phoneNumber=${phone}`);
    const code = await lastSmsCode(t.db, tenant.id, phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect(
        (await visitor.post('/st365/project/phone/code/check', { phoneNumber: phone, code: wrong })).body.msg,
      ).toBe('验证码错误');
    const late = await visitor.post('/st365/project/phone/code/check', { phoneNumber: phone, code });
    expect(late.body).toMatchObject({ code: 500, msg: '验证码已失效，请重新获取' });
  });

  it('says the spec messages for a missing or bad number and a missing code', async () => {
    const visitor = new TestClient(t.app, tenant.domain);
    expect((await visitor.get('/st365/project/phone/code?phoneNumber=')).body.msg).toContain('请输入手机号');
    expect((await visitor.get('/st365/project/phone/code?phoneNumber=12345')).body.msg).toContain(
      '手机号码格式不正确！',
    );
    expect(
      (await visitor.post('/st365/project/phone/code/check', { phoneNumber: '13500000000', code: '' })).body.msg,
    ).toContain('请输入验证码');
  });
});
