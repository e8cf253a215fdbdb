import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from './app-types';
import { WEB_BASE } from './constants';

/**
 * Serves the built web app under /new/ with history fallback: a path that is not a file gets
 * index.html, and the React router decides (its own 找不到页面 for unknown paths).
 * Hashed assets are cached for a year; index.html is never cached, so a deploy is seen at once.
 */
export async function registerStaticWeb(
  app: AppInstance,
  webDist: string,
): Promise<(req: FastifyRequest, reply: FastifyReply) => unknown> {
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
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  return (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
}
