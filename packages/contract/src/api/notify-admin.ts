/**
 * Notify templates and the admin message list: apart from notify.ts, which the shell's bell imports,
 * so that the first screen does not carry the management schemas.
 */
import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { optionalPositiveInt, readTimeRange, stringOrList, INTEGER_RANGE } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';
import { notifyMessage } from './notify.js';

const { idQuery, textFilter, statusFilter, requiredText, statusField, bodyId } = adminFormFields;

// ---------- 站内信模版 (global, as in the reference) ----------

/** A notify template as the reference sends it. */
export const notifyTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** The sender's name shown on the messages. */
  nickname: z.string(),
  /** Text with `{name}` placeholders. */
  content: z.string(),
  /** Dictionary `system_notify_template_type`: 1 通知公告, 2 系统消息. */
  type: z.number().int(),
  /** The placeholders of the content, each once, in order. */
  params: z.array(z.string()),
  /** common_status: 0 开启, 1 关闭. */
  status: z.number().int(),
  remark: z.string().nullable(),
  createTime: epochMillis,
});
export type NotifyTemplate = z.output<typeof notifyTemplate>;

const timeRangeKeys = {
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

export const notifyTemplatePageReq = pageParam
  .extend({
    name: textFilter('模板名称', 63),
    code: textFilter('模板编码', 64),
    status: statusFilter,
    ...timeRangeKeys,
  })
  .transform((raw, ctx) => ({
    pageNo: raw.pageNo,
    pageSize: raw.pageSize,
    name: raw.name,
    code: raw.code,
    status: raw.status,
    createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
  }));
export type NotifyTemplatePageReq = z.input<typeof notifyTemplatePageReq>;

const templateFields = {
  name: requiredText('模版名称不能为空', 63, '模版名称长度不能超过 63 个字符'),
  code: requiredText('模版编码不能为空', 64, '模版编码长度不能超过 64 个字符'),
  nickname: requiredText('发送人名称不能为空', 255, '发送人名称长度不能超过 255 个字符'),
  content: z
    .string({ error: '模版内容不能为空' })
    .max(1024, '模版内容长度不能超过 1024 个字符')
    .refine((v) => v.trim() !== '', '模版内容不能为空'),
  type: z
    .number({ error: '模版类型不能为空' })
    .refine((v) => v === 1 || v === 2, '模版类型只能是 1（通知公告）或 2（系统消息）'),
  status: statusField,
  remark: z
    .string({ error: '备注必须是文本' })
    .max(255, '备注长度不能超过 255 个字符')
    .nullish()
    .transform((v) => (v?.trim() ? v : null)),
};
export const notifyTemplateCreateReq = z.object(templateFields);
export type NotifyTemplateCreateReq = z.input<typeof notifyTemplateCreateReq>;
export const notifyTemplateUpdateReq = z.object({ id: bodyId('模版编号'), ...templateFields });
export type NotifyTemplateUpdateReq = z.input<typeof notifyTemplateUpdateReq>;

const TEMPLATE_TAG = '站内信模版';

export const notifyTemplateCreate = defineEndpoint({
  method: 'POST',
  path: '/system/notify-template/create',
  summary: '创建站内信模版，返回编号（编码全局唯一；参数从内容的 {name} 占位符解析）',
  tag: TEMPLATE_TAG,
  access: permission('system:notify-template:create'),
  body: notifyTemplateCreateReq,
  data: z.number().int(),
});

export const notifyTemplateUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/notify-template/update',
  summary: '更新站内信模版',
  tag: TEMPLATE_TAG,
  access: permission('system:notify-template:update'),
  body: notifyTemplateUpdateReq,
  data: z.boolean(),
});

export const notifyTemplateDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/notify-template/delete',
  summary: '删除站内信模版（已发送的站内信保留）',
  tag: TEMPLATE_TAG,
  access: permission('system:notify-template:delete'),
  query: idQuery('模版编号'),
  data: z.boolean(),
});

export const notifyTemplateGet = defineEndpoint({
  method: 'GET',
  path: '/system/notify-template/get',
  summary: '获得站内信模版（不存在时 data 为 null）',
  tag: TEMPLATE_TAG,
  access: permission('system:notify-template:query'),
  query: idQuery('模版编号'),
  data: notifyTemplate.nullable(),
});

export const notifyTemplatePage = defineEndpoint({
  method: 'GET',
  path: '/system/notify-template/page',
  summary: '获得站内信模版分页（名称、编码模糊，状态、创建时间过滤；新的在前）',
  tag: TEMPLATE_TAG,
  access: permission('system:notify-template:query'),
  query: notifyTemplatePageReq,
  data: pageResult(notifyTemplate),
});

// ---------- 站内信消息 (admin view of the caller's tenant) ----------

export const notifyMessagePageReq = pageParam
  .extend({
    userId: optionalPositiveInt('用户编号'),
    userType: z
      .enum(['1', '2', ''], { error: '用户类型只能是 1（会员）或 2（管理员）' })
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : Number(v))),
    templateCode: textFilter('模板编码', 64),
    templateType: optionalPositiveInt('模版类型', INTEGER_RANGE.max),
    ...timeRangeKeys,
  })
  .transform((raw, ctx) => ({
    pageNo: raw.pageNo,
    pageSize: raw.pageSize,
    userId: raw.userId,
    userType: raw.userType,
    templateCode: raw.templateCode,
    templateType: raw.templateType,
    createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
  }));
export type NotifyMessagePageReq = z.input<typeof notifyMessagePageReq>;
export type NotifyMessageFilter = Omit<z.output<typeof notifyMessagePageReq>, 'pageNo' | 'pageSize'>;

export const notifyMessagePage = defineEndpoint({
  method: 'GET',
  path: '/system/notify-message/page',
  summary:
    '获得站内信分页（本租户全部用户；用户编号、用户类型、模版类型精确，模板编码模糊，创建时间范围；新的在前）',
  tag: '站内信消息',
  access: permission('system:notify-message:query'),
  query: notifyMessagePageReq,
  data: pageResult(notifyMessage),
});

export const notifyMessageGet = defineEndpoint({
  method: 'GET',
  path: '/system/notify-message/get',
  summary: '获得站内信（本租户；不存在时 data 为 null）',
  tag: '站内信消息',
  access: permission('system:notify-message:query'),
  query: idQuery('站内信编号'),
  data: notifyMessage.nullable(),
});
