import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { apiClient } from '../harness/api';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs } from '../harness/console';
import { serverUrl } from '../harness/workers';

const PROJECT = '2026年度示范市科技创新项目';
// 杨申报 (示范智造科技有限公司, whose first trial is 周初审's). Not 钱申报: admin.e2e.test.ts forces
// 钱申报's sessions out, and a session left here would be the one it finds.
const APPLICANT = '13800000018';
const UNIT = '13800000014'; // 周初审, first trial of 示范智造科技有限公司
const REVIEWER = '13800000015'; // 吴评审
const OPERATOR = '13800000002'; // the city tenant's administrator

/** A list's row (a table row on wide screens, a card on phones) holding this text. */
function rowOf(page: Page, text: string): Locator {
  return page.locator('.ant-table-row, .ant-list-item').filter({ hasText: text });
}

/** Keyword search of a list. */
async function search(page: Page, placeholder: string, text: string): Promise<void> {
  const box = page.getByPlaceholder(placeholder);
  await box.fill(text);
  await box.press('Enter');
}

/** antd puts a space between the two characters of a two-character button's label. */
const button = (label: string) => new RegExp(`^\\s*${[...label].join('\\s*')}\\s*$`);

/** Fills the rest of the demo project's declaration form (项目负责人 is filled with the draft). */
async function completeForm(page: Page, summary: string): Promise<void> {
  await page.getByLabel('联系电话').fill('13912345678');
  await page.getByRole('radio', { name: '先进制造' }).check();
  await page.getByLabel('项目摘要').fill(summary);
  await page.getByLabel('申请经费（万元）').fill('80');
  await page.getByLabel('申请经费（万元）').blur();
}

