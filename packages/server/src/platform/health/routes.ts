import { ok, ZEnvelope } from '@shetuan/shared';
import { z } from 'zod';
import type { AppInstance } from '../http/app-types';
import { databaseNow } from './repository';

const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  serverTime: z.string(),
});

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['platform'],
        summary: '服务健康检查（含数据库连通）',
        response: { 200: ZEnvelope(ZHealth) },
      },
    },
    async () => {
      const now = (await app.db.withGlobal(databaseNow)) ?? new Date().toISOString();
      return ok({ status: 'ok' as const, database: app.db.kind, serverTime: now });
    },
  );
}
