import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, type TestClient, type TestContext } from '../../testing';

describe('/departmentManage: the departments of the office, as a tree', () => {
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

  it('builds a tree, pages by top-level department, searches flat, refuses a cycle and a busy delete', async () => {
    const office = (await a.post('/st365/org/departments', { name: '办公室', leader: '周敏', phone: '0571-88880000' }))
      .body.data.id as number;
    const science = (await a.post('/st365/org/departments', { name: '学会学术部', sort: 1 })).body.data.id as number;
    const desk = (await a.post('/st365/org/departments', { name: '学术交流科', parentId: science })).body.data
      .id as number;

    const tree = (await a.get('/st365/org/departments?current=1&pageSize=10')).body.data;
    expect(tree.total).toBe(2);
    expect(tree.records.map((d: { name: string }) => d.name)).toEqual(['办公室', '学会学术部']);
    expect(tree.records[1].children).toMatchObject([{ id: desk, name: '学术交流科', parentName: '学会学术部' }]);
    expect((await a.get('/st365/org/departments?pageSize=1&current=2')).body.data.records[0].name).toBe('学会学术部');

    const found = (await a.get('/st365/org/departments?keyword=交流')).body.data;
    expect(found).toMatchObject({ total: 1, records: [{ id: desk, parentName: '学会学术部' }] });
    expect((await a.get('/st365/org/departments?keyword=周敏')).body.data.records[0].id).toBe(office);

    const options = (await a.get('/st365/org/departments/options')).body.data.list;
    expect(options.map((o: { name: string }) => o.name)).toEqual(['办公室', '学会学术部', '　学术交流科']);

    expect(
      (await a.call('PUT', `/st365/org/departments/${science}`, { name: '学会学术部', parentId: desk })).body.msg,
    ).toBe('上级部门不能是本部门或其下级部门');
    expect((await a.post('/st365/org/departments', { name: '学术交流科', parentId: science })).body.msg).toBe(
      '同一上级部门下已有同名部门',
    );
    expect((await a.call('DELETE', `/st365/org/departments/${science}`)).body.msg).toBe(
      '该部门下还有下级部门或人员，无法删除',
    );
    expect(
      (await a.call('PUT', `/st365/org/departments/${desk}`, { name: '国际交流科', parentId: science })).body.msg,
    ).toBe('保存成功');
    expect((await a.get(`/st365/org/departments/${desk}`)).body.data).toMatchObject({
      name: '国际交流科',
      parentName: '学会学术部',
    });

    // The export lists the tree flat, each department after its parent.
    const job = await a.post('/st365/org/departments/export-jobs', {});
    expect(job.body.msg).toBe('导出任务已开始');
    await t.app.jobs.runOnce(tenantA);
    const progress = (await a.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    expect(progress).toMatchObject({ rate: 100 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await a.get(`/st365${progress.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const names: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) names.push(row.getCell(1).text);
    });
    expect(names).toEqual(['办公室', '学会学术部', '国际交流科']);
    expect((await b.get(`/st365/common/process?key=${job.body.data.key}`)).body.msg).toBe('任务不存在或已过期');

    expect((await a.call('DELETE', `/st365/org/departments/${desk}`)).body.msg).toBe('删除成功');
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    expect((await a.post('/st365/org/departments', { name: '' })).body.msg).toContain('请输入部门名称');
    expect((await a.post('/st365/org/departments', { name: '某部门', phone: 'abc' })).body.msg).toContain(
      '联系电话格式不正确',
    );
    expect((await a.post('/st365/org/departments', { name: '某部门', sort: 'x' })).body.msg).toContain(
      '排序必须是数字',
    );
    expect((await a.post('/st365/org/departments', { name: '某部门', parentId: 999999999 })).body.msg).toBe(
      '上级部门不存在',
    );
    expect((await a.get('/st365/org/departments?keyword=某部门')).body.data.total).toBe(0);
  });

  it('another tenant can neither see nor change the departments, nor hang one under them', async () => {
    const mine = (await a.post('/st365/org/departments', { name: 'A的部门' })).body.data.id as number;
    expect((await b.get('/st365/org/departments?keyword=A的部门')).body.data.total).toBe(0);
    expect((await b.get(`/st365/org/departments/${mine}`)).body.msg).toBe('部门不存在或已删除');
    expect(JSON.stringify((await b.get('/st365/org/departments/options')).body.data.list)).not.toContain('A的部门');
    expect((await b.call('PUT', `/st365/org/departments/${mine}`, { name: '被改' })).body.msg).toBe('部门不存在');
    expect((await b.call('DELETE', `/st365/org/departments/${mine}`)).body.msg).toBe('部门不存在');
    expect((await b.post('/st365/org/departments', { name: '挂到A下', parentId: mine })).body.msg).toBe(
      '上级部门不存在',
    );
    expect((await a.get('/st365/org/departments?keyword=A的部门')).body.data.records[0].name).toBe('A的部门');
    const theirs = await b.post('/st365/org/departments/export-jobs', { keyword: 'A的部门' });
    await t.app.jobs.runOnce(tenantB);
    const done = (await b.get(`/st365/common/process?key=${theirs.body.data.key}`)).body.data;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await b.get(`/st365${done.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0] as ExcelJS.Worksheet).rowCount).toBe(1);
  });
});
