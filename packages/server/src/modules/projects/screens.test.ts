import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, createTestPerson, TestClient, type TestContext } from '../../testing';
import { insertOrg } from '../org';

/**
 * The remaining screens' routes (README, "Screens") and 多轮评审: public calls, 申报分配, a unit's
 * first-trial details and recommendation report, the project report, the reviewer's lists; a
 * second expert round that takes other experts or the same ones as the project chooses, and the
 * combined result. Each route is tried from another tenant too.
 */

const FORM = {
  fields: [
    { id: 'name', type: 'INPUT', label: '负责人', required: true, personalType: 'fullname' },
    { id: 'summary', type: 'TEXTAREA', label: '项目摘要', required: true },
  ],
};

const round = (name: string, k: number, extra: Record<string, unknown> = {}) => ({
  kind: 'expert_review',
  name,
  mode: 'score',
  reviewersPerDeclaration: k,
  maxPerExpert: 10,
  items: [{ key: 'merit', name: '水平', max: 100 }],
  ...extra,
});

/** 单位推荐 → 初评 (2 experts) → 复评 (1 other expert, weight 2) → 评审结果. */
const ROUNDS_FLOW = [
  { kind: 'first_trial', quotaPerUnit: 2 },
  round('初评', 2),
  round('复评', 1, { excludeEarlierExperts: true, resultWeight: 2 }),
  { kind: 'decision', method: 'threshold', grades: [{ name: '入选', min: 80 }], publicityDays: 0 },
];

const good = (name: string) => ({ fieldname: name, fieldsummary: `${name}的项目摘要` });

