import { z } from 'zod';
import { defineEndpoint, permission, PUBLIC, SIGNED_IN } from '../endpoint.js';
import { optionalPositiveInt, readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';
import { PAY_CHANNEL_CODES } from './pay-app.js';

/* 支付订单 (/pay/order) and the cashier's submit, as the reference v1.8.3. */

const { idQuery, textFilter, bodyId } = adminFormFields;

/** Dictionary pay_order_status (the server's values: 20 is 已退款, 30 支付关闭). */
export const PAY_ORDER_STATUS = { WAITING: 0, SUCCESS: 10, REFUND: 20, CLOSED: 30 } as const;

/** How the cashier shows what a submit answers. */
export const PAY_DISPLAY_MODES = ['url', 'iframe', 'form', 'qr_code', 'app'] as const;

export const payOrder = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  channelId: z.number().int().nullable(),
  channelCode: z.string().nullable(),
  merchantOrderId: z.string(),
  subject: z.string(),
  body: z.string(),
  notifyUrl: z.string(),
  /** In fen. */
  price: z.number().int(),
  /** In percent. */
  channelFeeRate: z.number().nullable(),
  channelFeePrice: z.number().int().nullable(),
  status: z.number().int(),
  userIp: z.string().nullable(),
  expireTime: epochMillis,
  successTime: epochMillis.nullable(),
  extensionId: z.number().int().nullable(),
  /** The number of the attempt that paid (P…), once paid. */
  no: z.string().nullable(),
  refundPrice: z.number().int(),
  channelUserId: z.string().nullable(),
  channelOrderNo: z.string().nullable(),
  createTime: epochMillis,
});
export type PayOrder = z.output<typeof payOrder>;

export const payOrderPageItem = payOrder.extend({ appName: z.string().nullable() });
export type PayOrderPageItem = z.output<typeof payOrderPageItem>;

export const payOrderDetail = payOrderPageItem.extend({
  updateTime: epochMillis,
  extension: z.object({ no: z.string(), channelNotifyData: z.string().nullable() }).nullable(),
});
export type PayOrderDetail = z.output<typeof payOrderDetail>;

const channelCodeFilter = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined)
  .refine(
    (v) => v === undefined || (PAY_CHANNEL_CODES as readonly string[]).includes(v),
    '支付渠道编码不正确',
  );

const statusIn = (values: readonly number[], label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!values.includes(n)) {
        ctx.addIssue({ code: 'custom', message: `${label}只能是 ${values.join('、')}` });
        return z.NEVER;
      }
      return n;
    });

/** Filter helpers shared by the order, refund and notify lists. */
export const payFilterFields = { channelCodeFilter, statusIn };

const orderFilterFields = {
  appId: optionalPositiveInt('应用编号'),
  channelCode: channelCodeFilter,
  merchantOrderId: textFilter('商户单号', 64),
  no: textFilter('支付单号', 64),
  channelOrderNo: textFilter('渠道单号', 64),
  status: statusIn(Object.values(PAY_ORDER_STATUS), '支付状态'),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};
const readOrderFilter = (raw: z.output<z.ZodObject<typeof orderFilterFields>>, ctx: z.RefinementCtx) => ({
  appId: raw.appId,
  channelCode: raw.channelCode,
  merchantOrderId: raw.merchantOrderId,
  no: raw.no,
  channelOrderNo: raw.channelOrderNo,
  status: raw.status,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type PayOrderFilter = ReturnType<typeof readOrderFilter>;

export const payOrderPageReq = pageParam
  .extend(orderFilterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readOrderFilter(raw, ctx) }));
export type PayOrderPageReq = z.input<typeof payOrderPageReq>;
export const payOrderExportReq = z.object(orderFilterFields).transform(readOrderFilter);
export type PayOrderExportReq = z.input<typeof payOrderExportReq>;

export const payOrderSubmitReq = z.object({
  id: bodyId('支付单编号'),
  channelCode: z.enum(PAY_CHANNEL_CODES, { error: '支付渠道不能为空' }),
  /** Where the channel sends the payer back (the cashier's own address). */
  returnUrl: z.string().max(1024, '回跳地址长度不能超过1024个字符').nullish(),
  /** Extras of the channel: `auth_code` (alipay_bar), `authCode` (wx_bar), `openid` (wx_pub, wx_lite). */
  channelExtras: z.record(z.string(), z.string().max(256, '渠道参数过长')).nullish(),
});
export type PayOrderSubmitReq = z.input<typeof payOrderSubmitReq>;

