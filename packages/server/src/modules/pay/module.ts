import { withoutTenantScope } from '../../db/tenant-scope.js';
import { secretBox } from '../../lib/secret-box.js';
import { storedKeyMaterial } from '../../lib/stored-secret.js';
import { defineModule } from '../module.js';
import { appService } from './app-service.js';
import { channelConfigs } from './channel-config.js';
import { demoOrderService } from './demo-order-service.js';
import { payNotifier, type PayNotifier } from './notifier.js';
import { notifyRepository } from './notify-repository.js';
import { notifyService } from './notify-service.js';
import { orderService, type PayListeners } from './order-service.js';
import { payRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's merchant-notification poller; started when the app is ready, stopped when it closes. */
    payNotifier: PayNotifier;
  }
}

/** 支付管理: apps and channels, orders and refunds, merchant notifications, demo orders, the cashier's API. */
export default defineModule(({ app, route, ctx, jobHandlers }) => {
  const keyMaterial = storedKeyMaterial(ctx, 'pay-channel-config');
  const configs = channelConfigs(async () => secretBox(await keyMaterial()));
  const listeners: PayListeners = { onOrderPaid: [], onRefundSucceeded: [] };
  let orders: ReturnType<typeof orderService> | null = null;
  // Deleting an app asks the order side; the order side pays through the apps.
  const apps = appService(ctx, configs, {
    hasOrders: (tenantId, appId) => orders!.hasOrders(tenantId, appId),
    hasRefunds: (tenantId, appId) => orders!.hasRefunds(tenantId, appId),
  });
  orders = orderService(ctx, apps, listeners);
  const demoOrders = demoOrderService(ctx, apps, orders);
  listeners.onOrderPaid.push(demoOrders.onOrderPaid);
  listeners.onRefundSucceeded.push(demoOrders.onRefundSucceeded);

  const notifyRows = notifyRepository(ctx.db.kysely, ctx.db.dialect);
  payRoutes(route, { apps, orders, notifications: notifyService(notifyRows, apps), demoOrders });

  const notifier = payNotifier(ctx, notifyRows, app.log);
  app.decorate('payNotifier', notifier);
  app.addHook('onReady', async () => notifier.start());
  app.addHook('preClose', async () => notifier.stop());

  // Both serve every tenant.
  const expire = orders.expire;
  jobHandlers.register('payNotifyJob', () =>
    withoutTenantScope(async () => `支付通知 ${await notifier.pollOnce()} 个`),
  );
  jobHandlers.register('payOrderExpireJob', () =>
    withoutTenantScope(async () => `支付过期 ${await expire()} 个`),
  );
});
