import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestPerson, createTestTenantWithRbac, TestClient, type TestContext } from '../../testing';

describe('administration: roles, grants, users, logs, sessions', () => {
  let t: TestContext;
  let a: { id: number; domain: string };
  let b: { id: number; domain: string };
  let adminA: TestClient;
  let adminB: TestClient;
  let member: Awaited<ReturnType<typeof createTestPerson>>;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createTestTenantWithRbac(t.db);
    b = await createTestTenantWithRbac(t.db);
    const pa = await createTestPerson(t.db, a.id, { identities: [{ code: 4 }] });
    const pb = await createTestPerson(t.db, b.id, { identities: [{ code: 4 }] });
    member = await createTestPerson(t.db, a.id, { identities: [{ code: 21 }] });
    adminA = new TestClient(t.app, a.domain);
    adminB = new TestClient(t.app, b.domain);
    await adminA.loginAs(pa.mobile as string, pa.password);
    await adminB.loginAs(pb.mobile as string, pb.password);
  });
  afterAll(() => t.close());

  async function readXlsx(body: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('creates, lists, searches, renames and deletes a role; names are unique', async () => {
    const created = await adminA.post('/st365/rbac/roles', { name: '内容编辑', remark: '负责栏目内容' });
    expect(created.body).toMatchObject({ code: 200, msg: '新增成功' });
    const id = created.body.data.id as number;
    expect((await adminA.post('/st365/rbac/roles', { name: '内容编辑' })).body).toMatchObject({
      success: false,
      msg: '角色名称已存在',
    });
    expect((await adminA.post('/st365/rbac/roles', { name: '' })).body.msg).toContain('请输入角色名称');
    const page = await adminA.get('/st365/rbac/roles?current=1&pageSize=5&keyword=内容');
    expect(page.body.data).toMatchObject({ total: 1, current: 1, pageSize: 5 });
    expect(page.body.data.records[0]).toMatchObject({ id, name: '内容编辑', menuCount: 0, identityCount: 0 });
    const all = await adminA.get('/st365/rbac/roles?pageSize=5');
    expect(all.body.data.total).toBeGreaterThan(5);
    expect(all.body.data.records).toHaveLength(5);
    expect((await adminA.call('PUT', `/st365/rbac/roles/${id}`, { name: '内容主编', remark: '' })).body.msg).toBe(
      '保存成功',
    );
    expect((await adminA.get(`/st365/rbac/roles/${id}`)).body.data).toMatchObject({ name: '内容主编', grants: [] });
    expect((await adminA.call('DELETE', `/st365/rbac/roles/${id}`)).body.msg).toBe('删除成功');
    expect((await adminA.call('DELETE', `/st365/rbac/roles/${id}`)).body.msg).toBe('角色不存在');
  });

  it('keeps the built-in roles: readable remarks, never deleted, their grants still editable', async () => {
    const roles = (await adminA.get('/st365/rbac/roles?pageSize=100')).body.data.records as {
      id: number;
      name: string;
      remark: string;
      builtin: boolean;
    }[];
    const builtin = roles.find((r) => r.name === '管理员');
    expect(builtin).toMatchObject({ builtin: true, remark: '科协、学会及单位的管理员' });
    // No internal identity codes anywhere a person reads.
    expect(roles.every((r) => !/身份代码|\d{2,}/.test(r.remark))).toBe(true);
    expect((await adminA.call('DELETE', `/st365/rbac/roles/${builtin?.id}`)).body.msg).toBe(
      '系统内置角色不能删除，可修改其权限',
    );
    expect((await adminA.get('/st365/rbac/roles?keyword=管理员')).body.data.records).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: builtin?.id })]),
    );
    const own = (await adminA.post('/st365/rbac/roles', { name: '临时角色' })).body.data.id as number;
    expect((await adminA.get('/st365/rbac/roles?keyword=临时角色')).body.data.records[0].builtin).toBe(false);
    expect((await adminA.call('DELETE', `/st365/rbac/roles/${own}`)).body.msg).toBe('删除成功');
  });

  it('exports the roles to a real .xlsx, as a background job', async () => {
    const job = await adminA.post('/st365/rbac/roles/export-jobs', { keyword: '管理员' });
    expect(job.body.msg).toBe('导出任务已开始');
    await t.app.jobs.runOnce(a.id);
    const progress = (await adminA.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    expect(progress).toMatchObject({ rate: 100 });
    const rows = await readXlsx((await adminA.get(`/st365${progress.url}`)).raw.rawPayload);
    expect(rows[0]).toEqual(['角色名称', '备注', '菜单数', '已分配身份', '创建时间']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(['管理员', '运营管理员']));
    expect((await adminB.get(`/st365/common/process?key=${job.body.data.key}`)).body.msg).toBe('任务不存在或已过期');
    // The other tenant's export lists its own roles only.
    const mine = (await adminA.post('/st365/rbac/roles', { name: '只导出给A' })).body.data.id as number;
    const theirs = await adminB.post('/st365/rbac/roles/export-jobs', { keyword: '只导出给A' });
    await t.app.jobs.runOnce(b.id);
    const done = (await adminB.get(`/st365/common/process?key=${theirs.body.data.key}`)).body.data;
    expect(await readXlsx((await adminB.get(`/st365${done.url}`)).raw.rawPayload)).toHaveLength(1);
    await adminA.call('DELETE', `/st365/rbac/roles/${mine}`);
  });

  it('grants menus and function points to a role; a user with that role then has the menu', async () => {
    const role = (await adminA.post('/st365/rbac/roles', { name: '日志查看员' })).body.data.id as number;
    const tree = (await adminA.get('/st365/rbac/menus/tree')).body.data.tree as {
      name: string;
      children: { id: number; path: string; functions: { id: number; code: string }[] }[];
    }[];
    const logList = tree.flatMap((g) => g.children).find((m) => m.path === '/logList');
    expect(logList).toBeDefined();
    const exportFn = logList?.functions.find((f) => f.code === 'export');
    const saved = await adminA.call('PUT', `/st365/rbac/roles/${role}/grants`, {
      menuIds: [logList?.id],
      functionIds: [exportFn?.id],
    });
    expect(saved.body.msg).toBe('权限已保存');
    const grants = (await adminA.get(`/st365/rbac/roles/${role}/grants`)).body.data;
    expect(grants.menuIds).toHaveLength(2); // the entry and its group
    expect(grants.functionIds).toEqual([exportFn?.id]);
    const orphan = await adminA.call('PUT', `/st365/rbac/roles/${role}/grants`, {
      menuIds: [],
      functionIds: [exportFn?.id],
    });
    expect(orphan.body.msg).toBe('功能点所属的菜单未授权，请先勾选菜单');

    const users = (await adminA.get(`/st365/identity/users?keyword=${member.mobile}`)).body.data;
    expect(users.total).toBe(1);
    expect(users.records[0].mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const identityId = users.records[0].identities[0].identityId as number;
    const assigned = await adminA.call('PUT', `/st365/identity/identities/${identityId}/roles`, { roleIds: [role] });
    expect(assigned.body.msg).toBe('角色已分配');

    const memberClient = new TestClient(t.app, a.domain);
    await memberClient.loginAs(member.mobile as string, member.password);
    const menu = (await memberClient.get('/st365/auth/menu')).body.data;
    expect(JSON.stringify(menu.menuResult)).toContain('/logList');
    expect(menu.functions).toEqual(['/logList:export']);
    expect((await memberClient.get('/st365/audit/operation-logs')).body.code).toBe(200);
    expect((await memberClient.get('/st365/rbac/roles')).body.code).toBe(100002);
  });

  it('lists and exports users, login logs and operation logs', async () => {
    const users = await adminA.get('/st365/identity/users/export');
    expect((await readXlsx(users.raw.rawPayload))[0]).toEqual([
      '姓名',
      '手机号',
      '账号',
      '用户类型',
      '部门',
      '身份',
      '角色',
      '状态',
      '审核意见',
      '加入时间',
    ]);
    const logins = (await adminA.get('/st365/audit/login-logs?pageSize=50')).body.data;
    expect(logins.total).toBeGreaterThanOrEqual(2);
    expect(logins.records[0]).toMatchObject({ method: 'password', success: true });
    const ops = (await adminA.get('/st365/audit/operation-logs?keyword=rbac')).body.data;
    expect(ops.records.some((r: { path: string }) => r.path.startsWith('/st365/rbac/roles'))).toBe(true);
    const exported = await adminA.get('/st365/audit/login-logs/export');
    expect((await readXlsx(exported.raw.rawPayload)).length).toBeGreaterThan(1);
    expect((await adminA.get('/st365/identity/users?pageSize=500')).body.msg).toContain('每页最多100条');
  });

  it('lists online sessions and forces one out; that session then answers 200012', async () => {
    const victimPerson = await createTestPerson(t.db, a.id, { identities: [{ code: 12 }] });
    const victim = new TestClient(t.app, a.domain);
    await victim.loginAs(victimPerson.mobile as string, victimPerson.password);
    const list = (await adminA.get('/st365/auth/sessions')).body.data.list as {
      id: number;
      userId: number;
      current: boolean;
    }[];
    const target = list.find((s) => s.userId === victimPerson.userId);
    expect(list.some((s) => s.current)).toBe(true);
    // The same browser logs in again (its first session is left open): still one row, for both.
    await victim.loginAs(victimPerson.mobile as string, victimPerson.password);
    const rows = (await adminA.get('/st365/auth/sessions')).body.data.list as ((typeof list)[number] & {
      sessions: number;
    })[];
    expect(rows.filter((s) => s.userId === victimPerson.userId).map((s) => s.sessions)).toEqual([2]);
    // Another machine is another row.
    const elsewhere = new TestClient(t.app, a.domain);
    await elsewhere.loginAs(victimPerson.mobile as string, victimPerson.password);
    const withOther = (await adminA.get('/st365/auth/sessions')).body.data.list as { userId: number }[];
    expect(withOther.filter((s) => s.userId === victimPerson.userId)).toHaveLength(2);
    const own = list.find((s) => s.current);
    expect((await adminA.post(`/st365/auth/sessions/${own?.id}/kick`)).body.msg).toBe(
      '不能强制下线当前会话，请使用退出登录',
    );
    expect((await adminA.post(`/st365/auth/sessions/${target?.id}/kick`)).body.msg).toBe('已强制下线');
    expect((await victim.get('/st365/auth/session')).body).toMatchObject({
      code: 200012,
      msg: '您已被管理员强制下线，请重新登录',
    });
    // Both sessions of that browser ended; the other machine's is still open.
    const left = (await adminA.get('/st365/auth/sessions')).body.data.list as { userId: number; sessions: number }[];
    expect(left.filter((s) => s.userId === victimPerson.userId).map((s) => s.sessions)).toEqual([1]);
    expect((await elsewhere.get('/st365/auth/session')).body.code).toBe(200);
  });

  it('lets administrators read the SMS outbox, phone masked; another tenant sees none of it', async () => {
    const someone = await createTestPerson(t.db, a.id);
    await new TestClient(t.app, a.domain).post('/st365/auth/sms/code', {
      phoneNumber: someone.mobile,
      purpose: 'login',
    });
    const page = (await adminA.get('/st365/sms/outbox')).body.data;
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.records[0].phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(page.records[0].content).toMatch(/验证码为\d{6}/);
    const seenByB = (await adminB.get(`/st365/sms/outbox?keyword=${(someone.mobile as string).slice(-4)}`)).body.data;
    expect(seenByB.total).toBe(0);
    const exported = await adminA.get('/st365/sms/outbox/export');
    expect(exported.raw.headers['content-type']).toContain('spreadsheetml');
  });

  it('adds people: a new mobile with an initial password to change; an existing person joins as they are', async () => {
    const mobile = `135${String(Date.now()).slice(-8)}`;
    const created = await adminA.post('/st365/identity/users', {
      name: '新来的',
      mobile,
      identityCode: 12,
      orgId: null,
      password: 'Init@123',
    });
    expect(created.body).toMatchObject({ msg: '新增成功，首次登录须修改密码', data: { existed: false } });
    const c = new TestClient(t.app, a.domain);
    await c.login(mobile, 'Init@123');
    expect((await c.post('/st365/auth/status', { userId: created.body.data.userId })).body.data.pageType).toBe(16);
    expect(
      (await adminA.post('/st365/identity/users', { name: '新来的', mobile, identityCode: 12, password: 'Init@123' }))
        .body.msg,
    ).toBe('该用户在本机构已有此身份');
    const elsewhere = await createTestPerson(t.db, b.id, { identities: [{ code: 4 }] });
    const joined = await adminA.post('/st365/identity/users', {
      name: '外来',
      mobile: elsewhere.mobile,
      identityCode: 3,
      password: 'ignored1',
    });
    expect(joined.body).toMatchObject({
      msg: '该手机号已注册，已将其加入本机构',
      data: { existed: true, userId: elsewhere.userId },
    });
    expect(
      (await new TestClient(t.app, a.domain).login(elsewhere.mobile as string, elsewhere.password)).body.success,
    ).toBe(true);
    expect(
      (await adminA.post('/st365/identity/users', { name: 'x', mobile: '123', identityCode: 12, password: 'Init@123' }))
        .body.msg,
    ).toContain('请输入正确的手机号');
    expect(
      (await adminA.post('/st365/identity/users', { name: 'x', mobile, identityCode: 999, password: 'Init@123' })).body
        .msg,
    ).toBe('身份不正确');
  });

  it('renames, disables (ending the sessions here) and resets the password of a person', async () => {
    const person = await createTestPerson(t.db, a.id, { identities: [{ code: 12 }] });
    const c = new TestClient(t.app, a.domain);
    await c.loginAs(person.mobile as string, person.password);
    expect(
      (await adminA.call('PUT', `/st365/identity/users/${person.userId}`, { name: '改名了', status: 0 })).body.msg,
    ).toBe('保存成功');
    expect((await c.get('/st365/auth/session')).body.code).toBe(200012);
    const again = new TestClient(t.app, a.domain);
    await again.login(person.mobile as string, person.password);
    expect((await again.post('/st365/auth/status', { userId: person.userId })).body.data.pageType).toBe(11);
    await adminA.call('PUT', `/st365/identity/users/${person.userId}`, { name: '改名了', status: 1 });
    const reset = await adminA.post(`/st365/identity/users/${person.userId}/password`, { password: 'Reset@123' });
    expect(reset.body.msg).toBe('密码已重置，该用户下次登录须修改密码');
    const after = new TestClient(t.app, a.domain);
    await after.login(person.mobile as string, 'Reset@123');
    expect((await after.post('/st365/auth/status', { userId: person.userId })).body.data.pageType).toBe(16);
  });

  it("tenant B's administrator can neither read nor change tenant A's roles, users, identities or sessions", async () => {
    const roleA = (await adminA.post('/st365/rbac/roles', { name: '仅限A' })).body.data.id as number;
    const usersA = (await adminA.get('/st365/identity/users')).body.data.records as {
      userId: number;
      identities: { identityId: number }[];
    }[];
    const identityA = usersA[0]?.identities[0]?.identityId as number;
    const sessionsA = (await adminA.get('/st365/auth/sessions')).body.data.list as { id: number }[];

    const rolesSeenByB = (await adminB.get('/st365/rbac/roles?keyword=仅限A')).body.data;
    expect(rolesSeenByB.total).toBe(0);
    expect((await adminB.call('PUT', `/st365/rbac/roles/${roleA}`, { name: '被B改名' })).body.msg).toBe('角色不存在');
    expect((await adminB.get(`/st365/rbac/roles/${roleA}`)).body.msg).toBe('角色不存在');
    expect(JSON.stringify((await adminB.get('/st365/rbac/roles/options')).body.data.list)).not.toContain('仅限A');
    expect((await adminB.call('DELETE', `/st365/rbac/roles/${roleA}`)).body.msg).toBe('角色不存在');
    expect((await adminB.get(`/st365/rbac/roles/${roleA}/grants`)).body.msg).toBe('角色不存在');
    expect(
      (await adminB.call('PUT', `/st365/rbac/roles/${roleA}/grants`, { menuIds: [], functionIds: [] })).body.msg,
    ).toBe('角色不存在');
    expect((await adminB.call('PUT', `/st365/identity/identities/${identityA}/roles`, { roleIds: [] })).body.msg).toBe(
      '身份不存在',
    );
    const roleB = (await adminB.get('/st365/rbac/roles?keyword=管理员')).body.data.records[0].id as number;
    expect(
      (await adminA.call('PUT', `/st365/identity/identities/${identityA}/roles`, { roleIds: [roleB] })).body.msg,
    ).toBe('角色不存在');
    const usersSeenByB = (await adminB.get('/st365/identity/users?pageSize=100')).body.data.records as {
      userId: number;
    }[];
    // People of A only (a person may belong to both tenants; then both lists show them).
    expect(usersSeenByB.some((u) => u.userId === member.userId || u.userId === adminA.userId)).toBe(false);
    for (const s of sessionsA)
      expect((await adminB.post(`/st365/auth/sessions/${s.id}/kick`)).body.msg).toBe('会话不存在或已下线');
    const treeB = (await adminB.get('/st365/rbac/menus/tree')).body.data.tree as { id: number }[];
    const treeA = (await adminA.get('/st365/rbac/menus/tree')).body.data.tree as { id: number }[];
    expect(treeA.some((m) => treeB.some((n) => n.id === m.id))).toBe(false);
    expect((await adminA.get(`/st365/rbac/roles?keyword=仅限A`)).body.data.records[0].name).toBe('仅限A');
  });

  it('/roleManageDetail: shows what a role grants and who holds it; removes a holder; other tenants see nothing', async () => {
    const role = (await adminA.post('/st365/rbac/roles', { name: '详情角色' })).body.data.id as number;
    const tree = (await adminA.get('/st365/rbac/menus/tree')).body.data.tree as {
      id: number;
      path: string;
      functions: { id: number; code: string }[];
      children: unknown[];
    }[];
    const flat = (nodes: typeof tree): typeof tree => nodes.flatMap((n) => [n, ...flat(n.children as typeof tree)]);
    const logList = flat(tree).find((n) => n.path === '/logList');
    if (!logList) throw new Error('/logList expected in the default menu');
    const exportFn = logList.functions.find((f) => f.code === 'export');
    await adminA.call('PUT', `/st365/rbac/roles/${role}/grants`, {
      menuIds: [logList.id],
      functionIds: exportFn ? [exportFn.id] : [],
    });
    const identityId = (await adminA.get(`/st365/identity/users?keyword=${member.mobile}`)).body.data.records[0]
      .identities[0].identityId as number;
    await adminA.call('PUT', `/st365/identity/identities/${identityId}/roles`, { roleIds: [role] });

    const detail = (await adminA.get(`/st365/rbac/roles/${role}`)).body.data;
    expect(detail).toMatchObject({ name: '详情角色', identityCount: 1 });
    expect(detail.grants).toContainEqual(expect.objectContaining({ path: '/logList', functions: ['导出'] }));
    expect((await adminA.call('DELETE', `/st365/rbac/roles/${role}`)).body.msg).toBe(
      '该角色已分配给1个身份，请先取消分配后再删除',
    );
    expect((await adminA.call('PUT', `/st365/rbac/roles/${role}`, { name: '管理员' })).body.msg).toBe('角色名称已存在');
    const holders = (await adminA.get(`/st365/rbac/roles/${role}/holders`)).body.data;
    expect(holders).toMatchObject({ total: 1, records: [{ identityId, identityName: '自定义身份' }] });
    expect(holders.records[0].mobile).toMatch(/\*{4}/);
    const exported = await adminA.get(`/st365/rbac/roles/${role}/holders/export`);
    expect((await readXlsx(exported.raw.rawPayload)).length).toBe(2);

    expect((await adminB.get(`/st365/rbac/roles/${role}`)).body.msg).toBe('角色不存在');
    expect((await adminB.get(`/st365/rbac/roles/${role}/holders`)).body.msg).toBe('角色不存在');
    expect((await adminB.call('DELETE', `/st365/rbac/roles/${role}/holders/${identityId}`)).body.msg).toBe(
      '该身份没有此角色',
    );
    expect((await adminA.call('DELETE', `/st365/rbac/roles/${role}/holders/${identityId}`)).body.msg).toBe('已移除');
    expect((await adminA.get(`/st365/rbac/roles/${role}/holders`)).body.data.total).toBe(0);
    expect((await adminA.get('/st365/rbac/roles/abc')).body.msg).toContain('编号必须是数字');
  });
});
