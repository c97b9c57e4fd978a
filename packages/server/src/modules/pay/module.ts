import { PAY_ORDER_STATUS, payChannelNotifyOrder, payChannelNotifyRefund } from '@app/contract';
import type { FastifyReply } from 'fastify';
import { withoutTenantScope } from '../../db/tenant-scope.js';
import { secretBox } from '../../lib/secret-box.js';
import { storedKeyMaterial } from '../../lib/stored-secret.js';
import { routeRegistrar } from '../../plugins/routes.js';
import { defineModule } from '../module.js';
import { appService } from './app-service.js';
import { channelConfigs } from './channel-config.js';
import { remoteChannel } from './channels/index.js';
import type { RemoteNotification } from './channels/remote.js';
import { demoOrderService } from './demo-order-service.js';
import { payNotifier, type PayNotifier } from './notifier.js';
import { notifyRepository } from './notify-repository.js';
import { notifyService } from './notify-service.js';
import { orderRepository } from './order-repository.js';
import { orderService } from './order-service.js';
import { payRoutes } from './routes.js';
import { settlement } from './settlement.js';
import { memberWalletService } from './wallet.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's merchant-notification poller; started when the app is ready, stopped when it closes. */
    payNotifier: PayNotifier;
  }
}

/** 支付管理: apps and channels, orders and refunds, merchant notifications, demo orders, the cashier's API. */
export default defineModule(async ({ app, route, ctx, apiPrefix, jobHandlers, members, payGateway }) => {
  const keyMaterial = storedKeyMaterial(ctx, 'pay-channel-config');
  const configs = channelConfigs(async () => secretBox(await keyMaterial()));
  // Business modules (the shop's orders) add theirs through the gateway.
  const { listeners } = payGateway;
  let orders: ReturnType<typeof orderService> | null = null;
  // Deleting an app asks the order side; the order side pays through the apps.
  const apps = appService(ctx, configs, {
    hasOrders: (tenantId, appId) => orders!.hasOrders(tenantId, appId),
    hasRefunds: (tenantId, appId) => orders!.hasRefunds(tenantId, appId),
  });
  orders = orderService(ctx, apps);
  const payments = settlement(ctx, apps, configs, listeners, remoteChannel, apiPrefix);
  const demoOrders = demoOrderService(ctx, apps, orders, payments);
  listeners.onOrderPaid.push(demoOrders.onOrderPaid);
  listeners.onRefundSucceeded.push(demoOrders.onRefundSucceeded);
  payGateway.provide({
    firstEnabledAppId: async (db, tenantId) => (await apps.firstEnabled(tenantId, db))?.id,
    createOrder: (db, tenantId, input, by) => orders!.createOrderIn(db, tenantId, input, by),
    async closeOrder(db, tenantId, id, at) {
      const rows = orderRepository(db);
      if (!(await rows.findOrder(tenantId, id))) return undefined;
      await rows.closeOrder(id, at);
      return (await rows.findOrder(tenantId, id))?.status;
    },
    async updateOrderPrice(db, tenantId, id, price, at) {
      const rows = orderRepository(db);
      const order = await rows.findOrder(tenantId, id);
      return order?.status === PAY_ORDER_STATUS.WAITING && rows.updateWaitingPrice(id, price, at);
    },
    refund: (db, tenantId, input, by) => payments.refundIn(db, tenantId, input, by),
  });

  const notifyRows = notifyRepository(ctx.db.kysely, ctx.db.dialect);
  payRoutes(route, {
    apps,
    orders,
    payments,
    notifications: notifyService(notifyRows, apps),
    demoOrders,
    wallets: memberWalletService(ctx, members),
    async memberOwns(tenantId, memberId, payOrderId) {
      for (const owns of payGateway.memberPayOrders)
        if (await owns(tenantId, memberId, payOrderId)) return true;
      return false;
    },
  });

  // Providers' notifications: the signature covers the body as sent, so it is read as text.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    const providers = routeRegistrar(scope, apiPrefix);
    const answer = async (
      reply: FastifyReply,
      handle: () => Promise<{ contentType: string; body: string }>,
    ) => {
      try {
        const ack = await handle();
        return reply.type(ack.contentType).send(ack.body);
      } catch (error) {
        // A forged or unknown notification changes nothing; the provider tries again later.
        app.log.warn({ err: error }, '支付渠道通知未被接受');
        return reply.code(400).type('text/plain').send('fail');
      }
    };
    const channelIdOf = (request: { params: unknown }) => (request.params as { channelId: string }).channelId;
    const notification = (request: { headers: RemoteNotification['headers']; body: unknown }) => ({
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
    });
    providers.raw(payChannelNotifyOrder, (req, reply) =>
      answer(reply, () => payments.onOrderNotification(channelIdOf(req.raw), notification(req.raw))),
    );
    providers.raw(payChannelNotifyRefund, (req, reply) =>
      answer(reply, () => payments.onRefundNotification(channelIdOf(req.raw), notification(req.raw))),
    );
  });

  const notifier = payNotifier(ctx, notifyRows, app.log);
  app.decorate('payNotifier', notifier);
  app.addHook('onReady', async () => notifier.start());
  app.addHook('preClose', async () => notifier.stop());

  // The jobs serve every tenant.
  const job = (name: string, run: () => Promise<string>) =>
    jobHandlers.register(name, () => withoutTenantScope(run));
  job('payNotifyJob', async () => `支付通知 ${await notifier.pollOnce()} 个`);
  job('payOrderExpireJob', async () => `支付过期 ${await payments.expire()} 个`);
  job('payOrderSyncJob', async () => `同步到支付成功 ${await payments.syncOrders()} 个`);
  job('payRefundSyncJob', async () => `同步到退款结果 ${await payments.syncRefunds()} 个`);
});
