import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, type TestClient, type TestContext } from '../../testing';

describe('/setMenu and /function: configuring the menu tree and its function points', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let tenantA: number;
  let tenantB: number;
  beforeAll(async () => {
    t = await createTestApp();
    let ta: { id: number };
    let tb: { id: number };
    ({ a, b, ta, tb } = await adminsOfTwoTenants(t));
    tenantA = ta.id;
    tenantB = tb.id;
  });
  afterAll(() => t.close());

  it('adds a group and an entry, renames, refuses a cycle, and deletes bottom-up', async () => {
    const group = (await a.post('/st365/rbac/menus', { pid: 0, name: '地方特色', sort: 99 })).body.data.id as number;
    const entry = (await a.post('/st365/rbac/menus', { pid: group, name: '科普大篷车', path: '/kepuCaravan' })).body
      .data.id as number;
    const tree = (await a.get('/st365/rbac/menus')).body.data.tree as {
      id: number;
      name: string;
      children: { id: number; path: string }[];
    }[];
    expect(tree.find((g) => g.id === group)?.children.map((c) => c.path)).toEqual(['/kepuCaravan']);
    expect((await a.call('PUT', `/st365/rbac/menus/${group}`, { pid: entry, name: '地方特色' })).body.msg).toBe(
      '上级菜单不能是本菜单或其下级菜单',
    );
    expect(
      (await a.call('PUT', `/st365/rbac/menus/${entry}`, { pid: group, name: '科普大篷车活动', path: '/kepuCaravan' }))
        .body.msg,
    ).toBe('保存成功');
    expect((await a.post('/st365/rbac/menus', { pid: 0, name: '坏路径', path: 'no-slash' })).body.msg).toContain(
      '路径须以 / 开头',
    );
    expect((await a.call('DELETE', `/st365/rbac/menus/${group}`)).body.msg).toBe('请先删除下级菜单');
    expect((await a.call('DELETE', `/st365/rbac/menus/${entry}`)).body.msg).toBe('删除成功');
    expect((await a.call('DELETE', `/st365/rbac/menus/${group}`)).body.msg).toBe('删除成功');
  });

  it('adds, lists, renames and deletes function points; codes are unique per menu', async () => {
    const tree = (await a.get('/st365/rbac/menus')).body.data.tree as { children: { id: number; path: string }[] }[];
    const content = tree.flatMap((g) => g.children).find((m) => m.path === '/content');
    const created = await a.post('/st365/rbac/functions', { menuId: content?.id, code: 'newsPublish', name: '发布' });
    expect(created.body.msg).toBe('新增成功');
    expect(
      (await a.post('/st365/rbac/functions', { menuId: content?.id, code: 'newsPublish', name: '再发布' })).body.msg,
    ).toBe('该菜单下已有相同代码的功能点');
    expect(
      (await a.post('/st365/rbac/functions', { menuId: content?.id, code: '1bad', name: 'x' })).body.msg,
    ).toContain('功能点代码以字母开头');
    const page = (await a.get('/st365/rbac/functions?keyword=newsPublish')).body.data;
    expect(page.records).toEqual([
      {
        id: created.body.data.id,
        menuId: content?.id,
        menuName: '内容管理',
        menuPath: '/content',
        code: 'newsPublish',
        name: '发布',
      },
    ]);
    expect(
      (
        await a.call('PUT', `/st365/rbac/functions/${created.body.data.id}`, {
          menuId: content?.id,
          code: 'newsPublish',
          name: '审核发布',
        })
      ).body.msg,
    ).toBe('保存成功');
    expect((await a.get(`/st365/rbac/functions/${created.body.data.id}`)).body.data).toMatchObject({
      code: 'newsPublish',
      name: '审核发布',
      menuPath: '/content',
    });
    const options = (await a.get('/st365/rbac/menus/options')).body.data.list as { id: number; name: string }[];
    expect(options).toContainEqual({ id: content?.id, name: '内容管理（/content）' });
    const job = await a.post('/st365/rbac/functions/export-jobs', { keyword: 'newsPublish' });
    expect(job.body.msg).toBe('导出任务已开始');
    await t.app.jobs.runOnce(tenantA);
    const progress = (await a.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await a.get(`/st365${progress.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['所属菜单', '菜单路径', '功能点代码', '功能点名称']);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(['内容管理', '/content', 'newsPublish', '审核发布']);
    expect((await b.get(`/st365/common/process?key=${job.body.data.key}`)).body.msg).toBe('任务不存在或已过期');
    expect((await a.call('DELETE', `/st365/rbac/functions/${created.body.data.id}`)).body.msg).toBe('删除成功');
  });

  it('another tenant can neither see nor change the menus or function points', async () => {
    const group = (await a.post('/st365/rbac/menus', { pid: 0, name: 'A独有' })).body.data.id as number;
    const fn = (await a.post('/st365/rbac/functions', { menuId: group, code: 'onlyA', name: 'A功能' })).body.data
      .id as number;
    const treeB = JSON.stringify((await b.get('/st365/rbac/menus')).body.data.tree);
    expect(treeB).not.toContain('A独有');
    expect((await b.call('PUT', `/st365/rbac/menus/${group}`, { pid: 0, name: '被B改' })).body.msg).toBe('菜单不存在');
    expect((await b.call('DELETE', `/st365/rbac/menus/${group}`)).body.msg).toBe('菜单不存在');
    expect((await b.post('/st365/rbac/menus', { pid: group, name: '挂到A下' })).body.msg).toBe('上级菜单不存在');
    expect((await b.post('/st365/rbac/functions', { menuId: group, code: 'x', name: 'x' })).body.msg).toBe(
      '所属菜单不存在',
    );
    expect((await b.call('PUT', `/st365/rbac/functions/${fn}`, { menuId: group, code: 'x', name: 'x' })).body.msg).toBe(
      '所属菜单不存在',
    );
    expect((await b.call('DELETE', `/st365/rbac/functions/${fn}`)).body.msg).toBe('功能点不存在');
    expect((await b.get(`/st365/rbac/functions/${fn}`)).body.msg).toBe('功能点不存在或已删除');
    expect(JSON.stringify((await b.get('/st365/rbac/menus/options')).body.data.list)).not.toContain('A独有');
    expect((await a.get(`/st365/rbac/functions/${fn}`)).body.data.name).toBe('A功能');
    expect((await b.get('/st365/rbac/functions?keyword=onlyA')).body.data.total).toBe(0);
    const theirs = await b.post('/st365/rbac/functions/export-jobs', { keyword: 'onlyA' });
    await t.app.jobs.runOnce(tenantB);
    const done = (await b.get(`/st365/common/process?key=${theirs.body.data.key}`)).body.data;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await b.get(`/st365${done.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0] as ExcelJS.Worksheet).rowCount).toBe(1);
  });
});