describe('projects: the remaining screens and several expert rounds', () => {
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let tenantA: number;
  let tenantB: number;
  let domainA: string;
  let domainB: string;
  let u1: number;
  let u2: number;
  let projectId: number;
  let sameId: number;
  const people: Record<string, TestClient> = {};
  const ids: Record<string, number> = {};
  const my = (who: string) => people[who] as TestClient;

  async function person(name: string, code: number, orgId: number | null) {
    const p = await createTestPerson(t.db, tenantA, { identities: [{ code, orgId }] });
    const c = new TestClient(t.app, domainA);
    await c.loginAs(p.mobile as string, p.password);
    people[name] = c;
    ids[name] = p.userId;
  }

  async function publish(name: string, flow: unknown[], settings: Record<string, unknown> = {}) {
    const created = await admin.post('/st365/projects', {
      name,
      description: '<p>面向<b>青年</b>科技人才&amp;团队</p>',
      flow,
      settings: { perApplicantLimit: 0, ...settings },
    });
    expect(created.body.msg).toBe('项目已创建');
    const id = created.body.data.id as number;
    const key = (await admin.get(`/st365/projects/${id}`)).body.data.formKey;
    expect((await admin.call('PUT', `/st365/project/forms/${key}/schema`, { schema: FORM })).body.msg).toBe('保存成功');
    await admin.post(`/st365/project/forms/${key}/publish`);
    expect((await admin.post(`/st365/projects/${id}/publish`)).body.msg).toBe('项目已发布');
    return id;
  }

  async function declare(who: string, project: number, title: string): Promise<number> {
    const d = await my(who).post(`/st365/projects/${project}/declarations`, { title, data: good(who) });
    expect((await my(who).post(`/st365/projects/my/declarations/${d.body.data.id}/submit`)).body.msg).toBe(
      '申报已提交',
    );
    return d.body.data.id;
  }

  /** Every pending review of a declaration in a round, scored as given (in assignment order). */
  async function scoreRound(project: number, stage: number, declarationId: number, totals: number[]) {
    const view = (await admin.get(`/st365/projects/${project}/stages/${stage}/allocation`)).body.data;
    const experts = view.declarations.find((d: { id: number }) => d.id === declarationId).experts;
    expect(experts).toHaveLength(totals.length);
    for (const [i, e] of experts.entries()) {
      const who = Object.keys(ids).find((k) => ids[k] === e.userId) as string;
      const task = (await my(who).get('/st365/projects/review/assignments?pageSize=100')).body.data.records.find(
        (a: { declarationId: number; stage: number }) => a.declarationId === declarationId && a.stage === stage,
      );
      const sent = await my(who).post(`/st365/projects/review/assignments/${task.id}`, {
        scores: { merit: totals[i] },
        comment: '',
      });
      expect(sent.body.msg).toBe('评审已提交');
    }
    return experts.map((e: { userId: number }) => e.userId) as number[];
  }

  /** Runs the queued exports and answers the finished file's rows (the first sheet, header included). */
  async function exported(client: TestClient, key: string): Promise<string[][]> {
    while (await t.app.jobs.runOnce(tenantA)) {
      // each queued job in turn
    }
    const progress = (await client.get(`/st365/common/process?key=${key}`)).body.data;
    expect(progress).toMatchObject({ rate: 100 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await client.get(`/st365${progress.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    (wb.worksheets[0] as ExcelJS.Worksheet).eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    return rows;
  }

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: '0' });
    const two = await adminsOfTwoTenants(t);
    admin = two.a;
    other = two.b;
    tenantA = two.ta.id;
    tenantB = two.tb.id;
    domainA = two.ta.domain;
    domainB = two.tb.domain;
    [u1, u2] = await t.db.withTenant(tenantA, async (tx) => [
      (await insertOrg(tx, tenantA, { name: '第一研究所', orgType: 3 })).id,
      (await insertOrg(tx, tenantA, { name: '第二研究所', orgType: 3 })).id,
    ]);
    await person('a1', 6, u1);
    await person('a2', 6, u1);
    await person('a3', 6, u2);
    await person('trial1', 5, u1);
    await person('trial2', 5, u2);
    await person('r1', 7, u2);
    await person('r2', 7, null);
    await person('r3', 7, null);
    await person('r4', 7, null);
  });
  afterAll(() => t.close());

  it('a round that avoids earlier experts needs an earlier round; the weights cannot all be 0', async () => {
    const first = await admin.post('/st365/projects', {
      name: '坏流程',
      flow: [round('初评', 1, { excludeEarlierExperts: true })],
      settings: {},
    });
    expect(first.body.msg).toContain('第1个环节（初评）之前没有专家评审环节，不能设置避开前轮专家');
    const zero = await admin.post('/st365/projects', {
      name: '坏流程',
      flow: [round('初评', 1, { resultWeight: 0 }), round('复评', 1, { resultWeight: 0 }), ROUNDS_FLOW[3]],
      settings: {},
    });
    expect(zero.body.msg).toContain('各专家评审环节的成绩权重不能都为0');
  });

  it('公开申报: a visitor sees the published calls of the domain’s tenant, never a draft or another tenant’s', async () => {
    projectId = await publish('青年人才托举项目', ROUNDS_FLOW);
    await admin.post('/st365/projects', { name: '未发布的项目', flow: [{ kind: 'formal_review' }], settings: {} });
    const visitor = new TestClient(t.app, domainA);
    const list = (await visitor.get('/st365/public/projects')).body.data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      id: projectId,
      name: '青年人才托举项目',
      summary: '面向青年科技人才&团队',
      state: 'open',
      stateText: '申报中',
      needsUnit: true,
      stages: ['单位推荐', '初评', '复评', '评审结果'],
    });
    expect((await visitor.get('/st365/public/projects?state=upcoming')).body.data.total).toBe(0);
    expect((await visitor.get('/st365/public/projects?keyword=托举')).body.data.total).toBe(1);
    const detail = (await visitor.get(`/st365/public/projects/${projectId}`)).body.data;
    expect(detail).toMatchObject({ perApplicantLimit: 0, membersOnly: false, domainRequired: false });
    expect(detail.questions).toEqual([
      { label: '负责人', required: true },
      { label: '项目摘要', required: true },
    ]);
    expect((await visitor.get('/st365/public/projects?state=later')).body.msg).toContain('申报状态不存在');
    expect((await visitor.get('/st365/public/projects?pageSize=500')).body.msg).toContain('每页最多100条');
    // Another tenant's domain: nothing of it.
    const elsewhere = new TestClient(t.app, domainB);
    expect((await elsewhere.get('/st365/public/projects')).body.data.total).toBe(0);
    expect((await elsewhere.get(`/st365/public/projects/${projectId}`)).body.msg).toBe('项目不存在或未发布');
  });

  it('初审单位详情 and 推荐报告: the unit’s declarations and decisions, the report as a page and a file', async () => {
    ids.d1 = await declare('a1', projectId, '青年学者甲');
    ids.d2 = await declare('a2', projectId, '青年学者乙');
    ids.d3 = await declare('a3', projectId, '青年学者丙');
    expect(
      (await my('trial1').post(`/st365/projects/trial/declarations/${ids.d1}/act`, { action: 'pass', remark: '优秀' }))
        .body.msg,
    ).toBe('操作成功');
    await my('trial1').post(`/st365/projects/trial/declarations/${ids.d2}/act`, {
      action: 'return',
      remark: '请补充成果证明',
    });
    await my('trial2').post(`/st365/projects/trial/declarations/${ids.d3}/act`, { action: 'pass' });

    const rows = (await admin.get(`/st365/projects/sheets/unit-declarations?projectId=${projectId}&unitId=${u1}`)).body
      .data.records;
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: '青年学者甲',
          trialAction: 'pass',
          trialActionName: '推荐',
          trialRemark: '优秀',
        }),
        expect.objectContaining({ title: '青年学者乙', trialActionName: '退回修改', trialRemark: '请补充成果证明' }),
      ]),
    );
    expect(rows).toHaveLength(2);
    const summary = (await admin.get(`/st365/projects/${projectId}/units/${u1}/summary`)).body.data;
    expect(summary).toMatchObject({ unitName: '第一研究所', quota: 2, declarations: 2, passed: 1, returned: 1 });
    expect((await admin.get(`/st365/projects/sheets/unit-declarations?projectId=${projectId}`)).body.msg).toContain(
      '请选择单位',
    );

    // The unit sees only its own, whatever it asks for.
    const own = (await my('trial1').get(`/st365/projects/trial/unit-declarations?projectId=${projectId}&unitId=${u2}`))
      .body.data;
    expect(own.records.map((r: { title: string }) => r.title).sort()).toEqual(['青年学者乙', '青年学者甲']);
    expect((await my('trial1').get('/st365/projects/trial/projects')).body.data.list).toEqual([
      { id: projectId, name: '青年人才托举项目', statusName: '申报中' },
    ]);
    expect(
      (await my('trial1').get(`/st365/projects/trial/unit-summary?projectId=${projectId}`)).body.data,
    ).toMatchObject({ unitId: u1, passed: 1 });
    const report = (await my('trial1').get(`/st365/projects/trial/report?projectId=${projectId}`)).body.data;
    expect(report).toMatchObject({ unitName: '第一研究所', quota: 2, returned: 1, pending: 0, rejected: 0 });
    expect(report.rows).toEqual([expect.objectContaining({ order: 1, title: '青年学者甲', remark: '优秀' })]);
    expect(report.recommenders).toHaveLength(1);
    const file = await my('trial1').get(`/st365/projects/trial/report/file?projectId=${projectId}`);
    expect(file.raw.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(file.raw.headers['content-disposition']))).toContain(
      '青年人才托举项目-第一研究所推荐汇总表.xlsx',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const text: string[] = [];
    (wb.worksheets[0] as ExcelJS.Worksheet).eachRow((row) => {
      text.push(row.values ? (row.values as unknown[]).join(' ') : '');
    });
    expect(text.join('\n')).toContain('青年人才托举项目推荐汇总表');
    expect(text.join('\n')).toContain('青年学者甲');
    expect(text.join('\n')).not.toContain('青年学者乙');

    // The operators read every unit's report; the list exports.
    expect((await admin.get(`/st365/projects/${projectId}/units/${u2}/report`)).body.data.rows).toEqual([
      expect.objectContaining({ title: '青年学者丙' }),
    ]);
    const units = (await admin.get(`/st365/projects/sheets/reports?projectId=${projectId}`)).body.data.records;
    expect(units.map((u: { unitName: string; passed: number }) => [u.unitName, u.passed]).sort()).toEqual([
      ['第一研究所', 1],
      ['第二研究所', 1],
    ]);
    const job = await admin.post('/st365/projects/sheets/reports/export-jobs', { projectId });
    expect((await exported(admin, job.body.data.key)).length).toBe(3);
    const unitJob = await my('trial1').post('/st365/projects/trial/unit-declarations/export-jobs', { projectId });
    const sheet = await exported(my('trial1'), unitJob.body.data.key);
    expect(sheet[0]?.slice(0, 2)).toEqual(['申报名称', '申报人']);
    expect(sheet).toHaveLength(3);
    const adminJob = await admin.post('/st365/projects/sheets/unit-declarations/export-jobs', {
      projectId,
      unitId: u2,
    });
    expect((await exported(admin, adminJob.body.data.key)).map((r) => r[0])).toEqual(['申报名称', '青年学者丙']);
  });

  it('多轮评审: the 复评 avoids the 初评’s experts, by machine and by hand; the result combines both rounds', async () => {
    // 初评: two experts each, never of the declaration's own unit (r1 is of 第二研究所).
    const auto = await admin.post(`/st365/projects/${projectId}/stages/1/allocation/auto`);
    expect(auto.body.data).toMatchObject({ assigned: 4, uncovered: [] });
    const firstOf1 = await scoreRound(projectId, 1, ids.d1 as number, [84, 80]);
    const firstOf3 = await scoreRound(projectId, 1, ids.d3 as number, [70, 74]);
    expect(firstOf3).not.toContain(ids.r1);
    expect((await admin.post(`/st365/projects/${projectId}/stages/1/advance`)).body.data).toEqual({
      advanced: 2,
      waiting: 0,
    });
    const after1 = (await admin.get(`/st365/projects/declarations/${ids.d1}`)).body.data;
    expect(after1).toMatchObject({ statusText: '复评中', score: 82, roundScores: { '1': 82 } });

    // 复评 by hand: an expert of the 初评 is refused, in the hand assignment and in 申报分配.
    const earlier = firstOf1[0] as number;
    const refused = await admin.post(`/st365/projects/${projectId}/stages/2/allocation`, {
      declarationId: ids.d1,
      expertUserId: earlier,
    });
    expect(refused.body.msg).toBe('该专家已在前轮评审过此申报，本轮须更换专家');
    const view = (await admin.get(`/st365/projects/declarations/${ids.d1}/distribution`)).body.data;
    expect(view).toMatchObject({ stage: 2, open: true, k: 1, excludeEarlierExperts: true, assigned: [] });
    expect(view.rounds.map((r: { name: string }) => r.name)).toEqual(['初评', '复评']);
    const candidate = (userId: number) => view.candidates.find((c: { userId: number }) => c.userId === userId);
    expect(candidate(earlier).blocked).toBe('该专家已在前轮评审过此申报，本轮须更换专家');
    const fresh = [ids.r1, ids.r2, ids.r3, ids.r4].find((x) => !firstOf1.includes(x as number)) as number;
    expect(candidate(fresh).blocked).toBeNull();
    // The machine allocates the rest the same way.
    expect((await admin.post(`/st365/projects/${projectId}/stages/2/allocation/auto`)).body.data.assigned).toBe(2);
    const secondOf1 = await scoreRound(projectId, 2, ids.d1 as number, [90]);
    const secondOf3 = await scoreRound(projectId, 2, ids.d3 as number, [60]);
    expect(firstOf1).not.toContain(secondOf1[0]);
    expect(firstOf3).not.toContain(secondOf3[0]);
    await admin.post(`/st365/projects/${projectId}/stages/2/advance`);

    // Combined: (82 × 1 + 90 × 2) / 3 = 87.33 and (72 + 60 × 2) / 3 = 64.
    const preview = (await admin.get(`/st365/projects/${projectId}/grading`)).body.data.page.records;
    expect(preview).toEqual([
      expect.objectContaining({ title: '青年学者甲', score: 87.33, roundScores: { '1': 82, '2': 90 }, grade: '入选' }),
      expect.objectContaining({ title: '青年学者丙', score: 64, roundScores: { '1': 72, '2': 60 }, grade: null }),
    ]);
    expect((await admin.post(`/st365/projects/${projectId}/grading/publish`)).body.data).toEqual({ decided: 2 });
    const mine = (await my('a1').get(`/st365/projects/my/declarations/${ids.d1}`)).body.data;
    expect(mine).toMatchObject({ statusText: '已立项（入选）', score: 87.33, roundScores: { '1': 82, '2': 90 } });
  });

  it('a project may let the same experts review again in its second round', async () => {
    sameId = await publish('同组专家复评项目', [round('初评', 1), round('复评', 1), ROUNDS_FLOW[3]]);
    const d = await declare('a3', sameId, '同组复评申报');
    await admin.post(`/st365/projects/${sameId}/stages/0/allocation/auto`);
    const [expert] = await scoreRound(sameId, 0, d, [88]);
    await admin.post(`/st365/projects/${sameId}/stages/0/advance`);
    const same = await admin.post(`/st365/projects/${sameId}/stages/1/allocation`, {
      declarationId: d,
      expertUserId: expert,
    });
    expect(same.body.msg).toBe('分配成功');
    await scoreRound(sameId, 1, d, [78]);
    await admin.post(`/st365/projects/${sameId}/stages/1/advance`);
    // Equal weights by default: (88 + 78) / 2.
    expect((await admin.get(`/st365/projects/${sameId}/grading`)).body.data.page.records).toEqual([
      expect.objectContaining({ score: 83, roundScores: { '0': 88, '1': 78 } }),
    ]);
  });

  it('申报分配: a round’s declarations, one declaration’s reviewers added and removed under the rules', async () => {
    const id = await publish('申报分配项目', [round('专家评审', 2), ROUNDS_FLOW[3]]);
    const d = await declare('a3', id, '分配测试申报');
    const list = (await admin.get(`/st365/projects/${id}/stages/0/distribution?short=1`)).body.data;
    expect(list.records).toEqual([expect.objectContaining({ id: d, unitName: '第二研究所', k: 2, experts: [] })]);
    const view = (await admin.get(`/st365/projects/declarations/${d}/distribution`)).body.data;
    const blocked = view.candidates.find((c: { userId: number }) => c.userId === ids.r1);
    expect(blocked.blocked).toBe('专家与申报属于同一单位，需要回避');
    // Blocked candidates are listed after those who may be chosen.
    expect(view.candidates.at(-1).userId).toBe(ids.r1);
    const add = (expertUserId: number) =>
      admin.post(`/st365/projects/declarations/${d}/distribution`, { stage: 0, expertUserId });
    expect((await add(ids.r1 as number)).body.msg).toBe('专家与申报属于同一单位，需要回避');
    expect((await add(ids.a1 as number)).body.msg).toBe('该用户不是评审专家');
    expect((await add(ids.r2 as number)).body.msg).toBe('分配成功');
    expect((await add(ids.r2 as number)).body.msg).toBe('该专家已分配到此申报');
    expect((await add(ids.r3 as number)).body.msg).toBe('分配成功');
    expect((await add(ids.r4 as number)).body.msg).toBe('该申报的评审专家已满（2位）');
    expect((await admin.post(`/st365/projects/declarations/${d}/distribution`, { stage: 0 })).body.msg).toContain(
      '请选择专家',
    );
    expect((await admin.get(`/st365/projects/${id}/stages/0/distribution?short=1`)).body.data.total).toBe(0);
    const full = (await admin.get(`/st365/projects/declarations/${d}/distribution`)).body.data;
    const [first, second] = full.assigned;
    // Removed by the declaration it belongs to only; a submitted review stays.
    expect(
      (await admin.call('DELETE', `/st365/projects/declarations/${ids.d1}/distribution/${first.assignmentId}`)).body
        .msg,
    ).toBe('分配记录不存在');
    expect(
      (await admin.call('DELETE', `/st365/projects/declarations/${d}/distribution/${first.assignmentId}`)).body.msg,
    ).toBe('已移除');
    await scoreRound(id, 0, d, [70]);
    expect(
      (await admin.call('DELETE', `/st365/projects/declarations/${d}/distribution/${second.assignmentId}`)).body.msg,
    ).toBe('专家已提交评审，不能移除');
    const job = await admin.post(`/st365/projects/${id}/stages/0/distribution/export-jobs`, {});
    const rows = await exported(admin, job.body.data.key);
    expect(rows[1]?.slice(0, 3)).toEqual(['分配测试申报', (rows[1] as string[])[1], '第二研究所']);
    // Not an expert round; a declaration past its round can be read, not changed.
    expect((await admin.get(`/st365/projects/declarations/${d}/distribution?stage=1`)).body.msg).toBe(
      '该环节不是专家评审环节',
    );
    expect((await admin.get(`/st365/projects/${id}/stages/1/distribution`)).body.msg).toBe('该环节不是专家评审环节');
    const past = (await admin.get(`/st365/projects/declarations/${ids.d1}/distribution?stage=1`)).body.data;
    expect(past).toMatchObject({ open: false, stage: 1 });
    expect(past.assigned).toHaveLength(2);
    expect(
      (await admin.post(`/st365/projects/declarations/${ids.d1}/distribution`, { stage: 1, expertUserId: ids.r4 })).body
        .msg,
    ).toBe('申报不在该评审环节');
  });

  it('项目评审报告: the funnel of each stage, the rounds and the results', async () => {
    const report = (await admin.get(`/st365/projects/${projectId}/report`)).body.data;
    expect(report).toMatchObject({ name: '青年人才托举项目', total: 3, submitted: 3, units: 2 });
    expect(report.stages).toEqual([
      expect.objectContaining({ name: '单位推荐', reached: 3, passed: 2, returned: 1 }),
      expect.objectContaining({ name: '初评', reached: 2, passed: 2 }),
      expect.objectContaining({ name: '复评', reached: 2, passed: 2 }),
      expect.objectContaining({ name: '评审结果', reached: 2, passed: 2 }),
    ]);
    expect(report.rounds).toEqual([
      expect.objectContaining({ name: '初评', experts: 4, assigned: 4, submitted: 4, weight: 1 }),
      expect.objectContaining({ name: '复评', assigned: 2, submitted: 2, weight: 2 }),
    ]);
    expect(
      report.results.map((r: { title: string; rank: number; grade: string | null }) => [r.title, r.rank, r.grade]),
    ).toEqual([
      ['青年学者甲', 1, '入选'],
      ['青年学者丙', 2, null],
    ]);
  });

  it('评审人: every review with its state, the work by project round, and the export', async () => {
    const r2 = my('r2');
    const all = (await r2.get('/st365/projects/review/all')).body.data;
    expect(all.total).toBeGreaterThan(0);
    const pending = (await r2.get('/st365/projects/review/all?status=0')).body.data.records;
    expect(pending.every((a: { status: number }) => a.status === 0)).toBe(true);
    const mine = (await r2.get(`/st365/projects/review/all?projectId=${projectId}`)).body.data.records;
    expect(mine.every((a: { projectId: number }) => a.projectId === projectId)).toBe(true);
    const rounds = (await r2.get('/st365/projects/review/rounds')).body.data.records;
    for (const r of rounds) {
      expect(r.submitted).toBeLessThanOrEqual(r.assigned);
      if (r.submitted > 0) expect(r.average).not.toBeNull();
    }
    expect(rounds.map((r: { stageName: string }) => r.stageName)).toEqual(expect.arrayContaining(['初评']));
    const job = await r2.post('/st365/projects/review/all/export-jobs', {});
    const rows = await exported(r2, job.body.data.key);
    expect(rows[0]?.slice(0, 3)).toEqual(['申报名称', '申报项目', '评审环节']);
    expect(rows).toHaveLength(all.total + 1);
    expect((await r2.get('/st365/projects/review/all?status=2')).body.msg).toContain('评审状态不存在');
    const roundsJob = await r2.post('/st365/projects/review/rounds/export-jobs', {});
    expect((await exported(r2, roundsJob.body.data.key)).length).toBe(rounds.length + 1);
  });

  it('申报领域 may be required before submitting', async () => {
    const id = await publish('须选领域的项目', [{ kind: 'formal_review' }], { domainRequired: true });
    const d = await my('a3').post(`/st365/projects/${id}/declarations`, { title: '无领域', data: good('a3') });
    expect((await my('a3').post(`/st365/projects/my/declarations/${d.body.data.id}/submit`)).body.msg).toBe(
      '请选择申报领域',
    );
    const visitor = new TestClient(t.app, domainA);
    expect((await visitor.get(`/st365/public/projects/${id}`)).body.data.domainRequired).toBe(true);
  });

  it('pages check the identity; the unit routes need a unit', async () => {
    const denied = '您没有访问该页面的权限';
    expect((await my('a1').get(`/st365/projects/declarations/${ids.d1}/distribution`)).body.msg).toBe(denied);
    expect((await my('a1').get(`/st365/projects/sheets/reports?projectId=${projectId}`)).body.msg).toBe(denied);
    expect((await my('r2').get(`/st365/projects/trial/report?projectId=${projectId}`)).body.msg).toBe(denied);
    expect((await my('trial1').get('/st365/projects/review/all')).body.msg).toBe(denied);
    expect((await my('a1').get(`/st365/projects/${projectId}/report`)).body.msg).toBe(denied);
    const loose = await createTestPerson(t.db, tenantA, { identities: [{ code: 5, orgId: null }] });
    const c = new TestClient(t.app, domainA);
    await c.loginAs(loose.mobile as string, loose.password);
    expect((await c.get(`/st365/projects/trial/report?projectId=${projectId}`)).body.msg).toBe(
      '您的身份未关联单位，不能查看推荐情况',
    );
  });

  it('another tenant can neither read nor change any of it', async () => {
    const miss = '项目不存在或已删除';
    const gone = '申报不存在或已删除';
    expect((await other.get(`/st365/projects/${projectId}/stages/1/distribution`)).body.msg).toBe(miss);
    expect((await other.post(`/st365/projects/${projectId}/stages/1/distribution/export-jobs`, {})).body.msg).toBe(
      miss,
    );
    expect((await other.get(`/st365/projects/declarations/${ids.d1}/distribution`)).body.msg).toBe(gone);
    expect(
      (await other.post(`/st365/projects/declarations/${ids.d3}/distribution`, { stage: 1, expertUserId: ids.r2 })).body
        .msg,
    ).toBe(gone);
    expect((await other.call('DELETE', `/st365/projects/declarations/${ids.d1}/distribution/1`)).body.msg).toBe(
      '分配记录不存在',
    );
    expect(
      (await other.get(`/st365/projects/sheets/unit-declarations?projectId=${projectId}&unitId=${u1}`)).body.msg,
    ).toBe(miss);
    expect(
      (await other.post('/st365/projects/sheets/unit-declarations/export-jobs', { projectId, unitId: u1 })).body.msg,
    ).toBe(miss);
    expect((await other.get(`/st365/projects/${projectId}/units/${u1}/summary`)).body.msg).toBe(miss);
    expect((await other.get(`/st365/projects/sheets/reports?projectId=${projectId}`)).body.msg).toBe(miss);
    expect((await other.post('/st365/projects/sheets/reports/export-jobs', { projectId })).body.msg).toBe(miss);
    expect((await other.get(`/st365/projects/${projectId}/units/${u1}/report`)).body.msg).toBe(miss);
    expect((await other.get(`/st365/projects/${projectId}/units/${u1}/report/file`)).body.msg).toBe(miss);
    expect((await other.get(`/st365/projects/${projectId}/report`)).body.msg).toBe(miss);
    // Its own unit: not this tenant's.
    const own = await admin.get(`/st365/projects/${projectId}/units/999999/summary`);
    expect(own.body.msg).toBe('单位不存在');
    // A reviewer and a unit of the other tenant see none of this tenant's rows.
    const unitB = await t.db.withTenant(
      tenantB,
      async (tx) => (await insertOrg(tx, tenantB, { name: '外单位', orgType: 3 })).id,
    );
    const as = async (code: number, orgId: number | null) => {
      const p = await createTestPerson(t.db, tenantB, { identities: [{ code, orgId }] });
      const c = new TestClient(t.app, domainB);
      await c.loginAs(p.mobile as string, p.password);
      return c;
    };
    const reviewerB = await as(7, null);
    expect((await reviewerB.get('/st365/projects/review/all')).body.data.total).toBe(0);
    expect((await reviewerB.get('/st365/projects/review/rounds')).body.data.total).toBe(0);
    const unitAccountB = await as(5, unitB);
    expect((await unitAccountB.get('/st365/projects/trial/projects')).body.data.list).toEqual([]);
    expect((await unitAccountB.get(`/st365/projects/trial/report?projectId=${projectId}`)).body.msg).toBe(miss);
    expect((await unitAccountB.get(`/st365/projects/trial/unit-declarations?projectId=${projectId}`)).body.msg).toBe(
      miss,
    );
    expect((await unitAccountB.get(`/st365/projects/trial/report/file?projectId=${projectId}`)).body.msg).toBe(miss);
  });
});
