import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs, pick, tick } from '../harness/console';
import { serverUrl } from '../harness/workers';

const ADMIN = 'admin'; // 运营超级管理员: every menu of the demo tenant
const MEMBER = '13800000004'; // 王会员
const PHONE = { width: 390, height: 844 };
/** A card of this spec's own (the demo's is 中国建设银行 **** 8901). */
const CARD = { name: '示范市科学技术协会', bank: '中国银行', branch: '示范市高新区支行', no: '6222 0212 3456 7890 12' };

/** antd puts a space between the two characters of a two-character button's label. */
const button = (label: string) => new RegExp(`^\\s*${[...label].join('\\s*')}\\s*$`);
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text }).first();

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The amount a figure card shows (¥1,234.56 or ¥1234.56), in fen. */
async function figure(page: Page, title: string): Promise<number> {
  const card = page
    .locator('.ant-statistic')
    .filter({ has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
    .first();
  const value = card.locator('.ant-statistic-content');
  await expect.poll(async () => /¥/.test(await value.innerText())).toBe(true);
  const text = (await value.innerText()).replace(/[¥,\s]/g, '');
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!m) throw new Error(`not an amount in ${title}: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}

/** 申请提现: fills the form and submits; answers the withdrawal's number from the success message. */
async function apply(page: Page, amount: string, fee: string, net: string): Promise<string> {
  await page.getByLabel('提现金额（元）').fill(amount);
  const quote = page.locator('.ant-descriptions').filter({ hasText: '实际到账' }).first();
  await quote.getByText(fee).waitFor();
  await quote.getByText(net).waitFor();
  await tick(page.getByRole('checkbox', { name: /我已阅读并同意/ }));
  await page.getByRole('button', { name: '提交申请' }).click();
  const message = page.getByText(/提现申请已提交，提现单号 W\d+/).first();
  await message.waitFor();
  const no = /W\d+/.exec((await message.textContent()) ?? '')?.[0];
  if (!no) throw new Error('no withdrawal number in the message');
  return no;
}

describe('提现: the collection agreement, bank cards, withdrawals paid out and rejected, invoice settings, order statistics', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('an administrator sets the fee, binds a card, withdraws; it is paid out, a second one rejected', async () => {
    const admin = await consoleAs(browser, ADMIN);

    // 收款协议: 0.8 %, at least ¥2.00, withdrawals from ¥50.00; the example follows the typing.
    await admin.goto(`${baseUrl}/new/payAgent`);
    await admin.getByLabel('服务费率').waitFor();
    await admin.getByLabel('服务费率').fill('0.8');
    await admin.getByLabel('单笔最低服务费（元）').fill('2');
    await admin.getByLabel('单笔最低提现金额（元）').fill('50');
    await admin.getByText('提现 ¥1,000.00 收取服务费 ¥8.00，实际到账 ¥992.00').waitFor();
    await admin.getByLabel('服务费率').fill('12');
    await admin.getByText('服务费率不能超过10%').waitFor();
    await admin.getByLabel('服务费率').fill('0.8');
    await admin.getByLabel('协议内容').fill('一、提现须至本学会名下的银行账户。\n二、<b>不是HTML</b>，按原样显示。');
    await expectAccessible(admin, '收款协议');
    await screenshot(admin, 'withdrawals-agreement');
    await admin.getByRole('button', { name: button('保存') }).click();
    await admin.getByText('保存成功，协议已更新为新版本').first().waitFor();

    // 银行卡: a new card; the list shows its last four digits, the drawer the whole number.
    await admin.goto(`${baseUrl}/new/bankList`);
    await row(admin, '**** 8901').waitFor();
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = admin.locator('.ant-drawer-content').filter({ hasText: '新增银行卡' });
    await drawer.getByLabel('开户名').fill(CARD.name);
    await drawer.getByLabel('开户银行').fill(CARD.bank);
    await drawer.getByLabel('开户支行').fill(CARD.branch);
    await drawer.getByLabel('银行账号').fill('6222 02');
    await drawer.getByRole('button', { name: button('保存') }).click();
    await drawer.getByText('银行账号应为8至32位数字').waitFor();
    await drawer.getByLabel('银行账号').fill(CARD.no);
    await expectAccessible(admin, '新增银行卡');
    await drawer.getByRole('button', { name: button('保存') }).click();
    await admin.getByText('新增成功').first().waitFor();
    await row(admin, '**** 9012').waitFor();
    expect(await admin.getByText('6222 0212 3456 7890 12').count()).toBe(0);
    await row(admin, '**** 9012').getByRole('button', { name: '设为默认：中国银行 **** 9012' }).click();
    await admin.locator('.ant-popover').getByRole('button', { name: '设为默认' }).click();
    await admin.getByText('已设为默认银行卡').first().waitFor();
    await row(admin, '**** 9012').getByText('默认').waitFor();
    await row(admin, '**** 9012').getByRole('button', { name: '编辑：中国银行 **** 9012' }).click();
    await admin.locator('.ant-drawer-content').getByLabel('银行账号').waitFor();
    expect(await admin.locator('.ant-drawer-content').getByLabel('银行账号').inputValue()).toBe(CARD.no);
    await admin
      .locator('.ant-drawer-content')
      .getByRole('button', { name: button('取消') })
      .click();
    await admin.locator('.ant-drawer-content').waitFor({ state: 'hidden' });
    await expectAccessible(admin, '银行卡');
    await screenshot(admin, 'withdrawals-bank-cards');

    // 钱包 before: what was withdrawn and charged so far (the demo paid one out).
    await admin.goto(`${baseUrl}/new/wallet`);
    const withdrawnBefore = await figure(admin, '已提现');
    const feesBefore = await figure(admin, '服务费');

    // 申请提现 ¥500.00: 0.8 % is ¥4.00, ¥496.00 reaches the card (the new default card).
    await admin.getByRole('button', { name: '申请提现' }).click();
    await admin.waitForURL(/\/new\/widhDrawal$/);
    const available = await figure(admin, '可提现余额');
    expect(available).toBeGreaterThanOrEqual(60_000);
    await admin.getByText('中国银行 **** 9012（默认）').first().waitFor();
    await admin.getByLabel('提现金额（元）').fill('10');
    await admin.getByText('单笔提现金额不能低于 ¥50.00').waitFor();
    await admin.getByRole('button', { name: '《收款协议》' }).click();
    const agreement = admin.getByRole('dialog', { name: '收款协议' });
    await agreement.getByText('<b>不是HTML</b>，按原样显示。', { exact: false }).waitFor();
    expect(await agreement.locator('b').count()).toBe(0);
    await expectAccessible(admin, '收款协议（申请提现）');
    await agreement.getByRole('button', { name: button('关闭') }).click();
    await expectAccessible(admin, '申请提现');
    const first = await apply(admin, '500', '¥4.00', '¥496.00');
    await expect.poll(() => figure(admin, '可提现余额')).toBe(available - 50_000);
    const mine = row(admin, first);
    await mine.getByText('待审核').waitFor();
    await mine.getByText('¥496.00').waitFor();
    await screenshot(admin, 'withdrawals-apply');

    // 提现记录: the operator sees the whole card, pays it out with the bank's reference.
    await admin.goto(`${baseUrl}/new/purseList`);
    await admin.getByPlaceholder(/^提现单号/).fill(first);
    await admin.getByPlaceholder(/^提现单号/).press('Enter');
    await expect.poll(() => admin.locator('.ant-table-row').count()).toBe(1);
    await row(admin, first)
      .getByRole('button', { name: `详情：${first}` })
      .click();
    const detail = admin.locator('.ant-drawer-content').filter({ hasText: '提现详情' });
    await detail.getByText(CARD.no).waitFor();
    await expectAccessible(admin, '提现详情');
    await screenshot(admin, 'withdrawals-detail');
    // The row's 打款 (the drawer's footer has the same): one dialog open at a time.
    await detail.getByRole('button', { name: '关闭' }).click();
    await detail.waitFor({ state: 'hidden' });
    await row(admin, first)
      .getByRole('button', { name: `打款：${first}` })
      .click();
    const payout = admin.getByRole('dialog', { name: '打款' });
    await payout.getByText('¥496.00').waitFor();
    await payout.getByRole('button', { name: '确认已打款' }).click();
    await payout.getByText('请输入打款流水号').waitFor();
    await payout.getByLabel('打款流水号').fill('E2E-B20261123-0001');
    await expectAccessible(admin, '打款');
    await payout.getByRole('button', { name: '确认已打款' }).click();
    await admin.getByText('已确认打款').first().waitFor();
    await row(admin, first).getByText('已打款').waitFor();
    await row(admin, first).getByText('E2E-B20261123-0001').waitFor();
    await expectAccessible(admin, '提现记录');
    await screenshot(admin, 'withdrawals-review');
    await admin.getByRole('button', { name: /导出/ }).click();
    const progress = admin.getByRole('dialog', { name: /导出/ });
    await progress.getByText('下载地址：').waitFor({ timeout: 30_000 });
    await progress.getByText('已完成').waitFor();
    await admin.keyboard.press('Escape');

    // 钱包: ¥496.00 more withdrawn, ¥4.00 more in fees.
    await admin.goto(`${baseUrl}/new/wallet`);
    await expect.poll(() => figure(admin, '已提现')).toBe(withdrawnBefore + 49_600);
    expect(await figure(admin, '服务费')).toBe(feesBefore + 400);
    await expectAccessible(admin, '钱包');
    await screenshot(admin, 'withdrawals-wallet');

    // A second withdrawal of ¥100.00 (the minimum fee, ¥2.00), rejected: the money is back.
    await admin.goto(`${baseUrl}/new/widhDrawal`);
    const before = await figure(admin, '可提现余额');
    const second = await apply(admin, '100', '¥2.00', '¥98.00');
    await expect.poll(() => figure(admin, '可提现余额')).toBe(before - 10_000);
    expect(await figure(admin, '提现中')).toBeGreaterThanOrEqual(10_000);
    await admin.goto(`${baseUrl}/new/purseList`);
    await row(admin, second)
      .getByRole('button', { name: `驳回：${second}` })
      .click();
    const reject = admin.getByRole('dialog', { name: '驳回提现' });
    await reject.getByLabel('驳回原因').fill('开户名与学会名称不一致，请核对');
    await reject.getByRole('button', { name: button('驳回') }).click();
    await admin.getByText('已驳回').first().waitFor();
    await row(admin, second).getByText('开户名与学会名称不一致，请核对').waitFor();
    await admin.goto(`${baseUrl}/new/widhDrawal`);
    await expect.poll(() => figure(admin, '可提现余额')).toBe(before);
    await row(admin, second).getByText('已驳回').waitFor();

    // Phones: 申请提现 and 银行卡 at 390 px, without sideways scrolling.
    await admin.setViewportSize(PHONE);
    await admin.reload();
    await admin.getByLabel('提现金额（元）').waitFor();
    await row(admin, second).waitFor();
    await noSidewaysScroll(admin);
    await screenshot(admin, 'withdrawals-apply-phone');
    await admin.goto(`${baseUrl}/new/bankList`);
    await row(admin, '**** 9012').waitFor();
    await noSidewaysScroll(admin);
    await expectAccessible(admin, '银行卡（手机）');
    await screenshot(admin, 'withdrawals-bank-cards-phone');
    await admin.context().close();
  }, 240_000);

  it('the tenant’s invoice settings turned off make its orders’ application say so; 开票运营 opens an application’s page; 订单运营 has statistics', async () => {
    const admin = await consoleAs(browser, ADMIN);
    const settings = async (accepting: boolean, note: string) => {
      await admin.goto(`${baseUrl}/new/receivingTicketKaipiaoConfig`);
      const toggle = admin.getByRole('switch', { name: '接受开票申请' });
      await toggle.waitFor();
      if ((await toggle.getAttribute('aria-checked')) !== String(accepting)) await toggle.click();
      await admin.getByLabel('开票说明').fill(note);
      if (!accepting) {
        await expectAccessible(admin, '开票设置');
        await screenshot(admin, 'invoices-settings');
      }
      await admin.getByRole('button', { name: button('保存') }).click();
      await admin.getByText('保存成功').first().waitFor();
    };
    try {
      await settings(false, '年底结账，1月5日起恢复开票。');
      const member = await consoleAs(browser, MEMBER);
      await member.goto(`${baseUrl}/new/receivingTicketFapiaoList`);
      // The settings are the order's payee's: an order paid to the association (the tenant itself).
      await member
        .getByRole('button', { name: /申请开票/ })
        .first()
        .click();
      const drawer = member.locator('.ant-drawer-content').filter({ hasText: '申请开票' });
      await pick(member, '订单', '科技写作培训班学费');
      await drawer.getByText('暂不接受开票申请').waitFor();
      await drawer.getByText('年底结账，1月5日起恢复开票。').waitFor();
      await expect.poll(() => drawer.getByRole('button', { name: /提交申请/ }).isDisabled()).toBe(true);
      await expectAccessible(member, '申请开票（暂不接受）');
      await screenshot(member, 'invoices-closed');
      await member.context().close();
    } finally {
      // Leave the demo as found: other specs of this worker apply for invoices.
      await settings(true, '');
    }

    // 开票运营: every application of the tenant; 详情 opens the application's own page.
    await admin.goto(`${baseUrl}/new/op-invoice-management-offline`);
    await row(admin, '2026学术年会注册费').waitFor();
    await expectAccessible(admin, '开票运营');
    await row(admin, '2026学术年会注册费').getByRole('link', { name: /^详情/ }).click();
    await admin.waitForURL(/\/new\/invoice-detail\?id=\d+&scope=operation$/);
    await admin.getByText('发票申请详情').first().waitFor();
    await admin.getByText('报销用，请尽快开具').first().waitFor();
    await expectAccessible(admin, '发票申请详情');
    await screenshot(admin, 'invoices-detail-page');
    // The old path of the payee's offline invoicing opens 开票管理.
    await admin.goto(`${baseUrl}/new/invoice-management-offline`);
    await admin.getByText('开票管理').first().waitFor();
    await row(admin, '2026学术年会注册费').waitFor();

    // 订单运营: the figures and the charts above the list, following its filters.
    await admin.goto(`${baseUrl}/new/orderOperation`);
    const stats = admin.getByRole('region', { name: '订单统计' });
    await stats.getByText('订单金额').waitFor();
    await stats.locator('canvas').first().waitFor();
    const all = Number((await stats.locator('.ant-statistic-content-value').first().innerText()).trim());
    expect(all).toBeGreaterThan(0);
    await admin.getByPlaceholder(/^订单号、标题/).fill('2026年度单位会费');
    await admin.getByPlaceholder(/^订单号、标题/).press('Enter');
    await expect
      .poll(async () => Number((await stats.locator('.ant-statistic-content-value').first().innerText()).trim()))
      .toBe(1);
    await expectAccessible(admin, '订单运营（统计）');
    await screenshot(admin, 'orders-stats');
    await admin.context().close();
  }, 120_000);
});
