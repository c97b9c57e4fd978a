import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { readTimeRange, stringOrList, SMALLINT_RANGE } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/*
 * SMS (/system/sms-channel, /system/sms-template, /system/sms-log): channels, templates and the send
 * log, global to all tenants as in the reference.
 */

const { idQuery, textFilter, requiredText, bodyId } = adminFormFields;

/** Dictionary system_sms_channel_code. TENCENT is ours (the reference's dictionary of v1.8.3 lacks it). */
export const SMS_CHANNEL_CODES = ['DEBUG_DING_TALK', 'ALIYUN', 'TENCENT'] as const;
export type SmsChannelCode = (typeof SMS_CHANNEL_CODES)[number];

/** Dictionary system_sms_send_status. */
export const SMS_SEND_STATUS = { INIT: 0, SUCCESS: 10, FAILURE: 20, IGNORE: 30 } as const;
/** Dictionary system_sms_receive_status. */
export const SMS_RECEIVE_STATUS = { INIT: 0, SUCCESS: 10, FAILURE: 20 } as const;
/** Dictionary system_sms_template_type: 1 验证码, 2 通知, 3 营销. */
export const SMS_TEMPLATE_TYPES = [1, 2, 3] as const;

/** Verification-code scenes; the admin console signs in with 21, a member (the member API) with 1. */
export const SMS_SCENE = { MEMBER_LOGIN: 1, ADMIN_MEMBER_LOGIN: 21 } as const;
/** The template each scene sends its code with. */
export const SMS_SCENE_TEMPLATE: Record<number, string> = {
  [SMS_SCENE.MEMBER_LOGIN]: 'user-sms-login',
  [SMS_SCENE.ADMIN_MEMBER_LOGIN]: 'admin-sms-login',
};

/** A number filter in a query string, within its column's range (ids by default); blank counts as not sent. */
const intFilter = (label: string, { min, max } = { min: 1, max: Number.MAX_SAFE_INTEGER }) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || String(v).trim() === '') return undefined;
      const n = Number(v);
      if (!Number.isSafeInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `${label}必须是整数` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label}超出范围` });
        return z.NEVER;
      }
      return n;
    });

const statusField = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label}不能为空` : `${label}必须是数字`) })
    .refine((v) => v === 0 || v === 1, `${label}只能是 0（开启）或 1（关闭）`);

/** Optional text: blank and null become null. */
const optionalField = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .max(max, `${label}长度不能超过 ${max} 个字符`)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

/** Optional http(s) address: blank and null become null. */
const optionalUrl = (label: string) =>
  optionalField(label, 255).refine(
    (v) => v === null || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v),
    `${label}格式不正确`,
  );

const timeRangeFields = (name: string) => ({
  [name]: stringOrList.optional(),
  [`${name}[0]`]: z.string().optional(),
  [`${name}[1]`]: z.string().optional(),
});

// ---------- 短信渠道 ----------

export const smsChannel = z.object({
  id: z.number().int(),
  signature: z.string(),
  /** Dictionary system_sms_channel_code. */
  code: z.string(),
  /** common_status: 0 开启, 1 关闭. */
  status: z.number().int(),
  remark: z.string().nullable(),
  apiKey: z.string(),
  apiSecret: z.string().nullable(),
  callbackUrl: z.string().nullable(),
  /** Ours: where the channel's API is called; null for the provider's public address. */
  apiUrl: z.string().nullable(),
  createTime: epochMillis,
});
export type SmsChannel = z.output<typeof smsChannel>;

export const smsChannelSimple = z.object({ id: z.number().int(), signature: z.string(), code: z.string() });
export type SmsChannelSimple = z.output<typeof smsChannelSimple>;

const channelCode = z.enum(SMS_CHANNEL_CODES, {
  error: (issue) => (issue.input === undefined ? '渠道编码不能为空' : '渠道编码不正确'),
});

const channelFields = {
  signature: requiredText('短信签名不能为空', 64, '短信签名长度不能超过 64 个字符'),
  status: statusField('启用状态'),
  remark: optionalField('备注', 255),
  apiKey: requiredText('短信 API 的账号不能为空', 128, '短信 API 的账号长度不能超过 128 个字符'),
  apiSecret: optionalField('短信 API 的密钥', 128),
  callbackUrl: optionalUrl('回调 URL'),
  apiUrl: optionalUrl('短信 API 地址'),
};

