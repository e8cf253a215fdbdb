import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs, pick, smsCodeFromOutbox } from '../harness/console';
import { serverUrl } from '../harness/workers';

describe('departments, unit users, and a registration that an administrator reviews', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('adds a department and a sub-department at /departmentManage; the tree shows them', async () => {
    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/departmentManage`);
    await admin.getByRole('row').filter({ hasText: '学会服务科' }).waitFor();
    await admin.getByRole('button', { name: /新增部门/ }).click();
    await admin.getByLabel('部门名称').fill('信息中心');
    await admin.getByLabel('负责人').fill('何工');
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('新增成功').waitFor();
    const row = admin.getByRole('row').filter({ hasText: '信息中心' });
    await row.waitFor();
    await row.getByRole('button', { name: '新增下级' }).click();
    await admin.getByLabel('部门名称').fill('网络安全组');
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByRole('row').filter({ hasText: '网络安全组' }).waitFor();
    await screenshot(admin, 'department-manage');
    await admin.context().close();
  });

  it('adds a unit user on its own page, and puts a person into a department on the edit page', async () => {
    const admin = await consoleAs(browser, '13800000002');
    await admin.goto(`${baseUrl}/new/user-management`);
    await admin.getByRole('button', { name: /新增单位用户/ }).click();
    await admin.waitForURL(/\/new\/user-management\/unit-add$/);
    await admin.getByLabel('联系人姓名').fill('韩联络');
    await admin.getByLabel('手机号').fill('13600000088');
    await pick(admin, '所属单位', '示范智造科技有限公司', true);
    await admin.getByLabel('初始密码').fill('Init@123');
    await admin.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('新增成功，首次登录须修改密码').waitFor();
    await admin.waitForURL(/\/new\/user-management$/);
    await admin.getByRole('tab', { name: '单位用户' }).click();
    await admin
      .getByRole('row')
      .filter({ hasText: '韩联络' })
      .filter({ hasText: '单位用户（示范智造科技有限公司）' })
      .waitFor();

    await admin.getByRole('tab', { name: '个人用户' }).click();
    // More people than one page holds: find the person by search, as an administrator would.
    const search = async () => {
      await admin.getByPlaceholder('姓名、手机号或账号').fill('钱申报');
      await admin.getByPlaceholder('姓名、手机号或账号').press('Enter');
    };
    await search();
    const row = admin.getByRole('row').filter({ hasText: '钱申报' });
    await row.waitFor();
    await row.getByRole('button', { name: '编辑' }).click();
    await admin.waitForURL(/\/new\/user-management\/personal-edit\?id=\d+$/);
    await pick(admin, '所属部门', '办公室');
    await screenshot(admin, 'user-personal-edit');
    await admin.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('保存成功').waitFor();
    await admin.waitForURL(/\/new\/user-management$/);
    await search();
    await admin.getByRole('row').filter({ hasText: '钱申报' }).filter({ hasText: '办公室' }).waitFor();
    await admin.context().close();
  });

  it('a visitor registers at /societyRegister, waits for review, and gets in once /user-audit passes it', async () => {
    const phone = '13600000077';
    const visitor = await newPage(browser);
    await visitor.goto(`${baseUrl}/new/societyLogin`);
    await visitor.getByRole('link', { name: '没有账号？立即注册' }).click();
    await visitor.waitForURL(/\/new\/societyRegister$/);
    await visitor.getByPlaceholder('姓名').fill('曹注册');
    await visitor.getByPlaceholder('手机号').fill(phone);
    await visitor.getByRole('button', { name: '获取验证码' }).click();
    await visitor.getByText('验证码发送成功，5分钟内有效').first().waitFor();

    const admin = await consoleAs(browser, '13800000002');
    const code = await smsCodeFromOutbox(admin, baseUrl, phone);
    await visitor.getByPlaceholder('请输入验证码').fill(code);
    await visitor.getByPlaceholder('设置密码').fill('Reg@1234');
    await visitor.getByPlaceholder('确认密码').fill('Reg@1234');
    await screenshot(visitor, 'society-register');
    await visitor.getByRole('button', { name: /注\s*册/ }).click();
    await visitor.getByText('注册成功，等待审核').waitFor();

    await admin.goto(`${baseUrl}/new/user-audit`);
    const row = admin.getByRole('row').filter({ hasText: '曹注册' });
    await row.waitFor();
    await screenshot(admin, 'user-audit');
    await row.getByRole('button', { name: '审核' }).click();
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('审核通过').waitFor();
    await admin.goto(`${baseUrl}/new/social-user-management`);
    await admin.getByRole('row').filter({ hasText: '曹注册' }).waitFor();
    await admin.context().close();

    await visitor.getByRole('link', { name: '去登录' }).click();
    await visitor.waitForURL(/\/new\/societyLogin$/);
    await visitor.getByPlaceholder('手机号或账号').fill(phone);
    await visitor.getByPlaceholder('密码').fill('Reg@1234');
    await visitor.getByRole('button', { name: /登\s*录/ }).click();
    await visitor.getByRole('heading', { name: '您好，曹注册' }).waitFor();
    await visitor.context().close();
  });
});
