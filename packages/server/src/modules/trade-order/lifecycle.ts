import {
  PayError,
  TRADE_ORDER_CANCEL_TYPE,
  TRADE_ORDER_OPERATE_TYPE,
  TRADE_ORDER_STATUS,
  TradeError,
  type tradeOrderCloseReq,
  type tradeOrderUpdatePriceReq,
} from '@app/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { notDeleted, updatedStamp } from '../../lib/crud/index.js';
import { fail, isUniqueViolation } from '../../lib/errors.js';
import type { PayGateway } from '../pay/gateway.js';
import { divideAdjustment, returnStock } from './catalogue.js';
import { SYSTEM_OPERATOR, writeOrderLog, type OrderLogEntry } from './order-log.js';
import { payExpireMs, yuan, type OrderPayments } from './payment.js';

type CloseReq = z.output<typeof tradeOrderCloseReq>;
type UpdatePriceReq = z.output<typeof tradeOrderUpdatePriceReq>;

/** How many expired orders one run of the auto-cancel job closes at most (the next run goes on). */
const AUTO_CANCEL_BATCH = 1000;

/** Rolls a transaction back when another change got to the order first (the caller looks again). */
class LostRace extends Error {}

interface Cancellation {
  cancelType: number;
  operator: OrderLogEntry['operator'];
  operateType: number;
  content: string;
}

/**
 * An order's way out before delivery: the member's cancel, the console's close (a paid order is
 * refunded in full), the auto-cancel job; and the console's price adjustment. Every change moves the
 * order's status with a conditional update, so racing requests change it (and return its stock,
 * refund it) once.
 *
 * Lock order on PostgreSQL: while unpaid, the pay order's row before the order's, as the payment's
 * transaction takes them (pay module first, then our listener), so a cancel and a payment never
 * deadlock. A paid order's close takes the order first: no payment touches its pay order any more.
 */