export const smsChannelCreateReq = z.object({ ...channelFields, code: channelCode });
export type SmsChannelCreateReq = z.input<typeof smsChannelCreateReq>;

/** As the reference's update body, `code` may be left out (the channel keeps its code). */
export const smsChannelUpdateReq = z.object({
  id: bodyId('短信渠道编号'),
  ...channelFields,
  code: channelCode.optional(),
});
export type SmsChannelUpdateReq = z.input<typeof smsChannelUpdateReq>;

const channelFilterFields = {
  signature: textFilter('短信签名'),
  code: textFilter('渠道编码'),
  status: adminFormFields.statusFilter,
  ...timeRangeFields('createTime'),
};

const readChannelFilter = (
  raw: { signature?: string; code?: string; status?: number } & Record<string, unknown>,
  ctx: z.RefinementCtx,
) => ({
  signature: raw.signature,
  code: raw.code,
  status: raw.status,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type SmsChannelFilter = ReturnType<typeof readChannelFilter>;

export const smsChannelPageReq = pageParam
  .extend(channelFilterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readChannelFilter(raw, ctx) }));
export type SmsChannelPageReq = z.input<typeof smsChannelPageReq>;

const CHANNEL_TAG = '短信渠道';

export const smsChannelCreate = defineEndpoint({
  method: 'POST',
  path: '/system/sms-channel/create',
  summary: '创建短信渠道，返回编号',
  tag: CHANNEL_TAG,
  access: permission('system:sms-channel:create'),
  body: smsChannelCreateReq,
  data: z.number().int(),
});

export const smsChannelUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/sms-channel/update',
  summary: '修改短信渠道',
  tag: CHANNEL_TAG,
  access: permission('system:sms-channel:update'),
  body: smsChannelUpdateReq,
  data: z.boolean(),
});

export const smsChannelDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/sms-channel/delete',
  summary: '删除短信渠道（还有短信模板使用时不能删除）',
  tag: CHANNEL_TAG,
  access: permission('system:sms-channel:delete'),
  query: idQuery('短信渠道编号'),
  data: z.boolean(),
});

export const smsChannelGet = defineEndpoint({
  method: 'GET',
  path: '/system/sms-channel/get',
  summary: '获得短信渠道',
  tag: CHANNEL_TAG,
  access: permission('system:sms-channel:query'),
  query: idQuery('短信渠道编号'),
  data: smsChannel,
});

export const smsChannelPage = defineEndpoint({
  method: 'GET',
  path: '/system/sms-channel/page',
  summary: '获得短信渠道分页（signature 模糊匹配；createTime[0]、createTime[1] 为时间范围）',
  tag: CHANNEL_TAG,
  access: permission('system:sms-channel:query'),
  query: smsChannelPageReq,
  data: pageResult(smsChannel),
});

export const smsChannelListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/system/sms-channel/list-all-simple',
  summary: '获得短信渠道精简列表（全部渠道，用于下拉选项）',
  tag: CHANNEL_TAG,
  access: SIGNED_IN,
  data: z.array(smsChannelSimple),
});

// ---------- 短信模板 ----------

export const smsTemplate = z.object({
  id: z.number().int(),
  /** Dictionary system_sms_template_type. */
  type: z.number().int(),
  status: z.number().int(),
  code: z.string(),
  name: z.string(),
  content: z.string(),
  /** The `{name}` placeholders of the content, in order. */
  params: z.array(z.string()),
  remark: z.string().nullable(),
  apiTemplateId: z.string(),
  channelId: z.number().int(),
  channelCode: z.string(),
  createTime: epochMillis,
});
export type SmsTemplate = z.output<typeof smsTemplate>;

const templateFields = {
  type: z
    .number({ error: (issue) => (issue.input === undefined ? '短信类型不能为空' : '短信类型必须是数字') })
    .refine((v) => (SMS_TEMPLATE_TYPES as readonly number[]).includes(v), '短信类型不正确'),
  status: statusField('开启状态'),
  code: requiredText('模板编码不能为空', 63, '模板编码长度不能超过 63 个字符'),
  name: requiredText('模板名称不能为空', 63, '模板名称长度不能超过 63 个字符'),
  content: requiredText('模板内容不能为空', 255, '模板内容长度不能超过 255 个字符'),
  remark: optionalField('备注', 255),
  apiTemplateId: requiredText('短信 API 的模板编号不能为空', 63, '短信 API 的模板编号长度不能超过 63 个字符'),
  channelId: bodyId('短信渠道编号'),
};

