import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, createTestPerson, TestClient, type TestContext } from '../../testing';
import { insertOrg } from '../org';

const FORM = {
  fields: [
    { id: 'name', type: 'INPUT', label: '负责人', required: true, personalType: 'fullname' },
    { id: 'summary', type: 'TEXTAREA', label: '项目摘要', required: true },
  ],
};

const SCORE_FLOW = [
  { kind: 'first_trial', quotaPerUnit: 1 },
  { kind: 'formal_review' },
  {
    kind: 'expert_review',
    mode: 'score',
    reviewersPerDeclaration: 2,
    maxPerExpert: 5,
    blind: true,
    items: [
      { key: 'innovation', name: '创新性', max: 50 },
      { key: 'feasibility', name: '可行性', max: 50 },
    ],
  },
  {
    kind: 'decision',
    method: 'threshold',
    grades: [
      { name: '一等', min: 80 },
      { name: '二等', min: 60 },
    ],
    publicityDays: 7,
  },
];

const good = (name: string) => ({ fieldname: name, fieldsummary: `${name}的项目摘要` });

describe('projects: declaration and review', () => {
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let tenantA: number;
  let domainA: string;
  let u1: number;
  let u2: number;
  let projectId: number;
  const people: Record<string, TestClient> = {};
  const ids: Record<string, number> = {};
  const phones: Record<string, string> = {};

  async function person(name: string, code: number, orgId: number | null) {
    const p = await createTestPerson(t.db, tenantA, { identities: [{ code, orgId }] });
    const c = new TestClient(t.app, domainA);
    await c.loginAs(p.mobile as string, p.password);
    people[name] = c;
    ids[name] = p.userId;
    phones[name] = p.mobile as string;
    return c;
  }

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: '0' });
    const two = await adminsOfTwoTenants(t);
    admin = two.a;
    other = two.b;
    tenantA = two.ta.id;
    domainA = two.ta.domain;
    [u1, u2] = await t.db.withTenant(tenantA, async (tx) => [
      (await insertOrg(tx, tenantA, { name: '第一研究所', orgType: 3 })).id,
      (await insertOrg(tx, tenantA, { name: '第二研究所', orgType: 3 })).id,
    ]);
    await person('applicant1', 6, u1);
    await person('applicant2', 6, u1);
    await person('applicant3', 6, u2);
    await person('trial1', 5, u1);
    await person('r1', 7, u2);
    await person('r2', 7, null);
    await person('r3', 7, u1);
  });
  afterAll(() => t.close());

  const my = (who: string) => people[who] as TestClient;

  it('refuses a flow that is not well formed, with the reason', async () => {
    const bad = await admin.post('/st365/projects', {
      name: '坏流程',
      flow: [SCORE_FLOW[3], SCORE_FLOW[0]],
      settings: {},
    });
    expect(bad.body.success).toBe(false);
    expect(bad.body.msg).toContain('评审结果环节必须是最后一个环节');
    const noItems = await admin.post('/st365/projects', {
      name: '无评分项',
      flow: [{ kind: 'expert_review', mode: 'score' }],
      settings: {},
    });
    expect(noItems.body.msg).toContain('是评分制，请设置评分项');
    expect((await admin.get('/st365/projects')).body.data.total).toBe(0);
  });

  it('a creator makes a project, designs its form and publishes it', async () => {
    const created = await admin.post('/st365/projects', {
      name: '2026年度科技创新项目',
      description: '<p>支持<script>alert(1)</script>创新</p>',
      flow: SCORE_FLOW,
      settings: { perApplicantLimit: 1 },
    });
    expect(created.body).toMatchObject({ code: 200, msg: '项目已创建' });
    projectId = created.body.data.id;
    const detail = (await admin.get(`/st365/projects/${projectId}`)).body.data;
    expect(detail).toMatchObject({ status: 0, statusName: '未发布', formPublished: false });
    expect(detail.description).not.toContain('<script>');
    expect((await admin.post(`/st365/projects/${projectId}/publish`)).body.msg).toBe('请先设计并发布申报表单');
    const key = detail.formKey;
    expect((await admin.call('PUT', `/st365/project/forms/${key}/schema`, { schema: FORM })).body.msg).toBe('保存成功');
    expect((await admin.post(`/st365/project/forms/${key}/publish`)).body.success).toBe(true);
    expect((await admin.post(`/st365/projects/${projectId}/publish`)).body.msg).toBe('项目已发布');
    // The flow is fixed once published.
    const change = await admin.call('PUT', `/st365/projects/${projectId}`, {
      name: detail.name,
      description: '',
      flow: SCORE_FLOW.slice(1),
      settings: detail.settings,
    });
    expect(change.body.msg).toBe('项目已发布，评审流程不能修改');
  });

  it('an applicant sees the open project, saves a draft and may not submit it incomplete', async () => {
    const open = (await my('applicant1').get('/st365/projects/open')).body.data.list;
    expect(open).toEqual([expect.objectContaining({ id: projectId, needsUnit: true, blocked: null, mine: 0 })]);
    const draft = await my('applicant1').post(`/st365/projects/${projectId}/declarations`, {
      title: '智能传感器研发',
      data: { fieldname: '张三' },
    });
    expect(draft.body).toMatchObject({ code: 200, msg: '已保存草稿' });
    ids.d1 = draft.body.data.id;
    const refused = await my('applicant1').post(`/st365/projects/my/declarations/${ids.d1}/submit`);
    expect(refused.body).toMatchObject({ success: false, msg: '项目摘要不能为空' });
    const mine = (await my('applicant1').get(`/st365/projects/my/declarations/${ids.d1}`)).body.data;
    expect(mine).toMatchObject({ status: 'draft', statusText: '草稿', unitName: '第一研究所', version: 0 });
    // 申报领域 are the expert library's domains (matched with the reviewers' at allocation).
    const bad = await my('applicant1').call('PUT', `/st365/projects/my/declarations/${ids.d1}`, {
      title: '智能传感器研发',
      data: { fieldname: '张三' },
      domainIds: [999_999],
    });
    expect(bad.body.msg).toBe('申报领域不存在，请重新选择');
    const domainId = (await admin.post('/st365/experts/domains', { name: '传感器' })).body.data.id;
    await my('applicant1').call('PUT', `/st365/projects/my/declarations/${ids.d1}`, {
      title: '智能传感器研发',
      data: { fieldname: '张三' },
      domainIds: [domainId],
    });
    expect((await my('applicant1').get(`/st365/projects/my/declarations/${ids.d1}`)).body.data.domainIds).toEqual([
      domainId,
    ]);
    // The per-applicant limit (1) counts the draft.
    const second = await my('applicant1').post(`/st365/projects/${projectId}/declarations`, { title: '第二个' });
    expect(second.body.msg).toBe('已达到本项目的申报数量上限');
  });

  it('submits, withdraws before the first trial and submits again', async () => {
    const c = my('applicant1');
    await c.call('PUT', `/st365/projects/my/declarations/${ids.d1}`, { title: '智能传感器研发', data: good('张三') });
    expect((await c.post(`/st365/projects/my/declarations/${ids.d1}/submit`)).body.msg).toBe('申报已提交');
    expect((await c.post(`/st365/projects/my/declarations/${ids.d1}/submit`)).body.msg).toBe(
      '申报已提交，不能重复提交',
    );
    expect((await c.call('PUT', `/st365/projects/my/declarations/${ids.d1}`, { title: '改', data: {} })).body.msg).toBe(
      '申报已提交，不能修改',
    );
    expect((await c.post(`/st365/projects/my/declarations/${ids.d1}/withdraw`)).body.msg).toBe('申报已撤回');
    expect((await c.post(`/st365/projects/my/declarations/${ids.d1}/submit`)).body.msg).toBe('申报已提交');
    const detail = (await c.get(`/st365/projects/my/declarations/${ids.d1}`)).body.data;
    expect(detail).toMatchObject({ status: 'in_review', stage: 0, statusText: '待单位推荐', version: 2 });
    expect(detail.timeline.map((x: { action: string }) => x.action)).toEqual(['submit', 'withdraw', 'submit']);
    expect(detail.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    for (const [who, title, unit] of [
      ['applicant2', '新材料应用', u1],
      ['applicant3', '节能装备', u2],
    ] as const) {
      const d = await my(who).post(`/st365/projects/${projectId}/declarations`, {
        title,
        unitId: unit,
        data: good(who),
      });
      ids[who === 'applicant2' ? 'd2' : 'd3'] = d.body.data.id;
      expect((await my(who).post(`/st365/projects/my/declarations/${d.body.data.id}/submit`)).body.success).toBe(true);
    }
    // The unit's first-trial account was told.
    const bell = (await my('trial1').get('/st365/messages/latest')).body.data;
    expect(JSON.stringify(bell)).toContain('待初审');
  });

  it('the unit recommends within its quota, returns with a remark, and only acts on its own declarations', async () => {
    // No SMS so far (the switch is off by default); from here the applicants get one at each change.
    expect((await admin.get('/st365/sms/outbox')).body.data.total).toBe(0);
    expect((await admin.put('/st365/messages/settings', { event: 'project.declaration', sms: true })).body.msg).toBe(
      '保存成功',
    );
    const unit = my('trial1');
    const list = (await unit.get('/st365/projects/trial/declarations')).body.data;
    expect(list.total).toBe(2);
    expect(list.records[0]).toMatchObject({ quota: 1, used: 0 });
    expect((await unit.post(`/st365/projects/trial/declarations/${ids.d1}/act`, { action: 'pass' })).body.msg).toBe(
      '操作成功',
    );
    expect((await unit.post(`/st365/projects/trial/declarations/${ids.d2}/act`, { action: 'pass' })).body.msg).toBe(
      '本单位推荐名额已用完（共1个）',
    );
    expect(
      (await unit.post(`/st365/projects/trial/declarations/${ids.d2}/act`, { action: 'return' })).body.msg,
    ).toContain('退回或不通过时请填写意见');
    expect(
      (await unit.post(`/st365/projects/trial/declarations/${ids.d2}/act`, { action: 'return', remark: '请补充预算' }))
        .body.msg,
    ).toBe('操作成功');
    expect((await unit.post(`/st365/projects/trial/declarations/${ids.d3}/act`, { action: 'pass' })).body.msg).toBe(
      '申报不存在或已删除',
    );
    expect((await unit.get(`/st365/projects/trial/declarations/${ids.d3}`)).body.msg).toBe('申报不存在或已删除');
    // The applicant withdraws no more once the unit has acted.
    expect((await my('applicant1').post(`/st365/projects/my/declarations/${ids.d1}/withdraw`)).body.msg).toBe(
      '申报已进入审核，不能撤回',
    );
    const handled = (await unit.get('/st365/projects/trial/handled')).body.data;
    expect(handled.records.map((r: { action: string }) => r.action)).toEqual(['return', 'pass']);

    // Each change queued an SMS to its applicant's phone; the job sends it.
    const smsTo = async (who: string) =>
      (await admin.get(`/st365/sms/outbox?keyword=${phones[who]?.slice(-6)}`)).body.data.records as {
        content: string;
        status: string;
      }[];
    expect(await smsTo('applicant2')).toEqual([
      expect.objectContaining({
        status: 'queued',
        content: expect.stringMatching(/^【[^】]+】您的申报《新材料应用》被退回修改，请登录系统查看。$/),
      }),
    ]);
    expect((await smsTo('applicant1'))[0]?.content).toMatch(
      /您的申报《智能传感器研发》已通过“单位推荐”，请登录系统查看。$/,
    );
    expect(await smsTo('applicant3')).toEqual([]);
    while (await t.app.jobs.runOnce(tenantA)) {
      // the queued notices
    }
    expect((await smsTo('applicant2'))[0]?.status).toBe('sent');
    await admin.put('/st365/messages/settings', { event: 'project.declaration', sms: false });
  });

  it('a returned declaration is edited and resubmitted, keeping its versions; the unit may reject it', async () => {
    const c = my('applicant2');
    const returned = (await c.get(`/st365/projects/my/declarations/${ids.d2}`)).body.data;
    expect(returned).toMatchObject({ status: 'returned', statusText: '已退回修改' });
    expect(returned.timeline.at(-1)).toMatchObject({ action: 'return', remark: '请补充预算' });
    await c.call('PUT', `/st365/projects/my/declarations/${ids.d2}`, {
      title: '新材料应用（修改）',
      data: { ...good('applicant2'), fieldsummary: '补充了预算' },
    });
    expect((await c.post(`/st365/projects/my/declarations/${ids.d2}/submit`)).body.success).toBe(true);
    const again = (await c.get(`/st365/projects/my/declarations/${ids.d2}`)).body.data;
    expect(again).toMatchObject({ status: 'in_review', stage: 0, version: 2 });
    expect(
      (
        await my('trial1').post(`/st365/projects/trial/declarations/${ids.d2}/act`, {
          action: 'reject',
          remark: '名额已满',
        })
      ).body.success,
    ).toBe(true);
    const history = (await c.get('/st365/projects/my/history')).body.data.records;
    expect(history).toEqual([expect.objectContaining({ id: ids.d2, statusText: '未通过' })]);
  });

  it('operators do not act at the unit stage; a unit account of the other unit recommends; formal review passes', async () => {
    expect((await admin.post(`/st365/projects/declarations/${ids.d3}/act`, { action: 'pass' })).body.msg).toBe(
      '申报在单位初审环节，由推荐单位审核',
    );
    const trial2 = await person('trial2', 5, u2);
    expect(
      (await trial2.post(`/st365/projects/trial/declarations/${ids.d3}/act`, { action: 'pass' })).body.success,
    ).toBe(true);
    for (const d of [ids.d1, ids.d3])
      expect((await admin.post(`/st365/projects/declarations/${d}/act`, { action: 'pass' })).body.msg).toBe('操作成功');
    const list = (await admin.get(`/st365/projects/${projectId}/declarations?stage=2`)).body.data;
    expect(list.records.map((r: { statusText: string }) => r.statusText)).toEqual(['专家评审中', '专家评审中']);
  });

  it('allocates reviewers automatically, never from the declaration’s own unit; hand assignments keep the rules', async () => {
    const auto = await admin.post(`/st365/projects/${projectId}/stages/2/allocation/auto`);
    expect(auto.body).toMatchObject({ code: 200, data: { assigned: 4, uncovered: [] } });
    const view = (await admin.get(`/st365/projects/${projectId}/stages/2/allocation`)).body.data;
    const byTitle = Object.fromEntries(
      view.declarations.map((d: { title: string; experts: { userId: number }[] }) => [
        d.title,
        d.experts.map((e) => e.userId).sort(),
      ]),
    );
    expect(byTitle.智能传感器研发).toEqual([ids.r1, ids.r2].sort());
    expect(byTitle.节能装备).toEqual([ids.r2, ids.r3].sort());
    const hand = (expertUserId: number, declarationId: number) =>
      admin.post(`/st365/projects/${projectId}/stages/2/allocation`, { declarationId, expertUserId });
    expect((await hand(ids.r3 as number, ids.d1 as number)).body.msg).toBe('专家与申报属于同一单位，需要回避');
    expect((await hand(ids.r1 as number, ids.d1 as number)).body.msg).toBe('该专家已分配到此申报');
    expect((await hand(ids.applicant1 as number, ids.d1 as number)).body.msg).toBe('该用户不是评审专家');
    // Running it again assigns nothing more.
    expect((await admin.post(`/st365/projects/${projectId}/stages/2/allocation/auto`)).body.data.assigned).toBe(0);
  });

  it('reviewers score blind, within bounds, once; never see another reviewer’s work', async () => {
    const r1 = my('r1');
    const list = (await r1.get('/st365/projects/review/assignments')).body.data.records;
    expect(list).toHaveLength(1);
    expect((await r1.get('/st365/projects/review/assignments?mode=score')).body.data.total).toBe(1);
    expect((await r1.get('/st365/projects/review/assignments?mode=approval')).body.data.total).toBe(0);
    const a1 = list[0].id;
    const detail = (await r1.get(`/st365/projects/review/assignments/${a1}`)).body.data;
    expect(detail).toMatchObject({ blind: true, applicantName: '（盲审）', unitName: '' });
    expect(detail.data.fieldname).toBeUndefined();
    expect(detail.data.fieldsummary).toBe('张三的项目摘要');
    const send = (c: TestClient, id: number, scores: Record<string, number>) =>
      c.post(`/st365/projects/review/assignments/${id}`, { scores, comment: '' });
    expect((await send(r1, a1, { innovation: 60, feasibility: 10 })).body.msg).toBe('“创新性”的分数应在0到50之间');
    expect((await send(r1, a1, { innovation: 45 })).body.msg).toBe('请为“可行性”打分');
    expect((await send(r1, a1, { innovation: 45, feasibility: 40 })).body.msg).toBe('评审已提交');
    expect((await send(r1, a1, { innovation: 45, feasibility: 40 })).body.msg).toBe('评审已提交');
    expect((await send(r1, a1, { innovation: 40, feasibility: 40 })).body.msg).toBe('评审已提交，不能修改');
    const r2list = (await my('r2').get('/st365/projects/review/assignments')).body.data.records;
    expect(r2list).toHaveLength(2);
    expect((await r1.get(`/st365/projects/review/assignments/${r2list[0].id}`)).body.msg).toBe('评审任务不存在');
    expect((await send(r1, r2list[0].id, { innovation: 1, feasibility: 1 })).body.msg).toBe('评审任务不存在');
    // The round cannot close while reviews are missing.
    expect((await admin.post(`/st365/projects/${projectId}/stages/2/advance`)).body.data).toEqual({
      advanced: 0,
      waiting: 2,
    });
    for (const a of r2list) {
      const scores =
        a.title === '智能传感器研发' ? { innovation: 40, feasibility: 35 } : { innovation: 30, feasibility: 25 };
      expect((await send(my('r2'), a.id, scores)).body.success).toBe(true);
    }
    const r3a = (await my('r3').get('/st365/projects/review/assignments')).body.data.records[0];
    expect((await send(my('r3'), r3a.id, { innovation: 35, feasibility: 30 })).body.success).toBe(true);
    expect((await my('r1').get('/st365/projects/review/history')).body.data.total).toBe(1);
  });

  it('the round closes, grades follow the threshold, results are published and seen by the applicant', async () => {
    expect((await admin.post(`/st365/projects/${projectId}/stages/2/advance`)).body.data).toEqual({
      advanced: 2,
      waiting: 0,
    });
    const preview = (await admin.get(`/st365/projects/${projectId}/grading`)).body.data.page.records;
    expect(preview).toEqual([
      expect.objectContaining({ title: '智能传感器研发', score: 80, rank: 1, grade: '一等', reviews: 2 }),
      expect.objectContaining({ title: '节能装备', score: 60, rank: 2, grade: '二等', reviews: 2 }),
    ]);
    // The whole ranking's figures ride along; a page and a search cut the list, never the ranks.
    const whole = (await admin.get(`/st365/projects/${projectId}/grading`)).body.data;
    expect(whole).toMatchObject({ waiting: 2, graded: 2, bandWidth: 10, page: { total: 2 } });
    expect(whole.counts.filter((c: { n: number }) => c.n > 0)).toEqual([
      { grade: '一等', n: 1 },
      { grade: '二等', n: 1 },
    ]);
    expect(whole.bands).toEqual([
      { band: 6, grade: '二等', n: 1 },
      { band: 8, grade: '一等', n: 1 },
    ]);
    const second = (await admin.get(`/st365/projects/${projectId}/grading?current=2&pageSize=1`)).body.data.page;
    expect(second.records).toEqual([expect.objectContaining({ title: '节能装备', rank: 2 })]);
    const found = (await admin.get(`/st365/projects/${projectId}/grading?keyword=${encodeURIComponent('节能')}`)).body
      .data.page;
    expect(found).toMatchObject({ total: 1, records: [{ title: '节能装备', rank: 2 }] });
    expect((await admin.post(`/st365/projects/${projectId}/grading/publish`)).body.data).toEqual({ decided: 2 });
    expect((await admin.post(`/st365/projects/${projectId}/grading/publish`)).body.msg).toBe('没有待定级的申报');
    const history = (await my('applicant1').get('/st365/projects/my/history')).body.data.records;
    expect(history[0]).toMatchObject({ grade: '一等', result: 'approved', score: 80, rank: 1 });
    expect(history[0].statusText).toBe('公示中（已立项（一等））');
    const detail = (await my('applicant1').get(`/st365/projects/my/declarations/${ids.d1}`)).body.data;
    expect(detail.timeline.map((x: { action: string }) => x.action)).toEqual([
      'submit',
      'withdraw',
      'submit',
      'pass',
      'pass',
      'advance',
      'decide',
    ]);
    const operator = (await admin.get(`/st365/projects/declarations/${ids.d1}`)).body.data;
    expect(operator.reviews.map((r: { total: number }) => r.total).sort()).toEqual([75, 85]);
    const reviewId = operator.reviews[0].id;
    expect((await admin.post(`/st365/projects/assignments/${reviewId}/reopen`)).body.msg).toBe(
      '该评审环节已结束，不能重新打开',
    );
    expect((await admin.call('DELETE', `/st365/projects/assignments/${reviewId}`)).body.msg).toBe(
      '专家已提交评审，不能移除',
    );
  });

  it('statistics: figures, the score sheet, units, experts and all declarations, each exportable', async () => {
    const st = (await admin.get(`/st365/projects/${projectId}/statistics`)).body.data;
    expect(st).toMatchObject({ total: 3, submitted: 3, reviews: { assigned: 4, submitted: 4 } });
    expect(st.byStatus).toEqual(
      expect.arrayContaining([
        { label: '未通过', count: 1 },
        { label: '已立项（一等）', count: 1 },
        { label: '已立项（二等）', count: 1 },
      ]),
    );
    expect(st.byGrade).toEqual(expect.arrayContaining([{ grade: '一等', count: 1 }]));
    expect(st.scoreBands).toHaveLength(10);
    expect(st.scoreBands.reduce((a: number, b: { count: number }) => a + b.count, 0)).toBe(2);
    expect(st.daily.reduce((a: number, b: { count: number }) => a + b.count, 0)).toBe(3);
    const scores = (await admin.get(`/st365/projects/sheets/scores?projectId=${projectId}`)).body.data;
    expect(scores.total).toBe(4);
    expect(scores.records[0]).toMatchObject({ title: '智能传感器研发', stageName: '专家评审', status: 1 });
    expect((await admin.get(`/st365/projects/sheets/approvals?projectId=${projectId}`)).body.data.total).toBe(0);
    const units = (await admin.get(`/st365/projects/sheets/units?projectId=${projectId}`)).body.data.records;
    expect(units).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ unitName: '第一研究所', declarations: 2, passed: 1, rejected: 1, quota: 1 }),
        expect.objectContaining({ unitName: '第二研究所', declarations: 1, passed: 1 }),
      ]),
    );
    const experts = (await admin.get(`/st365/projects/sheets/experts?projectId=${projectId}`)).body.data.records;
    expect(experts.find((e: { userId: number }) => e.userId === ids.r2)).toMatchObject({ assigned: 2, submitted: 2 });
    const all = (await admin.get('/st365/projects/sheets/declarations?keyword=智能')).body.data.records;
    expect(all.map((d: { title: string }) => d.title)).toEqual(['智能传感器研发']);
    for (const path of ['scores', 'units', 'experts'])
      expect((await admin.post(`/st365/projects/sheets/${path}/export-jobs`, { projectId })).body.data.key).toMatch(
        /^\w+$/,
      );
    expect((await admin.post('/st365/projects/sheets/declarations/export-jobs', {})).body.data.key).toMatch(/^\w+$/);
  });

  it('another tenant can neither read nor change any of it', async () => {
    const miss = '项目不存在或已删除';
    expect((await other.get(`/st365/projects/${projectId}`)).body.msg).toBe(miss);
    expect((await other.get('/st365/projects')).body.data.total).toBe(0);
    expect(
      (await other.call('PUT', `/st365/projects/${projectId}`, { name: 'x', flow: SCORE_FLOW, settings: {} })).body.msg,
    ).toBe(miss);
    expect((await other.call('DELETE', `/st365/projects/${projectId}`)).body.msg).toBe(miss);
    expect((await other.post(`/st365/projects/${projectId}/publish`)).body.msg).toBe(miss);
    expect((await other.post(`/st365/projects/${projectId}/close`)).body.msg).toBe(miss);
    expect((await other.post(`/st365/projects/${projectId}/template`)).body.msg).toBe(miss);
    expect((await other.get(`/st365/projects/${projectId}/declarations`)).body.msg).toBe(miss);
    expect((await other.get(`/st365/projects/declarations/${ids.d1}`)).body.msg).toBe('申报不存在或已删除');
    expect((await other.post(`/st365/projects/declarations/${ids.d1}/act`, { action: 'pass' })).body.msg).toBe(
      '申报不存在或已删除',
    );
    expect((await other.get(`/st365/projects/${projectId}/grading`)).body.msg).toBe(miss);
    expect((await other.post(`/st365/projects/${projectId}/grading/publish`)).body.msg).toBe(miss);
    expect((await other.post(`/st365/projects/${projectId}/stages/2/advance`)).body.msg).toBe(miss);
    expect((await other.get(`/st365/projects/${projectId}/stages/2/allocation`)).body.msg).toBe(miss);
    expect((await other.post(`/st365/projects/${projectId}/stages/2/allocation/auto`)).body.msg).toBe(miss);
    expect(
      (
        await other.post(`/st365/projects/${projectId}/stages/2/allocation`, {
          declarationId: ids.d1,
          expertUserId: ids.r1,
        })
      ).body.msg,
    ).toBe(miss);
    expect((await other.post('/st365/projects/assignments/1/reopen')).body.msg).toBe('分配记录不存在');
    expect((await other.call('DELETE', '/st365/projects/assignments/1')).body.msg).toBe('分配记录不存在');
    expect((await other.post(`/st365/projects/${projectId}/declarations/export-jobs`, {})).body.msg).toBe(miss);
    expect((await other.get(`/st365/projects/${projectId}/statistics`)).body.msg).toBe(miss);
    for (const path of ['scores', 'approvals', 'units', 'experts']) {
      expect((await other.get(`/st365/projects/sheets/${path}?projectId=${projectId}`)).body.msg).toBe(miss);
      expect((await other.post(`/st365/projects/sheets/${path}/export-jobs`, { projectId })).body.msg).toBe(miss);
    }
    expect((await other.get('/st365/projects/sheets/declarations')).body.data.total).toBe(0);
  });

  it('pages check the identity: an applicant cannot open the creator’s or the reviewer’s routes', async () => {
    const res = await my('applicant1').get('/st365/projects');
    expect(res.body.success).toBe(false);
    expect(res.body.msg).toBe('您没有访问该页面的权限');
    expect((await my('applicant1').get('/st365/projects/review/assignments')).body.msg).toBe('您没有访问该页面的权限');
    expect((await my('r1').get('/st365/projects/open')).body.msg).toBe('您没有访问该页面的权限');
  });

  it('an approval chain of two levels, and a project from a template', async () => {
    const created = await admin.post('/st365/projects', {
      name: '印章使用申请',
      flow: [{ kind: 'approval', levels: 2 }],
      settings: { perApplicantLimit: 0 },
    });
    const id = created.body.data.id;
    const key = (await admin.get(`/st365/projects/${id}`)).body.data.formKey;
    await admin.call('PUT', `/st365/project/forms/${key}/schema`, { schema: FORM });
    await admin.post(`/st365/project/forms/${key}/publish`);
    await admin.post(`/st365/projects/${id}/publish`);
    const d = await my('applicant3').post(`/st365/projects/${id}/declarations`, { title: '用章', data: good('王五') });
    await my('applicant3').post(`/st365/projects/my/declarations/${d.body.data.id}/submit`);
    const status = async () => (await admin.get(`/st365/projects/declarations/${d.body.data.id}`)).body.data.statusText;
    expect(await status()).toBe('待审批（第1级）');
    await admin.post(`/st365/projects/declarations/${d.body.data.id}/act`, { action: 'pass' });
    expect(await status()).toBe('待审批（第2级）');
    await admin.post(`/st365/projects/declarations/${d.body.data.id}/act`, { action: 'pass' });
    expect(await status()).toBe('已立项');

    const template = await admin.post(`/st365/projects/${id}/template`);
    expect(template.body.msg).toBe('已存为模板');
    const templates = (await admin.get('/st365/projects?template=1')).body.data.records;
    expect(templates.map((p: { name: string }) => p.name)).toEqual(['印章使用申请（模板）']);
    expect((await admin.post(`/st365/projects/${template.body.data.id}/publish`)).body.msg).toBe(
      '模板不能发布，请用模板创建项目',
    );
    const fromTemplate = await admin.post('/st365/projects', {
      name: '2027年印章使用',
      flow: [{ kind: 'approval', levels: 2 }],
      settings: {},
      templateId: template.body.data.id,
    });
    const copy = (await admin.get(`/st365/projects/${fromTemplate.body.data.id}`)).body.data;
    expect(copy.formKey).not.toBe(key);
    // The copied form keeps the design; publishing it makes the new project publishable.
    await admin.post(`/st365/project/forms/${copy.formKey}/publish`);
    expect((await admin.post(`/st365/projects/${copy.id}/publish`)).body.msg).toBe('项目已发布');
  });

  it("分组评审: groups of experts; a grouped round allocates a group's declarations only to its experts", async () => {
    const created = await admin.post('/st365/projects', {
      name: '分组评审项目',
      flow: [
        {
          kind: 'expert_review',
          mode: 'approval',
          reviewersPerDeclaration: 1,
          maxPerExpert: 5,
          grouped: true,
        },
      ],
      settings: { perApplicantLimit: 0 },
    });
    const id = created.body.data.id;
    const key = (await admin.get(`/st365/projects/${id}`)).body.data.formKey;
    await admin.call('PUT', `/st365/project/forms/${key}/schema`, { schema: FORM });
    await admin.post(`/st365/project/forms/${key}/publish`);
    await admin.post(`/st365/projects/${id}/publish`);
    const declared: number[] = [];
    for (const title of ['甲组申报', '乙组申报', '未分组申报']) {
      const d = await my('applicant3').post(`/st365/projects/${id}/declarations`, { title, data: good('王五') });
      await my('applicant3').post(`/st365/projects/my/declarations/${d.body.data.id}/submit`);
      declared.push(d.body.data.id);
    }
    const g1 = (await admin.post(`/st365/projects/${id}/groups`, { name: '甲组', expertUserIds: [ids.r3] })).body.data
      .id;
    const g2 = (await admin.post(`/st365/projects/${id}/groups`, { name: '乙组', expertUserIds: [ids.r2] })).body.data
      .id;
    expect((await admin.post(`/st365/projects/${id}/groups`, { name: '甲组' })).body.msg).toBe('分组名称已存在');
    expect(
      (await admin.post(`/st365/projects/${id}/groups`, { name: '丙组', expertUserIds: [ids.applicant1] })).body.msg,
    ).toBe('所选人员不是评审专家');
    const moved = await admin.call('PUT', `/st365/projects/${id}/groups/members`, {
      declarationIds: [declared[0]],
      groupId: g1,
    });
    expect(moved.body.msg).toBe('已分组（1项）');
    await admin.call('PUT', `/st365/projects/${id}/groups/members`, { declarationIds: [declared[1]], groupId: g2 });
    const view = (await admin.get(`/st365/projects/${id}/groups`)).body.data;
    expect(view.grouped).toBe(true);
    expect(view.groups.map((g: { name: string; declarationCount: number }) => [g.name, g.declarationCount])).toEqual([
      ['甲组', 1],
      ['乙组', 1],
    ]);
    // By hand, an expert outside the declaration's group is refused.
    const hand = await admin.post(`/st365/projects/${id}/stages/0/allocation`, {
      declarationId: declared[0],
      expertUserId: ids.r2,
    });
    expect(hand.body.msg).toBe('该专家不在此申报所在的评审分组');
    await admin.post(`/st365/projects/${id}/stages/0/allocation/auto`);
    const allocation = (await admin.get(`/st365/projects/${id}/stages/0/allocation`)).body.data;
    const reviewerOf = (declarationId: number) =>
      allocation.declarations
        .find((d: { id: number }) => d.id === declarationId)
        .experts.map((e: { userId: number }) => e.userId);
    expect(reviewerOf(declared[0] as number)).toEqual([ids.r3]);
    expect(reviewerOf(declared[1] as number)).toEqual([ids.r2]);
    expect(reviewerOf(declared[2] as number)).toHaveLength(1);
    // Another tenant sees and changes nothing.
    expect((await other.get(`/st365/projects/${id}/groups`)).body.msg).toBe('项目不存在或已删除');
    expect((await other.call('PUT', `/st365/projects/groups/${g1}`, { name: '改' })).body.msg).toBe('分组不存在');
    expect((await other.call('DELETE', `/st365/projects/groups/${g1}`)).body.msg).toBe('分组不存在');
    expect(
      (
        await other.call('PUT', `/st365/projects/${id}/groups/members`, {
          declarationIds: [declared[2]],
          groupId: null,
        })
      ).body.msg,
    ).toBe('项目不存在或已删除');
    expect((await admin.call('DELETE', `/st365/projects/groups/${g2}`)).body.msg).toBe('分组已删除');
    const after = (await admin.get(`/st365/projects/${id}/groups`)).body.data;
    expect(after.declarations.find((d: { id: number }) => d.id === declared[1]).groupId).toBeNull();
  });
});
