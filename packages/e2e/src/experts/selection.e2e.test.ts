import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { apiClient } from '../harness/api';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs, pick, smsCodeFromOutbox } from '../harness/console';
import { serverUrl } from '../harness/workers';

const ADMIN = '13800000002'; // 示范市科协管理员
const TENANT = '示范市科学技术协会';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** antd puts a space between the two characters of a two-character button's label. */
const button = (label: string) => new RegExp(`^\\s*${[...label].join('\\s*')}\\s*$`);

/** The open dropdown of a select, a tree select or a cascader. */
const dropdown = (page: Page) =>
  page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-cascader-dropdown:not(.ant-select-dropdown-hidden)',
  );

/** Opens a select (or tree select) found by its label inside a scope. */
async function openSelect(scope: Page | Locator, label: string): Promise<void> {
  await scope
    .getByLabel(label, { exact: true })
    .locator('xpath=ancestor::div[contains(@class,"ant-select-selector")][1]')
    .click();
}

/** Chooses a node of a tree select by its own name; a multiple one is closed afterwards. */
async function chooseTreeNode(page: Page, scope: Page | Locator, label: string, node: string): Promise<void> {
  await openSelect(scope, label);
  await dropdown(page)
    .locator('.ant-select-tree-node-content-wrapper')
    .filter({ hasText: new RegExp(`^${node}$`) })
    .first()
    .click();
  if (await dropdown(page).count()) await page.keyboard.press('Escape');
  await dropdown(page).waitFor({ state: 'hidden' });
}

/** Chooses an option of a plain select inside a scope. */
async function chooseOption(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await openSelect(scope, label);
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  if (await dropdown(page).count()) await page.keyboard.press('Escape');
  await dropdown(page).waitFor({ state: 'hidden' });
}

/** Chooses a region in the province / city / district cascader, level by level. */
async function chooseRegion(page: Page, label: string, names: string[]): Promise<void> {
  await openSelect(page, label);
  for (const name of names)
    await page
      .locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden) .ant-cascader-menu-item')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .first()
      .click();
  await page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/** A job's progress dialog: it reaches 已完成 and the file downloads under the server's name. */
async function downloadFromProgress(page: Page, dialog: string, fileName: string): Promise<void> {
  const progress = page.getByRole('dialog', { name: dialog });
  await progress.getByText('下载地址：').waitFor({ timeout: 30_000 });
  await progress.getByText('已完成').waitFor();
  const downloaded = page.waitForEvent('download');
  await progress.getByText(fileName).click();
  expect((await downloaded).suggestedFilename()).toBe(fileName);
  await progress.getByRole('button', { name: 'Close' }).click();
  await progress.waitFor({ state: 'hidden' });
}

/** A form field's error message. */
const formError = (scope: Page | Locator, text: string) =>
  scope.locator('.ant-form-item-explain-error').filter({ hasText: text }).first();

