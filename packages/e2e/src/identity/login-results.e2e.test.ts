import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { apiClient } from '../harness/api';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs, DEMO_PASSWORD, loginToConsole } from '../harness/console';
import { serverUrl } from '../harness/workers';

const PHONE = { width: 390, height: 844 };

/**
 * The login result pages (/memberExamineResult, /login-member-result, /login-expert-result,
 * /regist-nopay, /memberForbidden) show the visitor's own state as the server has it now, or send
 * the visitor where they belong; /login while logged in offers to continue or to switch account.
 */
describe('login result pages show the real state; /login knows who is logged in', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function login(account: string, password = DEMO_PASSWORD, viewport?: typeof PHONE): Promise<Page> {
    const page = await newPage(browser, viewport ? { viewport, isMobile: true } : {});
    await page.goto(`${baseUrl}/new/login`);
    await page.getByPlaceholder('手机号或账号').fill(account);
    await page.getByPlaceholder('密码').fill(password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    return page;
  }

  /** One title (the card's, nowhere else on the page), and a details box whose last row says something. */
  async function expectOneTitleNoEmptyRow(page: Page, title: string): Promise<void> {
    await page.locator('.ant-card-head-title').filter({ hasText: title }).waitFor();
    expect(await page.locator('.ant-card-head-title').allTextContents()).toEqual([title]);
    expect(await page.getByText(title, { exact: true }).count()).toBe(1);
    const contents = await page.locator('.ant-descriptions-item-content').allTextContents();
    expect(contents.length).toBeGreaterThan(0);
    expect(contents.every((c) => c.trim() !== '')).toBe(true);
    const rows = page.locator('.ant-descriptions-row');
    expect((await rows.last().textContent())?.trim()).not.toBe('');
  }

  const inConsole = async (page: Page) => {
    await page.getByRole('heading', { name: /^您好，/ }).waitFor();
    // The console's root opens the identity's home page: 单位首页, else 个人首页 (platform/home).
    expect(new URL(page.url()).pathname).toMatch(/^\/new\/(homepage|personalHomepage)?$/);
  };

  it('a self-registered individual user refused at /user-audit reads the reviewer’s remark on /login-member-result', async () => {
    const phone = '13600000055';
    const remark = '请上传加盖公章的单位推荐函后联系管理员。';
    const visitor = apiClient(baseUrl);
    expect((await visitor.call('POST', '/st365/auth/sms/code', { phoneNumber: phone, purpose: 'register' })).code).toBe(
      200,
    );
    const admin = apiClient(baseUrl);
    await admin.login('13800000002');
    // Newest first; the list masks the phone (the harness client signs no query, so no keyword).
    const outbox = await admin.call('GET', '/st365/sms/outbox');
    const sent = (outbox.data.records as { phone: string; content: string }[]).find((r) => r.phone === '136****0055');
    const code = /验证码为(\d{6})/.exec(sent?.content ?? '')?.[1];
    expect(code).toBeTruthy();
    const registered = await visitor.call('POST', '/st365/auth/register', {
      name: '沈被拒',
      phoneNumber: phone,
      code,
      password: 'Reg@1234',
    });
    expect(registered.data).toMatchObject({ pending: true });
    const queue = await admin.call('GET', '/st365/identity/audit/users');
    const userId = (queue.data.records as { userId: number; name: string }[]).find((r) => r.name === '沈被拒')?.userId;
    expect(userId).toBeTruthy();
    const refused = await admin.call('POST', `/st365/identity/audit/users/${userId}/review`, {
      approved: false,
      remark,
    });
    expect(refused.msg).toBe('已审核不通过');

    for (const viewport of [undefined, PHONE]) {
      const page = await login(phone, 'Reg@1234', viewport);
      await page.waitForURL(/\/new\/login-member-result$/);
      await expectOneTitleNoEmptyRow(page, '注册申请未通过');
      const box = page.locator('.ant-descriptions');
      await box.getByText('个人用户').waitFor();
      await box.getByText('未通过', { exact: true }).waitFor();
      await box.getByText(remark).waitFor();
      await screenshot(page, viewport ? 'result-registration-refused-390' : 'result-registration-refused');
      if (!viewport) await expectAccessible(page, '/login-member-result');
      await page.context().close();
    }
  });

  it.each([
    ['13800000008', 'memberExamineResult', '入会申请审核中', '审核中', 'result-member-pending'],
    ['13800000010', 'memberForbidden', '会员身份已停用', '已停用', 'result-member-forbidden'],
    ['13800000011', 'regist-nopay', '入会申请已通过，待缴纳会费', '待缴费', 'result-member-unpaid'],
    ['13800000012', 'login-member-result', '入会申请未通过', '未通过', 'result-member-refused'],
    ['13800000013', 'login-expert-result', '专家注册审核中', '审核中', 'result-expert-pending'],
  ])(
    '%s lands on /%s: one title (%s), the status %s, no empty row; desktop and 390 px',
    async (account, route, title, status, shot) => {
      for (const viewport of [undefined, PHONE]) {
        const page = await login(account, DEMO_PASSWORD, viewport);
        await page.waitForURL(new RegExp(`/new/${route}$`));
        await expectOneTitleNoEmptyRow(page, title);
        await page.locator('.ant-descriptions').getByText(status, { exact: true }).waitFor();
        await screenshot(page, viewport ? `${shot}-390` : shot);
        if (!viewport) await expectAccessible(page, `/${route}`);
        await page.context().close();
      }
    },
  );

  it('the pending expert is told it is being reviewed, never “refused”', async () => {
    const page = await login('13800000013');
    await page.waitForURL(/\/new\/login-expert-result$/);
    await page.getByText('您的专家注册信息正在审核，审核通过后即可进入后台。').waitFor();
    expect(await page.getByText(/未通过/).count()).toBe(0);
    expect(await page.getByText('正在审核或未通过审核').count()).toBe(0);
    await page.context().close();
  });

  it('a pending member who opens another result page is sent back to their own; 返回登录 logs out', async () => {
    const page = await login('13800000008');
    await page.waitForURL(/\/new\/memberExamineResult$/);
    for (const other of ['login-member-result', 'regist-nopay', 'memberForbidden', 'login-expert-result']) {
      await page.goto(`${baseUrl}/new/${other}`);
      await page.waitForURL(/\/new\/memberExamineResult$/);
      await page.locator('.ant-descriptions').getByText('审核中', { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL(/\/new\/login$/);
    await page.getByPlaceholder('手机号或账号').waitFor();
    await page.context().close();
  });

  it('an approved, active member opening /memberExamineResult (or any result page) ends in the console', async () => {
    const page = await consoleAs(browser, '13800000004');
    await page.goto(`${baseUrl}/new/memberExamineResult`);
    await inConsole(page);
    await page.goto(`${baseUrl}/new/login-member-result`);
    await inConsole(page);
    await page.context().close();
  });

  it('nobody logged in opening a result page goes to /login', async () => {
    const page = await newPage(browser);
    for (const route of ['memberExamineResult', 'login-member-result', 'login-expert-result', 'regist-nopay']) {
      await page.goto(`${baseUrl}/new/${route}`);
      await page.waitForURL(/\/new\/login$/);
      await page.getByPlaceholder('手机号或账号').waitFor();
    }
    await page.context().close();
  });

  it('/login while logged in offers to continue as the current person (no form); continuing opens the console', async () => {
    const page = await consoleAs(browser, '13800000002');
    await page.goto(`${baseUrl}/new/login`);
    await page.locator('.ant-card-head-title').filter({ hasText: '您已登录' }).waitFor();
    await page.getByText('陈市科协', { exact: true }).waitFor();
    await page.getByText(/当前身份：管理员/).waitFor();
    expect(await page.getByPlaceholder('手机号或账号').count()).toBe(0);
    expect(await page.getByPlaceholder('密码').count()).toBe(0);
    await screenshot(page, 'login-signed-in');
    await expectAccessible(page, '/login (signed in)');
    await page.getByRole('button', { name: '继续使用此账号' }).click();
    await inConsole(page);
    await page.context().close();
  });

  it('/login while logged in can switch account: the old session ends, the form logs in another person', async () => {
    // A session of this test's own (the shared logins are left as they are).
    const page = await loginToConsole(browser, baseUrl, '13800000004');
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/new/login`);
    await page.getByRole('button', { name: '退出并登录其他账号' }).waitFor();
    await screenshot(page, 'login-signed-in-390');
    await page.getByRole('button', { name: '退出并登录其他账号' }).click();
    await page.getByPlaceholder('手机号或账号').fill('13800000008');
    await page.getByPlaceholder('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/new\/memberExamineResult$/);
    await page.locator('.ant-descriptions').getByText('审核中', { exact: true }).waitFor();
    // The pending member's own session, opening /login again: continuing returns to their page.
    await page.goto(`${baseUrl}/new/login`);
    await page.getByRole('button', { name: '继续使用此账号' }).click();
    await page.waitForURL(/\/new\/memberExamineResult$/);
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL(/\/new\/login$/);
    await page.context().close();
  });

  it('a login the server has ended is forgotten quietly: /login shows the form, without an expiry prompt', async () => {
    const page = await login('13800000012');
    await page.waitForURL(/\/new\/login-member-result$/);
    // The browser keeps the token of a session that has ended (返回登录 logged it out): as if it
    // had ended in another tab, or been ended by an administrator.
    const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL(/\/new\/login$/);
    await page.getByPlaceholder('手机号或账号').waitFor();
    await page.context().addCookies([{ name: 'token', value: token as string, url: baseUrl }]);
    await page.evaluate(() => localStorage.setItem('signKey', 'stale-key'));
    await page.goto(`${baseUrl}/new/login`);
    await page.getByPlaceholder('手机号或账号').waitFor();
    expect(await page.getByText('登录状态已过期').count()).toBe(0);
    await page.context().close();
  });
});
