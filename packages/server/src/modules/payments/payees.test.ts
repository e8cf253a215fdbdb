import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgs } from '../../platform/directory/tables';
import { createTestPerson, TestClient, type TestContext } from '../../testing';
import { applyPayment, createOrder, ledgerCheck } from './service';
import { type PaymentsWorld, paymentsWorld } from './test-world';
import { applyWithdrawal } from './withdrawals';

const CARDS = '/st365/payments/bank-cards';
const INFO = '/st365/payments/withdraw-info';
const APPLY = '/st365/payments/withdrawals';
const MINE = '/st365/payments/withdrawals/mine';
const REVIEW = '/st365/payments/withdrawals/review';
const WALLET = '/st365/payments/wallet';
const COLLECTION = '/st365/payments/collection/orders';
const OPERATION = '/st365/payments/operation/orders';
const CARD = {
  accountName: '计算机学会',
  bankName: '中国银行',
  branch: '',
  accountNo: '6216610000011111',
  isDefault: false,
};

/**
 * Payees other than the tenant (README, Payees): two societies of tenant A each collect their own
 * orders through the tenant's accounts, see only their own orders, wallet, flows, cards and
 * withdrawals, and cannot settle their own withdrawals; the tenant's operators see every payee with
 * a payee filter and settle; the ledger balances per payee.
 */
