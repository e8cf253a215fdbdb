import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { apiClient } from '../harness/api';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs, pick } from '../harness/console';
import { serverUrl } from '../harness/workers';

const ADMIN = '13800000002';
const FORM = { fields: [{ id: 'summary', type: 'TEXTAREA', label: '项目摘要', required: true }] };

/** The visible rows of the page's table. */
function rows(page: Page | Locator): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row:visible');
}

/** Picks an option of the select labelled exactly so within a dialog or drawer. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope
    .getByLabel(label, { exact: true })
    .locator('xpath=ancestor::div[contains(@class,"ant-select-selector")][1]')
    .click();
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await open.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await open.waitFor({ state: 'hidden' });
}

async function drawerSave(drawer: Locator): Promise<void> {
  await drawer.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
}

/**
 * 运营管理 as an operator uses it: the libraries (项目流程, 评分规则) and 评审设置 that the project
 * wizard then offers and pre-fills; 项目运营's deadline and element actions on a project of the
 * spec's own; 项目表单, 模板管理, 专家分类, 项目要素 and 运营设置.
 */
describe('运营管理: libraries, defaults and the operators’ views', () => {
  const baseUrl = serverUrl();
  const suffix = Date.now().toString().slice(-6);
  const flowName = `浏览器流程${suffix}`;
  const projectName = `运营测试项目${suffix}`;
  const draftName = `运营草稿${suffix}`;
  const api = apiClient(baseUrl);
  let browser: Browser;
  let admin: Page;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    await api.login(ADMIN);
    // A published project and a draft of the spec's own (the demo's stay as they are).
    const make = async (name: string) =>
      (await api.call('POST', '/st365/projects', { name, flow: [{ kind: 'formal_review' }], settings: {} })).data.id;
    ids.project = await make(projectName);
    ids.draft = await make(draftName);
    const key = (await api.call('GET', `/st365/projects/${ids.project}`)).data.formKey;
    await api.call('PUT', `/st365/project/forms/${key}/schema`, { schema: FORM });
    await api.call('POST', `/st365/project/forms/${key}/publish`);
    await api.call('POST', `/st365/projects/${ids.project}/publish`);
    browser = await launchBrowser();
    admin = await consoleAs(browser, ADMIN);
    await admin.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    // Leave the tenant's defaults and libraries as the demo had them.
    await api.call('PUT', '/st365/projects/operations/review-settings', {});
    const flows: { id: number; name: string }[] = (await api.call('GET', '/st365/projects/operations/flows')).data
      .records;
    for (const f of flows.filter((x) => x.name === flowName))
      await api.call('DELETE', `/st365/projects/operations/flows/${f.id}`);
    const mappings = (await api.call('GET', '/st365/projects/operations/category-domains')).data.records;
    for (const m of mappings) await api.call('DELETE', `/st365/projects/operations/category-domains/${m.id}`);
    // The spec's projects and their declaration forms (the one 用于项目 put in, the one it replaced).
    const keys = new Set<string>();
    for (const id of [ids.project, ids.draft]) {
      const key = (await api.call('GET', `/st365/projects/${id}`)).data?.formKey;
      if (key) keys.add(key);
      await api.call('DELETE', `/st365/projects/${id}`);
    }
    const forms: { key: string; name: string }[] = (await api.call('GET', '/st365/projects/operations/forms')).data
      .records;
    for (const f of forms.filter((x) => x.name.includes(suffix))) keys.add(f.key);
    for (const key of keys) {
      await api.call('DELETE', `/st365/project/forms/${key}`);
      await api.call('DELETE', `/st365/project/recycle/${key}`);
    }
    await admin?.context().close();
    await browser?.close();
  });

  it('项目流程 and 评审设置: a flow built from the libraries becomes the default, and the wizard starts from it', async () => {
    await admin.goto(`${baseUrl}/new/projectFlow`);
    await rows(admin).filter({ hasText: '标准评分流程' }).waitFor();
    await expectAccessible(admin, '项目流程');

    await admin.getByRole('button', { name: /新增评审流程/ }).click();
    const drawer = admin.locator('.ant-drawer-content').filter({ hasText: '新增评审流程' });
    await drawer.getByLabel('流程名称').fill(flowName);
    for (const kind of ['形式审查', '专家评审', '评审结果']) {
      await drawer.getByRole('button', { name: /添加环节/ }).click();
      await admin.getByRole('menuitem', { name: new RegExp(`^${kind}`) }).click();
    }
    // An expert round without items is refused with the flow's own message…
    await drawerSave(drawer);
    await drawer.getByText('第2个环节（专家评审）是评分制，请设置评分项').first().waitFor();
    // …and takes them from 评分规则.
    await drawer.getByRole('button', { name: /使用评分规则/ }).click();
    await admin.getByRole('menuitem', { name: /科技创新项目评分/ }).click();
    await expect.poll(() => drawer.getByLabel('评分项1名称').inputValue()).toBe('创新性');
    await drawer.getByRole('switch', { name: '默认流程' }).click();
    await screenshot(admin, 'ops-flow-form');
    await expectAccessible(admin, '新增评审流程');
    await drawerSave(drawer);
    await admin.getByText('新增成功').first().waitFor();
    const row = rows(admin).filter({ hasText: flowName });
    await row.getByText('默认').waitFor();
    await screenshot(admin, 'ops-flow-library');

    // 评分规则 › 定级方案: a scheme by share of the ranking.
    await admin.goto(`${baseUrl}/new/gradingRule`);
    await rows(admin).filter({ hasText: '科技创新项目评分' }).waitFor();
    await admin.getByRole('tab', { name: '定级方案' }).click();
    await rows(admin).filter({ hasText: '三等奖（按分数线）' }).waitFor();
    await admin.getByRole('button', { name: /新增定级方案/ }).click();
    const scheme = admin.locator('.ant-drawer-content').filter({ hasText: '新增定级方案' });
    await scheme.getByLabel('方案名称').fill(`浏览器定级${suffix}`);
    await scheme.getByRole('radio', { name: '按比例' }).check();
    await scheme.getByRole('button', { name: /添加等级/ }).click();
    await scheme.getByLabel('等级1名称').fill('资助');
    await scheme.getByLabel('等级1比例').fill('40');
    await expectAccessible(admin, '新增定级方案');
    await screenshot(admin, 'ops-grading-scheme');
    await drawerSave(scheme);
    const added = rows(admin).filter({ hasText: `浏览器定级${suffix}` });
    await added.getByText('资助 40%').waitFor();
    await added.getByRole('button', { name: '删除' }).click();
    await admin
      .locator('.ant-popover:not(.ant-popover-hidden)')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await added.waitFor({ state: 'detached' });

    // 评审设置: a new expert round gets 4 experts and the 科普 rule's items.
    await admin.goto(`${baseUrl}/new/reviewSettings`);
    await admin.getByLabel('每份申报评审专家数').fill('4');
    await pick(admin, '默认评分规则', '科普项目评分');
    await expectAccessible(admin, '评审设置');
    await admin.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('保存成功').first().waitFor();
    await screenshot(admin, 'ops-review-settings');

    // The wizard: the default flow is there; a stage added takes the defaults; the library replaces it.
    await admin.goto(`${baseUrl}/new/projectWizard`);
    await admin.getByLabel('项目名称').fill(`向导${suffix}`);
    await admin.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => admin.getByLabel('第1个环节名称').inputValue()).toBe('形式审查');
    await admin.getByRole('button', { name: /添加环节/ }).click();
    await admin.getByRole('menuitem', { name: /^专家评审/ }).click();
    const round = admin.getByRole('group', { name: '第3个环节' });
    await expect.poll(() => round.locator('#stage2-k').inputValue()).toBe('4');
    await expect.poll(() => round.getByLabel('评分项1名称').inputValue()).toBe('科学性');
    await screenshot(admin, 'ops-wizard-defaults');
    await admin.getByRole('button', { name: /从流程库选择/ }).click();
    await admin.getByRole('menuitem', { name: /两级审批流程/ }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: /替\s*换/ })
      .click();
    await expect.poll(() => admin.getByLabel('第1个环节名称').inputValue()).toBe('逐级审批');
    expect(await admin.getByRole('group', { name: /第\d个环节/ }).count()).toBe(1);
  });

  it('项目运营: every project’s stage counts; the operator classifies it, moves its deadline, closes and reopens it', async () => {
    await admin.goto(`${baseUrl}/new/projectManagementOperations`);
    const demo = rows(admin).filter({ hasText: '2026年度示范市科技创新项目' });
    await demo.getByText('工程技术').waitFor();
    await expectAccessible(admin, '项目运营');
    await screenshot(admin, 'ops-operations');
    const row = rows(admin).filter({ hasText: projectName });
    await row.getByText('未归类').waitFor();

    await row.getByRole('button', { name: '设置要素' }).click();
    const elements = admin.getByRole('dialog').filter({ hasText: '设置要素' });
    await choose(admin, elements, '项目类别', '自然科学');
    await choose(admin, elements, '年度', '2027年度');
    await elements.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('项目要素已保存').first().waitFor();
    await row.getByText('2027年度').waitFor();
    // The element filter follows.
    await pick(admin, '筛选：项目类别', '自然科学');
    await expect.poll(() => rows(admin).count()).toBe(1);

    await row.getByRole('button', { name: '调整截止' }).click();
    const deadline = admin.getByRole('dialog').filter({ hasText: '调整截止时间' });
    const input = deadline.getByLabel('新的截止时间');
    await input.click();
    await input.fill('2030-06-30 17:00');
    await input.press('Enter');
    await screenshot(admin, 'ops-deadline');
    await deadline.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('截止时间已调整').first().waitFor();
    await row.getByText('2030-06-30 17:00').waitFor();

    await row.getByRole('button', { name: /更多操作/ }).click();
    await admin.getByRole('menuitem', { name: '截止申报' }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: /截止申报/ })
      .click();
    await row.getByText('已截止').waitFor();
    await row.getByRole('button', { name: '重新开放' }).click();
    await admin
      .getByRole('dialog')
      .filter({ hasText: '重新开放' })
      .getByRole('button', { name: /重新开放/ })
      .click();
    await admin.getByText('项目已重新开放申报').first().waitFor();
    await row.getByText('申报中').waitFor();
  });

  it('项目表单, 模板管理, 专家分类, 项目要素 and 运营设置', async () => {
    // 项目表单: the demo project's form, put into the spec's draft project.
    await admin.goto(`${baseUrl}/new/projectForm`);
    const used = rows(admin).filter({ hasText: '2026年度学会活动经费资助' });
    await used.first().waitFor();
    await expectAccessible(admin, '项目表单');
    await used.first().getByRole('button', { name: '用于项目' }).click();
    await pick(admin, '项目或模板', draftName);
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await admin.getByText('申报表单已更换').first().waitFor();
    await rows(admin).filter({ hasText: draftName }).first().waitFor();
    await screenshot(admin, 'ops-forms');

    // 模板管理: a template from a library flow, renamed, then deleted.
    await admin.goto(`${baseUrl}/new/templateManage`);
    await rows(admin).first().waitFor();
    await admin.getByRole('button', { name: /新增模板/ }).click();
    const create = admin.locator('.ant-drawer-content').filter({ hasText: '新增模板' });
    await create.getByLabel('模板名称').fill(`浏览器模板${suffix}`);
    await pick(admin, '评审流程', '专家审议流程');
    await drawerSave(create);
    const template = rows(admin).filter({ hasText: `浏览器模板${suffix}` });
    await template.getByText('形式审查 → 专家审议 → 资助决定').waitFor();
    await template.getByRole('button', { name: '重命名' }).click();
    const rename = admin.locator('.ant-drawer-content').filter({ hasText: '重命名模板' });
    await expect.poll(() => rename.getByLabel('模板名称').inputValue()).toBe(`浏览器模板${suffix}`);
    await rename.getByLabel('模板名称').fill(`浏览器模板${suffix}（改）`);
    await drawerSave(rename);
    const renamed = rows(admin).filter({ hasText: `浏览器模板${suffix}（改）` });
    await renamed.waitFor();
    await expectAccessible(admin, '模板管理');
    await screenshot(admin, 'ops-templates');
    await renamed.getByRole('button', { name: '删除' }).click();
    await admin
      .locator('.ant-popover:not(.ant-popover-hidden)')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await renamed.waitFor({ state: 'detached' });

    // 专家分类: 科学普及 reviewed by the library's 信息技术 experts.
    await admin.goto(`${baseUrl}/new/classificationExpert`);
    await admin.getByRole('button', { name: /新增专家分类/ }).click();
    const mapping = admin.locator('.ant-drawer-content').filter({ hasText: '新增专家分类' });
    await pick(admin, '项目类别', '科学普及');
    await mapping.getByLabel('评审领域').click();
    await admin
      .locator('.ant-select-tree-node-content-wrapper')
      .filter({ hasText: /^信息技术$/ })
      .click();
    // Close the tree's dropdown as a person would, by clicking beside it (Esc would close the drawer).
    await mapping.getByText('评审领域', { exact: true }).click();
    await drawerSave(mapping);
    await rows(admin).filter({ hasText: '科学普及' }).getByText('信息技术').waitFor();
    await expectAccessible(admin, '专家分类');
    await screenshot(admin, 'ops-classification');

    // 项目要素: the projects by category, then by year.
    await admin.goto(`${baseUrl}/new/projectElements`);
    await rows(admin).filter({ hasText: '工程技术' }).waitFor();
    await admin.getByRole('img', { name: /各项目类别的项目数/ }).waitFor();
    await admin.getByText('年度', { exact: true }).click();
    await rows(admin).filter({ hasText: '2027年度' }).waitFor();
    await expectAccessible(admin, '项目要素');
    await screenshot(admin, 'ops-elements');

    // 运营设置: a whole 组织类别 at a time.
    await admin.goto(`${baseUrl}/new/operationalSettings`);
    await admin.getByRole('button', { name: '高等院校' }).click();
    await admin.locator('.ant-select-selection-item').filter({ hasText: '高校' }).waitFor();
    await expectAccessible(admin, '运营设置');
    await screenshot(admin, 'ops-operational-settings');

    // 组织类别 and 项目要素编辑: the demo's groups of unit types and element values.
    await admin.goto(`${baseUrl}/new/organizationCategory`);
    await rows(admin).filter({ hasText: '高等院校' }).waitFor();
    await expectAccessible(admin, '组织类别');
    await screenshot(admin, 'ops-org-categories');
    await admin.goto(`${baseUrl}/new/projectElementsEditing`);
    await rows(admin).filter({ hasText: '工程技术' }).waitFor();
    await expectAccessible(admin, '项目要素编辑');
    await screenshot(admin, 'ops-elements-editing');
  });
});
