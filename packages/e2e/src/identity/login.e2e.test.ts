import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { serverUrl } from '../harness/workers';

const PASSWORD = 'Demo@123';

describe('logging in as each demo account lands where the spec says', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function login(account: string, password = PASSWORD): Promise<Page> {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/new/login`);
    await page.getByPlaceholder('手机号或账号').fill(account);
    await page.getByPlaceholder('密码').fill(password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    return page;
  }

  const inConsole = async (page: Page, name: string) => {
    await page.getByRole('heading', { name: `您好，${name}` }).waitFor();
    // The console's root opens the identity's home page: 单位首页, else 个人首页 (platform/home).
    expect(new URL(page.url()).pathname).toMatch(/^\/new\/(homepage|personalHomepage)?$/);
  };

  it('a city association administrator goes straight into the console with the admin menu', async () => {
    const page = await login('13800000002');
    await inConsole(page, '陈市科协');
    await page.getByText('组织与人员').first().waitFor();
    await screenshot(page, 'console-admin');
    await page.context().close();
  });

  it('the operations super administrator logs in by account name', async () => {
    const page = await login('admin');
    await inConsole(page, '运营超级管理员');
    await page.context().close();
  });

  it('an individual member sees no administration menu, and no entry whose page is not built', async () => {
    const page = await login('13800000004');
    await inConsole(page, '王会员');
    expect(await page.getByText('组织与人员').count()).toBe(0);
    // The member's catalogue entries (会员卡, 电子会员证 …) have no screen yet: none is offered.
    expect(await page.locator('.ant-menu').getByText('牌匾与会员卡').count()).toBe(0);
    await page.context().close();
  });

  it('a society administrator with two identities chooses one (pageType 2), and can switch later', async () => {
    const page = await login('13800000003');
    await page.waitForURL(/\/new\/chooseIdentity$/);
    await page.getByText('示范市医学会').waitFor();
    await screenshot(page, 'choose-identity');
    await page
      .getByRole('listitem')
      .filter({ hasText: '管理员' })
      .getByRole('button', { name: /进\s*入/ })
      .click();
    await inConsole(page, '林学会');
    await page.getByText('当前身份：管理员（示范市计算机学会）', { exact: false }).waitFor();
    await page.getByText('切换身份').click();
    await page.waitForURL(/\/new\/chooseIdentity$/);
    await page
      .getByRole('listitem')
      .filter({ hasText: '工作人员' })
      .getByRole('button', { name: /进\s*入/ })
      .click();
    await page.getByText('当前身份：工作人员（示范市医学会）', { exact: false }).waitFor();
    await page.context().close();
  });

  it('with one identity the switch says 您只有一个身份，无法切换', async () => {
    const page = await login('13800000006');
    await inConsole(page, '钱申报');
    await page.getByText('切换身份').click();
    await page.getByText('您只有一个身份，无法切换').waitFor();
    await page.context().close();
  });

  it('an expert who is also a reviewer chooses the identity', async () => {
    const page = await login('13800000005');
    await page.waitForURL(/\/new\/chooseIdentity$/);
    await page
      .getByRole('listitem')
      .filter({ hasText: '评审人' })
      .getByRole('button', { name: /进\s*入/ })
      .click();
    await inConsole(page, '赵专家');
    await page.getByText('评审人', { exact: true }).first().waitFor();
    await page.context().close();
  });

  it('a person of two tenants chooses the society (pageType 1)', async () => {
    const page = await login('13800000007');
    await page.waitForURL(/\/new\/chooseSociety$/);
    await page.getByText('滨江区科学技术协会').waitFor();
    await screenshot(page, 'choose-society');
    await page
      .getByRole('listitem')
      .filter({ hasText: '滨江区科学技术协会' })
      .getByRole('button', { name: /进\s*入/ })
      .click();
    await inConsole(page, '孙双会');
    await page.getByText('滨江区电子学会', { exact: false }).first().waitFor();
    // The tab shows the chosen society, not the tenant of the domain the page was opened on.
    // (after the page's own name: the login lands on a home page, 单位首页 - …).
    await expect.poll(() => page.title()).toMatch(/^(\S+ - )?滨江区科学技术协会管理后台$/);
    await page.context().close();
  });

  it.each([
    ['13800000008', 'memberExamineResult', '入会申请审核中'],
    ['13800000010', 'memberForbidden', '会员身份已停用'],
    ['13800000011', 'regist-nopay', '入会申请已通过，待缴纳会费'],
    ['13800000012', 'login-member-result', '入会申请未通过'],
    ['13800000013', 'login-expert-result', '专家注册审核中'],
  ])('%s goes to /%s', async (account, route, title) => {
    const page = await login(account);
    await page.waitForURL(new RegExp(`/new/${route}$`));
    await page.getByText(title).first().waitFor();
    if (route === 'login-member-result') {
      await page.getByText('单位证明材料不清晰，请重新上传后再提交。').waitFor();
      await screenshot(page, 'member-result');
    }
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL(/\/new\/login$/);
    await page.context().close();
  });

  it('a person without a phone binds one with an SMS code first (pageType 15)', async () => {
    const page = await login('nophone');
    await page.waitForURL(/\/new\/set-phone$/);
    await page.getByText('为保障账号安全，请先绑定手机号').waitFor();
    await page.getByPlaceholder('手机号').fill('13700000015');
    await expect.poll(() => page.getByPlaceholder('手机号').inputValue()).toBe('13700000015');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码发送成功，5分钟内有效').first().waitFor();
    await page.getByText(/\d+ 秒后重新获取/).waitFor();
    const outbox = await page.request.get(`${baseUrl}/st365/health`);
    expect(outbox.ok()).toBe(true);
    await screenshot(page, 'set-phone');
    await page.context().close();
  });

  it('a person who must change the password does so first (pageType 16), then enters', async () => {
    const page = await login('13800000009');
    await page.waitForURL(/\/new\/login-change$/);
    await page.getByLabel('原密码').fill(PASSWORD);
    await page.getByLabel('新密码', { exact: true }).fill('Changed@456');
    await page.getByLabel('确认新密码').fill('Changed@456');
    await page.getByRole('button', { name: '修改并继续' }).click();
    await inConsole(page, '周改密');
    await page.context().close();
  });

  it('logout shows 登出成功 and returns to the login page; the console then asks to log in', async () => {
    const page = await login('13800000002');
    await inConsole(page, '陈市科协');
    await page.getByText('陈市科协（管理员）').hover();
    await page.getByText('退出登录').click();
    await page.getByText('登出成功').waitFor();
    await page.waitForURL(/\/new\/login$/);
    await page.goto(`${baseUrl}/new/`);
    await page.waitForURL(/\/new\/login$/);
    await page.context().close();
  });

  it('a member edits the profile and binds an e-mail in the personal centre', async () => {
    const page = await login('13800000004');
    await inConsole(page, '王会员');
    await page.getByText('王会员（个人会员）').hover();
    await page.getByText('个人中心').click();
    await page.waitForURL(/\/new\/personalCenter$/);
    await page.getByText('138****0004').waitFor();
    await page.getByLabel('姓名').fill('王大会员');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').waitFor();
    await page.getByRole('link', { name: '绑定' }).click();
    await page.waitForURL(/\/new\/personalCenterBindEmail$/);
    await page.getByLabel('邮箱').fill('wang@kx.cn');
    await page.getByLabel('登录密码').fill(PASSWORD);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL(/\/new\/personalCenter$/);
    await page.getByText('wang@kx.cn').waitFor();
    await screenshot(page, 'personal-center');
    await page.context().close();
  });

  it('a member continues on the phone with the one-time entry QR code; the link then no longer works', async () => {
    const member = await login('13800000004');
    // The name may have been changed by the personal-centre test.
    await member.getByRole('heading', { name: /^您好，王/ }).waitFor();
    await member.goto(`${baseUrl}/new/personalCenter`);
    const issued = member.waitForResponse((r) => r.url().includes('/st365/auth/entry-tickets'));
    await member.getByRole('button', { name: /生成二维码/ }).click();
    const ticket = (await (await issued).json()).data as { memberToken: string; identityId: number; userId: number };
    await member.getByText(/剩余 \d+ 秒/).waitFor();
    await screenshot(member, 'personal-center-phone-entry');
    const link = `${baseUrl}/new/?${new URLSearchParams({
      memberToken: ticket.memberToken,
      identityId: String(ticket.identityId),
      userId: String(ticket.userId),
    })}`;

    const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    await phone.goto(link);
    await phone.getByRole('heading', { name: /^您好，王/ }).waitFor();
    expect(new URL(phone.url()).search).toBe('');
    await screenshot(phone, 'phone-entry');
    await phone.context().close();

    const again = await newPage(browser);
    await again.goto(link);
    await again.waitForURL(/\/new\/login$/);
    await again.getByText('登录链接无效或已过期，请重新登录').waitFor();
    await again.context().close();
    await member.context().close();
  });

  it('a wrong password says 账号或密码错误', async () => {
    const page = await login('13800000002', 'wrong-password');
    await page.getByText('账号或密码错误').waitFor();
    await page.context().close();
  });
});
