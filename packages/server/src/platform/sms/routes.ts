import { likePattern, maskPhone, ok, ZEnvelope, ZPage, ZPageQuery } from '@shetuan/shared';
import { count, desc, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import { authOf } from '../auth/context';
import type { Tx } from '../db';
import type { AppInstance } from '../http/app-types';
import { sendXlsx } from '../http/excel';
import { smsOutbox } from './tables';

const ZOutboxRow = z.object({
  id: z.number().int(),
  phone: z.string(),
  template: z.string(),
  content: z.string(),
  provider: z.string(),
  status: z.string(),
  error: z.string(),
  createdAt: z.string(),
});
const filter = (k?: string) =>
  k ? or(ilike(smsOutbox.phone, likePattern(k)), ilike(smsOutbox.content, likePattern(k))) : undefined;
const query = (tx: Tx, keyword?: string) =>
  tx.select().from(smsOutbox).where(filter(keyword)).orderBy(desc(smsOutbox.id));
// The phone is masked in the list; the text is shown whole, as the administrator's copy of what was sent.
const toRow = (r: typeof smsOutbox.$inferSelect) => ({
  ...r,
  phone: maskPhone(r.phone),
  createdAt: r.createdAt.toISOString(),
});

/** /smsOutbox: every SMS the tenant sent, whatever the provider (the dev provider's only delivery). */
export async function smsRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  app.get(
    '/sms/outbox',
    {
      config: { permission: '/smsOutbox' },
      schema: {
        tags: ['sms'],
        summary: '短信发件箱',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZOutboxRow)) },
      },
    },
    async (request) => {
      const { current, pageSize, keyword } = request.query;
      return ok(
        await db.withTenant(authOf(request).tenantId, async (tx) => {
          const [total] = await tx.select({ n: count() }).from(smsOutbox).where(filter(keyword));
          const rows = await query(tx, keyword)
            .limit(pageSize)
            .offset((current - 1) * pageSize);
          return { records: rows.map(toRow), total: total?.n ?? 0, current, pageSize };
        }),
      );
    },
  );
  app.get(
    '/sms/outbox/export',
    {
      config: { permission: '/smsOutbox:export' },
      schema: { tags: ['sms'], summary: '导出短信发件箱（xlsx）', querystring: ZPageQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      const rows = await db.withTenant(authOf(request).tenantId, (tx) =>
        query(tx, request.query.keyword).limit(50_000),
      );
      return sendXlsx(
        reply,
        '短信发件箱',
        '短信',
        [
          { header: '时间', width: 22, value: (r) => r.createdAt },
          { header: '手机号', width: 16, value: (r) => maskPhone(r.phone) },
          { header: '内容', width: 60, value: (r) => r.content },
          { header: '通道', width: 10, value: (r) => r.provider },
          { header: '状态', width: 8, value: (r) => (r.status === 'sent' ? '已发送' : '失败') },
          { header: '错误', width: 30, value: (r) => r.error },
        ],
        rows,
      );
    },
  );
}
