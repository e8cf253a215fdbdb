import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../harness/a11y';
import { launchBrowser, newPage, screenshot } from '../harness/browser';
import { consoleAs } from '../harness/console';
import { serverUrl } from '../harness/workers';

/** Real saved forms (the shared import tests' fixtures): TDuck's saved questions, form-create rules. */
const fixture = (name: string) =>
  JSON.parse(
    fs.readFileSync(new URL(`../../../shared/src/forms/fixtures/${name}.json`, import.meta.url), 'utf8'),
  ) as unknown;

/** A TDuck registration form as its API answers it: some of the saved questions of the fixture. */
function tduckForm(): string {
  const all = (fixture('tduck-items') as { data: { label: string }[] }).data;
  const keep = ['姓名', '手机号', '邮箱', '身份证', '参会身份', '性别', '兴趣方向', '文字描述', '课程评价矩阵'];
  return JSON.stringify({ code: 200, msg: '成功', data: all.filter((q) => keep.includes(q.label)) });
}

/** A form-create invoice form (element-ui era): some of the rules of the fixture. */
function formCreateForm(): string {
  const all = fixture('form-create-element') as { field?: string; type: string }[];
  const keep = ['unit', 'code', 'kind', 'bank', 'tax', 'attach'];
  return JSON.stringify(all.filter((r) => keep.includes(r.field ?? '') || r.type === 'el-divider'));
}

