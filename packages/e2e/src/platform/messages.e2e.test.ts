import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs, smsCodeFromOutbox } from '../harness/console';
import { serverUrl } from '../harness/workers';

describe('in-site messages: the bell goes from unread to read', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a registration messages the administrators; opening it clears the dot; /messageSetting turns it off', async () => {
    const admin = await consoleAs(browser, '13800000002');
    const phone = '13600000066';
    const visitor = await newPage(browser);
    await visitor.goto(`${baseUrl}/new/societyRegister`);
    await visitor.getByPlaceholder('姓名').fill('严来信');
    await visitor.getByPlaceholder('手机号').fill(phone);
    await visitor.getByRole('button', { name: '获取验证码' }).click();
    await visitor.getByText('验证码发送成功，5分钟内有效').first().waitFor();
    const code = await smsCodeFromOutbox(admin, baseUrl, phone);
    await visitor.getByPlaceholder('请输入验证码').fill(code);
    await visitor.getByPlaceholder('设置密码').fill('Reg@1234');
    await visitor.getByPlaceholder('确认密码').fill('Reg@1234');
    await visitor.getByRole('button', { name: /注\s*册/ }).click();
    await visitor.getByText('注册成功，等待审核').waitFor();
    await visitor.context().close();

    // The bell polls; a reload shows it at once.
    await admin.goto(`${baseUrl}/new/`);
    const bell = admin.getByRole('button', { name: '站内消息' });
    await expect.poll(() => bell.locator('.ant-badge-dot').count()).toBe(1);
    await bell.click();
    await admin.getByText('新用户注册待审核').first().waitFor();
    await screenshot(admin, 'message-bell');
    await admin.getByText('新用户注册待审核').first().click();
    await admin.waitForURL(/\/new\/messagePlatformDetail\?wid=[0-9a-f]+&id=\d+$/);
    await admin.getByText('严来信（136****0066）申请注册，请到“用户审核”处理。').waitFor();
    await expect.poll(() => bell.locator('.ant-badge-dot').count()).toBe(0);

    await admin.goto(`${baseUrl}/new/messagePlatform`);
    await admin.getByRole('row').filter({ hasText: '新用户注册待审核' }).first().getByText('已读').waitFor();
    await screenshot(admin, 'message-platform');

    await admin.goto(`${baseUrl}/new/messageSetting`);
    const row = admin.getByRole('row').filter({ hasText: '新用户注册待审核' });
    // The row has two switches: the in-site message (named after the event) and its SMS notice.
    const inSite = row.getByRole('switch', { name: '新用户注册待审核', exact: true });
    await inSite.click();
    await admin.getByText('保存成功').waitFor();
    await expect.poll(() => inSite.getAttribute('aria-checked')).toBe('false');
    await inSite.click();
    await expect.poll(() => inSite.getAttribute('aria-checked')).toBe('true');
    await expect
      .poll(() => row.getByRole('switch', { name: '新用户注册待审核短信通知' }).getAttribute('aria-checked'))
      .toBe('false');
    await admin.context().close();
  });
});
