import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, TestClient, type TestContext } from '../../testing';
import { formProjects, formVersions } from './tables';

/** The fixtures the shared import tests read: real saved forms of form-create and TDuck. */
const fixture = (name: string) =>
  readFileSync(new URL(`../../../../shared/src/forms/fixtures/${name}.json`, import.meta.url), 'utf8');

describe('导入 (POST /project/forms/{key}/import) and the rule model on the server', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let domainA: string;
  let tenantA: number;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: '0' });
    const two = await adminsOfTwoTenants(t);
    a = two.a;
    b = two.b;
    domainA = two.ta.domain;
    tenantA = two.ta.id;
    key = (await a.post('/st365/project/forms', { name: '专家信息登记' })).body.data.key;
  });
  afterAll(() => t.close());

  const importText = (c: TestClient, text: string, formKey = key) =>
    c.post(`/st365/project/forms/${formKey}/import`, { text });

  it('reads a TDuck form: the questions, cleaned, and what it could not carry; saves nothing', async () => {
    const res = (await importText(a, fixture('tduck-items'))).body;
    expect(res).toMatchObject({ code: 200, msg: '读取成功', data: { sources: ['tduck'] } });
    expect(res.data.fields).toHaveLength(33);
    expect(res.data.notes).toContain('未能导入：“课程评价矩阵”（没有对应的题型：MATRIX_SCALE）');
    // Rich text went through the platform sanitiser: no handlers, no javascript: links.
    const desc = res.data.fields.find((f: { type: string }) => f.type === 'DESC_TEXT');
    expect(desc.props.content).toContain('<b>省科协</b>');
    expect(desc.props.content).not.toMatch(/onclick|javascript:/);
    const detail = (await a.get(`/st365/project/forms/${key}`)).body.data;
    expect(detail.schema.fields).toEqual([]);
  });

  it('reads a form-create form with its options; HTML blocks are sanitised', async () => {
    const res = (await importText(a, fixture('form-create-designer'))).body.data;
    expect(res.settings).toMatchObject({ submitText: '提交报名', labelWidth: 125 });
    const html = res.fields.find((f: { label: string }) => f.label === 'HTML');
    expect(html.props.content).toContain('<strong>5月10日</strong>');
    expect(html.props.content).not.toMatch(/script|onerror/);
    expect(res.logic).toHaveLength(1);
  });

  it('says what is wrong with text it cannot read', async () => {
    expect((await importText(a, '{oops')).body).toMatchObject({
      code: 500,
      msg: '输入格式不正确：请粘贴旧表单的 JSON（字段规则或题目列表）',
    });
    expect((await importText(a, '   ')).body.msg).toContain('请粘贴要导入的内容');
    expect((await importText(a, '{"hello":"world"}')).body.msg).toBe('没有找到可以导入的题目');
    // Only what it could not carry: the list comes back with the message.
    const buttons = (await importText(a, '[{"type":"elButton","children":["提交"]}]')).body;
    expect(buttons).toMatchObject({ code: 200, msg: '没有找到可以导入的题目', data: { fields: [] } });
    expect(buttons.data.notes).toEqual(['未能导入：按钮（没有对应的题型：elButton）']);
  });

  it('answers hostile JSON (nested thousands deep, one long title in every note) in the envelope, never a 500', async () => {
    let card = '{"type":"input","field":"a","title":"x"}';
    while (card.length < 300_000) card = `{"type":"card","children":[${card}]}`;
    const deep = (await importText(a, `[${card}]`)).body;
    expect(deep).toMatchObject({ code: 200, msg: '没有找到可以导入的题目', data: { fields: [] } });
    expect(deep.data.notes).toEqual(['未能导入：组件 card（嵌套超过20层）']);
    const title = '题'.repeat(50_000);
    const options = Array(10_000).fill('{"value":{}}').join(',');
    const long = (await importText(a, `[{"type":"select","field":"s","title":"${title}","options":[${options}]}]`))
      .body;
    expect(long).toMatchObject({ code: 200, msg: '读取成功' });
    expect(long.data.notes).toHaveLength(201);
    expect(JSON.stringify(long).length).toBeLessThan(100_000);
  });

  it("another tenant's session can neither read through nor change the first tenant's form", async () => {
    const res = (await importText(b, fixture('tduck-items'))).body;
    expect(res).toMatchObject({ code: 500, msg: '表单不存在或已删除' });
    expect((await b.call('PUT', `/st365/project/forms/${key}/schema`, { schema: { fields: [] } })).body.msg).toBe(
      '表单不存在或已删除',
    );
    expect((await a.get(`/st365/project/forms/${key}`)).body.data.name).toBe('专家信息登记');
  });

  it('saves and publishes the import; the server enforces its rules as the renderer does', async () => {
    const imported = (await importText(a, fixture('tduck-generator'))).body.data;
    const schema = { fields: imported.fields, logic: imported.logic, settings: imported.settings };
    const saved = (await a.call('PUT', `/st365/project/forms/${key}/schema`, { schema })).body;
    expect(saved).toMatchObject({
      msg: '保存成功',
      data: { schema: { version: 2, settings: { labelPosition: 'top' } } },
    });
    expect((await a.post(`/st365/project/forms/${key}/publish`)).body.msg).toBe('发布成功');
    const v = new TestClient(t.app, domainA);
    const submit = (values: Record<string, unknown>) =>
      v.post(`/st365/project/public/forms/${key}/answers`, { version: 1, values, deviceId: 'device-imp1' });
    const good = {
      field101: '13912345678',
      field103: '十年科研管理工作',
      field105: 2,
      field106: [1, 2],
      field107: 1,
      field111: undefined,
      field113: '省科协',
    };
    // The literal regex now works: a valid mobile number is taken, a bad one refused with its message.
    expect((await submit({ ...good, field101: '12345' })).body.msg).toBe('手机号格式错误');
    expect((await submit({ ...good, field104: 1.2 })).body.msg).toBe('“工作年限”只能是0.5的倍数');
    // The upload is required (the old form said so): files are the filler's own uploads.
    expect((await submit(good)).body.msg).toBe('请至少选择一个个人简历');
  });

  it('checks rules by type and mode, and each at its trigger (the server runs all on submit)', async () => {
    const k = (await a.post('/st365/project/forms', { name: '规则' })).body.data.key;
    const schema = {
      settings: { hideRequiredAsterisk: true, showMessage: true, inlineMessage: true },
      fields: [
        {
          id: 'age',
          type: 'INPUT',
          label: '年龄',
          required: true,
          requiredMessage: '年龄必须填写',
          regList: [
            { mode: 'type', type: 'integer', message: '年龄格式不正确' },
            { mode: 'min', type: 'number', value: 18, trigger: 'submit', message: '须年满18岁' },
          ],
        },
        {
          id: 'topics',
          type: 'CHECKBOX',
          label: '方向',
          options: [1, 2, 3].map((value) => ({ value, label: `方向${value}` })),
          regList: [{ mode: 'max', type: 'array', value: 2, trigger: 'change', message: '最多选两个' }],
        },
      ],
    };
    const saved = (await a.call('PUT', `/st365/project/forms/${k}/schema`, { schema })).body;
    expect(saved.data.schema.settings).toMatchObject({ hideRequiredAsterisk: true, inlineMessage: true });
    const bad = await a.call('PUT', `/st365/project/forms/${k}/schema`, {
      schema: { fields: [{ id: 'x', type: 'INPUT', label: '备注', layout: 'table' }] },
    });
    expect(bad.body.msg).toContain('没有与table匹配的layout');
    await a.post(`/st365/project/forms/${k}/publish`);
    const v = new TestClient(t.app, domainA);
    const submit = (values: Record<string, unknown>) =>
      v.post(`/st365/project/public/forms/${k}/answers`, { version: 1, values, deviceId: 'device-imp2' });
    expect((await submit({})).body.msg).toBe('年龄必须填写');
    expect((await submit({ fieldage: '十八' })).body.msg).toBe('年龄格式不正确');
    expect((await submit({ fieldage: '16' })).body.msg).toBe('须年满18岁');
    expect((await submit({ fieldage: '30', fieldtopics: [1, 2, 3] })).body.msg).toBe('最多选两个');
    expect((await submit({ fieldage: '30', fieldtopics: [1, 2] })).body.code).toBe(200);
  });

  it('reads a version published before version 2 as version 2 (its rules as patterns)', async () => {
    const k = (await a.post('/st365/project/forms', { name: '旧版本' })).body.data.key;
    const field = {
      id: 'zip',
      type: 'INPUT',
      label: '邮编',
      regList: [{ pattern: '^\\d{6}$', message: '邮编不正确' }],
    };
    await a.call('PUT', `/st365/project/forms/${k}/schema`, { schema: { fields: [field] } });
    await a.post(`/st365/project/forms/${k}/publish`);
    const v1 = {
      version: 1,
      settings: { gutter: 16, size: 'middle', labelPosition: 'right', labelWidth: 125, disabled: false },
      fields: [{ ...field, showLabel: true, required: false, span: 24, props: {} }],
      logic: [],
    };
    await t.db.withTenant(tenantA, async (tx) => {
      const [p] = await tx
        .select({ id: formProjects.id })
        .from(formProjects)
        .where(and(eq(formProjects.tenantId, tenantA), eq(formProjects.key, k)));
      await tx
        .update(formVersions)
        .set({ schema: v1 as never })
        .where(and(eq(formVersions.tenantId, tenantA), eq(formVersions.projectId, p?.id as number)));
    });
    const v = new TestClient(t.app, domainA);
    const page = (await v.get(`/st365/project/public/forms/${k}`)).body.data;
    expect(page.schema.version).toBe(2);
    expect(page.schema.fields[0].regList).toEqual([{ mode: 'pattern', pattern: '^\\d{6}$', message: '邮编不正确' }]);
    expect(page.schema.settings.showMessage).toBe(true);
    const submit = (values: Record<string, unknown>) =>
      v.post(`/st365/project/public/forms/${k}/answers`, { version: 1, values, deviceId: 'device-imp3' });
    expect((await submit({ fieldzip: '1234' })).body.msg).toBe('邮编不正确');
    expect((await submit({ fieldzip: '310000' })).body.code).toBe(200);
  });
});
