import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { apiClient } from '../harness/api';
import { launchBrowser, screenshot } from '../harness/browser';
import { consoleAs, pick, smsCodeFromOutbox } from '../harness/console';
import { serverUrl } from '../harness/workers';

const ADMIN = '13800000002'; // 示范市科协管理员
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** antd puts a space between the two characters of a two-character button's label. */
const button = (label: string) => new RegExp(`^\\s*${[...label].join('\\s*')}\\s*$`);

/** The list's rows (the table body, without the measure row). */
const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
/** A row by a text in it. */
const rowOf = (scope: Page | Locator, text: string) => rows(scope).filter({ hasText: text });

/**
 * The open dropdown of a select, a tree select or a cascader: not hidden and not on its way out
 * (under load a closing one can stall at opacity 0, which Playwright counts as visible).
 */
const OPEN_DROPDOWN = ':not(.ant-select-dropdown-hidden):not([class*="-leave"])';
const dropdown = (page: Page) =>
  page.locator(`.ant-select-dropdown${OPEN_DROPDOWN}, .ant-cascader-dropdown${OPEN_DROPDOWN}`);

/** A form field's error message. */
const formError = (scope: Page | Locator, text: string) =>
  scope.locator('.ant-form-item-explain-error').filter({ hasText: text }).first();

/** The drawer (or dialog) with this title. */
const drawer = (page: Page, title: string) =>
  page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });

/** Opens a select, tree select or cascader by its control (a label inside a scope, or a locator). */
async function openSelect(scope: Page | Locator, control: string | Locator): Promise<void> {
  const input = typeof control === 'string' ? scope.getByLabel(control, { exact: true }) : control;
  await input.locator('xpath=ancestor::div[contains(@class,"ant-select-selector")][1]').click();
}

/**
 * Closes a dropdown left open (a multiple select stays open after a choice): in a drawer by a click
 * on its title (Escape would close the drawer too), elsewhere by Escape.
 */
async function closeDropdown(page: Page, scope: Page | Locator = page): Promise<void> {
  if (await dropdown(page).count()) {
    if (scope === page) await page.keyboard.press('Escape');
    else await (scope as Locator).locator('.ant-drawer-title').click();
  }
  await expect.poll(() => dropdown(page).count()).toBe(0);
}

/** Chooses a node of a tree select by its own name. */
async function chooseTreeNode(page: Page, scope: Page | Locator, control: string | Locator, node: string) {
  await openSelect(scope, control);
  await dropdown(page)
    .locator('.ant-select-tree-node-content-wrapper')
    .filter({ hasText: new RegExp(`^${node}$`) })
    .first()
    .click();
  await closeDropdown(page, scope);
}

/** Chooses an option of a plain select. */
async function chooseOption(page: Page, scope: Page | Locator, control: string | Locator, option: string) {
  await openSelect(scope, control);
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await closeDropdown(page, scope);
}

/** Chooses a region in the province / city / district cascader, level by level. */
async function chooseRegion(page: Page, scope: Page | Locator, control: string | Locator, names: string[]) {
  await openSelect(scope, control);
  for (const name of names)
    await page
      .locator(`.ant-cascader-dropdown${OPEN_DROPDOWN} .ant-cascader-menu-item`)
      .filter({ hasText: new RegExp(`^${name}$`) })
      .first()
      .click();
  await page.locator(`.ant-cascader-dropdown${OPEN_DROPDOWN}`).waitFor({ state: 'detached' });
}

/**
 * The Popconfirm on screen: not hidden and not on its way out (under load a closing one can stall
 * at opacity 0, still in the document and, to Playwright, visible).
 */
const OPEN_POP = '.ant-popconfirm:not(.ant-popover-hidden):not([class*="-leave"])';
const popconfirm = (page: Page) => page.locator(OPEN_POP);

/** Confirms the open Popconfirm with its OK button. */
async function confirmPop(page: Page, ok: string): Promise<void> {
  await popconfirm(page)
    .getByRole('button', { name: button(ok) })
    .click();
}

/** Answers the open Popconfirm with one of its buttons, and waits until it has gone. */
async function answerPop(page: Page, label: string): Promise<void> {
  await confirmPop(page, label);
  await expect.poll(() => page.locator(OPEN_POP).count()).toBe(0);
}

