import {
  appTradeOrderCancel,
  appTradeOrderCreate,
  appTradeOrderGetDetail,
  appTradeOrderPage,
  appTradeOrderSettlementGet,
  tradeOrderGetDetail,
  tradeOrderPage,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { TradeOrderAdminService } from './admin-service.js';
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

/** 订单列表 in the console (/admin-api/trade/order/*). */
export const tradeOrderAdminRoutes = (route: RouteRegistrar, orders: TradeOrderAdminService): void => {
  route(tradeOrderPage, ({ user, query }) => orders.page(user, query));
  route(tradeOrderGetDetail, ({ user, query }) => orders.get(user, query.id));
};
