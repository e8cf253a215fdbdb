import { maskPhone, ok, ZEnvelope, ZPage, ZPageQuery } from '@shetuan/shared';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { z } from 'zod';
import { authOf } from '../auth/context';
import type { AppInstance } from '../http/app-types';
import { sendXlsx } from '../http/excel';
import * as repo from './repository';

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
/** How the export names a row's status (queued: a notice waiting for its job, or for a retry). */
const STATUS_NAMES: Record<string, string> = { queued: '待发送', sent: '已发送', failed: '失败' };

// The phone is masked in the list; the text is shown whole, as the administrator's copy of what was sent.
const toRow = (r: repo.OutboxRow) => ({
  ...r,
  phone: maskPhone(r.phone),
  createdAt: r.createdAt.toISOString(),
});

/**
 * /smsOutbox: every SMS the tenant sent or queued (verification codes and notices), whatever the
 * provider (the dev provider's only delivery).
 */
export async function smsRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  app.get(
    '/sms/outbox',
    {
      config: { permission: PLATFORM_PAGES.smsOutbox.path },
      schema: {
        tags: ['sms'],
        summary: '短信发件箱',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZOutboxRow)) },
      },
    },
    async (request) => {
      const { current, pageSize, keyword } = request.query;
      const { tenantId } = authOf(request);
      return ok(
        await db.withTenant(tenantId, async (tx) => {
          const total = await repo.countOutbox(tx, tenantId, keyword);
          const rows = await repo.listOutbox(tx, tenantId, keyword, pageSize, (current - 1) * pageSize);
          return { records: rows.map(toRow), total, current, pageSize };
        }),
      );
    },
  );
  app.get(
    '/sms/outbox/export',
    {
      config: { permission: PLATFORM_PAGES.smsOutbox.export },
      schema: { tags: ['sms'], summary: '导出短信发件箱（xlsx）', querystring: ZPageQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      const rows = await db.withTenant(tenantId, (tx) => repo.listOutbox(tx, tenantId, request.query.keyword, 50_000));
      return sendXlsx(
        reply,
        '短信发件箱',
        '短信',
        [
          { header: '时间', width: 22, value: (r) => r.createdAt },
          { header: '手机号', width: 16, value: (r) => maskPhone(r.phone) },
          { header: '内容', width: 60, value: (r) => r.content },
          { header: '通道', width: 10, value: (r) => r.provider },
          { header: '状态', width: 8, value: (r) => STATUS_NAMES[r.status] ?? r.status },
          { header: '错误', width: 30, value: (r) => r.error },
        ],
        rows,
      );
    },
  );
}
