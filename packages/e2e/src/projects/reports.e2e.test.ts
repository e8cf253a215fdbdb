import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { apiClient } from '../harness/api';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs, pick } from '../harness/console';
import { serverUrl } from '../harness/workers';

const SCORING = '2026年度示范市科技创新项目';
const ROUNDS = '2026年度青年科技人才托举项目';
const ADMIN = '13800000002';
const UNIT = '13800000014'; // 周初审, first trial of 示范智造科技有限公司

/** The visible table rows of a scope. */
function rows(scope: Page | Locator): Locator {
  return scope.locator('.ant-table-tbody tr.ant-table-row:visible');
}

/** antd puts a space between the two characters of a two-character button's label. */
const button = (label: string) => new RegExp(`^\\s*${[...label].join('\\s*')}\\s*$`);

/**
 * The operators' and the unit's remaining screens of 项目申报与评审: 申报分配, 项目审核, 申报表设置 and
 * 项目预览, the wizard's steps as addresses, 初审单位详情 (any unit, and the unit's own), 推荐报告 as a
 * page and a file, and the project's review report with several expert rounds. The demo data is
 * read, and left as it was.
 */
describe('项目申报: allocation by declaration, the audit desk, the form, the units’ details and the reports', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  const ids: Record<string, number> = {};
  let opened: Page[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = apiClient(baseUrl);
    await admin.login(ADMIN);
    const list = (await admin.call('GET', '/st365/projects')).data.records as {
      id: number;
      name: string;
    }[];
    for (const name of [SCORING, ROUNDS]) ids[name] = list.find((p) => p.name === name)?.id ?? 0;
  });
  afterEach(async () => {
    await Promise.all(opened.map((p) => p.context().close()));
    opened = [];
  });
  afterAll(async () => {
    await browser.close();
  });

  async function open(account: string, route: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
    const page = await consoleAs(browser, account);
    opened.push(page);
    await page.setViewportSize(viewport);
    await page.goto(`${baseUrl}/new${route}`);
    return page;
  }

  it('申报分配: a round’s declarations; one declaration’s reviewers, removed and added back under the rules', async () => {
    const page = await open(ADMIN, `/declarationDistribution?projectId=${ids[SCORING]}`);
    const list = page.locator('.ant-card').filter({ hasText: '本轮申报' });
    const row = rows(list).filter({ hasText: '柔性制造产线数字孪生平台' });
    await row.getByText('2 / 2').waitFor();
    await row.getByRole('button', { name: '分配' }).click();
    await expect.poll(() => page.url()).toMatch(/[?&]id=\d+/);
    const panel = page.locator('.ant-card').filter({ hasText: '评审专家（2 / 2）' });
    await panel.waitFor();
    const candidates = page.locator('.ant-card').filter({ hasText: '可选专家' });
    await candidates.getByText('本申报的评审专家已满，可先移除再添加。').waitFor();
    await screenshot(page, 'projects-distribution');
    await expectAccessible(page, '申报分配');

    // The reviewer who has not submitted is removed, then added back from the candidates.
    const waiting = panel.locator('.ant-tag').filter({ hasNotText: '已提交' }).first();
    const name = ((await waiting.textContent()) ?? '').replace(/（.*|移除.*/g, '').trim();
    await waiting.getByRole('button', { name: '移除' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: button('移除') })
      .click();
    await page.getByText(`已移除${name}`).first().waitFor();
    await page.locator('.ant-card').filter({ hasText: '评审专家（1 / 2）' }).waitFor();
    await rows(list).filter({ hasText: '柔性制造产线数字孪生平台' }).getByText('1 / 2').waitFor();
    // The pool is long (the expert library's too): the search finds the expert.
    await candidates.getByPlaceholder('姓名或单位').fill(name);
    await candidates.getByPlaceholder('姓名或单位').press('Enter');
    const again = rows(candidates).filter({ hasText: name });
    await again.getByRole('button', { name: button('添加') }).click();
    await page.getByText(`已添加${name}`).first().waitFor();
    await page.locator('.ant-card').filter({ hasText: '评审专家（2 / 2）' }).waitFor();
  });

  it('项目审核: the waiting declarations beside the one audited; returning asks for the reason first', async () => {
    const page = await open(ADMIN, `/projectAudit?projectId=${ids[SCORING]}`);
    await page.getByRole('combobox', { name: '审核环节' }).waitFor();
    const audited = page.locator('.ant-card').filter({ hasText: '审核意见' });
    await audited.getByText('新型锂电池隔膜材料').waitFor();
    await page.locator('.ant-card').filter({ hasText: '申报内容' }).getByText('高孔隙率隔膜的量产工艺。').waitFor();
    await audited.getByRole('button', { name: '退回修改' }).click();
    await audited.getByText('退回或不通过时请填写意见').waitFor();
    await screenshot(page, 'projects-audit');
    await expectAccessible(page, '项目审核');
  });

  it('申报表设置, 项目预览 and the wizard’s steps as addresses', async () => {
    const page = await open(ADMIN, `/projectFormSetting?id=${ids[SCORING]}`);
    const questions = page.locator('.ant-card').filter({ hasText: '申报表题目' });
    await rows(questions).filter({ hasText: '项目负责人' }).getByText('姓名（盲审时隐藏）').waitFor();
    await page.getByText('项目已发布：申报人填写的是发布时冻结的申报表版本').waitFor();
    await screenshot(page, 'projects-form-setting');
    await expectAccessible(page, '申报表设置');

    await page.getByRole('button', { name: /预\s*览/ }).click();
    await page.waitForURL(/\/projectPreview\?id=\d+/);
    await page.getByText('申报时间：').waitFor();
    await page.getByText('提交申报（预览）').waitFor();
    await page.locator('.ant-segmented-item').filter({ hasText: '手机' }).click();
    await page.getByRole('button', { name: /提交申报（预览）/ }).click();
    await page.getByText('项目负责人不能为空').first().waitFor();
    await screenshot(page, 'projects-preview-phone');
    await expectAccessible(page, '项目预览');

    // /applyProcess is the wizard at its 评审流程 step; a published project's flow is read-only.
    await page.goto(`${baseUrl}/new/applyProcess?id=${ids[SCORING]}`);
    await page.getByText('项目已发布，评审流程不能修改').waitFor();
    expect(await page.getByLabel('第1个环节名称').isDisabled()).toBe(true);
  });

  it('初审单位详情 and 推荐报告: any unit’s details for the operators, the report as a page and a file', async () => {
    const page = await open(ADMIN, `/trialUnitDetails?projectId=${ids[SCORING]}`);
    await pick(page, '推荐单位', '示范智造科技有限公司');
    const summary = page.locator('.ant-card').filter({ hasText: '示范智造科技有限公司 · 单位推荐' });
    await summary.getByText('已推荐 / 名额').waitFor();
    await page.getByRole('img', { name: '初审结果分布' }).locator('canvas').waitFor();
    const list = page.locator('.ant-card').filter({ hasText: '示范智造科技有限公司的申报' });
    await rows(list)
      .filter({ hasText: '工业互联网安全网关' })
      .getByText('请补充项目预算明细和合作单位证明。')
      .waitFor();
    await screenshot(page, 'projects-trial-unit-details');
    await expectAccessible(page, '初审单位详情');

    await summary.getByRole('button', { name: '推荐报告' }).click();
    await page.waitForURL(/\/ini-rec-report-w\?projectId=\d+&unitId=\d+/);
    const sheet = page.getByRole('article', { name: '推荐报告' });
    await sheet.getByText(`${SCORING}推荐汇总表`).waitFor();
    await rows(sheet).filter({ hasText: '高精度工业视觉检测系统' }).waitFor();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载推荐汇总表' }).click();
    expect((await downloaded).suggestedFilename()).toBe(`${SCORING}-示范智造科技有限公司推荐汇总表.xlsx`);
    await screenshot(page, 'projects-recommend-report');
    await expectAccessible(page, '推荐报告');

    await page.goto(`${baseUrl}/new/recommendReport?projectId=${ids[SCORING]}`);
    const units = page.locator('.ant-card').filter({ hasText: '各单位推荐报告' });
    await rows(units).filter({ hasText: '示范智造科技有限公司' }).getByRole('button', { name: '查看报告' }).waitFor();
    await expectAccessible(page, '推荐报告列表');
  });

  it('the unit’s own 推荐情况 from 初审列表, and its report', async () => {
    const page = await open(UNIT, '/projectFirstTrialList');
    await page.getByRole('button', { name: '推荐情况与推荐报告' }).click();
    await page.waitForURL(/\/jsTrialUnitDetails/);
    await pick(page, '项目', SCORING);
    const summary = page.locator('.ant-card').filter({ hasText: '示范智造科技有限公司 · 单位推荐' });
    await summary.getByText(/\/ 5/).first().waitFor();
    await screenshot(page, 'projects-own-unit-details');
    await expectAccessible(page, '推荐情况');
    await summary.getByRole('button', { name: '推荐报告' }).click();
    await page.waitForURL(/\/ini-rec-report-w\?projectId=\d+$/);
    await page
      .getByRole('article', { name: '推荐报告' })
      .getByText('经本单位审核，以上申报材料真实有效，同意推荐。')
      .waitFor();
  });

  it('several expert rounds: 定级 shows each round and the combined score; the project’s report prints them', async () => {
    const page = await open(ADMIN, `/grading?projectId=${ids[ROUNDS]}`);
    const preview = page.locator('.ant-card').filter({ hasText: '定级预览' });
    const row = rows(preview).filter({ hasText: '工业视觉缺陷检测算法研究' });
    await row.getByText('87.67').waitFor();
    await preview.getByRole('columnheader', { name: '初评（权重1）' }).waitFor();
    await preview.getByRole('columnheader', { name: '复评（权重2）' }).waitFor();
    await screenshot(page, 'projects-grading-rounds');

    await page.goto(`${baseUrl}/new/related-report?projectId=${ids[ROUNDS]}`);
    const report = page.getByRole('article', { name: '项目评审报告' });
    await report.getByText(`${ROUNDS}评审报告`).waitFor();
    await rows(report).filter({ hasText: '复评' }).getByText('2').first().waitFor();
    await page.getByRole('img', { name: '各环节的申报去向' }).locator('canvas').waitFor();
    await screenshot(page, 'projects-related-report');
    await expectAccessible(page, '项目评审报告');
  });
});
