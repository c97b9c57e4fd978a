import {
  appTradeOrderCancel,
  appTradeOrderCreate,
  appTradeOrderGetDetail,
  appTradeOrderPage,
  appTradeOrderReceive,
  appTradeOrderSettlementGet,
  expressOrderExport,
  expressOrderGet,
  expressOrderPage,
  expressOrderUpdateStatus,
  tradeOrderClose,
  tradeOrderDelivery,
  tradeOrderDeliveryPost,
  tradeOrderExpressTrackList,
  tradeOrderGetDetail,
  tradeOrderPage,
  tradeOrderReceive,
  tradeOrderSummaryGet,
  tradeOrderUpdateAddress,
  tradeOrderUpdatePrice,
  tradeOrderUpdateRemark,
} from '@app/contract';
import { sendXlsx } from '../../lib/crud/index.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { TradeOrderAdminService } from './admin-service.js';
import type { TradeOrderDeliveryService } from './delivery-service.js';
import type { ExpressOrderService } from './express-order-service.js';
import type { OrderLifecycle } from './lifecycle.js';
import type { TradeOrderService } from './service.js';

/** The member API's orders (/app-api/trade/order/*). */
export const tradeOrderAppRoutes = (route: RouteRegistrar, orders: TradeOrderService): void => {
  route(appTradeOrderSettlementGet, ({ user, body }) => orders.settlement(user, body));
  route(appTradeOrderCreate, ({ user, body, ip, raw }) => {
    const terminal = raw.headers.terminal;
    return orders.create(user, body, { ip, terminal: Array.isArray(terminal) ? terminal[0] : terminal });
  });
  route(appTradeOrderGetDetail, ({ user, query }) => orders.get(user, query.id));
  route(appTradeOrderPage, ({ user, query }) => orders.page(user, query));
  route(appTradeOrderCancel, ({ user, query }) => orders.cancel(user, query.id));
};

/** 订单列表 in the console (/admin-api/trade/order/*); closing and re-pricing go by lifecycle.ts. */
export const tradeOrderAdminRoutes = (
  route: RouteRegistrar,
  orders: TradeOrderAdminService,
  lifecycle: OrderLifecycle,
): void => {
  route(tradeOrderPage, ({ user, query }) => orders.page(user, query));
  route(tradeOrderGetDetail, ({ user, query }) => orders.get(user, query.id));
  route(tradeOrderClose, ({ user, body, ip }) => lifecycle.close(user, body, ip));
  route(tradeOrderUpdatePrice, ({ user, body }) => lifecycle.updatePrice(user, body));
};

/**
 * The fulfilment of orders: 订单列表's summary, 发货, remark, address, receipt and 物流轨迹 in the
 * console, the member's 确认收货, and 快递管理 (/admin-api/trade/express-order/*).
 */
export const tradeOrderFulfilmentRoutes = (
  route: RouteRegistrar,
  {
    orders,
    deliveries,
    expressOrders,
  }: {
    orders: TradeOrderAdminService;
    deliveries: TradeOrderDeliveryService;
    expressOrders: ExpressOrderService;
  },
): void => {
  route(tradeOrderSummaryGet, ({ user, query }) => {
    const { pageNo: _n, pageSize: _s, ...filter } = query;
    return orders.summary(user, filter);
  });
  route(tradeOrderExpressTrackList, ({ user, query }) => expressOrders.orderTracks(user, query.id));
  route(tradeOrderDelivery, ({ user, body }) => deliveries.delivery(user, body));
  route(tradeOrderDeliveryPost, ({ user, body }) => deliveries.delivery(user, body));
  route(tradeOrderUpdateRemark, ({ user, body }) => deliveries.updateRemark(user, body));
  route(tradeOrderUpdateAddress, ({ user, body }) => deliveries.updateAddress(user, body));
  route(tradeOrderReceive, ({ user, query }) => deliveries.receiveByAdmin(user, query.id));
  route(appTradeOrderReceive, ({ user, query }) => deliveries.receiveByMember(user, query.id));

  route(expressOrderPage, ({ user, query }) => expressOrders.page(user, query));
  route(expressOrderGet, ({ user, query }) => expressOrders.get(user, query.id));
  route(expressOrderUpdateStatus, ({ user, body }) => expressOrders.updateStatus(user, body));
  route.raw(expressOrderExport, async (req, reply) =>
    sendXlsx(reply, '快递订单.xlsx', await expressOrders.exportExcel(req.user, req.query)),
  );
};
