import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing';
import { contentSecurityPolicy } from './static-web';

describe('the web app under /new/ carries a Content-Security-Policy', () => {
  let t: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><script type="module" src="/new/assets/a.js"></script><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'a.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'a.css'), 'body{margin:0}');
    fs.writeFileSync(path.join(dist, 'assets', 'p.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    fs.writeFileSync(path.join(dist, 'assets', 'p.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('forbids inline and foreign script, keeps the inline styles antd writes', () => {
    const csp = contentSecurityPolicy({ AMAP_KEY: '', S3_ENDPOINT: undefined });
    const script = /script-src ([^;]*)/.exec(csp)?.[1];
    expect(script).toBe("'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('allows AMap and the S3 endpoint only when they are configured', () => {
    const csp = contentSecurityPolicy({ AMAP_KEY: 'k', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(csp).toMatch(/script-src 'self' https:\/\/webapi\.amap\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/\*\.amap\.com http:\/\/127\.0\.0\.1:9000/);
  });

  it("frames WeChat's QR login page only with the Open Platform provider", () => {
    expect(contentSecurityPolicy({ AMAP_KEY: '', S3_ENDPOINT: undefined })).toContain("frame-src 'self';");
    const open = contentSecurityPolicy({ AMAP_KEY: '', S3_ENDPOINT: undefined, WECHAT_PROVIDER: 'open' });
    expect(open).toContain("frame-src 'self' https://open.weixin.qq.com;");
  });

  it('sends the policy with what opens as a document (the page, its history fallback, SVG), not with scripts, styles or the API', async () => {
    for (const url of ['/new/', '/new/s/abcdef123456', '/new/assets/p.svg']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self';/);
    }
    for (const url of ['/new/assets/a.js', '/new/assets/a.css', '/new/assets/p.png']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
    const api = await t.app.inject({ url: '/st365/health' });
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('sends a hashed asset with its year-long cache and without validators or the trace id; the page keeps them', async () => {
    const asset = await t.app.inject({ url: '/new/assets/a.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const name of ['etag', 'last-modified', 'accept-ranges', 'x-request-id'])
      expect(asset.headers[name], name).toBeUndefined();
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const page = await t.app.inject({ url: '/new/' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['x-request-id']).toBeDefined();
  });
});
