import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../platform/sms';
import { createTestApp, createTestPerson, createTestTenantWithRbac, TestClient, type TestContext } from '../../testing';

describe('personal centre: profile, phone, e-mail', () => {
  let t: TestContext;
  let tenant: { id: number; domain: string };
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTestTenantWithRbac(t.db);
  });
  afterAll(() => t.close());

  async function me() {
    const person = await createTestPerson(t.db, tenant.id, { identities: [{ code: 12 }] });
    const c = new TestClient(t.app, tenant.domain);
    await c.loginAs(person.mobile as string, person.password);
    return { c, person };
  }

  it('renames the person', async () => {
    const { c } = await me();
    expect((await c.call('PUT', '/st365/auth/profile', { name: '新名字' })).body.msg).toBe('保存成功');
    expect((await c.get('/st365/auth/session')).body.data.name).toBe('新名字');
    expect((await c.call('PUT', '/st365/auth/profile', { name: '' })).body.msg).toContain('请输入姓名');
  });

  it('binds an e-mail after the password, with the spec message for a bad address', async () => {
    const { c, person } = await me();
    expect((await c.post('/st365/auth/email', { email: 'a@kx.cn', password: 'wrong' })).body.msg).toBe('登录密码错误');
    expect(
      (await c.post('/st365/auth/email', { email: 'not-an-email', password: person.password })).body.msg,
    ).toContain('邮箱格式错误');
    expect((await c.post('/st365/auth/email', { email: 'wang@kx.cn', password: person.password })).body.msg).toBe(
      '邮箱已保存',
    );
    expect((await c.get('/st365/auth/session')).body.data.email).toBe('wang@kx.cn');
  });

  it('changes the phone after an SMS code to the new number; a number in use is refused', async () => {
    const { c, person } = await me();
    const other = await createTestPerson(t.db, tenant.id);
    const fresh = `137${String(Date.now()).slice(-8)}`;
    await c.post('/st365/auth/sms/code', { phoneNumber: fresh, purpose: 'change' });
    const [row] = await t.db.withTenant(tenant.id, (tx) =>
      tx
        .select({ content: smsOutbox.content })
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, fresh))
        .orderBy(desc(smsOutbox.id))
        .limit(1),
    );
    const code = /验证码为(\d{6})/.exec(row?.content ?? '')?.[1] ?? '';
    expect((await c.post('/st365/auth/phone/change', { phoneNumber: fresh, code })).body.msg).toBe('手机号已更换');
    expect((await new TestClient(t.app, tenant.domain).login(fresh, person.password)).body.success).toBe(true);
    await c.post('/st365/auth/sms/code', { phoneNumber: other.mobile, purpose: 'change' });
    const [row2] = await t.db.withTenant(tenant.id, (tx) =>
      tx
        .select({ content: smsOutbox.content })
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, other.mobile as string))
        .orderBy(desc(smsOutbox.id))
        .limit(1),
    );
    const code2 = /验证码为(\d{6})/.exec(row2?.content ?? '')?.[1] ?? '';
    expect((await c.post('/st365/auth/phone/change', { phoneNumber: other.mobile, code: code2 })).body.msg).toBe(
      '该手机号已被其他账号使用',
    );
  });
});
