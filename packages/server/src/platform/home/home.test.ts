import { ResultCode } from '@shetuan/shared';
import type { THomeTodo, TPersonalHome, TUnitHome } from '@shetuan/shared/home';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../modules/payments';
import { createTestApp, createTestPerson, createTestTenantWithRbac, TestClient, type TestContext } from '../../testing';
import { seedDemo } from '../seed/demo';

/** The to-dos by key: their counts. */
const counts = (todos: THomeTodo[]) => Object.fromEntries(todos.map((t) => [t.key, t.count]));

/**
 * 单位首页 and 个人首页 on the demo data (each account of README's table lands on its work) and
 * on a second tenant: counts never cross tenants, a person sees only their own to-dos, and a
 * to-do or figure shows only to an identity that may open its page.
 */
describe('home pages', () => {
  let t: TestContext;
  let city: number;
  const as = async (mobile: string, host = 'localhost') => {
    const c = new TestClient(t.app, host);
    await c.loginAs(mobile, 'Demo@123');
    return c;
  };
  const unit = async (c: TestClient): Promise<TUnitHome> => {
    const res = await c.get('/st365/home/unit');
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data;
  };
  const personal = async (c: TestClient): Promise<TPersonalHome> => {
    const res = await c.get('/st365/home/personal');
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data;
  };
  const orderFor = (tenantId: number, payerUserId: number, key: string) =>
    t.db.withTenant(tenantId, (tx) =>
      createOrder(tx, tenantId, {
        payerUserId,
        payerName: '付款人',
        payeeName: '测试学会',
        bizType: 'demo.fee',
        title: `首页测试${key}`,
        lines: [{ item: '会费', taxCode: '', quantity: 1, unitPriceFen: 10_000 }],
        idempotencyKey: key,
        expiresInMinutes: 60,
      }),
    );

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: '0' });
    await seedDemo(t.db);
    city = (await as('13800000002')).tenantId as number;
  });
  afterAll(() => t.close());

  it("the association's administrator: the unit's to-dos, key figures and the income by month", async () => {
    const admin = await as('13800000002');
    const home = await unit(admin);
    const todo = counts(home.todos);
    // README's demo: an invoice application, a declaration at formal review, expert applications.
    expect(todo['payments.invoices']).toBeGreaterThanOrEqual(1);
    expect(todo['projects.formal-review']).toBeGreaterThanOrEqual(1);
    expect(todo['experts.audit']).toBeGreaterThanOrEqual(2);
    expect(home.todos.find((x) => x.key === 'payments.invoices')).toMatchObject({
      label: '待开票的申请',
      path: '/receivingTicketKaipiaoList',
    });
    // The person's own to-dos are on 个人首页, not here.
    expect(Object.keys(todo)).not.toContain('payments.to-pay');
    expect(Object.keys(todo)).not.toContain('projects.reviews');

    const figure = Object.fromEntries(home.figures.map((f) => [f.key, f]));
    expect(figure['identity.people']?.value).toBeGreaterThan(10);
    expect(figure['experts.active']).toMatchObject({ unit: 'count', suffix: '人', path: '/expertManagement' });
    expect(figure['experts.active']?.value).toBeGreaterThan(20);
    expect(figure['payments.income-month']).toMatchObject({ unit: 'fen', path: '/wallet' });
    expect(figure['projects.declarations-year']?.value).toBeGreaterThan(0);
    const income = home.series.find((s) => s.key === 'payments.income-months');
    expect(income?.points).toHaveLength(12);
    // The demo's payments were made now: this month's income is the series' last point.
    expect(income?.points.at(-1)?.value).toBe(figure['payments.income-month']?.value);
    expect(figure['payments.income-month']?.value).toBeGreaterThan(0);
    // Nothing of the infrastructure.
    expect(JSON.stringify(home)).not.toMatch(/pglite|postgres|serverTime|数据库/i);
  });

  it('each person of the demo finds their own work on 个人首页, and no unit home', async () => {
    const trial = counts((await personal(await as('13800000014'))).todos);
    expect(trial['projects.first-trial']).toBe(1);
    const reviewers = await Promise.all(
      ['13800000015', '13800000016'].map(async (m) => counts((await personal(await as(m))).todos)),
    );
    // The allocation decides which of the two demo reviewers scores what; together they have work.
    expect(reviewers.reduce((n, r) => n + (r['projects.reviews'] ?? 0), 0)).toBeGreaterThanOrEqual(1);
    expect(reviewers.every((r) => r['projects.first-trial'] === undefined)).toBe(true);
    const applicant = counts((await personal(await as('13800000006'))).todos);
    expect(applicant['projects.returned']).toBe(1);
    expect(applicant['payments.to-pay']).toBe(1);

    const member = await as('13800000004');
    const mine = (await personal(member)).todos;
    expect(counts(mine)['payments.to-pay']).toBeGreaterThanOrEqual(2);
    expect(mine.find((x) => x.key === 'payments.to-pay')).toMatchObject({
      label: '待支付的订单',
      path: '/orderPayment',
    });
    expect(counts(mine)['messages.unread']).toBeGreaterThanOrEqual(0);
    // A member may open neither the review flow's pages nor 单位首页.
    expect(Object.keys(counts(mine)).sort()).toEqual(['messages.unread', 'payments.to-pay']);
    const refused = await member.get('/st365/home/unit');
    expect(refused.body.code).toBe(ResultCode.NO_PAGE_PERMISSION);
  });

  it("a person's to-dos are their own: another member's orders are not counted", async () => {
    const wang = await as('13800000004');
    const before = counts((await personal(wang)).todos)['payments.to-pay'];
    const other = await createTestPerson(t.db, city, { identities: [{ code: 12 }] });
    const client = new TestClient(t.app, 'localhost');
    await client.loginAs(other.mobile as string, other.password);
    expect(counts((await personal(client)).todos)['payments.to-pay']).toBe(0);
    await orderFor(city, other.userId, `home-other-${other.userId}`);
    expect(counts((await personal(client)).todos)['payments.to-pay']).toBe(1);
    expect(counts((await personal(wang)).todos)['payments.to-pay']).toBe(before);
  });

  it("another tenant's home never counts this tenant's rows, nor this one another's", async () => {
    const b = await createTestTenantWithRbac(t.db);
    const adminB = await createTestPerson(t.db, b.id, { identities: [{ code: 4 }] });
    const memberB = await createTestPerson(t.db, b.id, { identities: [{ code: 12 }] });
    const admin = new TestClient(t.app, b.domain);
    await admin.loginAs(adminB.mobile as string, adminB.password);
    const member = new TestClient(t.app, b.domain);
    await member.loginAs(memberB.mobile as string, memberB.password);
    const wang = await as('13800000004');
    const before = counts((await personal(wang)).todos)['payments.to-pay'];

    const home = await unit(admin);
    const todo = counts(home.todos);
    // The city has them all waiting (above); tenant B has none.
    expect(todo).toMatchObject({
      'payments.invoices': 0,
      'payments.vouchers': 0,
      'payments.withdrawals': 0,
      'projects.formal-review': 0,
      'projects.approval': 0,
      'experts.audit': 0,
      'identity.registrations': 0,
    });
    const figure = Object.fromEntries(home.figures.map((f) => [f.key, f.value]));
    expect(figure).toMatchObject({
      'identity.people': 2,
      'experts.active': 0,
      'projects.declarations-year': 0,
      'payments.income-month': 0,
    });

    await orderFor(b.id, memberB.userId, `home-b-${memberB.userId}`);
    expect(counts((await personal(member)).todos)['payments.to-pay']).toBe(1);
    expect(counts((await personal(wang)).todos)['payments.to-pay']).toBe(before);
  });

  it('a to-do or figure shows only to an identity that may open its page (or use its function point)', async () => {
    const b = await createTestTenantWithRbac(t.db);
    const staff = await createTestPerson(t.db, b.id, { identities: [{ code: 2 }] });
    const adminB = await createTestPerson(t.db, b.id, { identities: [{ code: 4 }] });
    // 工作人员 has 首页 but none of the pages the modules' to-dos and figures open.
    const worker = new TestClient(t.app, b.domain);
    await worker.loginAs(staff.mobile as string, staff.password);
    expect(await unit(worker)).toEqual({ todos: [], figures: [], series: [] });

    // Without the function point 开票 the administrator keeps 开票管理's page but not its to-do.
    const admin = new TestClient(t.app, b.domain);
    await admin.loginAs(adminB.mobile as string, adminB.password);
    expect(counts((await unit(admin)).todos)).toHaveProperty('payments.invoices');
    const roles = (await admin.get('/st365/rbac/roles/options')).body.data.list as { id: number; name: string }[];
    const role = roles.find((r) => r.name === '管理员');
    const grants = (await admin.get(`/st365/rbac/roles/${role?.id}/grants`)).body.data;
    type Node = { path: string; functions: { id: number; code: string }[]; children: Node[] };
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const tree = flat((await admin.get('/st365/rbac/menus/tree')).body.data.tree);
    const issue = tree
      .find((n) => n.path === '/receivingTicketKaipiaoList')
      ?.functions.find((f) => f.code === 'issue')?.id;
    expect(issue).toBeDefined();
    const saved = await admin.put(`/st365/rbac/roles/${role?.id}/grants`, {
      menuIds: grants.menuIds,
      functionIds: grants.functionIds.filter((id: number) => id !== issue),
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const after = counts((await unit(admin)).todos);
    expect(after).not.toHaveProperty('payments.invoices');
    expect(after).toHaveProperty('payments.withdrawals');
  });
});
