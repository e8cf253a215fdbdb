import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { apiClient } from '../harness/api';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs, smsCodeFromOutbox } from '../harness/console';
import { serverUrl } from '../harness/workers';

const ADMIN = '13800000002'; // 示范市科协管理员
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** antd puts a space between the two characters of a two-character button's label. */
const button = (label: string) => new RegExp(`^\\s*${[...label].join('\\s*')}\\s*$`);
const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (scope: Page | Locator, text: string) => rows(scope).filter({ hasText: text });
const OPEN = ':not(.ant-select-dropdown-hidden):not([class*="-leave"])';
const dropdown = (page: Page) => page.locator(`.ant-select-dropdown${OPEN}`);
const drawer = (page: Page, title: string) =>
  page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });

/** A China day, `offset` days from today (YYYY-MM-DD). */
const day = (offset = 0) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** Chooses an option of a select, or a node of a tree select, by the control's label inside a scope. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string, tree = false): Promise<void> {
  await scope
    .getByLabel(label, { exact: true })
    .locator('xpath=ancestor::div[contains(@class,"ant-select-selector")][1]')
    .click();
  const item = tree ? '.ant-select-tree-node-content-wrapper' : '.ant-select-item-option';
  await dropdown(page)
    .locator(item)
    .filter({ hasText: tree ? new RegExp(`^${option}$`) : option })
    .first()
    .click();
  if (await dropdown(page).count()) {
    if (scope === page) await page.keyboard.press('Escape');
    else await (scope as Locator).locator('.ant-drawer-title').click();
  }
  await expect.poll(() => dropdown(page).count()).toBe(0);
}

