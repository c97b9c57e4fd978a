import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/* Notices (/system/notice) of a tenant, and pushing one to the tenant's users as an in-site message. */

const { idQuery, textFilter, statusFilter, requiredText, statusField, bodyId } = adminFormFields;

export const noticeRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  /** system_notice_type: 1 通知, 2 公告. */
  type: z.number().int(),
  content: z.string(),
  /** common_status: 0 开启, 1 关闭. */
  status: z.number().int(),
  createTime: epochMillis,
});
export type Notice = z.output<typeof noticeRecord>;

export const noticePageReq = pageParam.extend({ title: textFilter('公告标题', 50), status: statusFilter });
export type NoticePageReq = z.input<typeof noticePageReq>;

export const noticeCreateReq = z.object({
  title: requiredText('公告标题不能为空', 50, '公告标题不能超过50个字符'),
  type: z
    .number({ error: '公告类型不能为空' })
    .refine((v) => v === 1 || v === 2, '公告类型只能是 1（通知）或 2（公告）'),
  content: z
    .string({ error: '公告内容不能为空' })
    .max(10_000, '公告内容不能超过10000个字符')
    .refine((v) => v.trim() !== '', '公告内容不能为空'),
  status: statusField,
});
export type NoticeCreateReq = z.input<typeof noticeCreateReq>;

export const noticeUpdateReq = noticeCreateReq.extend({ id: bodyId('公告编号') });
export type NoticeUpdateReq = z.input<typeof noticeUpdateReq>;

export const noticePage = defineEndpoint({
  method: 'GET',
  path: '/system/notice/page',
  summary: '获取通知公告列表（title 模糊匹配）',
  tag: '通知公告',
  access: permission('system:notice:query'),
  query: noticePageReq,
  data: pageResult(noticeRecord),
});

export const noticeGet = defineEndpoint({
  method: 'GET',
  path: '/system/notice/get',
  summary: '获得通知公告（不存在时 data 为 null）',
  tag: '通知公告',
  access: permission('system:notice:query'),
  query: idQuery('公告编号'),
  data: noticeRecord.nullable(),
});

export const noticeCreate = defineEndpoint({
  method: 'POST',
  path: '/system/notice/create',
  summary: '创建通知公告，返回编号',
  tag: '通知公告',
  access: permission('system:notice:create'),
  body: noticeCreateReq,
  data: z.number().int(),
});

export const noticeUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/notice/update',
  summary: '修改通知公告',
  tag: '通知公告',
  access: permission('system:notice:update'),
  body: noticeUpdateReq,
  data: z.boolean(),
});

export const noticeDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/notice/delete',
  summary: '删除通知公告',
  tag: '通知公告',
  access: permission('system:notice:delete'),
  query: idQuery('公告编号'),
  data: z.boolean(),
});

export const noticePush = defineEndpoint({
  method: 'POST',
  path: '/system/notice/push',
  summary: '推送通知公告：以站内信（模板 notice_push）发给本租户所有开启的用户',
  tag: '通知公告',
  access: permission('system:notice:update'),
  query: idQuery('公告编号'),
  data: z.boolean(),
});
