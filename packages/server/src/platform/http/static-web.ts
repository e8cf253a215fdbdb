import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { AppInstance } from './app-types';
import { WEB_BASE } from './constants';

/**
 * The console's Content-Security-Policy, a second wall behind the rich-text sanitiser: no inline
 * or foreign script (the built index.html loads its module scripts from /new/assets), no plugins,
 * no <base> or form hijacking, not framed by other sites. Styles allow 'unsafe-inline' because
 * antd writes its CSS-in-JS into <style> elements at run time. Images may come from any https
 * address (rich text, form pictures). AMap's scripts, the S3 endpoint (browser uploads) and WeChat's
 * QR login frame are allowed only when configured.
 */
export function contentSecurityPolicy(
  config: Pick<AppConfig, 'AMAP_KEY' | 'S3_ENDPOINT'> & Partial<Pick<AppConfig, 'WECHAT_PROVIDER'>>,
): string {
  const scripts = ["'self'"];
  const connect = ["'self'"];
  // WeChat's own QR login page, embedded in the login page's 微信登录 tab (open platform only).
  const frames = config.WECHAT_PROVIDER === 'open' ? ["'self'", 'https://open.weixin.qq.com'] : ["'self'"];
  if (config.AMAP_KEY) {
    scripts.push('https://webapi.amap.com', 'https://*.amap.com');
    connect.push('https://*.amap.com');
  }
  if (config.S3_ENDPOINT) {
    const endpoint = new URL(config.S3_ENDPOINT);
    // Path-style and virtual-hosted (bucket.host) addresses of the presigned PUT.
    connect.push(endpoint.origin, `${endpoint.protocol}//*.${endpoint.host}`);
  }
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    `frame-src ${frames.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Content types that are never a document: they need no policy of their own. */
const SUBRESOURCE =
  /^(text\/javascript|application\/javascript|text\/css|font\/|application\/font|image\/(?!svg)|application\/json|application\/manifest\+json)/;

/** Headers a hashed, immutable asset's answer goes without (see `setHeaders` below). */
const HASHED_ASSET_NEEDLESS = ['etag', 'last-modified', 'accept-ranges', 'x-request-id'];

/**
 * Serves the built web app under /new/ with history fallback: a path that is not a file gets
 * index.html, and the React router decides (its own 找不到页面 for unknown paths).
 * Hashed assets are cached for a year; index.html is never cached, so a deploy is seen at once.
 */
export async function registerStaticWeb(
  app: AppInstance,
  webDist: string,
): Promise<(req: FastifyRequest, reply: FastifyReply) => unknown> {
  const csp = contentSecurityPolicy(app.config);
  // Every answer under /new/ that a browser can open as a document carries the policy: the pages,
  // the history fallback, redirects and errors, SVG pictures (an SVG opened on its own runs its
  // scripts). Scripts, styles, fonts and raster images do not: a policy binds only a document (and
  // a worker, which the app does not start), and its 330 bytes on every one of a page's 30 to 100
  // assets were a twentieth of the login page's weight (docs/performance.md, page weight).
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith(WEB_BASE)) return;
    const type = String(reply.getHeader('content-type') ?? '');
    if (SUBRESOURCE.test(type)) return;
    reply.header('content-security-policy', csp);
  });
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web app is not built: run npm run build (npm start builds it)');
    return (_req, reply) =>
      reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('前端页面尚未构建，请先运行 npm run build（npm start 会自动构建）。');
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: WEB_BASE,
    wildcard: true,
    index: 'index.html',
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
        // A hashed asset never changes under its name: the browser keeps it without asking again,
        // so a validator (etag, last-modified) has nothing to validate, byte ranges are not asked
        // for scripts, styles and fonts, and the request's trace id names nothing a person would
        // look up. About 150 bytes on each of a page's 30 to 140 assets (docs/performance.md,
        // page weight). Pages, the logo and the tab icon keep their validators.
        for (const name of HASHED_ASSET_NEEDLESS) res.removeHeader(name);
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  return (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
}
