import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestPerson, createTestTenantWithRbac, TestClient, type TestContext } from '../../testing';
import { addTenantUser, insertIdentity } from './repository';

/** Custom type 34 (spec 000 §6): the member profile checked against the tenant's required fields. */
describe('member profile and the type-34 completeness check', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function memberOf(tenant: { id: number; domain: string }, code = 12) {
    const person = await createTestPerson(t.db, tenant.id, { identities: [{ code }] });
    const c = new TestClient(t.app, tenant.domain);
    await c.loginAs(person.mobile as string, person.password);
    return { c, person };
  }
  const check = async (c: TestClient) => (await c.get('/st365/auth/profile/required-complete')).body;
  const full = { gender: '女', idNumber: '11010519491231002X', unitName: '示范大学', title: '教授' };

  it('tells a type-34 member what is missing, and stops once the profile is complete', async () => {
    const tenant = await createTestTenantWithRbac(t.db, { customType: 34 });
    const { c } = await memberOf(tenant);
    const before = await check(c);
    expect(before).toMatchObject({ success: true, data: { checked: true, complete: false } });
    expect(before.data.missing.map((m: { label: string }) => m.label)).toEqual([
      '性别',
      '身份证号',
      '工作单位',
      '职称',
    ]);
    const profile = (await c.get('/st365/auth/profile')).body.data;
    expect(profile).toMatchObject({
      member: true,
      gender: '',
      required: ['name', 'gender', 'idNumber', 'unitName', 'title'],
    });

    // Part of it: still incomplete, only the rest is named.
    expect((await c.put('/st365/auth/profile', { name: '李会员', gender: '女', unitName: '示范大学' })).body.msg).toBe(
      '保存成功',
    );
    expect((await check(c)).data.missing.map((m: { key: string }) => m.key)).toEqual(['idNumber', 'title']);
    // A name alone keeps the member fields already saved.
    await c.put('/st365/auth/profile', { name: '李会员' });
    expect((await c.get('/st365/auth/profile')).body.data).toMatchObject({
      name: '李会员',
      gender: '女',
      unitName: '示范大学',
    });

    await c.put('/st365/auth/profile', { name: '李会员', ...full, idNumber: '11010519491231002x' });
    expect((await check(c)).data).toEqual({ checked: true, complete: true, missing: [] });
    expect((await c.get('/st365/auth/profile')).body.data.idNumber).toBe('11010519491231002X');
  });

  it('refuses bad member fields with their messages', async () => {
    const tenant = await createTestTenantWithRbac(t.db, { customType: 34 });
    const { c } = await memberOf(tenant);
    expect((await c.put('/st365/auth/profile', { name: '李', idNumber: '123456' })).body.msg).toContain(
      '身份证格式错误',
    );
    expect((await c.put('/st365/auth/profile', { name: '李', gender: '未知' })).body.msg).toContain('性别只能是男或女');
    expect((await c.put('/st365/auth/profile', { name: '李', unitName: '单'.repeat(61) })).body.msg).toContain(
      '工作单位最多60个字',
    );
    expect((await new TestClient(t.app, tenant.domain).get('/st365/auth/profile/required-complete')).status).toBe(401);
  });

  it('follows the tenant’s own required fields, and one tenant’s settings and profile never reach another', async () => {
    const own = await createTestTenantWithRbac(t.db, {
      customType: 34,
      settings: { memberProfileRequired: ['gender'] },
    });
    const other = await createTestTenantWithRbac(t.db, { customType: 34 });
    const { c, person } = await memberOf(own);
    expect((await check(c)).data.missing).toEqual([{ key: 'gender', label: '性别' }]);
    expect((await c.get('/st365/auth/profile')).body.data.required).toEqual(['gender']);
    await c.put('/st365/auth/profile', { name: '张会员', gender: '男' });
    expect((await check(c)).data.complete).toBe(true);

    // The same person as a member of the other tenant: its default list, and an empty profile there.
    const identityId = await t.db.withTenant(other.id, async (tx) => {
      await addTenantUser(tx, other.id, person.userId);
      return insertIdentity(tx, { tenantId: other.id, userId: person.userId, identityCode: 12, orgId: null });
    });
    const there = new TestClient(t.app, other.domain);
    await there.loginAs(person.mobile as string, person.password, identityId);
    const answer = (await check(there)).data;
    expect(answer.checked).toBe(true);
    expect(answer.missing.map((m: { key: string }) => m.key)).toEqual(['gender', 'idNumber', 'unitName', 'title']);
    expect((await there.get('/st365/auth/profile')).body.data).toMatchObject({
      gender: '',
      required: ['name', 'gender', 'idNumber', 'unitName', 'title'],
    });
    // Filling it there leaves the first tenant's profile as it was.
    await there.put('/st365/auth/profile', { name: '张会员', ...full });
    expect((await c.get('/st365/auth/profile')).body.data).toMatchObject({ gender: '男', idNumber: '', unitName: '' });
  });

  it('never checks other custom types, nor identities that are not a member’s', async () => {
    for (const customType of [0, 14, 20, 31]) {
      const tenant = await createTestTenantWithRbac(t.db, { customType });
      const { c } = await memberOf(tenant);
      expect((await check(c)).data).toEqual({ checked: false, complete: true, missing: [] });
      expect((await c.get('/st365/auth/profile')).body.data).toMatchObject({ member: true, required: [] });
    }
    const tenant = await createTestTenantWithRbac(t.db, { customType: 34 });
    for (const code of [4, 16, 13]) {
      const { c } = await memberOf(tenant, code);
      expect((await check(c)).data).toEqual({ checked: false, complete: true, missing: [] });
      expect((await c.get('/st365/auth/profile')).body.data).toMatchObject({ member: false, required: [] });
      expect((await c.put('/st365/auth/profile', { name: '管理员', gender: '男' })).body.msg).toBe(
        '当前身份不是会员，无需填写会员资料',
      );
      expect((await c.put('/st365/auth/profile', { name: '管理员' })).body.msg).toBe('保存成功');
    }
  });
});
