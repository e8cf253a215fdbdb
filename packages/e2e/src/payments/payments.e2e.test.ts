import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs, loginToConsole, pick } from '../harness/console';
import { serverUrl } from '../harness/workers';

const ADMIN = '13800000002'; // 示范市科协管理员
const MEMBER = '13800000004'; // 王会员
const UNIT = '13800000006'; // 钱申报, for 示范智造科技有限公司 (forced out in admin.e2e: logs in for itself)
const PHONE = { width: 390, height: 844 };

/** antd puts a space between the two characters of a two-character button's label. */
const button = (label: string) => new RegExp(`^\\s*${[...label].join('\\s*')}\\s*$`);
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text }).first();

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

describe('订单与支付: paying, transfer with voucher review, refunds, the lists', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a member pays a fee through the development cashier; the payment page learns of it by itself', async () => {
    const page = await consoleAs(browser, MEMBER);
    await page.goto(`${baseUrl}/new/orderPayment`);
    await row(page, '2027年度个人会费').waitFor();
    await expectAccessible(page, '付款订单');
    await screenshot(page, 'payments-mine');
    await row(page, '2027年度个人会费')
      .getByRole('button', { name: /^去支付/ })
      .click();
    await page.waitForURL(/\/new-payment-index\/payment\?orderId=\d+$/);
    await page.getByText('¥200.00').first().waitFor();
    await page.getByRole('radio', { name: /模拟支付/ }).check();
    await expectAccessible(page, '订单支付');
    await screenshot(page, 'payments-shell-methods');
    await page.getByRole('button', { name: /确认支付/ }).click();
    const cashierLink = page.getByRole('link', { name: '在本机打开模拟收银台' });
    await cashierLink.waitFor();
    await page.getByLabel('支付二维码').waitFor();
    await screenshot(page, 'payments-shell-qr');

    // The cashier, as a phone that scanned the code opens it (no login).
    const href = await cashierLink.getAttribute('href');
    const phone = await newPage(browser, { viewport: PHONE, isMobile: true });
    await phone.goto(href ?? '');
    await phone.getByText('模拟收银台（开发环境）').waitFor();
    await phone.getByText('¥200.00').first().waitFor();
    await expectAccessible(phone, '模拟收银台');
    await noSidewaysScroll(phone);
    await screenshot(phone, 'payments-dev-cashier-phone');
    await phone.getByRole('button', { name: '模拟重复通知' }).click();
    await phone.getByText('已模拟支付成功，并重复发送了支付通知').waitFor();
    await phone.context().close();

    // The desktop page, untouched, moves on to the result.
    await page.waitForURL(/\/new-payment-index\/done\?orderId=\d+$/, { timeout: 15_000 });
    await page.getByText('支付成功').first().waitFor();
    await screenshot(page, 'payments-done');

    // Paid once, whatever the two notifications.
    await page.goto(`${baseUrl}/new/orderPayment`);
    await row(page, '2027年度个人会费').getByText('已支付').waitFor();
    await row(page, '2027年度个人会费').getByRole('link', { name: /^详情/ }).click();
    await page.getByText('模拟支付（开发环境）支付成功').first().waitFor();
    expect(await page.getByText('已入账').count()).toBe(1);
    await page.context().close();
  });

  it('a member copies the 付款链接 of a pending order; someone without login pays it on a phone', async () => {
    const member = await consoleAs(browser, MEMBER);
    await member.goto(`${baseUrl}/new/orderPayment`);
    await row(member, '2027科技创新论坛注册费').getByRole('link', { name: /^详情/ }).click();
    await member.waitForURL(/\/orderDetail\?id=\d+&scope=mine$/);
    await member.getByRole('button', { name: /复制付款链接/ }).click();
    const dialog = member.getByRole('dialog', { name: '付款链接' });
    const shown = dialog.getByText(/\/new\/payService\?token=/);
    await shown.waitFor();
    const link = /https?:\/\/\S+\/new\/payService\?token=[\w-]{32}/.exec(await shown.innerText())?.[0] ?? '';
    expect(link).not.toBe('');
    await expectAccessible(member, '付款链接');
    await screenshot(member, 'payments-pay-link-copy');
    await dialog.getByRole('button', { name: button('完成') }).click();
    // The link exists now: the payer may revoke it from the detail.
    await member.getByRole('button', { name: /取消付款链接/ }).waitFor();

    // Whoever the link was sent to: a phone, nobody logged in.
    const phone = await newPage(browser, { viewport: PHONE, isMobile: true });
    await phone.goto(link);
    await phone.getByText('2027科技创新论坛注册费').first().waitFor();
    await phone.getByText('¥300.00').first().waitFor();
    await phone.getByText('付款人：王会员（138****0004）').waitFor();
    expect(await phone.getByRole('link', { name: /付款订单/ }).count()).toBe(0);
    await phone.getByRole('radio', { name: /模拟支付/ }).check();
    await expectAccessible(phone, '订单代付');
    await noSidewaysScroll(phone);
    await screenshot(phone, 'payments-pay-link-phone');
    // A phone gets the provider's own page: here the development cashier, then back to the link.
    await phone.getByRole('button', { name: /确认支付/ }).click();
    await phone.waitForURL(/\/new\/dev-cashier\?token=/);
    await phone.getByRole('button', { name: '模拟支付成功' }).click();
    await phone.getByText('已模拟支付成功').waitFor();
    await phone.getByRole('button', { name: '返回支付页面' }).click();
    await phone.waitForURL(/\/new\/payService\?token=/);
    await phone.getByText('支付成功').first().waitFor();
    await noSidewaysScroll(phone);
    await expectAccessible(phone, '订单代付：支付成功');
    await screenshot(phone, 'payments-pay-link-paid-phone');
    // Spent: opened again, it still says what happened, and offers nothing to pay.
    await phone.reload();
    await phone.getByText('支付成功').first().waitFor();
    expect(await phone.getByRole('button', { name: /确认支付/ }).count()).toBe(0);
    await phone.context().close();

    // The payer's detail: paid once, by the development provider, after the link was made.
    await member.reload();
    await member.locator('.ant-descriptions').getByText('已支付').waitFor();
    await member.getByText('生成付款链接').first().waitFor();
    expect(await member.getByText('已入账').count()).toBe(1);
    expect(await member.getByRole('button', { name: /复制付款链接/ }).count()).toBe(0);
    await member.context().close();
  });

  it('a unit pays by transfer at phone width; the payee approves the voucher', async () => {
    const unit = await loginToConsole(browser, baseUrl, UNIT);
    await unit.setViewportSize(PHONE);
    await unit.goto(`${baseUrl}/new/orderPayment`);
    await unit.getByText('2027年度单位会费').first().waitFor();
    await noSidewaysScroll(unit);
    await screenshot(unit, 'payments-mine-phone');
    await unit
      .getByRole('button', { name: /^去支付/ })
      .first()
      .click();
    await unit.getByRole('radio', { name: /对公转账/ }).check();
    await unit.getByRole('button', { name: /确认支付/ }).click();
    await unit.waitForURL(/\/new-payment-index\/transfer\?orderId=\d+$/);
    await unit.getByText('中国工商银行示范市分行营业部').waitFor();
    await unit.getByText('1202001234567890123').waitFor();
    await expectAccessible(unit, '对公转账');
    await noSidewaysScroll(unit);
    await screenshot(unit, 'payments-transfer-phone');
    await unit.getByRole('button', { name: /上传转账凭证/ }).click();
    await unit.waitForURL(/\/new-payment-index\/voucher-up\?orderId=\d+$/);
    await unit
      .locator('.ant-upload input[type=file]')
      .setInputFiles({ name: '转账回单.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await unit.getByText('转账回单.pdf').first().waitFor();
    await expect.poll(() => unit.locator('.ant-upload-list-item-uploading').count(), { timeout: 20_000 }).toBe(0);
    await unit.getByText('文件上传成功').first().waitFor();
    await unit.getByLabel('备注').fill('已于今日通过网银转账');
    await screenshot(unit, 'payments-voucher-phone');
    await unit.getByRole('button', { name: /提交凭证/ }).click();
    await unit.waitForURL(/\/new-payment-index\/done\?orderId=\d+$/);
    await unit.getByText('凭证已提交，等待收款方审核').first().waitFor();
    await unit.context().close();

    const admin = await consoleAs(browser, ADMIN);
    await admin.goto(`${baseUrl}/new/orderCollection`);
    await row(admin, '2027年度单位会费').getByText('待审核').waitFor();
    await expectAccessible(admin, '收款订单');
    await screenshot(admin, 'payments-collection');
    await row(admin, '2027年度单位会费').getByRole('link', { name: /^详情/ }).click();
    await admin.getByRole('button', { name: button('审核凭证') }).click();
    const dialog = admin.getByRole('dialog', { name: '审核凭证' });
    await dialog.getByText('转账回单.pdf').waitFor();
    await screenshot(admin, 'payments-voucher-review');
    await dialog.getByRole('button', { name: button('通过') }).click();
    await admin.getByText('凭证已通过，订单已支付').first().waitFor();
    await admin.locator('.ant-descriptions').getByText('已支付').first().waitFor();
    await admin.getByText('对公转账').first().waitFor();
    await admin.context().close();
  });

  it('an administrator refunds part of a paid order, then finds and exports the list', async () => {
    const admin = await consoleAs(browser, ADMIN);
    await admin.goto(`${baseUrl}/new/orderOperation`);
    await row(admin, '2026年度单位会费').waitFor();
    await admin.getByPlaceholder(/^订单号、标题/).fill('2026年度单位会费');
    await admin.getByPlaceholder(/^订单号、标题/).press('Enter');
    await expect.poll(() => admin.locator('.ant-table-row').count()).toBe(1);
    await row(admin, '2026年度单位会费').getByRole('link', { name: /^详情/ }).click();
    await admin.getByRole('button', { name: button('退款') }).click();
    const dialog = admin.getByRole('dialog', { name: '退款' });
    await dialog.getByText('可退金额 ¥1000.00').waitFor();
    await dialog.getByLabel('退款金额（元）').fill('100');
    await dialog.getByLabel('退款原因').fill('多缴的会费退回');
    await screenshot(admin, 'payments-refund');
    await dialog.getByRole('button', { name: '确认退款' }).click();
    await admin.locator('.ant-descriptions').getByText('部分退款').waitFor();
    await admin.getByText('多缴的会费退回').first().waitFor();
    await expectAccessible(admin, '订单详情');
    await screenshot(admin, 'payments-detail');

    await admin.goto(`${baseUrl}/new/orderOperation`);
    await row(admin, '2026年度单位会费').waitFor();
    await admin.getByRole('button', { name: /导出/ }).click();
    const progress = admin.getByRole('dialog', { name: '导出' });
    await progress.getByText('下载地址：').waitFor();
    await progress.getByText('已完成').waitFor();
    await admin.context().close();
  });
  it('a member applies for an invoice on a paid order; the payee issues it with the PDF', async () => {
    const member = await consoleAs(browser, MEMBER);
    await member.goto(`${baseUrl}/new/receivingTicketFapiaoList`);
    // The demo's own application on 2026学术年会注册费 is waiting.
    await row(member, '2026学术年会注册费').getByText('待开票').waitFor();
    await member
      .getByRole('button', { name: /申请开票/ })
      .first()
      .click();
    const drawer = member.locator('.ant-drawer-content').filter({ hasText: '申请开票' });
    await pick(member, '订单', '2027年度个人会费');
    await drawer.getByLabel('发票抬头').fill('王会员');
    await drawer.getByLabel('接收邮箱').fill('wang@example.com');
    await expectAccessible(member, '申请开票');
    await screenshot(member, 'invoices-apply');
    await drawer.getByRole('button', { name: /提交申请/ }).click();
    await member.getByText('开票申请已提交').first().waitFor();
    await row(member, '2027年度个人会费').getByText('待开票').waitFor();
    // As a phone opens it: the page loaded at 390 px.
    await member.setViewportSize(PHONE);
    await member.reload();
    await member.getByText('2027年度个人会费').first().waitFor();
    await noSidewaysScroll(member);
    await screenshot(member, 'invoices-mine-phone');

    const admin = await consoleAs(browser, ADMIN);
    await admin.goto(`${baseUrl}/new/receivingTicketKaipiaoList`);
    await row(admin, '2027年度个人会费').waitFor();
    await expectAccessible(admin, '开票管理');
    await screenshot(admin, 'invoices-issue-list');
    await row(admin, '2027年度个人会费').getByRole('button', { name: /^开票/ }).click();
    const dialog = admin.getByRole('dialog', { name: '开票' });
    await dialog
      .locator('.ant-upload input[type=file]')
      .setInputFiles({ name: '电子发票.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect.poll(() => dialog.locator('.ant-upload-list-item-uploading').count(), { timeout: 20_000 }).toBe(0);
    await dialog.getByLabel('发票号码').fill('24332000000012345678');
    await dialog.getByRole('button', { name: '确认开票' }).click();
    await row(admin, '2027年度个人会费').getByText('已开票').waitFor();
    await admin.context().close();

    await member.reload();
    await row(member, '2027年度个人会费').getByText('已开票').waitFor();
    await row(member, '2027年度个人会费')
      .getByRole('button', { name: /下载发票/ })
      .waitFor();
    await member.context().close();
  });
  it('an administrator reads the wallet (figures and a chart) and the flows of the ledger', async () => {
    const admin = await consoleAs(browser, ADMIN);
    await admin.goto(`${baseUrl}/new/wallet`);
    await admin.getByText('累计收入').first().waitFor();
    await admin.getByText('近12个月收入与退款').waitFor();
    await admin.locator('canvas, svg').first().waitFor();
    await expectAccessible(admin, '钱包');
    await screenshot(admin, 'payments-wallet');
    await admin.getByRole('link', { name: '查看支付流水' }).first().click();
    await admin.waitForURL(/\/new\/paymentFlowList$/);
    await row(admin, '2026年度单位会费').waitFor();
    await admin.getByPlaceholder('订单号、订单标题').fill('2026年度单位会费');
    await admin.getByPlaceholder('订单号、订单标题').press('Enter');
    // Its payment and the refund of ¥100.00 made above.
    await expect.poll(() => admin.locator('.ant-table-row').count()).toBe(2);
    await admin.locator('.ant-table-row').filter({ hasText: '支出' }).getByText('¥100.00').waitFor();
    await screenshot(admin, 'payments-flows');
    await admin.goto(`${baseUrl}/new/operationFlowList`);
    await admin.locator('.ant-table-row').first().waitFor();
    await expectAccessible(admin, '运营流水');
    await admin.setViewportSize(PHONE);
    await admin.goto(`${baseUrl}/new/wallet`);
    await admin.getByText('累计收入').first().waitFor();
    await noSidewaysScroll(admin);
    await screenshot(admin, 'payments-wallet-phone');
    await admin.context().close();
  });
});
