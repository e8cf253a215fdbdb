import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminsOfTwoTenants,
  createTestApp,
  createTestPerson,
  createTestTenantWithRbac,
  TestClient,
  type TestContext,
} from '../../testing';

describe('an operations super administrator acting as a tenant (adverTenantId)', () => {
  let t: TestContext;
  let ops: TestClient;
  let a: TestClient;
  let b: TestClient;
  let target: { id: number; domain: string };
  let opsName: string;
  const as = (tenantId: number) => ({ headers: { advertenantid: String(tenantId) } });
  beforeAll(async () => {
    t = await createTestApp();
    const home = await createTestTenantWithRbac(t.db);
    const superAdmin = await createTestPerson(t.db, home.id, { identities: [{ code: 8 }], isSuperAdmin: true });
    ops = new TestClient(t.app, home.domain);
    await ops.loginAs(superAdmin.mobile as string, superAdmin.password);
    opsName = (await ops.get('/st365/auth/session')).body.data.name;
    const pair = await adminsOfTwoTenants(t);
    ({ a, b } = pair);
    target = pair.ta;
  });
  afterAll(() => t.close());

  it('enters a tenant, sees and changes its rows with its whole menu, and the log records who acted', async () => {
    const entered = await ops.post(`/st365/platform/tenants/${target.id}/act`);
    expect(entered.body).toMatchObject({ success: true, data: { tenantId: target.id } });

    const dept = (await a.post('/st365/org/departments', { name: '被代管部门' })).body.data.id as number;
    const seen = (await ops.get('/st365/org/departments?keyword=被代管', as(target.id))).body.data;
    expect(seen.records.map((d: { id: number }) => d.id)).toEqual([dept]);
    expect((await ops.get('/st365/org/departments?keyword=被代管')).body.data.total).toBe(0);

    const renamed = await ops.call('PUT', `/st365/org/departments/${dept}`, { name: '代管改名' }, as(target.id));
    expect(renamed.body.msg).toBe('保存成功');

    const session = (await ops.get('/st365/auth/session', as(target.id))).body.data;
    expect(session).toMatchObject({ tenantId: target.id, actingAsTenant: true, name: opsName });
    const menu = (await ops.get('/st365/auth/menu', as(target.id))).body.data;
    expect(JSON.stringify(menu.menuResult)).toContain('/departmentManage');
    expect(menu.functions).toContain('/departmentManage:edit');

    const logs = (await a.get('/st365/audit/operation-logs?pageSize=100')).body.data.records as {
      userName: string;
      path: string;
    }[];
    const mine = logs.find((l) => l.path === `/st365/org/departments/${dept}`);
    expect(mine?.userName).toBe(`${opsName}（运营代管）`);
  });

  it('is refused to anyone but a super administrator, and for a disabled or unknown tenant', async () => {
    const refused = await b.get('/st365/org/departments', as(target.id));
    expect(refused.body).toMatchObject({ code: 403, msg: '只有运营超级管理员可以代管租户' });
    expect((await b.post(`/st365/platform/tenants/${target.id}/act`)).body.success).toBe(false);
    expect((await ops.get('/st365/org/departments', as(999999))).body.msg).toBe('代管的租户不存在或已停用');
    expect((await ops.get('/st365/org/departments', { headers: { advertenantid: 'x' } })).body.msg).toBe(
      '代管的租户不存在或已停用',
    );
    expect((await ops.post('/st365/platform/tenants/999999/act')).body.msg).toBe('代管的租户不存在或已停用');
    // Past PostgreSQL's integer: refused with the same words, not a failed query.
    expect((await ops.get('/st365/org/departments', as(2_147_483_648))).body.msg).toBe('代管的租户不存在或已停用');
  });
});
