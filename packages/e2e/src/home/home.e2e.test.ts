import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { apiClient } from '../harness/api';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs } from '../harness/console';
import { serverUrl } from '../harness/workers';

const ADMIN = '13800000002'; // 示范市科协管理员: 管理员, with 首页 › 单位首页
const MEMBER = '13800000004'; // 王会员: 个人首页 only
const UNIT = '13800000014'; // 周初审, first trial of 示范智造科技有限公司
const REVIEWERS = ['13800000015', '13800000016']; // 吴评审, the other demo reviewer
const PHONE = { width: 390, height: 844 };

/** A to-do card: the link that opens its page. */
const todo = (page: Page, label: string) => page.getByRole('link', { name: new RegExp(`^${label}`) });

/** Nothing of the infrastructure on a member's or an administrator's home. */
async function noInfrastructure(page: Page): Promise<void> {
  expect(await page.getByText(/数据库|服务器时间|PGlite|PostgreSQL|服务状态/).count()).toBe(0);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

describe('首页: 单位首页 and 个人首页 with the to-dos and figures the modules contribute', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the administrator lands on 单位首页: to-dos, key figures, the income chart; a to-do opens its list', async () => {
    const admin = await consoleAs(browser, ADMIN);
    await admin.waitForURL(/\/new\/homepage$/);
    await admin.getByRole('heading', { name: '待办事项' }).waitFor();
    // The demo's invoice application waits at 开票管理, a declaration at the formal review.
    await todo(admin, '待开票的申请').waitFor();
    await todo(admin, '待形式审查的申报').waitFor();
    await todo(admin, '待审核的专家申请').waitFor();
    await admin.getByRole('heading', { name: '关键数据' }).waitFor();
    await admin.getByText('入库专家').waitFor();
    await admin.getByText('本月收入').waitFor();
    await admin.getByRole('img', { name: '近12个月收入（元）' }).locator('canvas').waitFor();
    await admin.getByRole('link', { name: '查看我的个人待办' }).waitFor();
    await noInfrastructure(admin);
    await expectAccessible(admin, '单位首页');
    await screenshot(admin, 'home-unit');

    await todo(admin, '待开票的申请').click();
    await admin.waitForURL(/\/new\/receivingTicketKaipiaoList$/);
    await admin.locator('.ant-table-row').filter({ hasText: '2026学术年会注册费' }).first().waitFor();

    // The menu's first entry, 首页 › 单位首页, leads back to it; on a phone the cards stack.
    await admin.setViewportSize(PHONE);
    await admin.goto(`${baseUrl}/new/homepage`);
    await todo(admin, '待开票的申请').waitFor();
    await admin.getByText('入库专家').waitFor();
    await noSidewaysScroll(admin);
    await screenshot(admin, 'home-unit-phone');
    await admin.context().close();
  });

  it('a member lands on 个人首页 with the orders to pay, on a phone too, and opens them', async () => {
    const member = await consoleAs(browser, MEMBER);
    await member.waitForURL(/\/new\/personalHomepage$/);
    await member.getByRole('heading', { name: '我的待办' }).waitFor();
    await todo(member, '待支付的订单').waitFor();
    // A member's home has no unit figures and nothing of the infrastructure.
    expect(await member.getByRole('heading', { name: '关键数据' }).count()).toBe(0);
    await noInfrastructure(member);
    await expectAccessible(member, '个人首页');
    await screenshot(member, 'home-personal');

    // As a phone opens it: the page loaded at 390 px, the cards one under another.
    await member.setViewportSize(PHONE);
    await member.goto(`${baseUrl}/new/`);
    await member.waitForURL(/\/new\/personalHomepage$/);
    await todo(member, '待支付的订单').waitFor();
    await noSidewaysScroll(member);
    const cards = member.getByRole('link', { name: /去处理/ });
    if ((await cards.count()) > 1) {
      const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      expect(b?.y ?? 0).toBeGreaterThan((a?.y ?? 0) + (a?.height ?? 0) - 1);
    }
    await expectAccessible(member, '个人首页（手机）');
    await screenshot(member, 'home-personal-phone');
    await todo(member, '待支付的订单').click();
    await member.waitForURL(/\/new\/orderPayment$/);
    await member.getByText('2027学术年会注册费').first().waitFor();
    await member.context().close();
  });

  it('the unit’s first trial and a reviewer find their own work on 个人首页', async () => {
    const unit = await consoleAs(browser, UNIT);
    await unit.waitForURL(/\/new\/personalHomepage$/);
    await todo(unit, '待单位推荐的申报').waitFor();
    await screenshot(unit, 'home-first-trial');
    await todo(unit, '待单位推荐的申报').click();
    await unit.waitForURL(/\/new\/projectFirstTrial$/);
    await unit.locator('.ant-table-row, .ant-list-item').first().waitFor();
    await unit.context().close();

    // Which demo reviewer the allocation gave the open reviews to: the API says (README's promise
    // is that they have some between them).
    let reviewer: string | undefined;
    for (const mobile of REVIEWERS) {
      const api = apiClient(baseUrl);
      await api.login(mobile);
      const home = await api.call('GET', '/st365/home/personal');
      const waiting = (home.data.todos as { key: string; count: number }[]).find((t) => t.key === 'projects.reviews');
      if ((waiting?.count ?? 0) > 0) reviewer = mobile;
    }
    expect(reviewer, 'a demo reviewer with reviews to score').toBeDefined();
    const page = await consoleAs(browser, reviewer as string);
    await page.waitForURL(/\/new\/personalHomepage$/);
    await todo(page, '待评审的申报').waitFor();
    await expectAccessible(page, '个人首页（评审人）');
    await screenshot(page, 'home-reviewer');
    await todo(page, '待评审的申报').click();
    await page.waitForURL(/\/new\/projectReview$/);
    await screenshot(page, 'home-reviewer-tasks');
    await page.context().close();
  });
});