/** The picks table's rows of a group (第N组), in order. */
const groupRows = (page: Page, group: number) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `第${group}组` });
/** A pick's row by the expert's name. */
const pickRow = (page: Page, name: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

// Each step is a person's whole errand on a screen or two; on a busy machine one takes more than a minute.
describe('专家遴选: a draw with the form, answers, 复核 and the log; the invitation link; 我的专家信息', {
  timeout: 120_000,
}, () => {
  const baseUrl = serverUrl();
  const suffix = Date.now().toString(36).slice(-5);
  const title = `示范遴选${suffix}`;
  const seed = 'c0ffee42';
  let browser: Browser;
  let drawUrl = '';
  let substitute = '';
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  let opened: Page[] = [];
  afterEach(async () => {
    await Promise.all(opened.map((p) => p.context().close()));
    opened = [];
  });
  async function admin(viewport = DESKTOP): Promise<Page> {
    const page = await consoleAs(browser, ADMIN);
    opened.push(page);
    await page.setViewportSize(viewport);
    return page;
  }

  it('the administrator draws with the form: two groups, a 回避单位 and an own seed; the result follows', async () => {
    const page = await admin();
    await page.goto(`${baseUrl}/new/expertSelection`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await expectAccessible(page, '专家遴选');
    await screenshot(page, 'experts-selection-list');

    await page.getByRole('button', { name: /新建遴选/ }).click();
    await page.waitForURL(/\/setSelectionExpert$/);
    await page.getByLabel('遴选名称').fill(title);
    await page.getByLabel('说明').fill('评审会定于12月5日在示范市科协举行，请于11月30日前确认。');

    // A group without a domain, a label or a region is refused, as the server would.
    await page.getByRole('button', { name: '开始抽取' }).click();
    await formError(page, '每组请至少选择领域、标签或地区之一').waitFor();
    // So is a seed that is not 8 hexadecimal digits.
    await page.getByLabel('随机种子（选填）').fill('xyz');
    await page.getByLabel('随机种子（选填）').blur();
    await formError(page, '随机种子为8位十六进制数（0-9、a-f）').waitFor();
    await page.getByLabel('随机种子（选填）').fill(seed);

    const first = page.getByRole('group', { name: '第1组' });
    await chooseTreeNode(page, first, '专业领域', '信息技术');
    await first.getByLabel('抽取人数').fill('2');
    await first.getByLabel('候补人数').fill('2');
    await page.getByRole('button', { name: /添加一组/ }).click();
    const second = page.getByRole('group', { name: '第2组' });
    await chooseTreeNode(page, second, '专业领域', '先进制造');
    await second.getByLabel('候补人数').fill('1');
    await pick(page, '回避单位', '示范智造科技有限公司');
    await expect.poll(() => formError(page, '每组请至少选择领域、标签或地区之一').count()).toBe(0);
    await expectAccessible(page, '新建遴选');
    await screenshot(page, 'experts-selection-form');

    await page.getByRole('button', { name: '开始抽取' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '开始抽取？' });
    await confirm.getByRole('button', { name: '开始抽取' }).click();
    await page.waitForURL(/\/selectionResult\?id=\d+/);
    drawUrl = page.url();
    await page.getByText('已抽取 3 名专家，并已发送邀请').first().waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText(seed, { exact: true }).waitFor();
    await page.locator('.ant-descriptions').getByText('示范智造科技有限公司').waitFor();
    await page.getByText('领域：信息技术').waitFor();
    await page.getByText('领域：先进制造').waitFor();
    await expect.poll(() => groupRows(page, 1).count()).toBe(4);
    await expect.poll(() => groupRows(page, 2).count()).toBe(2);
    await expect.poll(() => page.locator('.ant-table-tbody').getByText('待确认').count()).toBe(3);
    await expectAccessible(page, '遴选结果');
    await screenshot(page, 'experts-selection-result');
  });

  it('代为拒绝 needs a reason and invites the next substitute; 复核 says 一致; the log downloads', async () => {
    const page = await admin();
    await page.goto(drawUrl);
    await expect.poll(() => groupRows(page, 1).count()).toBe(4);
    const declined = (await groupRows(page, 1).nth(0).locator('td').nth(3).textContent()) ?? '';
    substitute = (await groupRows(page, 1).nth(2).locator('td').nth(3).textContent()) ?? '';
    await pickRow(page, substitute).getByText('候补').first().waitFor();

    await pickRow(page, declined)
      .getByRole('button', { name: /代为拒绝/ })
      .click();
    const dialog = page.getByRole('dialog', { name: `代为拒绝：${declined}` });
    await dialog.getByRole('button', { name: '确认拒绝' }).click();
    await formError(dialog, '请填写不能参加的原因').waitFor();
    await dialog.getByLabel('不能参加的原因').fill('电话联系：评审会期间出国');
    await expectAccessible(page, '代为拒绝');
    await dialog.getByRole('button', { name: '确认拒绝' }).click();
    await page.getByText(`已代${declined}拒绝，已邀请下一位候补专家${substitute}`).first().waitFor();
    await pickRow(page, declined).getByText('已拒绝').waitFor();
    await pickRow(page, declined).getByText('电话联系：评审会期间出国').waitFor();
    await pickRow(page, declined)
      .getByText(/代为答复/)
      .waitFor();
    await pickRow(page, substitute).getByText('待确认').waitFor();

    await page.getByRole('button', { name: /复\s*核/ }).click();
    const verify = page.getByRole('dialog', { name: '复核抽取结果' });
    await verify.getByText('一致', { exact: true }).waitFor();
    await verify.getByText(`用随机种子 ${seed} 和记录的候选名单重新计算`, { exact: false }).waitFor();
    await verify.getByText(substitute).first().waitFor();
    await expectAccessible(page, '复核');
    await screenshot(page, 'experts-selection-verify');
    await verify.getByRole('button', { name: button('关闭') }).click();
    await verify.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /导出记录/ }).click();
    await downloadFromProgress(page, '导出遴选记录', `专家遴选记录-${title}-种子${seed}.xlsx`);
  });

  it('the list finds the draw, opens its result and exports; the screens fit a 390 px phone', async () => {
    const page = await admin();
    await page.goto(`${baseUrl}/new/expertSelection`);
    const box = page.getByPlaceholder('遴选名称');
    await box.fill(title);
    await box.press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: title });
    await row.getByText('进行中').waitFor();
    await row.getByText(seed).waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await page
      .getByRole('button', { name: /导\s*出/ })
      .first()
      .click();
    await downloadFromProgress(page, '专家遴选：导出', '专家遴选.xlsx');
    await row.getByRole('button', { name: /查看结果/ }).click();
    await page.waitForURL(/\/selectionResult\?id=\d+/);
    await page.getByRole('heading', { name: title }).waitFor();

    // A phone opens the page at its own size (the console's header is laid out at load).
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.locator('.ant-list').getByText(substitute).first().waitFor();
    await expectAccessible(page, '遴选结果（手机）');
    await screenshot(page, 'experts-selection-result-phone');
    await page.goto(`${baseUrl}/new/expertSelection`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await screenshot(page, 'experts-selection-list-phone');
    await page.goto(`${baseUrl}/new/setSelectionExpert`);
    await page.getByLabel('遴选名称').waitFor();
    await expectAccessible(page, '新建遴选（手机）');
    await screenshot(page, 'experts-selection-form-phone');
  });

  it('the invited substitute opens the link of the SMS on a phone: a reason is needed to decline; confirms', async () => {
    // The SMS as the administrator's outbox keeps it: the newest invitation of this draw is the substitute's.
    const outbox = await admin();
    await outbox.goto(`${baseUrl}/new/smsOutbox`);
    const search = outbox.getByPlaceholder('手机号或内容');
    await search.fill(title);
    await search.press('Enter');
    const rows = outbox.locator('.ant-table-row').filter({ hasText: title });
    await expect.poll(() => rows.count()).toBe(4);
    const text = (await rows.first().textContent()) ?? '';
    const link = /(https?:\/\/[^\s，。]+\/expert-invitation\?token=([\w-]+))/.exec(text);
    expect(link, text).not.toBeNull();
    const token = link?.[2] ?? '';

    const phone = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    opened.push(phone);
    // The console is served under /new/ (the SMS link's path is the server's; see the report).
    await phone.goto(`${baseUrl}/new/expert-invitation?token=${token}`);
    await phone.getByText(TENANT).waitFor();
    await phone.getByText(`尊敬的${substitute}专家：`).waitFor();
    await phone.getByText(title).waitFor();
    await phone.getByText('评审会定于12月5日在示范市科协举行，请于11月30日前确认。').waitFor();
    await phone.getByText('待确认').waitFor();
    await expectAccessible(phone, '专家遴选邀请');
    await screenshot(phone, 'experts-invitation-phone');

    await phone.getByRole('button', { name: '无法参加' }).click();
    await phone.getByRole('button', { name: button('提交') }).click();
    await formError(phone, '请填写不能参加的原因').waitFor();
    await phone.getByRole('button', { name: button('返回') }).click();
    await phone.getByRole('button', { name: '确认参加' }).click();
    await phone.getByText('您已确认参加').waitFor();
    await phone.getByText('已确认', { exact: true }).waitFor();
    await expectAccessible(phone, '专家遴选邀请：已确认');
    await screenshot(phone, 'experts-invitation-confirmed-phone');

    // The same link again on a desktop: the answer stands.
    await outbox.goto(`${baseUrl}/new/expert-invitation?token=${token}`);
    await outbox.getByText('您已确认参加').waitFor();
    await screenshot(outbox, 'experts-invitation-confirmed');

    // A wrong link says so.
    await phone.goto(`${baseUrl}/new/expert-invitation?token=nope`);
    await phone.getByText('邀请链接无效或已失效').waitFor();
    await expectAccessible(phone, '专家遴选邀请：无效链接');
    await screenshot(phone, 'experts-invitation-invalid-phone');

    // The administrator sees who answered.
    await outbox.goto(drawUrl);
    await pickRow(outbox, substitute).getByText('已确认').waitFor();
    await expect.poll(async () => (await pickRow(outbox, substitute).textContent()) ?? '').toContain(substitute);
  });

  it('a group whose substitutes all declined warns of the shortfall', async () => {
    const page = await admin();
    await page.goto(drawUrl);
    await expect.poll(() => groupRows(page, 2).count()).toBe(2);
    const names = await Promise.all(
      [0, 1].map(async (i) => (await groupRows(page, 2).nth(i).locator('td').nth(3).textContent()) ?? ''),
    );
    for (const name of names) {
      await pickRow(page, name)
        .getByRole('button', { name: /代为拒绝/ })
        .click();
      const dialog = page.getByRole('dialog', { name: `代为拒绝：${name}` });
      await dialog.getByLabel('不能参加的原因').fill('时间冲突');
      await dialog.getByRole('button', { name: '确认拒绝' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await pickRow(page, name).getByText('已拒绝').waitFor();
    }
    await page.getByText(`已代${names[1]}拒绝；第2组候补已用完`).first().waitFor();
    await page.getByText('还差 1 人：候补已用完').waitFor();
    await expectAccessible(page, '遴选结果：候补已用完');
  });

  describe('我的专家信息 on a phone: a person registered for this run applies, is refused, resubmits and joins', () => {
    const person = `申请人${suffix}`;
    const mobile = `135${String(Date.now()).slice(-8)}`;
    const password = 'Apply@2026';
    const ops = apiClient(baseUrl);
    let expertId = 0;

    /** The person logs in on a phone; once they have applied, the login asks which identity (not 专家). */
    async function member(): Promise<Page> {
      const page = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
      opened.push(page);
      await page.goto(`${baseUrl}/new/login`);
      await page.getByPlaceholder('手机号或账号').fill(mobile);
      await page.getByPlaceholder('密码').fill(password);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      const greeting = page.getByRole('heading', { name: /^您好，/ });
      const choose = page.getByText('选择登录身份');
      await greeting.or(choose).first().waitFor();
      if (await choose.isVisible())
        await page
          .locator('.ant-list-item')
          .filter({ hasNotText: '专家' })
          .getByRole('button', { name: /进\s*入/ })
          .click();
      await greeting.waitFor();
      await page.goto(`${baseUrl}/new/myexpert-information`);
      return page;
    }

    async function audit(pass: boolean, reason = ''): Promise<void> {
      const list = await ops.call('GET', '/st365/experts/audits');
      const item = (list.data.records as { expertId: number; name: string }[]).find((r) => r.name === person);
      expect(item, JSON.stringify(list)).toBeDefined();
      expertId = item?.expertId ?? 0;
      const res = await ops.call('POST', `/st365/experts/audits/${expertId}`, { pass, reason });
      expect(res.code, res.msg).toBe(200);
    }

    it('registers (SMS code, the administrator passes the registration) and applies from the phone', async () => {
      await ops.login(ADMIN);
      const visitor = apiClient(baseUrl);
      const sent = await visitor.call('POST', '/st365/auth/sms/code', { phoneNumber: mobile, purpose: 'register' });
      expect(sent.code, sent.msg).toBe(200);
      const code = await smsCodeFromOutbox(await admin(), baseUrl, mobile);
      const registered = await visitor.call('POST', '/st365/auth/register', {
        name: person,
        phoneNumber: mobile,
        code,
        password,
      });
      expect(registered.code, registered.msg).toBe(200);
      const waiting = await ops.call('GET', '/st365/identity/audit/users');
      const user = (waiting.data.records as { userId: number; name: string }[]).find((u) => u.name === person);
      const passed = await ops.call('POST', `/st365/identity/audit/users/${user?.userId}/review`, { approved: true });
      expect(passed.code, passed.msg).toBe(200);

      const page = await member();
      await page.getByText('申请成为专家').waitFor();
      await expect.poll(() => page.getByLabel('姓名').inputValue()).toBe(person);
      await page.getByRole('button', { name: '提交申请' }).click();
      await formError(page, '请选择专业领域').waitFor();
      await formError(page, '请选择或填写工作单位').waitFor();
      await chooseOption(page, page, '本机构单位', '示范大学');
      await chooseRegion(page, '所在地区', ['浙江省', '杭州市', '西湖区']);
      await page.getByLabel('职称').fill('研究员');
      await page.getByLabel('学历').fill('博士研究生');
      await page.getByRole('radio', { name: '女' }).check();
      await chooseTreeNode(page, page, '专业领域', '人工智能');
      await page.getByLabel('邮箱').fill('bad-mail');
      await page.getByLabel('邮箱').blur();
      await formError(page, '邮箱格式不正确').waitFor();
      await page.getByLabel('邮箱').fill(`apply${suffix}@example.com`);
      await page.getByLabel('个人简介').fill('从事机器视觉与智能制造交叉研究。');
      await expectAccessible(page, '我的专家信息：申请');
      await screenshot(page, 'experts-mine-apply-phone');
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.getByText('申请已提交，等待管理员审核').first().waitFor();
      await page.getByText('您的入库申请正在审核中').waitFor();
      await page.locator('.ant-descriptions').getByText('示范大学').waitFor();
      await page.locator('.ant-descriptions').getByText('信息技术 / 人工智能').waitFor();
      await expectAccessible(page, '我的专家信息：待审核');
      await screenshot(page, 'experts-mine-pending-phone');
    });

    it('a refusal shows its reason; the person edits and resubmits; once passed, a change waits and is withdrawn', async () => {
      await ops.login(ADMIN);
      await audit(false, '请补充职称证明材料。');
      const page = await member();
      await page.getByText('您的入库申请未通过').waitFor();
      await page.getByText('原因：请补充职称证明材料。').waitFor();
      await expect.poll(() => page.getByLabel('职称').inputValue()).toBe('研究员');
      await expectAccessible(page, '我的专家信息：未通过');
      await screenshot(page, 'experts-mine-rejected-phone');
      await page.getByLabel('职称').fill('正高级工程师');
      await page.getByRole('button', { name: '重新提交申请' }).click();
      await page.getByText('您的入库申请正在审核中').waitFor();
      await page.locator('.ant-descriptions').getByText('正高级工程师').waitFor();

      await audit(true);
      await page.reload();
      await page.getByText('您已进入本机构专家库').waitFor();
      await page.getByRole('button', { name: '修改信息' }).click();
      await page.getByLabel('职务').fill('总工程师');
      await page.getByRole('button', { name: '提交修改' }).click();
      await page.getByText('修改已提交，等待管理员审核').first().waitFor();
      const waiting = page.getByRole('alert').filter({ hasText: '您的信息修改正在审核中' });
      await waiting.getByText('职务：（空） → 总工程师').waitFor();
      await expectAccessible(page, '我的专家信息：修改待审核');
      await screenshot(page, 'experts-mine-change-phone');
      await waiting.getByRole('button', { name: '撤回修改' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: '撤回修改' }).click();
      await page.getByText('已撤回修改').first().waitFor();
      await expect.poll(() => page.getByText('您的信息修改正在审核中').count()).toBe(0);
      // Sent again and refused: the reason shows above the profile.
      await page.getByRole('button', { name: '修改信息' }).click();
      await page.getByLabel('职务').fill('总工');
      await page.getByRole('button', { name: '提交修改' }).click();
      await page.getByRole('alert').filter({ hasText: '您的信息修改正在审核中' }).waitFor();
      await audit(false, '职务请填写全称。');
      await page.reload();
      await page
        .getByRole('alert')
        .filter({ hasText: '您上次提交的信息修改未通过' })
        .getByText(/职务请填写全称/)
        .waitFor();

      await page.setViewportSize(DESKTOP);
      await page.reload();
      await page.getByRole('button', { name: '修改信息' }).waitFor();
      await expectAccessible(page, '我的专家信息：已入库');
      await screenshot(page, 'experts-mine-active');

      // Disabled: read only, with a notice.
      const disabled = await ops.call('PUT', `/st365/experts/library/${expertId}/status`, { status: 3 });
      expect(disabled.code, disabled.msg).toBe(200);
      await page.reload();
      await page.getByText('您的专家资格已停用').waitFor();
      await expect.poll(() => page.getByRole('button', { name: '修改信息' }).count()).toBe(0);
      await expectAccessible(page, '我的专家信息：已停用');
    });
  });
});
