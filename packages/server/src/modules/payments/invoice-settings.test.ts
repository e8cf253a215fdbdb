import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgs } from '../../platform/directory/tables';
import { createTestPerson, TestClient, type TestContext } from '../../testing';
import * as repo from './repository';
import { createOrder } from './service';
import { type PaymentsWorld, paymentsWorld } from './test-world';

const SETTINGS = '/st365/payments/invoice-settings';
const RULES = `${SETTINGS}/apply-rules`;
const MINE = '/st365/payments/invoices/mine';
const ISSUE = '/st365/payments/invoices/issue';
const OPERATION = '/st365/payments/invoices/operation';

const TENANT_SETTINGS = {
  enabled: true,
  normal: true,
  special: false,
  sellerName: '测试市科协',
  sellerTaxNo: '91110000MA01TENANT',
  sellerAddressPhone: '示范路1号 010-11111111',
  sellerBank: '中国银行示范支行 6216610000000001',
  note: '科协：10个工作日内开具',
};
const SOCIETY_SETTINGS = {
  enabled: true,
  normal: true,
  special: true,
  sellerName: '测试计算机学会',
  sellerTaxNo: '51110000MJ0SOCIETY',
  sellerAddressPhone: '学院路2号 010-22222222',
  sellerBank: '中国工商银行学院路支行 6222000000000002',
  note: '学会：5个工作日内开具',
};
const personal = (orderId: number, amountFen: number) => ({
  orderId,
  titleType: 'personal',
  title: '张三',
  email: 'zhangsan@example.com',
  invoiceType: 'normal',
  amountFen,
});
const special = (orderId: number, amountFen: number) => ({
  orderId,
  titleType: 'company',
  title: '示范科技有限公司',
  taxNo: '91110000MA01ABCD1X',
  email: 'fin@example.com',
  invoiceType: 'special',
  address: '示范市示范路1号',
  phone: '010-12345678',
  bank: '中国工商银行示范支行',
  bankAccount: '6222000011112222',
  amountFen,
});

/**
 * 开票设置 per payee (README, Invoicing settings): the tenant itself and each organisation that
 * receives money keep their own; an application follows the settings of its order's payee; a payee
 * reads and changes only its own, the tenant's operators any of the tenant's; another tenant none.
 */
