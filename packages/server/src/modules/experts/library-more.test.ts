import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, type TestClient, type TestContext } from '../../testing';
import { insertOrg } from '../org';

const LIB = '/st365/experts/library';
const LABELS = '/st365/experts/labels';

async function xlsx(rows: (string | number)[][]): Promise<FormData> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('专家');
  for (const row of rows) ws.addRow(row);
  const form = new FormData();
  form.append('file', new Blob([await wb.xlsx.writeBuffer()]), '专家.xlsx');
  return form;
}

describe('experts: import by name, talent pools, an expert’s record, the search filters', () => {
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let tenantA: number;
  let unit: number;
  let pool: number;
  const domain: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: '0' });
    const two = await adminsOfTwoTenants(t);
    admin = two.a;
    other = two.b;
    tenantA = two.ta.id;
    unit = await t.db.withTenant(
      tenantA,
      async (tx) => (await insertOrg(tx, tenantA, { name: '导入大学', orgType: 3 })).id,
    );
    domain.it = (await admin.post('/st365/experts/domains', { name: '信息技术' })).body.data.id;
    domain.ai = (await admin.post('/st365/experts/domains', { name: '人工智能', parentId: domain.it })).body.data.id;
    domain.mfg = (await admin.post('/st365/experts/domains', { name: '先进制造' })).body.data.id;
    pool = (await admin.post(LABELS, { name: '科技智库' })).body.data.id;
  });
  afterAll(() => t.close());

  it('imports experts with domains, labels, units and regions by name, row by row', async () => {
    const template = await admin.get(`${LIB}/import-template`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    const headers = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
    expect(headers).toEqual(
      expect.arrayContaining(['姓名', '手机号', '工作单位', '所在地区', '专业领域', '标签', '回避单位']),
    );
    expect(headers).not.toContain('状态');

    const header = ['姓名', '手机号', '工作单位', '职称', '所在地区', '专业领域', '标签', '回避单位'];
    const rows = [
      header,
      [
        '导入甲',
        '13600000001',
        '导入大学',
        '教授',
        '浙江省 / 杭州市 / 西湖区',
        '信息技术 / 人工智能、先进制造',
        '科技智库',
        '',
      ],
      ['导入乙', '13600000002', '外单位', '研究员', '', '人工智能', '', '导入大学'],
      ['导入丙', '13600000003', '外单位', '', '火星', '量子力学', '不存在的库', ''],
      ['', '123', '外单位', '', '', '人工智能', '', ''],
    ];
    const all = await admin.upload(`${LIB}/import?mode=all`, await xlsx(rows));
    expect(all.body.msg).toBe('有2行数据有误，未导入任何数据');
    expect(all.body.data.inserted).toBe(0);
    expect(all.body.data.problems).toEqual([
      { row: 4, column: '所在地区', reason: '所在地区“火星”不存在' },
      { row: 4, column: '专业领域', reason: '专业领域“量子力学”不存在' },
      { row: 4, column: '标签', reason: '标签“不存在的库”不存在' },
      { row: 5, column: '姓名', reason: '请输入姓名' },
      { row: 5, column: '手机号', reason: '手机号格式不正确' },
    ]);
    expect((await admin.get(LIB)).body.data.total).toBe(0);

    const valid = await admin.upload(`${LIB}/import?mode=valid`, await xlsx(rows));
    expect(valid.body.msg).toBe('已导入2条，2行有误未导入');
    const list = (await admin.get(`${LIB}?pageSize=50`)).body.data.records;
    const first = list.find((e: { name: string }) => e.name === '导入甲');
    expect(first).toMatchObject({
      regionName: '浙江省 / 杭州市 / 西湖区',
      domainNames: ['信息技术 / 人工智能', '先进制造'],
      labelNames: ['科技智库'],
      status: 1,
      source: 'admin',
    });
    expect(list.find((e: { name: string }) => e.name === '导入乙')).toMatchObject({ avoidUnitNames: ['导入大学'] });
    // The same mobile again is refused on its row.
    const again = await admin.upload(`${LIB}/import?mode=all`, await xlsx([header, rows[1] as string[]]));
    expect(again.body.data.problems).toEqual([{ row: 2, column: '', reason: '该手机号已是本机构专家（已入库）' }]);
  });

  it('filters the library by unit, domain (with the domains below), label and region', async () => {
    await admin.post(LIB, {
      name: '单位专家',
      mobile: '13600000009',
      unitId: unit,
      domainIds: [domain.mfg],
      regionCode: '330481',
    });
    const names = async (query: string) =>
      (await admin.get(`${LIB}?${query}`)).body.data.records.map((e: { name: string }) => e.name).sort();
    expect(await names(`unitId=${unit}`)).toEqual(['单位专家']);
    expect(await names(`domainId=${domain.it}`)).toEqual(['导入乙', '导入甲']);
    expect(await names(`labelId=${pool}`)).toEqual(['导入甲']);
    expect(await names('regionCode=330400')).toEqual(['单位专家']);
    expect((await admin.get(`${LIB}?unitId=abc`)).body.msg).toContain('所属单位不正确');
  });

  it('puts experts into a talent pool and takes them out; the history records it', async () => {
    const list = (await admin.get(`${LIB}?pageSize=50`)).body.data.records;
    const id = (name: string) => list.find((e: { name: string }) => e.name === name).id as number;
    const add = await admin.post(`${LABELS}/${pool}/members`, { expertIds: [id('导入乙'), id('导入甲')] });
    expect(add.body.msg).toBe('已加入1名专家，1名已在库中');
    expect((await admin.post(`${LABELS}/${pool}/members`, { expertIds: [id('导入甲')] })).body.msg).toBe(
      '所选专家已在该人才库中',
    );
    expect((await admin.post(`${LABELS}/${pool}/members`, { expertIds: [] })).body.msg).toContain('请选择专家');
    expect((await admin.post(`${LABELS}/${pool}/members`, { expertIds: [999999] })).body.msg).toBe(
      '专家不存在，请重新选择',
    );
    expect((await admin.post(`${LABELS}/999999/members`, { expertIds: [id('导入甲')] })).body.msg).toBe(
      '人才库不存在或已删除',
    );
    expect((await admin.get(LABELS)).body.data.records[0]).toMatchObject({ name: '科技智库', expertCount: 2 });
    expect((await admin.delete(`${LABELS}/${pool}/members/${id('导入乙')}`)).body.msg).toBe('已移出人才库');
    expect((await admin.delete(`${LABELS}/${pool}/members/${id('导入乙')}`)).body.msg).toBe('该专家不在该人才库中');

    await admin.put(`${LIB}/${id('导入乙')}/status`, { status: 3 });
    await admin.put(`${LIB}/${id('导入乙')}`, {
      name: '导入乙',
      unitName: '外单位',
      title: '正高级工程师',
      domainIds: [domain.ai],
      avoidUnitIds: [unit],
    });
    const record = (await admin.get(`${LIB}/${id('导入乙')}/record`)).body.data;
    expect(record.events.map((e: { actionName: string }) => e.actionName)).toEqual([
      '管理员修改',
      '停用',
      '移出人才库',
      '加入人才库',
      '后台添加',
    ]);
    expect(record.events[0]).toMatchObject({ detail: '修改了职称' });
    expect(record.events[0].actorName).not.toBe('');
    expect(record.draws).toEqual([]);
    expect(record.calls).toEqual([]);

    // A draw shows in the record of the drawn expert.
    const draw = await admin.post('/st365/experts/draws', {
      title: '档案测试遴选',
      slots: [{ labelId: pool, count: 1 }],
      seed: '00000001',
    });
    expect(draw.body.code, draw.body.msg).toBe(200);
    const drawn = (await admin.get(`${LIB}/${id('导入甲')}/record`)).body.data.draws;
    expect(drawn).toEqual([
      expect.objectContaining({ title: '档案测试遴选', statusName: '待确认', substitute: false }),
    ]);
  });

  it("another tenant's administrator can neither read nor change the record, the pools, or import into them", async () => {
    const mine = (await admin.get(`${LIB}?pageSize=1`)).body.data.records[0];
    expect((await other.get(`${LIB}/${mine.id}/record`)).body.msg).toBe('专家不存在或已删除');
    expect((await other.post(`${LABELS}/${pool}/members`, { expertIds: [mine.id] })).body.msg).toBe(
      '人才库不存在或已删除',
    );
    expect((await other.delete(`${LABELS}/${pool}/members/${mine.id}`)).body.msg).toBe('人才库不存在或已删除');
    const theirPool = (await other.post(LABELS, { name: '他们的库' })).body.data.id;
    expect((await other.post(`${LABELS}/${theirPool}/members`, { expertIds: [mine.id] })).body.msg).toBe(
      '专家不存在，请重新选择',
    );
    // An import in their tenant finds none of our domains or labels by name.
    const res = await other.upload(
      `${LIB}/import?mode=all`,
      await xlsx([
        ['姓名', '手机号', '工作单位', '专业领域', '标签'],
        ['他人', '13600000011', '某单位', '人工智能', '科技智库'],
      ]),
    );
    expect(res.body.data.problems.map((p: { reason: string }) => p.reason)).toEqual([
      '专业领域“人工智能”不存在',
      '标签“科技智库”不存在',
    ]);
    expect((await admin.get(`${LIB}/${mine.id}`)).body.data.labelNames).toEqual(mine.labelNames);
  });
});
