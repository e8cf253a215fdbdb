import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, onDomain, screenshot } from '../harness/browser';
import { serverUrl } from '../harness/workers';

describe('the console foundation in Chromium', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  const iconHref = (p: Page) => p.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href'));

  it('opens the default tenant on localhost: title, icon, and the login for a visitor', async () => {
    page = await newPage(browser);
    await page.goto(`${baseUrl}/new/`);
    await page.waitForURL(/\/new\/login$/);
    await expect.poll(() => page.title()).toBe('示范市科学技术协会管理后台');
    expect(await iconHref(page)).toBe('/new/logo.webp');
    await page.getByText('示范市科学技术协会管理后台').first().waitFor();
    const logo = await page.request.get(`${baseUrl}/new/logo.webp`);
    expect(logo.headers()['content-type']).toBe('image/webp');
    // The PNG it replaced stays for addresses stored before.
    expect((await page.request.get(`${baseUrl}/new/logo.png`)).headers()['content-type']).toBe('image/png');
    const script = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type="module"]')?.src ?? '',
    );
    const compressed = await page.request.get(script, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers()['content-encoding']).toBe('br');
    expect(compressed.headers()['cache-control']).toContain('immutable');
    await screenshot(page, 'login-1366');
  });

  it('finds another tenant by the domain it is opened on', async () => {
    await page.goto(`${onDomain(baseUrl, 'binjiang.localhost')}/new/`);
    await expect.poll(() => page.title()).toBe('滨江区科学技术协会管理后台');
    expect(await iconHref(page)).toBe('/new/tenant-icons/binjiang.svg');
    await page.getByText('滨江区科学技术协会管理后台').first().waitFor();
  });

  it('shows 租户信息不完整 for an unknown or a disabled domain', async () => {
    await page.goto(`${onDomain(baseUrl, 'nobody.localhost')}/new/`);
    await page.getByText('租户信息不完整').waitFor();
    await page.getByText('当前域名 nobody.localhost 尚未开通管理后台').waitFor();
    await screenshot(page, 'tenant-unknown');
    await page.goto(`${onDomain(baseUrl, 'disabled.localhost')}/new/some/page`);
    await page.getByText('租户信息不完整').waitFor();
    await page.getByText('所属机构已停用').waitFor();
  });

  it('shows 找不到页面 for an unknown deep path, and 返回首页 goes home', async () => {
    const res = await page.goto(`${baseUrl}/new/no/such/screen?x=1`);
    expect(res?.status()).toBe(200);
    await page.getByText('找不到页面').waitFor();
    await expect.poll(() => page.title()).toBe('示范市科学技术协会管理后台');
    await screenshot(page, 'not-found');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/\/new\/login$/);
  });

  it('has /404 and the no-permission page /405', async () => {
    await page.goto(`${baseUrl}/new/404`);
    await page.getByText('找不到页面').waitFor();
    await page.goto(`${baseUrl}/new/405`);
    await page.getByText('无权限访问').waitFor();
    await screenshot(page, 'forbidden');
  });

  it('resets the scroll position to the top on navigation', async () => {
    const small = await newPage(browser, { viewport: { width: 800, height: 260 } });
    await small.goto(`${baseUrl}/new/404`);
    const button = small.getByRole('button', { name: '返回首页' });
    await button.scrollIntoViewIfNeeded();
    expect(await small.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await button.click();
    await small.waitForURL(/\/new\/login$/);
    await small.getByText('密码登录').waitFor({ state: 'attached' });
    expect(await small.evaluate(() => window.scrollY)).toBe(0);
    await small.context().close();
  });

  it('reloads the pending path when a screen chunk fails to load', async () => {
    const fresh = await newPage(browser);
    const chunkRequests: string[] = [];
    let failed = false;
    // The chunk that holds the 404 screen, found by its text: the build may merge small screens
    // (Rollup's experimentalMinChunkSize), so its file name is not the screen's.
    await fresh.route(/\/assets\/[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!body.includes('找不到页面')) {
        await route.fulfill({ status: response.status(), contentType: 'text/javascript', body });
        return;
      }
      chunkRequests.push(route.request().url());
      if (!failed) {
        failed = true;
        await route.abort('connectionreset');
      } else {
        await route.fulfill({ status: response.status(), contentType: 'text/javascript', body });
      }
    });
    await fresh.goto(`${baseUrl}/new/missing/screen?from=chunk-test`);
    await fresh.getByText('找不到页面').waitFor();
    expect(failed).toBe(true);
    expect(chunkRequests.length).toBeGreaterThanOrEqual(2);
    expect(new URL(fresh.url()).pathname + new URL(fresh.url()).search).toBe('/new/missing/screen?from=chunk-test');
    await fresh.context().close();
  });

  it('fits a phone-sized screen', async () => {
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto(`${baseUrl}/new/login`);
    await phone.getByText('密码登录').waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'login-phone');
    await phone.context().close();
  });
});
