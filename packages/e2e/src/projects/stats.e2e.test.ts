import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs, pick } from '../harness/console';
import { serverUrl } from '../harness/workers';

const SCORING = '2026年度示范市科技创新项目';
const APPROVAL = '2026年度学会活动经费资助';
const ADMIN = '13800000002';

/** The list's rows (the table body, without the measure row). */
function rows(page: Page, scope?: Locator): Locator {
  return (scope ?? page).locator('.ant-table-tbody tr.ant-table-row');
}

/** The list's keyword search (ProTable's toolbar search box). */
async function search(page: Page, placeholder: string, keyword: string): Promise<void> {
  const box = page.getByPlaceholder(placeholder);
  await box.fill(keyword);
  await box.press('Enter');
}

/** Empties a select by its clear icon. */
async function clear(page: Page, label: string): Promise<void> {
  const select = page
    .getByLabel(label)
    .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await select.hover();
  await select.locator('.ant-select-clear').click();
}

/** 导出: the job starts, the progress dialog reaches 已完成 and offers the file, which downloads. */
async function exportsFile(page: Page, dialog: string, fileName: string): Promise<void> {
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const progress = page.getByRole('dialog', { name: dialog });
  await progress.getByText('下载地址：').waitFor({ timeout: 30_000 });
  await progress.getByText('已完成').waitFor();
  const downloaded = page.waitForEvent('download');
  await progress.getByText(fileName).click();
  expect((await downloaded).suggestedFilename()).toBe(fileName);
  await progress.getByRole('button', { name: 'Close' }).click();
  await progress.waitFor({ state: 'hidden' });
}

/** A chart of the page by its accessible name, drawn (its canvas is there). */
async function chart(page: Page, name: string): Promise<void> {
  await page.getByRole('img', { name }).locator('canvas').first().waitFor();
}

