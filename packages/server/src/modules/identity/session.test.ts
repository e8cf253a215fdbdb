import { ok } from '@shetuan/shared';
import { IdentityStatus } from '@shetuan/shared/identity';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit/tables';
import { sessions } from '../../platform/auth/tables';
import { createTestApp, createTestPerson, createTestTenantWithRbac, TestClient, type TestContext } from '../../testing';

describe('the status check and the page types', () => {
  let t: TestContext;
  let tenant: { id: number; domain: string };
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTestTenantWithRbac(t.db);
  });
  afterAll(() => t.close());

  type Status = { pageType: number; identityId: number | null; canEnter: boolean; msg: string | null };
  async function statusOf(
    options: Parameters<typeof createTestPerson>[2],
    identityIndex?: number,
  ): Promise<Status & { person: Awaited<ReturnType<typeof createTestPerson>>; client: TestClient }> {
    const person = await createTestPerson(t.db, tenant.id, options);
    const c = new TestClient(t.app, tenant.domain);
    const login = await c.login((person.mobile ?? options?.account) as string, person.password);
    expect(login.body.success).toBe(true);
    const body: Record<string, unknown> = { userId: person.userId };
    if (identityIndex !== undefined) body.identityId = person.identityIds[identityIndex];
    const res = await c.post('/st365/auth/status', body);
    return { ...(res.body.data as Status), person, client: c };
  }

  it.each(
    [
      ['one active identity logs in directly', { identities: [{ code: 4 }] }, 3],
      ['several identities choose one', { identities: [{ code: 4 }, { code: 2 }] }, 2],
      ['a disabled member identity', { identities: [{ code: 12, status: IdentityStatus.DISABLED }] }, 11],
      ['a pending member application', { identities: [{ code: 12, status: IdentityStatus.PENDING }] }, 12],
      ['a pending unit-member application', { identities: [{ code: 13, status: IdentityStatus.PENDING }] }, 13],
      ['a rejected member application', { identities: [{ code: 12, status: IdentityStatus.REJECTED }] }, 17],
      ['a rejected unit-member application', { identities: [{ code: 13, status: IdentityStatus.REJECTED }] }, 19],
      ['a member who has not paid', { identities: [{ code: 12, status: IdentityStatus.UNPAID }] }, 18],
      ['a unit member who has not paid', { identities: [{ code: 13, status: IdentityStatus.UNPAID }] }, 20],
      ['a pending expert registration', { identities: [{ code: 17, status: IdentityStatus.PENDING }] }, 21],
      ['a password that must change first', { mustChangePassword: true }, 16],
      ['no phone bound', { mobile: null, account: `np${Date.now()}` }, 15],
    ].map(([what, options, pageType]) => ({ what, options, pageType })),
  )('$what → pageType $pageType', async ({ options, pageType }) => {
    const status = await statusOf(options as Parameters<typeof createTestPerson>[2]);
    expect(status.pageType).toBe(pageType);
  });

  it('answers 无法进入后台！ for a person with no identity here', async () => {
    const status = await statusOf({ identities: [] });
    expect(status).toMatchObject({ pageType: 3, canEnter: false, msg: '无法进入后台！', identityId: null });
  });

  it('answers 14 for an identity chosen by id, and its id', async () => {
    const status = await statusOf({ identities: [{ code: 4 }, { code: 2 }] }, 1);
    expect(status).toMatchObject({ pageType: 14, identityId: status.person.identityIds[1] });
  });

  it('lists the identities and logs in by one; the menu follows the identity', async () => {
    const status = await statusOf({ identities: [{ code: 4 }, { code: 12 }] });
    const c = status.client;
    const list = await c.get(`/st365/auth/identities?userId=${status.person.userId}&tenantId=${tenant.id}`);
    expect(list.body.data.list.map((i: { identityName: string }) => i.identityName)).toEqual(['管理员', '个人会员']);
    const admin = await c.post('/st365/auth/login/identity', { identityId: status.person.identityIds[0] });
    expect(admin.body.data.identityId).toBe(status.person.identityIds[0]);
    c.adopt(admin.body.data);
    const adminMenu = await c.get('/st365/auth/menu');
    const groups = adminMenu.body.data.menuResult.map((m: { name: string }) => m.name);
    expect(groups).toContain('组织与人员');
    expect(adminMenu.body.data.functions).toContain('/roleManage:add');
    // The activity-level menu (活动会议 › 返回活动管理 …) has no screen in this release: not offered.
    expect(adminMenu.body.data.hiddenMenu).toEqual([]);

    const member = await c.post('/st365/auth/login/identity', { identityId: status.person.identityIds[1] });
    c.adopt(member.body.data);
    const memberMenu = await c.get('/st365/auth/menu');
    const paths = JSON.stringify(memberMenu.body.data.menuResult);
    expect(paths).toContain('/orderPayment');
    expect(paths).not.toContain('/roleManage');
    // 我的会员卡 is the member's by default, but its screen is not built: not offered.
    expect(paths).not.toContain('/myCard');
  });

  it('gives an empty menu to an identity without roles (the client shows 您当前身份无任何权限，无法访问后台！)', async () => {
    const status = await statusOf({ identities: [{ code: 21 }] });
    await status.client
      .post('/st365/auth/login/identity', { identityId: status.identityId })
      .then((r) => status.client.adopt(r.body.data));
    const menu = await status.client.get('/st365/auth/menu');
    expect(menu.body.data.menuResult).toEqual([]);
  });

  it('regroups the menu for custom type 20', async () => {
    const t20 = await createTestTenantWithRbac(t.db, { customType: 20 });
    const person = await createTestPerson(t.db, t20.id, { identities: [{ code: 4 }] });
    const c = new TestClient(t.app, t20.domain);
    await c.loginAs(person.mobile as string, person.password);
    const menu = await c.get('/st365/auth/menu');
    type Node = { name: string; path: string; children: Node[] };
    const top = menu.body.data.menuResult as Node[];
    const service = top.find((m) => m.name === '服务管理');
    expect(service?.children.map((m) => m.name)).toEqual(['专家管理', '项目推荐']);
    // 换届工作 (学会换届, 党支部换届) and 活动备案 are regrouped too, but no screen of theirs is built
    // in this release, so they are not offered (menu-tree.test.ts regroups them with every page built).
    expect(top.some((m) => m.name === '换届工作')).toBe(false);
    const business = top.find((m) => m.name === '业务管理');
    expect(business?.children.map((m) => m.name)).toEqual(['发票申请']);
    expect(top.some((m) => m.name === '活动备案')).toBe(false);
    expect(top.some((m) => m.name === '专家管理')).toBe(false);
    expect(menu.body.data.customType).toBe(20);
  });

  it('refuses a status check or identity list of somebody else', async () => {
    const status = await statusOf({ identities: [{ code: 4 }] });
    const other = await createTestPerson(t.db, tenant.id);
    expect((await status.client.post('/st365/auth/status', { userId: other.userId })).body.code).toBe(403);
    expect((await status.client.get(`/st365/auth/identities?userId=${other.userId}`)).body.code).toBe(403);
    const foreign = await status.client.post('/st365/auth/login/identity', { identityId: other.identityIds[0] });
    expect(foreign.body).toMatchObject({ success: false, msg: '该身份不存在' });
  });
});

