import { ok, ZEnvelope, ZPage, ZPageQuery } from '@shetuan/shared';
import { ZLoginLog, ZOperationLog } from '@shetuan/shared/identity';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { authOf } from '../auth/context';
import type { AppInstance } from '../http/app-types';
import { sendXlsx } from '../http/excel';
import * as repo from './repository';

const tags = ['audit'];
const toLogin = (r: repo.LoginLogRow) => ({ ...r, createdAt: r.createdAt.toISOString() });
const toOp = (r: repo.OperationLogRow) => ({
  ...r.log,
  userName: r.log.actorName || (r.userName ?? ''),
  createdAt: r.log.createdAt.toISOString(),
});
const METHOD_NAMES: Record<string, string> = { password: '密码', sms: '短信验证码' };

/** /logList (operation log) and /loginLog. */
export async function auditRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  app.get(
    '/audit/login-logs',
    {
      config: { permission: PLATFORM_PAGES.loginLog.path },
      schema: { tags, summary: '登录日志', querystring: ZPageQuery, response: { 200: ZEnvelope(ZPage(ZLoginLog)) } },
    },
    async (request) => {
      const { current, pageSize, keyword } = request.query;
      const { tenantId } = authOf(request);
      return ok(
        await db.withTenant(tenantId, async (tx) => {
          const total = await repo.countLoginLogs(tx, tenantId, keyword);
          const rows = await repo.listLoginLogs(tx, tenantId, keyword, pageSize, (current - 1) * pageSize);
          return { records: rows.map(toLogin), total, current, pageSize };
        }),
      );
    },
  );
  app.get(
    '/audit/login-logs/export',
    {
      config: { permission: PLATFORM_PAGES.loginLog.export },
      schema: { tags, summary: '导出登录日志（xlsx）', querystring: ZPageQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      const rows = await db.withTenant(tenantId, (tx) =>
        repo.listLoginLogs(tx, tenantId, request.query.keyword, 50_000),
      );
      return sendXlsx(
        reply,
        '登录日志',
        '登录日志',
        [
          { header: '时间', width: 22, value: (r) => r.createdAt },
          { header: '账号', width: 16, value: (r) => r.login },
          { header: '方式', width: 12, value: (r) => METHOD_NAMES[r.method] ?? r.method },
          { header: '结果', width: 8, value: (r) => (r.success ? '成功' : '失败') },
          { header: '原因', width: 20, value: (r) => r.reason },
          { header: 'IP', width: 16, value: (r) => r.ip },
          { header: '浏览器', width: 40, value: (r) => r.userAgent },
        ],
        rows,
      );
    },
  );
  app.get(
    '/audit/operation-logs',
    {
      config: { permission: PLATFORM_PAGES.operationLog.path },
      schema: {
        tags,
        summary: '操作日志',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZOperationLog)) },
      },
    },
    async (request) => {
      const { current, pageSize, keyword } = request.query;
      const { tenantId, userId } = authOf(request);
      return ok(
        await db.withTenant(
          tenantId,
          async (tx) => {
            const total = await repo.countOperationLogs(tx, tenantId, keyword);
            const rows = await repo.listOperationLogs(tx, tenantId, keyword, pageSize, (current - 1) * pageSize);
            return { records: rows.map(toOp), total, current, pageSize };
          },
          userId,
        ),
      );
    },
  );
  app.get(
    '/audit/operation-logs/export',
    {
      config: { permission: PLATFORM_PAGES.operationLog.export },
      schema: { tags, summary: '导出操作日志（xlsx）', querystring: ZPageQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      const { tenantId, userId } = authOf(request);
      const rows = await db.withTenant(
        tenantId,
        (tx) => repo.listOperationLogs(tx, tenantId, request.query.keyword, 50_000),
        userId,
      );
      return sendXlsx(
        reply,
        '操作日志',
        '操作日志',
        [
          { header: '时间', width: 22, value: (r) => r.log.createdAt },
          { header: '操作人', width: 20, value: (r) => r.log.actorName || (r.userName ?? '') },
          { header: '方法', width: 8, value: (r) => r.log.method },
          { header: '接口', width: 36, value: (r) => r.log.path },
          { header: '来源菜单', width: 24, value: (r) => r.log.menuUrl },
          { header: '结果代码', width: 10, value: (r) => r.log.resultCode ?? 200 },
          { header: '耗时(ms)', width: 10, value: (r) => r.log.durationMs },
          { header: 'IP', width: 16, value: (r) => r.log.ip },
        ],
        rows,
      );
    },
  );
}
