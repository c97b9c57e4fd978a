import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { optionalNumberParam, readTimeRange, stringOrList, SMALLINT_RANGE } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';
import { tradeOrderExpressTrack } from './trade-order.js';

/*
 * 快递管理 (ours, beside 运费查询): each delivery of an order with logistics is an express order, a
 * shipment that moves 待揽收 → 运输中 → 已签收, or to 异常 / 已取消 (exp_order_status). Created by
 * 发货; an operator records what the carrier reports, and the order's receipt signs for it.
 */

const { idQuery, textFilter, bodyId } = adminFormFields;

/** exp_order_status. */
export const EXP_ORDER_STATUS = {
  WAITING_PICK_UP: 0,
  IN_TRANSIT: 10,
  SIGNED: 20,
  CANCELED: 30,
  EXCEPTION: 40,
} as const;

/**
 * Where a shipment may go from each status: on along 待揽收 → 运输中 → 已签收, or to 异常 or 已取消
 * before it is signed for; after 异常 it goes on or is cancelled. 已签收 and 已取消 are final.
 */
export const EXP_ORDER_NEXT_STATUSES: Readonly<Record<number, readonly number[]>> = {
  [EXP_ORDER_STATUS.WAITING_PICK_UP]: [
    EXP_ORDER_STATUS.IN_TRANSIT,
    EXP_ORDER_STATUS.EXCEPTION,
    EXP_ORDER_STATUS.CANCELED,
  ],
  [EXP_ORDER_STATUS.IN_TRANSIT]: [
    EXP_ORDER_STATUS.SIGNED,
    EXP_ORDER_STATUS.EXCEPTION,
    EXP_ORDER_STATUS.CANCELED,
  ],
  [EXP_ORDER_STATUS.EXCEPTION]: [
    EXP_ORDER_STATUS.IN_TRANSIT,
    EXP_ORDER_STATUS.SIGNED,
    EXP_ORDER_STATUS.CANCELED,
  ],
};

/** The statuses a shipment in `status` may move to (none once final). */
export const expOrderNextStatuses = (status: number): readonly number[] =>
  EXP_ORDER_NEXT_STATUSES[status] ?? [];

/** exp_order_type: 1 普通快递, 2 加急快递. */
export const EXP_ORDER_TYPE = { NORMAL: 1, URGENT: 2 } as const;

/** exp_refund_flag: 0 未退款, 1 已退款 (the order's freight given back). */
export const EXP_REFUND_FLAG = { NONE: 0, REFUNDED: 1 } as const;

export const expressOrder = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  expressId: z.number().int(),
  expressName: z.string(),
  logisticsNo: z.string(),
  /** exp_order_type. */
  type: z.number().int(),
  /** exp_order_status. */
  status: z.number().int(),
  /** exp_refund_flag. */
  refundFlag: z.number().int(),
  /** The order's freight, fen. */
  freight: z.number().int(),
  receiverName: z.string(),
  receiverMobile: z.string(),
  receiverAreaId: z.number().int(),
  receiverAreaName: z.string(),
  receiverDetailAddress: z.string(),
  /** When it was signed for (已签收). */
  signTime: epochMillis.nullable(),
  createTime: epochMillis,
});
export type ExpressOrder = z.output<typeof expressOrder>;

export const expressOrderDetail = expressOrder.extend({
  /** Newest first: the provider's track when one is configured, else the events we recorded. */
  tracks: z.array(tradeOrderExpressTrack),
});
export type ExpressOrderDetail = z.output<typeof expressOrderDetail>;

const expressOrderFilter = {
  orderNo: textFilter('订单号', 32),
  logisticsNo: textFilter('物流单号', 64),
  expressId: optionalNumberParam('快递公司', { int: true }),
  receiverMobile: textFilter('收件人手机', 11),
  type: optionalNumberParam('快递类型', { int: true, ...SMALLINT_RANGE }),
  status: optionalNumberParam('快递状态', { int: true, ...SMALLINT_RANGE }),
  refundFlag: optionalNumberParam('退款标识', { int: true, ...SMALLINT_RANGE }),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

const readExpressOrderFilter = (
  raw: z.output<z.ZodObject<typeof expressOrderFilter>>,
  ctx: z.RefinementCtx,
) => ({
  orderNo: raw.orderNo,
  logisticsNo: raw.logisticsNo,
  expressId: raw.expressId,
  receiverMobile: raw.receiverMobile,
  type: raw.type,
  status: raw.status,
  refundFlag: raw.refundFlag,
  createTime: readTimeRange(raw, 'createTime', '发货时间', ctx),
});

export const expressOrderPageReq = pageParam.extend(expressOrderFilter).transform((raw, ctx) => ({
  pageNo: raw.pageNo,
  pageSize: raw.pageSize,
  ...readExpressOrderFilter(raw, ctx),
}));
export type ExpressOrderPageReq = z.input<typeof expressOrderPageReq>;
export type ExpressOrderFilter = ReturnType<typeof readExpressOrderFilter>;
export const expressOrderExportReq = z.object(expressOrderFilter).transform(readExpressOrderFilter);

const statusValues = Object.values(EXP_ORDER_STATUS);

export const expressOrderUpdateStatusReq = z.object({
  id: bodyId('快递订单编号'),
  status: z
    .number({ error: '快递状态不能为空' })
    .refine((v) => (statusValues as number[]).includes(v), '快递状态不正确'),
  /** What the carrier reported, recorded as the track event. */
  content: z
    .string({ error: '轨迹说明必须是文本' })
    .trim()
    .max(200, '轨迹说明长度不能超过200个字符')
    .nullish()
    .transform((v) => v || null),
});
export type ExpressOrderUpdateStatusReq = z.input<typeof expressOrderUpdateStatusReq>;

const TAG = '管理后台 - 快递订单';

export const expressOrderPage = defineEndpoint({
  method: 'GET',
  path: '/trade/express-order/page',
  summary:
    '获得快递订单分页（订单号、物流单号、快递公司、收件人手机、类型、状态、退款标识、发货时间过滤；新的在前）',
  tag: TAG,
  access: permission('trade:delivery:express-order:query'),
  query: expressOrderPageReq,
  data: pageResult(expressOrder),
});

export const expressOrderGet = defineEndpoint({
  method: 'GET',
  path: '/trade/express-order/get',
  summary: '获得快递订单与它的物流轨迹',
  tag: TAG,
  access: permission('trade:delivery:express-order:query'),
  query: idQuery('快递订单编号'),
  data: expressOrderDetail,
});

export const expressOrderUpdateStatus = defineEndpoint({
  method: 'PUT',
  path: '/trade/express-order/update-status',
  summary: '记录快递状态（待揽收 → 运输中 → 已签收；签收前可标记异常或取消；每次变更记为一条轨迹）',
  tag: TAG,
  access: permission('trade:delivery:express-order:update'),
  body: expressOrderUpdateStatusReq,
  data: z.boolean(),
});

export const expressOrderExport = defineEndpoint({
  method: 'GET',
  path: '/trade/express-order/export-excel',
  summary: '导出快递订单 Excel（与分页相同的过滤）',
  tag: TAG,
  access: permission('trade:delivery:express-order:export'),
  query: expressOrderExportReq,
  data: z.unknown(),
  response: 'binary',
});