/** The kit's search form: 关键词, then 查询. */
async function search(page: Page, keyword: string): Promise<void> {
  await page.getByLabel('关键词').fill(keyword);
  // Not anchored: a button that is loading has its spinner in its name.
  await page.getByRole('button', { name: /查\s*询/ }).click();
}

/** Opens the search form's fields beyond its first row (展开), when they are folded. */
async function expandSearch(page: Page): Promise<void> {
  const toggle = page.locator('.ant-pro-query-filter-collapse-button');
  await toggle.waitFor();
  if (((await toggle.textContent()) ?? '').includes('展开')) await toggle.click();
  await expect.poll(async () => (await toggle.textContent()) ?? '').toContain('收起');
}

/** Today in China as the library's export names it (专家库_20261125.xlsx). */
const chinaDay = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');

/** 导出: the job starts, the progress dialog reaches 已完成 and offers the file, which downloads. */
async function exportsFile(page: Page, dialog: string, fileName: string): Promise<void> {
  // The button's icon is part of its name (download 导出).
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

/** The page does not scroll sideways (a phone's width holds it). */
async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A chart by its accessible name, drawn (its canvas is there). */
async function chart(page: Page, name: string): Promise<void> {
  await page.getByRole('img', { name }).locator('canvas').first().waitFor();
}

describe('专家库 (administrators): library, approval, domains, labels and statistics', () => {
  const baseUrl = serverUrl();
  // Names and phones of this run: reruns and other specs on the same server never collide.
  const stamp = String(Date.now()).slice(-8);
  const suffix = stamp.slice(-5);
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  // Each test's consoles, closed after it whether it passed or not.
  let opened: Page[] = [];
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      for (const [i, p] of opened.entries()) await screenshot(p, `experts-library-failed-${i}`).catch(() => undefined);
    await Promise.all(opened.map((p) => p.context().close()));
    opened = [];
  });

  /** The administrator's console at a screen of the module. */
  async function open(route: string, viewport = DESKTOP): Promise<Page> {
    const page = await consoleAs(browser, ADMIN);
    opened.push(page);
    await page.setViewportSize(viewport);
    await page.goto(`${baseUrl}/new${route}`);
    return page;
  }

  describe('专家管理', () => {
    const name = `库测试${suffix}`;
    const mobile = `137${stamp}`;

    it('searches by keyword, status, domain (with its sub-domains) and label', async () => {
      const page = await open('/expertManagement');
      // Newest first, 20 to a page: the demo's thirty experts fill more than one.
      await rows(page).first().waitFor();
      await page
        .locator('.ant-pagination-total-text')
        .filter({ hasText: /共\s*\d{2,}\s*条/ })
        .waitFor();
      await expectAccessible(page, '专家管理');
      await screenshot(page, 'experts-library');

      await search(page, '赵专家');
      await expect.poll(() => rows(page).count()).toBe(1);
      await search(page, '');
      await expect.poll(() => rows(page).count()).toBeGreaterThan(10);

      // The kit's search form with the library's own controls (the domain tree, labels, regions).
      await expandSearch(page);
      const query = () => page.getByRole('button', { name: /查\s*询/ }).click();
      // 人工智能: every expert shown has it, 赵专家 among them.
      await chooseTreeNode(page, page, '专业领域', '人工智能');
      await query();
      await rowOf(page, '赵专家').waitFor();
      await expect.poll(() => rows(page).filter({ hasNotText: '人工智能' }).count()).toBe(0);
      // A top-level domain takes the experts of the domains below it.
      await chooseTreeNode(page, page, '专业领域', '信息技术');
      await query();
      await expect.poll(() => rows(page).filter({ hasText: '软件工程' }).count()).toBeGreaterThan(0);
      await expect.poll(() => rows(page).filter({ hasNotText: '信息技术' }).count()).toBe(0);
      // With a label too: both hold.
      await chooseOption(page, page, '标签', '评审专家库');
      await query();
      await rowOf(page, '赵专家').waitFor();
      await expect.poll(() => rows(page).filter({ hasNotText: '评审专家库' }).count()).toBe(0);
      await expect.poll(() => rows(page).filter({ hasNotText: '信息技术' }).count()).toBe(0);
      await expectAccessible(page, '专家管理：筛选');
      await screenshot(page, 'experts-library-filtered');
      await page.getByRole('button', { name: /重\s*置/ }).click();
      await expect.poll(() => rows(page).filter({ hasNotText: '评审专家库' }).count()).toBeGreaterThan(0);

      // The status filter of the search form: only the disabled.
      await pick(page, '状态', '已停用');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await expect.poll(() => rows(page).filter({ hasNotText: '已停用' }).count()).toBe(0);
      await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    });

    it('adds an expert, opens the profile, edits, disables and enables, exports, deletes', async () => {
      const page = await open('/expertManagement');
      await rows(page).first().waitFor();
      await page.getByRole('button', { name: /新增专家/ }).click();
      const create = drawer(page, '新增专家');
      await create.getByLabel('姓名').fill(name);
      await create.getByLabel('手机号').fill(mobile);
      // Without a domain the form says so, as the server would.
      await create.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
      await formError(create, '请选择专业领域').waitFor();
      await create.getByRole('radio', { name: '女' }).check();
      await chooseOption(page, create, '所属单位', '示范大学');
      await create.getByLabel('职称').fill('研究员');
      await chooseRegion(page, create, '所在地区', ['浙江省', '杭州市', '西湖区']);
      await chooseTreeNode(page, create, '专业领域', '机器人');
      await chooseTreeNode(page, create, '专业领域', '人工智能');
      await chooseOption(page, create, '标签', '青年人才');
      await chooseOption(page, create, '回避单位', '示范智造科技有限公司');
      await create.getByLabel('个人简介').fill('从事工业机器人控制与机器视觉研究。');
      await formError(create, '请选择专业领域').waitFor({ state: 'detached' });
      await expectAccessible(page, '新增专家');
      await screenshot(page, 'experts-library-form');
      await create.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
      await page.getByText('新增成功').first().waitFor();
      // The toast itself (every other check leaves toasts out: harness/a11y.ts).
      await expectAccessible(page, '新增成功提示', ['.ant-message']);

      await search(page, mobile);
      const row = rowOf(page, mobile);
      await row.getByText('先进制造 / 机器人').waitFor();
      await row.getByText('已入库').waitFor();
      await expect.poll(() => rows(page).count()).toBe(1);

      // The profile page.
      await row.getByRole('link', { name }).click();
      await page.waitForURL(/\/expertManagementDetail\?id=\d+$/);
      const profile = page.locator('.ant-descriptions');
      await profile.getByText('浙江省 / 杭州市 / 西湖区').waitFor();
      await profile.getByText('信息技术 / 人工智能').waitFor();
      await profile.getByText('示范智造科技有限公司').waitFor();
      await profile.getByText('后台添加').waitFor();
      await page.getByText('从事工业机器人控制与机器视觉研究。').waitFor();
      await expectAccessible(page, '专家详情');
      await screenshot(page, 'experts-detail');
      const detailUrl = page.url();
      // A phone opens the page anew (the menu becomes a closed drawer).
      await page.setViewportSize(PHONE);
      await page.goto(detailUrl);
      await profile.getByText('示范大学').waitFor();
      await screenshot(page, 'experts-detail-phone');
      await noSidewaysScroll(page);
      await page.setViewportSize(DESKTOP);

      // 编辑 from the list: the title changes.
      await page.goto(`${baseUrl}/new/expertManagement`);
      await search(page, mobile);
      await rowOf(page, mobile).getByRole('button', { name: '编辑' }).click();
      const edit = drawer(page, '编辑专家');
      await expect.poll(() => edit.getByLabel('姓名').inputValue()).toBe(name);
      expect(await edit.getByLabel('手机号').isDisabled()).toBe(true);
      await edit.getByLabel('职称').fill('正高级工程师');
      await edit.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
      await page.getByText('保存成功').first().waitFor();
      await rowOf(page, mobile).getByText('正高级工程师').waitFor();

      // 停用, then 启用, each after its confirmation.
      await rowOf(page, mobile)
        .getByRole('button', { name: button('停用') })
        .click();
      await confirmPop(page, '停用');
      await page.getByText('已停用').first().waitFor();
      await rowOf(page, mobile).getByText('已停用').waitFor();
      await rowOf(page, mobile)
        .getByRole('button', { name: button('启用') })
        .click();
      await confirmPop(page, '启用');
      await rowOf(page, mobile).getByText('已入库').waitFor();
      await page.goto(detailUrl);
      await page.locator('.ant-card-head').getByText('已入库').waitFor();

      // 导出 of what the search shows.
      await page.goto(`${baseUrl}/new/expertManagement`);
      await rows(page).first().waitFor();
      await exportsFile(page, '专家：导出', `专家库_${chinaDay()}.xlsx`);

      // 删除: the expert leaves the library (so other specs' draws never meet it).
      await search(page, mobile);
      await rowOf(page, mobile).getByRole('button', { name: '删除' }).click();
      await confirmPop(page, '删除');
      await page.getByText('删除成功').first().waitFor();
      await expect.poll(() => rows(page).count()).toBe(0);
    }, 150_000);

    it('fits a phone: the filters stack, the list scrolls inside its table', async () => {
      const page = await open('/expertManagement', PHONE);
      await rows(page).first().waitFor();
      await page.getByRole('button', { name: /新增/ }).waitFor();
      await expectAccessible(page, '专家管理（手机）');
      await screenshot(page, 'experts-library-phone');
      await noSidewaysScroll(page);
    });
  });

  describe('专家审核', () => {
    // A person of this run applies, so the demo's waiting registrations (褚专家, 王会员) stay as the
    // login specs expect them.
    const person = `审核测试${suffix}`;
    const mobile = `136${stamp}`;
    const applicant = apiClient(baseUrl);
    const ops = apiClient(baseUrl);
    const reason = '职称变更请附证书扫描件后重新提交。';

    /** The person's profile as an application or a change: 示范大学, 人工智能, 西湖区. */
    async function profile(title: string) {
      const units = (await ops.call('GET', '/st365/experts/unit-options')).data.list as { id: number; name: string }[];
      const domains = (await ops.call('GET', '/st365/experts/domains/options')).data.list as {
        id: number;
        name: string;
      }[];
      return {
        name: person,
        gender: '男',
        email: '',
        unitId: units.find((u) => u.name === '示范大学')?.id ?? null,
        unitName: '',
        position: '',
        title,
        education: '博士研究生',
        regionCode: '330106',
        domainIds: [domains.find((d) => d.name === '信息技术 / 人工智能')?.id],
        avoidUnitIds: [],
        intro: '从事自然语言处理研究。',
      };
    }

    it('a registration: 褚专家’s application is shown in full; the run’s own applicant is passed', async () => {
      const page = await open('/audit-list-of-experts');
      // The applicant registers (SMS code), the administrator passes the account, the person applies.
      await ops.login(ADMIN);
      const visitor = apiClient(baseUrl);
      const sent = await visitor.call('POST', '/st365/auth/sms/code', { phoneNumber: mobile, purpose: 'register' });
      expect(sent.code, sent.msg).toBe(200);
      const code = await smsCodeFromOutbox(page, baseUrl, mobile);
      const registered = await visitor.call('POST', '/st365/auth/register', {
        name: person,
        phoneNumber: mobile,
        code,
        password: 'Demo@123',
      });
      expect(registered.code, registered.msg).toBe(200);
      const waiting = await ops.call('GET', '/st365/identity/audit/users');
      const user = (waiting.data.records as { userId: number; name: string }[]).find((u) => u.name === person);
      const passed = await ops.call('POST', `/st365/identity/audit/users/${user?.userId}/review`, { approved: true });
      expect(passed.code, passed.msg).toBe(200);
      await applicant.login(mobile);
      const applied = await applicant.call('PUT', '/st365/experts/mine', await profile('研究员'));
      expect(applied.code, applied.msg).toBe(200);

      await page.goto(`${baseUrl}/new/audit-list-of-experts`);
      await rowOf(page, person).waitFor();
      await expectAccessible(page, '专家审核');
      await screenshot(page, 'experts-audit');
      await page.getByRole('tab', { name: '入库申请' }).click();
      await expect.poll(() => rows(page).filter({ hasText: '信息变更' }).count()).toBe(0);
      await rowOf(page, person).waitFor();

      // 褚专家's application as he sent it; the drawer closes without a decision.
      await rowOf(page, '褚专家').getByRole('button', { name: '审核' }).click();
      const chu = drawer(page, '审核入库申请：褚专家');
      await chu.getByText('申请信息').waitFor();
      await chu.locator('.ant-descriptions').getByText('信息技术 / 集成电路').waitFor();
      await chu.getByText('从事集成电路设计与验证研究。').waitFor();
      await expectAccessible(page, '专家审核：入库申请');
      await screenshot(page, 'experts-audit-register');
      await chu.getByRole('button', { name: button('取消') }).click();
      await chu.waitFor({ state: 'hidden' });

      // Keyword search, then 通过.
      const box = page.getByLabel('搜索姓名、手机号或工作单位');
      await box.fill(person);
      await box.press('Enter');
      await expect.poll(() => rows(page).count()).toBe(1);
      await rowOf(page, person).getByRole('button', { name: '审核' }).click();
      const audit = drawer(page, `审核入库申请：${person}`);
      await audit.locator('.ant-descriptions').getByText('研究员').waitFor();
      await audit.getByRole('button', { name: button('通过') }).click();
      await page.getByText('已审核通过').first().waitFor();
      await expect.poll(() => rows(page).count()).toBe(0);
      const mine = (await applicant.call('GET', '/st365/experts/mine')).data;
      expect(mine.expert.status).toBe(1);
    }, 120_000);

    it('a change: before → after; 不通过 needs a reason, which the expert then sees; 导出 gives the file', async () => {
      const changed = await applicant.call('PUT', '/st365/experts/mine', await profile('正高级工程师'));
      expect(changed.code, changed.msg).toBe(200);
      const page = await open('/audit-list-of-experts');
      await rowOf(page, person).waitFor();
      await page.getByRole('tab', { name: '信息变更' }).click();
      await expect.poll(() => rows(page).filter({ hasText: '入库申请' }).count()).toBe(0);
      const row = rowOf(page, person);
      await row.getByText('职称').waitFor();
      await row.getByRole('button', { name: '审核' }).click();
      const audit = drawer(page, `审核信息变更：${person}`);
      const diff = audit.getByRole('region', { name: '变更内容' });
      const title = diff.getByRole('row').filter({ hasText: '职称' });
      await title.getByText('研究员').waitFor();
      await title.getByText('正高级工程师').waitFor();
      await audit.getByRole('region', { name: '当前专家信息' }).getByText('研究员').first().waitFor();
      await expectAccessible(page, '专家审核：信息变更');
      await screenshot(page, 'experts-audit-change');

      await audit.getByRole('button', { name: button('不通过') }).click();
      await formError(audit, '请填写不通过的原因').waitFor();
      await audit.getByLabel('审核意见').fill(reason);
      await audit.getByRole('button', { name: button('不通过') }).click();
      await page.getByText('已退回，已通知专家').first().waitFor();
      await expect.poll(() => rowOf(page, person).count()).toBe(0);
      const mine = (await applicant.call('GET', '/st365/experts/mine')).data;
      expect(mine.pendingChange).toBeNull();
      expect(mine.expert.rejectReason).toBe(reason);
      expect(mine.expert.title).toBe('研究员');

      await page.getByRole('tab', { name: '全部' }).click();
      await rowOf(page, '褚专家').waitFor();
      await exportsFile(page, '专家审核：导出', '专家审核.xlsx');

      await page.setViewportSize(PHONE);
      await page.reload();
      await rowOf(page, '褚专家').waitFor();
      await expectAccessible(page, '专家审核（手机）');
      await screenshot(page, 'experts-audit-phone');
      await noSidewaysScroll(page);
      await rowOf(page, '褚专家').getByRole('button', { name: '审核' }).click();
      await drawer(page, '审核入库申请：褚专家').getByText('申请信息').waitFor();
      await screenshot(page, 'experts-audit-register-phone');
      await noSidewaysScroll(page);
    }, 120_000);
  });

  describe('专家领域分类 and 标签管理', () => {
    const domain = `测试领域${suffix}`;
    const sub = `测试子领域${suffix}`;
    const label = `测试标签${suffix}`;

    it('adds a domain and a sub-domain under it (新增下级), then removes both', async () => {
      const page = await open('/expertDomainClassification');
      await rowOf(page, '人工智能').waitFor();
      await expectAccessible(page, '专家领域分类');
      await screenshot(page, 'experts-domains');

      await page.getByRole('button', { name: /新增专业领域/ }).click();
      const create = drawer(page, '新增专业领域');
      await create.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
      await formError(create, '请输入领域名称').waitFor();
      await create.getByLabel('领域名称').fill(domain);
      await create.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
      await page.getByText('新增成功').first().waitFor();
      await rowOf(page, domain).waitFor();

      await rowOf(page, domain).getByRole('button', { name: '新增下级' }).click();
      const child = drawer(page, '新增专业领域');
      await child.locator('.ant-select-selection-item').filter({ hasText: domain }).waitFor();
      await child.getByLabel('领域名称').fill(sub);
      await child.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
      await rowOf(page, sub).waitFor();
      // The sub-domain sits under its parent and names it.
      await rowOf(page, sub).getByText(domain).waitFor();
      await screenshot(page, 'experts-domains-added');

      // The new domains are offered in the library's filter at once.
      await page.goto(`${baseUrl}/new/expertManagement`);
      await expandSearch(page);
      await openSelect(page, '专业领域');
      await dropdown(page).getByText(sub, { exact: true }).waitFor();
      await closeDropdown(page);

      await page.goto(`${baseUrl}/new/expertDomainClassification`);
      await rowOf(page, domain).getByRole('button', { name: '删除' }).first().click();
      await confirmPop(page, '删除');
      await page.getByText('请先删除下级领域').first().waitFor();
      await answerPop(page, '取消');
      await rowOf(page, sub).getByRole('button', { name: '删除' }).click();
      await confirmPop(page, '删除');
      await expect.poll(() => rowOf(page, sub).count()).toBe(0);
      await rowOf(page, domain).getByRole('button', { name: '删除' }).click();
      await confirmPop(page, '删除');
      await expect.poll(() => rowOf(page, domain).count()).toBe(0);

      await page.setViewportSize(PHONE);
      await page.reload();
      await rowOf(page, '人工智能').waitFor();
      await screenshot(page, 'experts-domains-phone');
      await noSidewaysScroll(page);
    }, 90_000);

    it('adds a label, which the library then offers; removes it', async () => {
      const page = await open('/label-management');
      await rowOf(page, '科技智库专家').waitFor();
      await expectAccessible(page, '标签管理');
      await screenshot(page, 'experts-labels');

      await page.getByRole('button', { name: /新增标签/ }).click();
      const create = drawer(page, '新增标签');
      await create.getByLabel('标签名称').fill(label);
      await create.getByLabel('说明').fill('浏览器测试添加的标签');
      await create.getByRole('button', { name: /确\s*认|确\s*定/ }).click();
      await page.getByText('新增成功').first().waitFor();
      await rowOf(page, label).getByText('浏览器测试添加的标签').waitFor();

      await page.goto(`${baseUrl}/new/expertManagement`);
      await expandSearch(page);
      await openSelect(page, '标签');
      await dropdown(page).locator('.ant-select-item-option').filter({ hasText: label }).waitFor();
      await closeDropdown(page);

      await page.goto(`${baseUrl}/new/label-management`);
      await rowOf(page, label).getByRole('button', { name: '删除' }).click();
      await confirmPop(page, '删除');
      await expect.poll(() => rowOf(page, label).count()).toBe(0);

      await page.setViewportSize(PHONE);
      await page.reload();
      await rowOf(page, '科技智库专家').waitFor();
      await screenshot(page, 'experts-labels-phone');
      await noSidewaysScroll(page);
    });
  });

  describe('专家统计', () => {
    const charts = [
      '各一级专业领域的入库专家数',
      '各标签的入库专家数',
      '入库专家的职称分布',
      '入库专家的性别分布',
      '各地区的入库专家数',
      '近12个月每月新入库的专家数',
    ];

    it('draws its figures and six charts', async () => {
      const page = await open('/expertStatistics');
      for (const name of charts) await chart(page, name);
      for (const title of ['入库专家', '待审核', '变更待审', '已停用', '遴选次数', '确认率'])
        await page.locator('.ant-statistic-title').getByText(title, { exact: true }).waitFor();
      const active = page.locator('.ant-statistic').filter({ hasText: '入库专家' });
      await expect
        .poll(async () => Number(/(\d+)\s*人/.exec((await active.textContent()) ?? '')?.[1] ?? 0))
        .toBeGreaterThan(20);
      await expectAccessible(page, '专家统计');
      await screenshot(page, 'experts-statistics');
    });

    it('fits a phone: cards and charts stacked, no sideways scroll', async () => {
      const page = await open('/expertStatistics', PHONE);
      for (const name of charts) await chart(page, name);
      await expectAccessible(page, '专家统计（手机）');
      await screenshot(page, 'experts-statistics-phone');
      await noSidewaysScroll(page);
    });
  });
});
