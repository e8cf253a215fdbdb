import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestContext } from '../../testing';
import { type PaymentsWorld, paymentsWorld } from './test-world';
import { lastMonths } from './wallet';

const WALLET = '/st365/payments/wallet';
const PAYEE = '/st365/payments/flows/payee';
const OPERATOR = '/st365/payments/flows/operator';
const OPERATION = '/st365/payments/operation/orders';

interface Flow {
  txn: string;
  account: string;
  accountName: string;
  amountFen: number;
  direction: string;
  orderId: number | null;
  orderNo: string;
  orderTitle: string;
  memo: string;
}

/** A date in China time, YYYY-MM-DD, `days` from today. */
const chinaDay = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe('payments: 钱包, 支付流水 and 运营流水 (read views of the ledger)', () => {
  let t: TestContext;
  let admin: TestClient;
  let other: TestClient;
  let payer: TestClient;
  let w: PaymentsWorld;
  let first: { id: number; orderNo: string };
  let second: { id: number; orderNo: string };
  /** The key of an export of this tenant's (another tenant must not read it). */
  let exportKey = '';

  beforeAll(async () => {
    w = await paymentsWorld('wal');
    ({ t, admin, other, payer } = w);
    first = await w.paidOrder(20_000);
    second = await w.paidOrder(5_000);
    const refund = await admin.post(`${OPERATION}/${first.id}/refunds`, { amountFen: 3_000, reason: '部分退款' });
    expect(refund.body.msg).toBe('退款成功');
  });
  afterAll(() => t.close());

  it('shows the wallet exactly: income, refunds, balance, this month', async () => {
    const res = await admin.get(WALLET);
    expect(res.body.code, res.body.msg).toBe(200);
    const wallet = res.body.data;
    expect(wallet).toMatchObject({
      incomeFen: 25_000,
      refundedFen: 3_000,
      balanceFen: 22_000,
      exceptionFen: 0,
      orders: 2,
    });
    const { months } = lastMonths(new Date());
    expect(wallet.months.map((m: { month: string }) => m.month)).toEqual(months);
    expect(wallet.months.at(-1)).toEqual({ month: months.at(-1), incomeFen: 25_000, refundedFen: 3_000 });
    const earlier = wallet.months.slice(0, -1) as { incomeFen: number; refundedFen: number }[];
    expect(earlier.every((m) => m.incomeFen === 0 && m.refundedFen === 0)).toBe(true);
  });

  it('lists the payee flows: three movements, with directions, search and paging', async () => {
    const res = await admin.get(PAYEE);
    expect(res.body.code, res.body.msg).toBe(200);
    const { records, total } = res.body.data as { records: Flow[]; total: number };
    expect(total).toBe(3);
    // Newest first: the refund, then the two payments.
    expect(records.map((r) => [r.direction, r.amountFen, r.orderNo])).toEqual([
      ['支出', 3_000, first.orderNo],
      ['收入', -5_000, second.orderNo],
      ['收入', -20_000, first.orderNo],
    ]);
    expect(records.every((r) => r.account === 'payee:tenant' && r.accountName === '收款（学会）')).toBe(true);
    expect(records[0]?.memo).toMatch(/^退款 /);
    expect(records[1]?.orderTitle).toMatch(/^测试会费/);

    const byNo = (await admin.get(`${PAYEE}?keyword=${first.orderNo}`)).body.data;
    expect(byNo.total).toBe(2);
    const title = records[1]?.orderTitle as string;
    const byTitle = (await admin.get(`${PAYEE}?keyword=${encodeURIComponent(title)}`)).body.data;
    expect(byTitle.records.map((r: Flow) => r.orderNo)).toEqual([second.orderNo]);
    expect((await admin.get(`${PAYEE}?keyword=nothing-like-it`)).body.data.total).toBe(0);

    const page1 = (await admin.get(`${PAYEE}?pageSize=2&current=1`)).body.data;
    const page2 = (await admin.get(`${PAYEE}?pageSize=2&current=2`)).body.data;
    expect([page1.records.length, page1.total, page2.records.length, page2.total]).toEqual([2, 3, 1, 3]);
    expect(page2.records[0].amountFen).toBe(-20_000);

    // The date range is in China time, both days included.
    expect((await admin.get(`${PAYEE}?from=${chinaDay(0)}&to=${chinaDay(0)}`)).body.data.total).toBe(3);
    expect((await admin.get(`${PAYEE}?from=${chinaDay(1)}`)).body.data.total).toBe(0);
    expect((await admin.get(`${PAYEE}?to=${chinaDay(-1)}`)).body.data.total).toBe(0);
    expect((await admin.get(`${PAYEE}?from=2026-13-01`)).body.code).not.toBe(200);
    // 支付流水 is the payee's account whatever is asked.
    expect((await admin.get(`${PAYEE}?account=clearing:dev`)).body.data.total).toBe(3);
  });

  it('lists both sides of every movement for operators, summing to zero', async () => {
    const res = await admin.get(`${OPERATOR}?pageSize=100`);
    expect(res.body.code, res.body.msg).toBe(200);
    const { records, total } = res.body.data as { records: Flow[]; total: number };
    expect(total).toBe(6);
    expect(records.reduce((s, r) => s + r.amountFen, 0)).toBe(0);
    const byTxn = new Map<string, Flow[]>();
    for (const r of records) byTxn.set(r.txn, [...(byTxn.get(r.txn) ?? []), r]);
    expect(byTxn.size).toBe(3);
    for (const lines of byTxn.values()) {
      expect(lines).toHaveLength(2);
      expect(lines.reduce((s, r) => s + r.amountFen, 0)).toBe(0);
      expect(new Set(lines.map((r) => r.accountName))).toEqual(new Set(['收款（学会）', '模拟支付待结算']));
    }
    // Money arriving at the provider is its income; a refund leaves both accounts.
    const clearing = records.filter((r) => r.account === 'clearing:dev');
    expect(clearing.map((r) => [r.direction, r.amountFen])).toEqual([
      ['支出', -3_000],
      ['收入', 5_000],
      ['收入', 20_000],
    ]);
    const filtered = (await admin.get(`${OPERATOR}?account=clearing:dev`)).body.data;
    expect(filtered.total).toBe(3);
    expect((await admin.get(`${OPERATOR}?keyword=${second.orderNo}`)).body.data.total).toBe(2);
  });

  it('exports both lists to Excel', async () => {
    for (const [base, total] of [
      [PAYEE, 3],
      [OPERATOR, 6],
    ] as const) {
      const job = await admin.post(`${base}/export-jobs`, {});
      expect(job.body.code, job.body.msg).toBe(200);
      while (await t.app.jobs.runOnce(w.tenantA)) {
        // the export
      }
      const progress = (await admin.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
      expect(progress.rate).toBe(100);
      exportKey = job.body.data.key;
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await admin.get(`/st365${progress.url}`)).raw.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['时间', '账户', '收入/支出', '订单号', '摘要']));
      expect(sheet.rowCount).toBe(total + 1);
      const orderNos = new Set<string>();
      sheet.eachRow((row, n) => {
        if (n > 1) orderNos.add(String(row.getCell(6).value));
      });
      expect(orderNos).toEqual(new Set([first.orderNo, second.orderNo]));
    }
    // Filtered as the list is.
    const job = await admin.post(`${PAYEE}/export-jobs`, { keyword: second.orderNo });
    while (await t.app.jobs.runOnce(w.tenantA)) {
      // the export
    }
    const progress = (await admin.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await admin.get(`/st365${progress.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0] as ExcelJS.Worksheet).rowCount).toBe(2);
  });

  it('refuses a member every route', async () => {
    const tries = [
      payer.get(WALLET),
      payer.get(PAYEE),
      payer.get(OPERATOR),
      payer.post(`${PAYEE}/export-jobs`, {}),
      payer.post(`${OPERATOR}/export-jobs`, {}),
    ];
    for (const r of await Promise.all(tries)) expect(r.status === 200 && r.body?.code === 200).toBe(false);
  });

  it("shows another tenant's administrator nothing of this tenant's, nor exports it", async () => {
    const wallet = (await other.get(WALLET)).body.data;
    expect(wallet).toMatchObject({ incomeFen: 0, refundedFen: 0, balanceFen: 0, exceptionFen: 0, orders: 0 });
    expect(wallet.months.every((m: { incomeFen: number }) => m.incomeFen === 0)).toBe(true);
    expect((await other.get(PAYEE)).body.data.total).toBe(0);
    expect((await other.get(OPERATOR)).body.data.total).toBe(0);
    expect((await other.get(`${OPERATOR}?keyword=${first.orderNo}`)).body.data.total).toBe(0);
    const job = await other.post(`${OPERATOR}/export-jobs`, {});
    expect(job.body.code, job.body.msg).toBe(200);
    while (await t.app.jobs.runOnce(w.tenantB)) {
      // the export
    }
    const progress = (await other.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    expect(progress.rate).toBe(100);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await other.get(`/st365${progress.url}`)).raw.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0] as ExcelJS.Worksheet).rowCount).toBe(1);
    // Nor can it read this tenant's export.
    const theirs = await other.get(`/st365/common/process?key=${exportKey}`);
    expect(theirs.body.code === 200 && Boolean(theirs.body.data?.url)).toBe(false);
  });
});
