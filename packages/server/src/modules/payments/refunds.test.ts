import { createCipheriv, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_MODULES } from '../../app';
import { jobs } from '../../platform/jobs';
import { defineModule, installModules, type OrderNotice } from '../../platform/modules';
import type { TestClient, TestContext } from '../../testing';
import { type InTenant, newRefundNo, queryRefund, REFUND_QUERY_JOB } from './refunds';
import * as repo from './repository';
import { createOrder, ledgerCheck } from './service';
import { orderRefunds } from './tables';
import { NO_SECRETS, type PaymentsWorld, paymentsWorld } from './test-world';

const OPERATION = '/st365/payments/operation/orders';
const COLLECTION = '/st365/payments/collection/orders';
const API_V3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const MCH = '1900009191';
const APP_ID = 'wxd678efh567hg6787';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0112345678202604300000000000000001';

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const merchant = keyPair();
const platform = keyPair();

/** The headers WeChat Pay signs a message with (its platform key), now. */
function platformHeaders(body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': sign(
      'sha256',
      Buffer.from(`${timestamp}\n${nonce}\n${body}\n`),
      platform.privateKey,
    ).toString('base64'),
    'wechatpay-serial': PLATFORM_SERIAL,
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

/** A notification as WeChat Pay sends it: the resource AES-256-GCM encrypted with the APIv3 key. */
function wechatNotice(
  eventType: string,
  associatedData: string,
  plain: object,
): { headers: Record<string, string>; body: string } {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const data = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const body = JSON.stringify({
    id: `EV-${randomBytes(4).toString('hex')}`,
    event_type: eventType,
    resource_type: 'encrypt-resource',
    resource: {
      algorithm: 'AEAD_AES_256_GCM',
      original_type: associatedData,
      ciphertext: data.toString('base64'),
      associated_data: associatedData,
      nonce,
    },
  });
  return { headers: platformHeaders(body), body };
}

/** A module told when its 'test.refund' orders are refunded; it fails while `failTold` is set. */
const told: OrderNotice[] = [];
let failTold = false;
const testModule = defineModule({
  name: 'refunds-test',
  orderHandlers: {
    'test.refund': {
      refunded: async (_tx, _tenantId, order) => {
        if (failTold) throw new Error('模块记录退款失败');
        told.push(order);
      },
    },
  },
});

/**
 * Refunds of exceptions, and refunds the provider finishes later (README, Refunds): WeChat Pay
 * stood in for by a fetch that answers as its API does, signed with a platform key made here. Its
 * refund API is idempotent by out_refund_no, as WeChat Pay's is: the same number asked again is the
 * same refund.
 */