export const smsTemplateCreateReq = z.object(templateFields);
export type SmsTemplateCreateReq = z.input<typeof smsTemplateCreateReq>;
export const smsTemplateUpdateReq = z.object({ id: bodyId('短信模板编号'), ...templateFields });
export type SmsTemplateUpdateReq = z.input<typeof smsTemplateUpdateReq>;

const templateFilterFields = {
  type: intFilter('短信类型', SMALLINT_RANGE),
  status: adminFormFields.statusFilter,
  code: textFilter('模板编码'),
  content: textFilter('模板内容'),
  apiTemplateId: textFilter('短信 API 的模板编号'),
  channelId: intFilter('短信渠道编号'),
  ...timeRangeFields('createTime'),
};

const readTemplateFilter = (
  raw: {
    type?: number;
    status?: number;
    code?: string;
    content?: string;
    apiTemplateId?: string;
    channelId?: number;
  } & Record<string, unknown>,
  ctx: z.RefinementCtx,
) => ({
  type: raw.type,
  status: raw.status,
  code: raw.code,
  content: raw.content,
  apiTemplateId: raw.apiTemplateId,
  channelId: raw.channelId,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type SmsTemplateFilter = ReturnType<typeof readTemplateFilter>;

export const smsTemplatePageReq = pageParam
  .extend(templateFilterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readTemplateFilter(raw, ctx) }));
export type SmsTemplatePageReq = z.input<typeof smsTemplatePageReq>;
export const smsTemplateExportReq = z
  .object(templateFilterFields)
  .transform((raw, ctx) => readTemplateFilter(raw, ctx));
export type SmsTemplateExportReq = z.input<typeof smsTemplateExportReq>;

export const smsTemplateSendReq = z.object({
  /** Blank is refused by the sender with 1_002_013_000, as the reference does. */
  mobile: z
    .string({ error: '手机号不能为空' })
    .trim()
    .max(20, '手机号长度不能超过 20 个字符')
    .refine((v) => v === '' || /^\+?\d{5,19}$/.test(v), '手机号格式不正确'),
  templateCode: requiredText('模板编码不能为空', 63, '模板编码长度不能超过 63 个字符'),
  templateParams: z.record(z.string(), z.unknown(), { error: '模板参数必须是对象' }).nullish(),
});
export type SmsTemplateSendReq = z.input<typeof smsTemplateSendReq>;

const TEMPLATE_TAG = '短信模板';

export const smsTemplateCreate = defineEndpoint({
  method: 'POST',
  path: '/system/sms-template/create',
  summary: '创建短信模板，返回编号（编码不能重复；渠道须存在且开启）',
  tag: TEMPLATE_TAG,
  access: permission('system:sms-template:create'),
  body: smsTemplateCreateReq,
  data: z.number().int(),
});

export const smsTemplateUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/sms-template/update',
  summary: '修改短信模板',
  tag: TEMPLATE_TAG,
  access: permission('system:sms-template:update'),
  body: smsTemplateUpdateReq,
  data: z.boolean(),
});

export const smsTemplateDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/sms-template/delete',
  summary: '删除短信模板',
  tag: TEMPLATE_TAG,
  access: permission('system:sms-template:delete'),
  query: idQuery('短信模板编号'),
  data: z.boolean(),
});

export const smsTemplateGet = defineEndpoint({
  method: 'GET',
  path: '/system/sms-template/get',
  summary: '获得短信模板',
  tag: TEMPLATE_TAG,
  access: permission('system:sms-template:query'),
  query: idQuery('短信模板编号'),
  data: smsTemplate,
});

export const smsTemplatePage = defineEndpoint({
  method: 'GET',
  path: '/system/sms-template/page',
  summary:
    '获得短信模板分页（code、content、apiTemplateId 模糊匹配；createTime[0]、createTime[1] 为时间范围）',
  tag: TEMPLATE_TAG,
  access: permission('system:sms-template:query'),
  query: smsTemplatePageReq,
  data: pageResult(smsTemplate),
});

