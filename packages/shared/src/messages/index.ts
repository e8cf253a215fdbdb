import { z } from 'zod';
import { ZPage } from '../platform/list';

/**
 * The events that send in-site messages; each tenant turns them on or off at /messageSetting.
 * Modules send through one server call (platform/messages sendMessage) with one of these.
 */
export const MESSAGE_EVENTS = {
  'registration.submitted': { name: '新用户注册待审核', to: '管理员' },
  'registration.reviewed': { name: '注册审核结果', to: '申请人' },
  'export.done': { name: '导出完成', to: '发起人' },
} as const;
export type MessageEvent = keyof typeof MESSAGE_EVENTS;

/** status 0 unread, 1 read (spec 000 §3). */
export const ZMessage = z.object({
  id: z.number().int(),
  wid: z.string(),
  title: z.string(),
  body: z.string(),
  event: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
});
export type TMessage = z.infer<typeof ZMessage>;
export const ZMessagePage = ZPage(ZMessage);

export const ZMessageQuery = z.object({
  current: z.coerce.number({ error: '页码必须是数字' }).int().min(1, '页码从1开始').default(1),
  pageSize: z.coerce.number({ error: '每页条数必须是数字' }).int().min(1).max(100, '每页最多100条').default(20),
  keyword: z.string().trim().max(50, '搜索内容最多50个字').optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});

export const ZMessageSetting = z.object({ event: z.string(), name: z.string(), to: z.string(), enabled: z.boolean() });
export type TMessageSetting = z.infer<typeof ZMessageSetting>;
