import { ok, ZEnvelope } from '@shetuan/shared';
import {
  ZMessage,
  ZMessagePage,
  ZMessageQuery,
  ZMessageSetting,
  ZMessageSettingChange,
} from '@shetuan/shared/messages';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { z } from 'zod';
import { authOf, callerTenant } from '../auth/context';
import type { AppInstance } from '../http/app-types';
import { EXPORT_MAX_ROWS, sendXlsx } from '../http/excel';
import * as msg from './service';

const tags = ['messages'];

/** In-site messages (spec 000 §2, §3): the bell, /messagePlatform, /messagePlatformDetail, /messageSetting. */
export async function messageRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const inTenant = callerTenant(db);

  app.get(
    '/messages',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '我的消息（status 0 未读 1 已读）',
        querystring: ZMessageQuery,
        response: { 200: ZEnvelope(ZMessagePage) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => msg.listMessages(tx, authOf(request), request.query))),
  );
  app.get(
    '/messages/latest',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '铃铛：未读数和第 1 页的 3 条',
        response: { 200: ZEnvelope(z.object({ unread: z.number(), list: z.array(ZMessage) })) },
      },
    },
    async (request) => ok(await inTenant(request, (tx) => msg.latestMessages(tx, authOf(request)))),
  );
  app.get(
    '/messages/detail',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '消息详情（打开即已读）',
        querystring: z.object({
          wid: z.string().regex(/^[0-9a-f]{24}$/, '消息不存在'),
          id: z.coerce.number({ error: '消息不存在' }).int().positive('消息不存在'),
        }),
        response: { 200: ZEnvelope(ZMessage) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => msg.openMessage(tx, authOf(request), request.query.wid, request.query.id))),
  );
  app.post(
    '/messages/read',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '标为已读',
        body: z.object({ ids: z.array(z.number().int().positive()).min(1, '请选择消息').max(500) }),
        response: { 200: ZEnvelope(z.object({ count: z.number() })) },
      },
    },
    async (request) =>
      ok({ count: await inTenant(request, (tx) => msg.markRead(tx, authOf(request), request.body.ids)) }, '已标为已读'),
  );
  app.post(
    '/messages/read-all',
    {
      config: { permission: 'identity' },
      schema: { tags, summary: '全部标为已读', response: { 200: ZEnvelope(z.object({ count: z.number() })) } },
    },
    async (request) =>
      ok({ count: await inTenant(request, (tx) => msg.markAllRead(tx, authOf(request))) }, '已全部标为已读'),
  );
  app.get(
    '/messages/export',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '导出我的消息（xlsx）',
        querystring: ZMessageQuery.omit({ current: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const page = await inTenant(request, (tx) =>
        msg.listMessages(tx, authOf(request), { ...request.query, current: 1, pageSize: EXPORT_MAX_ROWS }),
      );
      return sendXlsx(
        reply,
        '我的消息',
        '消息',
        [
          { header: '标题', width: 30, value: (r) => r.title },
          { header: '内容', width: 60, value: (r) => r.body },
          { header: '状态', width: 8, value: (r) => (r.status === 0 ? '未读' : '已读') },
          { header: '时间', width: 22, value: (r) => new Date(r.createdAt) },
        ],
        page.records,
      );
    },
  );
  app.get(
    '/messages/settings',
    {
      config: { permission: PLATFORM_PAGES.messageSetting.path },
      schema: {
        tags,
        summary: '消息设置：哪些事件发送站内消息、短信通知',
        response: { 200: ZEnvelope(z.object({ list: z.array(ZMessageSetting) })) },
      },
    },
    async (request) =>
      ok({ list: await inTenant(request, (tx) => msg.messageSettingList(tx, authOf(request).tenantId)) }),
  );
  app.put(
    '/messages/settings',
    {
      config: { permission: PLATFORM_PAGES.messageSetting.edit },
      schema: {
        tags,
        summary: '开启或关闭一类消息的站内消息（enabled）或短信通知（sms）',
        body: ZMessageSettingChange,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await inTenant(request, (tx) => msg.setMessageSetting(tx, authOf(request).tenantId, request.body));
      return ok(null, '保存成功');
    },
  );
}
