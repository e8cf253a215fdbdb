import fs from 'node:fs';
import { ok, ResultCode, ZEnvelope } from '@shetuan/shared';
import { z } from 'zod';
import { authOf } from '../auth/context';
import { tenantFilePath } from '../files/local';
import type { AppInstance } from '../http/app-types';
import { AppError } from '../http/errors';
import { jobOf } from './service';

const ZKey = z.object({ key: z.string({ error: '缺少任务标识' }).regex(/^[0-9a-f]{32}$/, '任务标识有误') });

/** GET /common/process?key= (spec 000 §7): rate in percent, and url once the file is ready. */
export async function jobRoutes(app: AppInstance): Promise<void> {
  const { db, config } = app;
  app.get(
    '/common/process',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['jobs'],
        summary: '后台任务进度',
        querystring: ZKey,
        response: {
          200: ZEnvelope(
            z.object({
              rate: z.number().int(),
              url: z.string().nullable(),
              state: z.string(),
              error: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const job = await db.withTenant(auth.tenantId, (tx) => jobOf(tx, auth.tenantId, request.query.key, auth.userId));
      if (job.state === 'failed') throw new AppError(ResultCode.FAILED, `处理失败：${job.error || '未知错误'}`);
      return ok({
        rate: job.rate,
        url: job.state === 'done' && job.result?.file ? `/common/process/download?key=${job.key}` : null,
        state: job.state,
        error: job.error,
      });
    },
  );
  app.get(
    '/common/process/download',
    {
      config: { permission: 'login' },
      schema: { tags: ['jobs'], summary: '下载后台任务生成的文件', querystring: ZKey },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const job = await db.withTenant(auth.tenantId, (tx) => jobOf(tx, auth.tenantId, request.query.key, auth.userId));
      const file =
        job.state === 'done' && job.result?.file
          ? tenantFilePath(config.DATA_DIR, job.tenantId, job.result.file)
          : null;
      if (!file || !fs.existsSync(file)) throw new AppError(ResultCode.FAILED, '文件不存在或已过期');
      const name = job.result?.fileName ?? 'download';
      reply.header(
        'content-type',
        name.endsWith('.xlsx')
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : 'application/octet-stream',
      );
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      return reply.send(fs.createReadStream(file));
    },
  );
}