describe('项目申报: the applicant declares, the unit returns and recommends, a reviewer scores', () => {
  const baseUrl = serverUrl();
  const title = `园区能耗监测平台${Date.now().toString(36).slice(-5)}`;
  let browser: Browser;
  let declarationId = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('杨申报 saves a draft, is refused while it is incomplete, then submits and sees 待单位推荐 and the timeline', async () => {
    const page = await consoleAs(browser, APPLICANT);
    await page.goto(`${baseUrl}/new/DeclareList`);
    const project = page.locator('.ant-card-small').filter({ hasText: PROJECT });
    await project.getByRole('button', { name: /立即申报/ }).waitFor();
    await expectAccessible(page, '我的申报');
    await screenshot(page, 'projects-declare-list');
    await project.getByRole('button', { name: /立即申报/ }).click();
    await page.waitForURL(/\/projectDeclare\?projectId=/);
    await page.getByText('申报书', { exact: true }).waitFor();

    // The recommending unit is the applicant's own until changed.
    await page.getByLabel('申报名称').fill(title);
    await page.locator('.ant-select-selection-item').filter({ hasText: '示范智造科技有限公司' }).waitFor();
    await page.getByLabel('项目负责人').fill('钱进');
    await expectAccessible(page, '填写申报');
    await page
      .getByRole('button', { name: /保存草稿/ })
      .first()
      .click();
    await page.getByText('已保存草稿').first().waitFor();
    await page.waitForURL(/\/projectDeclare\?id=\d+/);
    declarationId = Number(new URL(page.url()).searchParams.get('id'));

    // Incomplete: the form says what is missing and nothing is sent.
    await page.getByRole('button', { name: /提交申报/ }).click();
    await page.getByText('联系电话不能为空').waitFor();
    expect(page.url()).toContain('/projectDeclare?id=');

    // From the list, the server refuses the draft with the same words.
    await page.goto(`${baseUrl}/new/DeclareList`);
    await search(page, '申报名称', title);
    const row = rowOf(page, title);
    await row.getByText('草稿').waitFor();
    await row.getByRole('button', { name: button('提交') }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: button('提交') })
      .click();
    await page.locator('.ant-message').getByText('联系电话不能为空').waitFor();
    await row.getByText('草稿').waitFor();

    // Completed and submitted: the status page.
    await row.getByRole('button', { name: /继续填写/ }).click();
    await page.waitForURL(/\/projectDeclare\?id=/);
    await expect.poll(() => page.getByLabel('项目负责人').inputValue()).toBe('钱进');
    await completeForm(page, '园区水电气能耗的实时监测与节能诊断。');
    await page.getByRole('button', { name: /提交申报/ }).click();
    await page.waitForURL(/\/projectDeclareDetail\?id=/);
    await page.getByText('申报已提交').first().waitFor();
    const status = page.locator('.projects-screen .ant-card').first();
    await status.getByText('待单位推荐').waitFor();
    const timeline = page.locator('.ant-timeline');
    await timeline.getByText('草稿 → 待单位推荐').waitFor();
    await timeline.getByText('杨申报').waitFor();
    await page.locator('.ant-steps').getByText('单位推荐').waitFor();
    await page.getByText('园区水电气能耗的实时监测与节能诊断。').waitFor();
    await expectAccessible(page, '申报详情');
    await screenshot(page, 'projects-declaration-status');
    await page.context().close();
  });

  it('周初审 returns it with a remark (the remark is required)', async () => {
    const page = await consoleAs(browser, UNIT);
    await page.goto(`${baseUrl}/new/projectFirstTrial`);
    await search(page, '申报名称或申报人', title);
    const row = rowOf(page, title);
    await row.getByText('杨申报').waitFor();
    await expectAccessible(page, '项目初审');

    await row.getByRole('button', { name: button('查看') }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText('园区水电气能耗的实时监测与节能诊断。').waitFor();
    await drawer.getByText('草稿 → 待单位推荐').waitFor();
    await expectAccessible(page, '项目初审：查看');
    await drawer.getByRole('button', { name: /退回修改/ }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`退回修改：${title}`) });
    await dialog.getByLabel('意见').waitFor();
    await dialog.getByRole('button', { name: button('退回') }).click();
    await dialog.getByText('退回或不通过时请填写意见').waitFor();
    await dialog.getByLabel('意见').fill('请补充合作单位证明和经费预算明细。');
    await expectAccessible(page, '项目初审：退回修改');
    await dialog.getByRole('button', { name: button('退回') }).click();
    await page.getByText('已退回修改').first().waitFor();
    await expect.poll(() => rowOf(page, title).count()).toBe(0);
    await page.context().close();
  });

  it('杨申报 sees the remark, edits and resubmits', async () => {
    const page = await consoleAs(browser, APPLICANT);
    await page.goto(`${baseUrl}/new/DeclareList`);
    await search(page, '申报名称', title);
    const row = rowOf(page, title);
    await row.getByText('已退回修改').waitFor();
    await row.getByRole('button', { name: button('修改') }).click();
    await page.waitForURL(new RegExp(`/projectDeclare\\?id=${declarationId}`));
    const notice = page.getByRole('alert').filter({ hasText: '申报已被退回修改' });
    await notice.getByText('请补充合作单位证明和经费预算明细。').waitFor();
    await expect.poll(() => page.getByLabel('项目摘要').inputValue()).toBe('园区水电气能耗的实时监测与节能诊断。');
    await page.getByLabel('项目摘要').fill('园区水电气能耗的实时监测与节能诊断；合作单位：示范大学；经费预算80万元。');
    await page.getByRole('button', { name: /提交申报/ }).click();
    await page.waitForURL(/\/projectDeclareDetail\?id=/);
    await page.locator('.projects-screen .ant-card').first().getByText('待单位推荐').waitFor();
    const timeline = page.locator('.ant-timeline');
    await timeline.getByText('意见：请补充合作单位证明和经费预算明细。').waitFor();
    await timeline.getByText('已退回修改 → 待单位推荐').waitFor();
    await page.getByText('第2版，提交于').waitFor();
    await page.context().close();
  });

  it('周初审 recommends it, and 初审列表 shows both decisions', async () => {
    const page = await consoleAs(browser, UNIT);
    await page.goto(`${baseUrl}/new/projectFirstTrial`);
    await search(page, '申报名称或申报人', title);
    const row = rowOf(page, title);
    await row.getByRole('button', { name: button('推荐') }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`推荐：${title}`) });
    await dialog.getByText(/本单位推荐名额：已用 \d+ \/ 共 5 个/).waitFor();
    await dialog.getByRole('button', { name: button('推荐') }).click();
    await page.getByText('已推荐').first().waitFor();
    await expect.poll(() => rowOf(page, title).count()).toBe(0);

    await page.goto(`${baseUrl}/new/projectFirstTrialList`);
    await search(page, '申报名称', title);
    await expect.poll(() => rowOf(page, title).count()).toBe(2);
    await rowOf(page, title).filter({ hasText: '请补充合作单位证明' }).getByText('退回修改').waitFor();
    await rowOf(page, title).filter({ hasText: '推荐' }).first().waitFor();
    await expectAccessible(page, '初审列表');
    await screenshot(page, 'projects-first-trial-list');
    await page.context().close();
  });

  it('a reviewer scores it: an out-of-range score is refused, the submitted review shows in 评审列表', async () => {
    // The operators pass the formal review and give it to 吴评审 (their screens are not this spec's).
    const operator = apiClient(baseUrl);
    await operator.login(OPERATOR);
    expect(
      (await operator.call('POST', `/st365/projects/declarations/${declarationId}/act`, { action: 'pass' })).msg,
    ).toBe('操作成功');
    const projects = (await operator.call('GET', '/st365/projects')).data.records as { id: number; name: string }[];
    const projectId = projects.find((p) => p.name === PROJECT)?.id;
    const allocation = (await operator.call('GET', `/st365/projects/${projectId}/stages/2/allocation`)).data;
    const expert = (allocation.experts as { userId: number; name: string }[]).find((e) => e.name === '吴评审');
    const assigned = await operator.call('POST', `/st365/projects/${projectId}/stages/2/allocation`, {
      declarationId,
      expertUserId: expert?.userId,
    });
    expect(assigned.msg).toBe('分配成功');

    const page = await consoleAs(browser, REVIEWER);
    await page.goto(`${baseUrl}/new/reviewScore`);
    await search(page, '申报名称或项目名称', title);
    const row = rowOf(page, title);
    await row.getByText('评分制').waitFor();
    await expectAccessible(page, '打分评审');
    await row.getByRole('button', { name: button('打分') }).click();
    await page.waitForURL(/\/reviewScore\?id=\d+/);
    // A blind round: the applicant's name and phone are not shown.
    await page.getByText('申请人（盲审）').waitFor();
    await page.getByText('园区水电气能耗的实时监测与节能诊断；合作单位：示范大学；经费预算80万元。').waitFor();
    expect(await page.getByText('13912345678').count()).toBe(0);

    await page.getByLabel('创新性（0–40分）').fill('45');
    await page.getByLabel('可行性（0–30分）').fill('25');
    await page.getByLabel('预期效益（0–30分）').fill('24');
    await page.getByRole('button', { name: /提交评审/ }).click();
    await page.getByText('“创新性”的分数应在0到40之间').waitFor();
    await page.getByLabel('创新性（0–40分）').fill('35.5');
    await expect.poll(() => page.locator('.ant-statistic-content-value').textContent()).toBe('84.5');
    await page.getByLabel('评审意见').fill('监测方案完整，节能收益测算合理。');
    await expectAccessible(page, '评审：打分');
    await screenshot(page, 'projects-review-score');
    await page.getByRole('button', { name: /提交评审/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '提交后不能修改' });
    await confirm.getByText('总分 84.5 分').waitFor();
    await confirm.getByRole('button', { name: button('提交') }).click();
    await page.getByText('评审已提交').first().waitFor();
    await page.waitForURL(/\/reviewScore$/);
    await expect.poll(() => rowOf(page, title).count()).toBe(0);

    await page.goto(`${baseUrl}/new/projectReviewList`);
    await search(page, '申报名称或项目名称', title);
    const done = rowOf(page, title);
    await done.getByText('84.5 分').waitFor();
    await done.getByRole('button', { name: button('查看') }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText('84.5 / 100').waitFor();
    await drawer.getByText('监测方案完整，节能收益测算合理。').waitFor();
    await expectAccessible(page, '评审列表：查看');
    await page.context().close();
  });

  it('on a phone (390 px) the applicant’s list is cards and the form fits the screen', async () => {
    const page = await consoleAs(browser, APPLICANT);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/new/DeclareList`);
    await search(page, '申报名称', title);
    await page.locator('.ant-list-item').filter({ hasText: title }).getByText('申报项目').waitFor();
    expect(await page.locator('.projects-screen .ant-table').count()).toBe(0);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await expectAccessible(page, '我的申报（手机）');
    await screenshot(page, 'projects-declare-list-phone');

    await page
      .locator('.ant-card-small')
      .filter({ hasText: PROJECT })
      .getByRole('button', { name: /立即申报/ })
      .click();
    await page.waitForURL(/\/projectDeclare\?projectId=/);
    await page.getByLabel('项目负责人').waitFor();
    // Labels above their boxes: each box takes the card's width.
    const label = await page.locator('label[for="fieldleader"]').boundingBox();
    const input = await page.getByLabel('项目负责人').boundingBox();
    expect(label && input && input.y > label.y + label.height - 2).toBe(true);
    expect(input && input.width > 250).toBe(true);
    expect(await fits()).toBe(true);
    await expectAccessible(page, '填写申报（手机）');
    await screenshot(page, 'projects-declare-form-phone');
    await page.context().close();
  });
});