describe('专家征集 and 专家信息配置: a call, the tenant’s own questions, an applicant on a phone', () => {
  const baseUrl = serverUrl();
  const stamp = String(Date.now()).slice(-8);
  const title = `征集测试${stamp.slice(-5)}`;
  const person = `征集申请人${stamp.slice(-5)}`;
  const mobile = `134${stamp}`;
  const password = 'Apply@2026';
  const imported = `导入专家${stamp.slice(-5)}`;
  const importedMobile = `133${stamp}`;
  const ops = apiClient(baseUrl);
  let browser: Browser;
  let callId = 0;
  let opened: Page[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    await ops.login(ADMIN);
  });
  // The tenant is left as found: no questions of its own, the call ended, and this run's experts
  // out of the library (other specs' draws never meet them).
  afterAll(async () => {
    await ops.call('DELETE', '/st365/experts/form-config');
    if (callId) await ops.call('POST', `/st365/experts/calls/${callId}/close`, { closed: true });
    for (const keyword of [mobile, importedMobile]) {
      const found = await ops.call('GET', `/st365/experts/library?keyword=${keyword}`);
      for (const e of found.data?.records ?? []) await ops.call('DELETE', `/st365/experts/library/${e.id}`);
    }
    await browser.close();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      for (const [i, p] of opened.entries()) await screenshot(p, `experts-calls-failed-${i}`).catch(() => undefined);
    await Promise.all(opened.map((p) => p.context().close()));
    opened = [];
  });

  async function admin(route: string): Promise<Page> {
    const page = await consoleAs(browser, ADMIN);
    opened.push(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl}/new${route}`);
    return page;
  }

  it('专家信息配置: the form is made, designed and published; its questions show with a preview', async () => {
    const page = await admin('/expert-sys-config');
    await page.getByRole('button', { name: /创建专家信息表/ }).click();
    await page.waitForURL(/\/project\/form\/editor\?key=/);
    const key = new URL(page.url()).searchParams.get('key') as string;
    // What the designer saves and publishes: the kind's fixed questions and two of the tenant's own.
    const form = await ops.call('GET', `/st365/project/forms/${key}`);
    expect(form.code, form.msg).toBe(200);
    const schema = {
      ...form.data.schema,
      fields: [
        ...form.data.schema.fields,
        { id: 'research', label: '研究方向', type: 'INPUT', required: true },
        { id: 'award', label: '代表性成果', type: 'TEXTAREA', required: false },
      ],
    };
    const saved = await ops.call('PUT', `/st365/project/forms/${key}/schema`, { schema });
    expect(saved.code, saved.msg).toBe(200);
    const published = await ops.call('POST', `/st365/project/forms/${key}/publish`);
    expect(published.code, published.msg).toBe(200);

    await page.goto(`${baseUrl}/new/expert-sys-config`);
    await page.getByText('已发布第 1 版').waitFor();
    await rowOf(page, '研究方向').waitFor();
    await rowOf(page, '身份证号').waitFor();
    expect(await rowOf(page, '姓名').count()).toBe(0); // the profile asks it
    await page.getByLabel('研究方向').waitFor(); // the preview
    await expectAccessible(page, '专家信息配置');
    await screenshot(page, 'experts-config');
  });

  it('专家征集: an administrator opens a call for experts of a domain', async () => {
    const page = await admin('/expertSolicitation');
    await page.getByRole('button', { name: /新增专家征集/ }).click();
    const create = drawer(page, '新增专家征集');
    await create.getByLabel('征集名称').fill(title);
    await choose(page, create, '征集领域', '人工智能', true);
    await create.getByLabel('征集人数').fill('5');
    await create.getByLabel('开始日期').fill(day(0));
    await create.getByLabel('开始日期').press('Enter');
    await create.getByLabel('截止日期').fill(day(30));
    await create.getByLabel('截止日期').press('Enter');
    await create.getByLabel('征集说明').fill('面向人工智能领域征集专家，参加项目评审。');
    await create.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
    await page.getByText('新增成功').first().waitFor();
    await page.getByLabel('关键词').fill(title);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = rowOf(page, title);
    await row.getByText('征集中').waitFor();
    await row.getByText(title).first().waitFor(); // 入库标签: a label named after the call
    const href = (await row.getByRole('link', { name: title }).getAttribute('href')) ?? '';
    callId = Number(/id=(\d+)/.exec(href)?.[1]);
    expect(callId).toBeGreaterThan(0);
    await expectAccessible(page, '专家征集');
    await screenshot(page, 'experts-calls');
  });

  it('a new person applies to the call on a phone, answering the tenant’s questions', async () => {
    // The person registers by SMS and the administrator passes the registration.
    const visitor = apiClient(baseUrl);
    expect(
      (await visitor.call('POST', '/st365/auth/sms/code', { phoneNumber: mobile, purpose: 'register' })).code,
    ).toBe(200);
    const outbox = await admin('/smsOutbox');
    const code = await smsCodeFromOutbox(outbox, baseUrl, mobile);
    const registered = await visitor.call('POST', '/st365/auth/register', {
      name: person,
      phoneNumber: mobile,
      code,
      password,
    });
    expect(registered.code, registered.msg).toBe(200);
    const waiting = await ops.call('GET', '/st365/identity/audit/users');
    const user = (waiting.data.records as { userId: number; name: string }[]).find((u) => u.name === person);
    expect(
      (await ops.call('POST', `/st365/identity/audit/users/${user?.userId}/review`, { approved: true })).code,
    ).toBe(200);

    const page = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    opened.push(page);
    await page.goto(`${baseUrl}/new/login`);
    await page.getByPlaceholder('手机号或账号').fill(mobile);
    await page.getByPlaceholder('密码').fill(password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByRole('heading', { name: /^您好，/ }).waitFor();
    await page.goto(`${baseUrl}/new/myexpert-information?call=${callId}`);
    await page.getByText(`报名专家征集：${title}`).waitFor();
    await expect.poll(() => page.getByLabel('姓名', { exact: true }).inputValue()).toBe(person);
    await page.getByRole('radio', { name: '女' }).check();
    await choose(page, page, '本机构单位', '示范大学');
    await choose(page, page, '专业领域', '人工智能', true);
    await page.getByLabel('职称').fill('研究员');
    // The tenant's questions follow the profile's fields; 研究方向 is required.
    await page.getByRole('button', { name: '提交报名' }).click();
    await page
      .locator('.ant-form-item-explain-error')
      .filter({ hasText: /研究方向/ })
      .first()
      .waitFor();
    await page.getByLabel('身份证号').fill('110101199003074514');
    await page.getByLabel('研究方向').fill('机器学习与计算机视觉');
    await expectAccessible(page, '我的专家信息：报名专家征集');
    await screenshot(page, 'experts-call-apply-phone');
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.getByText(`已报名专家征集“${title}”，等待管理员审核`).first().waitFor();
    await page.getByText('您的入库申请正在审核中').waitFor();
    await page.locator('.ant-descriptions').getByText('机器学习与计算机视觉').waitFor();
    const call = page.locator('.ant-list-item').filter({ hasText: title });
    await call.getByText('报名待审核').waitFor();
    await expectAccessible(page, '我的专家信息：已报名');
    await screenshot(page, 'experts-call-applied-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  it('the administrator passes the application: the person enters the library with the call’s label', async () => {
    const page = await admin(`/expertSolicitation/detail?id=${callId}`);
    const row = rowOf(page, person);
    await row.getByText('新申请').waitFor();
    await row.getByRole('button', { name: button('通过') }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: button('通过') })
      .click();
    await row.getByText('已通过').waitFor();
    await page.getByText('已通过 1 / 5 人').waitFor();
    await expectAccessible(page, '征集详情');
    await screenshot(page, 'experts-call-detail');

    // 导出 of the applicants (a job; the call's title and the day in the file's name).
    const fileName = `专家征集报名-${title}_${day(0).replaceAll('-', '')}.xlsx`;
    await page.getByRole('button', { name: /导出/ }).click();
    const progress = page.getByRole('dialog', { name: `${fileName.replace(/\.xlsx$/, '')}：导出` });
    await progress.getByText('已完成').waitFor({ timeout: 30_000 });
    const downloaded = page.waitForEvent('download');
    await progress.getByText(fileName).click();
    expect((await downloaded).suggestedFilename()).toBe(fileName);
    await progress.getByRole('button', { name: 'Close' }).click();

    // The expert's profile: the call's label, the answers, and the record of the call.
    await row.getByRole('link', { name: person }).click();
    await page.waitForURL(/\/expertManagementDetail\?id=\d+$/);
    const profile = page.locator('.ant-descriptions');
    await profile.getByText(title).waitFor();
    await profile.getByText('机器学习与计算机视觉').waitFor();
    await page.getByRole('tab', { name: /报名的征集/ }).click();
    await page.getByRole('tabpanel').getByText(title).waitFor();
    await page.getByRole('tab', { name: '变更记录' }).click();
    await page.getByRole('tabpanel').getByText('征集审核通过').waitFor();
    await expectAccessible(page, '专家详情：档案');
  });

  it('人才库 (a label’s members, through a regional path) and the import of experts with domains by name', async () => {
    const page = await admin('/gz-talent-pool');
    await page.locator('.ant-pro-table-list-toolbar-title').getByText('人才库').waitFor();
    await rowOf(page, '评审专家库').getByRole('link', { name: '成员' }).click();
    await page.waitForURL(/\/talent-pool-detail\?id=\d+$/);
    await page.getByText('人才库：评审专家库').waitFor();
    await page.getByRole('button', { name: /添加专家/ }).click();
    const dialog = page.getByRole('dialog', { name: '添加专家到“评审专家库”' });
    await dialog
      .getByLabel('入库专家')
      .locator('xpath=ancestor::div[contains(@class,"ant-select-selector")][1]')
      .click();
    await page.keyboard.type(person);
    await dropdown(page).locator('.ant-select-item-option').filter({ hasText: person }).first().click();
    await dialog.getByRole('button', { name: button('添加') }).click();
    await page.getByText('已加入“评审专家库”').first().waitFor();
    await page.getByLabel('搜索姓名、手机号或工作单位').fill(person);
    await page.getByLabel('搜索姓名、手机号或工作单位').press('Enter');
    await rowOf(page, person).waitFor();
    await expectAccessible(page, '人才库成员');
    await screenshot(page, 'experts-pool');
    await rowOf(page, person)
      .getByRole('button', { name: button('移出') })
      .click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: button('移出') })
      .click();
    await page.getByText('已移出人才库').first().waitFor();
    await expect.poll(() => rowOf(page, person).count()).toBe(0);

    // 导入: domains and labels by name; a bad row is reported by row, column and reason.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('专家');
    sheet.addRow(['姓名', '手机号', '工作单位', '专业领域', '标签']);
    sheet.addRow([imported, importedMobile, '外单位', '信息技术 / 人工智能', '青年人才']);
    sheet.addRow(['坏行', '13300000000', '外单位', '量子力学', '']);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'experts-import-')), '专家导入.xlsx');
    await workbook.xlsx.writeFile(file);
    await page.goto(`${baseUrl}/new/expertManagement`);
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const importing = page.getByRole('dialog', { name: '导入专家' });
    await importing.locator('input[type=file]').setInputFiles(file);
    await importing.getByRole('button', { name: /开始导入/ }).click();
    await importing.getByText(/未导入任何数据/).waitFor();
    await importing.getByRole('row').filter({ hasText: '专业领域“量子力学”不存在' }).getByText('3').first().waitFor();
    await expectAccessible(page, '导入专家：问题');
    await screenshot(page, 'experts-import-report');
    await importing.getByRole('radio', { name: '只导入正确的行' }).check();
    await importing.getByRole('button', { name: /开始导入/ }).click();
    await importing.getByText(/已导入 1 行/).waitFor();
    await importing.getByRole('button', { name: /关\s*闭/ }).click();
    await page.getByLabel('关键词').fill(importedMobile);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = rowOf(page, importedMobile);
    await row.getByText('信息技术 / 人工智能').waitFor();
    await row.getByText('青年人才').waitFor();
  });
});