describe('payments: refunds of exceptions, and refunds finished later (WeChat Pay)', () => {
  let w: PaymentsWorld;
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let payer: TestClient;
  let tenantA: number;
  let wechat = 0;
  /** What the stand-in answers to a refund (its status), and to a refund query, by refund number. */
  let refundAnswer = 'PROCESSING';
  /**
   * How the stand-in's refund API behaves: answers; makes the refund but its answer is lost (a
   * timeout); is not reached at all; or refuses (a 4xx: nothing made).
   */
  let refundMode: 'answer' | 'lost' | 'unreachable' | 'refuse' = 'answer';
  const refundStatus = new Map<string, string>();
  /** The refunds the stand-in made (one per out_refund_no), and every refund request it received. */
  const refundsAsked: Record<string, unknown>[] = [];
  const refundPosts: string[] = [];
  const timeout = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

  const signed = (json: unknown, status = 200) => {
    const body = JSON.stringify(json);
    return new Response(body, { status, headers: { 'content-type': 'application/json', ...platformHeaders(body) } });
  };
  const standIn = (async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    if (path === '/v3/pay/transactions/native') return signed({ code_url: 'weixin://wxpay/bizpayurl?pr=test' });
    if (path.endsWith('/close')) return new Response(null, { status: 204, headers: platformHeaders('') });
    if (path === '/v3/refund/domestic/refunds' && init.method === 'POST') {
      if (refundMode === 'unreachable') throw timeout();
      const asked = JSON.parse(String(init.body)) as Record<string, unknown>;
      const no = String(asked.out_refund_no);
      refundPosts.push(no);
      if (refundMode === 'refuse') return signed({ code: 'NOT_ENOUGH', message: '基本账户余额不足' }, 403);
      // The same number is the same refund: its state, never a second refund.
      if (!refundStatus.has(no)) {
        refundsAsked.push(asked);
        refundStatus.set(no, refundAnswer);
      }
      if (refundMode === 'lost') throw timeout();
      return signed({
        refund_id: `5000${refundsAsked.findIndex((r) => r.out_refund_no === no) + 1}`,
        out_refund_no: no,
        status: refundStatus.get(no),
      });
    }
    const m = /^\/v3\/refund\/domestic\/refunds\/(.+)$/.exec(path);
    if (m?.[1]) {
      const no = decodeURIComponent(m[1]);
      const asked = refundsAsked.find((r) => r.out_refund_no === no);
      if (!asked) return signed({ code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' }, 404);
      const amount = asked.amount as { refund: number; total: number };
      return signed({
        refund_id: 'R-ID',
        out_refund_no: no,
        out_trade_no: orderNoOf(asked),
        status: refundStatus.get(no),
        success_time: new Date().toISOString(),
        amount: { ...amount, payer_total: amount.total, payer_refund: amount.refund },
      });
    }
    return signed({ code: 'NOT_FOUND', message: '未知接口' }, 404);
  }) as unknown as typeof fetch;
  const orderNos = new Map<string, string>();
  const orderNoOf = (asked: Record<string, unknown>) =>
    String(asked.out_trade_no ?? orderNos.get(String(asked.transaction_id)) ?? '');

  async function inject(url: string, notice: { headers: Record<string, string>; body: string }) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { host: w.domainA, 'content-type': 'application/json', ...notice.headers },
      payload: notice.body,
    });
  }
  /** WeChat Pay says a transaction of the order was paid. */
  function paidNotice(orderNo: string, fen: number, txn: string) {
    orderNos.set(txn, orderNo);
    return inject(
      `/st365/public/payments/notify/${wechat}`,
      wechatNotice('TRANSACTION.SUCCESS', 'transaction', {
        appid: APP_ID,
        mchid: MCH,
        out_trade_no: orderNo,
        transaction_id: txn,
        trade_state: 'SUCCESS',
        success_time: new Date().toISOString(),
        amount: { total: fen, currency: 'CNY' },
      }),
    );
  }
  /** WeChat Pay says how a refund ended. */
  function refundNotice(refundNo: string, status: string, over: Record<string, unknown> = {}) {
    const asked = refundsAsked.find((r) => r.out_refund_no === refundNo) ?? {};
    const amount = asked.amount as { refund: number; total: number };
    return wechatNotice(`REFUND.${status}`, 'refund', {
      mchid: MCH,
      out_trade_no: orderNoOf(asked),
      out_refund_no: refundNo,
      refund_id: `R-${refundNo}`,
      refund_status: status,
      success_time: new Date().toISOString(),
      amount: { total: amount.total, refund: amount.refund, payer_total: amount.total, payer_refund: amount.refund },
      ...over,
    });
  }
  const refundUrl = () => `/st365/public/payments/refund-notify/${wechat}`;

  /** An order paid by WeChat Pay (the payer starts it, the notification pays it). */
  async function wechatPaid(fen: number, key: string, bizType?: string) {
    const order = bizType
      ? await t.db.withTenant(tenantA, (tx) =>
          createOrder(tx, tenantA, {
            payerUserId: w.payerId,
            payerName: '付款人',
            bizType,
            bizRef: key,
            title: `测试${key}`,
            lines: [{ item: '会费', quantity: 1, unitPriceFen: fen }],
            idempotencyKey: key,
          }),
        )
      : await w.newOrder(fen, { key });
    const started = await payer.post(`/st365/payments/mine/orders/${order.id}/pay`, {
      accountId: wechat,
      channel: 'qr',
    });
    expect(started.body.data?.qrCode, started.body.msg).toBe('weixin://wxpay/bizpayurl?pr=test');
    const txn = `4200${randomBytes(6).toString('hex')}`;
    expect((await paidNotice(order.orderNo, fen, txn)).statusCode).toBe(200);
    return { ...order, txn };
  }
  const detail = async (id: number) => (await admin.get(`${OPERATION}/${id}`)).body.data;
  const books = () => t.db.withTenant(tenantA, (tx) => ledgerCheck(tx, tenantA));
  const lastRefundNo = () => String(refundsAsked.at(-1)?.out_refund_no);
  const run: InTenant = (work) => t.db.withTenant(tenantA, work);
  const ask = (refundId: number, attempt: number) => queryRefund(run, tenantA, t.app.config, refundId, attempt);
  const refundOf = (refundNo: string) => t.db.withTenant(tenantA, (tx) => repo.getRefund(tx, tenantA, { refundNo }));
  /** The refund query jobs queued for a refund. */
  const queries = async (refundId: number) =>
    (
      await t.db.withTenant(tenantA, (tx) =>
        tx
          .select({ payload: jobs.payload, runAt: jobs.runAt })
          .from(jobs)
          .where(and(eq(jobs.tenantId, tenantA), eq(jobs.kind, REFUND_QUERY_JOB))),
      )
    ).filter((j) => (j.payload as { refundId?: number }).refundId === refundId);
  /** The refunds the stand-in made for an order, and their amount. */
  const madeFor = (orderNo: string) => {
    const made = refundsAsked.filter((r) => r.out_trade_no === orderNo);
    return { count: made.length, fen: made.reduce((s, r) => s + (r.amount as { refund: number }).refund, 0) };
  };

  beforeAll(async () => {
    vi.stubGlobal('fetch', standIn);
    w = await paymentsWorld('rf');
    ({ t, admin, other, payer, tenantA } = w);
    installModules([...ALL_MODULES, testModule]);
    const account = await admin.post('/st365/payments/accounts', {
      ...NO_SECRETS,
      kind: 'wechat',
      name: '微信支付',
      merchantId: MCH,
      appId: APP_ID,
      serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
      privateKey: merchant.privateKey,
      apiV3Key: API_V3_KEY,
      platformPublicKey: platform.publicKey,
      platformSerial: PLATFORM_SERIAL,
    });
    expect(account.body.code, account.body.msg).toBe(200);
    wechat = account.body.data.id;
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    installModules(ALL_MODULES);
    await t.close();
  });

  it('keeps a WeChat refund 退款中 until its notification, applied once however often it comes', async () => {
    const order = await wechatPaid(30_000, 'rf-notify');
    refundAnswer = 'PROCESSING';
    const res = await admin.post(`${OPERATION}/${order.id}/refunds`, { amountFen: 10_000, reason: '退一部分' });
    expect(res.body.msg).toBe('退款处理中');
    const refundNo = lastRefundNo();
    expect(refundsAsked.at(-1)).toMatchObject({
      out_trade_no: order.orderNo,
      notify_url: expect.stringMatching(new RegExp(`/st365/public/payments/refund-notify/${wechat}$`)),
    });
    expect(await detail(order.id)).toMatchObject({ status: 4, statusName: '退款中', refundedFen: 0, refundableFen: 0 });
    // What the refund will take from the payee is held back from what it may withdraw meanwhile.
    const balance = (await admin.get('/st365/payments/wallet')).body.data.balanceFen;
    expect((await admin.get('/st365/payments/withdraw-info')).body.data.availableFen).toBe(balance - 10_000);
    // A forged notification (another key's signature) changes nothing.
    const forged = refundNotice(refundNo, 'SUCCESS');
    const tampered = await inject(refundUrl(), {
      ...forged,
      body: forged.body.replace('REFUND.SUCCESS', 'REFUND.CLOSED'),
    });
    expect(tampered.statusCode).toBe(500);
    expect((await detail(order.id)).status).toBe(4);
    // Ten copies at once: one refund done, one ledger transaction, one event.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => inject(refundUrl(), refundNotice(refundNo, 'SUCCESS'))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const after = await detail(order.id);
    expect(after).toMatchObject({ status: 6, statusName: '部分退款', refundedFen: 10_000, refundableFen: 20_000 });
    expect(after.refunds).toEqual([expect.objectContaining({ refundNo, state: 'done', exception: false })]);
    expect(after.events.filter((e: { remark: string }) => e.remark.startsWith('退款 ¥100.00'))).toHaveLength(1);
    const lines = await t.db.withTenant(tenantA, (tx) => repo.ledgerOfOrder(tx, tenantA, order.id));
    expect(lines.filter((l) => l.txn === `refund:${refundNo}`).map((l) => [l.account, l.amountFen])).toEqual([
      ['payee:tenant', 10_000],
      ['clearing:wechat', -10_000],
    ]);
    expect((await books()).balanced).toBe(true);
    expect((await admin.get('/st365/payments/withdraw-info')).body.data.availableFen).toBe(balance - 10_000);
    expect((await admin.get('/st365/payments/wallet')).body.data.balanceFen).toBe(balance - 10_000);
    // A notification of a refund not ours (another system on the merchant) is acknowledged and ignored.
    const stranger = refundNotice(refundNo, 'SUCCESS', { out_refund_no: 'R-NOT-OURS' });
    expect((await inject(refundUrl(), stranger)).statusCode).toBe(200);
  });

  it('asks about a refund still processing until it ends (the refund query job)', async () => {
    const order = await wechatPaid(20_000, 'rf-query');
    refundAnswer = 'PROCESSING';
    expect(
      (await admin.post(`${OPERATION}/${order.id}/refunds`, { amountFen: 20_000, reason: '活动取消' })).body.msg,
    ).toBe('退款处理中');
    const refundNo = lastRefundNo();
    const refundId = (await refundOf(refundNo))?.id ?? 0;
    const first = await queries(refundId);
    expect(first).toHaveLength(1);
    expect(first[0]?.runAt.getTime()).toBeGreaterThan(Date.now());
    // Still processing: asked again later (a new job row, a longer wait).
    expect(await ask(refundId, 0)).toBe('unchanged');
    expect(await queries(refundId)).toHaveLength(2);
    expect((await detail(order.id)).status).toBe(4);
    refundStatus.set(refundNo, 'SUCCESS');
    expect(await ask(refundId, 1)).toBe('done');
    expect(await detail(order.id)).toMatchObject({ status: 5, statusName: '已退款', refundedFen: 20_000 });
    // Its notification coming after changes nothing; nor does another query.
    expect((await inject(refundUrl(), refundNotice(refundNo, 'SUCCESS'))).statusCode).toBe(200);
    expect(await ask(refundId, 2)).toBe('settled');
    expect(refundPosts.filter((n) => n === refundNo)).toHaveLength(1);
    expect((await detail(order.id)).refundedFen).toBe(20_000);
    expect((await books()).balanced).toBe(true);
  });

  it('gives a refund that failed at WeChat back: the order is paid and refundable again', async () => {
    const order = await wechatPaid(15_000, 'rf-closed');
    refundAnswer = 'PROCESSING';
    await admin.post(`${OPERATION}/${order.id}/refunds`, { amountFen: 15_000, reason: '全额退款' });
    const refundNo = lastRefundNo();
    expect((await inject(refundUrl(), refundNotice(refundNo, 'ABNORMAL'))).statusCode).toBe(200);
    const after = await detail(order.id);
    expect(after).toMatchObject({ status: 2, statusName: '已支付', refundedFen: 0, refundableFen: 15_000 });
    expect(after.refunds[0]).toMatchObject({ state: 'failed', stateName: '退款失败' });
    expect(after.events.at(-1).remark).toContain('未成功（ABNORMAL），可重新退款');
    refundAnswer = 'SUCCESS';
    expect(
      (await admin.post(`${OPERATION}/${order.id}/refunds`, { amountFen: 15_000, reason: '再次退款' })).body.msg,
    ).toBe('退款成功');
    expect((await detail(order.id)).status).toBe(5);
    expect((await books()).balanced).toBe(true);
  });

  it('returns an exception through WeChat Pay, finished by its notification', async () => {
    const order = await wechatPaid(5_000, 'rf-twice');
    // Paid a second time (another transaction): an exception, held in suspense.
    const txn2 = `4200${randomBytes(6).toString('hex')}`;
    expect((await paidNotice(order.orderNo, 5_000, txn2)).statusCode).toBe(200);
    const seen = await detail(order.id);
    const exception = seen.payments.find((p: { state: string }) => p.state === 'exception');
    expect(exception).toMatchObject({ refundable: true, providerRefund: true, refund: null, providerTxnId: txn2 });
    expect(seen.can.refundException).toBe(true);
    const applied = seen.payments.find((p: { state: string }) => p.state === 'applied');
    const url = (paymentId: number) => `${OPERATION}/${order.id}/payments/${paymentId}/refund`;
    expect((await admin.post(url(applied.id), { how: 'provider', reason: '重复' })).body.msg).toBe(
      '该笔付款已计入订单，请使用订单退款',
    );
    expect((await admin.post(url(exception.id), { how: 'mail', reason: '重复' })).body.msg).toContain('请选择退款方式');
    expect((await admin.post(url(exception.id), { how: 'provider', reason: '' })).body.msg).toContain('请填写退款原因');
    refundAnswer = 'PROCESSING';
    expect((await admin.post(url(exception.id), { how: 'provider', reason: '重复支付，原路退回' })).body.msg).toBe(
      '退款处理中',
    );
    // The one transaction is refunded whole, by its id.
    expect(refundsAsked.at(-1)).toMatchObject({ transaction_id: txn2, amount: { refund: 5_000, total: 5_000 } });
    expect((await admin.post(url(exception.id), { how: 'transfer', reason: '再退一次' })).body.msg).toBe(
      '该笔异常款正在退款中',
    );
    const refundNo = lastRefundNo();
    expect((await inject(refundUrl(), refundNotice(refundNo, 'SUCCESS'))).statusCode).toBe(200);
    const after = await detail(order.id);
    // The order itself is untouched: still paid, nothing refunded of it.
    expect(after).toMatchObject({ status: 2, refundedFen: 0 });
    expect(after.payments.find((p: { id: number }) => p.id === exception.id)).toMatchObject({
      refundable: false,
      refund: { refundNo, state: 'done', stateName: '已退回' },
    });
    expect(after.refunds.find((r: { refundNo: string }) => r.refundNo === refundNo)).toMatchObject({ exception: true });
    const lines = await t.db.withTenant(tenantA, (tx) => repo.ledgerOfOrder(tx, tenantA, order.id));
    expect(lines.filter((l) => l.txn === `refund:${refundNo}`).map((l) => [l.account, l.amountFen])).toEqual([
      ['suspense:refund', 5_000],
      ['clearing:wechat', -5_000],
    ]);
    expect((await admin.post(url(exception.id), { how: 'provider', reason: '又一次' })).body.msg).toBe(
      '该笔异常款已退回',
    );
    const check = await books();
    expect(check.suspense).toEqual({ balanceFen: 0, expectedFen: 0, balanced: true });
    expect(check.balanced).toBe(true);
  });

  it('records an exception returned by bank transfer, from 收款订单 too; refuses others', async () => {
    // The development cashier sends one payment twice: the second is an exception.
    const order = await w.newOrder(8_000, { key: 'rf-dev-twice' });
    const token = await w.startDev(order.id);
    await w.anonymous.post('/st365/public/payments/dev-cashier', { token, outcome: 'twice' });
    // twice sends the same transaction: the dev cashier's second payment is a new one.
    const late = await t.db.withTenant(tenantA, async (tx) => {
      const { applyPayment } = await import('./service');
      return applyPayment(tx, tenantA, 'dev', {
        orderNo: order.orderNo,
        providerTxnId: 'DEV-LATE-1',
        amountFen: 8_000,
        currency: 'CNY',
        state: 'paid',
        paidAt: new Date(),
      });
    });
    expect(late).toBe('exception');
    const seen = (await admin.get(`${COLLECTION}/${order.id}`)).body.data;
    const exception = seen.payments.find((p: { providerTxnId: string }) => p.providerTxnId === 'DEV-LATE-1');
    const url = `${COLLECTION}/${order.id}/payments/${exception.id}/refund`;
    // Another tenant, and a member, are refused; nothing changes.
    expect(
      (
        await other.post(`${OPERATION}/${order.id}/payments/${exception.id}/refund`, {
          how: 'transfer',
          reason: '越权',
        })
      ).body.msg,
    ).toBe('订单不存在');
    expect((await payer.post(url, { how: 'transfer', reason: '越权' })).body.code).not.toBe(200);
    expect((await admin.post(url, { how: 'transfer', reason: '已通过银行转账退回付款人' })).body.msg).toBe('已退回');
    const lines = await t.db.withTenant(tenantA, (tx) => repo.ledgerOfOrder(tx, tenantA, order.id));
    const refundLines = lines.filter((l) => l.memo.startsWith('异常款退回'));
    expect(refundLines.map((l) => [l.account, l.amountFen])).toEqual([
      ['suspense:refund', 8_000],
      ['payout:bank', -8_000],
    ]);
    const after = (await admin.get(`${COLLECTION}/${order.id}`)).body.data;
    expect(after.events.at(-1).remark).toContain('线下转账退回：已通过银行转账退回付款人');
    expect((await admin.post(url, { how: 'transfer', reason: '再退' })).body.msg).toBe('该笔异常款已退回');
    expect((await books()).balanced).toBe(true);
  });

  it('returns an exception once when asked for twice at the same moment', async () => {
    const order = await w.newOrder(6_000, { key: 'rf-race' });
    const { applyPayment } = await import('./service');
    await t.db.withTenant(tenantA, async (tx) => {
      const paid = { orderNo: order.orderNo, amountFen: 6_000, currency: 'CNY' as const, state: 'paid' as const };
      await applyPayment(tx, tenantA, 'dev', { ...paid, providerTxnId: 'DEV-RACE-1', paidAt: new Date() });
      await applyPayment(tx, tenantA, 'dev', { ...paid, providerTxnId: 'DEV-RACE-2', paidAt: new Date() });
    });
    const exception = (await detail(order.id)).payments.find((p: { state: string }) => p.state === 'exception');
    const url = `${OPERATION}/${order.id}/payments/${exception.id}/refund`;
    const answers = await Promise.all(
      ['甲', '乙', '丙', '丁'].map((who) => admin.post(url, { how: 'transfer', reason: `线下退回${who}` })),
    );
    expect(answers.filter((a) => a.body.msg === '已退回')).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.msg !== '已退回')) expect(a.body.msg).toBe('该笔异常款已退回');
    const lines = await t.db.withTenant(tenantA, (tx) => repo.ledgerOfOrder(tx, tenantA, order.id));
    expect(lines.filter((l) => l.memo.startsWith('异常款退回'))).toHaveLength(2);
    expect((await books()).balanced).toBe(true);
  });

  it('refuses returning a transfer’s exception through a provider', async () => {
    const order = await t.db.withTenant(tenantA, (tx) =>
      createOrder(tx, tenantA, {
        payerUserId: w.payerId,
        payerName: '付款人',
        bizType: 'demo.fee',
        title: '转账异常',
        lines: [{ item: '会费', quantity: 1, unitPriceFen: 1_000 }],
      }),
    );
    await t.db.withTenant(tenantA, async (tx) => {
      const { applyPayment } = await import('./service');
      const paid = {
        orderNo: order.orderNo,
        amountFen: 1_000,
        currency: 'CNY' as const,
        state: 'paid' as const,
        paidAt: new Date(),
      };
      await applyPayment(tx, tenantA, 'transfer', { ...paid, providerTxnId: 'V-A' });
      await applyPayment(tx, tenantA, 'transfer', { ...paid, providerTxnId: 'V-B' });
    });
    const seen = await detail(order.id);
    const exception = seen.payments.find((p: { state: string }) => p.state === 'exception');
    expect(exception.providerRefund).toBe(false);
    const res = await admin.post(`${OPERATION}/${order.id}/payments/${exception.id}/refund`, {
      how: 'provider',
      reason: '重复转账',
    });
    expect(res.body.msg).toBe('该笔付款无法原路退回，请线下转账退回后登记');
  });
  it('records a refund before asking WeChat Pay: a failure after it accepted does not refund twice', async () => {
    const order = await wechatPaid(8_000, 'rf-after', 'test.refund');
    refundAnswer = 'SUCCESS';
    refundMode = 'answer';
    // WeChat Pay refunds at once, then recording it fails (here the order's module; a database
    // error or the ledger check at commit alike): the refund stays recorded as 退款中, never lost.
    failTold = true;
    const res = await admin.post(`${OPERATION}/${order.id}/refunds`, { amountFen: 8_000, reason: '全额退款' });
    expect(res.body).toMatchObject({ code: 200, msg: '退款处理中' });
    const refundNo = lastRefundNo();
    expect(madeFor(order.orderNo)).toEqual({ count: 1, fen: 8_000 });
    expect(await detail(order.id)).toMatchObject({
      status: 4,
      statusName: '退款中',
      refundableFen: 0,
      refunds: [expect.objectContaining({ refundNo, state: 'processing', stateName: '退款中' })],
    });
    // Asking again is refused while it is 退款中: no second refund, no second number.
    const again = await admin.post(`${OPERATION}/${order.id}/refunds`, { amountFen: 8_000, reason: '再退一次' });
    expect(again.body.msg).toBe('订单退款中，不能退款');
    // The query job asks WeChat Pay by the same number and records what it did, once.
    failTold = false;
    const refundId = (await refundOf(refundNo))?.id ?? 0;
    expect(await ask(refundId, 0)).toBe('done');
    expect(await ask(refundId, 1)).toBe('settled');
    expect(madeFor(order.orderNo)).toEqual({ count: 1, fen: 8_000 });
    const after = await detail(order.id);
    expect(after).toMatchObject({ status: 5, refundedFen: 8_000, refundableFen: 0 });
    expect(after.refunds).toEqual([expect.objectContaining({ refundNo, state: 'done' })]);
    expect(told.filter((o) => o.id === order.id)).toEqual([expect.objectContaining({ refundedFen: 8_000 })]);
    const lines = await t.db.withTenant(tenantA, (tx) => repo.ledgerOfOrder(tx, tenantA, order.id));
    expect(lines.filter((l) => l.txn.startsWith('refund:')).map((l) => [l.account, l.amountFen])).toEqual([
      ['payee:tenant', 8_000],
      ['clearing:wechat', -8_000],
    ]);
    expect((await books()).balanced).toBe(true);
  });

  it('settles a refund whose answer was lost to a timeout by the query job, by the same number', async () => {
    // Made at WeChat Pay, the answer lost: 退款中; the query finds it done.
    const made = await wechatPaid(6_000, 'rf-lost');
    refundAnswer = 'SUCCESS';
    refundMode = 'lost';
    const res = await admin.post(`${OPERATION}/${made.id}/refunds`, { amountFen: 6_000, reason: '超时' });
    refundMode = 'answer';
    expect(res.body).toMatchObject({ code: 200, msg: '退款处理中' });
    const lostNo = lastRefundNo();
    expect((await detail(made.id)).status).toBe(4);
    const lostId = (await refundOf(lostNo))?.id ?? 0;
    expect((await refundOf(lostNo))?.state).toBe('requested');
    expect(await ask(lostId, 0)).toBe('done');
    expect(refundPosts.filter((n) => n === lostNo)).toHaveLength(1);
    expect(madeFor(made.orderNo)).toEqual({ count: 1, fen: 6_000 });
    expect(await detail(made.id)).toMatchObject({ status: 5, refundedFen: 6_000 });

    // Never reached WeChat Pay: the query job finds nothing while it cannot be reached, then asks for
    // the refund again by the same number.
    const lost = await wechatPaid(4_000, 'rf-unreached');
    refundMode = 'unreachable';
    const first = await admin.post(`${OPERATION}/${lost.id}/refunds`, { amountFen: 4_000, reason: '网络' });
    expect(first.body).toMatchObject({ code: 200, msg: '退款处理中' });
    const refund = (await t.db.withTenant(tenantA, (tx) => repo.orderParts(tx, tenantA, lost.id))).refunds[0];
    expect(refund).toMatchObject({ state: 'requested', amountFen: 4_000 });
    const id = refund?.id ?? 0;
    const no = refund?.refundNo ?? '';
    expect(await ask(id, 0)).toBe('unchanged');
    expect(await queries(id)).toHaveLength(2);
    refundMode = 'answer';
    expect(await ask(id, 1)).toBe('done');
    expect(refundPosts.filter((n) => n === no)).toHaveLength(1);
    expect(madeFor(lost.orderNo)).toEqual({ count: 1, fen: 4_000 });
    expect(await detail(lost.id)).toMatchObject({ status: 5, refundedFen: 4_000 });
    expect((await books()).balanced).toBe(true);
  });

  it('gives an order WeChat Pay refused to refund back: refundable again, the refusal in its timeline', async () => {
    const order = await wechatPaid(7_000, 'rf-refused');
    refundMode = 'refuse';
    const res = await admin.post(`${OPERATION}/${order.id}/refunds`, { amountFen: 7_000, reason: '全额退款' });
    refundMode = 'answer';
    expect(res.body.code).not.toBe(200);
    expect(res.body.msg).toBe('退款失败：微信支付请求失败：基本账户余额不足（NOT_ENOUGH）');
    const after = await detail(order.id);
    expect(after).toMatchObject({ status: 2, refundedFen: 0, refundableFen: 7_000, can: { refund: true } });
    expect(after.refunds).toEqual([expect.objectContaining({ state: 'failed', stateName: '退款失败' })]);
    expect(after.events.at(-1).remark).toContain(
      '未成功（微信支付请求失败：基本账户余额不足（NOT_ENOUGH）），可重新退款',
    );
    expect(madeFor(order.orderNo).count).toBe(0);
    // A new refund has a new number (the refused one was definitely not made).
    refundAnswer = 'SUCCESS';
    expect(
      (await admin.post(`${OPERATION}/${order.id}/refunds`, { amountFen: 7_000, reason: '再次退款' })).body.msg,
    ).toBe('退款成功');
    expect(madeFor(order.orderNo)).toEqual({ count: 1, fen: 7_000 });
    expect((await books()).balanced).toBe(true);
  });

  it('asks again later about a refund whose provider cannot be loaded now', async () => {
    const order = await wechatPaid(3_000, 'rf-noprovider');
    refundAnswer = 'PROCESSING';
    await admin.post(`${OPERATION}/${order.id}/refunds`, { amountFen: 3_000, reason: '账户' });
    const refund = await refundOf(lastRefundNo());
    const id = refund?.id ?? 0;
    const accountOf = (accountId: number) =>
      t.db.withTenant(tenantA, (tx) =>
        tx
          .update(orderRefunds)
          .set({ accountId })
          .where(and(eq(orderRefunds.tenantId, tenantA), eq(orderRefunds.id, id))),
      );
    await accountOf(999_999_999);
    expect(await ask(id, 0)).toBe('unchanged');
    expect(await queries(id)).toHaveLength(2);
    await accountOf(wechat);
    refundStatus.set(refund?.refundNo ?? '', 'SUCCESS');
    expect(await ask(id, 1)).toBe('done');
    expect((await detail(order.id)).status).toBe(5);
  });

  it('numbers refunds uniquely within the providers’ 64 characters', async () => {
    const orderNo = 'P202605019876543210';
    expect(newRefundNo(orderNo, 1)).toMatch(/^R202605019876543210001\d{8}$/);
    expect(newRefundNo(orderNo, 12)).toMatch(/^R202605019876543210012\d{8}$/);
    expect(newRefundNo(orderNo, 1000)).toHaveLength(31);
    // An order's refunds, each a number of its own: its ordinal in the order.
    const order = await wechatPaid(3_000, 'rf-numbers');
    refundAnswer = 'SUCCESS';
    for (const fen of [1_000, 1_000, 1_000])
      expect((await admin.post(`${OPERATION}/${order.id}/refunds`, { amountFen: fen, reason: '分次' })).body.msg).toBe(
        '退款成功',
      );
    const numbers = (await detail(order.id)).refunds.map((r: { refundNo: string }) => r.refundNo);
    expect(numbers.map((n: string) => n.slice(19, 22))).toEqual(['001', '002', '003']);
    expect(numbers.every((n: string) => n.length === 30 && n.startsWith(`R${order.orderNo.slice(1)}`))).toBe(true);
  });
});
