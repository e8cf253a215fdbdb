import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { newPage } from './browser';
import { workerServer } from './workers';

/** Every demo account's password (README). */
export const DEMO_PASSWORD = 'Demo@123';

/** Logs a demo account in at /login and waits for the console's greeting. */
export async function loginToConsole(
  browser: Browser,
  baseUrl: string,
  account: string,
  password = DEMO_PASSWORD,
): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/new/login`);
  await page.getByPlaceholder('手机号或账号').fill(account);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByRole('heading', { name: /^您好，/ }).waitFor();
  return page;
}

/**
 * The shared login fixture: a console page of a demo account, for specs whose subject is not the
 * login itself. The first call for an account in a worker logs in at /login (loginToConsole) and
 * saves the context's storage state (token cookie, localStorage); later calls, in any spec of the
 * same worker, open a new context from it and land on the console as a fresh login does. Each
 * call gets its own context, closed by the spec as before.
 *
 * Only for accounts whose sessions no spec ends: 13800000006 (钱申报) is forced out in
 * admin.e2e.test.ts, so its specs log in for themselves.
 */
export async function consoleAs(browser: Browser, account: string): Promise<Page> {
  const { baseUrl, stateDir } = workerServer();
  const saved = path.join(stateDir, `login-${account}.json`);
  if (fs.existsSync(saved)) {
    const page = await newPage(browser, { storageState: saved });
    // Another spec may have ended the saved session (a logout, a password change): the console
    // still draws from what the browser kept, so ask the server through the bell's first call.
    const bell = page
      .waitForResponse((r) => r.url().includes('/st365/messages/latest'), { timeout: 15_000 })
      .then(async (r) => ((await r.json()) as { code?: number }).code === 200)
      .catch(() => true);
    await page.goto(`${baseUrl}/new/`);
    await page.getByRole('heading', { name: /^您好，/ }).waitFor();
    if (await bell) return page;
    await page.context().close();
    fs.rmSync(saved, { force: true });
  }
  const page = await loginToConsole(browser, baseUrl, account);
  const partial = `${saved}.${process.pid}`;
  await page.context().storageState({ path: partial });
  fs.renameSync(partial, saved);
  return page;
}

/** Opens a select by its label, picks the option, and waits until the dropdown has closed. */
export async function pick(page: Page, label: string, option: string, typeToFilter = false): Promise<void> {
  if (typeToFilter) await page.getByLabel(label).fill(option.replace(/（.*$/, '').trim());
  // The selector, not its input: a chosen value's label lies over the input.
  else await page.getByLabel(label).locator('xpath=ancestor::div[contains(@class,"ant-select-selector")][1]').click();
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await open.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  // Under load the closing animation can stall; the choice is made, so close it as a person would.
  await open.waitFor({ state: 'hidden', timeout: 5_000 }).catch(async () => {
    await page.keyboard.press('Escape');
    await open.waitFor({ state: 'hidden' });
  });
}

/** Reads the last code the development SMS provider sent to a phone, from /smsOutbox as an administrator. */
export async function smsCodeFromOutbox(admin: Page, baseUrl: string, phone: string): Promise<string> {
  await admin.goto(`${baseUrl}/new/smsOutbox`);
  const search = admin.getByPlaceholder(/手机号/);
  await admin.locator('.ant-table-row').first().waitFor();
  await search.fill(phone);
  await search.press('Enter');
  const row = admin
    .locator('.ant-table-row')
    .filter({ hasText: phone.slice(-4) })
    .first();
  await row.waitFor();
  const text = (await row.textContent()) ?? '';
  const code = /验证码为(\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the outbox row: ${text}`);
  return code;
}

/**
 * Ticks a checkbox in a dialog that may still be animating or re-rendering as its options load:
 * clicks until it holds (Playwright's check() gives up when one click does not stick).
 */
export async function tick(box: Locator): Promise<void> {
  for (let i = 0; i < 5; i++) {
    if (await box.isChecked()) return;
    await box.click();
    await box.page().waitForTimeout(150);
  }
  if (!(await box.isChecked())) throw new Error('the checkbox would not stay checked');
}
