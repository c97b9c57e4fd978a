import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { optionalNumberParam, readTimeRange, stringOrList, SMALLINT_RANGE } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { tradeOrderProperty } from './app-trade-order.js';
import { adminFormFields } from './dict-admin.js';
import { MOBILE_PATTERN } from './profile.js';

/*
 * 订单中心 › 订单列表 in the console (yudao's admin paths): every member's orders of the tenant, the
 * reference's page-item shape with the items; the detail with its log and logistics, and the actions
 * an operator takes on an order, each allowed only in the statuses it names.
 */

const { idQuery, textFilter, bodyId } = adminFormFields;

export const tradeOrderItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  orderId: z.number().int(),
  spuId: z.number().int(),
  spuName: z.string(),
  skuId: z.number().int(),
  picUrl: z.string(),
  count: z.number().int(),
  /** price × count. */
  originalPrice: z.number().int(),
  /** The unit price. */
  originalUnitPrice: z.number().int(),
  discountPrice: z.number().int(),
  payPrice: z.number().int(),
  orderPartPrice: z.number().int(),
  orderDividePrice: z.number().int(),
  /** trade_order_item_after_sale_status. */
  afterSaleStatus: z.number().int(),
  properties: z.array(tradeOrderProperty),
});
export type TradeOrderItem = z.output<typeof tradeOrderItem>;

export const tradeOrder = z.object({
  id: z.number().int(),
  no: z.string(),
  createTime: epochMillis,
  /** trade_order_type. */
  type: z.number().int(),
  /** terminal. */
  terminal: z.number().int(),
  userId: z.number().int(),
  userIp: z.string(),
  userRemark: z.string().nullable(),
  /** trade_order_status. */
  status: z.number().int(),
  productCount: z.number().int(),
  finishTime: epochMillis.nullable(),
  cancelTime: epochMillis.nullable(),
  cancelType: z.number().int().nullable(),
  remark: z.string().nullable(),
  payOrderId: z.number().int().nullable(),
  payed: z.boolean(),
  payTime: epochMillis.nullable(),
  payChannelCode: z.string().nullable(),
  originalPrice: z.number().int(),
  orderPrice: z.number().int(),
  discountPrice: z.number().int(),
  deliveryPrice: z.number().int(),
  adjustPrice: z.number().int(),
  payPrice: z.number().int(),
  deliveryTemplateId: z.number().int().nullable(),
  logisticsId: z.number().int().nullable(),
  logisticsNo: z.string().nullable(),
  /** v1.6.6's field; derived from the status (0 未发货, 1 已发货). */
  deliveryStatus: z.number().int(),
  deliveryTime: epochMillis.nullable(),
  receiveTime: epochMillis.nullable(),
  receiverName: z.string(),
  receiverMobile: z.string(),
  receiverAreaId: z.number().int(),
  receiverPostCode: z.number().int().nullable(),
  receiverDetailAddress: z.string(),
  afterSaleStatus: z.number().int(),
  refundPrice: z.number().int(),
  couponId: z.number().int().nullable(),
  couponPrice: z.number().int(),
  pointPrice: z.number().int(),
  receiverAreaName: z.string(),
  items: z.array(tradeOrderItem),
});
export type TradeOrder = z.output<typeof tradeOrder>;

/** One row of an order's operation log (v1.8.3's `logs` item, with who did it and the statuses). */
export const tradeOrderLog = z.object({
  id: z.number().int(),
  content: z.string(),
  createTime: epochMillis,
  /** user_type: 1 member, 2 admin (0 for the scheduler's own actions). */
  userType: z.number().int(),
  userId: z.number().int(),
  /** The member's nickname, the operator's nickname, or 系统 for the scheduler. */
  operatorName: z.string(),
  /** TRADE_ORDER_OPERATE_TYPE. */
  operateType: z.number().int(),
  beforeStatus: z.number().int().nullable(),
  afterStatus: z.number().int(),
});
export type TradeOrderLog = z.output<typeof tradeOrderLog>;

export const tradeOrderDetail = tradeOrder.extend({
  user: z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string().nullable() }).nullable(),
  /** Oldest first. */
  logs: z.array(tradeOrderLog),
  /** The name of the express company it was shipped with (null before delivery or without logistics). */
  logisticsName: z.string().nullable(),
});
export type TradeOrderDetail = z.output<typeof tradeOrderDetail>;

