import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { booleanParam, idListParam, readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';

/** An in-site message as the reference sends it. */
export const notifyMessage = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** 2 = admin user. */
  userType: z.number().int(),
  templateId: z.number().int(),
  templateCode: z.string(),
  /** The sender's name shown to the reader. */
  templateNickname: z.string(),
  templateContent: z.string(),
  /** Dictionary `system_notify_template_type`: 1 通知公告, 2 系统消息. */
  templateType: z.number().int(),
  templateParams: z.record(z.string(), z.unknown()),
  readStatus: z.boolean(),
  readTime: epochMillis.nullable(),
  createTime: epochMillis,
});
export type NotifyMessage = z.output<typeof notifyMessage>;

export const notifyMessageMyPageReq = pageParam
  .extend({
    readStatus: booleanParam('是否已读只能是 true 或 false').optional(),
    createTime: stringOrList.optional(),
    'createTime[0]': z.string().optional(),
    'createTime[1]': z.string().optional(),
  })
  .transform((raw, ctx) => ({
    pageNo: raw.pageNo,
    pageSize: raw.pageSize,
    readStatus: raw.readStatus,
    createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
  }));
export type NotifyMessageMyPageReq = z.input<typeof notifyMessageMyPageReq>;

export const notifyMessageMyPage = defineEndpoint({
  method: 'GET',
  path: '/system/notify-message/my-page',
  summary:
    '获得我的站内信分页（readStatus 过滤是否已读；createTime[0]、createTime[1] 为 yyyy-MM-dd HH:mm:ss 的时间范围）',
  tag: '站内信消息',
  access: SIGNED_IN,
  query: notifyMessageMyPageReq,
  data: pageResult(notifyMessage),
});

export const notifyMessageUpdateRead = defineEndpoint({
  method: 'PUT',
  path: '/system/notify-message/update-read',
  summary: '标记站内信为已读（ids 为重复的查询参数；只改动自己的消息）',
  tag: '站内信消息',
  access: SIGNED_IN,
  query: z.object({ ids: idListParam('编号列表') }),
  data: z.boolean(),
});

export const notifyMessageUpdateAllRead = defineEndpoint({
  method: 'PUT',
  path: '/system/notify-message/update-all-read',
  summary: '标记所有站内信为已读',
  tag: '站内信消息',
  access: SIGNED_IN,
  data: z.boolean(),
});

export const notifyMessageUnreadList = defineEndpoint({
  method: 'GET',
  path: '/system/notify-message/get-unread-list',
  summary: '获取当前用户的最新站内信列表，默认 10 条，新的在前',
  tag: '站内信消息',
  access: SIGNED_IN,
  query: z.object({
    size: z.coerce
      .number({ error: '条数必须是数字' })
      .int('条数必须是整数')
      .min(1, '条数最小值为 1')
      .max(100, '条数最大值为 100')
      .default(10),
  }),
  data: z.array(notifyMessage),
});

export const notifyMessageUnreadCount = defineEndpoint({
  method: 'GET',
  path: '/system/notify-message/get-unread-count',
  summary: '获得当前用户的未读站内信数量',
  tag: '站内信消息',
  access: SIGNED_IN,
  data: z.number().int(),
});

/** One event of the unread-count stream. */
export const unreadCountEvent = z.object({ unreadCount: z.number().int() });
export type UnreadCountEvent = z.output<typeof unreadCountEvent>;

/**
 * Our addition: a server-sent event stream (text/event-stream) of the caller's unread count. It
 * sends the count at once, then again whenever a message of the caller is created or read (on any
 * server instance), and a `:` comment every 25 s to keep proxies from closing it. Authenticated by
 * the bearer header, so browsers read it with fetch streaming rather than EventSource. Errors before
 * the stream starts (401, 403) come as the usual JSON envelope.
 */
export const notifyMessageUnreadCountStream = defineEndpoint({
  method: 'GET',
  path: '/system/notify-message/unread-count-stream',
  summary: '订阅当前用户的未读站内信数量（text/event-stream，事件数据为 {"unreadCount":N}）',
  tag: '站内信消息',
  access: SIGNED_IN,
  response: 'event-stream',
  data: unreadCountEvent,
});

export const notifyTemplateSendReq = z.object({
  userId: z.number({ error: '用户编号不能为空' }).int('用户编号必须是整数').positive('用户编号不能为空'),
  templateCode: z
    .string({ error: '模板编码不能为空' })
    .trim()
    .min(1, '模板编码不能为空')
    .max(64, '模板编码长度不能超过 64 个字符'),
  templateParams: z.record(z.string(), z.unknown()).default({}),
});
export type NotifyTemplateSendReq = z.input<typeof notifyTemplateSendReq>;

export const notifyTemplateSendNotify = defineEndpoint({
  method: 'POST',
  path: '/system/notify-template/send-notify',
  summary: '发送站内信（按模板编码给本租户的一个用户发送；模板停用时不发送，返回 null）',
  tag: '站内信模版',
  access: permission('system:notify-template:send-notify'),
  body: notifyTemplateSendReq,
  data: z.number().int().nullable(),
});
