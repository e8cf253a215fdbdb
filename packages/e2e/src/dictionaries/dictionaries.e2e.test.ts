import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs, pick } from '../harness/console';
import { serverUrl } from '../harness/workers';

/** A small sheet in the import template's columns: one good row, one bad row (row 3). */
async function importSheet(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('字典项');
  sheet.addRow(['值', '名称', '排序', '状态']);
  sheet.addRow(['imported-1', '导入的民族', 90, '启用']);
  sheet.addRow(['bad value', '', 91, '启用']);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dict-import-')), '字典项导入.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

/** The list's keyword search (the search form's 关键词 and 查询). */
async function search(page: Page, keyword: string): Promise<void> {
  await page.getByLabel('关键词').fill(keyword);
  await page.getByRole('button', { name: /查\s*询/ }).click();
}

/** The items list's rows (the table body, without the measure row). */
function rows(page: Page): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row');
}

describe('字典管理: a tenant works on its own copy of the built-in dictionaries', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lists, searches, renames, disables, adds, refuses to delete a built-in item, exports, imports and reorders', async () => {
    const admin = await consoleAs(browser, 'admin');
    const entry = admin.locator('.ant-menu').getByRole('link', { name: '字典管理' });
    // Open 功能配置 unless it is open already (a click on an open group closes it).
    if (!(await entry.isVisible())) await admin.locator('.ant-menu').getByText('功能配置', { exact: true }).click();
    await entry.click();
    await admin.waitForURL(/\/new\/dictionary$/);
    await admin.getByRole('menu', { name: '字典' }).getByRole('menuitem', { name: /民族/ }).click();

    // 56 items, 20 to a page.
    await admin.locator('.ant-pagination-total-text').filter({ hasText: '56' }).waitFor();
    await expect.poll(() => rows(admin).count()).toBe(20);
    await screenshot(admin, 'dictionary');

    await search(admin, '汉');
    await expect.poll(() => rows(admin).count()).toBe(1);
    const han = rows(admin).filter({ hasText: '汉族' });
    await han.waitFor();

    // Rename, then disable: the value stays, shown read-only.
    await han.getByRole('button', { name: '编辑' }).click();
    const drawer = admin.locator('.ant-drawer-content').filter({ hasText: '编辑字典项' });
    await expect.poll(() => drawer.getByLabel('名称').inputValue()).toBe('汉族');
    expect(await drawer.getByLabel('值').isDisabled()).toBe(true);
    await drawer.getByLabel('名称').fill('');
    await drawer.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
    await drawer.getByText('请输入名称').waitFor();
    await drawer.getByLabel('名称').fill('汉族（改名）');
    await drawer.getByText('请输入名称').waitFor({ state: 'hidden' });
    await screenshot(admin, 'dictionary-edit');
    await drawer.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
    await admin.getByText('保存成功').first().waitFor();
    await rows(admin).filter({ hasText: '汉族（改名）' }).waitFor();

    await rows(admin).filter({ hasText: '汉族（改名）' }).getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => drawer.getByLabel('名称').inputValue()).toBe('汉族（改名）');
    await drawer.getByRole('radio', { name: '停用' }).check();
    await drawer.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
    await rows(admin).filter({ hasText: '汉族（改名）' }).getByText('停用').waitFor();

    // The status filter of the search form.
    await admin.getByRole('button', { name: /重\s*置/ }).click();
    await pick(admin, '状态', '停用');
    await admin.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(admin).count()).toBe(1);
    await rows(admin).filter({ hasText: '汉族（改名）' }).waitFor();
    await admin.getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => rows(admin).count()).toBe(20);

    // A new item of the tenant's own.
    await admin.getByRole('button', { name: /新增字典项/ }).click();
    const create = admin.locator('.ant-drawer-content').filter({ hasText: '新增字典项' });
    await create.getByLabel('值').fill('bad value');
    await create.getByLabel('名称').fill('测试民族');
    await create.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
    await create.getByText('值只能包含字母、数字、_、.、-').waitFor();
    await create.getByLabel('值').fill('test-1');
    await create.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
    await admin.getByText('新增成功').first().waitFor();
    await search(admin, '测试民族');
    await rows(admin).filter({ hasText: 'test-1' }).waitFor();

    // A built-in item cannot be deleted (the server says why).
    await search(admin, '壮族');
    await rows(admin).filter({ hasText: '壮族' }).getByRole('button', { name: '删除' }).click();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await admin.getByText('内置字典项不能删除，可以停用').waitFor();
    await rows(admin).filter({ hasText: '壮族' }).waitFor();

    // The dictionary list now shows the tenant's copy.
    await admin
      .getByRole('menu', { name: '字典' })
      .getByRole('menuitem', { name: /民族/ })
      .getByText('已自定义')
      .waitFor();

    // Export as a background job: the progress dialog, then the file.
    await search(admin, '');
    await admin.getByRole('button', { name: /导\s*出/ }).click();
    const progress = admin.getByRole('dialog', { name: '民族字典项：导出' });
    await progress.getByText('下载地址：').waitFor({ timeout: 30_000 });
    await progress.getByText('已完成').waitFor();
    const exported = admin.waitForEvent('download');
    await progress.getByText('民族字典项.xlsx').click();
    expect((await exported).suggestedFilename()).toMatch(/\.xlsx$/);
    await progress.getByRole('button', { name: 'Close' }).click();

    // Import: the template, then a sheet with one bad row.
    await admin.getByRole('button', { name: /导\s*入/ }).click();
    const importing = admin.getByRole('dialog', { name: '导入字典项' });
    const template = admin.waitForEvent('download');
    await importing.getByRole('button', { name: /下载导入模板/ }).click();
    expect((await template).suggestedFilename()).toMatch(/导入模板\.xlsx$/);
    await importing.locator('input[type=file]').setInputFiles(await importSheet());
    await importing.getByText('字典项导入.xlsx').waitFor();
    await importing.getByRole('button', { name: /开始导入/ }).click();
    await importing.getByText(/未导入任何数据/).waitFor();
    const report = importing.getByRole('table');
    await report.getByRole('row').filter({ hasText: '值只能包含字母、数字、_、.、-' }).getByText('3').first().waitFor();
    await report.getByRole('row').filter({ hasText: '请输入名称' }).waitFor();
    await screenshot(admin, 'dictionary-import-report');
    await importing.getByRole('radio', { name: '只导入正确的行' }).check();
    await importing.getByRole('button', { name: /开始导入/ }).click();
    await importing.getByText(/已导入 1 行/).waitFor();
    await importing.getByRole('button', { name: /关\s*闭/ }).click();
    await search(admin, '导入的民族');
    await rows(admin).filter({ hasText: 'imported-1' }).waitFor();
    await expect.poll(() => rows(admin).count()).toBe(1);

    // Reorder: the second item moves to the top.
    await search(admin, '');
    await expect.poll(() => rows(admin).count()).toBe(20);
    const second = (await rows(admin).nth(1).locator('td').nth(1).textContent()) ?? '';
    await admin.getByRole('button', { name: /调整顺序/ }).click();
    const order = admin.getByRole('dialog', { name: '调整顺序：民族' });
    await order.getByRole('button', { name: `上移${second}` }).click();
    await order.getByRole('button', { name: /保存顺序/ }).click();
    await admin.getByText('排序已保存').waitFor();
    await expect.poll(() => rows(admin).first().locator('td').nth(1).textContent()).toBe(second);
    await admin.context().close();
  }, 180_000);

  it('fits a phone: the list scrolls inside its table, the page does not scroll sideways', async () => {
    const phone = await consoleAs(browser, 'admin');
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${baseUrl}/new/dictionary`);
    await phone.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await pick(phone, '字典', '民族');
    await phone.locator('.ant-pagination-total-text').filter({ hasText: /5\d/ }).waitFor();
    await screenshot(phone, 'dictionary-phone');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The rest of the toolbar is behind 更多 on a phone.
    await phone.getByRole('button', { name: /更多/ }).click();
    await phone.getByRole('menuitem', { name: '导入' }).click();
    await phone.getByRole('dialog', { name: '导入字典项' }).waitFor();
    await phone.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
    await phone
      .locator('.ant-modal-wrap .ant-zoom-appear, .ant-modal-wrap .ant-zoom-enter')
      .waitFor({ state: 'detached' });
    await screenshot(phone, 'dictionary-phone-import');
    await phone.context().close();
  });
});