describe('payments: invoicing settings per payee', () => {
  let w: PaymentsWorld;
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let payer: TestClient;
  let stranger: TestClient;
  let tenantA: number;
  let tenantB: number;
  let root = 0;
  let societyX = 0;
  let societyY = 0;
  let xAdmin: TestClient;
  let yAdmin: TestClient;
  let xName = '';
  let xOrder: { id: number };
  let xOrder2: { id: number };
  let tenantOrder: { id: number };

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
    const person = await t.db.withTenant(tenantA, (tx) => repo.personOf(tx, p.userId));
    return { client, name: person?.name ?? '' };
  }

  const rows = () =>
    t.db.withTenant(tenantA, async (tx) => ({
      tenant: await repo.getInvoiceSettings(tx, tenantA, null),
      x: await repo.getInvoiceSettings(tx, tenantA, societyX),
      y: await repo.getInvoiceSettings(tx, tenantA, societyY),
    }));

  beforeAll(async () => {
    w = await paymentsWorld('invset');
    ({ t, admin, other, payer, stranger, tenantA, tenantB } = w);
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
    const x = await orgAdmin(societyX);
    xAdmin = x.client;
    xName = x.name;
    yAdmin = (await orgAdmin(societyY)).client;
    xOrder = await paidTo(societyX, 30_000, 'x1');
    xOrder2 = await paidTo(societyX, 20_000, 'x2');
    tenantOrder = await paidTo(null, 40_000, 't1');
  });
  afterAll(() => t.close());

  it('lets a society save its own settings without touching the tenant’s', async () => {
    expect((await admin.put(SETTINGS, TENANT_SETTINGS)).body.msg).toBe('保存成功');
    // Before it saves any, a society has the defaults, under its own name.
    expect((await xAdmin.get(SETTINGS)).body.data).toEqual({
      payeeOrgId: societyX,
      payeeName: '测试计算机学会',
      enabled: true,
      normal: true,
      special: true,
      sellerName: '',
      sellerTaxNo: '',
      sellerAddressPhone: '',
      sellerBank: '',
      note: '',
      updatedBy: '',
      updatedAt: null,
    });
    expect((await xAdmin.put(SETTINGS, SOCIETY_SETTINGS)).body.msg).toBe('保存成功');
    const mine = (await xAdmin.get(SETTINGS)).body.data;
    expect(mine).toMatchObject({ ...SOCIETY_SETTINGS, payeeOrgId: societyX, updatedBy: xName });
    expect(xName).not.toBe('');
    expect(mine.updatedAt).not.toBeNull();
    // The tenant's are as its operators saved them; the other society still has the defaults.
    expect((await admin.get(SETTINGS)).body.data).toMatchObject({ ...TENANT_SETTINGS, payeeOrgId: null });
    expect((await yAdmin.get(SETTINGS)).body.data).toMatchObject({ payeeOrgId: societyY, sellerName: '', note: '' });
    const saved = await rows();
    expect(saved.tenant).toMatchObject({ payeeKey: 0, sellerName: '测试市科协' });
    expect(saved.x).toMatchObject({ payeeKey: societyX, sellerName: '测试计算机学会' });
    expect(saved.y).toBeUndefined();
  });

  it('applies the rules of the order’s payee, and shows its seller on the application', async () => {
    expect((await payer.get(`${RULES}?orderId=${xOrder.id}`)).body.data).toEqual({
      enabled: true,
      normal: true,
      special: true,
      note: SOCIETY_SETTINGS.note,
    });
    expect((await payer.get(`${RULES}?orderId=${tenantOrder.id}`)).body.data).toEqual({
      enabled: true,
      normal: true,
      special: false,
      note: TENANT_SETTINGS.note,
    });
    // The order is required, and must be the payer's own.
    expect((await payer.get(RULES)).body.msg).toContain('请选择订单');
    const notMine = await stranger.get(`${RULES}?orderId=${xOrder.id}`);
    expect([notMine.status, notMine.body.msg]).toEqual([404, '订单不存在']);

    // The tenant issues no 专用发票; the society does.
    expect((await payer.post(MINE, special(tenantOrder.id, 10_000))).body.msg).toBe('暂不开具专用发票');
    const toSociety = await payer.post(MINE, special(xOrder.id, 30_000));
    expect(toSociety.body.msg).toBe('开票申请已提交');
    const societyInvoice = toSociety.body.data.id as number;

    // The society stops taking applications: its orders are refused, the tenant's are not.
    expect((await xAdmin.put(SETTINGS, { ...SOCIETY_SETTINGS, enabled: false })).body.msg).toBe('保存成功');
    expect((await payer.get(`${RULES}?orderId=${xOrder2.id}`)).body.data.enabled).toBe(false);
    expect((await payer.post(MINE, personal(xOrder2.id, 20_000))).body.msg).toBe('暂不接受开票申请');
    const toTenant = await payer.post(MINE, personal(tenantOrder.id, 40_000));
    expect(toTenant.body.msg).toBe('开票申请已提交');
    const tenantInvoice = toTenant.body.data.id as number;

    // 开票管理: each payee its own applications, with its own seller.
    const xList = (await xAdmin.get(ISSUE)).body.data.records as { id: number }[];
    expect(xList.map((r) => r.id)).toEqual([societyInvoice]);
    const tList = (await admin.get(ISSUE)).body.data.records as { id: number }[];
    expect(tList.map((r) => r.id)).toEqual([tenantInvoice]);
    const societySeller = {
      name: SOCIETY_SETTINGS.sellerName,
      taxNo: SOCIETY_SETTINGS.sellerTaxNo,
      addressPhone: SOCIETY_SETTINGS.sellerAddressPhone,
      bank: SOCIETY_SETTINGS.sellerBank,
    };
    expect((await xAdmin.get(`${ISSUE}/${societyInvoice}`)).body.data.seller).toEqual(societySeller);
    // 开票运营 and the payer see the seller of the application's payee too.
    expect((await admin.get(`${OPERATION}/${societyInvoice}`)).body.data.seller).toEqual(societySeller);
    expect((await payer.get(`${MINE}/${societyInvoice}`)).body.data.seller.name).toBe('测试计算机学会');
    expect((await admin.get(`${ISSUE}/${tenantInvoice}`)).body.data.seller).toMatchObject({
      name: '测试市科协',
      taxNo: TENANT_SETTINGS.sellerTaxNo,
    });
    // A society does not open the tenant's application.
    expect((await xAdmin.get(`${ISSUE}/${tenantInvoice}`)).body.msg).toBe('发票申请不存在');
    await xAdmin.put(SETTINGS, SOCIETY_SETTINGS);
  });

  it('lets a payee read and change only its own settings; the operators any payee’s of the tenant', async () => {
    const before = await rows();
    const tries = [
      [await xAdmin.get(`${SETTINGS}?payee=${societyY}`), '仅平台运营方可以查看其他收款方的开票设置'],
      [await xAdmin.get(`${SETTINGS}?payee=0`), '仅平台运营方可以查看其他收款方的开票设置'],
      [await xAdmin.put(`${SETTINGS}?payee=${societyY}`, SOCIETY_SETTINGS), '仅平台运营方可以修改其他收款方的开票设置'],
      [await xAdmin.put(`${SETTINGS}?payee=0`, SOCIETY_SETTINGS), '仅平台运营方可以修改其他收款方的开票设置'],
      [await yAdmin.put(`${SETTINGS}?payee=${societyX}`, TENANT_SETTINGS), '仅平台运营方可以修改其他收款方的开票设置'],
    ] as const;
    for (const [r, msg] of tries) expect([r.status, r.body.msg]).toEqual([403, msg]);
    // Naming its own is the same as naming none.
    expect((await xAdmin.get(`${SETTINGS}?payee=${societyX}`)).body.data.sellerName).toBe('测试计算机学会');
    // A member has no 开票设置 at all.
    expect((await payer.get(SETTINGS)).body.code).not.toBe(200);
    expect((await payer.put(SETTINGS, SOCIETY_SETTINGS)).body.code).not.toBe(200);
    expect(await rows()).toEqual(before);

    // The operators read a society's, and may set another's up (recorded as theirs).
    expect((await admin.get(`${SETTINGS}?payee=${societyX}`)).body.data).toMatchObject({
      payeeOrgId: societyX,
      payeeName: '测试计算机学会',
      sellerName: '测试计算机学会',
    });
    expect(
      (await admin.put(`${SETTINGS}?payee=${societyY}`, { ...SOCIETY_SETTINGS, sellerName: '测试医学会' })).body.msg,
    ).toBe('保存成功');
    const y = (await yAdmin.get(SETTINGS)).body.data;
    expect(y).toMatchObject({ payeeOrgId: societyY, sellerName: '测试医学会' });
    expect(y.updatedBy).not.toBe(xName);
    // 0 and the tenant's own organisation are the tenant itself; an unknown organisation is refused.
    expect((await admin.get(`${SETTINGS}?payee=0`)).body.data).toMatchObject({
      payeeOrgId: null,
      sellerName: '测试市科协',
    });
    expect((await admin.get(`${SETTINGS}?payee=${root}`)).body.data).toMatchObject({ payeeOrgId: null });
    expect((await admin.get(`${SETTINGS}?payee=999999`)).body.msg).toBe('收款单位不存在');
    expect((await admin.put(`${SETTINGS}?payee=999999`, TENANT_SETTINGS)).body.msg).toBe('收款单位不存在');
    expect((await admin.get(`${SETTINGS}?payee=-1`)).body.msg).toContain('收款方不正确');
    const after = await rows();
    expect(after.tenant).toEqual(before.tenant);
    expect(after.x).toEqual(before.x);
  });

  it('keeps another tenant out: its session neither reads nor changes these settings', async () => {
    const before = await rows();
    // Its own: the defaults of its own tenant.
    expect((await other.get(SETTINGS)).body.data).toMatchObject({ payeeOrgId: null, sellerName: '', updatedAt: null });
    // Tenant A's societies are no payees of tenant B.
    for (const r of [
      await other.get(`${SETTINGS}?payee=${societyX}`),
      await other.put(`${SETTINGS}?payee=${societyX}`, { ...SOCIETY_SETTINGS, sellerName: '越权' }),
      await other.get(`${RULES}?orderId=${xOrder.id}`),
      await other.get(`${RULES}?orderId=${tenantOrder.id}`),
    ])
      expect(r.status === 200 && r.body?.code === 200).toBe(false);
    // Saving its own settings writes tenant B's row only.
    expect((await other.put(SETTINGS, { ...TENANT_SETTINGS, sellerName: '乙租户' })).body.msg).toBe('保存成功');
    expect((await other.get(SETTINGS)).body.data.sellerName).toBe('乙租户');
    expect(await rows()).toEqual(before);
    expect((await admin.get(SETTINGS)).body.data.sellerName).toBe('测试市科协');
    // And the database itself: tenant B's session reads none of A's rows.
    const seen = await t.db.withTenant(tenantB, async (tx) => ({
      tenant: await repo.getInvoiceSettings(tx, tenantA, null),
      x: await repo.getInvoiceSettings(tx, tenantA, societyX),
    }));
    expect(seen).toEqual({ tenant: undefined, x: undefined });
  });
});
