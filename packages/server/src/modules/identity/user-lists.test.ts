import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminsOfTwoTenants,
  createTestApp,
  createTestPerson,
  lastSmsCode,
  TestClient,
  type TestContext,
} from '../../testing';

let seq = 0;
const newMobile = () => `137${String(Date.now() + seq++).slice(-8)}`;

describe('the user lists: staff, registrations under review, social and enterprise users', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let ta: { id: number; domain: string };
  let unitOrg: number;
  let dept: number;
  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, ta } = await adminsOfTwoTenants(t));
    unitOrg = (await a.post('/st365/org/orgs', { name: '某研究院', orgType: 7 })).body.data.id;
    dept = (await a.post('/st365/org/departments', { name: '办公室' })).body.data.id;
  });
  afterAll(() => t.close());

  /** A visitor registers on tenant A's domain with an SMS code. */
  async function register(name: string, mobile = newMobile(), password = 'Reg@1234') {
    const visitor = new TestClient(t.app, ta.domain);
    expect(
      (await visitor.post('/st365/auth/sms/code', { phoneNumber: mobile, purpose: 'register' })).body.success,
    ).toBe(true);
    const code = await lastSmsCode(t.db, ta.id, mobile);
    const res = await visitor.post('/st365/auth/register', { name, phoneNumber: mobile, code, password });
    return { res, mobile, password };
  }

  it('adds a unit user (a unit is required) and a personal user in a department; tabs filter by type', async () => {
    const noUnit = await a.post('/st365/identity/users', {
      name: '单位联系人',
      mobile: newMobile(),
      userType: 1,
      identityCode: 15,
      password: 'Init@123',
    });
    expect(noUnit.body.msg).toBe('请选择所属单位');
    const unit = await a.post('/st365/identity/users', {
      name: '单位联系人',
      mobile: newMobile(),
      userType: 1,
      identityCode: 15,
      orgId: unitOrg,
      password: 'Init@123',
    });
    expect(unit.body.msg).toBe('新增成功，首次登录须修改密码');
    const personal = await a.post('/st365/identity/users', {
      name: '办公室职员',
      mobile: newMobile(),
      userType: 2,
      identityCode: 2,
      deptId: dept,
      password: 'Init@123',
    });
    expect(personal.body.success).toBe(true);
    expect(
      (
        await a.post('/st365/identity/users', {
          name: '社会人',
          mobile: newMobile(),
          userType: 3,
          identityCode: 16,
          password: 'Init@123',
        })
      ).body.msg,
    ).toBe('用户类型不正确');
    expect(
      (
        await a.post('/st365/identity/users', {
          name: '某人',
          mobile: newMobile(),
          identityCode: 2,
          deptId: 999999999,
          password: 'Init@123',
        })
      ).body.msg,
    ).toBe('所属部门不存在');

    const units = (await a.get('/st365/identity/users?userType=1')).body.data;
    expect(units.records.map((r: { name: string }) => r.name)).toEqual(['单位联系人']);
    expect(units.records[0]).toMatchObject({
      userTypeName: '单位用户',
      identities: [{ identityCode: 15, identityName: '单位用户', orgName: '某研究院' }],
    });
    const detail = (await a.get(`/st365/identity/users/${personal.body.data.userId}`)).body.data;
    expect(detail).toMatchObject({ name: '办公室职员', userType: 2, deptId: dept, deptName: '办公室', status: 1 });

    const moved = await a.call('PUT', `/st365/identity/users/${personal.body.data.userId}`, {
      name: '办公室主任',
      status: 0,
      deptId: null,
    });
    expect(moved.body.msg).toBe('保存成功');
    const after = (await a.get(`/st365/identity/users/${personal.body.data.userId}`)).body.data;
    expect(after).toMatchObject({ name: '办公室主任', deptId: null, status: 0 });
    expect((await a.get('/st365/identity/users?status=0')).body.data.records[0].userId).toBe(personal.body.data.userId);
    expect((await a.call('DELETE', `/st365/org/departments/${dept}`)).body.msg).toBe('删除成功');
  });

  it('registration waits in /user-audit; passing it lets the person in, refusing shows the reason at login', async () => {
    const passed = await register('注册者甲');
    expect(passed.res.body).toMatchObject({ msg: '注册成功，请等待管理员审核', data: { pending: true } });
    const refused = await register('注册者乙');

    const waiting = new TestClient(t.app, ta.domain);
    const login = await waiting.login(passed.mobile, passed.password);
    expect((await waiting.post('/st365/auth/status', { userId: login.body.data.userId })).body.data.pageType).toBe(12);

    const queue = (await a.get('/st365/identity/audit/users?status=2')).body.data;
    expect(queue.records.map((r: { name: string }) => r.name)).toEqual(['注册者乙', '注册者甲']);
    expect(queue.records[0]).toMatchObject({ userTypeName: '社会用户', status: 2 });
    const [second, first] = queue.records as { userId: number }[];
    if (!first || !second) throw new Error('two registrations expected');

    expect(
      (await a.post(`/st365/identity/audit/users/${second.userId}/review`, { approved: false })).body.msg,
    ).toContain('请填写不通过的原因');
    expect(
      (
        await a.post(`/st365/identity/audit/users/${second.userId}/review`, {
          approved: false,
          remark: '请使用单位邮箱对应的手机号注册。',
        })
      ).body.msg,
    ).toBe('已审核不通过');
    expect((await a.post(`/st365/identity/audit/users/${first.userId}/review`, { approved: true })).body.msg).toBe(
      '审核通过',
    );
    expect((await a.post(`/st365/identity/audit/users/${first.userId}/review`, { approved: true })).body.msg).toBe(
      '用户不存在或已审核',
    );

    const inNow = new TestClient(t.app, ta.domain);
    await inNow.loginAs(passed.mobile, passed.password);
    expect((await inNow.get('/st365/auth/menu')).body.data.menuResult.length).toBeGreaterThan(0);
    const out = new TestClient(t.app, ta.domain);
    const refusedLogin = await out.login(refused.mobile, refused.password);
    const status = (await out.post('/st365/auth/status', { userId: refusedLogin.body.data.userId })).body.data;
    expect(status.pageType).toBe(17);
    const ids = (await out.get(`/st365/auth/identities?userId=${refusedLogin.body.data.userId}`)).body.data.list;
    expect(ids[0].remark).toBe('请使用单位邮箱对应的手机号注册。');

    const social = (await a.get('/st365/identity/social/users?keyword=注册者')).body.data;
    expect(social.records.map((r: { name: string }) => r.name)).toEqual(['注册者甲']);
    expect((await a.get('/st365/identity/users?keyword=注册者')).body.data.total).toBe(0);
    expect(
      (await a.call('PUT', `/st365/identity/users/${first.userId}`, { name: '改名', status: 1, deptId: null })).body
        .msg,
    ).toBe('用户不存在');
    expect(
      (await a.call('PUT', `/st365/identity/social/users/${first.userId}`, { name: '社会甲', status: 1 })).body.msg,
    ).toBe('保存成功');
    const exported = await a.get('/st365/identity/audit/users/export');
    expect(exported.raw.headers['content-type']).toContain('spreadsheetml');
  });

  it('registration refuses a bad code, a phone already here, and a closed tenant; nothing is stored', async () => {
    const visitor = new TestClient(t.app, ta.domain);
    const mobile = newMobile();
    await visitor.post('/st365/auth/sms/code', { phoneNumber: mobile, purpose: 'register' });
    const wrong = await visitor.post('/st365/auth/register', {
      name: '错码',
      phoneNumber: mobile,
      code: '000000',
      password: 'Reg@1234',
    });
    expect(wrong.body.success).toBe(false);
    expect((await a.get(`/st365/identity/audit/users?keyword=${mobile}`)).body.data.total).toBe(0);
    expect(
      (await visitor.post('/st365/auth/register', { name: '', phoneNumber: '1', code: '1', password: '1' })).body.msg,
    ).toMatch(/请输入姓名|手机号/);

    const already = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
    const again = await register('已在', already.mobile as string);
    expect(again.res.body.msg).toBe('该手机号已在本机构注册，请直接登录');

    const elsewhere = await createTestPerson(t.db, (await adminsOfTwoTenants(t)).ta.id, { identities: [{ code: 4 }] });
    const joined = await register('别处来的', elsewhere.mobile as string, 'Other@123');
    expect(joined.res.body).toMatchObject({
      msg: '注册成功，沿用该手机号原有密码，请等待管理员审核',
      data: { existed: true },
    });

    await t.db.withGlobalTx((g) =>
      g.execute(sql.raw(`update tenants set settings = '{"registration":"closed"}'::jsonb where id = ${ta.id}`)),
    );
    const closed = await register('关门');
    expect(closed.res.body.msg).toBe('本机构暂未开放注册');
    await t.db.withGlobalTx((g) =>
      g.execute(sql.raw(`update tenants set settings = '{"registration":"open"}'::jsonb where id = ${ta.id}`)),
    );
    const open = await register('直接生效');
    expect(open.res.body).toMatchObject({ msg: '注册成功，请登录', data: { pending: false } });
    await t.db.withGlobalTx((g) => g.execute(sql.raw(`update tenants set settings = '{}'::jsonb where id = ${ta.id}`)));
  });

  it('adds enterprise users with a unit; the enterprise list holds only them', async () => {
    const created = await a.post('/st365/identity/enterprise/users', {
      name: '企业管理员',
      mobile: newMobile(),
      userType: 4,
      identityCode: 14,
      orgId: unitOrg,
      password: 'Init@123',
    });
    expect(created.body.success).toBe(true);
    const list = (await a.get('/st365/identity/enterprise/users')).body.data;
    expect(list.records.map((r: { name: string }) => r.name)).toEqual(['企业管理员']);
    expect(
      (
        await a.post('/st365/identity/enterprise/users', {
          name: '混进来',
          mobile: newMobile(),
          userType: 2,
          identityCode: 2,
          password: 'Init@123',
        })
      ).body.msg,
    ).toBe('用户类型不正确');
    expect(
      (await a.post(`/st365/identity/enterprise/users/${created.body.data.userId}/password`, { password: 'New@1234' }))
        .body.msg,
    ).toBe('密码已重置，该用户下次登录须修改密码');
  });

  it('another tenant can neither read nor change any list', async () => {
    const reg = await register('A的注册者');
    const [mine] = (await a.get('/st365/identity/audit/users?keyword=A的注册者')).body.data.records as {
      userId: number;
    }[];
    if (!mine) throw new Error('registration expected');
    for (const api of ['users', 'audit/users', 'social/users', 'enterprise/users']) {
      expect((await b.get(`/st365/identity/${api}?keyword=A的`)).body.data.total).toBe(0);
      expect((await b.get(`/st365/identity/${api}/${mine.userId}`)).body.msg).toBe('用户不存在');
    }
    expect((await b.post(`/st365/identity/audit/users/${mine.userId}/review`, { approved: true })).body.msg).toBe(
      '用户不存在或已审核',
    );
    expect(
      (await b.call('PUT', `/st365/identity/social/users/${mine.userId}`, { name: '被改', status: 0 })).body.msg,
    ).toBe('用户不存在');
    expect((await a.get(`/st365/identity/audit/users/${mine.userId}`)).body.data.name).toBe('A的注册者');
    expect(reg.res.body.success).toBe(true);
  });
});