describe('导入: old forms through the dialog, then filled in', () => {
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

  const importThrough = async (text: string) => {
    await admin
      .locator('section[aria-label="画布"]')
      .getByRole('button', { name: /导\s*入$/ })
      .click();
    const dialog = admin.getByRole('dialog', { name: '导入旧表单' });
    await dialog.getByLabel('导入内容').fill(text);
    await dialog.getByRole('button', { name: /读\s*取/ }).click();
    await dialog.getByText(/^识别为：/).waitFor();
    return dialog;
  };

  it('imports a TDuck form and a form-create form, each listing what it could not carry first', async () => {
    await admin.goto(`${baseUrl}/new/project/my`);
    await admin.getByRole('button', { name: /新建表单/ }).click();
    await admin.getByLabel('表单名称').fill('学术年会报名（导入）');
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await admin.waitForURL(/\/new\/project\/form\/editor\?key=\w+$/);

    const tduck = await importThrough(tduckForm());
    await tduck.getByText('识别为：TDuck 表单（已保存的题目）').waitFor();
    await tduck.getByText('可导入 8 项：7 道题、1 个展示与布局组件').waitFor();
    const notes = tduck.getByRole('list', { name: '未能导入' });
    expect(await notes.getByRole('listitem').allTextContents()).toEqual([
      '未能导入：“性别”的默认值（“性别”的选项不存在）',
      '未能导入：“兴趣方向”的默认值（“兴趣方向”的选项不存在）',
      '未能导入：“课程评价矩阵”（没有对应的题型：MATRIX_SCALE）',
    ]);
    await expectAccessible(admin, 'the import dialog', ['.ant-modal']);
    await screenshot(admin, 'form-import-tduck');
    await tduck.getByRole('button', { name: '确认导入' }).click();
    await admin.getByText('已导入 8 项，请检查后保存').waitFor();

    const fc = await importThrough(formCreateForm());
    await fc.getByText('识别为：form-create 表单设计器').waitFor();
    await fc.getByText(/显示逻辑 1 条/).waitFor();
    const fcNotes = await fc.getByRole('list', { name: '未能导入' }).getByRole('listitem').allTextContents();
    expect(fcNotes).toEqual([
      '未能导入：“发票类型”的联动（联动条件是一段代码，无法导入）',
      '未能导入：“附件”（没有对应的题型：frame）',
    ]);
    await fc.getByRole('button', { name: '确认导入' }).click();
    const canvas = admin.locator('section[aria-label="画布"]');
    for (const label of ['手机号', '参会身份', '单位名称', '银行账号', '发票类型'])
      await canvas.getByRole('button', { name: `题目：${label}` }).waitFor();
    await screenshot(admin, 'form-import-designer');

    // The imported literal regex is an ordinary rule in the designer's 校验规则.
    const panel = admin.locator('aside[aria-label="配置"]');
    await canvas.getByRole('button', { name: '题目：手机号' }).click();
    expect(await panel.getByLabel('规则1正则').inputValue()).toBe('^1(3|4|5|7|8|9)\\d{9}$');
    expect(await panel.getByLabel('规则1提示').inputValue()).toBe('手机号格式错误');
    // A row container: questions added while it is selected go into it.
    const palette = admin.locator('aside[aria-label="组件库"]');
    await palette.getByRole('button', { name: '行容器', exact: true }).click();
    await palette.getByRole('button', { name: '单行文本', exact: true }).click();
    await panel.getByLabel('标题', { exact: true }).fill('部门');
    await palette.getByRole('button', { name: '单行文本', exact: true }).click();
    await panel.getByLabel('标题', { exact: true }).fill('职务');
    const row = canvas.getByRole('group', { name: '行容器：行容器' });
    expect(await row.getByRole('button', { name: /^题目：/ }).allTextContents()).toHaveLength(2);
    await screenshot(admin, 'form-import-rules-row');
    await admin.getByRole('button', { name: /^(save )?保\s*存$/ }).click();
    await admin.getByText('保存成功').first().waitFor();
    await admin.getByRole('button', { name: /^发\s*布$/ }).click();
    await admin.waitForURL(/\/project\/form\/publish\?key=/);
    link = await admin.getByLabel('填写链接').inputValue();
  });

  it('the imported form fills in: literal regexes work, the linked control shows its questions', async () => {
    const visitor = await newPage(browser);
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: '学术年会报名（导入）' }).waitFor();
    // The TDuck block: its HTML came through the sanitiser, its checks with it.
    await visitor.getByText('本次年会由').waitFor();
    expect(await visitor.locator('[onclick], a[href^="javascript"]').count()).toBe(0);
    await visitor.getByLabel('姓名').fill('王小明');
    await visitor.getByLabel('手机号').fill('12345');
    await visitor.getByLabel('手机号').blur();
    await visitor.getByText('手机号格式错误').waitFor();
    await visitor.getByLabel('手机号').fill('13912345678');
    await visitor.getByLabel('邮箱').fill('wang.xm@kexie.org.cn');
    await visitor.getByLabel('身份证').fill('11010519491231002X');
    await visitor.getByLabel('身份证').blur();
    // A single choice: the browser's own drop-down.
    await visitor.getByLabel('参会身份').selectOption({ label: '会员' });
    await visitor.getByText('男', { exact: true }).click();
    await visitor.getByText('编程', { exact: true }).click();
    // The form-create block: 专用发票 shows 开户银行 and 银行账号 (its linked control).
    await visitor.getByLabel('单位名称').fill('省科学技术协会');
    await visitor.getByLabel('统一社会信用代码').fill('51330000MJ8765432K');
    expect(await visitor.getByLabel('银行账号').count()).toBe(0);
    await visitor.getByText('专用发票', { exact: true }).click();
    await visitor.getByLabel('银行账号').waitFor();
    await visitor.getByRole('button', { name: /提\s*交/ }).click();
    await visitor.getByText('请输入银行账号').waitFor();
    await visitor.getByLabel('开户银行').fill('工商银行西湖支行');
    await visitor.getByLabel('银行账号').fill('6222020200112233445');
    const row = visitor.getByRole('group', { name: '行容器' });
    await row.getByLabel('部门').fill('学会部');
    await row.getByLabel('职务').fill('干事');
    await expectAccessible(visitor, 'the imported form, filled in', ['main', 'form', '.ant-form']);
    await screenshot(visitor, 'form-import-fill');
    await visitor.getByRole('button', { name: /提\s*交/ }).click();
    await visitor.getByText('提交成功，感谢您的参与！').waitFor();
    await visitor.context().close();
  });
});
