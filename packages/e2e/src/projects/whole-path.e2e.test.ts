import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { apiClient } from '../harness/api';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs, DEMO_PASSWORD } from '../harness/console';
import { serverUrl } from '../harness/workers';

const ADMIN = '13800000002';
const APPLICANT = '13800000018'; // 杨申报 of 示范智造科技有限公司
const UNIT = '13800000014'; // 周初审, that unit's first trial
const REVIEWERS = { '13800000015': '吴评审', '13800000016': '严评审' };

/** antd puts a space between the two characters of a two-character button's label. */
const button = (label: string) => new RegExp(`^\\s*${[...label].join('\\s*')}\\s*$`);

/** A list's row: a table row on wide screens, a card on phones. */
function rowOf(page: Page, text: string): Locator {
  return page.locator('.ant-table-row:visible, .ant-list-item').filter({ hasText: text });
}

async function search(page: Page, placeholder: string, text: string): Promise<void> {
  const box = page.getByPlaceholder(placeholder).first();
  await box.fill(text);
  await box.press('Enter');
}

/**
 * The whole path as people walk it, in one go (issue 14): a creator builds a project with the
 * wizard and publishes it; an applicant finds it on the public page, logs in there and declares on
 * a phone; the unit returns it, the applicant resubmits, the unit recommends within its quota; the
 * administrator allocates automatically and adjusts one declaration's reviewers; two reviewers
 * score; the administrator closes the round, grades and publishes; the applicant sees the result.
 * Then an approval-mode project from declaration to result. The other specs of the module test
 * each screen's details; this one only walks.
 */
