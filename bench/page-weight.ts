// `npm run bench:page-weight -w @shetuan/bench`: what the web app's pages cost to download (issue 13,
// item 19). The product runs as `npm start` runs it (packages/server/src/main.ts, embedded PGlite on
// a scratch data directory, the demo seeded), Chromium opens each page in a fresh context (cold cache)
// asking for `Accept-Encoding: br, gzip`, and the Chrome DevTools protocol counts what came over the
// network (Network.loadingFinished encodedDataLength: compressed bodies with their headers).
// Pages: the login page, the public fill page (/new/s/{key}) of a form made from the demo's 个人会员
// 入会申请 template, and a console list page (/user-management) logged in.
// The baseline, in the same run: the web app as it was at BASELINE_COMMIT (its packages/web, from
// `git archive`), built with its own vite.config.ts into bench/.out/page-weight/before and served by
// the same server on the same data. The current app is packages/web/dist (built first when stale,
// under the machine-wide build lock; BENCH_AFTER_DIST names another build to weigh instead).
// Budgets, compressed: login page 250 KB, public fill page 300 KB (everything it transfers; KB =
// 1,000 bytes); pro-components only on the screens that use it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalRequest } from '@shetuan/shared';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const outDir = path.join(here, '.out', 'page-weight');
/** The commit before the page-weight change: every vendor module in three manual chunks. */
const BASELINE_COMMIT = '9498cee90e82fa715edb5aee7e18cf7f784458e0';
const BUILD_LOCK = '/tmp/shetuan-e2e.lock';
const ADMIN = '13800000002';
const PASSWORD = 'Demo@123';
const KB = 1000;

const BUDGETS: Record<PageName, number | null> = { login: 250 * KB, fill: 300 * KB, list: null };
type PageName = 'login' | 'fill' | 'list';
const PAGE_TITLES: Record<PageName, string> = {
  login: 'login page   /new/login',
  fill: 'public fill  /new/s/{key}',
  list: 'console list /new/user-management',
};

/** Strings only pro-components' own code holds (its class-name parts), by package. */
const PRO_MARKERS: Record<string, string> = {
  'pro-form': 'pro-form',
  'pro-field': 'pro-field',
  'pro-table': 'pro-table',
  'pro-layout': 'pro-layout',
  'pro-card': 'pro-card',
};

interface Weight {
  js: number;
  css: number;
  all: number;
  requests: number;
  /** Milliseconds from navigation to the page's first control (the login button, the submit button, a table row). */
  readyMs: number;
  /** Whether that control had its styles when it first showed (antd's CSS-in-JS: no unstyled flash). */
  styled: boolean;
  /** The login page: milliseconds from clicking 登录 to the console's greeting, on the page just weighed. */
  loginMs?: number;
  pro: string[];
  uncompressed: string[];
}

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  execFileSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
}

/** The baseline web app, built once per commit (BENCH_REBUILD=1 builds it again). */
function baselineBuild(): string {
  const dist = path.join(outDir, 'before');
  const stamp = path.join(dist, '.commit');
  if (process.env.BENCH_REBUILD !== '1' && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === BASELINE_COMMIT) {
    return dist;
  }
  const src = path.join(outDir, 'baseline-src');
  fs.rmSync(src, { recursive: true, force: true });
  fs.mkdirSync(src, { recursive: true });
  const archive = path.join(outDir, 'baseline.tar');
  sh('git', ['archive', '-o', archive, BASELINE_COMMIT, 'packages/web', 'tsconfig.base.json'], repoRoot);
  sh('tar', ['-xf', archive, '-C', src], repoRoot);
  fs.rmSync(archive);
  // The same installed packages (the web app's own node_modules holds a few more).
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(src, 'node_modules'));
  const webModules = path.join(repoRoot, 'packages/web/node_modules');
  if (fs.existsSync(webModules)) fs.symlinkSync(webModules, path.join(src, 'packages/web/node_modules'));
  console.log(`building the baseline (${BASELINE_COMMIT.slice(0, 7)}) into ${path.relative(repoRoot, dist)}`);
  sh(
    'flock',
    [BUILD_LOCK, 'npx', 'vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    path.join(src, 'packages/web'),
    { NODE_ENV: 'production' },
  );
  sh('node', [path.join(repoRoot, 'packages/web/scripts/compress.mjs'), dist], repoRoot);
  fs.writeFileSync(stamp, BASELINE_COMMIT);
  return dist;
}

