import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { apiClient } from '../harness/api';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs } from '../harness/console';
import { serverUrl } from '../harness/workers';

const PHONE = { width: 390, height: 844 };
/** A phone number of this run (the suite's server is shared with other specs). */
const uniquePhone = (prefix: string) => `${prefix}${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 11);
/** A 1×1 PNG: the appeal's proof. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The login side beyond the password: WeChat QR login with the development provider, account
 * activation by SMS, and the manual appeal made on a phone, handled by staff and looked up.
 */
describe('login side: WeChat QR login, activation, appeals', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  const admin = apiClient(baseUrl);
  beforeAll(async () => {
    browser = await launchBrowser();
    await admin.login('13800000002');
  });
  afterAll(async () => {
    await browser.close();
  });

  /** The last verification code the development SMS provider sent to a phone. */
  async function smsCode(phone: string): Promise<string> {
    // Newest first; the list masks the phone (the harness client signs no query, so no keyword).
    const outbox = await admin.call('GET', '/st365/sms/outbox');
    const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
    const sent = (outbox.data.records as { phone: string; content: string }[]).find((r) => r.phone === masked);
    const code = /验证码为(\d{6})/.exec(sent?.content ?? '')?.[1];
    if (!code) throw new Error(`no code for ${phone}`);
    return code;
  }

  it('logs a bound WeChat account in from the 微信登录 tab once its owner confirms the scan', async () => {
    // 王会员 binds a WeChat account (the personal centre's binding, through the API), and unbinds at the end.
    const member = apiClient(baseUrl);
    await member.login('13800000004');
    const binding = await member.call('POST', '/st365/wechat/bind/qr', {});
    expect((await admin.call('POST', '/st365/wechat/dev/confirm', { uuid: binding.data.uuid })).msg).toBe('已确认绑定');
    try {
      const page = await newPage(browser);
      const qr = page.waitForResponse((r) => r.url().includes('/st365/wechat/login/qr'));
      await page.goto(`${baseUrl}/new/wxlogin`);
      const { uuid } = (await (await qr).json()).data as { uuid: string };
      await page.getByText('请使用微信扫一扫登录').waitFor();
      await page.getByRole('img', { name: '微信登录二维码' }).waitFor();
      await expectAccessible(page, 'WeChat QR login');
      await screenshot(page, 'login-side-wechat-qr');

      // The "phone": a browser where 王会员 is logged in confirms with their own WeChat.
      const phone = await consoleAs(browser, '13800000004');
      await phone.goto(`${baseUrl}/new/wechatDevLogin?uuid=${uuid}`);
      await phone.getByRole('button', { name: '确认登录' }).click();
      await phone.getByText('已确认登录').waitFor();
      await phone.context().close();

      // The login page learns of it without a reload and enters the console.
      await page.getByRole('heading', { name: /^您好，/ }).waitFor();
      await page.context().close();
    } finally {
      await member.call('DELETE', '/st365/wechat/account');
    }
  });

  it('activates an account an administrator created: SMS code, own password, then the console', async () => {
    const mobile = uniquePhone('1391');
    const created = await admin.call('POST', '/st365/identity/users', {
      name: '待激活用户',
      mobile,
      userType: 2,
      identityCode: 16,
      password: 'Init@123',
    });
    expect(created.success).toBe(true);
    const page = await newPage(browser, { viewport: PHONE, isMobile: true });
    await page.goto(`${baseUrl}/new/login`);
    await page.getByRole('link', { name: '首次登录？激活账号' }).click();
    await page.waitForURL(/\/new\/accountActivation$/);
    await page.getByLabel('手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码发送成功，5分钟内有效').waitFor();
    await page.getByLabel('验证码').fill(await smsCode(mobile));
    await page.getByLabel('设置密码').fill('Mine@2026');
    await page.getByLabel('确认密码').fill('Mine@2026x');
    await page.getByRole('button', { name: '激活并登录' }).click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await page.getByLabel('确认密码').fill('Mine@2026');
    await expectAccessible(page, 'account activation at 390 px');
    await screenshot(page, 'login-side-activation-phone');
    await page.getByRole('button', { name: '激活并登录' }).click();
    await page.getByText('账号激活成功').waitFor();
    await page.getByRole('heading', { name: /^您好，/ }).waitFor();
    await page.context().close();
  });

  it('serves /log, the society entry, /userCenter and /setUserMsg', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/new/log`);
    await page.getByPlaceholder('手机号或账号').waitFor();
    const tenantId = (await admin.call('GET', '/st365/auth/session')).data.tenantId as number;
    await page.goto(`${baseUrl}/new/societyLoginBlank?tenantId=${tenantId}`);
    await page.waitForURL(/\/new\/societyLogin$/);
    await page.getByText('学会登录').first().waitFor();
    await page.goto(`${baseUrl}/new/societyLoginBlank?tenantId=999999`);
    await page.getByText('未找到该学会').waitFor();
    await page.context().close();

    // The menu's 用户中心 is the personal centre; /setUserMsg asks for one's details and goes on.
    const member = await consoleAs(browser, '13800000004');
    await member.goto(`${baseUrl}/new/userCenter`);
    await member.locator('.ant-card').filter({ hasText: '微信绑定' }).waitFor();
    await member.getByLabel('身份证号').waitFor();
    await member.goto(`${baseUrl}/new/setUserMsg`);
    await member.getByText('完善个人信息').waitFor();
    await member.getByRole('button', { name: '稍后再说' }).click();
    await member.getByRole('heading', { name: /^您好，/ }).waitFor();
    await member.context().close();
  });

  it('takes an appeal on a phone; staff accept it; the person looks the result up', async () => {
    const mobile = uniquePhone('1392');
    const page = await newPage(browser, { viewport: PHONE, isMobile: true });
    await page.goto(`${baseUrl}/new/login`);
    await page.getByRole('link', { name: '无法登录？人工申诉' }).click();
    await page.waitForURL(/\/new\/customerComplain$/);
    await page.getByLabel('姓名').fill('申诉人乙');
    await page.getByPlaceholder('请输入手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码发送成功，5分钟内有效').waitFor();
    await page.getByPlaceholder('请输入验证码').fill(await smsCode(mobile));
    await page.getByRole('button', { name: /验\s*证/ }).click();
    await page.getByText('已验证').waitFor();
    await page.getByLabel('身份证号').fill('11010519491231002X');
    await page.getByLabel('遇到的问题').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '原手机号已停用或丢失' }).click();
    await page.getByLabel('问题描述').fill('原手机号已停用，收不到验证码，无法登录。');
    await page.locator('input[type=file]').setInputFiles({ name: '身份证.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('文件上传成功').waitFor();
    await expectAccessible(page, 'appeal form at 390 px');
    await screenshot(page, 'login-side-appeal-form-phone');
    await page.getByRole('button', { name: '提交申诉' }).click();
    await page.getByText('申诉已提交', { exact: true }).waitFor();
    const number =
      (await page
        .locator('strong')
        .filter({ hasText: /^SS\d{14}$/ })
        .textContent()) ?? '';
    expect(number).toMatch(/^SS\d{14}$/);
    await screenshot(page, 'login-side-appeal-submitted-phone');

    // Staff: the list, the detail with the proof, 受理 with the action taken.
    const staff = await consoleAs(browser, '13800000002');
    await staff.goto(`${baseUrl}/new/appeal`);
    const search = staff.getByPlaceholder('申诉编号、姓名、手机号、身份证号');
    await search.fill(number);
    await search.press('Enter');
    await staff.getByRole('button', { name: `详情：${number}` }).click();
    const drawer = staff.locator('.ant-drawer-content');
    await drawer.getByText('身份证.png').waitFor();
    await drawer.getByText('11010519491231002X').waitFor();
    await expectAccessible(staff, 'appeal detail');
    await screenshot(staff, 'login-side-appeal-detail');
    await drawer.getByRole('button', { name: /受\s*理/ }).click();
    const dialog = staff.getByRole('dialog', { name: `受理申诉：${number}` });
    await dialog.getByText('其他处理').click();
    await dialog.getByLabel('处理说明').fill('已电话核实身份，请使用新手机号注册后联系学会合并账号');
    await dialog.getByRole('button', { name: /受\s*理/ }).click();
    await staff.getByText('已受理，已短信告知申诉人').waitFor();
    const row = staff.locator('.ant-table-row').filter({ hasText: number });
    await row.getByText('已受理').waitFor();
    await screenshot(staff, 'login-side-appeal-list');
    await staff.context().close();

    // The person: the look-up by number and phone.
    await page.getByRole('button', { name: '查询处理进度' }).click();
    await page.waitForURL(/\/new\/appealDetail\?number=/);
    await page.getByLabel('手机号').fill(mobile);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('已电话核实身份，请使用新手机号注册后联系学会合并账号').waitFor();
    await page.getByText('已受理').waitFor();
    await expectAccessible(page, 'appeal look-up at 390 px');
    await screenshot(page, 'login-side-appeal-result-phone');
    await page.context().close();
  });
});
