import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs, pick, tick } from '../harness/console';
import { serverUrl } from '../harness/workers';

const SOCIETY_ADMIN = '13800000020'; // 何学会, 示范市计算机学会: a payee of its own (demo)
const ADMIN = 'admin'; // 运营超级管理员: the tenant's operators
const PHONE = { width: 390, height: 844 };
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text }).first();

/** The amount a figure card shows (¥1,234.56), in fen. */
async function figure(page: Page, title: string): Promise<number> {
  const value = page
    .locator('.ant-statistic')
    .filter({ has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
    .first()
    .locator('.ant-statistic-content');
  await expect.poll(async () => /¥/.test(await value.innerText())).toBe(true);
  const m = /^(\d+)\.(\d{2})$/.exec((await value.innerText()).replace(/[¥,\s]/g, ''));
  if (!m) throw new Error(`not an amount in ${title}`);
  return Number(m[1]) * 100 + Number(m[2]);
}

describe('收款方: a society collects its own dues (代收), sees its own money and withdraws it', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the society’s administrator sees its own orders and wallet, and withdraws no more than its balance', async () => {
    const page = await consoleAs(browser, SOCIETY_ADMIN);

    // 收款订单: the society's own orders only (the association's are not there).
    await page.goto(`${baseUrl}/new/orderCollection`);
    await row(page, '2026年度计算机学会会费').waitFor();
    await row(page, '人工智能青年沙龙报名费').waitFor();
    await expect.poll(() => page.getByText('2026学术年会注册费').count()).toBe(0);
    await expectAccessible(page, '学会的收款订单');
    await screenshot(page, 'payees-society-orders');

    // The salon fee was paid twice: the second payment is returned from the order's detail.
    await row(page, '人工智能青年沙龙报名费').getByRole('link', { name: /^详情/ }).click();
    await page.getByText('异常（待退款）').waitFor();
    await page.getByRole('button', { name: /^退回异常款：/ }).click();
    const dialog = page.getByRole('dialog', { name: '退回异常款' });
    await dialog.getByLabel('退款原因').fill('重复支付，原路退回');
    await expectAccessible(page, '退回异常款');
    await screenshot(page, 'payees-exception-refund');
    await dialog.getByRole('button', { name: '确认退回' }).click();
    await page.getByText('异常，已退回').waitFor();
    await page
      .getByText(/异常款退回 ¥200\.00 已完成/)
      .first()
      .waitFor();

    // 钱包: its name, its income and what it holds (¥500.00 in, ¥200.00 waiting to be paid out).
    await page.goto(`${baseUrl}/new/wallet`);
    await page.getByRole('heading', { name: '示范市计算机学会的钱包' }).waitFor();
    expect(await figure(page, '累计收入')).toBe(50_000);
    const balance = await figure(page, '余额');
    await expectAccessible(page, '学会的钱包');
    await screenshot(page, 'payees-society-wallet');

    // 申请提现: more than the balance is refused; ¥100.00 is taken, then taken back.
    await page.goto(`${baseUrl}/new/widhDrawal`);
    expect(await figure(page, '可提现余额')).toBe(balance);
    await page.getByLabel('提现金额（元）').fill(((balance + 100) / 100).toFixed(2));
    await page
      .getByText(/提现金额不能超过可提现余额/)
      .first()
      .waitFor();
    await page.getByLabel('提现金额（元）').fill('100');
    await tick(page.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await page.getByRole('button', { name: '提交申请' }).click();
    const message = page.getByText(/提现申请已提交，提现单号 W\d+/).first();
    await message.waitFor();
    const no = /W\d+/.exec((await message.textContent()) ?? '')?.[0] ?? '';
    await expect.poll(() => figure(page, '可提现余额')).toBe(balance - 10_000);
    await row(page, no).waitFor();
    await expectAccessible(page, '学会申请提现');
    await screenshot(page, 'payees-society-withdraw');
    await page.getByRole('button', { name: `撤销：${no}` }).click();
    await page
      .getByRole('button', { name: /^\s*撤\s*销\s*$/ })
      .last()
      .click();
    await page.getByText('提现已撤销').first().waitFor();
    await expect.poll(() => figure(page, '可提现余额')).toBe(balance);

    // 提现记录: its own withdrawals, read only (the operators pay them out).
    await page.goto(`${baseUrl}/new/purseList`);
    await row(page, '¥198.80').waitFor();
    const rows = page.locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(await rows.filter({ hasText: '示范市计算机学会' }).count());
    expect(await page.getByRole('button', { name: /^打款：/ }).count()).toBe(0);
    await expect.poll(() => page.getByLabel('收款方').count()).toBe(0);

    // 开票设置: the society's own (its seller on its invoices); the association's are not touched.
    await page.goto(`${baseUrl}/new/receivingTicketKaipiaoConfig`);
    await page.getByText('开票设置：示范市计算机学会').waitFor();
    await page.getByLabel('销售方名称').fill('示范市计算机学会');
    await page.getByLabel('开票说明').fill('学会会费发票在申请后5个工作日内开具。');
    await page.getByRole('button', { name: /^\s*保\s*存\s*$/ }).click();
    await page.getByText('保存成功').first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('销售方名称').inputValue()).toBe('示范市计算机学会');
    await expectAccessible(page, '学会的开票设置');
    await screenshot(page, 'payees-society-invoice-settings');

    // On a phone.
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/new/wallet`);
    await page.getByRole('heading', { name: '示范市计算机学会的钱包' }).waitFor();
    await screenshot(page, 'payees-society-wallet-phone');
    await page.context().close();
    // A whole working session of the society's administrator: orders, a refund, wallet, withdrawal, settings.
  }, 120_000);

  it('the operators find the society’s withdrawal by the payee filter, and its invoicing settings', async () => {
    const admin = await consoleAs(browser, ADMIN);
    await admin.goto(`${baseUrl}/new/purseList`);
    await admin.locator('.ant-table-row').first().waitFor();
    // Before the filter the association's own (paid out) withdrawal is listed too.
    await row(admin, 'B2026112200001').waitFor();
    await pick(admin, '收款方', '示范市计算机学会', true);
    await expect.poll(() => admin.getByText('B2026112200001').count()).toBe(0);
    const rows = admin.locator('.ant-table-row');
    await row(admin, '¥198.80').waitFor();
    expect(await rows.count()).toBe(await rows.filter({ hasText: '示范市计算机学会' }).count());
    await expectAccessible(admin, '提现记录（收款方筛选）');
    await screenshot(admin, 'payees-operator-withdrawals');

    // 开票设置: the association's own; the operators may open the society's by the payee.
    await admin.goto(`${baseUrl}/new/receivingTicketKaipiaoConfig`);
    await admin.getByText(/^开票设置：/).waitFor();
    expect(await admin.getByText('开票设置：示范市计算机学会').count()).toBe(0);
    await pick(admin, '收款方', '示范市计算机学会', true);
    await admin.getByText('开票设置：示范市计算机学会').waitFor();
    await expect.poll(() => admin.getByLabel('销售方名称').inputValue()).toBe('示范市计算机学会');
    await admin.context().close();
  });
});
