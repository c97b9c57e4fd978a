import { TRADE_ORDER_OPERATE_TYPE, TRADE_ORDER_STATUS, TradeError, PAY_ORDER_STATUS } from '@app/contract';
import type { Kysely } from 'kysely';
import { MEMBER_USER_TYPE, type AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { notDeleted } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import type { PayGateway, PayOrderRow, PayRefundRow } from '../pay/gateway.js';
import { writeOrderLog } from './order-log.js';

/*
 * An order's money through the pay module (ModuleDeps.payGateway): its pay order is created with
 * it, in its transaction; the payment moves it 待支付 → 待发货 inside the payment's transaction; a
 * refund is recorded on it inside the refund's.
 */

const PAY_EXPIRE_MINUTES_KEY = 'trade.order.pay-expire-minutes';
/** The reference's default, when the infra_config row is gone or not a positive whole number. */
const DEFAULT_PAY_EXPIRE_MINUTES = 120;
const MINUTE_MS = 60 * 1000;

/** trade_order_item_after_sale_status 已退款. */
export const ITEM_AFTER_SALE_REFUNDED = 2;

/** pay_order's subject and body limits (varchar 32 and 128). */
const SUBJECT_MAX = 32;
const BODY_MAX = 128;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** How long an unpaid order waits for its payment (infra_config `trade.order.pay-expire-minutes`). */
export const payExpireMs = async (db: Kysely<Database>): Promise<number> => {
  const row = await db
    .selectFrom('infraConfig')
    .select('value')
    .where('configKey', '=', PAY_EXPIRE_MINUTES_KEY)
    .where(notDeleted())
    .executeTakeFirst();
  const minutes = Number(row?.value.trim());
  return (Number.isSafeInteger(minutes) && minutes > 0 ? minutes : DEFAULT_PAY_EXPIRE_MINUTES) * MINUTE_MS;
};

/** yuan with two decimals, for the log's words. */
export const yuan = (fen: number): string => `¥${(Math.abs(fen) / 100).toFixed(2)}`;

export interface NewOrderPayment {
  /**
   * The order's number, its merchant order id: the demo orders (and a merchant's own API orders)
   * share the tenant's first app with numeric ids of their own, which the order's id would meet.
   */
  no: string;
  payPrice: number;
  /** The items' SPU names, in the order's order. */
  spuNames: string[];
  userIp: string;
}

export const orderPayments = (ctx: AppContext, gateway: PayGateway) => {
  /** The order of a pay order: found by its pay order id (the merchant ids of other businesses may repeat ours). */
  const orderOfPayOrder = (tx: Kysely<Database>, tenantId: number, payOrderId: number) =>
    tx
      .selectFrom('tradeOrder')
      .select(['id', 'no', 'status', 'payed', 'payPrice', 'refundPrice', 'userId'])
      .where('tenantId', '=', tenantId)
      .where('payOrderId', '=', payOrderId)
      .where(notDeleted())
      .executeTakeFirst();

  return {
    /** The app the tenant's orders are paid through; asked first, so an order without one takes no stock. */
    async appOf(tx: Kysely<Database>, tenantId: number): Promise<number> {
      const appId = await gateway.firstEnabledAppId(tx, tenantId);
      if (appId === undefined) throw fail(TradeError.ORDER_PAY_APP_NOT_CONFIGURED);
      return appId;
    },

    /** Creates the new order's pay order in its transaction: no order is ever without one. */
    async create(
      tx: Kysely<Database>,
      tenantId: number,
      appId: number,
      order: NewOrderPayment,
      by: number,
      at: number,
    ): Promise<number> {
      const [first = ''] = order.spuNames;
      const subject =
        order.spuNames.length > 1 ? `${clip(first, SUBJECT_MAX - 8)} 等${order.spuNames.length}件` : first;
      return gateway.createOrder(
        tx,
        tenantId,
        {
          appId,
          merchantOrderId: order.no,
          subject: clip(subject, SUBJECT_MAX),
          body: clip(order.spuNames.join('、'), BODY_MAX),
          price: order.payPrice,
          expireTime: at + (await payExpireMs(tx)),
          userIp: order.userIp,
        },
        by,
      );
    },

    /**
     * The pay module's listener, in the payment's transaction: 待支付 → 待发货, once. Anything else
     * refuses the payment (its transaction rolls back, so mock and wallet take nothing). An order
     * leaves 待支付 otherwise only with its pay order closed in the same transaction, which makes a
     * payment arriving later the pay module's late payment, given back by it.
     */
    async onOrderPaid(tx: Kysely<Database>, payOrder: PayOrderRow): Promise<void> {
      const order = await orderOfPayOrder(tx, payOrder.tenantId, payOrder.id);
      if (!order) return;
      if (payOrder.merchantOrderId !== order.no)
        throw fail(TradeError.ORDER_UPDATE_PAID_FAIL_PAY_ORDER_ID_ERROR);
      if (payOrder.price !== order.payPrice)
        throw fail(TradeError.ORDER_UPDATE_PAID_FAIL_PAY_PRICE_NOT_MATCH);
      const at = payOrder.successTime ?? ctx.now();
      const { numUpdatedRows } = await tx
        .updateTable('tradeOrder')
        .set({
          status: TRADE_ORDER_STATUS.UNDELIVERED,
          payed: 1,
          payTime: at,
          payChannelCode: payOrder.channelCode,
          updateTime: at,
        })
        .where('tenantId', '=', payOrder.tenantId)
        .where('id', '=', order.id)
        .where('status', '=', TRADE_ORDER_STATUS.UNPAID)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) {
        // The same payment told again changes nothing.
        if (order.payed === 1) return;
        throw fail(TradeError.ORDER_UPDATE_PAID_STATUS_NOT_UNPAID);
      }
      await writeOrderLog(tx, payOrder.tenantId, at, {
        orderId: order.id,
        operator: { id: order.userId, userType: MEMBER_USER_TYPE },
        operateType: TRADE_ORDER_OPERATE_TYPE.MEMBER_PAY,
        beforeStatus: TRADE_ORDER_STATUS.UNPAID,
        afterStatus: TRADE_ORDER_STATUS.UNDELIVERED,
        content: '用户付款成功',
      });
    },

    /** The pay module's listener, in the refund's transaction: the order records what came back. */
    async onRefundSucceeded(tx: Kysely<Database>, refund: PayRefundRow): Promise<void> {
      const order = await orderOfPayOrder(tx, refund.tenantId, refund.orderId);
      if (!order) return;
      const at = refund.successTime ?? ctx.now();
      await tx
        .updateTable('tradeOrder')
        .set((eb) => ({ refundPrice: eb('refundPrice', '+', refund.refundPrice), updateTime: at }))
        .where('tenantId', '=', refund.tenantId)
        .where('id', '=', order.id)
        .execute();
      // Refunded in full: every item is.
      if (order.refundPrice + refund.refundPrice >= order.payPrice)
        await tx
          .updateTable('tradeOrderItem')
          .set({ afterSaleStatus: ITEM_AFTER_SALE_REFUNDED, updateTime: at })
          .where('tenantId', '=', refund.tenantId)
          .where('orderId', '=', order.id)
          .execute();
    },

    /** Whether a pay order is the pay order of one of the member's orders (the member API's cashier). */
    async memberOwns(tenantId: number, memberId: number, payOrderId: number): Promise<boolean> {
      const row = await ctx.db.kysely
        .selectFrom('tradeOrder')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('userId', '=', memberId)
        .where('payOrderId', '=', payOrderId)
        .where(notDeleted())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether a pay order's status says it was paid (closing it lost to the payment). */
    isPaid: (status: number | undefined): boolean =>
      status === PAY_ORDER_STATUS.SUCCESS || status === PAY_ORDER_STATUS.REFUND,
  };
};

export type OrderPayments = ReturnType<typeof orderPayments>;
