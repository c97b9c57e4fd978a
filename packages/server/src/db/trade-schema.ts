import type { Generated } from 'kysely';
import type { Audit } from '../lib/crud/audit.js';

/* Tables of 交易订单 (migration 042); see schema.ts for the conventions. All per tenant; prices in fen. */

interface TenantAudit extends Audit {
  id: Generated<number>;
  tenantId: number;
}

export interface TradeOrderTable extends TenantAudit {
  /** Unique in the tenant: 'o' + yyyyMMddHHmmss + 6 random digits. */
  no: string;
  /** trade_order_type: 0 普通订单. */
  type: number;
  /** terminal: 10, 11, 20, 31, 32. */
  terminal: number;
  userId: number;
  userIp: string;
  userRemark: string | null;
  /** trade_order_status: 0 待支付, 10 待发货, 20 已发货, 30 已完成, 40 已取消. */
  status: number;
  productCount: number;
  /** 10 超时未支付, 20 退款关闭, 30 买家取消 in v1.8.3; see TRADE_ORDER_CANCEL_TYPE. */
  cancelType: number | null;
  cancelTime: number | null;
  finishTime: number | null;
  remark: string | null;
  payOrderId: number | null;
  payed: number;
  payTime: number | null;
  payChannelCode: string | null;
  originalPrice: number;
  orderPrice: number;
  discountPrice: number;
  deliveryPrice: number;
  adjustPrice: number;
  payPrice: number;
  deliveryTemplateId: number | null;
  logisticsId: number | null;
  logisticsNo: string | null;
  deliveryTime: number | null;
  receiveTime: number | null;
  receiverName: string;
  receiverMobile: string;
  receiverAreaId: number;
  receiverDetailAddress: string;
  afterSaleStatus: number;
  refundPrice: number;
}

export interface TradeOrderItemTable extends TenantAudit {
  orderId: number;
  userId: number;
  spuId: number;
  spuName: string;
  skuId: number;
  picUrl: string;
  count: number;
  /** The unit price. */
  price: number;
  /** price × count. */
  originalPrice: number;
  payPrice: number;
  /** JSON array of {propertyId, propertyName, valueId, valueName}. */
  properties: string;
  /** trade_order_item_after_sale_status: 0 未售后. */
  afterSaleStatus: number;
}

export interface TradeOrderLogTable extends TenantAudit {
  orderId: number;
  userId: number;
  /** user_type: 1 member, 2 admin. */
  userType: number;
  operateType: number;
  beforeStatus: number | null;
  afterStatus: number;
  content: string;
}

/** 快递管理 (migration 043): one per delivery of an order with logistics. */
export interface TradeExpressOrderTable extends TenantAudit {
  orderId: number;
  orderNo: string;
  /** trade_delivery_express; its name kept as it was at delivery. */
  expressId: number;
  expressName: string;
  logisticsNo: string;
  /** exp_order_type: 1 普通快递, 2 加急快递. */
  type: number;
  /** exp_order_status: 0 待揽收, 10 运输中, 20 已签收, 30 已取消, 40 异常. */
  status: number;
  /** exp_refund_flag: 0 未退款, 1 已退款. */
  refundFlag: number;
  /** The order's freight, fen. */
  freight: number;
  receiverName: string;
  receiverMobile: string;
  receiverAreaId: number;
  receiverDetailAddress: string;
  signTime: number | null;
}

/** The shipping events we record on an express order (its track when no provider is configured). */
export interface TradeExpressOrderEventTable extends TenantAudit {
  expressOrderId: number;
  /** exp_order_status after the event. */
  status: number;
  content: string;
}

/**
 * Live orders and their paid amount per tenant, status, type, terminal and pay channel ('' before
 * payment), spread over `slot` (id % 8); kept by migration 045's triggers, never written here.
 */
export interface TradeOrderCountTable {
  tenantId: number;
  status: number;
  type: number;
  terminal: number;
  payChannelCode: string;
  slot: number;
  orderCount: number | string;
  paidPrice: number | string;
}
