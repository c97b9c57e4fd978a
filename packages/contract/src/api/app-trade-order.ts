import { z } from 'zod';
import { defineEndpoint, MEMBER } from '../endpoint.js';
import { idParam } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { memberAddress } from './member-user.js';

/*
 * 交易订单 in the member API (yudao v1.8.3's app paths below /app-api): a member prices a cart
 * (settlement), places it as an order (which takes the stock), reads and cancels its own orders.
 * Prices are integer fen, taken from the SKUs at that moment; payment comes later.
 */

/** trade_order_status. */
export const TRADE_ORDER_STATUS = {
  UNPAID: 0,
  UNDELIVERED: 10,
  DELIVERED: 20,
  COMPLETED: 30,
  CANCELED: 40,
} as const;

/**
 * What an order's log row records (v1.8.3's TradeOrderOperateTypeEnum, with ours for the console's
 * remark, close and receipt on the buyer's behalf).
 */
export const TRADE_ORDER_OPERATE_TYPE = {
  MEMBER_CREATE: 1,
  ADMIN_UPDATE_PRICE: 2,
  MEMBER_PAY: 10,
  ADMIN_UPDATE_ADDRESS: 11,
  /** Ours. */
  ADMIN_UPDATE_REMARK: 12,
  ADMIN_DELIVERY: 20,
  MEMBER_RECEIVE: 30,
  SYSTEM_RECEIVE: 31,
  /** Ours: 确认收货 by an operator on the buyer's behalf. */
  ADMIN_RECEIVE: 35,
  MEMBER_CANCEL: 40,
  SYSTEM_CANCEL: 41,
  /** Ours: 关闭订单 in the console (a paid order is refunded in full). */
  ADMIN_CLOSE: 43,
} as const;

/** trade_order_cancel_type (v1.8.3's TradeOrderCancelTypeEnum, and ours for the console's close). */
export const TRADE_ORDER_CANCEL_TYPE = {
  PAY_TIMEOUT: 10,
  AFTER_SALE_CLOSE: 20,
  MEMBER_CANCEL: 30,
  /** Ours: 关闭订单 in the console. */
  ADMIN_CLOSE: 40,
} as const;

const positiveInt = (label: string) =>
  z
    .number({ error: `${label}不能为空` })
    .int(`${label}必须是整数`)
    .positive(`${label}必须大于 0`);

export const appTradeOrderItemReq = z.object({
  skuId: positiveInt('商品 SKU 编号'),
  count: positiveInt('购买数量').max(9999, '购买数量不能超过 9999'),
});

const orderItems = z
  .array(appTradeOrderItemReq, { error: '商品不能为空' })
  .min(1, '商品不能为空')
  .max(100, '商品不能超过 100 种');

export const appTradeOrderSettlementReq = z.object({
  items: orderItems,
  addressId: positiveInt('收件地址编号'),
});
export type AppTradeOrderSettlementReq = z.input<typeof appTradeOrderSettlementReq>;

export const appTradeOrderCreateReq = appTradeOrderSettlementReq.extend({
  remark: z
    .string({ error: '备注必须是文本' })
    .trim()
    .max(200, '备注长度不能超过200个字符')
    .nullish()
    .transform((v) => v || null),
});
export type AppTradeOrderCreateReq = z.input<typeof appTradeOrderCreateReq>;

export const tradeOrderProperty = z.object({
  propertyId: z.number().int(),
  propertyName: z.string(),
  valueId: z.number().int(),
  valueName: z.string(),
});
export type TradeOrderProperty = z.output<typeof tradeOrderProperty>;

export const appTradeOrderSettlementItem = z.object({
  spuId: z.number().int(),
  spuName: z.string(),
  skuId: z.number().int(),
  picUrl: z.string(),
  properties: z.array(tradeOrderProperty),
  /** The unit price. */
  price: z.number().int(),
  count: z.number().int(),
  /** price × count. */
  originalPrice: z.number().int(),
});

