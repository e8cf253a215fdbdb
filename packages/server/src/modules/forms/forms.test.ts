import { BUILTIN_TEMPLATES } from '@shetuan/shared/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, lastSmsCode, TestClient, type TestContext } from '../../testing';

const SCHEMA = {
  fields: [
    { id: 'name', type: 'INPUT', label: '姓名', required: true, personalType: 'fullname' },
    { id: 'mobile', type: 'INPUT', label: '手机', required: true, personalType: 'mobile' },
    {
      id: 'hotel',
      type: 'RADIO',
      label: '是否住宿',
      required: true,
      options: [
        { value: 1, label: '是' },
        { value: 2, label: '否' },
      ],
    },
    { id: 'nights', type: 'NUMBER_INPUT', label: '住几晚', required: true, props: { min: 1, max: 5 } },
    {
      id: 'topics',
      type: 'CHECKBOX',
      label: '关注方向',
      options: [
        { value: 1, label: '人工智能' },
        { value: 2, label: '新材料' },
        { value: 0, label: '其他' },
      ],
      props: { allowOther: true },
    },
  ],
  logic: [
    { showIds: ['nights'], combinator: 1, conditions: [{ formItemId: 'hotel', expression: 'eq', optionValue: 1 }] },
  ],
};

describe('the project form system: forms, versions, the fill page and its checks', () => {
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
  });
  afterAll(() => t.close());

  const visitor = () => new TestClient(t.app, domainA);
  const submit = (c: TestClient, values: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    c.post(`/st365/project/public/forms/${key}/answers`, { version: 1, values, deviceId: 'device-0001', ...extra });
  const good = { fieldname: '王小明', fieldmobile: '13900001111', fieldhotel: 1, fieldnights: 2 };

  it('creates a form, saves its design, and will not publish an empty one', async () => {
    const created = await a.post('/st365/project/forms', { name: '年会报名' });
    expect(created.body).toMatchObject({ code: 200, msg: '创建成功', data: { status: 0, statusName: '未发布' } });
    key = created.body.data.key;
    expect(key).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await a.post(`/st365/project/forms/${key}/publish`)).body.msg).toBe('表单还没有题目，请先添加题目');
    const bad = await a.call('PUT', `/st365/project/forms/${key}/schema`, {
      schema: { ...SCHEMA, logic: [{ ...SCHEMA.logic[0], showIds: ['ghost'] }] },
    });
    expect(bad.body.msg).toContain('显示逻辑引用了不存在的题目：ghost');
    const saved = await a.call('PUT', `/st365/project/forms/${key}/schema`, { schema: SCHEMA });
    expect(saved.body).toMatchObject({ msg: '保存成功', data: { unpublishedChanges: true } });
    expect(saved.body.data.schema.settings.labelWidth).toBe(125);
    const list = await a.get('/st365/project/forms?keyword=年会');
    expect(list.body.data.records.map((r: { key: string }) => r.key)).toEqual([key]);
  });

  it('the fill page says the form is not published yet', async () => {
    expect((await visitor().get(`/st365/project/public/forms/${key}`)).body.msg).toBe('表单尚未发布');
  });

  it('publishes version 1; the fill page shows it', async () => {
    const published = await a.post(`/st365/project/forms/${key}/publish`);
    expect(published.body).toMatchObject({
      msg: '发布成功',
      data: { status: 1, publishedVersion: 1, unpublishedChanges: false },
    });
    const page = await visitor().get(`/st365/project/public/forms/${key}`);
    expect(page.body.data).toMatchObject({ name: '年会报名', version: 1, closedReason: null, loginRequired: false });
    expect(page.body.data.schema.fields).toHaveLength(5);
  });

  it('takes a valid answer and numbers it; validates with the spec messages', async () => {
    const v = visitor();
    const first = await submit(v, good);
    expect(first.body).toMatchObject({
      code: 200,
      msg: '提交成功',
      data: { serial: 1, thanksText: '提交成功，感谢您的参与！' },
    });
    expect((await submit(v, { ...good, fieldname: '' })).body.msg).toBe('姓名不能为空');
    expect((await submit(v, { ...good, fieldmobile: '123' })).body.msg).toBe('手机号格式错误');
    expect((await submit(v, { ...good, fieldnights: 9 })).body.msg).toBe('“住几晚”应在1到5之间');
    expect((await submit(v, { ...good, fieldtopics: [0] })).body.msg).toBe('请输入其他内容');
    const second = await submit(v, { ...good, fieldtopics: [1, 0], fieldtopicsother: '航天' });
    expect(second.body.data.serial).toBe(2);
  });

  it('refuses tampered answers and stores nothing', async () => {
    const v = visitor();
    expect((await submit(v, { ...good, fieldhotel: 2 })).body.msg).toBe('表单数据有误：“住几晚”未显示，不应作答');
    expect((await submit(v, { ...good, fieldhotel: 3 })).body.msg).toBe('“是否住宿”的选项不存在');
    expect((await submit(v, { ...good, fieldadmin: 'x' })).body.msg).toBe('表单数据有误：包含表单中没有的题目');
    const stale = (await submit(v, good, { version: 2 })).body;
    expect(stale.msg).toBe('表单内容已更新，请刷新页面后重新填写');
    expect(stale.data).toMatchObject({ reason: 'FORM_VERSION_CHANGED' });
    expect((await submit(v, { ...good, fieldname: { $ne: 1 } })).body.msg).toBe('“姓名”的答案格式不正确');
    const answers = await a.get(`/st365/project/forms/${key}/answers`);
    expect(answers.body.data.total).toBe(2);
    expect(answers.body.data.records[0].data).toMatchObject({
      fieldtopics: '[1,0]',
      fieldtopicsother: '航天',
      fieldhotel: '1',
    });
  });

  it('enforces the collection settings on the server', async () => {
    const settings = (over: Record<string, unknown>) =>
      a.call('PUT', `/st365/project/forms/${key}/settings`, {
        settings: { loginRequired: false, thanksText: '谢谢', ...over },
      });
    expect((await settings({ perPerson: 1 })).body.msg).toContain('按人限制次数需先开启“需登录后填写”');
    await settings({ perDevice: 1 });
    const v = visitor();
    expect((await submit(v, good, { deviceId: 'device-0002' })).body.data.thanksText).toBe('谢谢');
    expect((await submit(v, good, { deviceId: 'device-0002' })).body.msg).toBe('同一设备最多填写1次');
    await settings({ perIp: 1 });
    const other = visitor();
    expect((await submit(other, good)).body.code).toBe(200);
    expect((await submit(other, good, { deviceId: 'device-0003' })).body.msg).toBe('同一网络最多填写1次');
    await settings({ total: 3 });
    expect((await submit(visitor(), good)).body.msg).toBe('表单收集数量已达上限');
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await settings({ openAt: future });
    expect((await visitor().get(`/st365/project/public/forms/${key}`)).body.data.closedReason).toMatch(
      /^表单将于 .+ 开始收集$/,
    );
    await settings({ closeAt: new Date(Date.now() - 1000).toISOString() });
    expect((await submit(visitor(), good)).body.msg).toBe('表单已结束收集');
    await settings({ loginRequired: true });
    expect((await submit(visitor(), good)).body.msg).toBe('请先登录后再填写');
    await settings({ loginRequired: true, perPerson: 1 });
    expect((await submit(a, good)).body.code).toBe(200);
    expect((await submit(a, good)).body.msg).toBe('您已经填写过该表单');
    await settings({});
  });

  it('keeps drafts per device for visitors and per person across devices', async () => {
    const v = visitor();
    const put = await v.call('PUT', `/st365/project/public/forms/${key}/draft`, {
      values: { fieldname: '草稿' },
      deviceId: 'device-draft1',
    });
    expect(put.body.msg).toBe('草稿已保存');
    expect((await v.get(`/st365/project/public/forms/${key}/draft?deviceId=device-draft1`)).body.data).toEqual({
      fieldname: '草稿',
    });
    expect((await v.get(`/st365/project/public/forms/${key}/draft?deviceId=device-other`)).body.data).toBeNull();
    await a.call('PUT', `/st365/project/public/forms/${key}/draft`, {
      values: { fieldname: '管理员草稿' },
      deviceId: 'pc-00001',
    });
    expect((await a.get(`/st365/project/public/forms/${key}/draft?deviceId=phone-0001`)).body.data).toEqual({
      fieldname: '管理员草稿',
    });
  });

  it('answers statistics per field, and exports the answers in the background', async () => {
    const stats = await a.get(`/st365/project/forms/${key}/statistics`);
    expect(stats.body.data.total).toBeGreaterThanOrEqual(4);
    const hotel = stats.body.data.fields.find((f: { id: string }) => f.id === 'hotel');
    expect(hotel.options).toEqual([
      { value: 1, label: '是', count: stats.body.data.total },
      { value: 2, label: '否', count: 0 },
    ]);
    const topics = stats.body.data.fields.find((f: { id: string }) => f.id === 'topics');
    expect(topics.options.find((o: { value: number }) => o.value === 0).count).toBe(1);
    expect(stats.body.data.fields.find((f: { id: string }) => f.id === 'nights').average).toBe(2);
    expect(stats.body.data.daily).toHaveLength(30);
    const job = await a.post(`/st365/project/forms/${key}/answers/export-jobs`, {});
    expect(job.body.msg).toBe('导出任务已开始');
    await t.app.jobs.runOnce(tenantA);
    const progress = await a.get(`/st365/common/process?key=${job.body.data.key}`);
    expect(progress.body.data.rate).toBe(100);
    expect(progress.body.data.url).toBeTruthy();
  });

  it('a changed design becomes version 2 on publishing; version 1 answers stay', async () => {
    const changed = { ...SCHEMA, fields: [...SCHEMA.fields, { id: 'note', type: 'TEXTAREA', label: '备注' }] };
    await a.call('PUT', `/st365/project/forms/${key}/schema`, { schema: changed });
    expect((await a.get(`/st365/project/forms/${key}`)).body.data.unpublishedChanges).toBe(true);
    expect((await a.post(`/st365/project/forms/${key}/publish`)).body.data.publishedVersion).toBe(2);
    expect(
      (await submit(visitor(), { ...good, fieldnote: '无' }, { version: 2, deviceId: 'device-v2' })).body.code,
    ).toBe(200);
    const answers = (await a.get(`/st365/project/forms/${key}/answers`)).body.data.records;
    expect(answers.map((r: { version: number }) => r.version)).toContain(1);
    expect(answers[0].version).toBe(2);
  });

  it('copy, stop, recycle, restore and delete for good', async () => {
    const copy = await a.post(`/st365/project/forms/${key}/copy`);
    expect(copy.body.data).toMatchObject({ name: '年会报名（副本）', status: 0, answerCount: 0 });
    expect((await a.post(`/st365/project/forms/${key}/stop`)).body.msg).toBe('已停止收集');
    expect((await visitor().get(`/st365/project/public/forms/${key}`)).body.data.closedReason).toBe('表单已停止收集');
    expect((await a.call('DELETE', `/st365/project/forms/${copy.body.data.key}`)).body.msg).toBe('已移入回收站');
    expect((await a.get('/st365/project/recycle')).body.data.records[0].key).toBe(copy.body.data.key);
    expect((await a.post(`/st365/project/recycle/${copy.body.data.key}/restore`)).body.msg).toBe('已恢复');
    await a.call('DELETE', `/st365/project/forms/${copy.body.data.key}`);
    expect((await a.call('DELETE', `/st365/project/recycle/${copy.body.data.key}`)).body.msg).toBe('已彻底删除');
    expect((await a.get('/st365/project/recycle')).body.data.total).toBe(0);
  });

  it('templates: built-in ones and the tenant own; a form made from one has its questions', async () => {
    const list = await a.get('/st365/project/templates');
    expect(list.body.data.records.map((x: { name: string }) => x.name)).toContain('活动报名表');
    const builtinCount = BUILTIN_TEMPLATES.length;
    expect(list.body.data.total).toBe(builtinCount);
    const made = await a.post('/st365/project/forms', { name: '报名', templateKey: 'builtin:activity-registration' });
    const detail = await a.get(`/st365/project/forms/${made.body.data.key}`);
    expect(detail.body.data.schema.fields.map((f: { id: string }) => f.id)).toContain('hotel');
    // 我的表单 names the template it came from; a blank form names none.
    expect(made.body.data).toMatchObject({ templateName: '活动报名表', isTemplate: false });
    const listed = await a.get('/st365/project/forms?keyword=报名');
    expect(listed.body.data.records).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: made.body.data.key, templateName: '活动报名表' })]),
    );
    expect((await a.post('/st365/project/forms', { name: '空白的' })).body.data.templateName).toBe('');
    expect((await a.call('PUT', `/st365/project/forms/${key}/template`, { isTemplate: true })).body.msg).toBe(
      '已设为模板',
    );
    const mineToo = await a.get('/st365/project/templates?keyword=年会');
    expect(mineToo.body.data.records).toEqual([expect.objectContaining({ key, builtin: false })]);
    // Pages run on from the built-in templates into the tenant's; the export lists them all.
    const all = await a.get('/st365/project/templates?pageSize=100');
    expect(all.body.data.total).toBe(builtinCount + 1);
    const last = await a.get(`/st365/project/templates?pageSize=1&current=${builtinCount + 1}`);
    expect(last.body.data.records).toEqual([expect.objectContaining({ key, builtin: false })]);
    const first = await a.get('/st365/project/templates?pageSize=1&current=1');
    expect(first.body.data.records).toEqual([expect.objectContaining({ builtin: true, updatedAt: null })]);
    expect((await a.get('/st365/project/templates?pageSize=0')).body.msg).toContain('每页至少1条');
    const xlsx = await a.get('/st365/project/templates/export');
    expect(xlsx.raw.headers['content-type']).toContain('spreadsheetml');
    // The other tenant sees the built-in templates only.
    expect((await b.get('/st365/project/templates')).body.data.total).toBe(builtinCount);
  });

  it('phone verification fields spend a verified token once', async () => {
    const made = await a.post('/st365/project/forms', { name: '手机验证' });
    const k = made.body.data.key;
    await a.call('PUT', `/st365/project/forms/${k}/schema`, {
      schema: { fields: [{ id: 'ph', type: 'PHONE_VERIFICATION', label: '手机号验证', required: true }] },
    });
    await a.post(`/st365/project/forms/${k}/publish`);
    const v = visitor();
    const phone = '13700002222';
    expect((await v.get(`/st365/project/phone/code?phoneNumber=${phone}`)).body.code).toBe(200);
    const code = await lastSmsCode(t.db, tenantA, phone);
    const token = (await v.post('/st365/project/phone/code/check', { phoneNumber: phone, code })).body.data.phoneToken;
    const send = (tok: string) =>
      v.post(`/st365/project/public/forms/${k}/answers`, {
        version: 1,
        deviceId: 'device-phone',
        values: { fieldph: { phoneNumber: phone, phoneToken: tok } },
      });
    expect((await send('forged')).body.msg).toBe('手机号验证已失效，请重新验证');
    expect((await send(token)).body.code).toBe(200);
    expect((await send(token)).body.msg).toBe('手机号验证已失效，请重新验证');
  });

  it('uploads: only the filler own uploads to this form may be named', async () => {
    const made = await a.post('/st365/project/forms', { name: '材料上传' });
    const k = made.body.data.key;
    await a.call('PUT', `/st365/project/forms/${k}/schema`, {
      schema: { fields: [{ id: 'u', type: 'UPLOAD', label: '材料', required: true, props: { limit: 2 } }] },
    });
    await a.post(`/st365/project/forms/${k}/publish`);
    const v = visitor();
    const form = new FormData();
    form.append('deviceId', 'device-up01');
    form.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')], { type: 'application/pdf' }),
      '申报书.pdf',
    );
    const up = await v.upload(`/st365/project/public/forms/${k}/files`, form);
    expect(up.body).toMatchObject({ code: 200, data: { name: '申报书.pdf' } });
    const send = (deviceId: string) =>
      v.post(`/st365/project/public/forms/${k}/answers`, {
        version: 1,
        deviceId,
        values: { fieldu: [{ id: up.body.data.id, name: '申报书.pdf' }] },
      });
    expect((await send('device-up02')).body.msg).toBe('附件无效，请重新上传');
    expect((await send('device-up01')).body.code).toBe(200);
  });

  it('concurrent submissions all get distinct numbers, and a total limit holds under concurrency', async () => {
    const made = await a.post('/st365/project/forms', { name: '并发' });
    const k = made.body.data.key;
    await a.call('PUT', `/st365/project/forms/${k}/schema`, {
      schema: { fields: [{ id: 'n', type: 'INPUT', label: '姓名', required: true }] },
    });
    await a.post(`/st365/project/forms/${k}/publish`);
    const send = (i: number) =>
      visitor().call(
        'POST',
        `/st365/project/public/forms/${k}/answers`,
        { version: 1, values: { fieldn: `人${i}` }, deviceId: `device-c${String(i).padStart(4, '0')}` },
        { headers: { 'user-agent': 'Mozilla/5.0 (bench)' } },
      );
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => send(i)));
    const serials = results.map((r) => r.body.data.serial as number).sort((x, y) => x - y);
    expect(serials).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const answers = await a.get(`/st365/project/forms/${k}/answers?pageSize=1`);
    expect(answers.body.data.total).toBe(30);
    expect(answers.body.data.records[0].userAgent).toBe('Mozilla/5.0 (bench)');

    await a.call('PUT', `/st365/project/forms/${k}/settings`, { settings: { total: 35 } });
    const more = await Promise.all(Array.from({ length: 12 }, (_, i) => send(100 + i)));
    expect(more.filter((r) => r.body.code === 200)).toHaveLength(5);
    expect(more.filter((r) => r.body.msg === '表单收集数量已达上限')).toHaveLength(7);
    expect((await a.get(`/st365/project/forms/${k}`)).body.data.answerCount).toBe(35);
  });

  it('another tenant can neither see nor change these forms', async () => {
    expect((await b.get(`/st365/project/forms/${key}`)).body.msg).toBe('表单不存在或已删除');
    expect((await b.call('PUT', `/st365/project/forms/${key}/schema`, { schema: SCHEMA })).body.msg).toBe(
      '表单不存在或已删除',
    );
    expect((await b.get(`/st365/project/forms/${key}/answers`)).body.msg).toBe('表单不存在或已删除');
    expect((await b.get('/st365/project/forms')).body.data.total).toBe(0);
    // Every call on one's own forms, with the other tenant's session.
    const calls: [string, string, unknown?][] = [
      ['POST', `/st365/project/forms/${key}/publish`],
      ['POST', `/st365/project/forms/${key}/stop`],
      ['POST', `/st365/project/forms/${key}/copy`],
      ['DELETE', `/st365/project/forms/${key}`],
      ['POST', `/st365/project/recycle/${key}/restore`],
      ['DELETE', `/st365/project/recycle/${key}`],
      ['PUT', `/st365/project/forms/${key}/template`, { isTemplate: false }],
      ['PUT', `/st365/project/forms/${key}/settings`, { settings: {} }],
      ['PUT', `/st365/project/forms/${key}/theme`, { theme: {} }],
      ['PUT', `/st365/project/forms/${key}/info`, { name: '改名', description: '' }],
      ['GET', `/st365/project/forms/${key}/statistics`],
      ['POST', `/st365/project/forms/${key}/answers/export-jobs`, {}],
      ['DELETE', `/st365/project/forms/${key}/answers/1`],
    ];
    for (const [method, url, body] of calls) {
      const res = await b.call(method as 'GET', url, body);
      expect(res.body.msg, `${method} ${url}`).toBe('表单不存在或已删除');
    }
    expect((await b.get(`/st365/project/templates/${key}`)).body.msg).toBe('模板不存在');
    const mine = await a.get(`/st365/project/forms/${key}`);
    expect(mine.body.data).toMatchObject({ name: '年会报名', deletedAt: null });
    // On the other tenant's domain the key finds nothing either.
    expect((await b.get(`/st365/project/public/forms/${key}`)).body.msg).toBe('表单不存在或已删除');
    expect((await b.post(`/st365/project/public/forms/${key}/answers`, { version: 2, values: good })).body.msg).toBe(
      '表单不存在或已删除',
    );
  });

  it('exports my forms to xlsx, and the public result only where the form allows it', async () => {
    const xlsx = await a.get('/st365/project/forms/export?keyword=年会');
    expect(xlsx.raw.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await visitor().get(`/st365/project/public/forms/${key}/result`)).body.msg).toBe('该表单未公开结果');
    await a.call('PUT', `/st365/project/forms/${key}/settings`, { settings: { publicResult: true } });
    const result = await visitor().get(`/st365/project/public/forms/${key}/result`);
    expect(result.body.data.fields.map((f: { id: string }) => f.id)).toEqual(['hotel', 'topics']);
    expect(result.body.data.total).toBeGreaterThan(0);
  });

  it('variant forms keep their fixed questions; their questions are deleted on the server', async () => {
    const activity = (await a.post('/st365/project/forms', { name: '活动报名', kind: 'activity' })).body.data;
    expect(activity).toMatchObject({ kind: 'activity', kindName: '活动报名' });
    const detail = (await a.get(`/st365/project/forms/${activity.key}`)).body.data;
    expect(
      detail.schema.fields.map((f: { id: string; fixed: boolean; required: boolean }) => [f.id, f.fixed, f.required]),
    ).toEqual([
      ['fullname', true, true],
      ['mobile', true, true],
    ]);
    // A save without a fixed question is refused and changes nothing.
    const dropped = await a.call('PUT', `/st365/project/forms/${activity.key}/schema`, {
      schema: { ...detail.schema, fields: [detail.schema.fields[0], { id: 'extra', type: 'INPUT', label: '单位' }] },
    });
    expect(dropped.body.msg).toBe('此项为固定项，不可删除');
    const saved = await a.call('PUT', `/st365/project/forms/${activity.key}/schema`, {
      schema: { ...detail.schema, fields: [...detail.schema.fields, { id: 'extra', type: 'INPUT', label: '单位' }] },
    });
    expect(saved.body.data.schema.fields).toHaveLength(3);
    const del = (body: Record<string, unknown>, path = 'fields/delete', k = activity.key) =>
      a.post(`/st365/project/forms/${k}/${path}`, body);
    expect((await del({ field: 'mobile' })).body.msg).toBe('此项为固定项，不可删除');
    expect((await del({ field: 'nope' })).body.msg).toBe('题目不存在或已删除');
    expect((await del({ field: 'extra', tenantId: 999999 })).body.msg).toBe('租户信息不一致，请刷新页面后重试');
    expect((await del({ field: 'extra' }, 'expert-fields/delete')).body.msg).toBe('该表单的题目请在设计器中删除后保存');
    const gone = await del({ field: 'extra', tenantId: tenantA, hasCom: 1 });
    expect(gone.body).toMatchObject({ msg: '删除成功' });
    expect(gone.body.data.schema.fields.map((f: { id: string }) => f.id)).toEqual(['fullname', 'mobile']);

    const expert = (await a.post('/st365/project/forms', { name: '专家申请', kind: 'expert' })).body.data;
    const eDetail = (await a.get(`/st365/project/forms/${expert.key}`)).body.data;
    expect(eDetail.schema.fields).toHaveLength(5);
    await a.call('PUT', `/st365/project/forms/${expert.key}/schema`, {
      schema: { ...eDetail.schema, fields: [...eDetail.schema.fields, { id: 'title', type: 'INPUT', label: '职称' }] },
    });
    expect((await del({ field: 'title' }, 'fields/delete', expert.key)).body.msg).toBe(
      '该表单的题目请在设计器中删除后保存',
    );
    expect((await del({ field: 'title' }, 'expert-fields/delete', expert.key)).body.msg).toBe('删除成功');
    expect((await a.post('/st365/project/forms', { name: 'x', kind: 'nope' })).body.msg).toContain('表单类型不存在');
    // Another tenant cannot delete here.
    expect((await b.post(`/st365/project/forms/${activity.key}/fields/delete`, { field: 'fullname' })).body.msg).toBe(
      '表单不存在或已删除',
    );
  });

  it('a person without the forms menu is refused', async () => {
    const member = new TestClient(t.app, domainA);
    const { createTestPerson } = await import('../../testing');
    const p = await createTestPerson(t.db, tenantA, { identities: [{ code: 1 }] });
    await member.loginAs(p.mobile as string, p.password);
    expect((await member.get('/st365/project/forms')).body.code).toBe(100002);
  });
});
