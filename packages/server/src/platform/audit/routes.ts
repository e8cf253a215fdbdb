import { likePattern, ok, ZEnvelope, ZPage, ZPageQuery } from '@shetuan/shared';
import { ZLoginLog, ZOperationLog } from '@shetuan/shared/identity';
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import { users } from '../../modules/identity/tables';
import { authOf } from '../auth/context';
import type { Tx } from '../db';
import type { AppInstance } from '../http/app-types';
import { sendXlsx } from '../http/excel';
import { loginLogs, operationLogs } from './tables';

const tags = ['audit'];
const loginFilter = (k?: string) =>
  k ? or(ilike(loginLogs.login, likePattern(k)), ilike(loginLogs.ip, likePattern(k))) : undefined;
const opFilter = (k?: string) =>
  k
    ? or(
        ilike(operationLogs.path, likePattern(k)),
        ilike(operationLogs.menuUrl, likePattern(k)),
        ilike(users.name, likePattern(k)),
      )
    : undefined;

function loginLogQuery(tx: Tx, keyword?: string) {
  return tx.select().from(loginLogs).where(loginFilter(keyword)).orderBy(desc(loginLogs.id));
}
function opLogQuery(tx: Tx, keyword?: string) {
  return tx
    .select({ log: operationLogs, userName: users.name })
    .from(operationLogs)
    .leftJoin(users, eq(users.id, operationLogs.userId))
    .where(opFilter(keyword))
    .orderBy(desc(operationLogs.id));
}
const toLogin = (r: typeof loginLogs.$inferSelect) => ({ ...r, createdAt: r.createdAt.toISOString() });
const toOp = (r: { log: typeof operationLogs.$inferSelect; userName: string | null }) => ({
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
      config: { permission: '/loginLog' },
      schema: { tags, summary: '登录日志', querystring: ZPageQuery, response: { 200: ZEnvelope(ZPage(ZLoginLog)) } },
    },
    async (request) => {
      const { current, pageSize, keyword } = request.query;
      return ok(
        await db.withTenant(authOf(request).tenantId, async (tx) => {
          const [total] = await tx.select({ n: count() }).from(loginLogs).where(loginFilter(keyword));
          const rows = await loginLogQuery(tx, keyword)
            .limit(pageSize)
            .offset((current - 1) * pageSize);
          return { records: rows.map(toLogin), total: total?.n ?? 0, current, pageSize };
        }),
      );
    },
  );
  app.get(
    '/audit/login-logs/export',
    {
      config: { permission: '/loginLog:export' },
      schema: { tags, summary: '导出登录日志（xlsx）', querystring: ZPageQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      const rows = await db.withTenant(authOf(request).tenantId, (tx) =>
        loginLogQuery(tx, request.query.keyword).limit(50_000),
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
      config: { permission: '/logList' },
      schema: {
        tags,
        summary: '操作日志',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZOperationLog)) },
      },
    },
    async (request) => {
      const { current, pageSize, keyword } = request.query;
      return ok(
        await db.withTenant(
          authOf(request).tenantId,
          async (tx) => {
            const [total] = await tx
              .select({ n: count() })
              .from(operationLogs)
              .leftJoin(users, eq(users.id, operationLogs.userId))
              .where(opFilter(keyword));
            const rows = await opLogQuery(tx, keyword)
              .limit(pageSize)
              .offset((current - 1) * pageSize);
            return { records: rows.map(toOp), total: total?.n ?? 0, current, pageSize };
          },
          authOf(request).userId,
        ),
      );
    },
  );
  app.get(
    '/audit/operation-logs/export',
    {
      config: { permission: '/logList:export' },
      schema: { tags, summary: '导出操作日志（xlsx）', querystring: ZPageQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      const rows = await db.withTenant(
        authOf(request).tenantId,
        (tx) => opLogQuery(tx, request.query.keyword).limit(50_000),
        authOf(request).userId,
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