describe('项目申报 from end to end: create, declare, return and resubmit, recommend, allocate, score, grade, result', () => {
  const baseUrl = serverUrl();
  const suffix = Date.now().toString(36).slice(-5);
  const name = `全程演示项目${suffix}`;
  const title = `全程演示申报${suffix}`;
  const admin = apiClient(baseUrl);
  let browser: Browser;
  let creator: Page;
  let applicant: Page;
  let projectId = 0;
  let declarationId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    await admin.login(ADMIN);
    creator = await consoleAs(browser, ADMIN);
    await creator.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await applicant?.context().close();
    await creator?.context().close();
    await browser.close();
  });

  it('the creator builds the project with the wizard, designs its form and publishes it', async () => {
    await creator.goto(`${baseUrl}/new/createProject`);
    await creator.getByLabel('项目名称').fill(name);
    await creator.getByRole('textbox', { name: /请输入项目简介/ }).fill('全程演示：单位推荐、专家评分、定级公示。');
    await creator.getByRole('button', { name: '下一步' }).click();
    for (const kind of ['单位推荐', '专家评审', '评审结果']) {
      await creator.getByRole('button', { name: /添加环节/ }).click();
      await creator.getByRole('menuitem', { name: new RegExp(`^${kind}`) }).click();
    }
    await creator.getByLabel('每个单位推荐名额').fill('2');
    await creator.getByLabel('每份申报评审专家数').fill('2');
    await creator.getByRole('button', { name: '添加评分项' }).click();
    await creator.getByLabel('评分项1名称').fill('综合评价');
    await creator.getByLabel('评分项1满分').fill('100');
    await screenshot(creator, 'whole-path-wizard-flow');
    await creator.getByRole('button', { name: '下一步' }).click();
    await creator.getByRole('button', { name: '创建项目' }).click();
    await creator.getByRole('button', { name: '设计申报表' }).click();
    await creator.waitForURL(/\/project\/form\/editor\?key=\w+/);
    await creator.locator('aside[aria-label="组件库"]').getByRole('button', { name: '多行文本', exact: true }).click();
    await creator.locator('section[aria-label="画布"]').getByRole('button', { name: '题目：多行文本' }).waitFor();
    await creator.getByRole('button', { name: /^发\s*布$/ }).click();
    await creator.waitForURL(/\/project\/form\/publish\?key=/);

    await creator.goto(`${baseUrl}/new/projectManagement`);
    const row = creator.locator('.ant-table-row:visible').filter({ hasText: name });
    await row.getByRole('button', { name: '发布' }).click();
    await creator
      .locator('.ant-popover:not(.ant-popover-hidden)')
      .getByRole('button', { name: button('发布') })
      .click();
    await row.getByText('申报中').waitFor();
    const list = (await admin.call('GET', '/st365/projects')).data.records as { id: number; name: string }[];
    projectId = list.find((p) => p.name === name)?.id ?? 0;
    expect(projectId).toBeGreaterThan(0);
  });

  it('the applicant finds it on the public page, logs in there and declares on a phone', async () => {
    applicant = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await applicant.goto(`${baseUrl}/new/login-declare`);
    await search(applicant, '项目名称', name);
    await applicant.locator('.ant-card').filter({ hasText: name }).getByRole('button', { name: '立即申报' }).click();
    await applicant.waitForURL(/\/projectLogin\?projectId=\d+/);
    await applicant.getByPlaceholder('手机号或账号').fill(APPLICANT);
    await applicant.getByPlaceholder('密码').fill(DEMO_PASSWORD);
    await applicant.getByRole('button', { name: /登\s*录/ }).click();
    // The login comes back to this call's declaration.
    await applicant.waitForURL(new RegExp(`/projectDeclare\\?projectId=${projectId}`));
    // The form drawn with the applicant's unit before typing (what is typed earlier can be lost
    // when the page starts afresh after the login's return).
    await applicant.getByText(`填写申报：${name}`).waitFor();
    await applicant.locator('.ant-select-selection-item').filter({ hasText: '示范智造科技有限公司' }).waitFor();
    await applicant.getByLabel('申报名称').fill(title);
    await applicant.getByLabel('多行文本').fill('园区屋顶光伏与储能的协同调度。');
    await screenshot(applicant, 'whole-path-declare-phone');
    await applicant.getByRole('button', { name: /提交申报/ }).click();
    await applicant.waitForURL(/\/projectDeclareDetail\?id=\d+/);
    declarationId = Number(new URL(applicant.url()).searchParams.get('id'));
    await applicant.locator('.projects-screen .ant-card').first().getByText('待单位推荐').waitFor();
    await expectAccessible(applicant, '申报详情（手机）');
  });

  it('the unit returns it with a remark; the applicant resubmits; the unit recommends within its quota', async () => {
    const unit = await consoleAs(browser, UNIT);
    await unit.setViewportSize({ width: 1440, height: 900 });
    await unit.goto(`${baseUrl}/new/projectFirstTrial`);
    await search(unit, '申报名称或申报人', title);
    await rowOf(unit, title).getByRole('button', { name: '退回修改' }).click();
    const back = unit.getByRole('dialog', { name: new RegExp(`退回修改：${title}`) });
    await back.getByLabel('意见').fill('请补充储能设备的选型依据。');
    await back.getByRole('button', { name: button('退回') }).click();
    await unit.getByText('已退回修改').first().waitFor();

    await applicant.goto(`${baseUrl}/new/DeclareList`);
    await search(applicant, '申报名称', title);
    await rowOf(applicant, title)
      .getByRole('button', { name: button('修改') })
      .click();
    await applicant.getByRole('alert').filter({ hasText: '请补充储能设备的选型依据。' }).waitFor();
    await applicant.getByLabel('多行文本').fill('园区屋顶光伏与储能的协同调度；储能选用磷酸铁锂电池。');
    await applicant.getByRole('button', { name: /提交申报/ }).click();
    await applicant.waitForURL(/\/projectDeclareDetail\?id=\d+/);
    await applicant.locator('.ant-timeline').getByText('已退回修改 → 待单位推荐').waitFor();

    await unit.reload();
    await search(unit, '申报名称或申报人', title);
    await rowOf(unit, title)
      .getByRole('button', { name: button('推荐') })
      .click();
    const recommend = unit.getByRole('dialog', { name: new RegExp(`推荐：${title}`) });
    await recommend.getByText('本单位推荐名额：已用 0 / 共 2 个').waitFor();
    await recommend.getByRole('button', { name: button('推荐') }).click();
    await unit.getByText('已推荐').first().waitFor();
    await unit.goto(`${baseUrl}/new/jsTrialUnitDetails?projectId=${projectId}`);
    await unit.locator('.ant-statistic').filter({ hasText: '已推荐 / 名额' }).getByText('/ 2').waitFor();
    await screenshot(unit, 'whole-path-unit-recommended');
    await unit.context().close();
  });

  it('the administrator allocates automatically, then puts the two reviewers of the day on it by hand', async () => {
    await creator.goto(`${baseUrl}/new/reviewAllocation?projectId=${projectId}`);
    await creator.getByRole('button', { name: /自动分配/ }).click();
    const result = creator.getByRole('dialog', { name: '自动分配结果' });
    await result.getByText(/本次分配 2 人次/).waitFor();
    await result.getByRole('button', { name: '知道了' }).click();

    // 申报分配: whoever the optimum chose, this path's reviewers are 吴评审 and 严评审.
    await creator.goto(`${baseUrl}/new/declarationDistribution?projectId=${projectId}&id=${declarationId}`);
    const panel = creator.locator('.ant-card').filter({ hasText: /评审专家（\d \/ 2）/ });
    const candidates = creator.locator('.ant-card').filter({ hasText: '可选专家' });
    const wanted = Object.values(REVIEWERS);
    await panel.getByText('评审专家（2 / 2）').waitFor();
    const chosen = (await panel.locator('.ant-tag').allTextContents()).map((t) => t.replace(/（.*|移除.*/g, '').trim());
    for (const other of chosen.filter((n) => !wanted.includes(n))) {
      await panel.locator('.ant-tag').filter({ hasText: other }).getByRole('button', { name: '移除' }).click();
      await creator
        .locator('.ant-popconfirm')
        .getByRole('button', { name: button('移除') })
        .click();
      await creator.getByText(`已移除${other}`).first().waitFor();
    }
    for (const reviewer of wanted.filter((n) => !chosen.includes(n))) {
      await candidates.getByPlaceholder('姓名或单位').fill(reviewer);
      await candidates.getByPlaceholder('姓名或单位').press('Enter');
      await candidates
        .locator('.ant-table-row')
        .filter({ hasText: reviewer })
        .getByRole('button', { name: button('添加') })
        .click();
      await creator.getByText(`已添加${reviewer}`).first().waitFor();
    }
    await panel.getByText('评审专家（2 / 2）').waitFor();
    await screenshot(creator, 'whole-path-distribution');
  });

  it('two reviewers score it', async () => {
    for (const [account, score] of [
      ['13800000015', '92'],
      ['13800000016', '88'],
    ] as const) {
      const page = await consoleAs(browser, account);
      await page.goto(`${baseUrl}/new/reviewScore`);
      await search(page, '申报名称或项目名称', title);
      await rowOf(page, title)
        .getByRole('button', { name: button('打分') })
        .click();
      await page.getByLabel('综合评价（0–100分）').fill(score);
      await page.getByRole('button', { name: /提交评审/ }).click();
      await page
        .getByRole('dialog')
        .filter({ hasText: '提交后不能修改' })
        .getByRole('button', { name: button('提交') })
        .click();
      await page.getByText('评审已提交').first().waitFor();
      await page.context().close();
    }
  });

  it('the administrator closes the round, grades and publishes; the applicant sees the result', async () => {
    await creator.goto(`${baseUrl}/new/createDeclareList?projectId=${projectId}`);
    await creator.getByRole('button', { name: /完成评审（专家评审）/ }).click();
    await creator.locator('.ant-popconfirm').getByRole('button', { name: '完成评审' }).click();
    await creator.getByText('已有 1 份申报进入下一环节，0 份仍在等待评审').waitFor();
    await creator.getByRole('button', { name: /定\s*级/ }).click();
    await creator.waitForURL(/\/grading\?projectId=\d+/);
    const preview = creator.locator('.ant-card').filter({ hasText: '定级预览' });
    await preview.locator('.ant-table-row').filter({ hasText: title }).getByText('一等').waitFor();
    await screenshot(creator, 'whole-path-grading');
    await preview.getByRole('button', { name: /发布评审结果/ }).click();
    await creator
      .getByRole('dialog')
      .getByRole('button', { name: /发\s*布/ })
      .click();
    await creator.getByText('评审结果已发布').first().waitFor();

    await applicant.goto(`${baseUrl}/new/historyDeclare`);
    await rowOf(applicant, title)
      .getByText(/已立项（一等）/)
      .waitFor();
    await screenshot(applicant, 'whole-path-result-phone');
    await expectAccessible(applicant, '历史申报（手机）');
  });

  it('an approval-mode project: declared, approved by a reviewer, funded, and the applicant sees it', async () => {
    // The creator's side of this one by the API: the wizard has been walked above.
    const approval = `全程审批项目${suffix}`;
    const created = await admin.call('POST', '/st365/projects', {
      name: approval,
      description: '<p>审批制：专家同意即资助。</p>',
      flow: [
        { kind: 'expert_review', name: '专家审议', mode: 'approval', reviewersPerDeclaration: 1, maxPerExpert: 20 },
        {
          kind: 'decision',
          name: '资助决定',
          method: 'quota',
          grades: [{ name: '资助', percent: 100 }],
          publicityDays: 0,
        },
      ],
      settings: { perApplicantLimit: 1 },
    });
    const id = created.data.id as number;
    const key = (await admin.call('GET', `/st365/projects/${id}`)).data.formKey as string;
    await admin.call('PUT', `/st365/project/forms/${key}/schema`, {
      schema: { fields: [{ id: 'plan', type: 'TEXTAREA', label: '活动方案', required: true }] },
    });
    await admin.call('POST', `/st365/project/forms/${key}/publish`);
    expect((await admin.call('POST', `/st365/projects/${id}/publish`)).msg).toBe('项目已发布');

    await applicant.goto(`${baseUrl}/new/DeclareList`);
    await applicant
      .locator('.ant-card-small')
      .filter({ hasText: approval })
      .getByRole('button', { name: /立即申报/ })
      .click();
    // This project's form, drawn with its unit: the page kept alive from the first declaration
    // starts afresh for another project, and what is typed before then is gone with it.
    await applicant.getByText(`填写申报：${approval}`).waitFor();
    await applicant.locator('.ant-select-selection-item').filter({ hasText: '示范智造科技有限公司' }).waitFor();
    await applicant.getByLabel('申报名称').fill(`${title}（审批）`);
    await applicant.getByLabel('活动方案').fill('面向中学生的新能源科普周。');
    await applicant.getByRole('button', { name: /提交申报/ }).click();
    await applicant.waitForURL(/\/projectDeclareDetail\?id=\d+/);
    const declared = Number(new URL(applicant.url()).searchParams.get('id'));
    await applicant.locator('.projects-screen .ant-card').first().getByText('专家审议中').waitFor();

    const pool = (await admin.call('GET', `/st365/projects/${id}/stages/0/allocation`)).data.experts as {
      userId: number;
      name: string;
    }[];
    const wu = pool.find((e) => e.name === '吴评审')?.userId;
    expect(
      (
        await admin.call('POST', `/st365/projects/${id}/stages/0/allocation`, {
          declarationId: declared,
          expertUserId: wu,
        })
      ).msg,
    ).toBe('分配成功');
    const reviewer = await consoleAs(browser, '13800000015');
    await reviewer.goto(`${baseUrl}/new/reviewApproval`);
    await search(reviewer, '申报名称或项目名称', `${title}（审批）`);
    await rowOf(reviewer, `${title}（审批）`)
      .getByRole('button', { name: button('审批') })
      .click();
    await reviewer
      .locator('.ant-radio-button-wrapper')
      .filter({ hasText: /^同意$/ })
      .click();
    await reviewer.getByRole('button', { name: /提交评审/ }).click();
    await reviewer
      .getByRole('dialog')
      .filter({ hasText: '审批意见：同意。提交后不能修改' })
      .getByRole('button', { name: button('提交') })
      .click();
    await reviewer.getByText('评审已提交').first().waitFor();
    await reviewer.context().close();

    await creator.goto(`${baseUrl}/new/createDeclareListSp?projectId=${id}`);
    await creator.getByRole('button', { name: /完成评审（专家审议）/ }).click();
    await creator.locator('.ant-popconfirm').getByRole('button', { name: '完成评审' }).click();
    await creator.getByText('已有 1 份申报进入下一环节').waitFor();
    await creator.goto(`${baseUrl}/new/grading?projectId=${id}`);
    const preview = creator.locator('.ant-card').filter({ hasText: '定级预览' });
    await preview.locator('.ant-table-row').filter({ hasText: '（审批）' }).getByText('资助').waitFor();
    await preview.getByRole('button', { name: /发布评审结果/ }).click();
    await creator
      .getByRole('dialog')
      .getByRole('button', { name: /发\s*布/ })
      .click();
    await creator.getByText('评审结果已发布').first().waitFor();

    await applicant.goto(`${baseUrl}/new/historyDeclare`);
    await rowOf(applicant, `${title}（审批）`).getByText('已立项（资助）').waitFor();
    await screenshot(applicant, 'whole-path-approval-result-phone');
  });
});
