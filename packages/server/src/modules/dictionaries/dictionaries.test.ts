import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, menuVersions, upgradeTenantMenu } from '../../platform/rbac';
import { adminsOfTwoTenants, createTestApp, type TestClient, type TestContext } from '../../testing';

const ITEMS = '/st365/dictionaries/items';

async function xlsx(rows: (string | number)[][]): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('字典项');
  for (const row of rows) ws.addRow(row);
  return new Blob([await wb.xlsx.writeBuffer()]);
}

function importForm(file: Blob, dictCode: string): FormData {
  const form = new FormData();
  form.append('dictCode', dictCode);
  form.append('file', file, '字典项.xlsx');
  return form;
}

type Item = { id: number; value: string; label: string; status: number; builtin: boolean; sort: number };

describe('dictionaries (字典管理)', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let tenantA: number;
  let tenantB: number;

  beforeAll(async () => {
    t = await createTestApp();
    const two = await adminsOfTwoTenants(t);
    ({ a, b } = two);
    tenantA = two.ta.id;
    tenantB = two.tb.id;
  });
  afterAll(() => t.close());

  const items = async (client: TestClient, dictCode: string, extra = '') =>
    (await client.get(`${ITEMS}?dictCode=${dictCode}&pageSize=100${extra}`)).body.data as {
      records: Item[];
      total: number;
    };

  it('is in the menu under 功能配置 with its function points', async () => {
    const menu = (await a.get('/st365/auth/menu')).body.data;
    const group = menu.menuResult.find((g: { name: string }) => g.name === '功能配置');
    expect(group.children.map((c: { path: string }) => c.path)).toContain('/dictionary');
    expect(menu.functions).toEqual(
      expect.arrayContaining(['/dictionary:add', '/dictionary:edit', '/dictionary:delete', '/dictionary:export']),
    );
  });

  it('lists the built-in dictionaries; 民族 has the 56 groups, paged and searchable', async () => {
    const list = (await a.get('/st365/dictionaries')).body.data.list;
    expect(list.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining([
        '性别',
        '民族',
        '政治面貌',
        '学历',
        '学位',
        '护理职称',
        '护理职务',
        '委员会职务',
        '发票项目',
      ]),
    );
    expect(list.find((d: { code: string }) => d.code === 'ethnic')).toMatchObject({ itemCount: 56, customised: false });
    const page = (await a.get(`${ITEMS}?dictCode=ethnic&current=3&pageSize=20`)).body.data;
    expect(page.total).toBe(56);
    expect(page.records).toHaveLength(16);
    expect(page.records.at(-1).label).toBe('基诺族');
    // Looking is not changing: the tenant's copy of a dictionary only viewed is not customised.
    const viewed = (await a.get('/st365/dictionaries')).body.data.list;
    expect(viewed.find((d: { code: string }) => d.code === 'ethnic')).toMatchObject({ customised: false });
    const search = (await a.get(`${ITEMS}?dictCode=ethnic&keyword=${encodeURIComponent('汉')}`)).body.data;
    expect(search.records.map((r: Item) => r.label)).toEqual(['汉族']);
    const invoice = (await items(a, 'invoice-item')).records;
    expect(invoice.find((r) => r.value === 'booth')).toMatchObject({ label: '展位费', taxCode: '3040802020000000000' });
  });

  it('renames, disables, reorders and adds on the tenant’s own copy; options follow', async () => {
    const before = (await items(a, 'political-status')).records;
    const masses = before.find((r) => r.label === '群众') as Item;
    const other = before.find((r) => r.label === '其他') as Item;
    const rename = await a.call('PUT', `${ITEMS}/${masses.id}`, { label: '普通群众', sort: masses.sort, status: 1 });
    expect(rename.body.msg).toBe('保存成功');
    await a.call('PUT', `${ITEMS}/${other.id}`, { label: '其他', sort: other.sort, status: 0 });
    const added = await a.post(ITEMS, { dictCode: 'political-status', value: 'democrat', label: '民主党派' });
    expect(added.body.msg).toBe('新增成功');
    const dup = await a.post(ITEMS, { dictCode: 'political-status', value: 'democrat', label: '重复' });
    expect(dup.body).toMatchObject({ code: 500, msg: '值“democrat”已存在' });

    const ids = (await items(a, 'political-status')).records.map((r) => r.id).reverse();
    expect((await a.call('PUT', `${ITEMS}/order`, { dictCode: 'political-status', ids })).body.msg).toBe('排序已保存');
    const options = (await a.get('/st365/dictionaries/political-status/options')).body.data.options;
    expect(options.map((o: { label: string }) => o.label)).toEqual(['民主党派', '中共党员', '预备党员', '普通群众']);

    // A built-in item is disabled, not deleted; the tenant's own item goes.
    expect((await a.call('DELETE', `${ITEMS}/${masses.id}`)).body).toMatchObject({
      code: 500,
      msg: '内置字典项不能删除，可以停用',
    });
    expect((await a.call('DELETE', `${ITEMS}/${added.body.data.id}`)).body.msg).toBe('删除成功');
    expect(
      (await a.get('/st365/dictionaries')).body.data.list.find((d: { code: string }) => d.code === 'political-status'),
    ).toMatchObject({ itemCount: 4, enabledCount: 3, customised: true });
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    const before = await items(a, 'degree');
    const empty = await a.post(ITEMS, { dictCode: 'degree', value: 'x', label: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('请输入名称');
    const badValue = await a.post(ITEMS, { dictCode: 'degree', value: '值 有空格', label: '名称' });
    expect(badValue.body.msg).toContain('值只能包含字母、数字、_、.、-');
    const badTax = await a.post(ITEMS, { dictCode: 'invoice-item', value: 'x', label: 'x', taxCode: '123' });
    expect(badTax.body.msg).toContain('税收分类编码为19位数字');
    expect((await a.post(ITEMS, { dictCode: 'no-such', value: 'x', label: 'x' })).body.msg).toBe('字典不存在');
    expect((await a.get(`${ITEMS}?dictCode=degree&pageSize=1000`)).body.msg).toContain('每页最多100条');
    expect(await items(a, 'degree')).toEqual(before);
  });

  it('another tenant can neither read nor change this tenant’s items, and keeps the defaults', async () => {
    const mine = (await items(a, 'political-status')).records[0] as Item;
    expect((await b.get(`${ITEMS}/${mine.id}`)).body.msg).toBe('字典项不存在或已删除');
    expect((await b.call('PUT', `${ITEMS}/${mine.id}`, { label: '改', sort: 1, status: 1 })).body.msg).toBe(
      '字典项不存在或已删除',
    );
    expect((await b.call('DELETE', `${ITEMS}/${mine.id}`)).body.msg).toBe('字典项不存在或已删除');
    const order = await b.call('PUT', `${ITEMS}/order`, { dictCode: 'political-status', ids: [mine.id] });
    expect(order.body.msg).toBe('字典项不存在或已删除，请刷新后重试');
    expect((await items(a, 'political-status')).records[0]).toEqual(mine);
    const theirs = (await b.get('/st365/dictionaries/political-status/options')).body.data.options;
    expect(theirs.map((o: { label: string }) => o.label)).toEqual(['群众', '预备党员', '中共党员', '其他']);
    expect((await items(b, 'political-status')).records.every((r) => r.id !== mine.id)).toBe(true);
  });

  it('exports as a background job with progress', async () => {
    const job = await a.post(`${ITEMS}/export-jobs`, { dictCode: 'ethnic' });
    expect(job.body.msg).toBe('导出任务已开始');
    await t.app.jobs.runOnce(tenantA);
    const progress = await a.get(`/st365/common/process?key=${job.body.data.key}`);
    expect(progress.body.data, JSON.stringify(progress.body)).toMatchObject({ rate: 100 });
    expect(progress.body.data.url).toBeTruthy();
    const file = await a.get(`/st365${progress.body.data.url}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(ws.getRow(1).getCell(2).text).toBe('名称');
    expect(ws.rowCount).toBe(57);
    // The other tenant cannot read the job.
    expect((await b.get(`/st365/common/process?key=${job.body.data.key}`)).body.msg).toBe('任务不存在或已过期');
    expect(tenantB).not.toBe(tenantA);
  });

  it('imports from Excel: a bad row stops the whole file, or only the good rows go in', async () => {
    const template = await a.get(`${ITEMS}/import-template`);
    expect(template.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const file = await xlsx([
      ['值', '名称', '排序', '状态'],
      ['associate', '副学士', 5, '启用'],
      ['bad value', '', 6, '启用'],
    ]);
    const all = await a.upload(`${ITEMS}/import?mode=all`, importForm(file, 'degree'));
    expect(all.body.data, JSON.stringify(all.body)).toMatchObject({ total: 2, inserted: 0 });
    expect(all.body.data.problems).toEqual([
      { row: 3, column: '值', reason: '值只能包含字母、数字、_、.、-' },
      { row: 3, column: '名称', reason: '请输入名称' },
    ]);
    expect(all.body.msg).toBe('有1行数据有误，未导入任何数据');
    expect((await items(a, 'degree')).records.some((r) => r.value === 'associate')).toBe(false);

    const valid = await a.upload(`${ITEMS}/import?mode=valid`, importForm(file, 'degree'));
    expect(valid.body.data).toMatchObject({ total: 2, inserted: 1 });
    expect(valid.body.msg).toBe('已导入1条，1行有误未导入');
    expect((await items(a, 'degree')).records.find((r) => r.value === 'associate')).toMatchObject({
      label: '副学士',
      sort: 5,
      status: 1,
      builtin: false,
    });
    // Importing the same value again is a row problem, not a half-written file.
    const again = await a.upload(
      `${ITEMS}/import?mode=all`,
      importForm(
        await xlsx([
          ['值', '名称'],
          ['associate', '又一个'],
        ]),
        'degree',
      ),
    );
    expect(again.body.data.problems).toEqual([{ row: 2, column: '', reason: '值“associate”已存在' }]);
    const notExcel = new FormData();
    notExcel.append('dictCode', 'degree');
    notExcel.append('file', new Blob(['not a workbook']), 'x.xlsx');
    expect((await a.upload(`${ITEMS}/import`, notExcel)).body.msg).toBe('文件不是有效的 Excel（.xlsx）文件');
    expect((await b.upload(`${ITEMS}/import?mode=valid`, importForm(file, 'degree'))).body.data.inserted).toBe(1);
    expect((await items(a, 'degree')).records.filter((r) => r.value === 'associate')).toHaveLength(1);
  });

  it('existing tenants get the entry once (menu version 2)', async () => {
    await t.db.withTenant(tenantB, async (tx) => {
      const { eq } = await import('drizzle-orm');
      await tx.delete(menus).where(eq(menus.key, '/dictionary'));
      await tx.update(menuVersions).set({ version: 1 });
    });
    expect(await t.db.withTenant(tenantB, (tx) => upgradeTenantMenu(tx, tenantB))).toEqual(['/dictionary']);
    expect((await b.get('/st365/auth/menu')).body.data.functions).toContain('/dictionary:export');
  });
});
