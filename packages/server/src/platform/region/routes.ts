import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ok, ZEnvelope, ZPage } from '@shetuan/shared';
import { ZRegionListItem, ZRegionListQuery, ZRegionNode } from '@shetuan/shared/region';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../http/app-types';
import { regionList, regionTree } from './data';

/**
 * Region data for address pickers: the whole tree (one cached JSON, about 600 KB raw and much less
 * compressed, with an ETag), and the region-list panel's pages of 50.
 */
export async function regionRoutes(app: AppInstance): Promise<void> {
  const tags = ['region'];
  let body: { raw: string; br: Buffer; gzip: Buffer } | null = null;
  let etag = '';
  app.get(
    '/common/regions',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '省市区数据（c 代码, n 名称, p, y, a, d 下级）',
        // Declared for the document and the typed client; the answer is sent pre-serialised (below).
        response: { 200: ZEnvelope(z.array(ZRegionNode)) },
      },
    },
    async (request, typedReply) => {
      // The answer is sent as prepared bytes, past the schema's serializer (Fastify sends a Buffer or
      // string as it is), so the reply is used untyped here.
      const reply = typedReply as unknown as FastifyReply;
      if (!body) {
        const raw = JSON.stringify({ code: 200, msg: '操作成功', data: regionTree(), success: true });
        body = { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw) };
        etag = `"${createHash('sha1').update(raw).digest('hex').slice(0, 16)}"`;
      }
      reply.header('etag', etag).header('cache-control', 'public, max-age=86400').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      reply.type('application/json; charset=utf-8');
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(body.br);
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(body.gzip);
      return reply.send(body.raw);
    },
  );
  app.get(
    '/common/regions/list',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '地区列表（每页50条，可按上级和关键字筛选）',
        querystring: ZRegionListQuery,
        response: { 200: ZEnvelope(ZPage(ZRegionListItem)) },
      },
    },
    async (request) => {
      const { parent, keyword, current, pageSize } = request.query;
      const matches = regionList().filter(
        (r) => (parent === undefined || r.parent === parent) && (!keyword || r.n.includes(keyword)),
      );
      const from = (current - 1) * pageSize;
      return ok({
        records: matches.slice(from, from + pageSize).map(({ parent: _p, ...r }) => r),
        total: matches.length,
        current,
        pageSize,
      });
    },
  );

  // The map-location widget's provider: AMap when a key is configured, else address entry only.
  app.get(
    '/common/map',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '地图定位配置（未配置高德 key 时仅填写地址）',
        response: {
          200: ZEnvelope(z.object({ provider: z.enum(['amap', 'none']), key: z.string(), securityCode: z.string() })),
        },
      },
    },
    async () =>
      ok(
        app.config.AMAP_KEY
          ? { provider: 'amap' as const, key: app.config.AMAP_KEY, securityCode: app.config.AMAP_SECURITY_CODE }
          : { provider: 'none' as const, key: '', securityCode: '' },
      ),
  );
}
