import { withoutTenantScope } from '../../db/tenant-scope.js';
import { defineModule } from '../module.js';
import { tradeOrderAdminService } from './admin-service.js';
import { tradeOrderDeliveryService } from './delivery-service.js';
import { expressOrderService } from './express-order-service.js';
import { orderLifecycle } from './lifecycle.js';
import { orderPayments } from './payment.js';
import { tradeOrderAdminRoutes, tradeOrderAppRoutes, tradeOrderFulfilmentRoutes } from './routes.js';
import { tradeOrderService } from './service.js';
import { expressTrackerFrom } from './tracking.js';

/**
 * 交易订单: members price a cart and place it as an order through the member API (below /app-api),
 * read their orders and cancel an unpaid one; the console reads every order (订单列表), ships it
 * and confirms its receipt (delivery-service.ts, with 快递管理). Orders are paid through the pay
 * module (payment.ts, by ModuleDeps.payGateway), closed and re-priced by lifecycle.ts.
 */
export default defineModule(({ route, ctx, members, freightTemplates, jobHandlers, payGateway }) => {
  // Payments: the pay module tells of them in its transactions; members pay their own orders' pay orders.
  const payments = orderPayments(ctx, payGateway);
  payGateway.listeners.onOrderPaid.push(payments.onOrderPaid);
  payGateway.listeners.onRefundSucceeded.push(payments.onRefundSucceeded);
  payGateway.memberPayOrders.push(payments.memberOwns);
  const lifecycle = orderLifecycle(ctx, payGateway, payments);
  jobHandlers.register('tradeOrderAutoCancelJob', () =>
    withoutTenantScope(async () => `交易订单自动关闭 ${await lifecycle.autoCancel()} 个`),
  );

  tradeOrderAppRoutes(route, tradeOrderService(ctx, members, freightTemplates, payments, lifecycle));
  const adminOrders = tradeOrderAdminService(ctx);
  tradeOrderAdminRoutes(route, adminOrders, lifecycle);

  // Fulfilment: delivery, receipt, 快递管理 and tracking; the auto-receive job serves every tenant.
  const deliveries = tradeOrderDeliveryService(ctx);
  tradeOrderFulfilmentRoutes(route, {
    orders: adminOrders,
    deliveries,
    expressOrders: expressOrderService(ctx, expressTrackerFrom(ctx.config.expressTrackKd100)),
  });
  jobHandlers.register('tradeOrderAutoReceiveJob', () =>
    withoutTenantScope(async () => `交易订单自动收货 ${await deliveries.autoReceive()} 个`),
  );
});
