import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs } from '../harness/console';
import { serverUrl } from '../harness/workers';

const SCORING = '2026年度示范市科技创新项目';
const REVIEWER = '13800000015'; // 吴评审

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A list's row: a table row on wide screens, a card on phones. */
function rowOf(page: Page, text: string): Locator {
  return page.locator('.ant-table-row, .ant-list-item').filter({ hasText: text });
}

/**
 * What visitors and reviewers open, often on a phone: the public calls (/login-declare, its
 * detail, and 申报 leading to /projectLogin), and the reviewer's 评审任务 by project and 全部评审.
 */
describe('项目申报: the public calls and the reviewer’s lists', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  let opened: Page[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(opened.map((p) => p.context().close()));
    opened = [];
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a visitor reads the open calls and one call’s detail without logging in; 申报 asks for the login', async () => {
    const page = await newPage(browser);
    opened.push(page);
    await page.goto(`${baseUrl}/new/login-declare`);
    const call = page.locator('.ant-card').filter({ hasText: SCORING });
    await call.getByText('申报中').waitFor();
    await call.getByText(/评审流程：提交申报 → 单位推荐 → 形式审查/).waitFor();
    await screenshot(page, 'projects-public-calls');
    await expectAccessible(page, '项目申报（公开）');

    // The closed and the coming calls are a filter away; the search narrows by name.
    await page.locator('.ant-segmented-item').filter({ hasText: '已截止' }).click();
    await expect.poll(() => page.locator('.ant-card').filter({ hasText: SCORING }).count()).toBe(0);
    await page.locator('.ant-segmented-item').filter({ hasText: '全部' }).click();
    await page.getByPlaceholder('项目名称').fill('经费资助');
    await page.getByPlaceholder('项目名称').press('Enter');
    await page.locator('.ant-card').filter({ hasText: '2026年度学会活动经费资助' }).waitFor();
    await expect.poll(() => page.locator('.ant-card').filter({ hasText: SCORING }).count()).toBe(0);
    await page.getByPlaceholder('项目名称').fill('');

    await page.locator('.ant-card').filter({ hasText: SCORING }).getByRole('button', { name: '查看详情' }).click();
    await page.waitForURL(/\/login-declare-detail\?id=\d+/);
    const conditions = page.locator('.ant-card').filter({ hasText: '申报条件' });
    await conditions.getByText('须选择推荐单位，经单位推荐后进入评审').waitFor();
    const materials = page.locator('.ant-card').filter({ hasText: '申报材料' });
    await materials.getByText('项目负责人').waitFor();
    await expectAccessible(page, '项目详情（公开）');
    await page.getByRole('button', { name: '立即申报' }).first().click();
    await page.waitForURL(/\/projectLogin\?projectId=\d+/);
    await page.getByRole('note').getByText(SCORING).waitFor();
    await page.getByPlaceholder('手机号或账号').waitFor();
    await screenshot(page, 'projects-project-login');
    await expectAccessible(page, '申报登录');
  });

  it('on a phone (390 px) the public list and a call’s detail fit the screen', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
    opened.push(page);
    await page.goto(`${baseUrl}/new/login-declare`);
    await page.locator('.ant-card').filter({ hasText: SCORING }).getByRole('button', { name: '查看详情' }).waitFor();
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'projects-public-calls-phone');
    await page.locator('.ant-card').filter({ hasText: SCORING }).getByRole('button', { name: '查看详情' }).click();
    // The list's cards also say 评审流程: wait for the detail page before looking for it.
    await page.waitForURL(/\/login-declare-detail\?id=\d+/);
    await page.locator('.ant-card').filter({ hasText: '评审流程' }).getByText('评审结果').first().waitFor();
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'projects-public-detail-phone');
    await expectAccessible(page, '项目详情（公开，手机）');
  });

  it('评审任务 by project leads to 全部评审 of that project; the list exports', async () => {
    const page = await consoleAs(browser, REVIEWER);
    opened.push(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl}/new/expertEvaluateList`);
    const round = rowOf(page, SCORING).filter({ hasText: '专家评审' });
    await round.waitFor();
    await page.locator('.ant-statistic').filter({ hasText: '评审任务' }).waitFor();
    await screenshot(page, 'projects-review-rounds');
    await expectAccessible(page, '评审任务');
    await round.getByRole('button', { name: /去评审|查看评审/ }).click();
    await page.waitForURL(/\/reviewList\?projectId=\d+/);
    // The list of 全部评审 (not the rounds' table the page came from), that project's reviews only.
    const all = page.locator('.ant-card').filter({ hasText: '全部评审' });
    await expect.poll(() => all.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await expect.poll(() => all.locator('.ant-table-row').filter({ hasNotText: SCORING }).count()).toBe(0);
    await expectAccessible(page, '全部评审');

    await page.getByRole('button', { name: /导出/ }).click();
    const progress = page.getByRole('dialog', { name: '我的评审：导出' });
    await progress.getByText('已完成').waitFor({ timeout: 30_000 });
    const downloaded = page.waitForEvent('download');
    await progress.getByText('我的评审.xlsx').click();
    expect((await downloaded).suggestedFilename()).toBe('我的评审.xlsx');
  });

  it('on a phone (390 px) the reviewer’s lists are cards', async () => {
    const page = await consoleAs(browser, REVIEWER);
    opened.push(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/new/reviewList`);
    await page.locator('.ant-list-item').first().waitFor();
    expect(await page.locator('.projects-screen .ant-table').count()).toBe(0);
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'projects-review-all-phone');
    await page.goto(`${baseUrl}/new/expertEvaluateList`);
    await page.locator('.ant-list-item').filter({ hasText: SCORING }).waitFor();
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'projects-review-rounds-phone');
    await expectAccessible(page, '评审任务（手机）');
  });
});
