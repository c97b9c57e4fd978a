import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { idParam, readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/* 支付应用 (/pay/app) and their per-channel configuration (/pay/channel), as the reference v1.8.3. */

const { idQuery, textFilter, statusFilter, requiredText, statusField, remarkField, bodyId } = adminFormFields;

/** Every channel a pay app can configure (dictionary pay_channel_code), grouped as the cashier shows them. */
export const PAY_CHANNEL_GROUPS = {
  alipay: ['alipay_pc', 'alipay_wap', 'alipay_app', 'alipay_qr', 'alipay_bar'],
  wx: ['wx_pub', 'wx_lite', 'wx_app', 'wx_native', 'wx_bar'],
  other: ['mock', 'wallet'],
} as const;
export const PAY_CHANNEL_CODES = [
  ...PAY_CHANNEL_GROUPS.alipay,
  ...PAY_CHANNEL_GROUPS.wx,
  ...PAY_CHANNEL_GROUPS.other,
] as const;
export type PayChannelCode = (typeof PAY_CHANNEL_CODES)[number];

export const payChannelCode = z.enum(PAY_CHANNEL_CODES, { error: '支付渠道编码不正确' });

/**
 * A secret of a channel's configuration (private keys, API keys) is never returned: it comes back
 * as this mask followed by its last four characters, and saving the mask back keeps the stored one.
 */
export const PAY_SECRET_MASK = '******';

export const payApp = z.object({
  id: z.number().int(),
  name: z.string(),
  /** common_status: 0 开启, 1 关闭. */
  status: z.number().int(),
  remark: z.string().nullable(),
  orderNotifyUrl: z.string(),
  refundNotifyUrl: z.string(),
  createTime: epochMillis,
});
export type PayApp = z.output<typeof payApp>;

export const payAppPageItem = payApp.extend({
  /** The codes of the channels configured for this app (enabled or not). */
  channelCodes: z.array(z.string()),
});
export type PayAppPageItem = z.output<typeof payAppPageItem>;

export const payAppPageReq = pageParam
  .extend({
    name: textFilter('应用名', 64),
    status: statusFilter,
    createTime: stringOrList.optional(),
    'createTime[0]': z.string().optional(),
    'createTime[1]': z.string().optional(),
  })
  .transform((raw, ctx) => ({
    pageNo: raw.pageNo,
    pageSize: raw.pageSize,
    name: raw.name,
    status: raw.status,
    createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
  }));
export type PayAppPageReq = z.input<typeof payAppPageReq>;
export type PayAppFilter = Omit<z.output<typeof payAppPageReq>, 'pageNo' | 'pageSize'>;

const notifyUrl = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(1024, `${label}长度不能超过1024个字符`)
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, `${label}必须是 http 或 https 地址`);

const appFields = {
  name: requiredText('应用名不能为空', 64, '应用名长度不能超过64个字符'),
  status: statusField,
  orderNotifyUrl: notifyUrl('支付结果的回调地址'),
  refundNotifyUrl: notifyUrl('退款结果的回调地址'),
  remark: remarkField,
};
export const payAppCreateReq = z.object(appFields);
export type PayAppCreateReq = z.input<typeof payAppCreateReq>;
export const payAppUpdateReq = z.object({ id: bodyId('应用编号'), ...appFields });
export type PayAppUpdateReq = z.input<typeof payAppUpdateReq>;
export const payAppUpdateStatusReq = z.object({ id: bodyId('应用编号'), status: statusField });
export type PayAppUpdateStatusReq = z.input<typeof payAppUpdateStatusReq>;

export const payAppSimple = z.object({ id: z.number().int(), name: z.string() });

const APP_TAG = '支付应用';

export const payAppPage = defineEndpoint({
  method: 'GET',
  path: '/pay/app/page',
  summary: '获得支付应用分页（应用名模糊，状态、创建时间过滤；带已配置的渠道编码）',
  tag: APP_TAG,
  access: permission('pay:app:query'),
  query: payAppPageReq,
  data: pageResult(payAppPageItem),
});

export const payAppList = defineEndpoint({
  method: 'GET',
  path: '/pay/app/list',
  summary: '获得支付应用列表（订单、退款与回调通知的筛选用）',
  tag: APP_TAG,
  access: permission(
    'pay:merchant:query',
    'pay:app:query',
    'pay:order:query',
    'pay:refund:query',
    'pay:notify:query',
  ),
  data: z.array(payAppSimple),
});

