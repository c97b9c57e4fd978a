import { defineModule } from '../module.js';
import { tradeOrderAdminService } from './admin-service.js';
import { tradeOrderAdminRoutes, tradeOrderAppRoutes } from './routes.js';
import { tradeOrderService } from './service.js';

/**
 * 交易订单: members price a cart and place it as an order through the member API (below /app-api),
 * read their orders and cancel an unpaid one; the console reads every order (订单列表). Payment,
 * delivery and the console's pages come later.
 */
export default defineModule(({ route, ctx, members, freightTemplates }) => {
  tradeOrderAppRoutes(route, tradeOrderService(ctx, members, freightTemplates));
  tradeOrderAdminRoutes(route, tradeOrderAdminService(ctx));
});