export const appTradeOrderSettlement = z.object({
  items: z.array(appTradeOrderSettlementItem),
  price: z.object({
    totalPrice: z.number().int(),
    discountPrice: z.number().int(),
    deliveryPrice: z.number().int(),
    couponPrice: z.number().int(),
    pointPrice: z.number().int(),
    payPrice: z.number().int(),
  }),
  address: memberAddress,
});
export type AppTradeOrderSettlement = z.output<typeof appTradeOrderSettlement>;

export const appTradeOrderItem = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  spuId: z.number().int(),
  spuName: z.string(),
  skuId: z.number().int(),
  picUrl: z.string(),
  properties: z.array(tradeOrderProperty),
  count: z.number().int(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  payPrice: z.number().int(),
  afterSaleStatus: z.number().int(),
});
export type AppTradeOrderItem = z.output<typeof appTradeOrderItem>;

export const appTradeOrder = z.object({
  id: z.number().int(),
  no: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  productCount: z.number().int(),
  userRemark: z.string().nullable(),
  createTime: epochMillis,
  cancelType: z.number().int().nullable(),
  cancelTime: epochMillis.nullable(),
  payOrderId: z.number().int().nullable(),
  payed: z.boolean(),
  payTime: epochMillis.nullable(),
  originalPrice: z.number().int(),
  discountPrice: z.number().int(),
  deliveryPrice: z.number().int(),
  adjustPrice: z.number().int(),
  payPrice: z.number().int(),
  receiverName: z.string(),
  receiverMobile: z.string(),
  receiverAreaId: z.number().int(),
  receiverAreaName: z.string(),
  receiverDetailAddress: z.string(),
  items: z.array(appTradeOrderItem),
});
export type AppTradeOrder = z.output<typeof appTradeOrder>;

const statusValues = Object.values(TRADE_ORDER_STATUS).map(String) as [string, ...string[]];

export const appTradeOrderPageReq = pageParam.extend({
  status: z
    .union([z.literal(''), z.enum(statusValues)], { error: '订单状态不正确' })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : Number(v))),
});

const TAG = '用户 App - 交易订单';

export const appTradeOrderSettlementGet = defineEndpoint({
  api: 'app',
  // POST rather than v1.8.3's GET: the items travel as a JSON body, not as items[0].skuId=… keys.
  method: 'POST',
  path: '/trade/order/settlement',
  summary: '获得订单结算信息（按 SKU 当前价格；运费按商品的运费模板分组计算，无模板包邮）',
  tag: TAG,
  access: MEMBER,
  body: appTradeOrderSettlementReq,
  data: appTradeOrderSettlement,
});

export const appTradeOrderCreate = defineEndpoint({
  api: 'app',
  method: 'POST',
  path: '/trade/order/create',
  summary: '创建订单（同一事务内按结算重新计价并扣减库存；库存不足时整单失败）',
  tag: TAG,
  access: MEMBER,
  body: appTradeOrderCreateReq,
  data: z.object({ id: z.number().int(), payOrderId: z.number().int().nullable() }),
});

export const appTradeOrderGetDetail = defineEndpoint({
  api: 'app',
  method: 'GET',
  path: '/trade/order/get-detail',
  summary: '获得自己的交易订单详情',
  tag: TAG,
  access: MEMBER,
  query: z.object({ id: idParam('交易订单编号') }),
  data: appTradeOrder,
});

export const appTradeOrderPage = defineEndpoint({
  api: 'app',
  method: 'GET',
  path: '/trade/order/page',
  summary: '获得自己的交易订单分页（可按状态过滤；新订单在前）',
  tag: TAG,
  access: MEMBER,
  query: appTradeOrderPageReq,
  data: pageResult(appTradeOrder),
});

export const appTradeOrderCancel = defineEndpoint({
  api: 'app',
  method: 'DELETE',
  path: '/trade/order/cancel',
  summary: '取消自己的待支付订单（库存在同一事务内退回）',
  tag: TAG,
  access: MEMBER,
  query: z.object({ id: idParam('交易订单编号') }),
  data: z.boolean(),
});

export const appTradeOrderReceive = defineEndpoint({
  api: 'app',
  method: 'PUT',
  path: '/trade/order/receive',
  summary: '确认收货（自己的已发货订单）',
  tag: TAG,
  access: MEMBER,
  query: z.object({ id: idParam('交易订单编号') }),
  data: z.boolean(),
});