export const smsTemplateExportExcel = defineEndpoint({
  method: 'GET',
  path: '/system/sms-template/export-excel',
  summary: '导出短信模板 Excel（.xlsx，条件同分页，不分页）',
  tag: TEMPLATE_TAG,
  access: permission('system:sms-template:export'),
  query: smsTemplateExportReq,
  response: 'binary',
  data: z.unknown(),
});

export const smsTemplateSendSms = defineEndpoint({
  method: 'POST',
  path: '/system/sms-template/send-sms',
  summary: '发送短信（以当前用户的名义；写入发送日志并排队发送，返回日志编号）',
  tag: TEMPLATE_TAG,
  access: permission('system:sms-template:send-sms'),
  body: smsTemplateSendReq,
  data: z.number().int(),
});

// ---------- 短信日志 ----------

export const smsLog = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  channelCode: z.string(),
  templateId: z.number().int(),
  templateCode: z.string(),
  templateType: z.number().int(),
  templateContent: z.string(),
  templateParams: z.record(z.string(), z.unknown()),
  apiTemplateId: z.string(),
  mobile: z.string(),
  userId: z.number().int().nullable(),
  /** Dictionary user_type. */
  userType: z.number().int().nullable(),
  /** Dictionary system_sms_send_status. */
  sendStatus: z.number().int(),
  sendTime: epochMillis.nullable(),
  /** 0 on success, else an error code of ours. */
  sendCode: z.number().int().nullable(),
  sendMsg: z.string().nullable(),
  apiSendCode: z.string().nullable(),
  apiSendMsg: z.string().nullable(),
  apiRequestId: z.string().nullable(),
  apiSerialNo: z.string().nullable(),
  /** Dictionary system_sms_receive_status. */
  receiveStatus: z.number().int(),
  receiveTime: epochMillis.nullable(),
  apiReceiveCode: z.string().nullable(),
  apiReceiveMsg: z.string().nullable(),
  createTime: epochMillis,
});
export type SmsLog = z.output<typeof smsLog>;

const logFilterFields = {
  channelId: intFilter('短信渠道编号'),
  templateId: intFilter('模板编号'),
  mobile: textFilter('手机号', 20),
  sendStatus: intFilter('发送状态', SMALLINT_RANGE),
  receiveStatus: intFilter('接收状态', SMALLINT_RANGE),
  ...timeRangeFields('sendTime'),
  ...timeRangeFields('receiveTime'),
};

const readLogFilter = (
  raw: {
    channelId?: number;
    templateId?: number;
    mobile?: string;
    sendStatus?: number;
    receiveStatus?: number;
  } & Record<string, unknown>,
  ctx: z.RefinementCtx,
) => ({
  channelId: raw.channelId,
  templateId: raw.templateId,
  mobile: raw.mobile,
  sendStatus: raw.sendStatus,
  receiveStatus: raw.receiveStatus,
  sendTime: readTimeRange(raw, 'sendTime', '发送时间', ctx),
  receiveTime: readTimeRange(raw, 'receiveTime', '接收时间', ctx),
});
export type SmsLogFilter = ReturnType<typeof readLogFilter>;

export const smsLogPageReq = pageParam
  .extend(logFilterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readLogFilter(raw, ctx) }));
export type SmsLogPageReq = z.input<typeof smsLogPageReq>;
export const smsLogExportReq = z.object(logFilterFields).transform((raw, ctx) => readLogFilter(raw, ctx));
export type SmsLogExportReq = z.input<typeof smsLogExportReq>;

const LOG_TAG = '短信日志';

export const smsLogPage = defineEndpoint({
  method: 'GET',
  path: '/system/sms-log/page',
  summary: '获得短信日志分页（mobile 模糊匹配；sendTime、receiveTime 以 [0]、[1] 传时间范围；最新在前）',
  tag: LOG_TAG,
  access: permission('system:sms-log:query'),
  query: smsLogPageReq,
  data: pageResult(smsLog),
});

export const smsLogExportExcel = defineEndpoint({
  method: 'GET',
  path: '/system/sms-log/export-excel',
  summary: '导出短信日志 Excel（.xlsx，条件同分页，不分页）',
  tag: LOG_TAG,
  access: permission('system:sms-log:export'),
  query: smsLogExportReq,
  response: 'binary',
  data: z.unknown(),
});
