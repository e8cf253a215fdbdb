import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs, loginToConsole } from '../harness/console';
import { serverUrl } from '../harness/workers';

describe('WeChat binding with the development provider', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a member shows the QR code; an administrator confirms it; the member sees 绑定成功', async () => {
    const member = await loginToConsole(browser, baseUrl, '13800000006');
    await member.goto(`${baseUrl}/new/personalCenter`);
    const card = member.locator('.ant-card').filter({ hasText: '微信绑定' });
    await card.getByText('未绑定').waitFor();
    const created = member.waitForResponse((r) => r.url().includes('/st365/wechat/bind/qr'));
    await card.getByRole('button', { name: /绑定微信/ }).click();
    const { uuid } = (await (await created).json()).data as { uuid: string };
    await member.getByText('请使用微信扫描二维码完成绑定').waitFor();
    await screenshot(member, 'wechat-bind-qr');

    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/wechatDevConfirm?uuid=${uuid}`);
    await admin.getByRole('button', { name: '确认绑定' }).click();
    await admin.getByText('已确认绑定').waitFor();
    await admin.context().close();

    await member.getByText('绑定成功').waitFor();
    await card.getByText('已绑定：开发环境微信用户').waitFor();
    await card.getByRole('button', { name: '解除绑定' }).click();
    await member
      .getByRole('button', { name: /解\s*除/ })
      .last()
      .click();
    await card.getByText('未绑定').waitFor();
    await member.context().close();
  });
});