export const orderLifecycle = (ctx: AppContext, gateway: PayGateway, payments: OrderPayments) => {
  const db = ctx.db.kysely;

  const findOrder = (tx: Kysely<Database>, tenantId: number, id: number) =>
    tx
      .selectFrom('tradeOrder')
      .select(['id', 'no', 'userId', 'status', 'payOrderId', 'payPrice', 'adjustPrice', 'refundPrice'])
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where(notDeleted())
      .executeTakeFirst();

  /**
   * Inside `tx`: closes an unpaid order's pay order, then moves the order 待支付 → 已取消 and gives
   * its stock back. False (nothing to keep) when the payment or another cancel came first.
   */
  const cancelUnpaid = async (
    tx: Kysely<Database>,
    tenantId: number,
    order: { id: number; payOrderId: number | null },
    how: Cancellation,
    at: number,
  ): Promise<boolean> => {
    if (order.payOrderId !== null) {
      const status = await gateway.closeOrder(tx, tenantId, order.payOrderId, at);
      if (payments.isPaid(status)) return false;
    }
    const { numUpdatedRows } = await tx
      .updateTable('tradeOrder')
      .set({
        status: TRADE_ORDER_STATUS.CANCELED,
        cancelType: how.cancelType,
        cancelTime: at,
        ...updatedStamp(at, how.operator.id),
      })
      .where('tenantId', '=', tenantId)
      .where('id', '=', order.id)
      .where('status', '=', TRADE_ORDER_STATUS.UNPAID)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) return false;
    await returnStock(tx, tenantId, order.id, at);
    await writeOrderLog(tx, tenantId, at, {
      orderId: order.id,
      operator: how.operator,
      operateType: how.operateType,
      beforeStatus: TRADE_ORDER_STATUS.UNPAID,
      afterStatus: TRADE_ORDER_STATUS.CANCELED,
      content: how.content,
    });
    return true;
  };

  /** Cancels an unpaid order in a transaction of its own; false when something else came first. */
  const cancelAlone = async (
    tenantId: number,
    order: { id: number; payOrderId: number | null },
    how: Cancellation,
  ): Promise<boolean> => {
    try {
      await db.transaction().execute(async (tx) => {
        if (!(await cancelUnpaid(tx, tenantId, order, how, ctx.now()))) throw new LostRace();
      });
      return true;
    } catch (error) {
      if (error instanceof LostRace) return false;
      throw error;
    }
  };

  /** 待发货 → 已取消 with a full refund, all in one transaction (a provider's refund goes out after it). */
  const closePaid = async (
    user: LoginUser,
    order: { id: number; no: string; payOrderId: number | null; payPrice: number; refundPrice: number },
    body: CloseReq,
    ip: string,
  ) => {
    // What the pay console refunded of it already is not refunded twice.
    const refund = order.payPrice - order.refundPrice;
    const started = await db
      .transaction()
      .execute(async (tx) => {
        const at = ctx.now();
        // The order first: a delivery (or another close) racing this one finds it no longer 待发货.
        const { numUpdatedRows } = await tx
          .updateTable('tradeOrder')
          .set({
            status: TRADE_ORDER_STATUS.CANCELED,
            cancelType: TRADE_ORDER_CANCEL_TYPE.ADMIN_CLOSE,
            cancelTime: at,
            ...updatedStamp(at, user.id),
          })
          .where('tenantId', '=', user.tenantId)
          .where('id', '=', order.id)
          .where('status', '=', TRADE_ORDER_STATUS.UNDELIVERED)
          .executeTakeFirst();
        if (numUpdatedRows === 0n) throw fail(TradeError.ORDER_CLOSE_FAIL_STATUS);
        await returnStock(tx, user.tenantId, order.id, at);
        await writeOrderLog(tx, user.tenantId, at, {
          orderId: order.id,
          operator: user,
          operateType: TRADE_ORDER_OPERATE_TYPE.ADMIN_CLOSE,
          beforeStatus: TRADE_ORDER_STATUS.UNDELIVERED,
          afterStatus: TRADE_ORDER_STATUS.CANCELED,
          content: `管理员关闭订单并退款 ${yuan(refund)}，原因：${body.reason}`,
        });
        if (refund <= 0) return null;
        // A paid order always has its pay order (created with it).
        return gateway.refund(
          tx,
          user.tenantId,
          {
            orderId: order.payOrderId!,
            merchantRefundId: `${order.no}-close`,
            price: refund,
            reason: body.reason,
            userIp: ip,
          },
          user.id,
        );
      })
      .catch((error: unknown) => {
        // The pay module's unique indexes: a refund of the pay order is under way.
        throw isUniqueViolation(error) ? fail(PayError.REFUND_HAS_REFUNDING) : error;
      });
    await started?.finish();
  };

  return {
    /** The member's cancel of their own unpaid order. */
    cancelByMember: (member: LoginUser, id: number): Promise<boolean> =>
      db.transaction().execute(async (tx) => {
        const order = await findOrder(tx, member.tenantId, id);
        if (!order || order.userId !== member.id) throw fail(TradeError.ORDER_NOT_FOUND);
        if (order.status !== TRADE_ORDER_STATUS.UNPAID)
          throw fail(TradeError.ORDER_CANCEL_FAIL_STATUS_NOT_UNPAID);
        const cancelled = await cancelUnpaid(
          tx,
          member.tenantId,
          order,
          {
            cancelType: TRADE_ORDER_CANCEL_TYPE.MEMBER_CANCEL,
            operator: member,
            operateType: TRADE_ORDER_OPERATE_TYPE.MEMBER_CANCEL,
            content: '用户取消订单',
          },
          ctx.now(),
        );
        if (!cancelled) throw fail(TradeError.ORDER_CANCEL_FAIL_STATUS_NOT_UNPAID);
        return true;
      }),

    /**
     * 关闭订单 in the console: an unpaid order is cancelled (its pay order closed), a paid one not
     * yet shipped is refunded in full. A payment landing meanwhile makes it the second case.
     */
    async close(user: LoginUser, body: CloseReq, ip: string): Promise<boolean> {
      for (let attempt = 1; ; attempt++) {
        const order = await findOrder(db, user.tenantId, body.id);
        if (!order) throw fail(TradeError.ORDER_NOT_FOUND);
        if (order.status === TRADE_ORDER_STATUS.UNDELIVERED) {
          await closePaid(user, order, body, ip);
          return true;
        }
        if (order.status !== TRADE_ORDER_STATUS.UNPAID) throw fail(TradeError.ORDER_CLOSE_FAIL_STATUS);
        const cancelled = await cancelAlone(user.tenantId, order, {
          cancelType: TRADE_ORDER_CANCEL_TYPE.ADMIN_CLOSE,
          operator: user,
          operateType: TRADE_ORDER_OPERATE_TYPE.ADMIN_CLOSE,
          content: `管理员关闭订单，原因：${body.reason}`,
        });
        if (cancelled) return true;
        // Paid or cancelled meanwhile: look again (a second loss is another close's win).
        if (attempt >= 2) throw fail(TradeError.ORDER_CLOSE_FAIL_STATUS);
      }
    },

    /**
     * 调整价格: once, while unpaid, never below 1 fen; the items share the adjustment and the pay
     * order takes the new price, in one transaction.
     */
    updatePrice: (user: LoginUser, body: UpdatePriceReq): Promise<boolean> =>
      db.transaction().execute(async (tx) => {
        const at = ctx.now();
        const order = await findOrder(tx, user.tenantId, body.id);
        if (!order) throw fail(TradeError.ORDER_NOT_FOUND);
        if (order.status !== TRADE_ORDER_STATUS.UNPAID) throw fail(TradeError.ORDER_UPDATE_PRICE_FAIL_PAID);
        if (order.adjustPrice !== 0) throw fail(TradeError.ORDER_UPDATE_PRICE_FAIL_ALREADY);
        const payPrice = order.payPrice + body.adjustPrice;
        if (payPrice < 1) throw fail(TradeError.ORDER_UPDATE_PRICE_FAIL_PRICE_ERROR);
        // The pay order first (see the lock order above); it refuses once paid, closed or being paid.
        if (
          order.payOrderId === null ||
          !(await gateway.updateOrderPrice(tx, user.tenantId, order.payOrderId, payPrice, at))
        )
          throw fail(PayError.ORDER_STATUS_IS_NOT_WAITING);
        const { numUpdatedRows } = await tx
          .updateTable('tradeOrder')
          .set({ adjustPrice: body.adjustPrice, payPrice, ...updatedStamp(at, user.id) })
          .where('tenantId', '=', user.tenantId)
          .where('id', '=', order.id)
          .where('status', '=', TRADE_ORDER_STATUS.UNPAID)
          .where('adjustPrice', '=', 0)
          .executeTakeFirst();
        // Another adjustment won the pay order first: this one rolls back.
        if (numUpdatedRows === 0n) throw fail(TradeError.ORDER_UPDATE_PRICE_FAIL_ALREADY);
        const items = await tx
          .selectFrom('tradeOrderItem')
          .select(['id', 'payPrice'])
          .where('tenantId', '=', user.tenantId)
          .where('orderId', '=', order.id)
          .where(notDeleted())
          .orderBy('id')
          .execute();
        const shares = divideAdjustment(
          items.map((i) => i.payPrice),
          body.adjustPrice,
        );
        for (const [index, item] of items.entries())
          if (shares[index] !== 0)
            await tx
              .updateTable('tradeOrderItem')
              .set({ payPrice: item.payPrice + shares[index]!, ...updatedStamp(at, user.id) })
              .where('tenantId', '=', user.tenantId)
              .where('id', '=', item.id)
              .execute();
        const sign = body.adjustPrice < 0 ? '-' : '+';
        await writeOrderLog(tx, user.tenantId, at, {
          orderId: order.id,
          operator: user,
          operateType: TRADE_ORDER_OPERATE_TYPE.ADMIN_UPDATE_PRICE,
          beforeStatus: order.status,
          afterStatus: order.status,
          content: `订单价格 ${yuan(order.payPrice)} 调整 ${sign}${yuan(body.adjustPrice)}，实付 ${yuan(payPrice)}`,
        });
        return true;
      }),

    /**
     * The auto-cancel job: every tenant's orders unpaid longer than `trade.order.pay-expire-minutes`
     * are cancelled (pay order closed, stock back). Answers how many; an order that fails does not
     * stop the others, but fails the run.
     */
    async autoCancel(): Promise<number> {
      const before = ctx.now() - (await payExpireMs(db));
      const expired = await db
        .selectFrom('tradeOrder')
        .select(['id', 'tenantId', 'payOrderId'])
        .where('status', '=', TRADE_ORDER_STATUS.UNPAID)
        .where('createTime', '<', before)
        .where(notDeleted())
        .orderBy('id')
        .limit(AUTO_CANCEL_BATCH)
        .execute();
      let cancelled = 0;
      const failures: string[] = [];
      for (const order of expired) {
        try {
          // Paid or cancelled since it was listed: skipped.
          const done = await cancelAlone(order.tenantId, order, {
            cancelType: TRADE_ORDER_CANCEL_TYPE.PAY_TIMEOUT,
            operator: SYSTEM_OPERATOR,
            operateType: TRADE_ORDER_OPERATE_TYPE.SYSTEM_CANCEL,
            content: '到期未支付，系统自动取消订单',
          });
          if (done) cancelled += 1;
        } catch (error) {
          failures.push(`订单 ${order.id}：${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (failures.length > 0)
        throw new Error(`交易订单自动关闭 ${cancelled} 个，失败 ${failures.length} 个（${failures[0]}）`);
      return cancelled;
    },
  };
};

export type OrderLifecycle = ReturnType<typeof orderLifecycle>;
