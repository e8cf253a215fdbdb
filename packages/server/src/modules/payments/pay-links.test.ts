import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext } from '../../testing';
import * as repo from './repository';
import { createOrder, ledgerCheck } from './service';
import { NO_SECRETS, type PaymentsWorld, paymentsWorld } from './test-world';

const MINE = '/st365/payments/mine/orders';
const OPERATION = '/st365/payments/operation/orders';
const LINK = '/st365/public/payments/pay-link';
const INVALID = '付款链接无效或已失效';

describe('payments: 付款链接 — paying an order by a link, without logging in', () => {
  let w: PaymentsWorld;
  let t: TestContext;
  let transferAccount: number;

  const makeLink = (orderId: number, client: TestClient = w.payer) => client.post(`${MINE}/${orderId}/pay-link`);
  const view = (token: string, client: TestClient = w.anonymous) =>
    client.get(`${LINK}?token=${encodeURIComponent(token)}`);
  const state = (token: string, client: TestClient = w.anonymous) =>
    client.get(`${LINK}/state?token=${encodeURIComponent(token)}`);
  const pay = (token: string, accountId: number, channel = 'page', client: TestClient = w.anonymous) =>
    client.post(`${LINK}/pay`, { token, accountId, channel });
  const events = async (id: number) =>
    (await w.admin.get(`${OPERATION}/${id}`)).body.data.events.map((e: { remark: string }) => e.remark);

  /** An order of the payer with a link; answers the order and the link's token. */
  async function linked(fen = 20_000) {
    const order = await w.newOrder(fen);
    const made = await makeLink(order.id);
    expect(made.body.code, made.body.msg).toBe(200);
    return { ...order, token: made.body.data.token as string };
  }

  beforeAll(async () => {
    w = await paymentsWorld('link');
    t = w.t;
    const transfer = await w.admin.post('/st365/payments/accounts', {
      ...NO_SECRETS,
      kind: 'transfer',
      name: '对公转账',
      accountName: '测试学会',
      bankName: '测试银行营业部',
      accountNo: '6222000011112222',
    });
    expect(transfer.body.code, transfer.body.msg).toBe(200);
    transferAccount = transfer.body.data.id;
  });
  afterAll(() => t.close());

  it("is made only by the order's payer: one random token, the same on every copy, one event", async () => {
    const order = await w.newOrder(15_000);
    const first = await makeLink(order.id);
    expect(first.body).toMatchObject({ code: 200, msg: '付款链接已生成' });
    const { token } = first.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await makeLink(order.id)).body.data.token).toBe(token);
    expect(await events(order.id)).toEqual(['创建订单', '生成付款链接']);

    // Another member of the tenant, an administrator through 付款订单, and nobody logged in: refused.
    const stranger = await makeLink(order.id, w.stranger);
    expect([stranger.status, stranger.body.msg]).toEqual([404, '订单不存在']);
    expect((await makeLink(order.id, w.admin)).body.msg).toBe('订单不存在');
    expect((await makeLink(order.id, w.anonymous)).body.code).not.toBe(200);
    expect((await w.stranger.delete(`${MINE}/${order.id}/pay-link`)).body.msg).toBe('订单不存在');

    // The payer's detail has it; the operators' view of the same order does not.
    const mine = (await w.payer.get(`${MINE}/${order.id}`)).body.data;
    expect(mine).toMatchObject({ payLinkToken: token, can: { payLink: true } });
    const ops = (await w.admin.get(`${OPERATION}/${order.id}`)).body.data;
    expect(ops).toMatchObject({ payLinkToken: null, can: { payLink: false } });

    // Tokens differ between orders.
    expect((await linked()).token).not.toBe(token);
  });

  it('shows the order to anyone with the link, with the payer masked, and never to another tenant', async () => {
    const { token, orderNo } = await linked(12_300);
    const res = await view(token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      orderNo,
      title: expect.stringMatching(/^测试会费/),
      payerName: '付款人',
      payeeName: '测试学会',
      amountFen: 12_300,
      status: 0,
      statusName: '待支付',
      lines: [{ item: '会费', quantity: 1, unitPriceFen: 12_300, amountFen: 12_300 }],
    });
    expect(res.body.data.methods.map((m: { kind: string }) => m.kind)).toEqual(['dev', 'transfer']);
    expect(res.body.data.payerMobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    // Nothing of the order's ids or the payer's full number.
    const mobile = (await t.db.withTenant(w.tenantA, (tx) => repo.personOf(tx, w.payerId)))?.mobile ?? '';
    expect(mobile).toHaveLength(11);
    expect(JSON.stringify(res.body.data)).not.toContain(mobile);
    expect(Object.keys(res.body.data)).not.toContain('id');
    expect((await state(token)).body.data).toEqual({
      status: 0,
      statusName: '待支付',
      paidAt: null,
      orderNo,
      title: res.body.data.title,
      payeeName: '测试学会',
      amountFen: 12_300,
      expiresAt: res.body.data.expiresAt,
    });

    // The same token on another tenant's domain is unknown there.
    const elsewhere = new TestClient(t.app, w.domainB);
    for (const answer of [await view(token, elsewhere), await state(token, elsewhere)])
      expect([answer.status, answer.body.msg]).toEqual([404, INVALID]);
    expect((await pay(token, w.devAccount, 'qr', elsewhere)).body.msg).toBe(INVALID);
  });

  it('answers an unknown or malformed token in the envelope, never with 500', async () => {
    const unknown = await view('A'.repeat(32));
    expect([unknown.status, unknown.body.code === 200, unknown.body.msg]).toEqual([404, false, INVALID]);
    for (const bad of ['short', `${'a'.repeat(31)}!`, 'x'.repeat(300)]) {
      const res = await view(bad);
      // The platform names the field before the contract's words: 查询参数 token 有误：付款链接无效或已失效.
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(INVALID);
    }
    expect((await w.anonymous.get(LINK)).body.msg).toContain(INVALID);
    expect((await w.anonymous.post(`${LINK}/pay`, { accountId: w.devAccount })).body.msg).toContain(INVALID);
  });

  it('pays through the link with the development provider: paid once, the link then spent', async () => {
    const { id, token } = await linked(9_900);
    const started = await pay(token, w.devAccount, 'page');
    expect(started.body.code, started.body.msg).toBe(200);
    expect(started.body.data).toMatchObject({ kind: 'dev', transfer: null });
    const cashier = /[?&]token=([\w-]+)/.exec(started.body.data.redirectUrl ?? '')?.[1] ?? '';
    expect(cashier).not.toBe('');
    expect(cashier).not.toBe(token);

    const paid = await w.anonymous.post('/st365/public/payments/dev-cashier', { token: cashier, outcome: 'twice' });
    expect(paid.body.data.statusName).toBe('已支付');
    expect((await state(token)).body.data).toMatchObject({
      status: 2,
      statusName: '已支付',
      paidAt: expect.any(String),
    });

    const d = (await w.admin.get(`${OPERATION}/${id}`)).body.data;
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({ kind: 'dev', state: 'applied', amountFen: 9_900 });
    expect((await t.db.withTenant(w.tenantA, (tx) => ledgerCheck(tx, w.tenantA))).balanced).toBe(true);

    // Spent: neither shown nor paid again; the payer may no longer make a link for it.
    expect((await view(token)).body.msg).toBe('订单已支付，付款链接已失效');
    expect((await pay(token, w.devAccount)).body.msg).toBe('订单已支付，付款链接已失效');
    expect((await makeLink(id)).body.msg).toBe('订单已支付，不能生成付款链接');
    expect((await w.payer.get(`${MINE}/${id}`)).body.data.can.payLink).toBe(false);
  });

  it('is refused once revoked, and a new link has a new token', async () => {
    const { id, token } = await linked();
    const revoked = await w.payer.delete(`${MINE}/${id}/pay-link`);
    expect(revoked.body).toMatchObject({ code: 200, msg: '付款链接已取消' });
    for (const answer of [await view(token), await state(token), await pay(token, w.devAccount)])
      expect(answer.body.msg).toBe(INVALID);
    expect((await w.payer.get(`${MINE}/${id}`)).body.data.payLinkToken).toBeNull();
    // Revoking again changes nothing (no second event).
    expect((await w.payer.delete(`${MINE}/${id}/pay-link`)).body.code).toBe(200);
    const again = (await makeLink(id)).body.data.token;
    expect(again).not.toBe(token);
    expect((await view(again)).body.code).toBe(200);
    expect((await view(token)).body.msg).toBe(INVALID);
    expect(await events(id)).toEqual(['创建订单', '生成付款链接', '取消付款链接', '生成付款链接']);
  });

  it('is refused for an expired, a cancelled or a transfer-in-review order', async () => {
    // Expired: made while it was open, the clock has since passed its expiry.
    const old = await t.db.withTenant(w.tenantA, (tx) =>
      createOrder(
        tx,
        w.tenantA,
        {
          payerUserId: w.payerId,
          payerName: '付款人',
          payeeName: '测试学会',
          bizType: 'demo.fee',
          title: '过期的会费',
          lines: [{ item: '会费', quantity: 1, unitPriceFen: 5_000 }],
          expiresInMinutes: 30,
        },
        new Date(Date.now() - 3_600_000),
      ),
    );
    expect((await makeLink(old.id)).body.msg).toBe('订单已超时，不能生成付款链接');
    const stale = 'S'.repeat(32);
    await t.db.withTenant(w.tenantA, (tx) => repo.setPayLink(tx, w.tenantA, old.id, stale));
    expect((await view(stale)).body.msg).toBe('订单已超时，付款链接已失效');
    expect((await pay(stale, w.devAccount)).body.msg).toBe('订单已超时，付款链接已失效');

    // Cancelled by the payer.
    const dropped = await linked();
    await w.payer.post(`${MINE}/${dropped.id}/cancel`, { reason: '' });
    expect((await view(dropped.token)).body.msg).toBe('订单已取消，付款链接已失效');
    expect((await state(dropped.token)).body.data.statusName).toBe('已取消');

    // Transfer through the link: the bank account and the order number as the remark; the payer uploads the voucher.
    const wire = await linked(40_000);
    const started = await pay(wire.token, transferAccount, 'page');
    expect(started.body.data).toMatchObject({
      kind: 'transfer',
      transfer: {
        accountName: '测试学会',
        bankName: '测试银行营业部',
        accountNo: '6222000011112222',
        remark: wire.orderNo,
      },
    });
    expect((await w.payer.get(`${MINE}/${wire.id}`)).body.data).toMatchObject({
      method: 'transfer',
      can: { uploadVoucher: true },
    });
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), '回单.pdf');
    const fileId = (await w.payer.upload('/st365/systemfile/upload', form)).body.data.id as number;
    const voucher = await w.payer.post(`${MINE}/${wire.id}/vouchers`, { fileId, remark: '' });
    expect(voucher.body.code, voucher.body.msg).toBe(200);
    expect((await view(wire.token)).body.msg).toBe('转账凭证正在审核，暂不能通过付款链接支付');
    expect((await state(wire.token)).body.data.statusName).toBe('待审核');
  });
});