describe('a person of two tenants chooses the society', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers pageType 1, lists both, and moves the login into the chosen one', async () => {
    const a = await createTestTenantWithRbac(t.db);
    const b = await createTestTenantWithRbac(t.db);
    const person = await createTestPerson(t.db, a.id, { identities: [{ code: 4 }] });
    const { addTenantUser, insertIdentity } = await import('./repository');
    await t.db.withTenant(b.id, async (tx) => {
      await addTenantUser(tx, b.id, person.userId);
      await insertIdentity(tx, { tenantId: b.id, userId: person.userId, identityCode: 12, orgId: null });
    });
    const c = new TestClient(t.app, a.domain);
    await c.login(person.mobile as string, person.password);
    expect((await c.post('/st365/auth/status', { userId: person.userId })).body.data.pageType).toBe(1);
    const societies = await c.get('/st365/auth/societies');
    expect(societies.body.data.list.map((s: { tenantId: number }) => s.tenantId).sort()).toEqual([a.id, b.id].sort());
    const chosen = await c.post('/st365/auth/society', { tenantId: b.id });
    expect(chosen.body.data.tenantId).toBe(b.id);
    const oldToken = c.token;
    c.adopt(chosen.body.data);
    expect(c.token).not.toBe(oldToken);
    const status = await c.post('/st365/auth/status', { userId: person.userId });
    expect(status.body.data.pageType).toBe(3);
    const refused = await c.post('/st365/auth/society', { tenantId: 999_999 });
    expect(refused.body).toMatchObject({ success: false, msg: '您不属于该机构' });
  });
});

