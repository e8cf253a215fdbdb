import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../harness/api';
import { launchBrowser, newPage } from '../harness/browser';
import { DEMO_PASSWORD } from '../harness/console';
import { serverUrl } from '../harness/workers';

/** Collects the browser's Content-Security-Policy complaints of a page. */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

describe('Content-Security-Policy: the console works under it, and inline script does not run', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  let key = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    const api = apiClient(baseUrl);
    await api.login('13800000002');
    const created = await api.call('POST', '/st365/project/forms', { name: 'CSP 测试表单' });
    key = created.data.key;
    const schema = {
      fields: [
        {
          id: 'intro',
          type: 'DESC_TEXT',
          label: '说明',
          props: {
            content:
              '<p><strong>活动说明</strong></p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
          },
        },
        { id: 'name', type: 'INPUT', label: '姓名', required: true },
      ],
    };
    expect((await api.call('PUT', `/st365/project/forms/${key}/schema`, { schema })).code).toBe(200);
    expect((await api.call('POST', `/st365/project/forms/${key}/publish`)).code).toBe(200);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the public fill page: the description shows, its script does not run, antd styles apply', async () => {
    const page = await newPage(browser);
    const violations = watchViolations(page);
    const response = await page.goto(`${baseUrl}/new/s/${key}`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
    await page.getByText('活动说明').waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    const submit = page.getByRole('button', { name: /提\s*交/ });
    // antd's CSS-in-JS (inline <style>) is allowed: the primary button is coloured.
    expect(await submit.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(violations).toEqual([]);

    // The second wall itself: HTML that got past the sanitiser could not run an inline handler.
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.innerHTML = '<img src="data:," onerror="window.__inline=1">';
      document.body.append(box);
    });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __inline?: number }).__inline)).toBeUndefined();
    expect(violations.length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('logging in, the home page and the form designer raise no violation', async () => {
    const page = await newPage(browser);
    const violations = watchViolations(page);
    await page.goto(`${baseUrl}/new/login`);
    await page.getByPlaceholder('手机号或账号').fill('13800000002');
    await page.getByPlaceholder('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByRole('heading', { name: /^您好，/ }).waitFor();
    await page.goto(`${baseUrl}/new/project/form/editor?key=${key}`);
    await page.getByText('活动说明').first().waitFor();
    await page.goto(`${baseUrl}/new/`);
    await page.getByRole('heading', { name: /^您好，/ }).waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
