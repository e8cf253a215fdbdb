import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, TestClient, type TestContext } from '../../testing';
import { formProjects } from './tables';

/** 学历 (education) as built in: 01 大专, 02 本科, 03 硕士研究生, 04 博士研究生. */
const BUILTIN_EDUCATION = [
  { value: '01', label: '大专' },
  { value: '02', label: '本科' },
  { value: '03', label: '硕士研究生' },
  { value: '04', label: '博士研究生' },
];

const schemaWith = (education: Record<string, unknown>) => ({
  fields: [
    { id: 'name', type: 'INPUT', label: '姓名', required: true },
    { id: 'edu', type: 'SELECT', label: '学历', required: true, dictionary: 'education', ...education },
    { id: 'pol', type: 'RADIO', label: '政治面貌', dictionary: 'political-status' },
  ],
});

type Option = { value: string | number; label: string };
type Field = { id: string; dictionary?: string; options?: Option[] };
const fieldOf = (schema: { fields: Field[] }, id: string) => schema.fields.find((f) => f.id === id) as Field;

describe('form questions with options from a dictionary (引用字典)', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let tenantA: number;
  let domainA: string;
  let domainB: string;
  let key = '';
  let keyB = '';
  beforeAll(async () => {
    t = await createTestApp();
    const two = await adminsOfTwoTenants(t);
    ({ a, b } = two);
    tenantA = two.ta.id;
    domainA = two.ta.domain;
    domainB = two.tb.domain;
  });
  afterAll(() => t.close());

  const items = async (client: TestClient, dictCode: string) =>
    (await client.get(`/st365/dictionaries/items?dictCode=${dictCode}&pageSize=100`)).body.data.records as {
      id: number;
      value: string;
      label: string;
      sort: number;
      status: number;
    }[];
  const rename = async (
    client: TestClient,
    dictCode: string,
    value: string,
    change: { label?: string; status?: number },
  ) => {
    const item = (await items(client, dictCode)).find((i) => i.value === value);
    if (!item) throw new Error(`no item ${value}`);
    const res = await client.call('PUT', `/st365/dictionaries/items/${item.id}`, {
      label: change.label ?? item.label,
      sort: item.sort,
      status: change.status ?? item.status,
    });
    expect(res.body.msg).toBe('保存成功');
  };
  const publicSchema = async (domain: string, formKey: string) =>
    (await new TestClient(t.app, domain).get(`/st365/project/public/forms/${formKey}`)).body.data;
  const submit = (domain: string, formKey: string, version: number, values: Record<string, unknown>, device: string) =>
    new TestClient(t.app, domain).post(`/st365/project/public/forms/${formKey}/answers`, {
      version,
      values,
      deviceId: device,
    });
  const storedSchema = (tenantId: number, formKey: string) =>
    t.db.withTenant(tenantId, async (tx) => {
      const [row] = await tx
        .select({ schema: formProjects.schema })
        .from(formProjects)
        .where(and(eq(formProjects.tenantId, tenantId), eq(formProjects.key, formKey)));
      return row?.schema;
    });

  it('any identity reads the dictionaries’ names and options; the list of 字典管理 needs its page', async () => {
    const { createTestPerson } = await import('../../testing');
    const p = await createTestPerson(t.db, tenantA, { identities: [{ code: 1 }] });
    const member = new TestClient(t.app, domainA);
    await member.loginAs(p.mobile as string, p.password);
    const names = (await member.get('/st365/dictionaries/names')).body;
    expect(names.code, JSON.stringify(names)).toBe(200);
    expect(names.data.list).toContainEqual({ code: 'education', name: '学历' });
    const options = (await member.get('/st365/dictionaries/education/options')).body.data;
    expect(options).toEqual({ code: 'education', name: '学历', options: BUILTIN_EDUCATION });
    expect((await member.get('/st365/dictionaries')).body.code).toBe(100002);
    expect((await new TestClient(t.app, domainA).get('/st365/dictionaries/names')).body.success).toBe(false);
  });

  it('refuses a design naming an unknown dictionary, or a dictionary on a question that cannot take one', async () => {
    key = (await a.post('/st365/project/forms', { name: '会员信息登记' })).body.data.key;
    const unknown = await a.call('PUT', `/st365/project/forms/${key}/schema`, {
      schema: schemaWith({ dictionary: 'no-such-dict' }),
    });
    expect(unknown.body).toMatchObject({ code: 500, msg: '“学历”引用的字典不存在（no-such-dict），请重新选择' });
    const onText = await a.call('PUT', `/st365/project/forms/${key}/schema`, {
      schema: { fields: [{ id: 'x', type: 'INPUT', label: '备注', dictionary: 'education' }] },
    });
    expect(onText.body.msg).toContain('“备注”不能引用字典：只有单选、多选和下拉选择题可以');
    const withOther = await a.call('PUT', `/st365/project/forms/${key}/schema`, {
      schema: schemaWith({ props: { allowOther: true } }),
    });
    expect(withOther.body.msg).toContain('“学历”引用字典时不能添加“其他”选项');
    // Nothing was saved.
    expect((await a.get(`/st365/project/forms/${key}`)).body.data.schema.fields).toEqual([]);
    expect((await storedSchema(tenantA, key))?.fields).toEqual([]);
  });

  it('stores the reference only; the designer gets the tenant’s items as options', async () => {
    // Whatever options the browser sends for a dictionary question are not kept.
    const saved = await a.call('PUT', `/st365/project/forms/${key}/schema`, {
      schema: schemaWith({ options: [{ value: 'x', label: '自己写的' }] }),
    });
    expect(saved.body.msg).toBe('保存成功');
    expect(fieldOf(saved.body.data.schema, 'edu')).toMatchObject({
      dictionary: 'education',
      options: BUILTIN_EDUCATION,
    });
    const stored = await storedSchema(tenantA, key);
    expect(fieldOf(stored as { fields: Field[] }, 'edu')).not.toHaveProperty('options');
    expect(fieldOf(stored as { fields: Field[] }, 'edu').dictionary).toBe('education');
    // Saving what the designer got back changes nothing.
    const again = await a.call('PUT', `/st365/project/forms/${key}/schema`, { schema: saved.body.data.schema });
    expect(again.body.data.schema).toEqual(saved.body.data.schema);
  });

  it('publishing snapshots the enabled items in order; the fill page needs nothing else', async () => {
    await rename(a, 'political-status', '04', { status: 0 }); // 其他 disabled before publishing
    const published = await a.post(`/st365/project/forms/${key}/publish`);
    expect(published.body).toMatchObject({ msg: '发布成功', data: { publishedVersion: 1, unpublishedChanges: false } });
    const page = await publicSchema(domainA, key);
    expect(fieldOf(page.schema, 'edu')).toMatchObject({ dictionary: 'education', options: BUILTIN_EDUCATION });
    expect(fieldOf(page.schema, 'pol').options?.map((o) => o.label)).toEqual(['群众', '预备党员', '中共党员']);
    // Publishing again with nothing changed keeps the version.
    expect((await a.post(`/st365/project/forms/${key}/publish`)).body.data.publishedVersion).toBe(1);
  });

  it('checks answers against the snapshot', async () => {
    const inside = await submit(domainA, key, 1, { fieldname: '王小明', fieldedu: '02', fieldpol: '03' }, 'dev-dict-1');
    expect(inside.body, JSON.stringify(inside.body)).toMatchObject({ code: 200, data: { serial: 1 } });
    expect((await submit(domainA, key, 1, { fieldname: '李雷', fieldedu: '99' }, 'dev-dict-2')).body.msg).toBe(
      '“学历”的选项不存在',
    );
    // 其他 was disabled when the form was published: not an option of this version.
    expect(
      (await submit(domainA, key, 1, { fieldname: '李雷', fieldedu: '01', fieldpol: '04' }, 'dev-dict-2')).body.msg,
    ).toBe('“政治面貌”的选项不存在');
  });

  it('a dictionary renamed or disabled after publishing leaves the published form as it was', async () => {
    await rename(a, 'education', '02', { label: '大学本科' });
    await rename(a, 'education', '01', { status: 0 });
    const page = await publicSchema(domainA, key);
    expect(fieldOf(page.schema, 'edu').options).toEqual(BUILTIN_EDUCATION);
    // 大专, disabled since, is still an option of version 1.
    const old = await submit(domainA, key, 1, { fieldname: '韩梅梅', fieldedu: '01' }, 'dev-dict-3');
    expect(old.body.code, JSON.stringify(old.body)).toBe(200);
    // Statistics and the export show the labels of the version.
    const stats = (await a.get(`/st365/project/forms/${key}/statistics`)).body.data;
    expect(fieldOf(stats, 'edu').options).toEqual([
      { value: '01', label: '大专', count: 1 },
      { value: '02', label: '本科', count: 1 },
      { value: '03', label: '硕士研究生', count: 0 },
      { value: '04', label: '博士研究生', count: 0 },
    ]);
    const job = await a.post(`/st365/project/forms/${key}/answers/export-jobs`, {});
    await t.app.jobs.runOnce(tenantA);
    const progress = await a.get(`/st365/common/process?key=${job.body.data.key}`);
    expect(progress.body.data.rate).toBe(100);
    const file = await a.get(`/st365${progress.body.data.url}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const header = (ws.getRow(1).values as unknown[]).map(String);
    const eduColumn = header.indexOf('学历');
    const column = [2, 3].map((r) => ws.getRow(r).getCell(eduColumn).text).sort();
    expect(column).toEqual(['大专', '本科']);
    // The designer sees the dictionary as it is now, and that publishing would change the form.
    const detail = (await a.get(`/st365/project/forms/${key}`)).body.data;
    expect(fieldOf(detail.schema, 'edu').options?.map((o) => o.label)).toEqual([
      '大学本科',
      '硕士研究生',
      '博士研究生',
    ]);
    expect(detail.unpublishedChanges).toBe(true);
  });

  it('a re-publish takes the dictionary as it is then', async () => {
    const republished = await a.post(`/st365/project/forms/${key}/publish`);
    expect(republished.body.data).toMatchObject({ publishedVersion: 2, unpublishedChanges: false });
    const page = await publicSchema(domainA, key);
    expect(fieldOf(page.schema, 'edu').options).toEqual([
      { value: '02', label: '大学本科' },
      { value: '03', label: '硕士研究生' },
      { value: '04', label: '博士研究生' },
    ]);
    expect((await submit(domainA, key, 2, { fieldname: '赵四', fieldedu: '01' }, 'dev-dict-4')).body.msg).toBe(
      '“学历”的选项不存在',
    );
    expect((await submit(domainA, key, 2, { fieldname: '赵四', fieldedu: '02' }, 'dev-dict-4')).body.code).toBe(200);
    // An answer of version 1 keeps the words it was given with.
    const answers = (await a.get(`/st365/project/forms/${key}/answers`)).body.data.records as {
      version: number;
      data: Record<string, string>;
    }[];
    expect(answers.map((r) => r.version).sort()).toEqual([1, 1, 2]);
  });

  it('refuses to publish a question whose dictionary has no enabled item', async () => {
    const form = (await a.post('/st365/project/forms', { name: '空字典' })).body.data.key;
    await a.call('PUT', `/st365/project/forms/${form}/schema`, {
      schema: { fields: [{ id: 'deg', type: 'CHECKBOX', label: '学位', dictionary: 'degree' }] },
    });
    for (const value of ['01', '02', '03', '04']) await rename(a, 'degree', value, { status: 0 });
    expect((await a.post(`/st365/project/forms/${form}/publish`)).body.msg).toBe(
      '“学位”引用的字典“学位”没有启用的字典项，无法发布',
    );
  });

  it('each tenant’s form takes its own copy of the dictionary', async () => {
    // Tenant B renames 本科 in its own copy; tenant A's forms never see it.
    await rename(b, 'education', '02', { label: '本科（乙单位）' });
    keyB = (await b.post('/st365/project/forms', { name: '乙单位登记' })).body.data.key;
    await b.call('PUT', `/st365/project/forms/${keyB}/schema`, { schema: schemaWith({}) });
    await b.post(`/st365/project/forms/${keyB}/publish`);
    const pageB = await publicSchema(domainB, keyB);
    expect(fieldOf(pageB.schema, 'edu').options?.map((o) => o.label)).toEqual([
      '大专',
      '本科（乙单位）',
      '硕士研究生',
      '博士研究生',
    ]);
    expect(fieldOf(pageB.schema, 'pol').options?.map((o) => o.label)).toEqual(['群众', '预备党员', '中共党员', '其他']);
    const formA = (await a.post('/st365/project/forms', { name: '甲单位登记' })).body.data.key;
    await a.call('PUT', `/st365/project/forms/${formA}/schema`, { schema: schemaWith({}) });
    await a.post(`/st365/project/forms/${formA}/publish`);
    const pageA = await publicSchema(domainA, formA);
    expect(fieldOf(pageA.schema, 'edu').options?.map((o) => o.label)).toEqual(['大学本科', '硕士研究生', '博士研究生']);
    // Neither reads the other's form.
    expect((await b.get(`/st365/project/forms/${key}`)).body.msg).toBe('表单不存在或已删除');
    expect((await publicSchema(domainB, key)) ?? null).toBeNull();
  });
});