describe('项目统计: figures, charts and the statistics lists of the review projects', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  // Each spec's console, closed after it whether it passed or not.
  let opened: Page[] = [];
  afterEach(async () => {
    await Promise.all(opened.map((p) => p.context().close()));
    opened = [];
  });

  /** The administrator's console at a screen of the module, desktop wide unless told. */
  async function open(route: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
    const page = await consoleAs(browser, ADMIN);
    opened.push(page);
    await page.setViewportSize(viewport);
    await page.goto(`${baseUrl}/new${route}`);
    return page;
  }

  it('项目统计 draws the chosen project: cards, status, daily, units, scores and results; the picker is kept in the address', async () => {
    const page = await open('/projectStatistics');
    // The newest project is chosen and written to the address.
    await expect.poll(() => page.url()).toMatch(/projectId=\d+/);
    await pick(page, '项目', SCORING);
    await chart(page, '各状态的申报数');
    await chart(page, '每日提交的申报数');
    await chart(page, '申报数最多的十个推荐单位');
    await chart(page, '综合得分的分布');
    await chart(page, '评审结果（立项等级）的分布');
    const progress = page.locator('.ant-statistic').filter({ hasText: '评审进度' });
    await expect.poll(async () => (await progress.textContent()) ?? '').toMatch(/\d+%/);
    const total = page.locator('.ant-statistic').filter({ hasText: '申报总数' });
    await expect
      .poll(async () => Number(/(\d+)份/.exec((await total.textContent()) ?? '')?.[1] ?? 0))
      .toBeGreaterThan(5);
    const chosen = new URL(page.url()).searchParams.get('projectId');
    await expectAccessible(page, 'statistics');
    await screenshot(page, 'project-statistics');

    // A reload opens the same project.
    await page.reload();
    await chart(page, '综合得分的分布');
    expect(new URL(page.url()).searchParams.get('projectId')).toBe(chosen);

    // An approval-mode project has no score bands.
    await pick(page, '项目', APPROVAL);
    await chart(page, '各状态的申报数');
    await page.getByRole('img', { name: '综合得分的分布' }).waitFor({ state: 'detached' });
  });

  it('项目统计 fits a phone: cards and charts stacked, no sideways scroll', async () => {
    const page = await open('/projectStatistics', { width: 390, height: 844 });
    await pick(page, '项目', SCORING);
    await chart(page, '评审结果（立项等级）的分布');
    await screenshot(page, 'project-statistics-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('累计申报 lists every submitted declaration; search, project and status narrow it; 导出 gives the file', async () => {
    const page = await open('/cumulativeDeclarationList');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(5);
    await rows(page).filter({ hasText: APPROVAL }).first().waitFor();
    await expectAccessible(page, 'statistics');
    await screenshot(page, 'project-cumulative');

    await search(page, '申报名称或申报人', '锂电池');
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).filter({ hasText: '新型锂电池隔膜材料' }).waitFor();
    await search(page, '申报名称或申报人', '');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(5);

    await pick(page, '状态', '已退回');
    await rows(page).first().waitFor();
    await expect.poll(() => rows(page).filter({ hasNotText: '已退回修改' }).count()).toBe(0);
    await rows(page).filter({ hasText: '工业互联网安全网关' }).waitFor();

    await clear(page, '状态');
    await pick(page, '项目', APPROVAL);
    await expect.poll(() => rows(page).filter({ hasNotText: APPROVAL }).count()).toBe(0);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('projectId')).toMatch(/^\d+$/);

    await exportsFile(page, '累计申报：导出', '累计申报.xlsx');
  });

  it('评分列表 shows each expert’s item scores and total; search and 提交状态 narrow it; 导出 gives the file', async () => {
    const page = await open('/scoreByList');
    // Named, not the default newest: other specs of the worker add projects.
    await pick(page, '项目', SCORING);
    await page.getByRole('columnheader', { name: '创新性（40）' }).waitFor();
    await page.getByRole('columnheader', { name: '总分' }).waitFor();
    // 37 + 26 + 25 from the demo's first expert of 高精度工业视觉检测系统.
    await rows(page).filter({ hasText: '高精度工业视觉检测系统' }).filter({ hasText: '88' }).waitFor();
    await expectAccessible(page, 'statistics');
    await screenshot(page, 'project-score-sheet');

    await search(page, '申报名称或评审专家', '数字孪生');
    await expect.poll(() => rows(page).filter({ hasNotText: '柔性制造产线数字孪生平台' }).count()).toBe(0);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await pick(page, '提交状态', '未提交');
    await expect.poll(() => rows(page).filter({ hasText: '已提交' }).count()).toBe(0);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);

    await exportsFile(page, `${SCORING}评分表：导出`, `${SCORING}评分表.xlsx`);
  });

  it('审批列表 shows the opinions of the approval rounds; search narrows it; 导出 gives the file', async () => {
    const page = await open('/approvalByList');
    await pick(page, '项目', APPROVAL);
    await page.getByRole('columnheader', { name: '意见' }).waitFor();
    await rows(page).filter({ hasText: '长三角生物材料学术论坛' }).getByText('同意', { exact: true }).waitFor();
    expect(await page.getByRole('columnheader', { name: '总分' }).count()).toBe(0);
    await expectAccessible(page, 'statistics');
    await screenshot(page, 'project-approval-sheet');

    await search(page, '申报名称或评审专家', '社区健康');
    await expect.poll(() => rows(page).filter({ hasNotText: '社区健康科普进万家' }).count()).toBe(0);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);

    await exportsFile(page, `${APPROVAL}审批表：导出`, `${APPROVAL}审批表.xlsx`);
  });

  it('初审单位 charts and lists each unit’s first trial and quota use; search by unit; 导出 gives the file', async () => {
    const page = await open('/trialUnitList');
    await pick(page, '项目', SCORING);
    await chart(page, '各推荐单位的初审情况');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    // The demo's quota is 5 a unit: its use is a progress bar.
    await rows(page).first().getByRole('progressbar').waitFor();
    const unit = ((await rows(page).first().locator('td').first().textContent()) ?? '').trim();
    expect(unit).not.toBe('');
    await expectAccessible(page, 'statistics');
    await screenshot(page, 'project-trial-units');

    await search(page, '推荐单位名称', unit);
    await expect.poll(() => rows(page).count()).toBe(1);
    await search(page, '推荐单位名称', '没有这个单位');
    await page.locator('.ant-table-tbody').getByText('没有找到符合条件的记录').waitFor();

    await search(page, '推荐单位名称', '');
    await rows(page).first().waitFor();
    await exportsFile(page, `${SCORING}初审单位：导出`, `${SCORING}初审单位.xlsx`);
  });

  it('评审专家 charts and lists each expert’s load and progress; search by name; 导出 gives the file', async () => {
    const page = await open('/reviewExperts');
    await pick(page, '项目', SCORING);
    await chart(page, '各评审专家的任务量与完成情况');
    await page.getByRole('columnheader', { name: '平均分' }).waitFor();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await rows(page).first().getByRole('progressbar').waitFor();
    const expert = ((await rows(page).first().locator('td').first().textContent()) ?? '').trim();
    await expectAccessible(page, 'statistics');
    await screenshot(page, 'project-review-experts');

    await search(page, '评审专家姓名', expert);
    await expect.poll(() => rows(page).filter({ hasNotText: expert }).count()).toBe(0);
    await expect.poll(() => rows(page).count()).toBe(1);

    await search(page, '评审专家姓名', '');
    await rows(page).first().waitFor();
    await exportsFile(page, `${SCORING}评审专家：导出`, `${SCORING}评审专家.xlsx`);
  });
});
