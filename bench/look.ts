import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
const p = await ctx.newPage();
const base = 'http://127.0.0.1:3311';
await p.goto(`${base}/new/login`);
await p.getByPlaceholder('手机号或账号').fill(process.env.ACC ?? '13800000002');
await p.getByPlaceholder('密码').fill('Demo@123');
await p.getByRole('button', { name: /登\s*录/ }).click();
await p.getByRole('heading', { name: /^您好，/ }).waitFor();
await p.waitForTimeout(800);
await p.screenshot({ path: '/tmp/prof/home.png' });
for (const path of (process.env.PATHS ?? '/project/my').split(',')) {
  await p.goto(`${base}/new${path}`);
  await p.waitForTimeout(1500);
  await p.screenshot({ path: `/tmp/prof/look-${path.replace(/\W+/g, '_')}.png` });
}
await b.close();
