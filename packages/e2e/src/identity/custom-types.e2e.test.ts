import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { apiClient } from '../harness/api';
import { launchBrowser, newPage, onDomain, screenshot } from '../harness/browser';
import { serverUrl } from '../harness/workers';

const PHONE = { width: 390, height: 844 };
const INITIAL = 'Init@2026';
const PASSWORD = 'Member@2026';

/**
 * Tenant custom types of spec 000 §6 seen in the console: 34 prompts a member whose profile lacks
 * a required field to go and complete it (and stops once it is complete); 31 hides the 问答库 link.
 * The tenants and members are this spec's own, opened by the operations administrator through the
 * API on domains no other spec uses.
 */
describe('custom tenant types 34 (member profile check) and 31 (no 问答库 link)', () => {
  const baseUrl = serverUrl();
  const tag = `${process.env.VITEST_POOL_ID ?? '0'}${Date.now().toString(36)}`;
  let browser: Browser;
  let site34 = '';
  let site31 = '';
  const members: Record<'desktop' | 'phone', { mobile: string; name: string }> = {
    desktop: { mobile: `166${String(Date.now()).slice(-8)}`, name: '资料会员甲' },
    phone: { mobile: `167${String(Date.now()).slice(-8)}`, name: '资料会员乙' },
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const ops = apiClient(baseUrl);
    await ops.login('admin');
    const open = async (customType: number, label: string) => {
      const domain = `t${customType}-${tag}.localhost`;
      const created = await ops.call('POST', '/st365/platform/tenants', {
        companyName: `${label}${tag}`,
        companyId: 700_000 + Math.floor(Math.random() * 200_000),
        companyType: 5,
        customType,
        domains: [domain],
      });
      expect(created.msg).toBe('新增成功');
      return { id: created.data.id as number, url: onDomain(baseUrl, domain) };
    };
    const t34 = await open(34, '资料检查学会');
    site34 = t34.url;
    site31 = (await open(31, '无问答库学会')).url;
    ops.actAs(t34.id);
    for (const m of Object.values(members)) {
      const added = await ops.call('POST', '/st365/identity/users', {
        name: m.name,
        mobile: m.mobile,
        userType: 2,
        identityCode: 12,
        password: INITIAL,
      });
      expect(added.success, added.msg).toBe(true);
    }
  });
  afterAll(async () => {
    await browser.close();
  });

  /** A login at the type-34 tenant; the first one changes the initial password (pageType 16). */
  async function login(page: Page, mobile: string, first: boolean): Promise<void> {
    await page.goto(`${site34}/new/login`);
    await page.getByPlaceholder('手机号或账号').fill(mobile);
    await page.getByPlaceholder('密码').fill(first ? INITIAL : PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    if (!first) return;
    await page.waitForURL(/\/new\/login-change$/);
    await page.getByLabel('原密码').fill(INITIAL);
    await page.getByLabel('新密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认新密码').fill(PASSWORD);
    await page.getByRole('button', { name: '修改并继续' }).click();
  }

  const prompt = (page: Page) => page.getByRole('dialog', { name: '会员资料不完整' });

  async function fillProfile(page: Page): Promise<void> {
    await page.locator('label').filter({ hasText: /^女$/ }).click();
    await page.getByLabel('身份证号').fill('11010519491231002X');
    await page.getByLabel('工作单位').fill('示范大学');
    await page.getByLabel('职称').fill('教授');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').waitFor();
  }

  it('prompts a member with an incomplete profile after login, leads to the personal centre, and stops once complete', async () => {
    const { mobile, name } = members.desktop;
    const page = await newPage(browser);
    await login(page, mobile, true);
    const dialog = prompt(page);
    await dialog.waitFor();
    await dialog.getByText('待完善：性别、身份证号、工作单位、职称').waitFor();
    // Type 34 keeps the 问答库 link in the header.
    await page.getByRole('link', { name: /问答库/ }).waitFor();
    await expectAccessible(page, 'member profile prompt');
    await screenshot(page, 'custom-type-34-prompt');

    // 稍后再说 leaves it for this login: the console, its logout included, is usable.
    await dialog.getByRole('button', { name: '稍后再说' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByText(`${name}（个人会员）`).waitFor();
    await page.waitForTimeout(500);
    expect(await prompt(page).count()).toBe(0);
    await page.getByText(`${name}（个人会员）`).hover();
    await page.getByText('退出登录').click();
    await page.waitForURL(/\/new\/login$/);

    // The next login asks again; 去完善 opens the personal centre, which names what is missing.
    await login(page, mobile, false);
    await prompt(page).getByRole('button', { name: '去完善' }).click();
    await page.waitForURL(/\/new\/personalCenter$/);
    // The closed prompt stays in the page, hidden: the notice is the personal centre's alert.
    await page.getByRole('alert').getByText('待完善：性别、身份证号、工作单位、职称').waitFor();
    await expectAccessible(page, 'personal centre with the missing fields');
    await screenshot(page, 'custom-type-34-personal-center');
    await fillProfile(page);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '待完善：' }).count()).toBe(0);

    // Complete: the next login has no prompt.
    await page.getByText(`${name}（个人会员）`).hover();
    await page.getByText('退出登录').click();
    await page.waitForURL(/\/new\/login$/);
    const checked = page.waitForResponse((r) => r.url().includes('/st365/auth/profile/required-complete'));
    await login(page, mobile, false);
    expect((await (await checked).json()).data).toEqual({ checked: true, complete: true, missing: [] });
    await page.getByText(`${name}（个人会员）`).waitFor();
    expect(await prompt(page).count()).toBe(0);
    await page.context().close();
  });

  it('shows the prompt and the personal centre at 390 px', async () => {
    const page = await newPage(browser, { viewport: PHONE });
    await login(page, members.phone.mobile, true);
    await prompt(page).getByText('待完善：性别、身份证号、工作单位、职称').waitFor();
    await expectAccessible(page, 'member profile prompt at 390 px');
    await screenshot(page, 'custom-type-34-prompt-phone');
    await prompt(page).getByRole('button', { name: '去完善' }).click();
    await page.waitForURL(/\/new\/personalCenter$/);
    await page.getByLabel('身份证号').waitFor();
    await expectAccessible(page, 'personal centre at 390 px');
    await screenshot(page, 'custom-type-34-personal-center-phone');
    await fillProfile(page);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '待完善：' }).count()).toBe(0);
    await page.context().close();
  });

  it('offers the 问答库 on the login page, but not in a tenant of type 31', async () => {
    const page = await newPage(browser);
    await page.goto(`${site31}/new/login`);
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    expect(await page.getByRole('link', { name: /问答库/ }).count()).toBe(0);
    await page.goto(`${site31}/new/qaLibrary`);
    await page.getByText('找不到页面').waitFor();

    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/new/login`);
    await page.getByRole('link', { name: /问答库/ }).waitFor();
    await screenshot(page, 'login-qa-link-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('link', { name: /问答库/ }).click();
    await page.waitForURL(/\/new\/qaLibrary$/);
    await page.getByText('忘记密码怎么办？').waitFor();
    await expectAccessible(page, '问答库');
    await screenshot(page, 'qa-library');
    await page.getByRole('link', { name: '返回登录' }).click();
    await page.waitForURL(/\/new\/login$/);
    await page.context().close();
  });
});
