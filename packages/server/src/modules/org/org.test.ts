import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, type TestClient, type TestContext } from '../../testing';

describe('/company: the units of a tenant', () => {
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

  it('creates a tree of units, lists, searches, edits and refuses a cycle', async () => {
    const root = (await a.post('/st365/org/orgs', { name: '测试市科协', orgType: 2, regionCode: '330100' })).body.data
      .id as number;
    const child = (await a.post('/st365/org/orgs', { name: '测试计算机学会', orgType: 5, parentId: root })).body.data
      .id as number;
    const page = (await a.get('/st365/org/orgs?keyword=计算机')).body.data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      id: child,
      parentName: '测试市科协',
      orgTypeName: '市级学会',
      memberCount: 0,
    });
    const cycle = await a.call('PUT', `/st365/org/orgs/${root}`, { name: '测试市科协', orgType: 2, parentId: child });
    expect(cycle.body.msg).toBe('上级单位不能是本单位或其下级单位');
    expect(
      (await a.call('PUT', `/st365/org/orgs/${child}`, { name: '测试软件学会', orgType: 5, parentId: root })).body.msg,
    ).toBe('保存成功');
    expect((await a.get(`/st365/org/orgs/${child}`)).body.data).toMatchObject({ name: '测试软件学会', parentId: root });
    expect((await a.call('DELETE', `/st365/org/orgs/${root}`)).body.msg).toBe('该单位下还有下级单位或人员，无法删除');
    expect((await a.call('DELETE', `/st365/org/orgs/${child}`)).body.msg).toBe('删除成功');
  });

  it('refuses bad input in Chinese', async () => {
    expect((await a.post('/st365/org/orgs', { name: '', orgType: 2 })).body.msg).toContain('请输入单位名称');
    expect((await a.post('/st365/org/orgs', { name: '某单位', orgType: 99 })).body.msg).toContain('单位类型不正确');
    expect((await a.post('/st365/org/orgs', { name: '某单位', orgType: 2, regionCode: '12' })).body.msg).toContain(
      '行政区划代码为6位数字',
    );
    expect((await a.post('/st365/org/orgs', { name: '某单位', orgType: 2, parentId: 999999999 })).body.msg).toBe(
      '上级单位不存在',
    );
  });

  it('another tenant can neither see nor change the units, nor hang one under them', async () => {
    const mine = (await a.post('/st365/org/orgs', { name: 'A的单位', orgType: 7 })).body.data.id as number;
    expect((await b.get('/st365/org/orgs?keyword=A的单位')).body.data.total).toBe(0);
    expect((await b.get(`/st365/org/orgs/${mine}`)).body.msg).toBe('单位不存在或已删除');
    expect(JSON.stringify((await b.get('/st365/org/orgs/options')).body.data.list)).not.toContain('A的单位');
    expect((await b.call('PUT', `/st365/org/orgs/${mine}`, { name: '被改', orgType: 7 })).body.msg).toBe('单位不存在');
    expect((await b.call('DELETE', `/st365/org/orgs/${mine}`)).body.msg).toBe('单位不存在');
    expect((await b.post('/st365/org/orgs', { name: '挂到A下', orgType: 7, parentId: mine })).body.msg).toBe(
      '上级单位不存在',
    );
    expect((await a.get(`/st365/org/orgs/${mine}`)).body.data.name).toBe('A的单位');
  });

  it('exports as a background job; the other tenant can read neither the job nor its rows', async () => {
    const job = await a.post('/st365/org/orgs/export-jobs', { keyword: 'A的单位' });
    expect(job.body.msg).toBe('导出任务已开始');
    await t.app.jobs.runOnce(tenantA);
    const progress = (await a.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    expect(progress).toMatchObject({ rate: 100 });
    const file = await a.get(`/st365${progress.url}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect((ws.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['单位名称', '单位类型', '上级单位']);
    expect(ws.getRow(2).getCell(1).text).toBe('A的单位');
    expect(ws.rowCount).toBe(2);
    expect((await b.get(`/st365/common/process?key=${job.body.data.key}`)).body.msg).toBe('任务不存在或已过期');
    // The other tenant's export of the same search has no rows of A.
    const theirs = await b.post('/st365/org/orgs/export-jobs', { keyword: 'A的单位' });
    await t.app.jobs.runOnce(tenantB);
    const done = (await b.get(`/st365/common/process?key=${theirs.body.data.key}`)).body.data;
    const wbB = new ExcelJS.Workbook();
    await wbB.xlsx.load((await b.get(`/st365${done.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    expect((wbB.worksheets[0] as ExcelJS.Worksheet).rowCount).toBe(1);
  });

  it('keeps proof documents: files of the tenant only, names taken from the files', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), '营业执照.pdf');
    const up = (await a.upload('/st365/systemfile/upload', form)).body.data;
    const id = (
      await a.post('/st365/org/orgs', {
        name: '有材料的单位',
        orgType: 7,
        attachments: [{ id: up.id, name: '改名.exe' }],
      })
    ).body.data.id as number;
    const row = (await a.get('/st365/org/orgs?keyword=有材料的单位')).body.data.records[0];
    expect(row.attachments).toEqual([
      {
        id: up.id,
        name: '营业执照.pdf',
        url: `/systemfile/files/${up.id}`,
        filePath: up.filePath,
        fileSize: up.fileSize,
      },
    ]);
    const formB = new FormData();
    formB.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'B的文件.pdf');
    const upB = (await b.upload('/st365/systemfile/upload', formB)).body.data;
    expect(
      (
        await a.call('PUT', `/st365/org/orgs/${id}`, {
          name: '有材料的单位',
          orgType: 7,
          attachments: [{ id: upB.id }],
        })
      ).body.msg,
    ).toBe('证明材料不存在，请重新上传');
    expect(
      (
        await a.call('PUT', `/st365/org/orgs/${id}`, {
          name: '有材料的单位',
          orgType: 7,
          attachments: [1, 2, 3, 4, 5, 6].map((n) => ({ id: n })),
        })
      ).body.msg,
    ).toContain('证明材料最多5个');
  });
});
