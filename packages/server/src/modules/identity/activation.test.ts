import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/directory/tables';
import { tenants } from '../../platform/tenancy/tables';
import {
  createTestApp,
  createTestPerson,
  createTestTenantWithRbac,
  lastSmsCode,
  TestClient,
  type TestContext,
} from '../../testing';

describe('account activation (/accountActivation, /account/validate)', () => {
  let t: TestContext;
  let ta: { id: number; domain: string };
  let tb: { id: number; domain: string };
  beforeAll(async () => {
    t = await createTestApp();
    ta = await createTestTenantWithRbac(t.db);
    tb = await createTestTenantWithRbac(t.db);
  });
  afterAll(() => t.close());

  /** A person an import created: identities here, no password of their own. */
  async function imported(tenantId: number) {
    const person = await createTestPerson(t.db, tenantId, { identities: [{ code: 12 }] });
    await t.db.asOwner((tx) => tx.update(users).set({ passwordHash: null }).where(eq(users.id, person.userId)));
    return person;
  }

  async function sendCode(client: TestClient, phone: string) {
    return (await client.post('/st365/auth/sms/code', { phoneNumber: phone, purpose: 'activate' })).body;
  }

  it('proves the phone, sets the password under the tenant rules, and logs the person in', async () => {
    const person = await imported(ta.id);
    const phone = person.mobile as string;
    const client = new TestClient(t.app, ta.domain);
    // No password yet: the password login cannot get in.
    expect((await client.login(phone, 'anything1')).body.msg).toBe('账号或密码错误');
    expect(await sendCode(client, phone)).toMatchObject({ code: 200, msg: '验证码发送成功，5分钟内有效' });
    // One code a minute per phone and purpose.
    expect((await sendCode(client, phone)).msg).toMatch(/^验证码已发送，请\d+秒后再试$/);
    const code = await lastSmsCode(t.db, ta.id, phone);
    const weak = await client.post('/st365/auth/activate', { phoneNumber: phone, code, password: '123' });
    expect(weak.body.msg).toContain('密码最少为6位字符');
    expect(
      (await client.post('/st365/auth/activate', { phoneNumber: phone, code: '000000', password: 'Pass@123' })).body
        .msg,
    ).toBe('验证码错误');
    const done = await client.post('/st365/auth/activate', { phoneNumber: phone, code, password: 'Pass@123' });
    expect(done.body).toMatchObject({
      code: 200,
      msg: '账号激活成功',
      data: { userId: person.userId, identityId: null },
    });
    client.adopt(done.body.data);
    const status = (await client.post('/st365/auth/status', { userId: person.userId })).body.data;
    expect(status).toMatchObject({ canEnter: true, identityId: person.identityIds[0] });
    // The code is spent, and the account is active: the new password works, activation is over.
    expect((await new TestClient(t.app, ta.domain).login(phone, 'Pass@123')).body.code).toBe(200);
    await t.db.asOwner((tx) => tx.execute(`delete from sms_codes where phone = '${phone}'`));
    await sendCode(new TestClient(t.app, ta.domain), phone);
    const again = await client.post('/st365/auth/activate', {
      phoneNumber: phone,
      code: await lastSmsCode(t.db, ta.id, phone),
      password: 'Other@123',
    });
    expect(again.body.msg).toBe('该账号已激活，请直接登录；忘记密码可通过“忘记密码”找回');
  });

  it('activates an account still on its administrator-given initial password, and ends that session', async () => {
    const person = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }], mustChangePassword: true });
    const phone = person.mobile as string;
    const first = new TestClient(t.app, ta.domain);
    await first.login(phone, person.password);
    const client = new TestClient(t.app, ta.domain);
    await sendCode(client, phone);
    const done = await client.post('/st365/auth/activate', {
      phoneNumber: phone,
      code: await lastSmsCode(t.db, ta.id, phone),
      password: 'Mine@2026',
    });
    expect(done.body.msg).toBe('账号激活成功');
    expect((await first.get('/st365/auth/session')).body.code).toBe(200012);
  });

  it('refuses phones without an account to activate here, and people of another tenant', async () => {
    const stranger = new TestClient(t.app, ta.domain);
    await sendCode(stranger, '13912345670');
    const none = await stranger.post('/st365/auth/activate', {
      phoneNumber: '13912345670',
      code: await lastSmsCode(t.db, ta.id, '13912345670'),
      password: 'Pass@123',
    });
    expect(none.body.msg).toBe('该手机号在本机构没有待激活的账号，请核对手机号，或联系管理员');
    const other = await imported(tb.id);
    const onA = new TestClient(t.app, ta.domain);
    await sendCode(onA, other.mobile as string);
    const cross = await onA.post('/st365/auth/activate', {
      phoneNumber: other.mobile,
      code: await lastSmsCode(t.db, ta.id, other.mobile as string),
      password: 'Pass@123',
    });
    expect(cross.body.msg).toBe('该手机号在本机构没有待激活的账号，请核对手机号，或联系管理员');
    // Bad input in Chinese, nothing sent or changed.
    const bad = await onA.post('/st365/auth/activate', { phoneNumber: '123', code: 'x', password: '' });
    expect(bad.body.code).toBe(500);
    expect(bad.body.msg).toContain('请输入正确的手机号');
  });

  it('counts parallel guesses one by one: five wrong ones spend the code, the right one comes too late', async () => {
    const person = await imported(ta.id);
    const phone = person.mobile as string;
    const client = new TestClient(t.app, ta.domain);
    await sendCode(client, phone);
    const code = await lastSmsCode(t.db, ta.id, phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () =>
        new TestClient(t.app, ta.domain).post('/st365/auth/activate', {
          phoneNumber: phone,
          code: wrong,
          password: 'Pass@123',
        }),
      ),
    );
    expect(guesses.map((g) => g.body.msg).sort()).toEqual(
      [...Array(5).fill('验证码错误'), ...Array(3).fill('验证码已失效，请重新获取')].sort(),
    );
    const late = await client.post('/st365/auth/activate', { phoneNumber: phone, code, password: 'Pass@123' });
    expect(late.body.msg).toBe('验证码已失效，请重新获取');
  });

  it('spends a right code once, even when it is sent twice at the same moment', async () => {
    const person = await imported(ta.id);
    const phone = person.mobile as string;
    await sendCode(new TestClient(t.app, ta.domain), phone);
    const code = await lastSmsCode(t.db, ta.id, phone);
    const both = await Promise.all(
      ['Pass@123', 'Other@123'].map((password) =>
        new TestClient(t.app, ta.domain).post('/st365/auth/activate', { phoneNumber: phone, code, password }),
      ),
    );
    expect(both.map((r) => r.body.msg).sort()).toEqual(['账号激活成功', '验证码已失效，请重新获取'].sort());
  });

  it("proves a phone, not a login name: an account whose login name is that number is not the phone's", async () => {
    const victim = await imported(ta.id);
    const number = `139${String(Date.now()).slice(-8)}`;
    // The victim's login name is a number nobody has as a phone (a recycled number, say).
    await t.db.asOwner((tx) => tx.update(users).set({ account: number }).where(eq(users.id, victim.userId)));
    const holder = new TestClient(t.app, ta.domain);
    await sendCode(holder, number);
    const res = await holder.post('/st365/auth/activate', {
      phoneNumber: number,
      code: await lastSmsCode(t.db, ta.id, number),
      password: 'Pass@123',
    });
    expect(res.body.msg).toBe('该手机号在本机构没有待激活的账号，请核对手机号，或联系管理员');
    const [row] = await t.db.asOwner((tx) =>
      tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, victim.userId)),
    );
    expect(row?.passwordHash).toBeNull();
  });

  it('asks for the slide captcha from the 4th code to one phone within an hour', async () => {
    const person = await imported(ta.id);
    const phone = person.mobile as string;
    const client = new TestClient(t.app, ta.domain);
    for (const purpose of ['activate', 'login', 'reset']) {
      expect((await client.post('/st365/auth/sms/code', { phoneNumber: phone, purpose })).body.code).toBe(200);
    }
    const fourth = await client.post('/st365/auth/sms/code', { phoneNumber: phone, purpose: 'bind' });
    expect(fourth.body).toMatchObject({ code: 416, msg: '发送次数过多，请完成滑块验证后再发送' });
  });

  it('applies the tenant password policy', async () => {
    await t.db.asOwner((tx) =>
      tx
        .update(tenants)
        .set({ settings: { passwordPolicy: 'strong' } })
        .where(eq(tenants.id, tb.id)),
    );
    const person = await imported(tb.id);
    const client = new TestClient(t.app, tb.domain);
    await sendCode(client, person.mobile as string);
    const res = await client.post('/st365/auth/activate', {
      phoneNumber: person.mobile,
      code: await lastSmsCode(t.db, tb.id, person.mobile as string),
      password: 'abcdefg',
    });
    expect(res.body.msg).toBe('密码至少8位，且须同时包含字母和数字');
  });
});