/** packages/web/dist, as `npm start` makes it: built when older than its sources. */
async function currentBuild(): Promise<string> {
  const { webBuildIsStale } = (await import(path.join(repoRoot, 'scripts/lib.mjs'))) as {
    webBuildIsStale: () => boolean;
  };
  if (webBuildIsStale()) {
    console.log('building packages/web/dist (older than its sources)');
    sh('flock', [BUILD_LOCK, 'npm', 'run', 'build', '-w', '@shetuan/web'], repoRoot, { NODE_ENV: 'production' });
  }
  return path.join(repoRoot, 'packages/web/dist');
}

/** The server as `npm start` runs it, on the given data directory, serving the given web build. */
async function startServer(dataDir: string, webDist: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'packages/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (d: Buffer) => {
    output += String(d);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const started = Date.now();
  for (;;) {
    const port = /社团 is serving http:\/\/[^:]+:(\d+)\/new\//.exec(output)?.[1];
    if (port) {
      child.stdout?.off('data', collect).resume();
      child.stderr?.off('data', collect).resume();
      return { child, baseUrl: `http://127.0.0.1:${port}` };
    }
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    if (Date.now() - started > 300_000) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The API as the web client calls it (signed), as packages/e2e/src/harness/api.ts does. */
async function apiSession(baseUrl: string) {
  let session: { token: string; signKey: string; tenantId: number } | null = null;
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few answers' fields
  const call = async (method: string, apiPath: string, body?: unknown): Promise<any> => {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const query: Record<string, string> = {};
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (session) {
      headers.token = session.token;
      headers.tenantid = String(session.tenantId);
      query.timestamp = String(Date.now());
      query.sign = createHmac('sha256', session.signKey)
        .update(canonicalRequest(method, apiPath, query, raw, query.timestamp))
        .digest('hex');
    }
    const res = await fetch(`${baseUrl}${apiPath}?${new URLSearchParams(query)}`, {
      method,
      headers,
      body: raw || undefined,
    });
    const answer = (await res.json()) as { code: number; msg: string; data: unknown };
    if (answer.code !== 200) throw new Error(`${method} ${apiPath}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const first = await call('POST', '/st365/auth/login/password', { login: ADMIN, password: PASSWORD });
  session = first;
  const status = await call('POST', '/st365/auth/status', { userId: first.userId });
  session = await call('POST', '/st365/auth/login/identity', { identityId: status.identityId });
  return call;
}

/** A published form made from the demo's 个人会员入会申请 template: its public key. */
async function demoFormKey(baseUrl: string): Promise<string> {
  const call = await apiSession(baseUrl);
  const created = await call('POST', '/st365/project/forms', {
    name: '个人会员入会申请',
    templateKey: 'builtin:member-application',
  });
  await call('POST', `/st365/project/forms/${created.key}/publish`);
  return created.key as string;
}

/** Loads one page in a fresh context and sums what the network brought. */
async function weigh(
  browser: Browser,
  url: string,
  ready: (page: Page) => Locator,
  storageState?: string,
  webDist?: string,
  then?: (page: Page) => Promise<number>,
): Promise<Weight> {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    ...(storageState ? { storageState } : {}),
  });
  const page = await context.newPage();
  // Hang guards, not budgets: on a loaded 2-core machine a console page has taken over 30 s.
  page.setDefaultTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'br, gzip' } });
  const seen = new Map<string, { url: string; type: string; encoding: string; bytes: number }>();
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    seen.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      encoding: String(headers['content-encoding'] ?? ''),
      bytes: 0,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = seen.get(e.requestId);
    if (entry) entry.bytes = e.encodedDataLength;
  });
  const t0 = Date.now();
  await page.goto(url);
  const control = ready(page);
  await control.waitFor();
  const readyMs = Date.now() - t0;
  // Styled when first visible: a button has antd's colours, a table row antd's cell padding.
  const styled = await control.evaluate((el) => {
    type Css = { paddingTop: string; backgroundColor: string; borderRadius: string };
    const { getComputedStyle } = globalThis as unknown as { getComputedStyle: (e: unknown) => Css };
    const css = getComputedStyle(el.matches('tr') ? (el.firstElementChild ?? el) : el);
    return el.matches('tr')
      ? css.paddingTop !== '0px'
      : css.backgroundColor !== 'rgba(0, 0, 0, 0)' && css.borderRadius !== '0px';
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const entries = [...seen.values()];
  const sum = (f: (e: (typeof entries)[number]) => boolean) =>
    entries.filter(f).reduce((total, e) => total + e.bytes, 0);
  const isJs = (e: (typeof entries)[number]) => e.type === 'Script' || /\.m?js(\?|$)/.test(e.url);
  const isCss = (e: (typeof entries)[number]) => e.type === 'Stylesheet' || /\.css(\?|$)/.test(e.url);
  const scripts = entries.filter(isJs).map((e) => new URL(e.url).pathname.replace(/^\/new\//, ''));
  const pro = webDist
    ? Object.keys(PRO_MARKERS).filter((name) =>
        scripts.some((s) => {
          const file = path.join(webDist, s);
          return fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes(PRO_MARKERS[name] as string);
        }),
      )
    : [];
  const uncompressed = entries
    .filter((e) => (isJs(e) || isCss(e)) && e.bytes > 2048 && !e.encoding)
    .map((e) => new URL(e.url).pathname);
  const loginMs = then ? await then(page) : undefined;
  await context.close();
  return {
    js: sum(isJs),
    css: sum(isCss),
    all: sum(() => true),
    requests: entries.length,
    readyMs,
    styled,
    ...(loginMs === undefined ? {} : { loginMs }),
    pro,
    uncompressed,
  };
}

async function weighAll(browser: Browser, baseUrl: string, webDist: string, key: string, login: string) {
  const result = {} as Record<PageName, Weight>;
  result.login = await weigh(
    browser,
    `${baseUrl}/new/login`,
    (page) => page.getByRole('button', { name: /登\s*录/ }),
    undefined,
    webDist,
    // The login works at once: the page just weighed logs in.
    async (page) => {
      await page.getByPlaceholder('手机号或账号').fill(ADMIN);
      await page.getByPlaceholder('密码').fill(PASSWORD);
      const t0 = Date.now();
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.getByRole('heading', { name: /^您好，/ }).waitFor();
      return Date.now() - t0;
    },
  );
  result.fill = await weigh(
    browser,
    `${baseUrl}/new/s/${key}`,
    (page) => page.getByRole('button', { name: /提\s*交/ }),
    undefined,
    webDist,
  );
  result.list = await weigh(
    browser,
    `${baseUrl}/new/user-management`,
    (page) => page.locator('.ant-table-row').first(),
    login,
    webDist,
  );
  return result;
}

/** Logs the demo administrator in through the login page; the saved storage state opens the console. */
async function loginState(browser: Browser, baseUrl: string, file: string): Promise<string> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  await page.goto(`${baseUrl}/new/login`);
  await page.getByPlaceholder('手机号或账号').fill(ADMIN);
  await page.getByPlaceholder('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByRole('heading', { name: /^您好，/ }).waitFor();
  await context.storageState({ path: file });
  await context.close();
  return file;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`.padStart(9);

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const before = baselineBuild();
  // BENCH_AFTER_DIST: weigh another built web app (a variant under study) instead of this tree's.
  const after = process.env.BENCH_AFTER_DIST ? path.resolve(process.env.BENCH_AFTER_DIST) : await currentBuild();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-page-weight-'));
  const dataDir = path.join(runDir, 'data');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  const results: Partial<Record<'before' | 'after', Record<PageName, Weight>>> = {};
  let server: ChildProcess | null = null;
  try {
    // The same data for both builds: the first start migrates and seeds, the second finds it.
    let key = '';
    for (const [name, dist] of [
      ['after', after],
      ['before', before],
    ] as const) {
      const started = await startServer(dataDir, dist);
      server = started.child;
      if (!key) key = await demoFormKey(started.baseUrl);
      // Each server listens on its own port, and the browser keeps the login per origin.
      const login = await loginState(browser, started.baseUrl, path.join(runDir, `login-${name}.json`));
      console.log(`measuring ${name === 'after' ? 'this tree' : 'the baseline'} (${path.relative(repoRoot, dist)})`);
      results[name] = await weighAll(browser, started.baseUrl, dist, key, login);
      await stopServer(server);
      server = null;
    }
  } finally {
    if (server) await stopServer(server);
    await browser.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
  const b = results.before as Record<PageName, Weight>;
  const a = results.after as Record<PageName, Weight>;
  console.log(
    `\nTransferred, compressed (brotli), fresh cache; KB = 1,000 bytes. Before: ${BASELINE_COMMIT.slice(0, 7)}; after: this tree.`,
  );
  let failed = false;
  for (const page of ['login', 'fill', 'list'] as const) {
    const budget = BUDGETS[page];
    console.log(`\n${PAGE_TITLES[page]}${budget ? ` (budget ${kb(budget).trim()})` : ''}`);
    for (const [label, pick] of [
      ['JavaScript', (w: Weight) => w.js],
      ['CSS', (w: Weight) => w.css],
      ['everything', (w: Weight) => w.all],
    ] as const) {
      const change = ((pick(a[page]) - pick(b[page])) / Math.max(1, pick(b[page]))) * 100;
      console.log(
        `  ${label.padEnd(11)} before ${kb(pick(b[page]))}  after ${kb(pick(a[page]))}  (${change >= 0 ? '+' : ''}${change.toFixed(0)} %)`,
      );
    }
    console.log(
      `  requests    before ${String(b[page].requests).padStart(6)}     after ${String(a[page].requests).padStart(6)}`,
    );
    console.log(
      `  ready in    before ${String(b[page].readyMs).padStart(6)} ms  after ${String(a[page].readyMs).padStart(6)} ms (first control visible, this machine)`,
    );
    console.log(
      `  styled when first shown: before ${b[page].styled ? 'yes' : 'NO'}, after ${a[page].styled ? 'yes' : 'NO'}`,
    );
    failed ||= !a[page].styled;
    if (a[page].loginMs !== undefined)
      console.log(
        `  logging in on that page, click to the console's greeting: before ${b[page].loginMs} ms, after ${a[page].loginMs} ms`,
      );
    console.log(
      `  pro-components: before ${b[page].pro.join(', ') || 'none'}; after ${a[page].pro.join(', ') || 'none'}`,
    );
    if (a[page].uncompressed.length > 0) {
      console.log(`  sent uncompressed: ${a[page].uncompressed.join(', ')}`);
      failed = true;
    }
    if (budget !== null) {
      const met = a[page].all <= budget;
      failed ||= !met;
      console.log(`  budget ${kb(budget).trim()} (everything transferred): ${met ? 'met' : 'NOT met'}`);
    }
  }
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(here, 'results', 'page-weight.json'),
    JSON.stringify({ at: new Date().toISOString(), baseline: BASELINE_COMMIT, before: b, after: a }, null, 2),
  );
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