export const payAppGet = defineEndpoint({
  method: 'GET',
  path: '/pay/app/get',
  summary: '获得支付应用',
  tag: APP_TAG,
  access: permission('pay:app:query'),
  query: idQuery('应用编号'),
  data: payApp,
});

export const payAppCreate = defineEndpoint({
  method: 'POST',
  path: '/pay/app/create',
  summary: '创建支付应用，返回编号',
  tag: APP_TAG,
  access: permission('pay:app:create'),
  body: payAppCreateReq,
  data: z.number().int(),
});

export const payAppUpdate = defineEndpoint({
  method: 'PUT',
  path: '/pay/app/update',
  summary: '修改支付应用',
  tag: APP_TAG,
  access: permission('pay:app:update'),
  body: payAppUpdateReq,
  data: z.boolean(),
});

export const payAppUpdateStatus = defineEndpoint({
  method: 'PUT',
  path: '/pay/app/update-status',
  summary: '启用或停用支付应用（JSON {id, status}）',
  tag: APP_TAG,
  access: permission('pay:app:update'),
  body: payAppUpdateStatusReq,
  data: z.boolean(),
});

export const payAppDelete = defineEndpoint({
  method: 'DELETE',
  path: '/pay/app/delete',
  summary: '删除支付应用（没有支付订单和退款订单时）',
  tag: APP_TAG,
  access: permission('pay:app:delete'),
  query: idQuery('应用编号'),
  data: z.boolean(),
});

// ---------- 支付渠道 ----------

export const payChannel = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  code: z.string(),
  status: z.number().int(),
  /** 渠道费率, in percent. */
  feeRate: z.number(),
  remark: z.string().nullable(),
  /** The channel's configuration as a JSON string; secrets masked (see PAY_SECRET_MASK). */
  config: z.string(),
  createTime: epochMillis,
});
export type PayChannel = z.output<typeof payChannel>;

const feeRate = z
  .number({ error: (issue) => (issue.input === undefined ? '渠道费率不能为空' : '渠道费率必须是数字') })
  .min(0, '渠道费率不能小于 0')
  .max(100, '渠道费率不能大于 100');

const channelFields = {
  status: statusField,
  feeRate,
  remark: remarkField,
  /** A JSON object as a string (the reference client sends it so); checked per channel by the server. */
  config: z
    .string({ error: '渠道配置不能为空' })
    .max(65_536, '渠道配置过长')
    .optional()
    .transform((v) => (v?.trim() ? v : '{}')),
};
export const payChannelCreateReq = z.object({
  appId: bodyId('应用编号'),
  code: payChannelCode,
  ...channelFields,
});
export type PayChannelCreateReq = z.input<typeof payChannelCreateReq>;
export const payChannelUpdateReq = z.object({ id: bodyId('渠道编号'), ...channelFields });
export type PayChannelUpdateReq = z.input<typeof payChannelUpdateReq>;

export const payChannelGetReq = z.object({
  appId: idParam('应用编号'),
  code: payChannelCode,
});

const CHANNEL_TAG = '支付渠道';

export const payChannelGet = defineEndpoint({
  method: 'GET',
  path: '/pay/channel/get',
  summary: '获得应用的某个渠道配置（未配置时为 null；密钥只返回掩码）',
  tag: CHANNEL_TAG,
  access: permission('pay:app:query'),
  query: payChannelGetReq,
  data: payChannel.nullable(),
});

export const payChannelCreate = defineEndpoint({
  method: 'POST',
  path: '/pay/channel/create',
  summary: '为应用配置一个渠道，返回编号（每个应用每个渠道一条）',
  tag: CHANNEL_TAG,
  access: permission('pay:app:update'),
  body: payChannelCreateReq,
  data: z.number().int(),
});

export const payChannelUpdate = defineEndpoint({
  method: 'PUT',
  path: '/pay/channel/update',
  summary: '修改渠道配置（密钥传回掩码时保留原值）',
  tag: CHANNEL_TAG,
  access: permission('pay:app:update'),
  body: payChannelUpdateReq,
  data: z.boolean(),
});

export const payChannelDelete = defineEndpoint({
  method: 'DELETE',
  path: '/pay/channel/delete',
  summary: '删除渠道配置',
  tag: CHANNEL_TAG,
  access: permission('pay:app:update'),
  query: idQuery('渠道编号'),
  data: z.boolean(),
});
