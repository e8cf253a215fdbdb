import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs, loginToConsole, pick, tick } from '../harness/console';
import { serverUrl } from '../harness/workers';

describe('an administrator gives a new role a menu and a user that role', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  const login = (account: string) => loginToConsole(browser, baseUrl, account);

  it('creates the role, grants 字典管理 at /jurisdiction, assigns it at /user-management; the user then sees it', async () => {
    const before = await login('13800000006');
    expect(await before.getByText('功能配置').count()).toBe(0);
    await before.context().close();

    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/roleManage`);
    await admin.getByRole('button', { name: /新增角色/ }).click();
    await admin.getByLabel('角色名称').fill('宣传专员');
    await admin.getByLabel('备注').fill('维护字典项');
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('新增成功').waitFor();
    const row = admin.getByRole('row').filter({ hasText: '宣传专员' });
    await row.waitFor();
    await screenshot(admin, 'role-manage');

    await row.getByRole('link', { name: '配置权限' }).click();
    await admin.waitForURL(/\/new\/jurisdiction\?roleId=\d+$/);
    await admin.getByPlaceholder('搜索菜单名称或路径').fill('/dictionary');
    await admin.getByPlaceholder('搜索菜单名称或路径').press('Enter');
    const contentNode = admin
      .locator('.ant-tree-treenode')
      .filter({ has: admin.getByText('/dictionary', { exact: true }) });
    // The filtered tree may still redraw under the first click: click until the entry is checked.
    await expect
      .poll(async () => {
        const box = contentNode.locator('.ant-tree-checkbox').first();
        if (!(await box.evaluate((e) => e.classList.contains('ant-tree-checkbox-checked')))) await box.click();
        return box.evaluate((e) => e.classList.contains('ant-tree-checkbox-checked'));
      })
      .toBe(true);
    await contentNode.getByRole('checkbox', { name: '新增' }).check();
    await admin.getByRole('button', { name: '保存权限' }).click();
    await admin.getByText('权限已保存').waitFor();
    await screenshot(admin, 'jurisdiction');

    await admin.goto(`${baseUrl}/new/user-management`);
    // The list has loaded (the demo's people fill more than one page: search for the one we want).
    await admin.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await admin.getByPlaceholder('姓名、手机号或账号').fill('13800000006');
    await admin.getByPlaceholder('姓名、手机号或账号').press('Enter');
    const userRow = admin.getByRole('row').filter({ hasText: '钱申报' });
    await userRow.waitFor();
    await expect.poll(() => admin.getByRole('row').count()).toBe(2);
    await userRow.getByRole('button', { name: '分配角色' }).click();
    await tick(admin.getByRole('checkbox', { name: '宣传专员' }));
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('角色已分配').waitFor();
    await userRow.getByText('宣传专员').waitFor();
    await screenshot(admin, 'user-management');

    // A background export: the progress dialog polls until the download address arrives.
    await admin.getByRole('button', { name: /导出Excel/ }).click();
    const dialog = admin.getByRole('dialog', { name: '用户管理：导出' });
    await dialog.getByText(/处理中|已完成/).waitFor();
    await dialog.getByText('下载地址：').waitFor({ timeout: 20_000 });
    await dialog.getByText('已完成').waitFor();
    await screenshot(admin, 'export-progress');
    const download = admin.waitForEvent('download');
    await dialog.getByText('用户管理.xlsx').click();
    expect((await download).suggestedFilename()).toBe('用户管理.xlsx');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await admin.goto(`${baseUrl}/new/roleManage`);
    await admin.getByRole('row').filter({ hasText: '宣传专员' }).getByRole('link', { name: '详情' }).click();
    await admin.waitForURL(/\/new\/roleManageDetail\?id=\d+$/);
    await admin.getByText('角色详情：宣传专员').waitFor();
    await admin.getByRole('row').filter({ hasText: '/dictionary' }).getByText('新增').waitFor();
    await admin.getByRole('row').filter({ hasText: '钱申报' }).waitFor();
    await screenshot(admin, 'role-detail');
    await admin.context().close();

    // The console offers the granted entry: its screen is built (an unbuilt one would not show).
    const after = await login('13800000006');
    await after.getByText('功能配置').first().waitFor();
    await after.context().close();
  });

  it('adds a person at /user-management/personal-add, who must change the initial password at first login', async () => {
    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/user-management`);
    await admin.getByRole('button', { name: /新增个人用户/ }).click();
    await admin.waitForURL(/\/new\/user-management\/personal-add$/);
    await admin.getByLabel('姓名').fill('蒋新人');
    await admin.getByLabel('手机号').fill('13600000099');
    await pick(admin, '身份', '个人会员（12）', true);
    await pick(admin, '所属单位', '示范市医学会', true);
    await admin.getByLabel('初始密码').fill('Init@123');
    await screenshot(admin, 'user-personal-add');
    await admin.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('新增成功，首次登录须修改密码').waitFor();
    await admin.waitForURL(/\/new\/user-management$/);
    await admin.getByRole('row').filter({ hasText: '蒋新人' }).waitFor();
    await admin.context().close();

    const page = await newPage(browser);
    await page.goto(`${baseUrl}/new/login`);
    await page.getByPlaceholder('手机号或账号').fill('13600000099');
    await page.getByPlaceholder('密码').fill('Init@123');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/new\/login-change$/);
    await page.context().close();
  });

  it('adds a unit at /company', async () => {
    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/company`);
    await admin.getByRole('row').filter({ hasText: '示范市计算机学会' }).waitFor();
    await admin.getByRole('button', { name: /新增单位/ }).click();
    await admin.getByLabel('单位名称').fill('示范市人工智能学会');
    await pick(admin, '单位类型', '市级学会');
    await pick(admin, '上级单位', '示范市科学技术协会', true);
    // The province / city / district cascader.
    await admin.getByLabel('行政区划').click();
    const menus = admin.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)');
    await menus.getByText('浙江省', { exact: true }).click();
    await menus.getByText('杭州市', { exact: true }).click();
    await menus.getByText('西湖区', { exact: true }).click();
    await menus.waitFor({ state: 'hidden' });
    await screenshot(admin, 'company-form');
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('新增成功').waitFor();
    await admin
      .getByRole('row')
      .filter({ hasText: '示范市人工智能学会' })
      .getByText('浙江省 / 杭州市 / 西湖区')
      .waitFor();
    await screenshot(admin, 'company');

    // The region-list panel: 50 at a time, more on scroll; a pick fills the field.
    await admin
      .getByRole('row')
      .filter({ hasText: '示范市人工智能学会' })
      .getByRole('button', { name: '编辑' })
      .click();
    await admin.getByText('从列表选择').click();
    const list = admin.getByTestId('region-list');
    await list.locator('.ant-list-item').nth(49).waitFor();
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await list.locator('.ant-list-item').nth(99).waitFor();
    await screenshot(admin, 'region-list-panel');
    await admin.getByPlaceholder('搜索地区名称').fill('滨江');
    await admin.getByPlaceholder('搜索地区名称').press('Enter');
    await list.getByText('浙江省 / 杭州市 / 滨江区').click();
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('保存成功').waitFor();
    await admin
      .getByRole('row')
      .filter({ hasText: '示范市人工智能学会' })
      .getByText('浙江省 / 杭州市 / 滨江区')
      .waitFor();
    await admin.context().close();
  });

  it('shows the tenants to the operations super administrator at /tenant', async () => {
    const ops = await consoleAs(browser, 'admin');
    await ops.goto(`${baseUrl}/new/tenant`);
    await ops.getByRole('row').filter({ hasText: '滨江区科学技术协会' }).getByText('binjiang.localhost').waitFor();
    await ops.getByRole('row').filter({ hasText: '停用示例学会' }).getByText('停用', { exact: true }).waitFor();
    await screenshot(ops, 'tenant-manage');

    await ops
      .getByRole('row')
      .filter({ hasText: '滨江区科学技术协会' })
      .getByRole('button', { name: '进入租户' })
      .click();
    await ops.getByText('代管：滨江区科学技术协会').waitFor();
    // Entering opens the tenant's 单位首页: its name, then the tenant's title.
    await expect.poll(() => ops.title()).toMatch(/^(\S+ - )?滨江区科学技术协会管理后台$/);
    await ops.goto(`${baseUrl}/new/company`);
    await ops.getByRole('row').filter({ hasText: '滨江区电子学会' }).waitFor();
    expect(await ops.getByRole('row').filter({ hasText: '示范市计算机学会' }).count()).toBe(0);
    await screenshot(ops, 'acting-as-tenant');
    await ops.getByRole('button', { name: '退出租户身份' }).click();
    await ops.waitForURL(/\/new\/tenant$/);
    await expect.poll(() => ops.getByText('代管：滨江区科学技术协会').count()).toBe(0);
    await ops.goto(`${baseUrl}/new/company`);
    await ops.getByRole('row').filter({ hasText: '示范市计算机学会' }).waitFor();
    await ops.context().close();
  });

  it('configures the menu tree at /setMenu and finds function points at /function', async () => {
    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/setMenu`);
    await admin.getByText('组织与人员').first().waitFor();
    await admin.getByRole('button', { name: /新增菜单分组/ }).click();
    await admin.getByLabel('菜单名称').fill('地方特色');
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('新增成功').waitFor();
    await admin.locator('.ant-tree').getByText('地方特色').waitFor();
    await screenshot(admin, 'set-menu');
    await admin.goto(`${baseUrl}/new/function`);
    // The list of every function point (首页's pages have none: nothing on them is an action).
    await admin.locator('.ant-table-row').first().waitFor();
    await admin.getByPlaceholder('菜单、路径、代码或名称').fill('/roleManage');
    await admin.getByPlaceholder('菜单、路径、代码或名称').press('Enter');
    await expect.poll(() => admin.getByRole('row').count()).toBe(5);
    await admin.context().close();
  });

  it('forced out by an administrator, a member sees the expiry confirm box and can log in again', async () => {
    const member = await login('13800000006');
    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/onlineSessions`);
    const row = admin.getByRole('row').filter({ hasText: '钱申报' }).first();
    await row.getByRole('button', { name: '强制下线' }).click();
    await admin
      .getByRole('button', { name: /强制下线/ })
      .last()
      .click();
    await admin.getByText('已强制下线').waitFor();
    await admin.context().close();

    await member.reload();
    await member.getByText('登录状态已过期，您可以继续留在该页面，或者重新登录').waitFor();
    await member.locator('.ant-modal-confirm-title', { hasText: '系统提示' }).waitFor();
    await member.getByRole('button', { name: /取\s*消/ }).waitFor();
    await screenshot(member, 'session-expired');
    await member.getByRole('button', { name: '重新登录' }).click();
    await member.waitForURL(/\/new\/login$/);
    await member.context().close();
  });

  it('lists the login log and the online sessions', async () => {
    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/loginLog`);
    await admin.getByRole('row').filter({ hasText: '成功' }).first().waitFor();
    await screenshot(admin, 'login-log');
    await admin.goto(`${baseUrl}/new/onlineSessions`);
    await admin.getByText('当前').waitFor();
    await admin.context().close();
  });
});
