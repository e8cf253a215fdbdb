import { BUILTIN_FORM_KINDS, ZFormSchema } from '@shetuan/shared/forms';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, createTestPerson, TestClient, type TestContext } from '../../testing';
import { publishEmbeddedForm } from '../forms';
import { insertOrg } from '../org';
import * as callsRepo from './repository/calls';

const LIB = '/st365/experts/library';
const CALLS = '/st365/experts/calls';
const CONFIG = '/st365/experts/form-config';
const MINE = '/st365/experts/mine';

/** A day relative to today in China (YYYY-MM-DD). */
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** The tenant's expert form: the kind's fixed questions, 研究方向 (required) and 是否博导. */
const EXPERT_FORM = ZFormSchema.parse({
  fields: [
    ...(BUILTIN_FORM_KINDS.find((k) => k.key === 'expert')?.fixed ?? []),
    { id: 'research', label: '研究方向', type: 'INPUT', required: true },
    {
      id: 'tutor',
      label: '是否博士生导师',
      type: 'RADIO',
      options: [
        { value: 1, label: '是' },
        { value: 2, label: '否' },
      ],
    },
  ],
});

describe('experts: calls (专家征集) and the tenant’s expert form (专家信息配置)', () => {
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let tenantA: number;
  let domainA: string;
  let u1: number;
  let ai: number;
  let robot: number;
  let youth: number;
  let callId: number;

  const profile = (extra: Record<string, unknown> = {}) => ({
    name: '申请人',
    gender: '女',
    unitId: u1,
    title: '研究员',
    domainIds: [ai],
    regionCode: '330106',
    ...extra,
  });

  async function member(): Promise<{ client: TestClient; userId: number }> {
    const p = await createTestPerson(t.db, tenantA, { identities: [{ code: 12, orgId: u1 }] });
    const client = new TestClient(t.app, domainA);
    await client.loginAs(p.mobile as string, p.password);
    return { client, userId: p.userId };
  }

  async function exported(path: string, body: Record<string, unknown> = {}) {
    const job = await admin.post(path, body);
    expect(job.body.code, job.body.msg).toBe(200);
    while (await t.app.jobs.runOnce(tenantA)) {
      // every queued job, SMS notices included
    }
    const progress = (await admin.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    expect(progress).toMatchObject({ rate: 100 });
    const file = await admin.get(`/st365${progress.url}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    return {
      sheet: wb.worksheets[0] as ExcelJS.Worksheet,
      name: decodeURIComponent(String(file.raw.headers['content-disposition'])),
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: '0' });
    const two = await adminsOfTwoTenants(t);
    admin = two.a;
    other = two.b;
    tenantA = two.ta.id;
    domainA = two.ta.domain;
    u1 = await t.db.withTenant(
      tenantA,
      async (tx) => (await insertOrg(tx, tenantA, { name: '征集研究所', orgType: 3 })).id,
    );
    const it = (await admin.post('/st365/experts/domains', { name: '信息技术' })).body.data.id;
    ai = (await admin.post('/st365/experts/domains', { name: '人工智能', parentId: it })).body.data.id;
    robot = (await admin.post('/st365/experts/domains', { name: '机器人' })).body.data.id;
    youth = (await admin.post('/st365/experts/labels', { name: '青年人才' })).body.data.id;
  });
  afterAll(() => t.close());

  it('offers 专家征集 and 专家信息配置 in the 专家管理 group', async () => {
    const menu = (await admin.get('/st365/auth/menu')).body.data;
    const group = menu.menuResult.find((g: { name: string }) => g.name === '专家管理');
    expect(group.children.map((c: { path: string }) => c.path)).toEqual(
      expect.arrayContaining(['/expertSolicitation', '/expert-sys-config']),
    );
    expect(menu.functions).toEqual(expect.arrayContaining(['/expertSolicitation:audit', '/expert-sys-config:edit']));
  });

  it('keeps the tenant’s own questions: registration answers them, checked on the server', async () => {
    const empty = (await admin.get(CONFIG)).body.data;
    expect(empty).toMatchObject({ formKey: null, questions: [], published: null });
    const created = await admin.post(CONFIG);
    expect(created.body.msg).toBe('已创建专家信息表，请设计题目并发布');
    const key = created.body.data.key as string;
    expect((await admin.post(CONFIG)).body.msg).toBe('已有专家信息表，请直接设计');
    // Not published yet: nothing is asked.
    expect((await admin.get(CONFIG)).body.data).toMatchObject({ formKey: key, mine: true, version: 0 });
    await t.db.withTenant(tenantA, (tx) => publishEmbeddedForm(tx, tenantA, key, EXPERT_FORM));
    const got = await admin.get(CONFIG);
    const config = got.body.data;
    expect(config?.version, JSON.stringify(got.body).slice(0, 2000)).toBe(1);
    expect(config.questions.map((q: { label: string }) => q.label)).toEqual(['身份证号', '研究方向', '是否博士生导师']);

    const { client } = await member();
    const mine = (await client.get(MINE)).body.data;
    expect(mine.form).toMatchObject({ key, version: 1 });
    const research = 'fieldresearch';
    const idnumber = 'fieldidnumber';
    expect((await client.put(MINE, profile({ answers: { [idnumber]: '110101199003074514' } }))).body.msg).toMatch(
      /研究方向/,
    );
    expect(
      (await client.put(MINE, profile({ answers: { [idnumber]: '123', [research]: '机器学习' } }))).body.code,
    ).not.toBe(200);
    expect(
      (await client.put(MINE, profile({ gender: '', answers: { [idnumber]: '110101199003074514', [research]: 'x' } })))
        .body.msg,
    ).toBe('请选择性别');
    const sent = await client.put(
      MINE,
      profile({ answers: { [idnumber]: '110101199003074514', [research]: '机器学习', fieldtutor: 1 } }),
    );
    expect(sent.body.msg, sent.body.msg).toBe('申请已提交，等待管理员审核');
    const me = (await client.get(MINE)).body.data;
    expect(me.expert.answers).toEqual([
      { id: 'idnumber', label: '身份证号', text: '110101199003074514' },
      { id: 'research', label: '研究方向', text: '机器学习' },
      { id: 'tutor', label: '是否博士生导师', text: '是' },
    ]);
    expect(me.answers).toEqual({ [idnumber]: '110101199003074514', [research]: '机器学习', fieldtutor: 1 });

    // Approved, a change of an answer waits and shows before → after.
    const id = me.expert.id;
    expect((await admin.post(`/st365/experts/audits/${id}`, { pass: true })).body.msg).toBe('已审核通过');
    const change = await client.put(
      MINE,
      profile({ answers: { [idnumber]: '110101199003074514', [research]: '计算机视觉', fieldtutor: 1 } }),
    );
    expect(change.body.msg).toBe('修改已提交，等待管理员审核');
    const queue = (await admin.get('/st365/experts/audits?kind=change')).body.data.records;
    expect(queue[0].diff).toEqual([
      { field: 'answer:research', title: '研究方向', before: '机器学习', after: '计算机视觉' },
    ]);
    const detail = (await admin.get(`/st365/experts/audits/${id}`)).body.data;
    expect(detail.item).toMatchObject({ kind: 'change', expertId: id });
    await admin.post(`/st365/experts/audits/${id}`, { pass: true });
    const expert = (await admin.get(`${LIB}/${id}`)).body.data;
    expect(expert.answers.find((a: { id: string }) => a.id === 'research').text).toBe('计算机视觉');

    // The library's export carries the questions as columns.
    const { sheet, name } = await exported(`${LIB}/export-jobs`);
    expect(name).toMatch(/专家库_\d{8}\.xlsx/);
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    expect(headers).toEqual(expect.arrayContaining(['身份证号', '研究方向', '是否博士生导师']));
    const col = headers.indexOf('研究方向');
    expect(sheet.getRow(2).getCell(col).text).toBe('计算机视觉');
  });

  it('another administrator takes the form over; 停用 stops asking', async () => {
    const p = await createTestPerson(t.db, tenantA, { identities: [{ code: 4 }] });
    const second = new TestClient(t.app, domainA);
    await second.loginAs(p.mobile as string, p.password);
    const before = (await second.get(CONFIG)).body.data;
    expect(before.mine).toBe(false);
    const taken = await second.post(`${CONFIG}/take-over`);
    expect(taken.body.msg).toBe('已接管专家信息表');
    const after = (await second.get(CONFIG)).body.data;
    expect(after).toMatchObject({ mine: true, version: 1, formKey: taken.body.data.key });
    expect(after.questions).toHaveLength(3);
    expect((await second.post(`${CONFIG}/take-over`)).body.msg).toBe('专家信息表已由您维护');
    expect((await other.get(CONFIG)).body.data.formKey).toBeNull();
    expect((await other.post(`${CONFIG}/take-over`)).body.msg).toBe('还没有专家信息表');
    expect((await other.delete(CONFIG)).body.msg).toBe('还没有专家信息表');
    expect((await second.delete(CONFIG)).body.msg).toBe('已停用专家信息表');
    expect((await admin.get(CONFIG)).body.data.formKey).toBeNull();
    // Answers already given stay with the profile.
    const list = (await admin.get(`${LIB}?keyword=${encodeURIComponent('申请人')}`)).body.data.records;
    expect(list[0].answers.length).toBe(3);
  });

  it('opens a call; bad input changes nothing', async () => {
    const bad = await admin.post(CALLS, { title: '', quota: 0, openDate: day(0), closeDate: day(-1) });
    expect(bad.body.code).not.toBe(200);
    expect(bad.body.msg).toMatch(/请输入征集名称|征集人数至少1人|截止日期不能早于开始日期/);
    expect(
      (await admin.post(CALLS, { title: '征集', quota: 2, openDate: day(0), closeDate: day(-1) })).body.msg,
    ).toContain('截止日期不能早于开始日期');
    expect(
      (await admin.post(CALLS, { title: '征集', quota: 2, openDate: day(0), closeDate: day(3), domainIds: [99999] }))
        .body.msg,
    ).toBe('专业领域不存在，请重新选择');
    const res = await admin.post(CALLS, {
      title: '人工智能青年专家征集',
      description: '面向人工智能领域征集青年专家',
      domainIds: [ai],
      quota: 2,
      openDate: day(-1),
      closeDate: day(10),
    });
    expect(res.body.code, res.body.msg).toBe(200);
    callId = res.body.data.id;
    const call = (await admin.get(`${CALLS}/${callId}`)).body.data;
    // No label chosen: one named after the call.
    expect(call).toMatchObject({ status: 'open', labelName: '人工智能青年专家征集', quota: 2, applied: 0 });
    await admin.post(CALLS, { title: '明年的征集', quota: 5, openDate: day(30), closeDate: day(60), labelId: youth });
    expect(
      (await admin.get(`${CALLS}?status=upcoming`)).body.data.records.map((c: { title: string }) => c.title),
    ).toEqual(['明年的征集']);
    expect((await admin.get(`${CALLS}?status=open`)).body.data.total).toBe(1);
    expect((await admin.delete(`/st365/experts/labels/${call.labelId}`)).body.msg).toBe(
      '该标签是专家征集的入库标签，请先修改或删除相应的征集',
    );
    // The list's export: what the search shows, named with the day.
    const { sheet, name } = await exported(`${CALLS}/export-jobs`, { status: 'open' });
    expect(name).toMatch(/专家征集_\d{8}\.xlsx/);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).text).toBe('人工智能青年专家征集');
  });

  it('an expert of the library joins with one click; a new person registers through the call', async () => {
    const expert = await member();
    await expert.client.put(MINE, profile({ name: '库内专家', domainIds: [robot] }));
    const mine = (await expert.client.get(MINE)).body.data;
    await admin.post(`/st365/experts/audits/${mine.expert.id}`, { pass: true });
    const open = (await expert.client.get(MINE)).body.data.calls;
    expect(open.map((c: { title: string }) => c.title)).toEqual(['人工智能青年专家征集']);
    expect((await expert.client.post(`${CALLS}/${callId}/apply`)).body.msg).toBe(
      '已报名专家征集“人工智能青年专家征集”，等待管理员审核',
    );
    expect((await expert.client.post(`${CALLS}/${callId}/apply`)).body.msg).toBe('您已报名，请等待审核');
    expect((await expert.client.get(MINE)).body.data.calls[0].mine).toMatchObject({ status: 'pending' });

    const fresh = await member();
    expect((await fresh.client.post(`${CALLS}/${callId}/apply`)).body.msg).toBe(
      '您还不是本机构专家，请填写专家信息报名',
    );
    const registered = await fresh.client.put(MINE, profile({ name: '新申请人', callId }));
    expect(registered.body.msg).toBe('已报名专家征集“人工智能青年专家征集”，等待管理员审核');
    // Decided in the call, not at 专家审核.
    const queue = (await admin.get('/st365/experts/audits?kind=register')).body.data.records;
    expect(queue.some((r: { name: string }) => r.name === '新申请人')).toBe(false);
    const freshId = (await fresh.client.get(MINE)).body.data.expert.id;
    expect((await admin.post(`/st365/experts/audits/${freshId}`, { pass: true })).body.msg).toBe(
      '该申请来自专家征集，请在征集详情中审核',
    );
    // Editing the waiting registration keeps it in the call.
    expect((await fresh.client.put(MINE, profile({ name: '新申请人', title: '副研究员', callId }))).body.code).toBe(
      200,
    );

    const list = (await admin.get(`${CALLS}/${callId}/applications`)).body.data;
    expect(list.total).toBe(2);
    const joined = list.records.find((r: { name: string }) => r.name === '库内专家');
    const newcomer = list.records.find((r: { name: string }) => r.name === '新申请人');
    expect(joined).toMatchObject({ kind: 'join', kindName: '库内专家', matched: false, status: 'pending' });
    expect(newcomer).toMatchObject({ kind: 'register', matched: true, expertStatus: 0, title: '副研究员' });

    // Refused with a reason; approved into the library with the call's label.
    const decide = (id: number, body: Record<string, unknown>) =>
      admin.post(`${CALLS}/${callId}/applications/${id}`, body);
    expect((await decide(joined.id, { pass: false })).body.msg).toContain('请填写不通过的原因');
    expect((await decide(joined.id, { pass: false, reason: '领域不符' })).body.msg).toBe('已退回，已通知报名人');
    expect((await decide(joined.id, { pass: true })).body.msg).toBe('该报名已审核（未通过）');
    expect((await decide(newcomer.id, { pass: true })).body.msg).toBe('已审核通过');
    const approved = (await admin.get(`${LIB}/${freshId}`)).body.data;
    expect(approved).toMatchObject({ status: 1, labelNames: ['人工智能青年专家征集'] });
    const messages = (await fresh.client.get('/st365/messages?pageSize=10')).body.data.records;
    expect(messages.map((m: { title: string }) => m.title)).toContain(
      '您报名的专家征集“人工智能青年专家征集”已审核通过，您已进入专家库',
    );
    expect((await expert.client.post(`${CALLS}/${callId}/apply`)).body.msg).toBe(
      '您在本次征集中的报名未通过，不能重复报名',
    );
    expect((await admin.get(`${CALLS}/${callId}`)).body.data).toMatchObject({ applied: 2, pending: 0, approved: 1 });

    // The export of the applications.
    const { sheet, name } = await exported(`${CALLS}/${callId}/applications/export-jobs`);
    expect(name).toContain('专家征集报名-人工智能青年专家征集_');
    expect(sheet.rowCount).toBe(3);
  });

  it('keeps to the quota and the dates; a call with applications is ended, not deleted', async () => {
    expect(
      (
        await admin.put(`${CALLS}/${callId}`, {
          title: '人工智能青年专家征集',
          quota: 0,
          openDate: day(-1),
          closeDate: day(10),
        })
      ).body.code,
    ).not.toBe(200);
    const call = (await admin.get(`${CALLS}/${callId}`)).body.data;
    const body = { ...call, labelId: call.labelId, quota: 1 };
    expect((await admin.put(`${CALLS}/${callId}`, body)).body.msg).toBe('保存成功');
    const late = await member();
    expect((await late.client.put(MINE, profile({ name: '迟到者', callId }))).body.msg).toBe('该征集名额已满');
    expect((await admin.put(`${CALLS}/${callId}`, { ...body, quota: 3 })).body.msg).toBe('保存成功');
    expect((await admin.post(`${CALLS}/${callId}/close`, { closed: true })).body.msg).toBe('已结束征集');
    expect((await admin.get(`${CALLS}/${callId}`)).body.data.status).toBe('closed');
    expect((await late.client.put(MINE, profile({ name: '迟到者', callId }))).body.msg).toBe('该征集已结束');
    expect((await admin.delete(`${CALLS}/${callId}`)).body.msg).toBe('已有人报名的征集不能删除，可结束征集');
    expect((await admin.post(`${CALLS}/${callId}/close`, { closed: false })).body.msg).toBe('已重新开放征集');
    const upcoming = (await admin.get(`${CALLS}?status=upcoming`)).body.data.records[0];
    expect((await late.client.put(MINE, profile({ name: '迟到者', callId: upcoming.id }))).body.msg).toContain(
      '开始报名，请届时再来',
    );
    expect((await admin.delete(`${CALLS}/${upcoming.id}`)).body.msg).toBe('删除成功');
  });

  it('a call is not deleted under an application being made: the application is counted, not lost', async () => {
    const call = (await admin.post(CALLS, { title: '并发征集', quota: 5, openDate: day(-1), closeDate: day(5) })).body
      .data;
    const applicant = await member();
    await applicant.client.put(MINE, profile({ name: '并发申请人' }));
    const expertId = (await applicant.client.get(MINE)).body.data.expert.id as number;
    // An application under way (the call locked, its row written, not yet committed) while the
    // administrator deletes the call.
    let deleted: Promise<{ body: { msg: string } }> | undefined;
    await t.db.withTenant(tenantA, async (tx) => {
      await callsRepo.callById(tx, tenantA, call.id, true);
      await callsRepo.upsertApplication(tx, tenantA, { callId: call.id, expertId, kind: 'register' });
      deleted = admin.delete(`${CALLS}/${call.id}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await deleted)?.body.msg).toBe('已有人报名的征集不能删除，可结束征集');
    expect((await admin.get(`${CALLS}/${call.id}/applications`)).body.data.total).toBe(1);
  });

  it("another tenant's administrator can neither read nor change the calls and their applications", async () => {
    const apps = (await admin.get(`${CALLS}/${callId}/applications`)).body.data.records;
    expect((await other.get(CALLS)).body.data.total).toBe(0);
    expect((await other.get(`${CALLS}/${callId}`)).body.code).not.toBe(200);
    expect((await other.get(`${CALLS}/${callId}/applications`)).body.msg).toBe('专家征集不存在或已删除');
    expect(
      (await other.put(`${CALLS}/${callId}`, { title: '改', quota: 9, openDate: day(0), closeDate: day(1) })).body.code,
    ).not.toBe(200);
    expect((await other.post(`${CALLS}/${callId}/close`, { closed: true })).body.msg).toBe('专家征集不存在或已删除');
    expect((await other.post(`${CALLS}/${callId}/applications/${apps[0].id}`, { pass: true })).body.msg).toBe(
      '专家征集不存在或已删除',
    );
    expect((await other.post(`${CALLS}/${callId}/applications/export-jobs`, {})).body.msg).toBe(
      '专家征集不存在或已删除',
    );
    expect((await other.post(`${CALLS}/${callId}/apply`)).body.code).not.toBe(200);
    expect((await other.delete(`${CALLS}/${callId}`)).body.msg).toBe('专家征集不存在或已删除');
    expect((await admin.get(`${CALLS}/${callId}`)).body.data).toMatchObject({ title: '人工智能青年专家征集' });
    expect((await admin.get(`${CALLS}/${callId}/applications`)).body.data.total).toBe(2);
  });
});
