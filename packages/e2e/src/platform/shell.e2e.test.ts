import { BUILT_PAGES } from '@shetuan/shared';
import type { TMenuItem } from '@shetuan/shared/identity';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../harness/api';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs, pick } from '../harness/console';
import { serverUrl } from '../harness/workers';

describe('the console shell: breadcrumb with 返回, /redirect', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows the route breadcrumb, follows its links, and goes back with 返回', async () => {
    const admin = await consoleAs(browser, '13800000002');
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
    const admin = await consoleAs(browser, '13800000002');
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
    // Collapsed, a group shows only its icon: every built-in group has one.
    const items = admin.locator('aside .ant-menu-root > li.ant-menu-item, aside .ant-menu-root > li.ant-menu-submenu');
    expect(await items.count()).toBeGreaterThan(5);
    const withoutIcon = await items.evaluateAll((els) =>
      els.filter((el) => !el.querySelector('.anticon, img')).map((el) => el.textContent),
    );
    expect(withoutIcon).toEqual([]);
    await screenshot(admin, 'menu-collapsed');
    await admin.locator('.ant-pro-sider-collapsed-button').click();
    await expect.poll(() => admin.evaluate(() => localStorage.getItem('collapsed'))).toBe('0');
    await admin.context().close();
  });

  it('keeps a kept-alive page between visits, starts it afresh on another query, and restores its scroll', async () => {
    const ops = await consoleAs(browser, 'admin');
    await ops.setViewportSize({ width: 1366, height: 520 });
    // An export leaves a message for its maker: an unread message, so the bell offers 查看未读消息.
    await ops.goto(`${baseUrl}/new/user-management`);
    await ops.getByRole('button', { name: /导出Excel/ }).click();
    const dialog = ops.getByRole('dialog', { name: '用户管理：导出' });
    await dialog.getByText('下载地址：').waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await ops.reload();

    const bell = ops.getByRole('button', { name: '站内消息' });
    const viaBell = async (link: string) => {
      await bell.click();
      await ops.getByRole('link', { name: link }).click();
    };
    const viaMenu = async (name: string, group: string) => {
      const link = ops.locator('.ant-menu').getByRole('link', { name }).first();
      // The group may be closed (its page was opened from a saved session, not through the menu).
      // The group and the menu's own link are clicked where they are: Playwright's scroll into view
      // would move the page under the fixed side menu (no person's click does), and a hover popup
      // can hide it again.
      // The console may close the group again as it settles (its open group follows the page's
      // route when the menu is fetched anew); then open it once more, as a person would.
      for (let attempt = 1; ; attempt++) {
        try {
          if (!(await link.isVisible()))
            await ops
              .locator('.ant-menu')
              .getByText(group, { exact: true })
              .evaluate((el) => (el as HTMLElement).click());
          await link.waitFor({ timeout: 5_000 });
          await link.evaluate((el) => (el as HTMLAnchorElement).click(), undefined, { timeout: 5_000 });
          return;
        } catch (err) {
          if (attempt === 3) throw err;
        }
      }
    };
    const search = ops.getByPlaceholder('姓名、手机号或账号');

    // The typed search word is still there after a visit elsewhere (same query: kept).
    await search.fill('保留的关键词');
    await viaBell('查看全部消息');
    await ops.waitForURL(/\/new\/messagePlatform$/);
    const tab = (name: string) => ops.getByRole('tab', { name });
    await expect.poll(() => tab('全部').getAttribute('aria-selected')).toBe('true');
    await viaMenu('用户管理', '组织与人员');
    await ops.waitForURL(/\/new\/user-management$/);
    await expect.poll(() => search.inputValue()).toBe('保留的关键词');
    await expect.poll(() => ops.evaluate(() => window.scrollY)).toBe(0);

    // Another query starts /messagePlatform afresh: its 全部 tab gives way to the query's 未读.
    await viaBell('查看未读消息');
    await ops.waitForURL(/\/new\/messagePlatform\?tab=unread$/);
    await expect.poll(() => tab('未读').getAttribute('aria-selected')).toBe('true');
    await ops.getByRole('row').filter({ hasText: '导出完成' }).first().waitFor();

    // A kept page with a query gets its scroll position back.
    await ops.setViewportSize({ width: 1366, height: 300 });
    const room = await ops.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(room).toBeGreaterThan(40);
    const y = Math.min(120, room);
    await ops.evaluate((to) => window.scrollTo(0, to), y);
    await expect.poll(() => ops.evaluate(() => window.scrollY)).toBe(y);
    // Back (to a kept page without a query: the top) and forward (same query: the position).
    await ops.goBack();
    await ops.waitForURL(/\/new\/user-management$/);
    await expect.poll(() => ops.evaluate(() => window.scrollY)).toBe(0);
    expect(await search.inputValue()).toBe('保留的关键词');
    await ops.goForward();
    await ops.waitForURL(/\/new\/messagePlatform\?tab=unread$/);
    await expect.poll(() => ops.evaluate(() => window.scrollY)).toBe(y);
    await tab('未读').waitFor();
    expect(await search.isVisible()).toBe(false);
    await ops.setViewportSize({ width: 1366, height: 768 });
    await screenshot(ops, 'keep-alive-scroll');
    await ops.context().close();
  });

  it('a page the identity may not use answers 100002, and the client goes to /405', async () => {
    const member = await consoleAs(browser, '13800000004');
    await member.goto(`${baseUrl}/new/roleManage`);
    await member.waitForURL(/\/new\/405$/);
    await member.getByText('无权限访问').waitFor();
    await member.getByRole('button', { name: '返回首页' }).click();
    await member.getByRole('heading', { name: /^您好，/ }).waitFor();
    await member.context().close();
  });

  it('/redirect/{type} needs no login: a known type leads to its screen, an unknown one to 找不到页面', async () => {
    const visitor = await newPage(browser);
    await visitor.goto(`${baseUrl}/new/redirect/register`);
    await visitor.waitForURL(/\/new\/societyRegister$/);
    await visitor.goto(`${baseUrl}/new/redirect/message?wid=abc&id=1`);
    // The message needs a login: the guard sends the visitor to /login and remembers the way back.
    await visitor.waitForURL(/\/new\/login$/);
    expect(await visitor.evaluate(() => localStorage.getItem('callback'))).toBe('/messagePlatformDetail?wid=abc&id=1');
    await visitor.goto(`${baseUrl}/new/redirect/nothing-here`);
    await visitor.getByText('找不到页面').first().waitFor();
    await visitor.context().close();
  });

  it('the 当前模式 switcher of a tenant that offers it changes the menu grouping', async () => {
    const ops = await consoleAs(browser, 'admin');
    expect(await ops.getByLabel('当前模式').count()).toBe(0);
    // The grouping is the server's menu; the console offers only groups with built screens, and no
    // regrouped group (服务管理 …) has one yet, so the menu the server answers is what is checked.
    let latest: string[] = [];
    ops.on('response', async (r) => {
      if (!r.url().includes('/st365/auth/menu')) return;
      const body = (await r.json().catch(() => null)) as { data?: { menuResult?: { name: string }[] } } | null;
      if (body?.data?.menuResult) latest = body.data.menuResult.map((m) => m.name);
    });
    const menuHas = (name: string) => expect.poll(() => latest.includes(name));
    await ops.goto(`${baseUrl}/new/tenant`);
    await ops
      .getByRole('row')
      .filter({ hasText: '滨江区科学技术协会' })
      .getByRole('button', { name: '进入租户' })
      .click();
    await ops.getByText('代管：滨江区科学技术协会').waitFor();
    // The tenant's own custom type 20 first: the regrouped 服务管理.
    await menuHas('服务管理').toBe(true);
    // The 已进入 toast pauses while the pointer rests on it: let it go first.
    await ops.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
    await screenshot(ops, 'mode-switcher-grouped');
    await pick(ops, '当前模式', '标准模式');
    await menuHas('服务管理').toBe(false);
    await menuHas('专家管理').toBe(true);
    await screenshot(ops, 'mode-switcher');
    latest = [];
    await ops.reload();
    await ops.getByText('代管：滨江区科学技术协会').waitFor();
    await menuHas('专家管理').toBe(true);
    expect(latest).not.toContain('服务管理');
    await pick(ops, '当前模式', '分组模式');
    await menuHas('服务管理').toBe(true);
    await ops.getByRole('button', { name: '退出租户身份' }).click();
    await ops.context().close();
  });

  it('offers an administrator only entries that open a screen: 首页 › 单位首页 first', async () => {
    const api = apiClient(baseUrl);
    await api.login('admin');
    const menu = (await api.call('GET', '/st365/auth/menu')).data as {
      menuResult: TMenuItem[];
      hiddenMenu: TMenuItem[];
    };
    const leaves = (items: TMenuItem[]): TMenuItem[] =>
      items.flatMap((m) => (m.children.length > 0 ? leaves(m.children) : [m]));
    const offered = leaves([...menu.menuResult, ...menu.hiddenMenu]);
    expect(offered.length).toBeGreaterThan(15);
    // Every entry has a path the web's route registry serves (shared BUILT_PAGES, kept equal to it).
    expect(offered.filter((m) => !m.path || !BUILT_PAGES.has(m.path.startsWith('/') ? m.path : `/${m.path}`))).toEqual(
      [],
    );
    expect(menu.menuResult[0]?.name).toBe('首页');
    expect(menu.menuResult[0]?.children[0]).toMatchObject({ name: '单位首页', path: '/homepage' });
    // The tenant's configuration keeps the catalogue's other entries (投票管理 …) for a later release.
    const config = JSON.stringify((await api.call('GET', '/st365/rbac/menus')).data);
    expect(config).toContain('/votingManagement');
    expect(JSON.stringify([menu.menuResult, menu.hiddenMenu])).not.toContain('/votingManagement');

    const ops = await consoleAs(browser, 'admin');
    await ops.goto(`${baseUrl}/new/roleManage`);
    await ops.locator('aside .ant-menu').getByText('组织与人员').waitFor();
    const menuLink = ops.locator('aside .ant-menu').getByRole('link', { name: '单位首页' });
    if (!(await menuLink.isVisible()))
      await ops.locator('aside .ant-menu').getByText('首页', { exact: true }).first().click();
    await menuLink.click();
    await ops.waitForURL(/\/new\/homepage$/);
    await ops.getByRole('heading', { name: /^您好，/ }).waitFor();
    expect(await ops.getByText('找不到页面').count()).toBe(0);
    await ops.context().close();
  });

  it('shows 找不到页面 inside the console for a logged-in person, who goes on from the menu', async () => {
    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/no/such/screen`);
    await admin.getByText('找不到页面').waitFor();
    // The console's frame: its menu and its header (切换身份), not a bare page.
    await admin.locator('aside .ant-menu').getByText('组织与人员').waitFor();
    await admin.getByText('切换身份').waitFor();
    await screenshot(admin, 'not-found-in-console');
    await admin.locator('aside .ant-menu').getByText('组织与人员').click();
    await admin.locator('aside .ant-menu').getByRole('link', { name: '用户管理' }).click();
    await admin.waitForURL(/\/new\/user-management$/);
    await admin.locator('.ant-table-row').first().waitFor();
    expect(await admin.getByText('找不到页面').count()).toBe(0);
    await admin.getByRole('button', { name: '返回' }).click();
    await admin.getByText('找不到页面').waitFor();
    await admin.getByRole('button', { name: '返回首页' }).click();
    await admin.getByRole('heading', { name: /^您好，/ }).waitFor();
    await admin.context().close();
  });
});
