import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, menuVersions, upgradeTenantMenu } from '../../platform/rbac';
import type { TestClient, TestContext } from '../../testing';
import * as repo from './repository';
import { type PaymentsWorld, paymentsWorld } from './test-world';

const MINE = '/st365/payments/invoices/mine';
const ISSUE = '/st365/payments/invoices/issue';
const OPERATION = '/st365/payments/operation/orders';
const COLLECTION = '/st365/payments/collection/orders';

describe('payments: invoices of paid orders (我的发票, 开票管理)', () => {
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let payer: TestClient;
  let stranger: TestClient;
  let tenantA: number;
  let tenantB: number;
  let w: PaymentsWorld;

  const application = (orderId: number, extra: Record<string, unknown> = {}) => ({
    orderId,
    titleType: 'personal',
    title: '张三',
    email: 'zhangsan@example.com',
    invoiceType: 'normal',
    amountFen: 20_000,
    ...extra,
  });
  const company = {
    titleType: 'company',
    title: '示范科技有限公司',
    taxNo: '91110000MA01ABCD1X',
  };

  async function upload(client: TestClient, name: string, content: Buffer): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const res = await client.upload('/st365/systemfile/upload', form);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data.id as number;
  }
  const pdf = () => upload(admin, '发票.pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n'));
  /** The first bytes of a PNG: an image, not a PDF. */
  const png = () =>
    upload(admin, '发票.png', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'));

  const invoiceable = async (orderId: number) =>
    ((await payer.get(`${MINE}/invoiceable-orders`)).body.data as { id: number; invoiceableFen: number }[]).find(
      (o) => o.id === orderId,
    );
  const remarks = async (orderId: number) =>
    ((await admin.get(`${OPERATION}/${orderId}`)).body.data.events as { remark: string; toName: string }[]).map(
      (e) => e.remark,
    );

  beforeAll(async () => {
    w = await paymentsWorld('inv');
    ({ t, admin, other, payer, stranger, tenantA, tenantB } = w);
  });
  afterAll(() => t.close());

  it('offers 我的发票 to a member, and 开票管理 to administrators only', async () => {
    const paths = (m: { menuResult: { children?: { path: string }[]; path: string }[] }) =>
      m.menuResult.flatMap((g) => [g.path, ...(g.children ?? []).map((c) => c.path)]);
    const payerPaths = paths((await payer.get('/st365/auth/menu')).body.data);
    expect(payerPaths).toContain('/receivingTicketFapiaoList');
    expect(payerPaths).not.toContain('/receivingTicketKaipiaoList');
    const adminPaths = paths((await admin.get('/st365/auth/menu')).body.data);
    for (const p of ['/receivingTicketKaipiaoList', '/receivingTicketFapiaoList']) expect(adminPaths).toContain(p);
    // A member cannot reach 开票管理.
    expect((await payer.get(ISSUE)).body.code).not.toBe(200);
  });

  it('applies for an invoice of a paid order, and refuses every application it must', async () => {
    const unpaid = await w.newOrder(5_000);
    expect((await payer.post(MINE, application(unpaid.id, { amountFen: 5_000 }))).body.msg).toBe(
      '订单待支付，不能申请开票',
    );
    const order = await w.paidOrder(20_000);
    expect(await invoiceable(order.id)).toMatchObject({ invoiceableFen: 20_000, invoicedFen: 0, pending: false });
    expect(await invoiceable(unpaid.id)).toBeUndefined();

    // Not the payer: the order is not theirs to invoice.
    expect((await stranger.post(MINE, application(order.id))).body.msg).toBe('订单不存在');
    // More than was paid.
    expect((await payer.post(MINE, application(order.id, { amountFen: 20_001 }))).body.msg).toBe(
      '开票金额不能超过可开票金额 ¥200.00',
    );
    // The contract's checks, in Chinese.
    expect((await payer.post(MINE, application(order.id, { invoiceType: 'special' }))).body.msg).toBe(
      '请求体 invoiceType 有误：个人抬头只能开具普通发票',
    );
    expect((await payer.post(MINE, application(order.id, { ...company, taxNo: '' }))).body.msg).toBe(
      '请求体 taxNo 有误：请输入纳税人识别号',
    );
    expect((await payer.post(MINE, application(order.id, { ...company, taxNo: '91110000ma01' }))).body.msg).toBe(
      '请求体 taxNo 有误：纳税人识别号应为15至20位数字或大写字母',
    );
    expect((await payer.post(MINE, application(order.id, { email: 'not-an-email' }))).body.msg).toBe(
      '请求体 email 有误：邮箱格式不正确',
    );
    expect((await payer.post(MINE, application(order.id, { email: '' }))).body.msg).toBe(
      '请求体 email 有误：请输入接收邮箱',
    );
    expect((await payer.post(MINE, application(order.id, { title: '' }))).body.msg).toBe(
      '请求体 title 有误：请输入发票抬头',
    );
    expect((await payer.post(MINE, application(order.id, { amountFen: 0 }))).body.msg).toBe(
      '请求体 amountFen 有误：开票金额必须大于0',
    );
    expect(
      (await payer.post(MINE, application(order.id, { ...company, invoiceType: 'special', address: '示范路1号' }))).body
        .msg,
    ).toBe('请求体 phone 有误：请输入注册电话');

    // A 专用发票 for an organisation, with everything it needs.
    const applied = await payer.post(
      MINE,
      application(order.id, {
        ...company,
        invoiceType: 'special',
        address: '示范市示范路1号',
        phone: '010-12345678',
        bank: '中国工商银行示范支行',
        bankAccount: '6222 0000 1111 2222',
        amountFen: 15_000,
        remark: '请尽快开具',
      }),
    );
    expect(applied.body.msg).toBe('开票申请已提交');
    const id = applied.body.data.id as number;
    // One waiting application per order.
    expect((await payer.post(MINE, application(order.id, { amountFen: 1_000 }))).body.msg).toBe(
      '该订单已有待开票的申请，请等待处理',
    );
    expect(await invoiceable(order.id)).toMatchObject({ invoiceableFen: 5_000, invoicedFen: 15_000, pending: true });

    const mine = (await payer.get(`${MINE}/${id}`)).body.data;
    expect(mine).toMatchObject({
      orderId: order.id,
      titleTypeName: '单位',
      invoiceTypeName: '专用发票',
      taxNo: '91110000MA01ABCD1X',
      bankAccount: '6222000011112222',
      amountFen: 15_000,
      statusName: '待开票',
      fileId: null,
    });
    expect(mine.lines).toEqual([
      { item: '会费', taxCode: '3040802010000000000', quantity: 1, unitPriceFen: 20_000, amountFen: 20_000 },
    ]);
    expect(mine.order).toMatchObject({ amountFen: 20_000, statusName: '已支付' });
    // Another member does not see it; the payee sees it with the payer's mobile.
    expect((await stranger.get(`${MINE}/${id}`)).body.msg).toBe('发票申请不存在');
    expect((await stranger.get(MINE)).body.data.total).toBe(0);
    const seen = (await admin.get(`${ISSUE}?status=0&keyword=${encodeURIComponent('示范科技')}`)).body.data;
    expect(seen.records.map((r: { id: number }) => r.id)).toContain(id);
    expect(seen.records[0].payerMobile).toMatch(/^19\d{9}$/);
    // The order's timeline has it; the order keeps its status.
    expect(await remarks(order.id)).toContain('申请开票：示范科技有限公司（专用发票）¥150.00');
    expect((await admin.get(`${OPERATION}/${order.id}`)).body.data.statusName).toBe('已支付');
  });

  it('issues with a PDF and a number; the payer downloads it; refunds leave less to invoice', async () => {
    const order = await w.paidOrder(30_000);
    // Part refunded: only what was kept may be invoiced.
    expect(
      (await admin.post(`${COLLECTION}/${order.id}/refunds`, { amountFen: 10_000, reason: '部分退款' })).body.msg,
    ).toBe('退款成功');
    expect(await invoiceable(order.id)).toMatchObject({ invoiceableFen: 20_000 });
    expect((await payer.post(MINE, application(order.id, { amountFen: 20_001 }))).body.msg).toBe(
      '开票金额不能超过可开票金额 ¥200.00',
    );
    const id = (await payer.post(MINE, application(order.id, { amountFen: 12_000 }))).body.data.id as number;

    const issue = `${ISSUE}/${id}/issue`;
    const image = await png();
    expect((await admin.post(issue, { fileId: image, invoiceNo: '12345678' })).body.msg).toBe('发票文件须为PDF');
    const fileId = await pdf();
    expect((await admin.post(issue, { fileId })).body.msg).toBe('请求体 invoiceNo 有误：请输入发票号码');
    expect((await admin.post(issue, { fileId, invoiceNo: '12AB' })).body.msg).toBe(
      '请求体 invoiceNo 有误：发票号码应为8至20位数字',
    );
    expect((await admin.post(issue, { fileId: 999_999, invoiceNo: '12345678' })).body.msg).toBe('请上传发票文件');
    // A member cannot issue.
    expect((await payer.post(issue, { fileId, invoiceNo: '12345678' })).body.code).not.toBe(200);
    expect((await admin.post(issue, { fileId, invoiceNo: '26117000000012345678' })).body.msg).toBe('开票成功');
    expect((await admin.post(issue, { fileId, invoiceNo: '26117000000012345678' })).body.msg).toBe(
      '该申请已开票，不能重复处理',
    );
    expect((await admin.post(`${ISSUE}/${id}/reject`, { reason: '晚了' })).body.msg).toBe('该申请已开票，不能重复处理');

    const d = (await payer.get(`${MINE}/${id}`)).body.data;
    expect(d).toMatchObject({ statusName: '已开票', invoiceNo: '26117000000012345678', fileId, fileName: '发票.pdf' });
    expect(d.handledBy).not.toBe('');
    // The payer reads the payee's PDF through the platform's file route.
    const file = await payer.get(`/st365/systemfile/files/${d.fileId}`);
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-type']).toBe('application/pdf');
    expect(file.raw.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.4');

    // What is left: 20 000 kept, 12 000 invoiced.
    expect(await invoiceable(order.id)).toMatchObject({ invoiceableFen: 8_000, invoicedFen: 12_000, pending: false });
    expect((await payer.post(MINE, application(order.id, { amountFen: 8_001 }))).body.msg).toBe(
      '开票金额不能超过可开票金额 ¥80.00',
    );
    expect(await remarks(order.id)).toEqual(
      expect.arrayContaining(['申请开票：张三（普通发票）¥120.00', '已开票，发票号码 26117000000012345678']),
    );
  });

  it('rejects with a reason the payer sees; the order may then be applied for again', async () => {
    const order = await w.paidOrder(8_000);
    const first = (await payer.post(MINE, application(order.id, { amountFen: 8_000, title: '李四' }))).body.data
      .id as number;
    const reject = `${ISSUE}/${first}/reject`;
    expect((await admin.post(reject, {})).body.msg).toBe('请求体 reason 有误：请填写驳回原因');
    expect((await admin.post(reject, { reason: '   ' })).body.msg).toBe('请求体 reason 有误：请填写驳回原因');
    expect((await payer.post(reject, { reason: '自己驳回' })).body.code).not.toBe(200);
    expect((await admin.post(reject, { reason: '抬头与付款人不符' })).body.msg).toBe('已驳回');
    expect((await admin.post(reject, { reason: '再驳回' })).body.msg).toBe('该申请已驳回，不能重复处理');
    const fileId = await pdf();
    expect((await admin.post(`${ISSUE}/${first}/issue`, { fileId, invoiceNo: '12345678' })).body.msg).toBe(
      '该申请已驳回，不能重复处理',
    );
    const list = (await payer.get(`${MINE}?status=2`)).body.data;
    expect(list.records.find((r: { id: number }) => r.id === first)).toMatchObject({
      statusName: '已驳回',
      reason: '抬头与付款人不符',
    });
    // A rejected application takes nothing: the whole amount again.
    expect(await invoiceable(order.id)).toMatchObject({ invoiceableFen: 8_000, pending: false });
    const again = await payer.post(MINE, application(order.id, { amountFen: 8_000, title: '付款人' }));
    expect(again.body.msg).toBe('开票申请已提交');
    expect(await remarks(order.id)).toEqual([
      '创建订单',
      expect.stringMatching(/支付成功/),
      '申请开票：李四（普通发票）¥80.00',
      '开票申请驳回：抬头与付款人不符',
      '申请开票：付款人（普通发票）¥80.00',
    ]);
    // Every invoice event keeps the order's status.
    const events = (await admin.get(`${OPERATION}/${order.id}`)).body.data.events as {
      fromName: string;
      toName: string;
    }[];
    for (const e of events.slice(2)) expect([e.fromName, e.toName]).toEqual(['已支付', '已支付']);
  });

  it('takes one of two simultaneous applications, and refuses to issue what a later refund took back', async () => {
    const order = await w.paidOrder(6_000);
    const both = await Promise.all([
      payer.post(MINE, application(order.id, { amountFen: 6_000 })),
      // Another body: the same one twice is refused before it arrives, as a repeated submission.
      payer.post(MINE, application(order.id, { amountFen: 5_999 })),
    ]);
    expect(both.map((r) => r.body.msg).sort()).toEqual(['开票申请已提交', '该订单已有待开票的申请，请等待处理']);
    const id = both.find((r) => r.body.code === 200)?.body.data.id as number;
    expect(
      (await admin.post(`${COLLECTION}/${order.id}/refunds`, { amountFen: 1_001, reason: '部分退款' })).body.msg,
    ).toBe('退款成功');
    expect((await admin.post(`${ISSUE}/${id}/issue`, { fileId: await pdf(), invoiceNo: '12345678' })).body.msg).toBe(
      '订单部分退款，可开票金额 ¥49.99，请驳回此申请',
    );
    expect((await admin.post(`${ISSUE}/${id}/reject`, { reason: '已部分退款，请按实付金额重新申请' })).body.msg).toBe(
      '已驳回',
    );
    expect(await invoiceable(order.id)).toMatchObject({ invoiceableFen: 4_999, pending: false });
  });

  it('exports both lists to Excel', async () => {
    for (const [client, base, header] of [
      [payer, MINE, '发票抬头'],
      [admin, ISSUE, '付款人'],
    ] as const) {
      const job = await client.post(`${base}/export-jobs`, {});
      expect(job.body.code, job.body.msg).toBe(200);
      while (await t.app.jobs.runOnce(tenantA)) {
        // the export
      }
      const progress = (await client.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
      expect(progress.rate).toBe(100);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await client.get(`/st365${progress.url}`)).raw.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.getRow(1).values).toContain(header);
      const total = (await client.get(`${base}?pageSize=100`)).body.data.total;
      expect(total).toBeGreaterThan(0);
      expect(sheet.rowCount).toBe(total + 1);
    }
    // The payer's export has no payer columns.
    expect((await payer.post(`${ISSUE}/export-jobs`, {})).body.code).not.toBe(200);
  });

  it('keeps another tenant out of every route', async () => {
    const order = await w.paidOrder(3_000);
    const id = (await payer.post(MINE, application(order.id, { amountFen: 3_000 }))).body.data.id as number;
    const fileId = await pdf();
    const tries = [
      other.get(`${ISSUE}/${id}`),
      other.get(`${MINE}/${id}`),
      other.post(MINE, application(order.id, { amountFen: 3_000 })),
      other.post(`${ISSUE}/${id}/issue`, { fileId, invoiceNo: '12345678' }),
      other.post(`${ISSUE}/${id}/reject`, { reason: '越权' }),
      other.get(`/st365/systemfile/files/${fileId}`),
    ];
    for (const r of await Promise.all(tries)) expect(r.status === 200 && r.body?.code === 200).toBe(false);
    expect((await other.get(ISSUE)).body.data.total).toBe(0);
    expect((await other.get(MINE)).body.data.total).toBe(0);
    expect((await other.get(`${MINE}/invoiceable-orders`)).body.data).toEqual([]);
    const job = await other.post(`${ISSUE}/export-jobs`, {});
    expect(job.body.code).toBe(200);
    expect((await payer.get(`${MINE}/${id}`)).body.data.statusName).toBe('待开票');
    // And the database itself: tenant B's session reads none of A's applications.
    const seen = await t.db.withTenant(tenantB, (tx) => repo.getInvoice(tx, tenantA, id));
    expect(seen).toBeUndefined();
  });
  it('gives existing tenants 开票管理 and 我的发票 once (menu version 5)', async () => {
    const keys = ['/receivingTicketKaipiaoList', '/receivingTicketFapiaoList'];
    await t.db.withTenant(tenantB, async (tx) => {
      await tx.delete(menus).where(inArray(menus.key, keys));
      await tx.update(menuVersions).set({ version: 4 });
    });
    expect((await other.get('/st365/auth/menu')).body.data.functions).not.toContain(
      '/receivingTicketKaipiaoList:issue',
    );
    expect(await t.db.withTenant(tenantB, (tx) => upgradeTenantMenu(tx, tenantB))).toEqual(keys);
    const functions = (await other.get('/st365/auth/menu')).body.data.functions as string[];
    for (const f of ['issue', 'reject', 'export']) expect(functions).toContain(`/receivingTicketKaipiaoList:${f}`);
    expect(functions).toContain('/receivingTicketFapiaoList:export');
    expect(await t.db.withTenant(tenantB, (tx) => upgradeTenantMenu(tx, tenantB))).toEqual([]);
  });
});
