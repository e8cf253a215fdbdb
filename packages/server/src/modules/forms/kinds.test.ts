import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, type TestClient, type TestContext } from '../../testing';

const DECLARATION = {
  fields: [
    { id: 'unit', type: 'INPUT', label: '申报单位' },
    { id: 'leader', type: 'INPUT', label: '项目负责人' },
    { id: 'intro', type: 'DESC_TEXT', label: '说明', props: { content: '<p>请如实填写</p>' } },
    { id: 'budget', type: 'NUMBER_INPUT', label: '申请经费' },
  ],
  logic: [],
};

type Kind = { key: string; name: string; fixed: { id: string; label: string }[]; own: boolean };

// Form kinds are data: the modules' kinds from their manifests, a tenant's own made from one of its forms.
describe('form kinds (表单类型)', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let kind: Kind;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b } = await adminsOfTwoTenants(t));
  });
  afterAll(() => t.close());

  const kinds = async (c: TestClient) => (await c.get('/st365/project/form-kinds')).body.data.list as Kind[];

  it('lists the kinds the modules declare', async () => {
    const list = await kinds(a);
    expect(list.map((k) => [k.key, k.name, k.own])).toEqual([
      ['project', '普通表单', false],
      ['activity', '活动报名', false],
      ['membership', '会员入会申请', false],
      ['expert', '专家申请', false],
      ['academy', '学会表单', false],
      ['declaration', '项目申报', false],
    ]);
    expect(list.find((k) => k.key === 'activity')?.fixed.map((f) => f.label)).toEqual(['姓名', '手机']);
  });

  it('a tenant makes its own kind from one of its forms; its forms keep those questions', async () => {
    const model = (await a.post('/st365/project/forms', { name: '区域项目申报样表' })).body.data.key as string;
    await a.call('PUT', `/st365/project/forms/${model}/schema`, { schema: DECLARATION });
    const refused = await a.post('/st365/project/form-kinds', {
      name: '区域申报',
      formKey: model,
      fixedIds: ['intro'],
    });
    expect(refused.body.msg).toBe('“说明”不是作答题，不能设为固定题目');
    const made = await a.post('/st365/project/form-kinds', {
      name: '区域申报',
      formKey: model,
      fixedIds: ['unit', 'leader'],
    });
    expect(made.body.msg).toBe('新增成功');
    kind = made.body.data;
    expect(kind).toMatchObject({ name: '区域申报', own: true, fixed: [{ id: 'unit' }, { id: 'leader' }] });
    expect(
      (await a.post('/st365/project/form-kinds', { name: '区域申报', formKey: model, fixedIds: ['unit'] })).body.msg,
    ).toBe('表单类型“区域申报”已存在');

    const form = (await a.post('/st365/project/forms', { name: '2027年区域申报', kind: kind.key })).body.data;
    expect(form).toMatchObject({ kind: kind.key, kindName: '区域申报' });
    const detail = (await a.get(`/st365/project/forms/${form.key}`)).body.data;
    expect(
      detail.schema.fields.map((f: { id: string; fixed: boolean; required: boolean }) => [f.id, f.fixed, f.required]),
    ).toEqual([
      ['unit', true, true],
      ['leader', true, true],
    ]);
    const dropped = await a.call('PUT', `/st365/project/forms/${form.key}/schema`, {
      schema: { fields: [detail.schema.fields[0]], logic: [] },
    });
    expect(dropped.body).toMatchObject({ code: 500, msg: '此项为固定项，不可删除' });
    const list = (await a.get('/st365/project/forms')).body.data.records as { key: string; kindName: string }[];
    expect(list.find((r) => r.key === form.key)?.kindName).toBe('区域申报');

    expect((await a.call('DELETE', `/st365/project/form-kinds/${kind.key}`)).body.msg).toBe(
      '还有1个表单属于该类型，不能删除',
    );
    expect((await a.call('DELETE', '/st365/project/form-kinds/activity')).body.msg).toBe('内置表单类型不能删除');
  });

  it('refuses an unknown kind, and another tenant neither sees nor uses nor deletes this one', async () => {
    expect((await a.post('/st365/project/forms', { name: 'x', kind: 'no-such-kind' })).body.msg).toBe('表单类型不存在');
    expect((await a.post('/st365/project/forms', { name: 'x', kind: 'Bad Kind!' })).body.msg).toContain(
      '表单类型不存在',
    );
    expect((await kinds(b)).some((k) => k.key === kind.key)).toBe(false);
    expect((await b.post('/st365/project/forms', { name: '借用', kind: kind.key })).body.msg).toBe('表单类型不存在');
    expect((await b.call('DELETE', `/st365/project/form-kinds/${kind.key}`)).body.msg).toBe('表单类型不存在');
    expect((await kinds(a)).some((k) => k.key === kind.key)).toBe(true);
    // Another tenant's form cannot be the model of a kind either.
    const theirs = (await b.post('/st365/project/forms', { name: '他们的表' })).body.data.key as string;
    expect(
      (await a.post('/st365/project/form-kinds', { name: '偷来的', formKey: theirs, fixedIds: ['x'] })).body.msg,
    ).toBe('表单不存在或已删除');
  });
});
