import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { OrderRow, RefundRow } from './order-repository.js';
import type { NewPayOrder } from './order-service.js';
import type { NewPayRefund, PayListeners, StartedRefund } from './settlement.js';

export type { NewPayOrder, NewPayRefund, PayListeners, StartedRefund };
export type PayOrderRow = OrderRow;
export type PayRefundRow = RefundRow;

/**
 * What business modules may do with pay orders. Every `db` is the caller's transaction, so a
 * business record and its pay order change together (and SQLite's one connection is not waited on
 * by a read beside the transaction).
 */
export interface PayOperations {
  /** The tenant's first enabled app, the one a business module's orders are paid through. */
  firstEnabledAppId(db: Kysely<Database>, tenantId: number): Promise<number | undefined>;
  /** Creates a waiting pay order; a merchant order id the app already has is PayError.ORDER_EXISTS. */
  createOrder(
    db: Kysely<Database>,
    tenantId: number,
    input: NewPayOrder,
    by: number | string | null,
  ): Promise<number>;
  /**
   * Closes a waiting pay order (it can no longer be paid) and answers its status afterwards:
   * PAY_ORDER_STATUS.CLOSED, or SUCCESS / REFUND when it was paid first; undefined when not found.
   */
  closeOrder(db: Kysely<Database>, tenantId: number, id: number, at: number): Promise<number | undefined>;
  /** Changes a waiting pay order's price; false when it no longer waits. */
  updateOrderPrice(
    db: Kysely<Database>,
    tenantId: number,
    id: number,
    price: number,
    at: number,
  ): Promise<boolean>;
  /**
   * Refunds part or all of a paid order through the channel it was paid with: recorded (and, by
   * mock or wallet, settled) in `db`; the caller runs `finish` once its transaction committed.
   */
  refund(
    db: Kysely<Database>,
    tenantId: number,
    input: NewPayRefund,
    by: number | string | null,
  ): Promise<StartedRefund>;
}

/** Whether `memberId` may pay pay order `payOrderId` through the member API (it is their own order's). */
export type MemberPayOrderCheck = (
  tenantId: number,
  memberId: number,
  payOrderId: number,
) => Promise<boolean>;

/**
 * The pay module as other modules see it (ModuleDeps.payGateway). app.ts creates it before any
 * module registers; the pay module provides the operations and runs `listeners` in its payments'
 * transactions; business modules add their listeners and member checks when they register.
 */
export interface PayGateway extends PayOperations {
  readonly listeners: PayListeners;
  /** A pay order is the member's when one of these says so; otherwise the member API answers 不存在. */
  readonly memberPayOrders: MemberPayOrderCheck[];
  provide(operations: PayOperations): void;
}

export const payGateway = (): PayGateway => {
  let operations: PayOperations | null = null;
  const bound = (): PayOperations => {
    if (!operations) throw new Error('支付模块尚未注册');
    return operations;
  };
  return {
    listeners: { onOrderPaid: [], onRefundSucceeded: [] },
    memberPayOrders: [],
    provide(provided) {
      if (operations) throw new Error('支付模块重复注册');
      operations = provided;
    },
    firstEnabledAppId: (...args) => bound().firstEnabledAppId(...args),
    createOrder: (...args) => bound().createOrder(...args),
    closeOrder: (...args) => bound().closeOrder(...args),
    updateOrderPrice: (...args) => bound().updateOrderPrice(...args),
    refund: (...args) => bound().refund(...args),
  };
};
