import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities } from '../../platform/directory/tables';
import { smsOutbox } from '../../platform/sms';
import { adminsOfTwoTenants, createTestApp, createTestPerson, TestClient, type TestContext } from '../../testing';
import { insertOrg } from '../org';
import { libraryProfiles } from './service';

const LIB = '/st365/experts/library';
const DOMAINS = '/st365/experts/domains';
const LABELS = '/st365/experts/labels';
const DRAWS = '/st365/experts/draws';

describe('experts: the library, approvals, draws', () => {
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let tenantA: number;
  let domainA: string;
  let u1: number;
  let u2: number;
  const domain: Record<string, number> = {};
  const label: Record<string, number> = {};

  const expertBody = (name: string, mobile: string, extra: Record<string, unknown> = {}) => ({
    name,
    mobile,
    unitId: u1,
    title: '教授',
    regionCode: '330106',
    domainIds: [domain.ai],
    labelIds: [],
    ...extra,
  });

  async function lastLinkToken(phone: string): Promise<string> {
    const [row] = await t.db.withTenant(tenantA, (tx) =>
      tx
        .select({ content: smsOutbox.content })
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, phone))
        .orderBy(desc(smsOutbox.id))
        .limit(1),
    );
    const token = /token=([\w-]+)/.exec(row?.content ?? '')?.[1];
    if (!token) throw new Error(`no invitation link sent to ${phone}`);
    return token;
  }

  /** Starts an export job, runs the queue, and downloads the file. */
  async function exported(path: string) {
    const job = await admin.post(path, {});
    expect(job.body.code, job.body.msg).toBe(200);
    while (await t.app.jobs.runOnce(tenantA)) {
      // every queued job, SMS notices included
    }
    const progress = (await admin.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    expect(progress).toMatchObject({ rate: 100 });
    return admin.get(`/st365${progress.url}`);
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
  });
  afterAll(() => t.close());

  it('offers the pages in the 专家管理 group with their function points', async () => {
    const menu = (await admin.get('/st365/auth/menu')).body.data;
    const group = menu.menuResult.find((g: { name: string }) => g.name === '专家管理');
    expect(group.children.map((c: { path: string }) => c.path)).toEqual(
      expect.arrayContaining([
        '/expertManagement',
        '/expertSelection',
        '/expertDomainClassification',
        '/audit-list-of-experts',
        '/label-management',
        '/expertStatistics',
      ]),
    );
    expect(menu.functions).toEqual(
      expect.arrayContaining(['/expertManagement:add', '/expertSelection:add', '/audit-list-of-experts:audit']),
    );
  });

  it('keeps a domain tree: children, a parent that would make a loop and a non-empty domain are refused', async () => {
    const add = async (name: string, parentId: number | null = null) => {
      const res = await admin.post(DOMAINS, { name, parentId });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data.id as number;
    };
    domain.it = await add('信息技术');
    domain.ai = await add('人工智能', domain.it);
    domain.se = await add('软件工程', domain.it);
    domain.mfg = await add('先进制造');
    domain.robot = await add('机器人', domain.mfg);
    expect((await admin.post(DOMAINS, { name: '人工智能', parentId: domain.it })).body.msg).toBe(
      '同一上级下已有同名领域',
    );
    expect((await admin.post(DOMAINS, { name: '' })).body.msg).toContain('请输入领域名称');
    expect((await admin.put(`${DOMAINS}/${domain.it}`, { name: '信息技术', parentId: domain.ai })).body.msg).toBe(
      '上级领域不能是它自己或它的下级',
    );
    const tree = (await admin.get(DOMAINS)).body.data.records;
    expect(tree.map((d: { name: string }) => d.name)).toEqual(['信息技术', '先进制造']);
    expect(tree[0].children.map((d: { name: string }) => d.name)).toEqual(['人工智能', '软件工程']);
    const options = (await admin.get(`${DOMAINS}/options`)).body.data.list;
    expect(options.map((o: { name: string }) => o.name)).toContain('信息技术 / 人工智能');
    expect((await admin.delete(`${DOMAINS}/${domain.it}`)).body.msg).toBe('请先删除下级领域');
  });

  it('keeps labels with unique names', async () => {
    label.youth = (await admin.post(LABELS, { name: '青年人才', description: '45周岁以下' })).body.data.id;
    label.pool = (await admin.post(LABELS, { name: '评审专家库' })).body.data.id;
    expect((await admin.post(LABELS, { name: '青年人才' })).body.msg).toBe('标签名称已存在');
    const list = (await admin.get(`${LABELS}?keyword=${encodeURIComponent('青年')}`)).body.data;
    expect(list.records.map((l: { name: string }) => l.name)).toEqual(['青年人才']);
    expect(list.records[0].expertCount).toBe(0);
  });

  it('adds experts to the library, searches and filters them, and exports the list', async () => {
    const res = await admin.post(LIB, expertBody('甲专家', '13700000001', { labelIds: [label.youth, label.pool] }));
    expect(res.body.code, res.body.msg).toBe(200);
    await admin.post(LIB, expertBody('乙专家', '13700000002', { unitId: u2, domainIds: [domain.se] }));
    await admin.post(LIB, expertBody('丙专家', '13700000003', { domainIds: [domain.robot], regionCode: '330481' }));
    await admin.post(LIB, expertBody('丁专家', '13700000004', { unitId: u2, labelIds: [label.pool] }));
    await admin.post(LIB, expertBody('戊专家', '13700000005', { domainIds: [domain.se], labelIds: [label.pool] }));
    expect((await admin.post(LIB, expertBody('重复', '13700000001'))).body.msg).toBe(
      '该手机号已是本机构专家（已入库）',
    );
    expect((await admin.post(LIB, expertBody('无领域', '13700000009', { domainIds: [] }))).body.msg).toContain(
      '请选择专业领域',
    );
    expect((await admin.post(LIB, expertBody('坏号', '123'))).body.msg).toContain('手机号格式不正确');
    expect((await admin.post(LIB, expertBody('他单位', '13700000008', { unitId: 999999 }))).body.msg).toBe(
      '单位不存在，请重新选择',
    );

    const all = (await admin.get(`${LIB}?pageSize=100`)).body.data;
    expect(all.total).toBe(5);
    const first = all.records.find((r: { name: string }) => r.name === '甲专家');
    expect(first).toMatchObject({
      unitName: '第一研究所',
      domainNames: ['信息技术 / 人工智能'],
      labelNames: ['青年人才', '评审专家库'],
      status: 1,
      source: 'admin',
    });
    expect(first.regionName).toContain('西湖区');
    const inIt = (await admin.get(`${LIB}?domainId=${domain.it}`)).body.data;
    expect(inIt.total).toBe(4); // a parent domain finds its children's experts
    expect((await admin.get(`${LIB}?labelId=${label.pool}`)).body.data.total).toBe(3);
    const labels = (await admin.get(LABELS)).body.data.records;
    expect(labels.map((l: { name: string; expertCount: number }) => [l.name, l.expertCount])).toEqual([
      ['青年人才', 1],
      ['评审专家库', 3],
    ]);
    expect(
      (await admin.get(`${LIB}?regionCode=330400`)).body.data.records.map((r: { name: string }) => r.name),
    ).toEqual(['丙专家']);
    expect((await admin.get(`${LIB}?keyword=${encodeURIComponent('第二')}`)).body.data.total).toBe(2);
    expect((await admin.get(`${LIB}?regionCode=abc`)).body.msg).toContain('所在地区不正确');

    // The expert's account exists and holds the expert identity.
    const file = await exported(`${LIB}/export-jobs`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual(expect.arrayContaining(['姓名', '专业领域', '标签']));
    expect(sheet?.rowCount).toBe(6);
  });

  it("gives reviewer allocation each library expert's domains (with their ancestors) and avoided units", async () => {
    const res = await admin.post(LIB, expertBody('回避者', '13700000020', { avoidUnitIds: [u2] }));
    const expert = (await admin.get(`${LIB}/${res.body.data.id}`)).body.data;
    const profiles = await t.db.withTenant(tenantA, (tx) => libraryProfiles(tx, tenantA, [expert.userId]));
    expect(profiles.get(expert.userId)).toEqual({
      domainIds: expect.arrayContaining([domain.ai, domain.it]),
      avoidUnitIds: [u2],
    });
    await admin.put(`${LIB}/${expert.id}/status`, { status: 3 });
    const none = await t.db.withTenant(tenantA, (tx) => libraryProfiles(tx, tenantA, [expert.userId]));
    expect(none.size).toBe(0); // a disabled expert is not in the pool's library profiles
    await admin.delete(`${LIB}/${expert.id}`);
  });

  it('disables and enables an expert; a domain with experts cannot be deleted', async () => {
    const list = (await admin.get(`${LIB}?keyword=${encodeURIComponent('戊专家')}`)).body.data.records;
    const id = list[0].id;
    expect((await admin.put(`${LIB}/${id}/status`, { status: 3 })).body.msg).toBe('已停用');
    expect((await admin.get(`${LIB}?status=3`)).body.data.total).toBe(1);
    expect((await admin.put(`${LIB}/${id}/status`, { status: 0 })).body.msg).toContain('状态只能是已入库或已停用');
    expect((await admin.put(`${LIB}/${id}/status`, { status: 1 })).body.msg).toBe('已启用');
    expect((await admin.delete(`${DOMAINS}/${domain.se}`)).body.msg).toBe('有专家属于该领域，不能删除');
  });

  it('a member applies at 我的专家信息; the administrator approves; a later change waits for approval', async () => {
    const p = await createTestPerson(t.db, tenantA, { identities: [{ code: 12, orgId: u1 }] });
    const member = new TestClient(t.app, domainA);
    await member.loginAs(p.mobile as string, p.password);
    const before = (await member.get('/st365/experts/mine')).body.data;
    expect(before.expert).toBeNull();
    const profile = { name: '申请人', unitId: u1, title: '副教授', domainIds: [domain.ai], regionCode: '330106' };
    expect((await member.put('/st365/experts/mine', { ...profile, domainIds: [] })).body.msg).toContain(
      '请选择专业领域',
    );
    const applied = await member.put('/st365/experts/mine', profile);
    expect(applied.body.msg).toBe('申请已提交，等待管理员审核');
    expect((await member.get('/st365/experts/mine')).body.data.expert).toMatchObject({ status: 0, source: 'register' });

    const queue = (await admin.get('/st365/experts/audits?kind=register')).body.data;
    const item = queue.records.find((r: { name: string }) => r.name === '申请人');
    expect(item).toMatchObject({ kind: 'register', kindName: '入库申请', domainNames: ['信息技术 / 人工智能'] });
    expect((await admin.post(`/st365/experts/audits/${item.expertId}`, { pass: false })).body.msg).toContain(
      '请填写不通过的原因',
    );
    expect((await admin.post(`/st365/experts/audits/${item.expertId}`, { pass: true })).body.msg).toBe('已审核通过');
    expect((await admin.post(`/st365/experts/audits/${item.expertId}`, { pass: true })).body.msg).toBe(
      '该专家没有待审核的申请',
    );

    // The expert identity is now active: the person may choose it.
    const [identity] = await t.db.withTenant(tenantA, (tx) =>
      tx
        .select({ status: identities.status })
        .from(identities)
        .where(and(eq(identities.userId, p.userId), eq(identities.identityCode, 3))),
    );
    expect(identity?.status).toBe(1);

    const change = await member.put('/st365/experts/mine', { ...profile, title: '教授' });
    expect(change.body.msg).toBe('修改已提交，等待管理员审核');
    const mine = (await member.get('/st365/experts/mine')).body.data;
    expect(mine.expert.title).toBe('副教授');
    expect(mine.pendingChange.title).toBe('教授');
    const changes = (await admin.get('/st365/experts/audits?kind=change')).body.data.records;
    expect(changes[0].diff).toEqual([{ field: 'title', title: '职称', before: '副教授', after: '教授' }]);
    await admin.post(`/st365/experts/audits/${changes[0].expertId}`, { pass: true });
    expect((await member.get('/st365/experts/mine')).body.data.expert.title).toBe('教授');
    expect((await member.put('/st365/experts/mine', { ...profile, title: '教授' })).body.msg).toBe('信息没有变化');
    const messages = (await member.get('/st365/messages?pageSize=10')).body.data.records;
    expect(messages.map((m: { title: string }) => m.title)).toContain('您的专家信息变更已审核通过');
  });

  it('draws experts reproducibly, invites them by SMS, and a decline invites the next substitute', async () => {
    for (let i = 0; i < 6; i++)
      await admin.post(LIB, expertBody(`抽${i}`, `1370000010${i}`, { domainIds: [domain.ai] }));
    const bad = await admin.post(DRAWS, { title: '', slots: [] });
    expect(bad.body.msg).toContain('请输入遴选名称');
    expect((await admin.post(DRAWS, { title: '评审', slots: [{ count: 1 }] })).body.msg).toContain(
      '每组请至少选择领域、标签或地区之一',
    );
    const res = await admin.post(DRAWS, {
      title: '人工智能评审会',
      slots: [{ domainId: domain.ai, count: 2, substitutes: 2 }],
      excludeUnitIds: [u2],
      seed: '0000abcd',
    });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('已抽取 2 名专家，并已发送邀请');
    const id = res.body.data.id;
    const detail = (await admin.get(`${DRAWS}/${id}`)).body.data;
    expect(detail.seed).toBe('0000abcd');
    expect(detail.picks.map((p: { status: string }) => p.status)).toEqual(['invited', 'invited', 'waiting', 'waiting']);
    expect(detail.picks.every((p: { unitName: string }) => p.unitName !== '第二研究所')).toBe(true);
    expect(detail.slots[0]).toMatchObject({ text: '领域：人工智能', count: 2, confirmed: 0 });
    const verify = (await admin.get(`${DRAWS}/${id}/verify`)).body.data;
    expect(verify.consistent).toBe(true);

    // The first drawn expert declines by the link (no login); the first substitute is invited.
    const [first, secondPick, sub1] = detail.picks;
    const token = await lastLinkToken(first.mobile);
    const visitor = new TestClient(t.app, domainA);
    const view = (await visitor.get(`/st365/public/expert-invitations?token=${token}`)).body.data;
    expect(view).toMatchObject({ title: '人工智能评审会', expertName: first.name, status: 'invited' });
    expect((await visitor.post('/st365/public/expert-invitations', { token, accept: false })).body.msg).toContain(
      '请填写不能参加的原因',
    );
    const declined = await visitor.post('/st365/public/expert-invitations', { token, accept: false, reason: '出差' });
    expect(declined.body.msg).toBe('已拒绝，已邀请下一位候补专家');
    expect((await visitor.post('/st365/public/expert-invitations', { token, accept: true })).body.msg).toBe(
      '该邀请已答复（已拒绝）',
    );
    expect((await visitor.get('/st365/public/expert-invitations?token=nope')).body.msg).toBe('邀请链接无效或已失效');

    // The administrator confirms for the second (by phone) and the substitute accepts by link.
    const byAdmin = await admin.post(`${DRAWS}/${id}/picks/${secondPick.id}/answer`, { accept: true });
    expect(byAdmin.body.msg).toBe('已确认参加');
    await visitor.post('/st365/public/expert-invitations', { token: await lastLinkToken(sub1.mobile), accept: true });
    const after = (await admin.get(`${DRAWS}/${id}`)).body.data;
    expect(after.picks.map((p: { status: string }) => p.status)).toEqual([
      'declined',
      'confirmed',
      'confirmed',
      'waiting',
    ]);
    expect(after).toMatchObject({ confirmed: 2, declined: 1, statusName: '已完成' });
    expect(after.picks[1].respondedBy).toContain('代为答复');

    // The same seed over the same candidates draws the same experts.
    const again = (
      await admin.post(DRAWS, {
        title: '复抽',
        slots: [{ domainId: domain.ai, count: 2, substitutes: 2 }],
        excludeUnitIds: [u2],
        seed: '0000abcd',
      })
    ).body.data.id;
    const second = (await admin.get(`${DRAWS}/${again}`)).body.data;
    expect(second.picks.map((p: { expertId: number }) => p.expertId)).toEqual(
      detail.picks.map((p: { expertId: number }) => p.expertId),
    );

    // Recently invited experts can be left out of the next draw.
    const recent = await admin.post(DRAWS, {
      title: '再抽',
      slots: [{ domainId: domain.ai, count: 10 }],
      excludeRecentDays: 30,
    });
    const fresh = (await admin.get(`${DRAWS}/${recent.body.data.id}`)).body.data.picks.map(
      (p: { expertId: number }) => p.expertId,
    );
    for (const p of after.picks.filter((x: { status: string }) => x.status !== 'waiting'))
      expect(fresh).not.toContain(p.expertId);

    const list = (await admin.get(`${DRAWS}?keyword=${encodeURIComponent('人工智能')}`)).body.data;
    expect(list.records[0]).toMatchObject({ title: '人工智能评审会', needed: 2, confirmed: 2 });
    const log = await exported(`${DRAWS}/${id}/export-jobs`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(log.raw.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.rowCount).toBe(5);
    expect(wb.worksheets[0]?.getRow(2).getCell(1).text).toBe('第1组（领域：人工智能）');
  });

  it('counts the library for 专家统计', async () => {
    const s = (await admin.get('/st365/experts/statistics')).body.data;
    expect(s.active).toBeGreaterThanOrEqual(10);
    expect(s.byDomain.find((d: { name: string }) => d.name === '信息技术').value).toBeGreaterThan(0);
    expect(s.monthly).toHaveLength(12);
    expect(s.draws.count).toBe(3);
    expect(s.draws.declined).toBe(1);
  });

  it("another tenant's administrator can neither read nor change the library, its approvals or draws", async () => {
    const mine = (await admin.get(`${LIB}?pageSize=1`)).body.data.records[0];
    const draw = (await admin.get(DRAWS)).body.data.records[0];
    expect((await other.get(LIB)).body.data.total).toBe(0);
    expect((await other.get(`${LIB}/${mine.id}`)).body.code).not.toBe(200);
    expect((await other.put(`${LIB}/${mine.id}`, expertBody('改', '13700000001'))).body.code).not.toBe(200);
    expect((await other.put(`${LIB}/${mine.id}/status`, { status: 3 })).body.code).not.toBe(200);
    expect((await other.delete(`${LIB}/${mine.id}`)).body.code).not.toBe(200);
    expect((await other.get(DOMAINS)).body.data.total).toBe(0);
    expect((await other.delete(`${DOMAINS}/${domain.robot}`)).body.code).toBe(200); // nothing of theirs to delete
    expect((await other.get(LABELS)).body.data.total).toBe(0);
    expect((await other.get('/st365/experts/audits')).body.data.total).toBe(0);
    expect((await other.get(DRAWS)).body.data.total).toBe(0);
    expect((await other.get(`${DRAWS}/${draw.id}`)).body.msg).toBe('遴选不存在或已删除');
    expect((await other.get(`${DRAWS}/${draw.id}/verify`)).body.msg).toBe('遴选不存在或已删除');
    expect((await other.post(`${DRAWS}/${draw.id}/export-jobs`, {})).body.msg).toBe('遴选不存在或已删除');
    expect((await other.get('/st365/experts/statistics')).body.data.total).toBe(0);
    // Our records are unchanged.
    expect((await admin.get(`${LIB}/${mine.id}`)).body.data).toMatchObject({ name: mine.name, status: mine.status });
    expect((await admin.get(DOMAINS)).body.data.total).toBe(2);
  });
});