describe('payments: payees other than the tenant (代收 for organisations)', () => {
  let w: PaymentsWorld;
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let payer: TestClient;
  let tenantA: number;
  let root = 0;
  let societyX = 0;
  let societyY = 0;
  let xAdmin: TestClient;
  let yAdmin: TestClient;
  let xOrders: { id: number; orderNo: string }[] = [];
  let yOrder: { id: number; orderNo: string };
  let tenantOrder: { id: number; orderNo: string };

  /** An order of the payer to a payee, paid through the development cashier. */
  async function paidTo(payeeOrgId: number | null, fen: number, key: string) {
    const order = await t.db.withTenant(tenantA, (tx) =>
      createOrder(tx, tenantA, {
        payerUserId: w.payerId,
        payerName: '付款人',
        payeeOrgId,
        bizType: 'demo.fee',
        title: `会费${key}`,
        lines: [{ item: '会费', quantity: 1, unitPriceFen: fen }],
        idempotencyKey: key,
      }),
    );
    const token = await w.startDev(order.id);
    const paid = await w.anonymous.post('/st365/public/payments/dev-cashier', { token, outcome: 'paid' });
    expect(paid.body.data?.statusName, paid.body.msg).toBe('已支付');
    return order;
  }

  async function orgAdmin(orgId: number) {
    const p = await createTestPerson(t.db, tenantA, { identities: [{ code: 4, orgId }] });
    const client = new TestClient(t.app, w.domainA);
    await client.loginAs(p.mobile as string, p.password);
    return client;
  }

  const books = () => t.db.withTenant(tenantA, (tx) => ledgerCheck(tx, tenantA));
  const version = async () => (await admin.get('/st365/payments/agreement')).body.data.version as number;

  beforeAll(async () => {
    w = await paymentsWorld('payees');
    ({ t, admin, other, payer, tenantA } = w);
    [root, societyX, societyY] = await t.db.withTenant(tenantA, async (tx) => {
      const [r] = await tx.insert(orgs).values({ tenantId: tenantA, name: '测试市科协', orgType: 2 }).returning();
      const [x] = await tx
        .insert(orgs)
        .values({ tenantId: tenantA, name: '测试计算机学会', orgType: 5, parentId: r?.id })
        .returning();
      const [y] = await tx
        .insert(orgs)
        .values({ tenantId: tenantA, name: '测试医学会', orgType: 5, parentId: r?.id })
        .returning();
      return [r?.id ?? 0, x?.id ?? 0, y?.id ?? 0];
    });
    xAdmin = await orgAdmin(societyX);
    yAdmin = await orgAdmin(societyY);
    xOrders = [await paidTo(societyX, 30_000, 'x1'), await paidTo(societyX, 20_000, 'x2')];
    yOrder = await paidTo(societyY, 10_000, 'y1');
    tenantOrder = await paidTo(null, 40_000, 't1');
  });
  afterAll(() => t.close());

  it('names the payee on the order: an organisation, the tenant for its root, and refuses an unknown one', async () => {
    const detail = (await admin.get(`${OPERATION}/${xOrders[0]?.id}`)).body.data;
    expect(detail.payeeName).toBe('测试计算机学会');
    const rooted = await t.db.withTenant(tenantA, (tx) =>
      createOrder(tx, tenantA, {
        payerUserId: w.payerId,
        payerName: '付款人',
        payeeOrgId: root,
        bizType: 'demo.fee',
        title: '本会会费',
        lines: [{ item: '会费', quantity: 1, unitPriceFen: 100 }],
      }),
    );
    expect((await admin.get(`${COLLECTION}/${rooted.id}`)).body.data.payeeName).toMatch(/^测试租户/);
    await expect(
      t.db.withTenant(tenantA, (tx) =>
        createOrder(tx, tenantA, {
          payerUserId: w.payerId,
          payerName: '付款人',
          payeeOrgId: 999_999,
          bizType: 'demo.fee',
          title: '无',
          lines: [{ item: '会费', quantity: 1, unitPriceFen: 100 }],
        }),
      ),
    ).rejects.toThrow('收款单位不存在');
    // The payer pays an organisation's order through the tenant's own accounts (代收).
    const options = (await payer.get(`/st365/payments/mine/orders/${xOrders[0]?.id}/pay-options`)).body.data;
    expect(options.order.payeeName).toBe('测试计算机学会');
  });

  it('tells each caller whom it receives as', async () => {
    expect((await xAdmin.get('/st365/payments/payee')).body.data).toEqual({
      orgId: societyX,
      name: '测试计算机学会',
      operator: false,
    });
    expect((await admin.get('/st365/payments/payee')).body.data).toMatchObject({ orgId: null, operator: true });
    const options = (await admin.get('/st365/payments/payees?keyword=学会')).body.data as { value: number }[];
    expect(options.map((o) => o.value)).toEqual([societyX, societyY]);
    expect((await admin.get('/st365/payments/payees')).body.data[0]).toMatchObject({ value: 0 });
    // An organisation's administrator is offered only itself.
    expect((await xAdmin.get('/st365/payments/payees')).body.data).toEqual([
      { value: societyX, label: '测试计算机学会' },
    ]);
    expect((await other.get('/st365/payments/payees?keyword=测试计算机')).body.data).toEqual([]);
  });

  it('shows an organisation only its own orders, whatever it asks', async () => {
    const ids = (r: { body: { data: { records: { id: number }[] } } }) => r.body.data.records.map((o) => o.id).sort();
    const mineX = xOrders.map((o) => o.id).sort();
    expect(ids(await xAdmin.get(COLLECTION))).toEqual(mineX);
    expect(ids(await xAdmin.get(OPERATION))).toEqual(mineX);
    expect(ids(await xAdmin.get(`${OPERATION}?payee=${societyY}`))).toEqual(mineX);
    expect(ids(await xAdmin.get(`${OPERATION}?payee=0`))).toEqual(mineX);
    for (const base of [COLLECTION, OPERATION]) {
      expect((await xAdmin.get(`${base}/${yOrder.id}`)).body.msg).toBe('订单不存在');
      expect((await xAdmin.get(`${base}/${tenantOrder.id}`)).body.msg).toBe('订单不存在');
    }
    expect((await xAdmin.get(`${COLLECTION}/${xOrders[0]?.id}`)).body.data.can.refund).toBe(true);
    const refund = await yAdmin.post(`${OPERATION}/${xOrders[0]?.id}/refunds`, { amountFen: 100, reason: '越权' });
    expect(refund.body.msg).toBe('订单不存在');
    expect((await xAdmin.get(`${OPERATION}/stats`)).body.data).toMatchObject({ paidOrders: 2, paidFen: 50_000 });
    expect((await xAdmin.get(`${OPERATION}?payee=-1`)).body.msg).toContain('收款方不正确');
  });

  it('shows the operators every payee, one payee when asked, and the tenant alone in 收款订单', async () => {
    const total = async (url: string) => (await admin.get(url)).body.data.total as number;
    expect(await total(OPERATION)).toBeGreaterThanOrEqual(4);
    expect(await total(`${OPERATION}?payee=${societyX}`)).toBe(2);
    expect(await total(`${OPERATION}?payee=${societyY}`)).toBe(1);
    const own = (await admin.get(`${COLLECTION}?status=2`)).body.data.records as { id: number }[];
    expect(own.map((o) => o.id)).toEqual([tenantOrder.id]);
    expect((await admin.get(`${OPERATION}/stats?payee=${societyX}`)).body.data.paidFen).toBe(50_000);
    expect((await other.get(`${OPERATION}?payee=${societyX}`)).body.data.total).toBe(0);
    expect((await other.get(`${OPERATION}/${xOrders[0]?.id}`)).body.msg).toBe('订单不存在');
  });

  it('keeps each payee’s wallet and flows its own', async () => {
    expect((await xAdmin.get(WALLET)).body.data).toMatchObject({
      payeeName: '测试计算机学会',
      incomeFen: 50_000,
      balanceFen: 50_000,
      orders: 2,
    });
    expect((await yAdmin.get(WALLET)).body.data).toMatchObject({ incomeFen: 10_000, balanceFen: 10_000 });
    expect((await admin.get(WALLET)).body.data).toMatchObject({ incomeFen: 40_000, balanceFen: 40_000 });
    const flows = (await xAdmin.get('/st365/payments/flows/payee')).body.data;
    expect(flows.total).toBe(2);
    expect(flows.records.every((f: { account: string }) => f.account === `payee:org:${societyX}`)).toBe(true);
    // 运营流水 of one payee: both sides of its movements.
    const both = (await admin.get(`/st365/payments/flows/operator?payee=${societyX}`)).body.data;
    expect(both.total).toBe(4);
    expect(new Set(both.records.map((f: { account: string }) => f.account))).toEqual(
      new Set([`payee:org:${societyX}`, 'clearing:dev']),
    );
    // An organisation asking for another's movements gets its own.
    const asked = (await yAdmin.get(`/st365/payments/flows/operator?payee=${societyX}`)).body.data;
    expect(asked.total).toBe(2);
    expect((await other.get(WALLET)).body.data.incomeFen).toBe(0);
  });

  it('keeps cards per payee: another organisation neither sees, changes nor removes them', async () => {
    const x = await xAdmin.post(CARDS, CARD);
    expect(x.body.msg).toBe('绑定成功');
    const y = await yAdmin.post(CARDS, { ...CARD, accountName: '医学会', accountNo: '6216610000022222' });
    const xCards = (await xAdmin.get(CARDS)).body.data as { id: number; isDefault: boolean }[];
    expect(xCards).toEqual([expect.objectContaining({ id: x.body.data.id, isDefault: true })]);
    expect((await yAdmin.get(CARDS)).body.data).toEqual([
      expect.objectContaining({ id: y.body.data.id, isDefault: true }),
    ]);
    expect((await admin.get(CARDS)).body.data).toEqual([]);
    expect((await yAdmin.put(`${CARDS}/${x.body.data.id}`, { ...CARD, accountName: '冒名' })).body.msg).toBe(
      '银行卡不存在',
    );
    expect((await yAdmin.delete(`${CARDS}/${x.body.data.id}`)).body.msg).toBe('银行卡不存在');
    expect((await other.delete(`${CARDS}/${x.body.data.id}`)).body.code).not.toBe(200);
    // Nor withdraws to it.
    const stolen = await yAdmin.post(APPLY, {
      cardId: x.body.data.id,
      amountFen: 5_000,
      agreementVersion: await version(),
      agree: true,
    });
    expect(stolen.body.msg).toBe('银行卡不存在，请重新选择');
  });

  it('lets an organisation withdraw its own balance and no more; the operators settle it', async () => {
    expect(
      (await admin.put('/st365/payments/agreement', { feeRateBp: 60, minFeeFen: 100, minWithdrawFen: 100 })).body.msg,
    ).toBe('保存成功');
    const v = await version();
    const cardId = ((await xAdmin.get(CARDS)).body.data[0] as { id: number }).id;
    const over = await xAdmin.post(APPLY, { cardId, amountFen: 50_001, agreementVersion: v, agree: true });
    expect(over.body.msg).toBe('提现金额不能超过可提现余额 ¥500.00');
    const applied = await xAdmin.post(APPLY, { cardId, amountFen: 30_000, agreementVersion: v, agree: true });
    expect(applied.body.msg).toBe('提现申请已提交');
    const id = applied.body.data.id;
    expect((await xAdmin.get(INFO)).body.data).toMatchObject({ availableFen: 20_000, withdrawingFen: 30_000 });
    // The tenant's own balance is untouched.
    expect((await admin.get(INFO)).body.data.availableFen).toBe(40_000);
    // Another organisation neither sees nor cancels it; the organisation cannot settle its own.
    expect((await yAdmin.get(MINE)).body.data.total).toBe(0);
    expect((await yAdmin.get(REVIEW)).body.data.total).toBe(0);
    expect((await yAdmin.post(`${APPLY}/${id}/cancel`, {})).body.msg).toBe('提现申请不存在');
    const self = await xAdmin.post(`${APPLY}/${id}/approve`, { bankRef: 'X1' });
    expect(self.status).toBe(403);
    expect(self.body.msg).toBe('仅平台运营方可以处理提现');
    expect((await xAdmin.post(`${APPLY}/${id}/reject`, { reason: '自己驳回' })).body.msg).toBe(
      '仅平台运营方可以处理提现',
    );
    // Nor may the tenant's operators cancel an organisation's withdrawal (they reject it).
    expect((await admin.post(`${APPLY}/${id}/cancel`, {})).body.msg).toBe('提现申请不存在');
    expect((await other.post(`${APPLY}/${id}/approve`, { bankRef: 'X1' })).body.msg).toBe('提现申请不存在');
    // The operators see it among every payee's, and by the payee filter.
    const listed = (await admin.get(`${REVIEW}?payee=${societyX}`)).body.data;
    expect(listed.records).toEqual([
      expect.objectContaining({ id, payeeOrgId: societyX, payeeName: '测试计算机学会', feeFen: 180, netFen: 29_820 }),
    ]);
    expect((await admin.get(`${REVIEW}?payee=0`)).body.data.total).toBe(0);
    expect((await admin.post(`${APPLY}/${id}/approve`, { bankRef: 'B-X-0001' })).body.msg).toBe('已打款');
    expect((await xAdmin.get(WALLET)).body.data).toMatchObject({
      balanceFen: 20_000,
      withdrawingFen: 0,
      withdrawnFen: 29_820,
      serviceFeeFen: 180,
    });
    expect((await books()).balanced).toBe(true);
  });

  it('never lets one organisation overdraw, with many requests at once, nor hold up another', async () => {
    const v = await version();
    const xCard = ((await xAdmin.get(CARDS)).body.data[0] as { id: number }).id;
    const yCard = ((await yAdmin.get(CARDS)).body.data[0] as { id: number }).id;
    // X holds ¥200.00: eight requests of ¥150.00 at once, one may pass; Y's ¥80.00 passes beside them.
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        xAdmin.post(APPLY, { cardId: xCard, amountFen: 15_000, agreementVersion: v, agree: true, remark: `并发${i}` }),
      ),
      yAdmin.post(APPLY, { cardId: yCard, amountFen: 8_000, agreementVersion: v, agree: true }),
    ]);
    const y = results.pop();
    expect(y?.body.msg).toBe('提现申请已提交');
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 200))
      expect(r.body.msg).toBe('提现金额不能超过可提现余额 ¥50.00');
    expect((await xAdmin.get(INFO)).body.data).toMatchObject({ availableFen: 5_000, withdrawingFen: 15_000 });
    expect((await yAdmin.get(INFO)).body.data).toMatchObject({ availableFen: 2_000, withdrawingFen: 8_000 });
    const check = await books();
    expect(check.balanced).toBe(true);
    expect(check.crossing).toEqual([]);
    expect(check.payees).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          account: `payee:org:${societyX}`,
          balanceFen: 5_000,
          expectedFen: 5_000,
          withdrawingFen: 15_000,
          balanced: true,
        }),
        expect.objectContaining({ account: `payee:org:${societyY}`, balanceFen: 2_000, balanced: true }),
        expect.objectContaining({ account: 'payee:tenant', balanceFen: 40_000, balanced: true }),
      ]),
    );
  });

  it('keeps the tenant’s settings and accounts to its operators', async () => {
    const accounts = await xAdmin.get('/st365/payments/accounts');
    expect(accounts.status).toBe(403);
    expect(accounts.body.msg).toBe('仅平台运营方可以管理收款账户');
    expect(
      (await xAdmin.put('/st365/payments/agreement', { feeRateBp: 0, minFeeFen: 0, minWithdrawFen: 1 })).body.msg,
    ).toBe('仅平台运营方可以修改收款协议');
    expect((await xAdmin.get('/st365/payments/agreement')).body.data.feeRateBp).toBe(60);
    // 开票设置 are each payee's own (invoice-settings.test.ts).
    expect((await admin.get('/st365/payments/accounts')).body.data.total).toBe(1);
  });

  it('exports an organisation’s collection as its own list', async () => {
    const job = await xAdmin.post(`${COLLECTION}/export-jobs`, {});
    expect(job.body.code, job.body.msg).toBe(200);
    while (await t.app.jobs.runOnce(tenantA)) {
      // the export
    }
    const progress = (await xAdmin.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    expect(progress.rate).toBe(100);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await xAdmin.get(`/st365${progress.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(3);
    const titles = [2, 3].map((n) => String(sheet.getRow(n).getCell(2).value)).sort();
    expect(titles).toEqual(['会费x1', '会费x2']);
  });
  /** A new society of tenant A receiving money: its administrator, its card, and one paid order. */
  async function newPayee(name: string, fen: number) {
    const orgId = await t.db.withTenant(tenantA, async (tx) => {
      const [o] = await tx.insert(orgs).values({ tenantId: tenantA, name, orgType: 5, parentId: root }).returning();
      return o?.id ?? 0;
    });
    const p = await createTestPerson(t.db, tenantA, { identities: [{ code: 4, orgId }] });
    const client = new TestClient(t.app, w.domainA);
    await client.loginAs(p.mobile as string, p.password);
    const card = await client.post(CARDS, { ...CARD, accountName: name });
    expect(card.body.msg).toBe('绑定成功');
    const order = await paidTo(orgId, fen, `${name}-1`);
    return { orgId, client, userId: p.userId, cardId: card.body.data.id as number, order };
  }
  const walletOf = async (client: TestClient) => (await client.get(WALLET)).body.data;
  const lastEvent = async (orderId: number) => (await admin.get(`${OPERATION}/${orderId}`)).body.data.events.at(-1);

  it('refunds the payer when a withdrawal took the balance at the same moment: the platform fronts it, seen', async () => {
    const z = await newPayee('测试物理学会', 10_000);
    const v = await version();
    const [refund, withdrawal] = await Promise.all([
      admin.post(`${OPERATION}/${z.order.id}/refunds`, { amountFen: 10_000, reason: '活动取消' }),
      z.client.post(APPLY, { cardId: z.cardId, amountFen: 10_000, agreementVersion: v, agree: true }),
    ]);
    // The payer is refunded whatever happened.
    expect(refund.body.msg).toBe('退款成功');
    const remark = (await lastEvent(z.order.id)).remark as string;
    if (withdrawal.body.code === 200) {
      // The withdrawal came first: the refund found the account empty and says the platform fronted it.
      expect(remark).toContain('收款方余额不足，平台垫付 ¥100.00');
      expect(await walletOf(z.client)).toMatchObject({ balanceFen: -10_000, withdrawingFen: 10_000 });
    } else {
      // The refund came first (recorded, or done): nothing left to withdraw.
      expect(withdrawal.body.msg).toMatch(/^提现金额不能超过可提现余额 ¥0\.00/);
      expect(remark).not.toContain('垫付');
      expect(await walletOf(z.client)).toMatchObject({ balanceFen: 0, withdrawingFen: 0 });
    }
    const check = await books();
    expect(check.balanced).toBe(true);
    expect(check.payees).toEqual(
      expect.arrayContaining([expect.objectContaining({ account: `payee:org:${z.orgId}`, balanced: true })]),
    );
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'makes a refund wait for the payee’s withdrawal in progress, then fronts what it took and refuses withdrawing more',
    async () => {
      const p = await newPayee('测试化学会', 6_000);
      const v = await version();
      let release = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let held = () => {};
      const locked = new Promise<void>((r) => {
        held = r;
      });
      // A withdrawal of the whole balance, its transaction held open under the payee's wallet lock.
      const withdrawing = t.db.withTenant(tenantA, async (tx) => {
        const actor = {
          userId: p.userId,
          name: '化学会',
          payee: { orgId: p.orgId, name: '测试化学会', operator: false },
        };
        const applied = await applyWithdrawal(tx, tenantA, actor, {
          cardId: p.cardId,
          amountFen: 6_000,
          agreementVersion: v,
          agree: true,
          remark: '',
        });
        held();
        await gate;
        return applied;
      });
      await locked;
      const refunding = admin.post(`${OPERATION}/${p.order.id}/refunds`, { amountFen: 6_000, reason: '活动取消' });
      const early = await Promise.race([
        refunding.then(() => 'answered'),
        new Promise((r) => setTimeout(() => r('waiting'), 500)),
      ]);
      release();
      await withdrawing;
      expect(early).toBe('waiting');
      expect((await refunding).body.msg).toBe('退款成功');
      expect((await lastEvent(p.order.id)).remark).toContain('收款方余额不足，平台垫付 ¥60.00');
      expect(await walletOf(p.client)).toMatchObject({ balanceFen: -6_000, withdrawingFen: 6_000 });
      // While its balance is negative the payee withdraws nothing.
      const more = await p.client.post(APPLY, { cardId: p.cardId, amountFen: 1_000, agreementVersion: v, agree: true });
      expect(more.body.msg).toBe('余额为负 ¥60.00（退款由平台垫付），待新的收款补足后才能提现');
      expect((await books()).balanced).toBe(true);
    },
  );

  it('keeps 线下转账退回 of an exception to the operators; an organisation returns its own through the provider', async () => {
    const order = await paidTo(societyY, 2_000, 'y-twice');
    // Paid again after it was paid: an exception, held in suspense.
    const again = await t.db.withTenant(tenantA, (tx) =>
      applyPayment(tx, tenantA, 'dev', {
        orderNo: order.orderNo,
        providerTxnId: 'DEV-Y-TWICE',
        amountFen: 2_000,
        currency: 'CNY',
        state: 'paid',
        paidAt: new Date(),
      }),
    );
    expect(again).toBe('exception');
    const exception = (await yAdmin.get(`${COLLECTION}/${order.id}`)).body.data.payments.find(
      (p: { state: string }) => p.state === 'exception',
    );
    const url = `${COLLECTION}/${order.id}/payments/${exception.id}/refund`;
    const refused = await yAdmin.post(url, { how: 'transfer', reason: '已线下转账' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('仅平台运营方可以登记线下转账退回');
    expect((await yAdmin.get(`${COLLECTION}/${order.id}`)).body.data.payments).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: exception.id, refund: null, refundable: true })]),
    );
    // Through the provider it came by, the organisation returns it itself.
    expect((await yAdmin.post(url, { how: 'provider', reason: '重复支付' })).body.msg).toBe('已退回');
    const check = await books();
    expect(check.suspense).toMatchObject({ balanced: true });
    expect(check.balanced).toBe(true);
  });
});
