import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs, pick } from '../harness/console';
import { serverUrl } from '../harness/workers';

describe('a form question takes its options from a dictionary (引用字典)', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  let admin: Page;
  let link = '';
  /** The dictionary's items as the designer showed them (the tenant's copy of 学历). */
  let labels: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await consoleAs(browser, '13800000002');
  });
  afterAll(async () => {
    await admin.context().close();
    await browser.close();
  });

  it('in the designer a dropdown takes 学历 from 字典管理: read-only items and where to change them', async () => {
    await admin.goto(`${baseUrl}/new/project/my`);
    await admin.getByRole('button', { name: /新建表单/ }).click();
    await admin.getByLabel('表单名称').fill('学历登记（字典）');
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.waitForURL(/\/new\/project\/form\/editor\?key=\w+$/);
    const palette = admin.locator('aside[aria-label="组件库"]');
    const canvas = admin.locator('section[aria-label="画布"]');
    const panel = admin.locator('aside[aria-label="配置"]');
    await palette.getByRole('button', { name: '姓名', exact: true }).click();
    await palette.getByRole('button', { name: '下拉选择', exact: true }).click();
    await canvas.getByRole('button', { name: '题目：下拉选择' }).click();
    await panel.getByLabel('标题', { exact: true }).fill('最高学历');
    // A new question is required already.
    expect(await panel.getByRole('switch', { name: '必填' }).getAttribute('aria-checked')).toBe('true');
    // 手动输入 at first: the question's own options.
    await panel.getByLabel('选项1', { exact: true }).waitFor();
    await panel.getByText('引用字典', { exact: true }).click();
    expect(await panel.getByLabel('选项1', { exact: true }).count()).toBe(0);
    await pick(admin, '字典', '学历');
    await panel.getByText('选项来自字典「学历」，在字典管理中维护').waitFor();
    const items = panel.getByRole('region', { name: '字典选项' }).locator('.ant-tag');
    await items.first().waitFor();
    labels = await items.allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    await screenshot(admin, 'form-dictionary-designer');
    await admin.getByRole('button', { name: /^(save )?保\s*存$/ }).click();
    await admin.getByText('保存成功').first().waitFor();
    // What the server stored and gave back is what the designer has.
    await admin.getByRole('button', { name: /已保存$/ }).waitFor();
    await admin.reload();
    await canvas.getByRole('button', { name: '题目：最高学历' }).click();
    await panel.getByText('选项来自字典「学历」，在字典管理中维护').waitFor();
    await admin.getByRole('button', { name: /^发\s*布$/ }).click();
    await admin.waitForURL(/\/project\/form\/publish\?key=/);
    link = await admin.getByLabel('填写链接').inputValue();
    expect(link).toMatch(/\/new\/s\/\w{12}$/);
  });

  it('a visitor on a phone chooses from the dictionary’s items and submits', async () => {
    const visitor = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: '学历登记（字典）' }).waitFor();
    await visitor.getByLabel('姓名').fill('张明');
    await visitor.getByRole('button', { name: /提\s*交/ }).click();
    await visitor.getByText('最高学历不能为空').waitFor();
    // A single choice is the browser's own drop-down (the system's picker on a phone): the
    // placeholder first (choosing it clears the answer), then the dictionary's items in order.
    const select = visitor.getByLabel('最高学历');
    expect((await select.locator('option').allTextContents()).slice(1)).toEqual(labels);
    await screenshot(visitor, 'form-dictionary-fill-mobile');
    await select.selectOption({ label: labels[1] as string });
    await visitor.getByText('最高学历不能为空').waitFor({ state: 'hidden' });
    await screenshot(visitor, 'form-dictionary-fill-mobile-chosen');
    await visitor.getByRole('button', { name: /提\s*交/ }).click();
    await visitor.getByText('提交成功，感谢您的参与！').waitFor();
    // The answer shows the item's name, not its value.
    await visitor.getByText(labels[1] as string, { exact: true }).waitFor();
    await visitor.context().close();
  });

  it('the owner’s statistics count the answer under the item’s name', async () => {
    await admin.getByRole('tab', { name: '统计' }).click();
    await admin.waitForURL(/\/project\/form\/statistics\?key=/);
    await admin.getByRole('img', { name: '最高学历的统计' }).locator('canvas').waitFor();
    const row = admin.getByRole('row').filter({ hasText: '张明' });
    await row.waitFor();
    await row.getByText(labels[1] as string, { exact: true }).waitFor();
  });
});
