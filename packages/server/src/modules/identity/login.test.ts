import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLogs } from '../../platform/audit/tables';
import { users } from '../../platform/directory/tables';
import { smsOutbox } from '../../platform/sms';
import {
  createTestApp,
  createTestPerson,
  createTestTenantWithRbac,
  lastSmsCode,
  TestClient,
  type TestContext,
} from '../../testing';

describe('password login, throttling and lock', () => {
  let t: TestContext;
  let tenant: { id: number; domain: string };
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTestTenantWithRbac(t.db);
  });
  afterAll(() => t.close());
  const client = () => new TestClient(t.app, tenant.domain);

  it('logs in by mobile and by account name, answering token and signing key', async () => {
    const person = await createTestPerson(t.db, tenant.id, { account: `acct${Date.now()}` });
    const byMobile = await client().login(person.mobile as string, person.password);
    expect(byMobile.body).toMatchObject({ code: 200, success: true, msg: '登录成功' });
    expect(byMobile.body.data).toMatchObject({ userId: person.userId, tenantId: tenant.id, identityId: null });
    expect(byMobile.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(byMobile.body.data.signKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.withTenant(tenant.id, (tx) =>
      tx.select().from(loginLogs).where(eq(loginLogs.userId, person.userId)),
    );
    expect(rows.map((r) => r.success)).toEqual([true]);
    expect(rows[0]?.login).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it('refuses a wrong password or an unknown account with the same message', async () => {
    const person = await createTestPerson(t.db, tenant.id);
    const wrong = await client().login(person.mobile as string, 'not-it');
    const unknown = await client().login('13999999999', 'whatever');
    expect(wrong.body).toMatchObject({ code: 500, success: false, msg: '账号或密码错误' });
    expect(unknown.body).toMatchObject({ code: 500, success: false, msg: '账号或密码错误' });
  });

  it('asks for bad input in Chinese and changes nothing', async () => {
    const res = await client().post('/st365/auth/login/password', { login: '', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请求体 login 有误：请输入账号');
  });

  it('answers 416 (captcha) from the 5th failure in 15 minutes and locks the account at the 10th', async () => {
    const person = await createTestPerson(t.db, tenant.id);
    const login = person.mobile as string;
    const codes: number[] = [];
    for (let i = 1; i <= 10; i++) codes.push((await client().login(login, `wrong-${i}`)).body.code);
    expect(codes.slice(0, 4)).toEqual([500, 500, 500, 500]);
    expect(codes.slice(4, 9)).toEqual([416, 416, 416, 416, 416]);
    const locked = await client().login(login, person.password);
    expect(locked.body.success).toBe(false);
    expect(locked.body.msg).toMatch(/^密码错误次数过多，账号已锁定，请1[45]分钟后再试$/);
    const reasons = await t.db.withTenant(tenant.id, (tx) =>
      tx
        .select({ reason: loginLogs.reason })
        .from(loginLogs)
        .where(eq(loginLogs.userId, person.userId))
        .orderBy(desc(loginLogs.id)),
    );
    expect(reasons.map((r) => r.reason)).toContain('locked after failures');
  });

  it('needs the captcha after 5 failures from one address, whatever the accounts', async () => {
    const c = client();
    for (let i = 0; i < 5; i++) await c.login(`1390000000${i}`, 'wrong');
    const person = await createTestPerson(t.db, tenant.id);
    expect((await c.login(person.mobile as string, person.password)).body.code).toBe(416);
    expect((await client().login(person.mobile as string, person.password)).body.success).toBe(true);
  });

  it('needs the captcha after 5 failures even when the password is right', async () => {
    const person = await createTestPerson(t.db, tenant.id);
    for (let i = 0; i < 5; i++) await client().login(person.mobile as string, 'wrong');
    const right = await client().login(person.mobile as string, person.password);
    expect(right.body).toMatchObject({ code: 416, success: false, msg: '密码错误次数过多，请完成滑块验证后再登录' });
  });
});

describe('SMS codes: login, forgotten password', () => {
  let t: TestContext;
  let tenant: { id: number; domain: string };
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTestTenantWithRbac(t.db);
  });
  afterAll(() => t.close());
  const client = () => new TestClient(t.app, tenant.domain);

  it('sends a code with the spec text, records it in the outbox, and refuses a resend within 60 s', async () => {
    const person = await createTestPerson(t.db, tenant.id);
    const sent = await client().post('/st365/auth/sms/code', { phoneNumber: person.mobile, purpose: 'login' });
    expect(sent.body).toMatchObject({
      code: 200,
      msg: '验证码发送成功，5分钟内有效',
      data: { resendAfterSeconds: 60, validMinutes: 5 },
    });
    const again = await client().post('/st365/auth/sms/code', { phoneNumber: person.mobile, purpose: 'login' });
    expect(again.body.success).toBe(false);
    expect(again.body.msg).toMatch(/^验证码已发送，请(60|59|58)秒后再试$/);
    const outbox = await t.db.withTenant(tenant.id, (tx) =>
      tx
        .select()
        .from(smsOutbox)
        .where(and(eq(smsOutbox.phone, person.mobile as string))),
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ provider: 'dev', status: 'sent' });
  });

  it('refuses a badly formed phone number with the spec message', async () => {
    const res = await client().post('/st365/auth/sms/code', { phoneNumber: '12345', purpose: 'login' });
    expect(res.body.msg).toContain('请输入正确的手机号');
  });

  it('logs in with the code once; a wrong or used code is refused', async () => {
    const person = await createTestPerson(t.db, tenant.id);
    const phone = person.mobile as string;
    await client().post('/st365/auth/sms/code', { phoneNumber: `+86${phone}`, purpose: 'login' });
    const code = await lastSmsCode(t.db, tenant.id, phone);
    const wrong = await client().post('/st365/auth/login/sms', {
      phoneNumber: phone,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body).toMatchObject({ success: false, msg: '验证码错误' });
    const right = await client().post('/st365/auth/login/sms', { phoneNumber: phone, code });
    expect(right.body).toMatchObject({ success: true, data: { userId: person.userId } });
    const reused = await client().post('/st365/auth/login/sms', { phoneNumber: phone, code });
    expect(reused.body).toMatchObject({ success: false, msg: '验证码已失效，请重新获取' });
  });

  it('resets a forgotten password with a code, and the old password stops working', async () => {
    const person = await createTestPerson(t.db, tenant.id);
    const phone = person.mobile as string;
    await client().post('/st365/auth/sms/code', { phoneNumber: phone, purpose: 'reset' });
    const code = await lastSmsCode(t.db, tenant.id, phone);
    const short = await client().post('/st365/auth/password/forgot', { phoneNumber: phone, code, newPassword: '123' });
    expect(short.body.msg).toContain('密码最少为6位字符');
    const reset = await client().post('/st365/auth/password/forgot', {
      phoneNumber: phone,
      code,
      newPassword: 'NewPass123',
    });
    expect(reset.body).toMatchObject({ success: true, msg: '密码已重置，请使用新密码登录' });
    expect((await client().login(phone, person.password)).body.success).toBe(false);
    expect((await client().login(phone, 'NewPass123')).body.success).toBe(true);
  });

  it("proves a phone, not a login name: a number that is only another account's login name opens nothing", async () => {
    // The victim's login name is a number nobody has as a phone (a recycled number, say); someone
    // holds that number and receives its codes.
    const number = `139${String(Date.now()).slice(-8)}`;
    const victim = await createTestPerson(t.db, tenant.id, { account: number });
    const holder = client();
    const codeFor = async (purpose: string) => {
      await holder.post('/st365/auth/sms/code', { phoneNumber: number, purpose });
      return lastSmsCode(t.db, tenant.id, number);
    };
    const sms = await holder.post('/st365/auth/login/sms', { phoneNumber: number, code: await codeFor('login') });
    expect(sms.body).toMatchObject({ success: false, msg: '该手机号尚未注册' });
    const forgot = await holder.post('/st365/auth/password/forgot', {
      phoneNumber: number,
      code: await codeFor('reset'),
      newPassword: 'Taken@123',
    });
    expect(forgot.body).toMatchObject({ success: false, msg: '该手机号尚未注册' });
    // The victim's password is untouched and theirs alone.
    expect((await client().login(number, 'Taken@123')).body.success).toBe(false);
    expect((await client().login(victim.mobile as string, victim.password)).body.success).toBe(true);
    // Registering with the number makes the holder an account of their own; the victim joins nothing.
    const other = await createTestTenantWithRbac(t.db);
    const visitor = new TestClient(t.app, other.domain);
    await visitor.post('/st365/auth/sms/code', { phoneNumber: number, purpose: 'register' });
    const registered = await visitor.post('/st365/auth/register', {
      name: '号码持有人',
      phoneNumber: number,
      code: await lastSmsCode(t.db, other.id, number),
      password: 'Holder@123',
    });
    expect(registered.body.data).toMatchObject({ existed: false });
    const [row] = await t.db.asOwner((tx) =>
      tx
        .select({ id: users.id, tenantIds: sql<number[]>`${users}.tenant_ids` })
        .from(users)
        .where(eq(users.id, victim.userId)),
    );
    expect(row?.tenantIds.map(Number)).toEqual([tenant.id]);
  });

  it('applies a tenant that asks for strong passwords', async () => {
    const strict = await createTestTenantWithRbac(t.db, { settings: { passwordPolicy: 'strong' } });
    const person = await createTestPerson(t.db, strict.id);
    const c = new TestClient(t.app, strict.domain);
    await c.loginAs(person.mobile as string, person.password);
    const weak = await c.post('/st365/auth/password/change', { oldPassword: person.password, newPassword: 'abcdefg' });
    expect(weak.body).toMatchObject({ success: false, msg: '密码至少8位，且须同时包含字母和数字' });
    const rows = await t.db.withGlobal((g) => g.execute(sql`select 1`));
    expect(rows).toBeTruthy();
  });
});
