import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from '../harness/browser';
import { loginToConsole } from '../harness/console';

describe('the console shell: breadcrumb with 返回, /redirect', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows the route breadcrumb, follows its links, and goes back with 返回', async () => {
    const admin = await loginToConsole(browser, baseUrl, '13800000002');
    await admin.goto(`${baseUrl}/new/user-management`);
    await admin.getByRole('button', { name: /新增单位用户/ }).click();
    await admin.waitForURL(/\/new\/user-management\/unit-add$/);
    const crumbs = admin.locator('.ant-breadcrumb');
    await crumbs.getByText('新增单位用户').waitFor();
    await screenshot(admin, 'breadcrumb');
    await crumbs.getByRole('link', { name: '用户管理' }).click();
    await admin.waitForURL(/\/new\/user-management$/);
    await admin.getByRole('button', { name: '返回' }).click();
    await admin.waitForURL(/\/new\/user-management\/unit-add$/);

    await admin.goto(`${baseUrl}/new/redirect`);
    await expect.poll(() => new URL(admin.url()).pathname).not.toBe('/new/redirect');
    expect(new URL(admin.url()).pathname).not.toBe('/new/login');
    await admin.context().close();
  });

  it('highlights the route menu path and keeps the collapsed menu after a reload', async () => {
    const admin = await loginToConsole(browser, baseUrl, '13800000002');
    await admin.goto(`${baseUrl}/new/user-management/unit-add`);
    // The form page highlights its list's menu entry (menuPath).
    await admin.locator('.ant-menu-item-selected').getByText('用户管理').waitFor();
    const siderWidth = () =>
      admin
        .locator('aside')
        .first()
        .evaluate((el) => Math.round(el.getBoundingClientRect().width));
    const open = await siderWidth();
    await admin.locator('.ant-pro-sider-collapsed-button').click();
    await expect.poll(siderWidth).toBeLessThan(open);
    expect(await admin.evaluate(() => localStorage.getItem('collapsed'))).toBe('1');
    await admin.reload();
    await admin.getByRole('button', { name: '站内消息' }).waitFor();
    await expect.poll(siderWidth).toBeLessThan(open);
    await admin.locator('.ant-pro-sider-collapsed-button').click();
    await expect.poll(() => admin.evaluate(() => localStorage.getItem('collapsed'))).toBe('0');
    await admin.context().close();
  });
});
