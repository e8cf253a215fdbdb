import { z } from 'zod';
import { ZPage } from '../platform/list';

/**
 * The events that send in-site messages; each tenant turns them on or off at /messageSetting, and
 * turns on an SMS notice beside the message (off by default: SMS costs the tenant money). Modules
 * send through one server call (platform/messages sendMessage) with one of these, and the SMS
 * through platform/sms (notifyUserBySms, queueSmsNotice; docs/notifications.md).
 */
export const MESSAGE_EVENTS = {
  'registration.submitted': { name: '新用户注册待审核', to: '管理员' },
  'registration.reviewed': { name: '注册审核结果', to: '申请人' },
  'export.done': { name: '导出完成', to: '发起人' },
  'project.declaration': { name: '申报进度通知', to: '申报人' },
  'project.trial': { name: '待初审申报通知', to: '初审单位' },
  'project.review': { name: '评审任务通知', to: '评审专家' },
  'expert.audit': { name: '专家审核结果', to: '专家' },
  'expert.draw': { name: '专家遴选邀请', to: '专家' },
  'appeal.submitted': { name: '新的人工申诉待处理', to: '管理员' },
  'appeal.handled': { name: '人工申诉处理结果', to: '申诉人' },
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

/** enabled: the in-site message is sent; sms: an SMS notice is sent too. */
export const ZMessageSetting = z.object({
  event: z.string(),
  name: z.string(),
  to: z.string(),
  enabled: z.boolean(),
  sms: z.boolean(),
});
export type TMessageSetting = z.infer<typeof ZMessageSetting>;

/** PUT /messages/settings: one event, and the switch or switches changed (the others are kept). */
export const ZMessageSettingChange = z
  .object({
    event: z.string().max(60),
    enabled: z.boolean({ error: '请选择是否开启' }).optional(),
    sms: z.boolean({ error: '请选择是否发送短信' }).optional(),
  })
  .refine((v) => v.enabled !== undefined || v.sms !== undefined, { message: '请选择是否开启', path: ['enabled'] });
export type TMessageSettingChange = z.infer<typeof ZMessageSettingChange>;