describe('the society entry (/societyLoginBlank)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("says where a society's login is: here, on its own domain, or nowhere", async () => {
    const ta = await createTestTenantWithRbac(t.db);
    const tb = await createTestTenantWithRbac(t.db);
    const visitor = new TestClient(t.app, ta.domain);
    expect((await visitor.get(`/st365/auth/society-entry?tenantId=${ta.id}`)).body.data).toMatchObject({
      tenantId: ta.id,
      current: true,
      domain: null,
    });
    expect((await visitor.get(`/st365/auth/society-entry?tenantId=${tb.id}`)).body.data).toMatchObject({
      tenantId: tb.id,
      current: false,
      domain: tb.domain,
    });
    await t.db.asOwner((tx) => tx.update(tenants).set({ status: 0 }).where(eq(tenants.id, tb.id)));
    expect((await visitor.get(`/st365/auth/society-entry?tenantId=${tb.id}`)).body.msg).toBe('未找到该学会');
    expect((await visitor.get('/st365/auth/society-entry?tenantId=999999')).body.msg).toBe('未找到该学会');
    expect((await visitor.get('/st365/auth/society-entry?tenantId=abc')).body.msg).toContain('未找到该学会');
    // Past PostgreSQL's integer (the OpenAPI fuzz found it answering 500).
    const huge = await visitor.get('/st365/auth/society-entry?tenantId=2147483648');
    expect(huge.status).toBeLessThan(500);
    expect(huge.body.msg).toContain('未找到该学会');
    // The tenantId header past it, with a token (the session is looked up in that tenant): the
    // tenant is unknown, not a failed query.
    const header = await t.app.inject({
      url: '/st365/messages/latest',
      headers: { tenantid: '2147483648', token: 'a-token' },
    });
    expect(header.statusCode).toBe(400);
    expect(header.json()).toMatchObject({ success: false, msg: '租户信息不完整' });
  });
});