const orderFilter = {
  no: textFilter('订单号', 32),
  userId: optionalNumberParam('会员编号', { int: true }),
  userNickname: textFilter('会员昵称', 30),
  userMobile: textFilter('会员手机号', 11),
  receiverName: textFilter('收货人姓名', 30),
  receiverMobile: textFilter('收货人手机号码', 11),
  type: optionalNumberParam('订单类型', { int: true, ...SMALLINT_RANGE }),
  status: optionalNumberParam('订单状态', { int: true, ...SMALLINT_RANGE }),
  terminal: optionalNumberParam('订单来源', { int: true, ...SMALLINT_RANGE }),
  payChannelCode: textFilter('支付渠道', 32),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

export const tradeOrderPageReq = pageParam.extend(orderFilter).transform((raw, ctx) => ({
  pageNo: raw.pageNo,
  pageSize: raw.pageSize,
  no: raw.no,
  userId: raw.userId,
  userNickname: raw.userNickname,
  userMobile: raw.userMobile,
  receiverName: raw.receiverName,
  receiverMobile: raw.receiverMobile,
  type: raw.type,
  status: raw.status,
  terminal: raw.terminal,
  payChannelCode: raw.payChannelCode,
  createTime: readTimeRange(raw, 'createTime', '下单时间', ctx),
}));
export type TradeOrderPageReq = z.input<typeof tradeOrderPageReq>;
export type TradeOrderFilter = Omit<z.output<typeof tradeOrderPageReq>, 'pageNo' | 'pageSize'>;

const TAG = '管理后台 - 交易订单';

export const tradeOrderPage = defineEndpoint({
  method: 'GET',
  path: '/trade/order/page',
  summary: '获得交易订单分页（订单号、会员、收货人、类型、状态、来源、支付渠道、下单时间过滤；新订单在前）',
  tag: TAG,
  access: permission('trade:order:query'),
  query: tradeOrderPageReq,
  data: pageResult(tradeOrder),
});

export const tradeOrderGetDetail = defineEndpoint({
  method: 'GET',
  path: '/trade/order/get-detail',
  summary: '获得交易订单详情（含订单项与下单会员）',
  tag: TAG,
  access: permission('trade:order:query'),
  query: idQuery('交易订单编号'),
  data: tradeOrderDetail,
});

export const tradeOrderSummary = z.object({
  orderCount: z.number().int(),
  /** Fen, of the orders paid. */
  orderPayPrice: z.number().int(),
  afterSaleCount: z.number().int(),
  afterSalePrice: z.number().int(),
});
export type TradeOrderSummary = z.output<typeof tradeOrderSummary>;

export const tradeOrderSummaryGet = defineEndpoint({
  method: 'GET',
  path: '/trade/order/summary',
  summary: '获得交易订单统计（与分页相同的过滤：订单数、已支付金额、售后数与售后金额）',
  tag: TAG,
  access: permission('trade:order:query'),
  query: tradeOrderPageReq,
  data: tradeOrderSummary,
});

/** A step of a parcel's journey: from the tracking provider, or the shipping events we recorded. */
export const tradeOrderExpressTrack = z.object({ time: epochMillis, content: z.string() });
export type TradeOrderExpressTrack = z.output<typeof tradeOrderExpressTrack>;

export const tradeOrderExpressTrackList = defineEndpoint({
  method: 'GET',
  path: '/trade/order/get-express-track-list',
  summary: '获得交易订单的物流轨迹（配置了快递查询服务商时向它查询，否则为我们记录的发货事件；最新在前）',
  tag: TAG,
  access: permission('trade:order:query'),
  query: idQuery('交易订单编号'),
  data: z.array(tradeOrderExpressTrack),
});

const orderId = bodyId('交易订单编号');

export const tradeOrderDeliveryReq = z.object({
  id: orderId,
  /** The express company; 0 ships without logistics (无需物流). */
  logisticsId: z
    .number({ error: '发货物流公司不能为空' })
    .int('发货物流公司格式不正确')
    .min(0, '发货物流公司格式不正确'),
  logisticsNo: z
    .string({ error: '发货物流单号必须是文本' })
    .trim()
    .max(64, '发货物流单号长度不能超过64个字符')
    .regex(/^[A-Za-z0-9-]*$/, '发货物流单号只能包含字母、数字和中划线')
    .nullish()
    .transform((v) => v || null),
});
export type TradeOrderDeliveryReq = z.input<typeof tradeOrderDeliveryReq>;

const delivery = (method: 'PUT' | 'POST', summary: string) =>
  defineEndpoint({
    method,
    path: '/trade/order/delivery',
    summary,
    tag: TAG,
    access: permission('trade:order:update'),
    body: tradeOrderDeliveryReq,
    data: z.boolean(),
  });

export const tradeOrderDelivery = delivery(
  'PUT',
  '订单发货（待发货的订单；选快递公司时须填物流单号并生成快递订单，0 为无需物流）',
);
/** v1.6.6's client posts the same body. */
export const tradeOrderDeliveryPost = delivery('POST', '订单发货（v1.6.6 的 POST 形式）');

export const tradeOrderUpdateRemarkReq = z.object({
  id: orderId,
  remark: z
    .string({ error: '商家备注必须是文本' })
    .trim()
    .max(200, '商家备注长度不能超过200个字符')
    .nullish()
    .transform((v) => v || null),
});
export type TradeOrderUpdateRemarkReq = z.input<typeof tradeOrderUpdateRemarkReq>;

export const tradeOrderUpdateRemark = defineEndpoint({
  method: 'PUT',
  path: '/trade/order/update-remark',
  summary: '修改订单的商家备注（任何状态）',
  tag: TAG,
  access: permission('trade:order:update'),
  body: tradeOrderUpdateRemarkReq,
  data: z.boolean(),
});

export const tradeOrderUpdatePriceReq = z.object({
  id: orderId,
  /** Fen added to what the buyer pays (negative: a discount); the result must stay at least 1 fen. */
  adjustPrice: z
    .number({ error: '调整金额不能为空' })
    .int('调整金额必须精确到分')
    .min(-100_000_000_000, '调整金额超出范围')
    .max(100_000_000_000, '调整金额超出范围'),
});
export type TradeOrderUpdatePriceReq = z.input<typeof tradeOrderUpdatePriceReq>;

export const tradeOrderUpdatePrice = defineEndpoint({
  method: 'PUT',
  path: '/trade/order/update-price',
  summary: '调整订单价格（仅待支付且未调过价的订单；应付金额不能小于 0.01 元，支付单同步改价）',
  tag: TAG,
  access: permission('trade:order:update'),
  body: tradeOrderUpdatePriceReq,
  data: z.boolean(),
});

export const tradeOrderUpdateAddressReq = z.object({
  id: orderId,
  receiverName: z
    .string({ error: '收件人名称不能为空' })
    .trim()
    .min(1, '收件人名称不能为空')
    .max(30, '收件人名称长度不能超过30个字符'),
  receiverMobile: z
    .string({ error: '收件人手机不能为空' })
    .trim()
    .min(1, '收件人手机不能为空')
    .regex(MOBILE_PATTERN, '收件人手机格式不正确'),
  receiverAreaId: z
    .number({ error: '收件人地区不能为空' })
    .int('收件人地区格式不正确')
    .positive('收件人地区格式不正确'),
  receiverDetailAddress: z
    .string({ error: '收件人详细地址不能为空' })
    .trim()
    .min(1, '收件人详细地址不能为空')
    .max(250, '收件人详细地址长度不能超过250个字符'),
});
export type TradeOrderUpdateAddressReq = z.input<typeof tradeOrderUpdateAddressReq>;

export const tradeOrderUpdateAddress = defineEndpoint({
  method: 'PUT',
  path: '/trade/order/update-address',
  summary: '修改订单收货地址（待支付或待发货的订单）',
  tag: TAG,
  access: permission('trade:order:update'),
  body: tradeOrderUpdateAddressReq,
  data: z.boolean(),
});

export const tradeOrderCloseReq = z.object({
  id: orderId,
  reason: z
    .string({ error: '关闭原因不能为空' })
    .trim()
    .min(1, '关闭原因不能为空')
    .max(200, '关闭原因长度不能超过200个字符'),
});
export type TradeOrderCloseReq = z.input<typeof tradeOrderCloseReq>;

export const tradeOrderClose = defineEndpoint({
  method: 'PUT',
  path: '/trade/order/close',
  summary: '关闭订单（待支付的直接关闭；待发货的全额退款后关闭；库存退回）',
  tag: TAG,
  access: permission('trade:order:update'),
  body: tradeOrderCloseReq,
  data: z.boolean(),
});

export const tradeOrderReceive = defineEndpoint({
  method: 'PUT',
  path: '/trade/order/receive',
  summary: '代买家确认收货（已发货的订单）',
  tag: TAG,
  access: permission('trade:order:update'),
  query: idQuery('交易订单编号'),
  data: z.boolean(),
});
