import {
  appPayOrderSubmit,
  memberWalletGet,
  payAppCreate,
  payAppDelete,
  payAppGet,
  payAppList,
  payAppPage,
  payAppUpdate,
  payAppUpdateStatus,
  payChannelCreate,
  payChannelDelete,
  payChannelGet,
  payChannelUpdate,
  payDemoOrderCreate,
  payDemoOrderGet,
  payDemoOrderPage,
  payDemoOrderRefund,
  payNotifyGetDetail,
  payNotifyPage,
  payOrderCreate,
  payOrderExport,
  payOrderGet,
  payOrderGetDetail,
  payOrderPage,
  payOrderSubmit,
  payRefundCreate,
  payRefundExport,
  payRefundGet,
  payRefundPage,
  PayError,
} from '@app/contract';
import { sendXlsx } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { AppService } from './app-service.js';
import type { DemoOrderService } from './demo-order-service.js';
import type { notifyService } from './notify-service.js';
import type { OrderService } from './order-service.js';
import { newNo, type Settlement } from './settlement.js';
import type { MemberWalletService } from './wallet.js';

/** The origin a request came to, for the providers to post back to. */
const originOf = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

export const payRoutes = (
  route: RouteRegistrar,
  {
    apps,
    orders,
    payments,
    notifications,
    demoOrders,
    wallets,
    memberOwns,
  }: {
    apps: AppService;
    orders: OrderService;
    payments: Settlement;
    notifications: ReturnType<typeof notifyService>;
    demoOrders: DemoOrderService;
    wallets: MemberWalletService;
    /** Whether a pay order is one of the member's own orders' (PayGateway.memberPayOrders). */
    memberOwns: (tenantId: number, memberId: number, payOrderId: number) => Promise<boolean>;
  },
): void => {
  route(payAppPage, ({ user, query }) => apps.page(user, query));
  route(payAppList, ({ user }) => apps.list(user));
  route(payAppGet, ({ user, query }) => apps.get(user, query.id));
  route(payAppCreate, ({ user, body }) => apps.create(user, body));
  route(payAppUpdate, ({ user, body }) => apps.update(user, body));
  route(payAppUpdateStatus, ({ user, body }) => apps.updateStatus(user, body));
  route(payAppDelete, ({ user, query }) => apps.delete(user, query.id));

  route(payChannelGet, ({ user, query }) => apps.getChannel(user, query.appId, query.code));
  route(payChannelCreate, ({ user, body }) => apps.createChannel(user, body));
  route(payChannelUpdate, ({ user, body }) => apps.updateChannel(user, body));
  route(payChannelDelete, ({ user, query }) => apps.deleteChannel(user, query.id));

  route(payOrderCreate, ({ user, body, ip }) => orders.createFromMerchant(user, body, ip));
  route(payOrderPage, ({ user, query }) => orders.page(user, query));
  route(payOrderGet, ({ user, query }) => orders.get(user, query.id));
  route(payOrderGetDetail, ({ user, query }) => orders.detail(user, query.id));
  route(payOrderSubmit, ({ user, body, ip, raw }) => payments.submit(user, body, ip, originOf(raw)));
  // The member API's cashier: a member reaches the pay orders of their own orders only.
  route(appPayOrderSubmit, async ({ user, body, ip, raw }) => {
    if (!(await memberOwns(user.tenantId, user.id, body.id))) throw fail(PayError.ORDER_NOT_FOUND);
    return payments.submit(user, body, ip, originOf(raw));
  });
  route.raw(payOrderExport, async (req, reply) =>
    sendXlsx(reply, '支付订单.xlsx', await orders.exportExcel(req.user, req.query)),
  );

  route(payRefundPage, ({ user, query }) => orders.refundPage(user, query));
  route(payRefundGet, ({ user, query }) => orders.refundGet(user, query.id));
  // Refunds started from the order list get merchant refund ids of ours.
  route(payRefundCreate, ({ user, body, ip, raw }) =>
    payments.refund(
      user.tenantId,
      { ...body, merchantRefundId: body.merchantRefundId ?? newNo('R', Date.now()), userIp: ip },
      user.id,
      originOf(raw),
    ),
  );
  route.raw(payRefundExport, async (req, reply) =>
    sendXlsx(reply, '退款订单.xlsx', await orders.refundExport(req.user, req.query)),
  );

  route(payNotifyPage, ({ user, query }) => notifications.page(user, query));
  route(payNotifyGetDetail, ({ user, query }) => notifications.detail(user, query.id));

  route(payDemoOrderPage, ({ user, query }) => demoOrders.page(user, query));
  route(payDemoOrderGet, ({ user, query }) => demoOrders.get(user, query.id));
  route(payDemoOrderCreate, ({ user, body, ip }) => demoOrders.create(user, body, ip));
  route(payDemoOrderRefund, ({ user, query, ip }) => demoOrders.refund(user, query.id, ip));

  // 会员管理's wallet tab (the endpoint is declared with the members', member-user.ts).
  route(memberWalletGet, ({ user, query }) => wallets.get(user, query.userId));
};