export const payOrderSubmitResp = z.object({
  status: z.number().int(),
  displayMode: z.enum(PAY_DISPLAY_MODES).nullable(),
  displayContent: z.string().nullable(),
});
export type PayOrderSubmitResp = z.output<typeof payOrderSubmitResp>;

/** The most one order may ask: ¥10,000,000.00. */
export const PAY_ORDER_MAX_PRICE = 1_000_000_000;

export const payOrderCreateReq = z.object({
  appId: bodyId('应用编号'),
  merchantOrderId: z
    .string({ error: '商户订单编号不能为空' })
    .trim()
    .min(1, '商户订单编号不能为空')
    .max(64, '商户订单编号长度不能超过64个字符'),
  subject: z
    .string({ error: '商品标题不能为空' })
    .trim()
    .min(1, '商品标题不能为空')
    .max(32, '商品标题长度不能超过32个字符'),
  body: z
    .string({ error: '商品描述不能为空' })
    .trim()
    .min(1, '商品描述不能为空')
    .max(128, '商品描述长度不能超过128个字符'),
  price: z
    .number({ error: (issue) => (issue.input === undefined ? '支付金额不能为空' : '支付金额必须是数字') })
    .int('支付金额必须精确到分')
    .positive('支付金额必须大于 0')
    .max(PAY_ORDER_MAX_PRICE, '支付金额不能超过 1000 万元'),
  /** Epoch milliseconds; the server refuses a time already past. */
  expireTime: z.number({ error: '支付过期时间不能为空' }).int('支付过期时间格式不正确'),
});
export type PayOrderCreateReq = z.input<typeof payOrderCreateReq>;

const TAG = '支付订单';

export const payOrderCreate = defineEndpoint({
  method: 'POST',
  path: '/pay/order/create',
  summary: '为商户系统创建支付订单，返回编号（同一应用的商户订单编号再次提交时返回原订单）',
  tag: TAG,
  access: permission('pay:order:create'),
  body: payOrderCreateReq,
  data: z.number().int(),
});

export const payOrderPage = defineEndpoint({
  method: 'GET',
  path: '/pay/order/page',
  summary: '获得支付订单分页（最新在前）',
  tag: TAG,
  access: permission('pay:order:query'),
  query: payOrderPageReq,
  data: pageResult(payOrderPageItem),
});

export const payOrderGet = defineEndpoint({
  method: 'GET',
  path: '/pay/order/get',
  summary: '获得支付订单（收银台轮询它的状态）',
  tag: TAG,
  access: permission('pay:order:query'),
  query: idQuery('支付单编号'),
  data: payOrder,
});

export const payOrderGetDetail = defineEndpoint({
  method: 'GET',
  path: '/pay/order/get-detail',
  summary: '获得支付订单详情（带应用名与支付成功那次尝试的渠道回调内容）',
  tag: TAG,
  access: permission('pay:order:query'),
  query: idQuery('支付单编号'),
  data: payOrderDetail,
});

export const payOrderExport = defineEndpoint({
  method: 'GET',
  path: '/pay/order/export-excel',
  summary: '导出支付订单 Excel（与分页相同的过滤）',
  tag: TAG,
  access: permission('pay:order:export'),
  query: payOrderExportReq,
  response: 'binary',
  data: z.unknown(),
});

export const payOrderSubmit = defineEndpoint({
  method: 'POST',
  path: '/pay/order/submit',
  summary: '用某个渠道发起支付（收银台）：返回状态与展示方式（url、qr_code、form、app）',
  tag: TAG,
  access: SIGNED_IN,
  body: payOrderSubmitReq,
  data: payOrderSubmitResp,
});

// ---------- 渠道回调 ----------

const channelNotify = (kind: '支付' | '退款', path: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    summary: `渠道的${kind}结果通知（由支付宝、微信支付调用；验签后生效一次，答复渠道约定的内容）`,
    tag: TAG,
    access: PUBLIC,
    tenant: 'ignore',
    params: z.object({ channelId: z.string() }),
    response: 'binary',
    data: z.unknown(),
  });

export const payChannelNotifyOrder = channelNotify('支付', '/pay/notify/order/{channelId}');
export const payChannelNotifyRefund = channelNotify('退款', '/pay/notify/refund/{channelId}');
