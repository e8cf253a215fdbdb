import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../platform/seed/demo';
import { createTestApp, TestClient, type TestContext } from '../../testing';

/** The demo data README promises: each account of the review flow lands on real work. */
describe('projects demo data', () => {
  let t: TestContext;
  const as = async (mobile: string) => {
    const c = new TestClient(t.app, 'localhost');
    await c.loginAs(mobile, 'Demo@123');
    return c;
  };
  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: '0' });
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  it('the administrator has the three projects and a template; results are graded', async () => {
    const admin = await as('13800000002');
    const list = (await admin.get('/st365/projects')).body.data.records;
    expect(list.map((p: { name: string }) => p.name).sort()).toEqual(
      ['2026年度学会活动经费资助', '2026年度示范市科技创新项目', '2026年度青年科技人才托举项目', '印章使用审批'].sort(),
    );
    expect((await admin.get('/st365/projects?template=1')).body.data.total).toBe(1);
    const scoring = list.find((p: { name: string }) => p.name === '2026年度示范市科技创新项目');
    const schema = (await admin.get(`/st365/projects/${scoring.id}/form-schema`)).body.data;
    expect(schema.schema.fields).toHaveLength(5);
    const preview = (await admin.get(`/st365/projects/${scoring.id}/grading`)).body.data.page.records;
    expect(preview).toEqual([expect.objectContaining({ title: '智能仓储调度算法', score: 80, grade: '二等' })]);
    const all = (await admin.get(`/st365/projects/${scoring.id}/declarations?pageSize=50`)).body.data.records;
    const texts = all.map((d: { statusText: string }) => d.statusText);
    expect(texts).toEqual(
      expect.arrayContaining([
        '待单位推荐',
        '已退回修改',
        '待形式审查',
        '专家评审中',
        '待定级',
        '公示中（已立项（一等））',
      ]),
    );
  });

  it('two expert rounds: the 复评 went to other experts; the combined score waits for 定级', async () => {
    const admin = await as('13800000002');
    const list = (await admin.get('/st365/projects')).body.data.records;
    const rounds = list.find((p: { name: string }) => p.name === '2026年度青年科技人才托举项目');
    const all = (await admin.get(`/st365/projects/${rounds.id}/declarations`)).body.data.records;
    const done = all.find((d: { title: string }) => d.title === '工业视觉缺陷检测算法研究');
    const waiting = all.find((d: { title: string }) => d.title === '产线能耗智能优化研究');
    expect(waiting.statusText).toBe('复评中');
    const detail = (await admin.get(`/st365/projects/declarations/${done.id}`)).body.data;
    // 初评 (86 + 80) / 2 = 83, 复评 90, weighted 1 : 2.
    expect(detail.roundScores).toEqual({ '1': 83, '2': 90 });
    expect(detail.score).toBe(87.67);
    const first = new Set(
      detail.reviews.filter((r: { stage: number }) => r.stage === 1).map((r: { expertName: string }) => r.expertName),
    );
    const second = detail.reviews.filter((r: { stage: number }) => r.stage === 2);
    expect(second).toHaveLength(1);
    expect(first.has(second[0].expertName)).toBe(false);
    const preview = (await admin.get(`/st365/projects/${rounds.id}/grading`)).body.data.page.records;
    expect(preview).toEqual([
      expect.objectContaining({ title: '工业视觉缺陷检测算法研究', score: 87.67, grade: '入选' }),
    ]);
  });

  it('the unit, the reviewers and the applicant each have work waiting', async () => {
    const unit = await as('13800000014');
    expect((await unit.get('/st365/projects/trial/declarations')).body.data.total).toBe(1);
    const reviewers = [await as('13800000015'), await as('13800000016')];
    const pending = await Promise.all(
      reviewers.map(async (r) => (await r.get('/st365/projects/review/assignments')).body.data.total as number),
    );
    expect(pending.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const qian = await as('13800000006');
    const mine = (await qian.get('/st365/projects/my/declarations')).body.data.records;
    expect(mine).toEqual([expect.objectContaining({ title: '工业互联网安全网关', statusText: '已退回修改' })]);
    const open = (await qian.get('/st365/projects/open')).body.data.list;
    expect(open.map((p: { name: string }) => p.name)).toContain('2026年度示范市科技创新项目');
  });
});
