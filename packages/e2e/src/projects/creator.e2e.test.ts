import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs, pick } from '../harness/console';
import { serverUrl } from '../harness/workers';

const SCORING = '2026年度示范市科技创新项目';

/**
 * The table rows of the list (the body, without the measure row). Visible ones only: a kept-alive
 * page (项目管理) stays in the document, hidden, while another is shown.
 */
function rows(scope: Page | Locator): Locator {
  return scope.locator('.ant-table-tbody tr.ant-table-row:visible');
}

/** The visible text of each row's cell under a column title. */
async function columnTexts(page: Page, title: string): Promise<string[]> {
  const headers = await page.locator('.ant-table-thead th:visible').allTextContents();
  const index = headers.findIndex((h) => h.trim() === title);
  if (index < 0) throw new Error(`no column ${title}`);
  return rows(page).evaluateAll(
    (trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
    index,
  );
}

async function confirmPop(page: Page, ok: RegExp): Promise<void> {
  await page.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name: ok }).click();
}

describe('项目创建者: the wizard, the form, publishing, declarations, allocation and grading', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  let admin: Page;
  const name = `浏览器测试项目${Date.now().toString().slice(-6)}`;
  let scoringId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await consoleAs(browser, '13800000002');
    await admin.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await admin.context().close();
    await browser.close();
  });

  it('creates a project with the wizard: the flow is checked with the shared rules, in Chinese', async () => {
    await admin.goto(`${baseUrl}/new/projectManagement`);
    const scoringRow = rows(admin).filter({ hasText: SCORING });
    await scoringRow.waitFor();
    await screenshot(admin, 'project-management');
    await expectAccessible(admin, '项目管理');

    await admin.getByRole('button', { name: /新建项目/ }).click();
    await admin.waitForURL(/\/new\/projectWizard$/);
    await admin.getByRole('button', { name: '下一步' }).click();
    await admin.getByText('请输入项目名称').waitFor();
    await admin.getByLabel('项目名称').fill(name);
    await admin.getByRole('textbox', { name: /请输入项目简介/ }).fill('支持浏览器测试中的创新项目。');
    await admin.getByRole('button', { name: '下一步' }).click();

    // An empty flow, then an expert round without scoring items: ZFlow's own messages.
    await admin.getByRole('button', { name: /添加环节/ }).waitFor();
    await admin.getByRole('button', { name: '下一步' }).click();
    await admin.getByRole('alert').filter({ hasText: '请至少设置一个评审环节' }).waitFor();
    for (const kind of ['形式审查', '专家评审', '评审结果']) {
      await admin.getByRole('button', { name: /添加环节/ }).click();
      await admin.getByRole('menuitem', { name: new RegExp(`^${kind}`) }).click();
    }
    await admin.getByRole('button', { name: '下一步' }).click();
    await admin.getByText('第2个环节（专家评审）是评分制，请设置评分项').first().waitFor();
    await admin.getByRole('button', { name: '添加评分项' }).click();
    await admin.getByRole('button', { name: '添加评分项' }).click();
    await admin.getByLabel('评分项1名称').fill('创新性');
    await admin.getByLabel('评分项1满分').fill('60');
    await admin.getByLabel('评分项2名称').fill('可行性');
    await admin.getByLabel('评分项2满分').fill('40');
    await admin.getByText('第2个环节（专家评审）是评分制，请设置评分项').first().waitFor({ state: 'hidden' });
    // Σ max × weight.
    await admin
      .getByRole('row', { name: /满分合计/ })
      .getByText('100', { exact: true })
      .waitFor();
    await screenshot(admin, 'project-wizard-flow');
    await expectAccessible(admin, '项目向导：评审流程');
    await admin.getByRole('button', { name: '下一步' }).click();

    await admin.getByLabel('每人限报数').fill('2');
    await screenshot(admin, 'project-wizard-settings');
    await expectAccessible(admin, '项目向导：申报设置');
    await admin.getByRole('button', { name: '创建项目' }).click();
    await admin.getByText('项目已创建').first().waitFor();
    await admin.getByRole('button', { name: '返回项目管理' }).waitFor();
    await admin.getByRole('button', { name: '设计申报表' }).waitFor();
  });

  it('publishing waits for the declaration form; the form is designed and published, then the project', async () => {
    await admin.getByRole('button', { name: '返回项目管理' }).click();
    await admin.waitForURL(/\/new\/projectManagement$/);
    const row = rows(admin).filter({ hasText: name });
    await row.getByText('申报表未发布').waitFor();
    await row.getByRole('button', { name: '发布' }).click();
    const dialog = admin.getByRole('dialog').filter({ hasText: '请先设计并发布申报表单' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '去设计申报表' }).click();
    await admin.waitForURL(/\/new\/project\/form\/editor\?key=\w+/);

    const palette = admin.locator('aside[aria-label="组件库"]');
    const canvas = admin.locator('section[aria-label="画布"]');
    await palette.getByRole('button', { name: '多行文本', exact: true }).click();
    await canvas.getByRole('button', { name: '题目：多行文本' }).waitFor();
    await admin.getByRole('button', { name: /^发\s*布$/ }).click();
    await admin.waitForURL(/\/project\/form\/publish\?key=/);

    await admin.goto(`${baseUrl}/new/projectManagement`);
    const published = rows(admin).filter({ hasText: name });
    await published.waitFor();
    expect(await published.getByText('申报表未发布').count()).toBe(0);
    await published.getByRole('button', { name: '发布' }).click();
    await confirmPop(admin, /发\s*布/);
    await admin.getByText('项目已发布').first().waitFor();
    await published.getByText('申报中').waitFor();
    // Its flow is fixed now: the wizard shows it read-only.
    await published.getByRole('button', { name: '编辑' }).click();
    await admin.waitForURL(/\/new\/projectWizard\?id=\d+$/);
    await admin.getByRole('button', { name: '下一步' }).click();
    await admin.getByText('项目已发布，评审流程不能修改').waitFor();
    expect(await admin.getByLabel('第1个环节名称').isDisabled()).toBe(true);

    // Without submitted declarations it may go; the later specs see the demo's projects only.
    await admin.goto(`${baseUrl}/new/projectManagement`);
    await rows(admin)
      .filter({ hasText: name })
      .getByRole('button', { name: `更多操作：${name}` })
      .click();
    await admin.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: '删除' }).click();
    await admin
      .getByRole('dialog')
      .filter({ hasText: `确定删除项目“${name}”吗？` })
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await admin.getByText('删除成功').first().waitFor();
    await expect.poll(() => rows(admin).filter({ hasText: name }).count()).toBe(0);
  });

  it('申报列表: filters by status, stage and keyword; a declaration’s detail shows its answers, timeline and reviews', async () => {
    await admin.goto(`${baseUrl}/new/projectManagement`);
    await rows(admin).filter({ hasText: SCORING }).getByRole('button', { name: '申报列表' }).click();
    await admin.waitForURL(/\/new\/createDeclareList\?projectId=\d+$/);
    scoringId = Number(new URL(admin.url()).searchParams.get('projectId'));
    await rows(admin).filter({ hasText: '高精度工业视觉检测系统' }).waitFor();
    await screenshot(admin, 'project-declarations');
    await expectAccessible(admin, '申报列表');

    await pick(admin, '申报状态', '已有结果');
    await expect.poll(async () => (await columnTexts(admin, '状态')).every((s) => /已立项|未立项/.test(s))).toBe(true);
    await rows(admin).filter({ hasText: '高精度工业视觉检测系统' }).waitFor();
    // Filters live on the screen, not in the address: a reload starts over.
    await admin.reload();
    await rows(admin).filter({ hasText: '柔性制造产线数字孪生平台' }).waitFor();

    await pick(admin, '所在环节', '3. 专家评审');
    await expect
      .poll(async () => (await columnTexts(admin, '申报名称')).includes('高精度工业视觉检测系统'))
      .toBe(false);
    expect((await columnTexts(admin, '状态')).every((s) => s === '专家评审中')).toBe(true);
    await admin.reload();
    await rows(admin).filter({ hasText: '高精度工业视觉检测系统' }).waitFor();

    const search = admin.getByPlaceholder('申报名称或申报人');
    await search.fill('视觉');
    await search.press('Enter');
    await expect.poll(() => columnTexts(admin, '申报名称')).toEqual(['高精度工业视觉检测系统']);

    await rows(admin).first().getByRole('button', { name: '详情' }).click();
    await admin.waitForURL(/\/new\/projectDetail\?id=\d+$/);
    const timeline = admin.locator('.ant-card').filter({ hasText: '处理记录' });
    await timeline.getByText('发布结果').waitFor();
    await timeline.getByText('操作人：周初审').waitFor();
    await timeline.getByText('专家评审中 → 待定级').waitFor();
    await admin
      .locator('.ant-card')
      .filter({ hasText: '申报内容' })
      .getByText('基于深度学习的工业缺陷检测。')
      .waitFor();
    await admin
      .locator('.ant-card')
      .filter({ hasText: '评审记录' })
      .getByText(/创新性：\d+\/40/)
      .first()
      .waitFor();
    await screenshot(admin, 'project-declaration-detail');
    await expectAccessible(admin, '申报详情');
  });

  it('形式审查: returning asks for the reason before anything is sent', async () => {
    await admin.goto(`${baseUrl}/new/createDeclareList?projectId=${scoringId}`);
    await pick(admin, '所在环节', '2. 形式审查');
    const waiting = rows(admin).filter({ hasText: '待形式审查' }).first();
    await waiting.waitFor();
    await waiting.getByRole('button', { name: '退回修改' }).click();
    const dialog = admin.getByRole('dialog').filter({ hasText: '当前环节：形式审查' });
    await dialog.getByRole('button', { name: /退回修改/ }).click();
    await dialog.getByText('退回或不通过时请填写意见').waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('评审分配: the round’s allocation and loads; hand changes that break a rule are refused in Chinese', async () => {
    await admin.goto(`${baseUrl}/new/reviewAllocation?projectId=${scoringId}`);
    await admin.getByText('分配概况').waitFor();
    const row = rows(admin.locator('.ant-card').filter({ hasText: '申报与评审专家' })).filter({
      hasText: '柔性制造产线数字孪生平台',
    });
    await row.getByText('2 / 2').waitFor();
    await admin
      .locator('.ant-card')
      .filter({ hasText: '评审专家' })
      .getByText(/已分配 \d+ \/ 20/)
      .first()
      .waitFor();
    await screenshot(admin, 'project-allocation');
    await expectAccessible(admin, '评审分配');

    // The declaration has its two experts: a third is refused.
    await row.getByRole('button', { name: '添加专家' }).click();
    const dialog = admin.getByRole('dialog').filter({ hasText: '添加专家：柔性制造产线数字孪生平台' });
    await dialog
      .getByLabel('评审专家')
      .locator('xpath=ancestor::div[contains(@class,"ant-select-selector")][1]')
      .click();
    await admin
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasNotText: '已分配到此申报' })
      .first()
      .click();
    await dialog.getByRole('button', { name: /添\s*加/ }).click();
    await admin.getByText('该申报的评审专家已满（2位）').waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    // A submitted review stays.
    await row.getByRole('img', { name: /^移除/ }).first().waitFor();
    const submitted = row.locator('.ant-tag').filter({ hasText: '已提交' }).first();
    await submitted.getByRole('img', { name: /^移除/ }).click();
    await admin.getByText('专家已提交评审，不能移除').waitFor();
    await submitted.waitFor();
  });

  it('分组分配: a review group with its experts; declarations are put in it and taken out', async () => {
    await admin.goto(`${baseUrl}/new/declarationDistributionGroup`);
    await pick(admin, '项目', SCORING);
    await admin.getByText('本项目的专家评审环节未设置分组评审').waitFor();
    const group = `信息组${Date.now().toString().slice(-5)}`;
    await admin.getByRole('button', { name: /新增分组/ }).click();
    const dialog = admin.getByRole('dialog', { name: '新增分组' });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('请输入分组名称').waitFor();
    await dialog.getByLabel('分组名称').fill(group);
    await pick(admin, '评审专家', '吴评审');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('分组已添加').waitFor();
    const groupRow = rows(admin.locator('.ant-card').filter({ hasText: '评审分组' })).filter({ hasText: group });
    await groupRow.getByText('吴评审').waitFor();

    const declarations = admin.locator('.ant-card').filter({ hasText: '申报分组' });
    const row = rows(declarations).filter({ hasText: '柔性制造产线数字孪生平台' });
    await row.locator('.ant-checkbox-input').check();
    await pick(admin, '分到分组', group);
    await admin.getByRole('button', { name: /分到该组/ }).click();
    await admin.getByText(`已分到“${group}”`).waitFor();
    await row.getByText(group).waitFor();
    await groupRow.getByRole('cell', { name: '1', exact: true }).waitFor();
    await screenshot(admin, 'project-groups');
    await expectAccessible(admin, '分组分配');

    // Deleting the group leaves the declaration in none.
    await groupRow.getByRole('button', { name: /删\s*除/ }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await admin.getByText('分组已删除').waitFor();
    await row.getByText('未分组').waitFor();
  });

  it('定级: the grading preview of the decision stage and the published results', async () => {
    await admin.goto(`${baseUrl}/new/grading?projectId=${scoringId}`);
    const preview = admin.locator('.ant-card').filter({ hasText: '定级预览' });
    await preview.getByText('等级设置：一等 ≥ 85分，二等 ≥ 75分，三等 ≥ 60分').waitFor();
    await preview.getByText('按分数线').waitFor();
    const results = admin.locator('.ant-pro-table').filter({ hasText: '已发布的结果' });
    const decided = rows(results).filter({ hasText: '高精度工业视觉检测系统' });
    await decided.getByText('一等', { exact: true }).waitFor();
    await decided.getByText(/公示中/).waitFor();
    // Waiting declarations (if a round was closed since the demo) show ranked, with the charts.
    if ((await rows(preview).count()) > 0) await preview.getByRole('img', { name: '按等级的得分分布' }).waitFor();
    else await preview.getByText(/没有待定级的申报/).waitFor();
    await screenshot(admin, 'project-grading');
    await expectAccessible(admin, '评分等级');
  });
});
