import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestContext } from '../../testing';
import { devNotification } from './providers/dev';
import * as repo from './repository';
import { openSecrets, secretKey } from './secrets';
import { ledgerCheck } from './service';
import { NO_SECRETS, type PaymentsWorld, paymentsWorld } from './test-world';

const MINE = '/st365/payments/mine/orders';
const COLLECTION = '/st365/payments/collection/orders';
const OPERATION = '/st365/payments/operation/orders';
const ACCOUNTS = '/st365/payments/accounts';

describe('payments: orders, the payment shell, notifications, transfer, refunds, the ledger', () => {
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let payer: TestClient;
  let stranger: TestClient;
  let anonymous: TestClient;
  let tenantA: number;
  let tenantB: number;
  let domainA: string;
  let domainB: string;
  let devAccount: number;
  let w: PaymentsWorld;
  let transferAccount: number;

  const detail = async (id: number) => (await admin.get(`${OPERATION}/${id}`)).body.data;
  const ledger = () => t.db.withTenant(tenantA, (tx) => ledgerCheck(tx, tenantA));

  /** A notification as the provider posts it: the exact body and its signature header. */
  async function notify(raw: { headers: Record<string, string | undefined>; body: string }, host = domainA) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/st365/public/payments/notify/${devAccount}`,
      headers: { host, 'content-type': 'application/json', 'x-dev-signature': raw.headers['x-dev-signature'] ?? '' },
      payload: raw.body,
    });
    return { status: res.statusCode, text: res.body };
  }

  async function devSecret(): Promise<string> {
    const account = await t.db.withTenant(tenantA, (tx) => repo.getAccount(tx, tenantA, devAccount));
    return openSecrets(secretKey(t.app.config), account?.secrets ?? '').devSecret ?? '';
  }

  beforeAll(async () => {
    w = await paymentsWorld('k');
    ({ t, admin, other, payer, stranger, anonymous, tenantA, tenantB, domainA, domainB, devAccount } = w);
    const transfer = await admin.post(ACCOUNTS, {
      ...NO_SECRETS,
      kind: 'transfer',
      name: '对公转账',
      accountName: '测试学会',
      bankName: '测试银行营业部',
      accountNo: '6222 0000 1111 2222',
    });
    expect(transfer.body.code, transfer.body.msg).toBe(200);
    transferAccount = transfer.body.data.id;
  });
  afterAll(() => t.close());

  it('offers 付款订单 to a member, and the order lists and 收款账户 to administrators', async () => {
    const paths = (m: { menuResult: { children?: { path: string }[]; path: string }[] }) =>
      m.menuResult.flatMap((g) => [g.path, ...(g.children ?? []).map((c) => c.path)]);
    expect(paths((await payer.get('/st365/auth/menu')).body.data)).toContain('/orderPayment');
    const adminPaths = paths((await admin.get('/st365/auth/menu')).body.data);
    for (const p of ['/orderOperation', '/orderCollection', '/orderPayment', '/receivingBankAccount'])
      expect(adminPaths).toContain(p);
  });

  it('makes one order per idempotency key, with its lines and first event', async () => {
    const first = await w.newOrder(20_000, { key: 'double-click' });
    const again = await w.newOrder(20_000, { key: 'double-click' });
    expect(again).toEqual({ ...first, created: false });
    const d = (await payer.get(`${MINE}/${first.id}`)).body.data;
    expect(d).toMatchObject({ amountFen: 20_000, status: 0, statusName: '待支付', can: { pay: true, cancel: true } });
    expect(d.lines).toEqual([{ item: '会费', taxCode: '', quantity: 1, unitPriceFen: 20_000, amountFen: 20_000 }]);
    expect(d.events.map((e: { toName: string; remark: string }) => [e.toName, e.remark])).toEqual([
      ['待支付', '创建订单'],
    ]);
    const list = (await payer.get(`${MINE}?keyword=${encodeURIComponent(d.orderNo)}`)).body.data;
    expect(list.total).toBe(1);
    // Another member of the tenant does not see it.
    expect((await stranger.get(`${MINE}/${first.id}`)).body.msg).toBe('订单不存在');
  });

  it('pays through the development cashier: twice notified, paid once, one balanced ledger entry', async () => {
    const order = await w.newOrder(12_345);
    const options = (await payer.get(`${MINE}/${order.id}/pay-options`)).body.data;
    expect(options.methods.map((m: { kind: string }) => m.kind)).toEqual(['dev', 'transfer']);
    const token = await w.startDev(order.id);

    const cashier = (await anonymous.get(`/st365/public/payments/dev-cashier?token=${token}`)).body;
    expect(cashier.data).toMatchObject({ amountFen: 12_345, statusName: '待支付', payeeName: '测试学会' });
    const failed = (await anonymous.post('/st365/public/payments/dev-cashier', { token, outcome: 'failed' })).body;
    expect(failed.data.statusName).toBe('待支付');
    const paid = (await anonymous.post('/st365/public/payments/dev-cashier', { token, outcome: 'twice' })).body;
    expect(paid.data.statusName).toBe('已支付');
    expect((await payer.get(`${MINE}/${order.id}/state`)).body.data.status).toBe(2);

    const d = await detail(order.id);
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({ kind: 'dev', state: 'applied', amountFen: 12_345 });
    expect(d.events.map((e: { remark: string }) => e.remark)).toEqual([
      '创建订单',
      '支付失败',
      expect.stringMatching(/^模拟支付（开发环境）支付成功，交易号 DEV/),
    ]);
    const lines = await t.db.withTenant(tenantA, (tx) => repo.ledgerOfOrder(tx, tenantA, order.id));
    expect(lines.map((l) => [l.account, l.amountFen])).toEqual([
      ['clearing:dev', 12_345],
      ['payee:tenant', -12_345],
    ]);
    expect((await ledger()).balanced).toBe(true);
    // Paying a paid order is refused.
    expect((await payer.post(`${MINE}/${order.id}/pay`, { accountId: devAccount })).body.msg).toBe(
      '订单已支付，不能支付',
    );
  });

  it('applies 50 simultaneous notifications of one payment once; a second payment becomes an exception', async () => {
    const order = await w.newOrder(8_800);
    await w.startDev(order.id);
    const secret = await devSecret();
    const raw = devNotification(secret, {
      orderNo: (await detail(order.id)).orderNo,
      txnId: 'DEVSAME',
      amountFen: 8_800,
      state: 'paid',
      at: new Date().toISOString(),
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(raw)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    let d = await detail(order.id);
    expect(d.status).toBe(2);
    expect(d.payments).toHaveLength(1);
    const lines = await t.db.withTenant(tenantA, (tx) => repo.ledgerOfOrder(tx, tenantA, order.id));
    expect(lines.map((l) => [l.account, l.amountFen])).toEqual([
      ['clearing:dev', 8_800],
      ['payee:tenant', -8_800],
    ]);
    // On PostgreSQL most of these take the one-statement path (migration 0038), the rest the
    // transactional one: either way one event of the payment, as the transactional path writes it.
    const paidEvents = d.events.filter((e: { remark: string }) => e.remark.includes('支付成功'));
    expect(paidEvents).toEqual([
      expect.objectContaining({
        actor: '系统',
        toName: '已支付',
        remark: '模拟支付（开发环境）支付成功，交易号 DEVSAME',
      }),
    ]);

    // Another transaction for the paid order: kept for a refund, never counted as the payee's.
    const second = devNotification(secret, {
      orderNo: d.orderNo,
      txnId: 'DEVOTHER',
      amountFen: 8_800,
      state: 'paid',
      at: new Date().toISOString(),
    });
    expect((await notify(second)).status).toBe(200);
    d = await detail(order.id);
    expect(d.payments.map((p: { state: string }) => p.state)).toEqual(['applied', 'exception']);
    expect(d.events.at(-1).remark).toMatch(/已记为异常，待退款/);
    const after = await t.db.withTenant(tenantA, (tx) => repo.ledgerOfOrder(tx, tenantA, order.id));
    expect(after.map((l) => l.account)).toContain('suspense:refund');
    expect((await ledger()).balanced).toBe(true);
  });

  it('refuses a notification with a bad signature or another amount, and changes nothing', async () => {
    const order = await w.newOrder(5_000);
    await w.startDev(order.id);
    const orderNo = (await detail(order.id)).orderNo;
    const forged = devNotification('not-the-secret', {
      orderNo,
      txnId: 'DEVFORGED',
      amountFen: 5_000,
      state: 'paid',
      at: new Date().toISOString(),
    });
    const refused = await notify(forged);
    expect(refused).toEqual({ status: 400, text: 'failure' });
    const cheap = devNotification(await devSecret(), {
      orderNo,
      txnId: 'DEVCHEAP',
      amountFen: 1,
      state: 'paid',
      at: new Date().toISOString(),
    });
    const wrong = await notify(cheap);
    expect(JSON.parse(wrong.text).msg).toBe('支付金额与订单不符');
    const d = await detail(order.id);
    expect(d.status).toBe(0);
    expect(d.payments).toEqual([]);
    // Another tenant's domain does not know the account.
    const elsewhere = await notify(cheap, domainB);
    expect([elsewhere.status, JSON.parse(elsewhere.text).msg]).toEqual([404, '收款账户不存在']);
  });

  it('takes a transfer: voucher, rejection with a reason, a new voucher, approval', async () => {
    const order = await w.newOrder(100_000);
    const started = (await payer.post(`${MINE}/${order.id}/pay`, { accountId: transferAccount })).body.data;
    expect(started.transfer).toMatchObject({
      accountName: '测试学会',
      bankName: '测试银行营业部',
      accountNo: '6222000011112222',
    });
    expect(started.transfer.remark).toMatch(/^P\d{18}$/);

    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), '转账回单.pdf');
      return (await payer.upload('/st365/systemfile/upload', form)).body.data.id as number;
    };
    expect((await payer.post(`${MINE}/${order.id}/vouchers`, {})).body.msg).toBe('请求体 fileId 有误：请上传转账凭证');
    const fileId = await upload();
    // A file of someone else is not a voucher of this payer.
    expect((await stranger.post(`${MINE}/${order.id}/vouchers`, { fileId })).body.msg).toBe('请上传转账凭证');
    const sent = await payer.post(`${MINE}/${order.id}/vouchers`, { fileId, remark: '已通过网银转账' });
    expect(sent.body.msg).toBe('凭证已提交，等待收款方审核');
    expect((await payer.post(`${MINE}/${order.id}/vouchers`, { fileId })).body.msg).toBe(
      '转账凭证正在审核，请耐心等待',
    );
    let d = (await admin.get(`${COLLECTION}/${order.id}`)).body.data;
    expect(d).toMatchObject({ statusName: '待审核', can: { review: true } });
    const voucherId = d.vouchers[0].id;
    expect(d.vouchers[0].fileName).toBe('转账回单.pdf');

    const review = `${COLLECTION}/${order.id}/vouchers/${voucherId}/review`;
    expect((await admin.post(review, { approve: false })).body.msg).toBe('请求体 reason 有误：请填写驳回原因');
    expect((await admin.post(review, { approve: false, reason: '金额不符' })).body.msg).toBe('已驳回');
    d = (await payer.get(`${MINE}/${order.id}`)).body.data;
    expect(d).toMatchObject({ statusName: '待支付', can: { uploadVoucher: true } });
    expect(d.vouchers[0]).toMatchObject({ statusName: '已驳回', reason: '金额不符' });
    expect((await admin.post(review, { approve: true })).body.msg).toBe('该凭证已审核');

    await payer.post(`${MINE}/${order.id}/vouchers`, { fileId: await upload() });
    d = await detail(order.id);
    const approved = await admin.post(`${OPERATION}/${order.id}/vouchers/${d.vouchers[1].id}/review`, {
      approve: true,
    });
    expect(approved.body.msg).toBe('审核通过');
    d = await detail(order.id);
    expect(d.statusName).toBe('已支付');
    expect(d.payments[0]).toMatchObject({ kind: 'transfer', state: 'applied', amountFen: 100_000 });
    expect((await ledger()).balanced).toBe(true);
  });

  it('refunds within what was paid: part, then the rest; never more', async () => {
    const order = await w.newOrder(30_000);
    const token = await w.startDev(order.id);
    await anonymous.post('/st365/public/payments/dev-cashier', { token, outcome: 'paid' });
    const refunds = `${COLLECTION}/${order.id}/refunds`;
    expect((await admin.post(refunds, { amountFen: 1.5, reason: '测试' })).body.msg).toBe(
      '请求体 amountFen 有误：退款金额最小单位为分',
    );
    expect((await admin.post(refunds, { amountFen: 100 })).body.msg).toBe('请求体 reason 有误：请填写退款原因');
    expect((await admin.post(refunds, { amountFen: 30_001, reason: '多退' })).body.msg).toBe(
      '退款金额不能超过可退金额 ¥300.00',
    );
    expect((await admin.post(refunds, { amountFen: 10_000, reason: '部分退款' })).body.msg).toBe('退款成功');
    let d = await detail(order.id);
    expect(d).toMatchObject({ statusName: '部分退款', refundedFen: 10_000, refundableFen: 20_000 });
    expect((await admin.post(refunds, { amountFen: 20_000, reason: '余款退回' })).body.msg).toBe('退款成功');
    d = await detail(order.id);
    expect(d).toMatchObject({ statusName: '已退款', refundedFen: 30_000, refundableFen: 0, can: { refund: false } });
    expect(d.refunds.map((r: { stateName: string }) => r.stateName)).toEqual(['已退款', '已退款']);
    expect((await admin.post(refunds, { amountFen: 1, reason: '再退' })).body.msg).toBe('订单已退款，不能退款');
    expect((await ledger()).balanced).toBe(true);
    // A member cannot refund.
    expect((await payer.post(refunds, { amountFen: 1, reason: '自己退' })).body.code).not.toBe(200);
  });

  it('cancels by the payer and by the timeout job', async () => {
    const order = await w.newOrder(1_000);
    expect((await payer.post(`${MINE}/${order.id}/cancel`, { reason: '不需要了' })).body.msg).toBe('订单已取消');
    expect((await payer.post(`${MINE}/${order.id}/cancel`, {})).body.msg).toBe('订单已取消，不能取消');
    expect((await payer.post(`${MINE}/${order.id}/pay`, { accountId: devAccount })).body.msg).toBe(
      '订单已取消，不能支付',
    );

    const late = await w.newOrder(1_000, { expiresInMinutes: 0 });
    while (await t.app.jobs.runOnce(tenantA)) {
      // the timeouts that are due
    }
    const d = await detail(late.id);
    expect(d.statusName).toBe('已取消');
    expect(d.events.at(-1)).toMatchObject({ actor: '系统', remark: '超时未支付，自动取消' });
  });

  it('keeps receiving accounts’ secrets on the server, and checks what each kind needs', async () => {
    const list = (await admin.get(ACCOUNTS)).body.data;
    expect(list.records.map((r: { kind: string; secretsSet: boolean }) => [r.kind, r.secretsSet])).toEqual([
      ['dev', true],
      ['transfer', true],
    ]);
    expect(JSON.stringify(list)).not.toMatch(/devSecret|PRIVATE KEY/);
    const wechat = await admin.post(ACCOUNTS, {
      ...NO_SECRETS,
      kind: 'wechat',
      name: '微信',
      appId: 'wx1',
      merchantId: '1900000001',
    });
    expect(wechat.body.msg).toBe('微信支付需要商户私钥、证书序列号、APIv3密钥、平台公钥和平台证书序列号');
    expect(
      (await admin.post(ACCOUNTS, { ...NO_SECRETS, kind: 'alipay', name: '支付宝', appId: '2021', privateKey: 'abc' }))
        .body.msg,
    ).toBe('请求体 privateKey 有误：商户私钥格式不正确（PEM）');
    const pair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const merchant = pair();
    const platform = pair();
    const wechatBody = {
      ...NO_SECRETS,
      kind: 'wechat',
      name: '微信支付',
      appId: 'wx8888888888888888',
      merchantId: '1900000001',
      serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      apiV3Key: 'a'.repeat(32),
      platformPublicKey: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      platformSerial: 'PUB_KEY_ID_0114232134912410000000000000',
    };
    const broken = {
      ...wechatBody,
      privateKey: '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----',
    };
    expect((await admin.post(ACCOUNTS, broken)).body.msg).toBe('微信支付商户私钥格式无效');
    const saved = await admin.post(ACCOUNTS, wechatBody);
    expect(saved.body.code, saved.body.msg).toBe(200);
    const shown = (await admin.get(`${ACCOUNTS}/${saved.body.data.id}`)).body.data;
    expect(shown).toMatchObject({ kind: 'wechat', merchantId: '1900000001', secretsSet: true });
    expect(JSON.stringify(shown)).not.toMatch(/PRIVATE|aaaaaaaa/);
    // A change with the secrets left empty keeps them.
    const renamed = await admin.put(`${ACCOUNTS}/${saved.body.data.id}`, {
      ...wechatBody,
      name: '微信支付（主）',
      privateKey: '',
      apiV3Key: '',
      platformPublicKey: '',
    });
    expect(renamed.body.msg).toBe('保存成功');
    expect((await admin.delete(`${ACCOUNTS}/${saved.body.data.id}`)).body.msg).toBe('删除成功');
    expect((await admin.post(ACCOUNTS, { ...NO_SECRETS, kind: 'transfer', name: '缺账号' })).body.msg).toBe(
      '请求体 accountName 有误：请输入户名',
    );
    expect((await admin.delete(`${ACCOUNTS}/${devAccount}`)).body.msg).toBe('已有订单使用该账户，不能删除，可停用');
    // A member cannot manage accounts.
    expect((await payer.get(ACCOUNTS)).body.code).not.toBe(200);
  });

  it('exports the collection list to Excel', async () => {
    const job = await admin.post(`${COLLECTION}/export-jobs`, { status: 2 });
    expect(job.body.code, job.body.msg).toBe(200);
    while (await t.app.jobs.runOnce(tenantA)) {
      // the export
    }
    const progress = (await admin.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    expect(progress.rate).toBe(100);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await admin.get(`/st365${progress.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toContain('订单号');
    const paidRows = (await admin.get(`${COLLECTION}?status=2&pageSize=100`)).body.data.total;
    expect(sheet.rowCount).toBe(paidRows + 1);
  });

  it('keeps another tenant out of every route', async () => {
    const order = await w.newOrder(2_000);
    const tries = [
      other.get(`${OPERATION}/${order.id}`),
      other.get(`${COLLECTION}/${order.id}`),
      other.post(`${OPERATION}/${order.id}/refunds`, { amountFen: 1, reason: '越权' }),
      other.post(`${COLLECTION}/${order.id}/vouchers/1/review`, { approve: true }),
      other.get(`${ACCOUNTS}/${devAccount}`),
      other.put(`${ACCOUNTS}/${devAccount}`, { ...NO_SECRETS, kind: 'dev', name: '改名' }),
      other.delete(`${ACCOUNTS}/${transferAccount}`),
    ];
    for (const r of await Promise.all(tries)) expect(r.body.code, r.body.msg).not.toBe(200);
    expect((await other.get(OPERATION)).body.data.total).toBe(0);
    expect((await other.get(ACCOUNTS)).body.data.total).toBe(0);
    expect((await detail(order.id)).status).toBe(0);
    const account = await t.db.withTenant(tenantA, (tx) => repo.getAccount(tx, tenantA, devAccount));
    expect(account?.name).toBe('模拟支付');
    // And the database itself: tenant B's session reads none of A's orders.
    const seen = await t.db.withTenant(tenantB, (tx) => repo.getOrder(tx, tenantA, order.id));
    expect(seen).toBeUndefined();
  });
});