describe('sessions: logout, expiry, revocation, signatures, permissions', () => {
  let t: TestContext;
  let tenant: { id: number; domain: string };
  let other: { id: number; domain: string };
  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/st365/test/roles', { config: { permission: '/roleManage' } }, async () => ok('roles'));
    t.app.post('/st365/test/roles', { config: { permission: '/roleManage:add' } }, async () => ok('added'));
    tenant = await createTestTenantWithRbac(t.db);
    other = await createTestTenantWithRbac(t.db);
  });
  afterAll(() => t.close());

  async function session(code = 4, tenantRef = tenant) {
    const person = await createTestPerson(t.db, tenantRef.id, { identities: [{ code }] });
    const c = new TestClient(t.app, tenantRef.domain);
    await c.loginAs(person.mobile as string, person.password);
    return { c, person };
  }

  it('logs out with 登出成功; the token then answers 200012', async () => {
    const { c } = await session();
    expect((await c.post('/st365/auth/logout')).body).toMatchObject({ code: 200, msg: '登出成功' });
    expect((await c.get('/st365/auth/session')).body).toMatchObject({ code: 200012, success: false });
  });

  it('answers 401 without a token, 100001 for an unknown one, 200011 once expired', async () => {
    const anonymous = new TestClient(t.app, tenant.domain);
    expect((await anonymous.get('/st365/auth/session')).body.code).toBe(401);
    const { c } = await session();
    const real = c.token;
    c.token = 'x'.repeat(43);
    expect((await c.get('/st365/auth/session')).body).toMatchObject({
      code: 100001,
      msg: '您的登录信息已失效，请重新登录！',
    });
    c.token = real;
    await t.db.withTenant(tenant.id, (tx) => tx.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }));
    expect((await c.get('/st365/auth/session')).body).toMatchObject({
      code: 200011,
      msg: '登录状态已过期，您可以继续留在该页面，或者重新登录',
    });
  });

  it('answers 200012 after an identity switch replaced the session', async () => {
    const person = await createTestPerson(t.db, tenant.id, { identities: [{ code: 4 }, { code: 2 }] });
    const c = new TestClient(t.app, tenant.domain);
    await c.loginAs(person.mobile as string, person.password, person.identityIds[0]);
    const first = { token: c.token, signKey: c.signKey };
    const switched = await c.post('/st365/auth/login/identity', { identityId: person.identityIds[1] });
    expect(switched.body.success).toBe(true);
    c.token = first.token;
    c.signKey = first.signKey;
    expect((await c.get('/st365/auth/session')).body.code).toBe(200012);
  });

  it('refuses a request without, with a stale, with a wrong, or with a replayed signature', async () => {
    const { c } = await session();
    expect((await c.get('/st365/auth/session', { sign: false })).body).toMatchObject({
      code: 403,
      msg: '请求缺少签名，请刷新页面后重试',
    });
    const stale = await c.get('/st365/auth/session', { timestamp: Date.now() - 6 * 60_000 });
    expect(stale.body).toMatchObject({ code: 403, msg: '请求已过期，请校准设备时间后重试' });
    const key = c.signKey;
    c.signKey = 'another-key';
    expect((await c.get('/st365/auth/session')).body).toMatchObject({
      code: 403,
      msg: '请求签名无效，请刷新页面后重试',
    });
    c.signKey = key;
    const ts = Date.now();
    expect((await c.get('/st365/auth/session', { timestamp: ts })).body.success).toBe(true);
    expect((await c.get('/st365/auth/session', { timestamp: ts })).body).toMatchObject({
      code: 403,
      msg: '请求重复提交，已拒绝',
    });
  });

  it('refuses a signed body that was changed on the way', async () => {
    const { c, person } = await session();
    const tampered = await c.call(
      'POST',
      '/st365/auth/status',
      { userId: person.userId },
      { sendInstead: { userId: person.userId, identityId: 1 } },
    );
    expect(tampered.body).toMatchObject({ code: 403, msg: '请求签名无效，请刷新页面后重试' });
    const honest = await c.call('POST', '/st365/auth/status', { userId: person.userId });
    expect(honest.body.success).toBe(true);
  });

  it('checks the permission each route declares: page (100002) and function point (403)', async () => {
    const admin = await session(4);
    expect((await admin.c.get('/st365/test/roles')).body).toMatchObject({ code: 200, data: 'roles' });
    expect((await admin.c.post('/st365/test/roles', {})).body).toMatchObject({ code: 200, data: 'added' });
    const member = await session(12);
    expect((await member.c.get('/st365/test/roles')).body).toMatchObject({
      code: 100002,
      msg: '您没有访问该页面的权限',
    });
    const staff = await session(2);
    expect((await staff.c.get('/st365/test/roles')).body.code).toBe(100002);
  });

  it('records changes with their menuUrl in the operation log', async () => {
    const { c, person } = await session();
    await c.post(
      '/st365/auth/status',
      { userId: person.userId },
      { headers: { menuurl: encodeURIComponent('/roleManage') } },
    );
    // The log is written after the answer is sent, so it may land a moment later.
    const latest = async () => {
      const rows = await t.db.withTenant(tenant.id, (tx) =>
        tx
          .select()
          .from(operationLogs)
          .where(eq(operationLogs.userId, person.userId))
          .orderBy(desc(operationLogs.id))
          .limit(1),
      );
      return rows[0];
    };
    await expect
      .poll(latest)
      .toMatchObject({ method: 'POST', path: '/st365/auth/status', menuUrl: '/roleManage', statusCode: 200 });
  });

  it("cannot use a session of tenant B against tenant A, nor reach A's people", async () => {
    const a = await session(4, tenant);
    const b = await session(4, other);
    const bAsA = new TestClient(t.app, tenant.domain);
    bAsA.token = b.c.token;
    bAsA.signKey = b.c.signKey;
    bAsA.tenantId = tenant.id;
    expect((await bAsA.get('/st365/auth/session')).body.code).toBe(100001);
    expect((await b.c.get(`/st365/auth/identities?userId=${a.person.userId}&tenantId=${tenant.id}`)).body.code).toBe(
      403,
    );
    const foreign = await b.c.post('/st365/auth/login/identity', { identityId: a.person.identityIds[0] });
    expect(foreign.body).toMatchObject({ success: false, msg: '该身份不存在' });
    const aSessions = await t.db.withTenant(other.id, (tx) =>
      tx.select().from(sessions).where(eq(sessions.userId, a.person.userId)),
    );
    expect(aSessions).toEqual([]);
  });
});

