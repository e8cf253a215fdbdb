import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs, pick } from '../harness/console';
import { serverUrl } from '../harness/workers';

/** Drags with the mouse in small steps, as dnd-kit's pointer sensor needs. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 10, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

const centre = async (selector: ReturnType<Page['locator']>) => {
  const box = await selector.boundingBox();
  if (!box) throw new Error('element has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

describe('the form engine: design, logic, publish, fill in, statistics', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  let admin: Page;
  let link = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await consoleAs(browser, '13800000002');
  });
  afterAll(async () => {
    await admin.context().close();
    await browser.close();
  });

  it('designs a form: palette clicks and a drag, settings of a question, undo and redo, save', async () => {
    await admin.goto(`${baseUrl}/new/project/my`);
    await admin.getByRole('button', { name: /新建表单/ }).click();
    await admin.getByLabel('表单名称').fill('年会报名（浏览器测试）');
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.waitForURL(/\/new\/project\/form\/editor\?key=\w+$/);
    const palette = admin.locator('aside[aria-label="组件库"]');
    const canvas = admin.locator('section[aria-label="画布"]');
    await palette.getByRole('button', { name: '姓名', exact: true }).click();
    await palette.getByRole('button', { name: '手机', exact: true }).click();
    // A drag from the palette onto the canvas adds the question where it is dropped.
    await drag(
      admin,
      await centre(palette.getByRole('button', { name: '单选框组', exact: true })),
      await centre(canvas.getByRole('button', { name: '题目：手机' })),
    );
    await canvas.getByRole('button', { name: '题目：单选框组' }).waitFor();
    await palette.getByRole('button', { name: '多行文本', exact: true }).click();
    expect(await canvas.getByRole('button', { name: /^题目：/ }).count()).toBe(4);

    // Undo takes the last one away, redo brings it back.
    await admin.getByRole('button', { name: '撤销' }).click();
    expect(await canvas.getByRole('button', { name: /^题目：/ }).count()).toBe(3);
    await admin.getByRole('button', { name: '重做' }).click();
    expect(await canvas.getByRole('button', { name: /^题目：/ }).count()).toBe(4);

    // A new question is required, as in the old designer (spec 002 §5).
    const panel = admin.locator('aside[aria-label="配置"]');
    await canvas.getByRole('button', { name: '题目：单选框组' }).click();
    await panel.getByLabel('标题', { exact: true }).fill('是否住宿');
    await panel.getByLabel('选项1', { exact: true }).fill('是');
    await panel.getByLabel('选项2', { exact: true }).fill('否');
    expect(await panel.getByRole('switch', { name: '必填' }).getAttribute('aria-checked')).toBe('true');
    await canvas.getByRole('button', { name: '题目：多行文本' }).click();
    await panel.getByLabel('标题', { exact: true }).fill('住宿要求');
    await canvas.getByRole('button', { name: '题目：姓名' }).click();
    expect(await panel.getByRole('switch', { name: '必填' }).getAttribute('aria-checked')).toBe('true');
    await screenshot(admin, 'form-designer');
    await admin.getByRole('button', { name: /^(save )?保\s*存$/ }).click();
    await admin.getByText('保存成功').first().waitFor();
    await admin.getByRole('button', { name: /已保存$/ }).waitFor();
  });

  it('shows 住宿要求 only when 是 is chosen (logic built by picking), and publishes', async () => {
    await admin.getByRole('tab', { name: '逻辑' }).click();
    await admin.waitForURL(/\/project\/form\/logic\?key=/);
    await admin.getByRole('button', { name: /添加规则/ }).click();
    await pick(admin, '规则1条件1题目', '是否住宿');
    await pick(admin, '规则1条件1选项', '是');
    // A multiple select stays open after a choice.
    await admin
      .getByLabel('规则1显示的题目')
      .locator('xpath=ancestor::div[contains(@class,"ant-select-selector")][1]')
      .click();
    await admin
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: '住宿要求' })
      .click();
    await admin.keyboard.press('Escape');
    await screenshot(admin, 'form-logic');
    await admin.getByRole('button', { name: /^保\s*存$/ }).click();
    await admin.getByText('保存成功').first().waitFor();
    await admin.getByRole('button', { name: /^发\s*布$/ }).click();
    await admin.waitForURL(/\/project\/form\/publish\?key=/);
    link = await admin.getByLabel('填写链接').inputValue();
    expect(link).toMatch(/\/new\/s\/\w{12}$/);
    await admin.locator('canvas').first().waitFor();
    await screenshot(admin, 'form-publish');
  });

  it('a visitor on a phone fills it in: checks, the logic, a draft that survives a reload, submit and print view', async () => {
    const visitor = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: '年会报名（浏览器测试）' }).waitFor();
    expect(await visitor.getByText('住宿要求').count()).toBe(0);
    await visitor.getByRole('button', { name: /提\s*交/ }).click();
    await visitor.getByText('姓名不能为空').waitFor();
    // The first field in error has the focus.
    const nameId = await visitor.getByLabel('姓名').evaluate((el) => el.id);
    await expect.poll(() => visitor.evaluate(() => document.activeElement?.id ?? '')).toBe(nameId);
    await visitor.getByLabel('姓名').fill('王小明');
    await visitor.getByLabel('手机').fill('12345');
    await visitor.getByLabel('手机').blur();
    await visitor.getByText('手机号格式错误').waitFor();
    await visitor.getByLabel('手机').fill('13900001111');
    await visitor.getByText('是', { exact: true }).click();
    await visitor.getByText('住宿要求').waitFor();
    await visitor.getByRole('textbox').last().fill('需要无烟房');
    await visitor.getByText(/草稿已自动保存/).waitFor({ timeout: 10_000 });
    await visitor.reload();
    await expect.poll(() => visitor.getByLabel('姓名').inputValue()).toBe('王小明');
    expect(await visitor.getByRole('textbox').last().inputValue()).toBe('需要无烟房');
    await screenshot(visitor, 'form-fill-mobile');
    await visitor.getByRole('button', { name: /提\s*交/ }).click();
    await visitor.getByText('提交成功，感谢您的参与！').waitFor();
    await visitor.getByText('答卷编号：1').waitFor();
    await visitor.getByText('需要无烟房').waitFor();
    await visitor.getByRole('button', { name: /打印/ }).waitFor();
    await screenshot(visitor, 'form-submitted');
    await visitor.context().close();
  });

  it('the owner sees the statistics, the answer, and exports the answers', async () => {
    await admin.getByRole('tab', { name: '统计' }).click();
    await admin.waitForURL(/\/project\/form\/statistics\?key=/);
    await admin.getByRole('img', { name: '是否住宿的统计' }).locator('canvas').waitFor();
    const row = admin.getByRole('row').filter({ hasText: '王小明' });
    await row.waitFor();
    await row.getByRole('button', { name: '查看' }).click();
    await admin.locator('.ant-drawer').getByText('需要无烟房').waitFor();
    await screenshot(admin, 'form-answer-detail');
    await admin.locator('.ant-drawer-open .ant-drawer-close').click();
    await admin.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    await screenshot(admin, 'form-statistics');
    await admin.getByRole('button', { name: /导出Excel/ }).click();
    const dialog = admin.getByRole('dialog', { name: /答卷：导出/ });
    await dialog.getByText('下载地址：').waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('发布 saves what the designer has not saved yet, and publishes it', async () => {
    await admin.goto(`${baseUrl}/new/project/my`);
    await admin.getByRole('button', { name: /新建表单/ }).click();
    await admin.getByLabel('表单名称').fill('直接发布');
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.waitForURL(/\/new\/project\/form\/editor\?key=\w+$/);
    await admin.locator('aside[aria-label="组件库"]').getByRole('button', { name: '评分', exact: true }).click();
    await admin.getByRole('button', { name: /^发\s*布$/ }).click();
    await admin.waitForURL(/\/project\/form\/publish\?key=/);
    const url = await admin.getByLabel('填写链接').inputValue();
    const visitor = await newPage(browser);
    await visitor.goto(url);
    await visitor.getByText('评分', { exact: true }).waitFor();
    await visitor.context().close();
  });

  it('an activity registration form keeps 姓名 and 手机; its saved questions are deleted on the server', async () => {
    await admin.goto(`${baseUrl}/new/project/my`);
    await admin.getByRole('button', { name: /新建表单/ }).click();
    await admin.getByLabel('表单名称').fill('科普活动报名');
    await pick(admin, '表单类型', '活动报名');
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.waitForURL(/\/new\/project\/form\/editor\?key=\w+$/);
    const canvas = admin.locator('section[aria-label="画布"]');
    await canvas.getByRole('group', { name: '题目：姓名' }).getByRole('button', { name: '删除' }).click();
    await admin.getByText('此项为固定项，不可删除').waitFor();
    await admin.locator('aside[aria-label="组件库"]').getByRole('button', { name: '单位', exact: true }).click();
    await admin.getByRole('button', { name: /^(save )?保\s*存$/ }).click();
    await admin.getByText('保存成功').first().waitFor();
    await canvas.getByRole('group', { name: '题目：单位' }).getByRole('button', { name: '删除' }).click();
    await admin.getByText('删除成功').waitFor();
    expect(await canvas.getByRole('button', { name: /^题目：/ }).count()).toBe(2);
    await admin.getByRole('button', { name: /已保存$/ }).waitFor();
  });

  it('finds a template, exports the list, previews it as a filler sees it, and makes a form from it', async () => {
    await admin.goto(`${baseUrl}/new/project/template`);
    await admin.getByLabel('搜索模板').fill('满意');
    await admin.getByLabel('搜索模板').press('Enter');
    const cards = admin.locator('.ant-card-small');
    await expect.poll(() => cards.count()).toBe(1);
    await cards.getByText('活动满意度调查').waitFor();
    await admin.getByText('第 1-1 条/总共 1 条').waitFor();
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: /导出Excel/ }).click();
    expect((await download).suggestedFilename()).toBe('表单模板.xlsx');
    await screenshot(admin, 'form-templates');

    await cards.getByRole('button', { name: '预览' }).click();
    await admin.getByText('模板预览：活动满意度调查').waitFor();
    await admin.getByRole('button', { name: /提\s*交（预览）/ }).waitFor();
    await admin.getByRole('button', { name: '使用模板' }).click();
    await admin.waitForURL(/\/new\/project\/form\/editor\?key=\w+/);
    await admin.getByText('创建成功').waitFor();
    await admin.goto(`${baseUrl}/new/project/my`);
    await admin.getByRole('row').filter({ hasText: '活动满意度调查' }).waitFor();
  });

  it('stopping the form closes the fill page', async () => {
    await admin.goto(`${baseUrl}/new/project/my`);
    const row = admin.getByRole('row').filter({ hasText: '年会报名（浏览器测试）' });
    await row.getByRole('button', { name: '停止' }).click();
    await admin.getByRole('button', { name: /确\s*定|OK/ }).click();
    await row.getByText('已停止').waitFor();
    const visitor = await newPage(browser);
    await visitor.goto(link);
    await visitor.getByText('表单已停止收集').waitFor();
    await visitor.context().close();
  });
});
