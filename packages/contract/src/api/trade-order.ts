import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { optionalNumberParam, readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { tradeOrderProperty } from './app-trade-order.js';
import { adminFormFields } from './dict-admin.js';

/*
 * 订单中心 › 订单列表 in the console (yudao's admin paths): every member's orders of the tenant, the
 * reference's page-item shape with the items. Read only for now; delivery and the rest come later.
 */

const { idQuery, textFilter } = adminFormFields;

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

export const tradeOrderDetail = tradeOrder.extend({
  user: z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string().nullable() }).nullable(),
});
export type TradeOrderDetail = z.output<typeof tradeOrderDetail>;

const orderFilter = {
  no: textFilter('订单号', 32),
  userId: optionalNumberParam('会员编号', { int: true }),
  userNickname: textFilter('会员昵称', 30),
  userMobile: textFilter('会员手机号', 11),
  receiverName: textFilter('收货人姓名', 30),
  receiverMobile: textFilter('收货人手机号码', 11),
  type: optionalNumberParam('订单类型', { int: true }),
  status: optionalNumberParam('订单状态', { int: true }),
  terminal: optionalNumberParam('订单来源', { int: true }),
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
