import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestPerson, createTestTenantWithRbac, TestClient, type TestContext } from '../../testing';
import { tenants } from './tables';

describe('/tenant: operations manages the tenants', () => {
  let t: TestContext;
  let ops: TestClient;
  let home: { id: number; domain: string };
  const stamp = Date.now().toString(36);
  beforeAll(async () => {
    t = await createTestApp();
    home = await createTestTenantWithRbac(t.db);
    const superAdmin = await createTestPerson(t.db, home.id, { identities: [{ code: 8 }], isSuperAdmin: true });
    ops = new TestClient(t.app, home.domain);
    await ops.loginAs(superAdmin.mobile as string, superAdmin.password);
  });
  afterAll(() => t.close());

  const input = (over: Record<string, unknown> = {}) => ({
    companyName: `新开通学会${stamp}`,
    companyId: 7001,
    companyType: 5,
    customType: 0,
    status: 1,
    domains: [`new-${stamp}.example.cn`],
    ...over,
  });

  it('opens a tenant with its domain and default menu; the domain then finds it', async () => {
    const created = await ops.post('/st365/platform/tenants', input());
    expect(created.body).toMatchObject({ code: 200, msg: '新增成功' });
    const lookup = await t.app.inject({ url: `/st365/tenant/lookup?domain=new-${stamp}.example.cn` });
    expect(lookup.json().data.ucTenant).toMatchObject({ id: created.body.data.id, companyName: `新开通学会${stamp}` });
    const listed = (await ops.get(`/st365/platform/tenants?keyword=${encodeURIComponent(`新开通学会${stamp}`)}`)).body
      .data;
    expect(listed.records[0]).toMatchObject({ domains: [`new-${stamp}.example.cn`], status: 1 });
    expect((await ops.get(`/st365/platform/tenants/${created.body.data.id}`)).body.data).toMatchObject({
      companyName: `新开通学会${stamp}`,
      domains: [`new-${stamp}.example.cn`],
    });
    const newcomer = await createTestPerson(t.db, created.body.data.id, { identities: [{ code: 4 }] });
    const c = new TestClient(t.app, `new-${stamp}.example.cn`);
    await c.loginAs(newcomer.mobile as string, newcomer.password);
    expect(JSON.stringify((await c.get('/st365/auth/menu')).body.data.menuResult)).toContain('/roleManage');
  });

  it('the 当前模式 switcher: only where the tenant setting is on, and it keeps the other settings', async () => {
    const domain = `mode-${stamp}.example.cn`;
    const id = (
      await ops.post('/st365/platform/tenants', input({ companyName: `模式学会${stamp}`, domains: [domain] }))
    ).body.data.id as number;
    const admin = await createTestPerson(t.db, id, { identities: [{ code: 4 }] });
    const c = new TestClient(t.app, domain);
    await c.loginAs(admin.mobile as string, admin.password);
    const names = (data: { menuResult: { name: string }[] }) => data.menuResult.map((m) => m.name);
    // Off: no modes, and a mode asked for is ignored.
    const plain = (await c.get('/st365/auth/menu')).body.data;
    expect(plain).toMatchObject({ customType: 0, modes: [] });
    expect(names((await c.get('/st365/auth/menu?mode=20')).body.data)).toEqual(names(plain));
    // On: the choices, and mode 20 regroups the menu.
    await t.db.withGlobalTx((tx) =>
      tx.execute(sql`update tenants set settings = settings || '{"registration":"open"}'::jsonb where id = ${id}`),
    );
    const body = input({ companyName: `模式学会${stamp}`, domains: [domain], modeSwitcher: true });
    expect((await ops.call('PUT', `/st365/platform/tenants/${id}`, body)).body.msg).toBe('保存成功');
    const on = (await c.get('/st365/auth/menu')).body.data;
    expect(on.modes).toEqual([
      { value: 0, label: '标准模式' },
      { value: 20, label: '分组模式' },
    ]);
    const grouped = (await c.get('/st365/auth/menu?mode=20')).body.data;
    expect(grouped.customType).toBe(20);
    expect(names(grouped)).not.toEqual(names(on));
    expect((await c.get('/st365/auth/menu?mode=7')).body).toMatchObject({
      code: 500,
      msg: '查询参数 mode 有误：模式不存在',
    });
    const [row] = await t.db.withGlobalTx((tx) =>
      tx.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, id)),
    );
    expect(row?.settings).toMatchObject({ registration: 'open', modeSwitcher: true });
    const listed = (await ops.get(`/st365/platform/tenants?keyword=${encodeURIComponent(`模式学会${stamp}`)}`)).body
      .data;
    expect(listed.records[0].modeSwitcher).toBe(true);
  });

  it('refuses a domain another tenant uses, a malformed domain, and disables a tenant', async () => {
    expect((await ops.post('/st365/platform/tenants', input({ domains: [home.domain] }))).body.msg).toBe(
      `域名 ${home.domain} 已被其他租户使用`,
    );
    expect((await ops.post('/st365/platform/tenants', input({ domains: ['https://x.cn/'] }))).body.msg).toContain(
      '域名格式不正确',
    );
    expect((await ops.post('/st365/platform/tenants', input({ domains: [] }))).body.msg).toContain(
      '请至少填写一个访问域名',
    );
    const id = (
      await ops.post(
        '/st365/platform/tenants',
        input({ companyName: `停用测试${stamp}`, domains: [`off-${stamp}.example.cn`] }),
      )
    ).body.data.id;
    // Found once (the look-up is then kept a few seconds), then disabled: refused at once all the same.
    const before = await t.app.inject({ url: `/st365/tenant/lookup?domain=off-${stamp}.example.cn` });
    expect(before.json()).toMatchObject({ code: 200 });
    expect(
      (
        await ops.call(
          'PUT',
          `/st365/platform/tenants/${id}`,
          input({ companyName: `停用测试${stamp}`, status: 0, domains: [`off-${stamp}.example.cn`] }),
        )
      ).body.msg,
    ).toBe('保存成功');
    const lookup = await t.app.inject({ url: `/st365/tenant/lookup?domain=off-${stamp}.example.cn` });
    expect(lookup.json()).toMatchObject({ success: false, msg: '租户信息不完整', data: { reason: 'TENANT_DISABLED' } });
    expect(
      (await ops.call('PUT', `/st365/platform/tenants/${home.id}`, input({ status: 0, domains: [home.domain] }))).body
        .msg,
    ).toBe('不能停用当前所在的租户');
  });

  it('exports the tenants as a background job', async () => {
    const job = await ops.post('/st365/platform/tenants/export-jobs', { keyword: `新开通学会${stamp}` });
    expect(job.body.msg).toBe('导出任务已开始');
    await t.app.jobs.runOnce(home.id);
    const progress = (await ops.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await ops.get(`/st365${progress.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect((ws.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['编号', '机构名称']);
    expect(ws.getRow(2).getCell(2).text).toBe(`新开通学会${stamp}`);
    expect(ws.rowCount).toBe(2);
  });

  it('is for operations super administrators only', async () => {
    const opsNotSuper = await createTestPerson(t.db, home.id, { identities: [{ code: 8 }] });
    const c = new TestClient(t.app, home.domain);
    await c.loginAs(opsNotSuper.mobile as string, opsNotSuper.password);
    const refused = { code: 403, msg: '仅运营超级管理员可以管理租户' };
    expect((await c.get('/st365/platform/tenants')).body).toMatchObject(refused);
    expect((await c.get(`/st365/platform/tenants/${home.id}`)).body).toMatchObject(refused);
    expect((await c.post('/st365/platform/tenants', input({ domains: [`x-${stamp}.example.cn`] }))).body).toMatchObject(
      refused,
    );
    expect(
      (await c.call('PUT', `/st365/platform/tenants/${home.id}`, input({ domains: [home.domain] }))).body,
    ).toMatchObject(refused);
    expect((await c.post('/st365/platform/tenants/export-jobs', {})).body).toMatchObject(refused);
    const admin = await createTestPerson(t.db, home.id, { identities: [{ code: 4 }] });
    const a = new TestClient(t.app, home.domain);
    await a.loginAs(admin.mobile as string, admin.password);
    expect((await a.get('/st365/platform/tenants')).body.code).toBe(100002);
    expect((await a.get(`/st365/platform/tenants/${home.id}`)).body.code).toBe(100002);
    expect(JSON.stringify((await a.get('/st365/auth/menu')).body.data.menuResult)).not.toContain('/tenant"');
  });
});
