import { ok, ZEnvelope } from '@shetuan/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../http/app-types';

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
      const rows = await app.db.withGlobal((g) => g.execute<{ now: string }>(sql`select now()::text as now`));
      const now = (rows as unknown as { rows: { now: string }[] }).rows[0]?.now ?? new Date().toISOString();
      return ok({ status: 'ok' as const, database: app.db.kind, serverTime: now });
    },
  );
}