describe('the member entry: member token, identity id and user id in the query', () => {
  let t: TestContext;
  let tenant: { id: number; domain: string };
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTestTenantWithRbac(t.db);
  });
  afterAll(() => t.close());

  it('logs in directly as the identity once; the ticket is then spent', async () => {
    const person = await createTestPerson(t.db, tenant.id, { identities: [{ code: 12 }] });
    const member = new TestClient(t.app, tenant.domain);
    await member.loginAs(person.mobile as string, person.password);
    const ticket = (await member.post('/st365/auth/entry-tickets')).body.data;
    expect(ticket).toMatchObject({ identityId: person.identityIds[0], userId: person.userId });

    const phone = new TestClient(t.app, tenant.domain);
    const entered = await phone.post('/st365/auth/login/entry', ticket);
    expect(entered.body).toMatchObject({ success: true, data: { identityId: person.identityIds[0] } });
    phone.adopt(entered.body.data);
    expect((await phone.get('/st365/auth/menu')).body.data.menuResult.length).toBeGreaterThan(0);

    const again = await new TestClient(t.app, tenant.domain).post('/st365/auth/login/entry', ticket);
    expect(again.body.msg).toBe('登录链接无效或已过期，请重新登录');
  });

  it('refuses a ticket for another identity or user, a made-up one, and one from another tenant', async () => {
    const person = await createTestPerson(t.db, tenant.id, { identities: [{ code: 12 }, { code: 3 }] });
    const member = new TestClient(t.app, tenant.domain);
    await member.loginAs(person.mobile as string, person.password, person.identityIds[0]);
    const visitor = () => new TestClient(t.app, tenant.domain);

    const t1 = (await member.post('/st365/auth/entry-tickets')).body.data;
    const swapped = await visitor().post('/st365/auth/login/entry', { ...t1, identityId: person.identityIds[1] });
    expect(swapped.body.msg).toBe('登录链接无效或已过期，请重新登录');
    // The failed use spent it.
    expect((await visitor().post('/st365/auth/login/entry', t1)).body.success).toBe(false);

    expect(
      (await visitor().post('/st365/auth/login/entry', { memberToken: 'x'.repeat(43), identityId: 1, userId: 1 })).body
        .msg,
    ).toBe('登录链接无效或已过期，请重新登录');
    expect((await visitor().post('/st365/auth/login/entry', { identityId: 'a' })).body.success).toBe(false);

    const other = await createTestTenantWithRbac(t.db);
    const t2 = (await member.post('/st365/auth/entry-tickets')).body.data;
    expect((await new TestClient(t.app, other.domain).post('/st365/auth/login/entry', t2)).body.success).toBe(false);
    expect((await visitor().post('/st365/auth/login/entry', t2)).body.success).toBe(true);
  });
});
