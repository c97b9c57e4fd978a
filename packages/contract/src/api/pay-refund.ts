import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { optionalPositiveInt, readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';
import { payFilterFields } from './pay-order.js';

/* 退款订单 (/pay/refund), as the reference v1.8.3; `create` is how the order list refunds. */

const { idQuery, textFilter, bodyId } = adminFormFields;
const { channelCodeFilter, statusIn } = payFilterFields;

/** Dictionary pay_refund_status. */
export const PAY_REFUND_STATUS = { WAITING: 0, SUCCESS: 10, FAILURE: 20 } as const;

export const payRefund = z.object({
  id: z.number().int(),
  /** R…, ours. */
  no: z.string(),
  appId: z.number().int(),
  appName: z.string().nullable(),
  channelId: z.number().int(),
  channelCode: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  merchantOrderId: z.string(),
  merchantRefundId: z.string(),
  notifyUrl: z.string(),
  status: z.number().int(),
  /** In fen: what the order was paid, and what this refund returns. */
  payPrice: z.number().int(),
  refundPrice: z.number().int(),
  reason: z.string(),
  userIp: z.string().nullable(),
  channelOrderNo: z.string().nullable(),
  channelRefundNo: z.string().nullable(),
  successTime: epochMillis.nullable(),
  channelErrorCode: z.string().nullable(),
  channelErrorMsg: z.string().nullable(),
  channelNotifyData: z.string().nullable(),
  createTime: epochMillis,
  updateTime: epochMillis,
});
export type PayRefund = z.output<typeof payRefund>;

const filterFields = {
  appId: optionalPositiveInt('应用编号'),
  channelCode: channelCodeFilter,
  merchantOrderId: textFilter('商户支付单号', 64),
  merchantRefundId: textFilter('商户退款单号', 64),
  channelOrderNo: textFilter('渠道支付单号', 64),
  channelRefundNo: textFilter('渠道退款单号', 64),
  status: statusIn(Object.values(PAY_REFUND_STATUS), '退款状态'),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};
const readFilter = (raw: z.output<z.ZodObject<typeof filterFields>>, ctx: z.RefinementCtx) => ({
  appId: raw.appId,
  channelCode: raw.channelCode,
  merchantOrderId: raw.merchantOrderId,
  merchantRefundId: raw.merchantRefundId,
  channelOrderNo: raw.channelOrderNo,
  channelRefundNo: raw.channelRefundNo,
  status: raw.status,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type PayRefundFilter = ReturnType<typeof readFilter>;

export const payRefundPageReq = pageParam
  .extend(filterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readFilter(raw, ctx) }));
export type PayRefundPageReq = z.input<typeof payRefundPageReq>;
export const payRefundExportReq = z.object(filterFields).transform(readFilter);
export type PayRefundExportReq = z.input<typeof payRefundExportReq>;

export const payRefundCreateReq = z.object({
  orderId: bodyId('支付单编号'),
  price: z
    .number({ error: (issue) => (issue.input === undefined ? '退款金额不能为空' : '退款金额必须是数字') })
    .int('退款金额必须精确到分')
    .positive('退款金额必须大于 0'),
  reason: z
    .string({ error: '退款原因不能为空' })
    .trim()
    .min(1, '退款原因不能为空')
    .max(256, '退款原因长度不能超过256个字符'),
  /** A merchant system's own refund number (unique per app); the console's refunds get one of ours. */
  merchantRefundId: z
    .string({ error: '商户退款单号必须是文本' })
    .trim()
    .min(1, '商户退款单号不能为空')
    .max(64, '商户退款单号长度不能超过64个字符')
    .nullish(),
});
export type PayRefundCreateReq = z.input<typeof payRefundCreateReq>;

const TAG = '退款订单';

export const payRefundPage = defineEndpoint({
  method: 'GET',
  path: '/pay/refund/page',
  summary: '获得退款订单分页（最新在前）',
  tag: TAG,
  access: permission('pay:refund:query'),
  query: payRefundPageReq,
  data: pageResult(payRefund),
});

export const payRefundGet = defineEndpoint({
  method: 'GET',
  path: '/pay/refund/get',
  summary: '获得退款订单',
  tag: TAG,
  access: permission('pay:refund:query'),
  query: idQuery('退款单编号'),
  data: payRefund,
});

export const payRefundExport = defineEndpoint({
  method: 'GET',
  path: '/pay/refund/export-excel',
  summary: '导出退款订单 Excel（与分页相同的过滤）',
  tag: TAG,
  access: permission('pay:refund:export'),
  query: payRefundExportReq,
  response: 'binary',
  data: z.unknown(),
});

export const payRefundCreate = defineEndpoint({
  method: 'POST',
  path: '/pay/refund/create',
  summary: '为已支付的订单发起退款（全部或部分，累计不超过支付金额），返回退款单编号',
  tag: TAG,
  access: permission('pay:refund:create'),
  body: payRefundCreateReq,
  data: z.number().int(),
});
