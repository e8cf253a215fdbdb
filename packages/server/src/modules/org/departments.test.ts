import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, type TestClient, type TestContext } from '../../testing';

describe('/departmentManage: the departments of the office, as a tree', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b } = await adminsOfTwoTenants(t));
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
    expect((await a.call('DELETE', `/st365/org/departments/${desk}`)).body.msg).toBe('删除成功');
    const exported = await a.get('/st365/org/departments/export');
    expect(exported.raw.headers['content-type']).toContain('spreadsheetml');
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
    expect((await b.call('PUT', `/st365/org/departments/${mine}`, { name: '被改' })).body.msg).toBe('部门不存在');
    expect((await b.call('DELETE', `/st365/org/departments/${mine}`)).body.msg).toBe('部门不存在');
    expect((await b.post('/st365/org/departments', { name: '挂到A下', parentId: mine })).body.msg).toBe(
      '上级部门不存在',
    );
    expect((await a.get('/st365/org/departments?keyword=A的部门')).body.data.records[0].name).toBe('A的部门');
  });
});
