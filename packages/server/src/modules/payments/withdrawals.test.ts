import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestContext } from '../../testing';
import * as repo from './repository';
import { ledgerCheck } from './service';
import { type PaymentsWorld, paymentsWorld } from './test-world';

const CARDS = '/st365/payments/bank-cards';
const AGREEMENT = '/st365/payments/agreement';
const INFO = '/st365/payments/withdraw-info';
const APPLY = '/st365/payments/withdrawals';
const MINE = '/st365/payments/withdrawals/mine';
const REVIEW = '/st365/payments/withdrawals/review';
const WALLET = '/st365/payments/wallet';

const CARD = {
  accountName: '测试学会',
  bankName: '中国银行',
  branch: '测试支行',
  accountNo: '6216 6100 0001 2345',
  isDefault: false,
};

describe('payments: 银行卡, 收款协议 and 提现 (withdrawals on the ledger)', () => {
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let payer: TestClient;
  let w: PaymentsWorld;
  let cardId = 0;
  let version = 0;
  /** The wallet's figures after the payments (¥1,000.00 paid in). */
  const INCOME = 100_000;

  const balanced = async (tenantId: number) =>
    (await t.db.withTenant(tenantId, (tx) => ledgerCheck(tx, tenantId))).balanced;
  const available = async () => (await admin.get(INFO)).body.data.availableFen as number;

  beforeAll(async () => {
    w = await paymentsWorld('wd');
    ({ t, admin, other, payer } = w);
    await w.paidOrder(60_000);
    await w.paidOrder(40_000);
  });
  afterAll(() => t.close());

  it('has a default agreement, saves a new version, and refuses bad values in Chinese', async () => {
    const before = (await admin.get(AGREEMENT)).body.data;
    expect(before).toMatchObject({ feeRateBp: 0, minFeeFen: 0, minWithdrawFen: 100, version: 0, updatedAt: null });
    const bad = await admin.put(AGREEMENT, { feeRateBp: 1001, minFeeFen: 0, minWithdrawFen: 100, text: '' });
    expect(bad.body.msg).toContain('服务费率不能超过10%');
    expect((await admin.put(AGREEMENT, { feeRateBp: 50, minFeeFen: -1, minWithdrawFen: 1 })).body.msg).toContain(
      '单笔最低服务费不能小于0',
    );
    const saved = await admin.put(AGREEMENT, {
      feeRateBp: 60,
      minFeeFen: 100,
      minWithdrawFen: 10_000,
      text: '<script>alert(1)</script>服务费0.6%',
    });
    expect(saved.body.msg).toBe('保存成功');
    const after = (await admin.get(AGREEMENT)).body.data;
    expect(after).toMatchObject({ feeRateBp: 60, minFeeFen: 100, minWithdrawFen: 10_000, version: 1 });
    // Plain text, shown as text: the screen never renders it as HTML.
    expect(after.text).toBe('<script>alert(1)</script>服务费0.6%');
    version = after.version;
    // The other tenant's agreement is its own.
    expect((await other.get(AGREEMENT)).body.data.version).toBe(0);
  });

  it('binds cards: the first is the default, a new default moves it, bad numbers refused', async () => {
    const bad = await admin.post(CARDS, { ...CARD, accountNo: '12ab' });
    expect(bad.body.msg).toContain('银行账号应为8至32位数字');
    expect((await admin.post(CARDS, { ...CARD, accountName: '' })).body.msg).toContain('请输入开户名');
    const first = await admin.post(CARDS, CARD);
    expect(first.body.msg).toBe('绑定成功');
    cardId = first.body.data.id;
    const second = await admin.post(CARDS, {
      ...CARD,
      bankName: '中国农业银行',
      accountNo: '6228480000000001',
      isDefault: true,
    });
    const cards = (await admin.get(CARDS)).body.data as { id: number; isDefault: boolean; accountNo: string }[];
    expect(cards.map((c) => [c.id, c.isDefault])).toEqual([
      [second.body.data.id, true],
      [cardId, false],
    ]);
    expect(cards.find((c) => c.id === cardId)?.accountNo).toBe('6216610000012345');
    // Removing the default makes the other one the default.
    expect((await admin.delete(`${CARDS}/${second.body.data.id}`)).body.msg).toBe('删除成功');
    const left = (await admin.get(CARDS)).body.data as { id: number; isDefault: boolean }[];
    expect(left).toEqual([expect.objectContaining({ id: cardId, isDefault: true })]);
  });

  it('keeps cards to their tenant: another tenant neither reads, changes nor removes them', async () => {
    expect((await other.get(CARDS)).body.data).toEqual([]);
    const change = await other.put(`${CARDS}/${cardId}`, { ...CARD, accountName: '冒名' });
    expect(change.body.code).not.toBe(200);
    const remove = await other.delete(`${CARDS}/${cardId}`);
    expect(remove.body.code).not.toBe(200);
    const cards = (await admin.get(CARDS)).body.data as { accountName: string }[];
    expect(cards.map((c) => c.accountName)).toEqual(['测试学会']);
  });

  it('refuses withdrawals over the balance, below the minimum, or under an agreement not read', async () => {
    expect(await available()).toBe(INCOME);
    const base = { cardId, agreementVersion: version, agree: true, remark: '' };
    const tries: [Record<string, unknown>, string][] = [
      [{ ...base, amountFen: INCOME + 1 }, '提现金额不能超过可提现余额 ¥1000.00'],
      [{ ...base, amountFen: 9_999 }, '单笔提现金额不能低于 ¥100.00'],
      [{ ...base, amountFen: 20_000, agreementVersion: 0 }, '收款协议已更新，请重新阅读并同意后再提现'],
      [{ ...base, amountFen: 20_000, agree: false }, '请阅读并同意收款协议'],
      [{ ...base, amountFen: 20_000, cardId: 999_999 }, '银行卡不存在，请重新选择'],
      [{ ...base, amountFen: 12.5 }, '提现金额最小单位为分'],
    ];
    for (const [body, msg] of tries) expect((await admin.post(APPLY, body)).body.msg).toContain(msg);
    expect(await available()).toBe(INCOME);
    expect((await admin.get(MINE)).body.data.total).toBe(0);
  });

  it('applies: the amount is held, the fee is the agreement’s, the books balance', async () => {
    const res = await admin.post(APPLY, {
      cardId,
      amountFen: 50_000,
      agreementVersion: version,
      agree: true,
      remark: '季度结算',
    });
    expect(res.body.msg).toBe('提现申请已提交');
    expect(res.body.data.withdrawNo).toMatch(/^W\d{18}$/);
    const info = (await admin.get(INFO)).body.data;
    expect(info).toMatchObject({ availableFen: 50_000, withdrawingFen: 50_000 });
    const list = (await admin.get(MINE)).body.data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      amountFen: 50_000,
      feeFen: 300,
      netFen: 49_700,
      status: 0,
      statusName: '待审核',
      accountNo: '6216610000012345',
      remark: '季度结算',
    });
    expect(await balanced(w.tenantA)).toBe(true);
  });

  it('never overdraws under concurrent requests', async () => {
    // ¥500.00 left: eight requests of ¥300.00 at once, one may pass.
    const results = await Promise.all(
      // Each its own body: identical signed requests would be refused as replays.
      Array.from({ length: 8 }, (_, i) =>
        admin.post(APPLY, { cardId, amountFen: 30_000, agreementVersion: version, agree: true, remark: `并发${i}` }),
      ),
    );
    const passed = results.filter((r) => r.body.code === 200);
    expect(passed).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 200))
      expect(r.body.msg).toBe('提现金额不能超过可提现余额 ¥200.00');
    expect(await available()).toBe(20_000);
    expect(await balanced(w.tenantA)).toBe(true);
    // The payee takes that one back: the money returns.
    const id = passed[0]?.body.data.id;
    expect((await admin.post(`${APPLY}/${id}/cancel`, {})).body.msg).toBe('已撤销');
    expect((await admin.post(`${APPLY}/${id}/cancel`, {})).body.msg).toBe('该提现已撤销，不能重复处理');
    expect(await available()).toBe(50_000);
  });

  it('pays out with the bank reference: the wallet shows what went out and the fee', async () => {
    const waiting = (await admin.get(`${REVIEW}?status=0`)).body.data.records as { id: number }[];
    expect(waiting).toHaveLength(1);
    const id = waiting[0]?.id as number;
    expect((await admin.post(`${APPLY}/${id}/approve`, { bankRef: '' })).body.msg).toContain('请输入打款流水号');
    expect((await admin.post(`${APPLY}/${id}/approve`, { bankRef: '流水<1>' })).body.msg).toContain(
      '打款流水号只能是数字、字母或-',
    );
    expect((await admin.post(`${APPLY}/${id}/approve`, { bankRef: 'B2026-0001' })).body.msg).toBe('已打款');
    expect((await admin.post(`${APPLY}/${id}/approve`, { bankRef: 'B2026-0002' })).body.msg).toBe(
      '该提现已打款，不能重复处理',
    );
    const wallet = (await admin.get(WALLET)).body.data;
    expect(wallet).toMatchObject({
      incomeFen: INCOME,
      refundedFen: 0,
      balanceFen: 50_000,
      withdrawingFen: 0,
      withdrawnFen: 49_700,
      serviceFeeFen: 300,
    });
    const done = (await admin.get(`${REVIEW}?keyword=B2026-0001`)).body.data.records[0];
    expect(done).toMatchObject({ status: 1, statusName: '已打款', bankRef: 'B2026-0001' });
    expect(await balanced(w.tenantA)).toBe(true);
    const lines = await t.db.withTenant(w.tenantA, (tx) => repo.accountSum(tx, w.tenantA, 'payout:bank'));
    expect(lines).toBe(-49_700);
  });

  it('rejects with a reason: the money is back in the balance', async () => {
    const res = await admin.post(APPLY, { cardId, amountFen: 20_000, agreementVersion: version, agree: true });
    const id = res.body.data.id;
    expect(await available()).toBe(30_000);
    expect((await admin.post(`${APPLY}/${id}/reject`, { reason: '' })).body.msg).toContain('请填写驳回原因');
    expect((await admin.post(`${APPLY}/${id}/reject`, { reason: '账户名与学会名称不符' })).body.msg).toBe('已驳回');
    expect(await available()).toBe(50_000);
    const row = (await admin.get(`${MINE}?status=2`)).body.data.records[0];
    expect(row).toMatchObject({ id, statusName: '已驳回', reason: '账户名与学会名称不符' });
    expect(await balanced(w.tenantA)).toBe(true);
  });

  it('searches, pages and exports both lists', async () => {
    const all = (await admin.get(`${REVIEW}?pageSize=2`)).body.data;
    // Paid out, cancelled, rejected.
    expect(all.total).toBe(3);
    expect(all.records).toHaveLength(2);
    expect((await admin.get(`${REVIEW}?current=2&pageSize=2`)).body.data.records).toHaveLength(1);
    expect((await admin.get(`${MINE}?status=3`)).body.data.total).toBe(1);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await admin.get(`${MINE}?from=${today}&to=${today}`)).body.data.total).toBe(3);
    expect((await admin.get(`${MINE}?from=2020-01-01&to=2020-01-31`)).body.data.total).toBe(0);
    expect((await admin.get(`${MINE}?from=2020-13-01`)).body.msg).toContain('开始日期格式不正确');
    const job = await admin.post(`${REVIEW}/export-jobs`, { status: 1 });
    expect(job.body.code, job.body.msg).toBe(200);
    while (await t.app.jobs.runOnce(w.tenantA)) {
      // the export
    }
    const progress = (await admin.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    expect(progress.rate).toBe(100);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await admin.get(`/st365${progress.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['提现单号', '服务费（元）', '实际到账（元）']));
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(12).value).toBe('B2026-0001');
  });

  it('refuses a member every route, and shows another tenant nothing', async () => {
    const waiting = await admin.post(APPLY, { cardId, amountFen: 10_000, agreementVersion: version, agree: true });
    const id = waiting.body.data.id;
    const tries = [
      payer.get(CARDS),
      payer.post(CARDS, CARD),
      payer.get(INFO),
      payer.post(APPLY, { cardId, amountFen: 10_000, agreementVersion: version, agree: true }),
      payer.get(MINE),
      payer.get(REVIEW),
      payer.post(`${APPLY}/${id}/approve`, { bankRef: 'X1' }),
      payer.put(AGREEMENT, { feeRateBp: 0, minFeeFen: 0, minWithdrawFen: 1 }),
    ];
    for (const r of await Promise.all(tries)) expect(r.status === 200 && r.body?.code === 200).toBe(false);
    expect((await other.get(REVIEW)).body.data.total).toBe(0);
    expect((await other.get(INFO)).body.data).toMatchObject({ availableFen: 0, withdrawingFen: 0, cards: [] });
    expect(id).toBeGreaterThan(0);
    for (const path of ['approve', 'reject', 'cancel']) {
      const r = await other.post(`${APPLY}/${id}/${path}`, { bankRef: 'X1', reason: '越权' });
      expect(r.body.msg).toBe('提现申请不存在');
    }
    const row = (await admin.get(`${MINE}?status=0`)).body.data.records[0];
    expect(row).toMatchObject({ id, status: 0 });
    expect(await balanced(w.tenantB)).toBe(true);
  });
});

describe('payments: 开票设置, 开票运营 and 订单统计', () => {
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let payer: TestClient;
  let w: PaymentsWorld;
  let order: { id: number; orderNo: string };
  const SETTINGS = '/st365/payments/invoice-settings';
  const APPLY_INVOICE = '/st365/payments/invoices/mine';
  const SETTINGS_ON = {
    enabled: true,
    normal: true,
    special: false,
    sellerName: '测试学会',
    sellerTaxNo: '91110000MA01ABCD2X',
    sellerAddressPhone: '',
    sellerBank: '',
    note: '发票将在5个工作日内开具',
  };
  const application = {
    titleType: 'company',
    title: '测试科技有限公司',
    taxNo: '91110000MA01ABCD3Y',
    email: 'fin@example.com',
    invoiceType: 'normal',
    address: '北京市',
    phone: '010-12345678',
    bank: '中国银行',
    bankAccount: '6216610000012345',
    amountFen: 10_000,
    remark: '',
  };

  beforeAll(async () => {
    w = await paymentsWorld('inv2');
    ({ t, admin, other, payer } = w);
    order = await w.paidOrder(30_000);
    await w.newOrder(8_000);
  });
  afterAll(() => t.close());

  it('follows the payee’s settings when an invoice is applied for', async () => {
    expect((await payer.get(`${SETTINGS}/apply-rules?orderId=${order.id}`)).body.data).toEqual({
      enabled: true,
      normal: true,
      special: true,
      note: '',
    });
    expect((await admin.put(SETTINGS, { ...SETTINGS_ON, normal: false })).body.msg).toContain('请至少选择一种发票类型');
    expect((await admin.put(SETTINGS, { ...SETTINGS_ON, sellerTaxNo: 'abc' })).body.msg).toContain(
      '纳税人识别号应为15至20位数字或大写字母',
    );
    expect((await admin.put(SETTINGS, SETTINGS_ON)).body.msg).toBe('保存成功');
    expect((await payer.get(`${SETTINGS}/apply-rules?orderId=${order.id}`)).body.data).toEqual({
      enabled: true,
      normal: true,
      special: false,
      note: '发票将在5个工作日内开具',
    });
    const special = await payer.post(APPLY_INVOICE, { ...application, orderId: order.id, invoiceType: 'special' });
    expect(special.body.msg).toBe('暂不开具专用发票');
    await admin.put(SETTINGS, { ...SETTINGS_ON, enabled: false });
    expect((await payer.post(APPLY_INVOICE, { ...application, orderId: order.id })).body.msg).toBe('暂不接受开票申请');
    await admin.put(SETTINGS, SETTINGS_ON);
    expect((await payer.post(APPLY_INVOICE, { ...application, orderId: order.id })).body.msg).toBe('开票申请已提交');
    // A member may not change the settings; another tenant's are its own.
    expect((await payer.put(SETTINGS, SETTINGS_ON)).body.code).not.toBe(200);
    expect((await other.get(SETTINGS)).body.data).toMatchObject({
      payeeOrgId: null,
      special: true,
      note: '',
      updatedAt: null,
    });
  });

  it('lets the operators see and handle every application (开票运营), and no other tenant', async () => {
    const list = (await admin.get('/st365/payments/invoices/operation')).body.data;
    expect(list.total).toBe(1);
    const id = list.records[0].id;
    expect((await admin.get(`/st365/payments/invoices/operation/${id}`)).body.data.orderNo).toBe(order.orderNo);
    expect((await other.get('/st365/payments/invoices/operation')).body.data.total).toBe(0);
    expect((await other.post(`/st365/payments/invoices/operation/${id}/reject`, { reason: '越权' })).body.msg).toBe(
      '发票申请不存在',
    );
    expect((await admin.post(`/st365/payments/invoices/operation/${id}/reject`, { reason: '抬头有误' })).body.msg).toBe(
      '已驳回',
    );
    expect((await payer.get('/st365/payments/invoices/operation')).body.code).not.toBe(200);
  });

  it('counts the orders by state, method and month, with the list’s filters', async () => {
    const stats = (await admin.get('/st365/payments/operation/orders/stats')).body.data;
    expect(stats).toMatchObject({ orders: 2, amountFen: 38_000, paidOrders: 1, paidFen: 30_000, refundedFen: 0 });
    expect(stats.byStatus).toEqual([
      { status: 0, statusName: '待支付', orders: 1, amountFen: 8_000 },
      { status: 2, statusName: '已支付', orders: 1, amountFen: 30_000 },
    ]);
    expect(stats.byMethod).toEqual([{ method: 'dev', methodName: '模拟支付', orders: 1, paidFen: 30_000 }]);
    expect(stats.months).toHaveLength(12);
    expect(stats.months.at(-1)).toMatchObject({ orders: 1, paidFen: 30_000 });
    const filtered = (await admin.get('/st365/payments/collection/orders/stats?status=0')).body.data;
    expect(filtered).toMatchObject({ orders: 1, amountFen: 8_000, paidOrders: 0 });
    expect((await admin.get(`/st365/payments/operation/orders/stats?keyword=${order.orderNo}`)).body.data.orders).toBe(
      1,
    );
    expect((await other.get('/st365/payments/operation/orders/stats')).body.data.orders).toBe(0);
    expect((await payer.get('/st365/payments/operation/orders/stats')).body.code).not.toBe(200);
    expect((await admin.get('/st365/payments/operation/orders/stats?status=9')).body.msg).toContain('状态不正确');
  });
});
