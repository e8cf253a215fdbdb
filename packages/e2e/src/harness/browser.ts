import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

/**
 * The system Chromium (Debian's packages); a test tool's own browser download cannot work here.
 * Debian's chromium-headless-shell (the old headless mode, what Playwright itself runs headless)
 * when it is installed: the same engine without the full browser's display compositor and
 * extras, about a sixth less machine time over the browser tests than `chromium --headless`
 * (docs/testing.md). Otherwise the full chromium; CHROMIUM_PATH overrides both.
 */
const CANDIDATES = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
];
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || CANDIDATES.find((p) => fs.existsSync(p));
  if (!candidate || !fs.existsSync(candidate)) {
    throw new Error(
      `Chromium was not found at ${candidate ?? CANDIDATES.join(' or ')}. Install it with ` +
        '"apt-get install -y chromium-headless-shell" (or chromium, or set CHROMIUM_PATH); set SKIP_E2E=1 ' +
        'only to skip the browser tests on purpose.',
    );
  }
  return candidate;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Tenant domains of the tests (demo.localhost, binjiang.localhost ...) reach the local server.
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
    ],
  });
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  // Reduced motion: the app then turns antd's animations off (app/theme.ts), so no step waits on a
  // pop-up's closing animation (on a loaded 2-core machine those stalled, and cost seconds each).
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    reducedMotion: 'reduce',
    ...options,
  });
  return context.newPage();
}

const shotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');

/**
 * Saves a screenshot to packages/e2e/screenshots/ for a person to look at, when E2E_SHOTS=1
 * (`npm run e2e:shots`). A full-page capture costs the machine a raster of the whole page, and
 * nobody looks at the ones a CI run would take: the suite runs without them (docs/testing.md).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  fs.mkdirSync(shotDir, { recursive: true });
  // From the top: a full-page capture of a scrolled page draws the fixed header and menu where
  // the viewport was, in the middle of the picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
}

/** The base URL with another host name (a tenant domain) on the same port. */
export function onDomain(baseUrl: string, domain: string): string {
  const url = new URL(baseUrl);
  url.hostname = domain;
  return url.toString().replace(/\/$/, '');
}
