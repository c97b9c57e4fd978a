import {
  PAY_ORDER_STATUS,
  PAY_REFUND_STATUS,
  type PayOrderFilter,
  type PayRefundFilter,
} from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { PayOrderExtensionTable, PayOrderTable, PayRefundTable } from '../../db/pay-schema.js';
import type { Database } from '../../db/schema.js';
import {
  contains,
  createdStamp,
  fetchPage,
  notDeleted,
  updatedStamp,
  type PageParams,
} from '../../lib/crud/index.js';

export type ExtensionRow = Selectable<PayOrderExtensionTable>;

const ORDER_COLUMNS = [
  'id',
  'tenantId',
  'appId',
  'channelId',
  'channelCode',
  'merchantOrderId',
  'subject',
  'body',
  'notifyUrl',
  'price',
  'channelFeeRate',
  'channelFeePrice',
  'status',
  'userIp',
  'expireTime',
  'successTime',
  'extensionId',
  'no',
  'refundPrice',
  'channelUserId',
  'channelOrderNo',
  'createTime',
  'updateTime',
] as const;
export type OrderRow = Pick<Selectable<PayOrderTable>, (typeof ORDER_COLUMNS)[number]>;

const REFUND_COLUMNS = [
  'id',
  'tenantId',
  'no',
  'appId',
  'channelId',
  'channelCode',
  'orderId',
  'orderNo',
  'merchantOrderId',
  'merchantRefundId',
  'notifyUrl',
  'status',
  'payPrice',
  'refundPrice',
  'reason',
  'userIp',
  'channelOrderNo',
  'channelRefundNo',
  'successTime',
  'channelErrorCode',
  'channelErrorMsg',
  'channelNotifyData',
  'createTime',
  'updateTime',
] as const;
export type RefundRow = Pick<Selectable<PayRefundTable>, (typeof REFUND_COLUMNS)[number]>;

export type NewOrder = Pick<
  OrderRow,
  'appId' | 'merchantOrderId' | 'subject' | 'body' | 'notifyUrl' | 'price' | 'expireTime' | 'userIp'
>;

/**
 * Pay orders, the attempts to pay them, and refunds. Built over the database or over a transaction:
 * the state changes of a payment happen together (see order-service.ts).
 */
export const orderRepository = (db: Kysely<Database>) => {
  const orders = (tenantId: number) =>
    db.selectFrom('payOrder').where('tenantId', '=', tenantId).where(notDeleted());
  const refunds = (tenantId: number) =>
    db.selectFrom('payRefund').where('tenantId', '=', tenantId).where(notDeleted());

  const filteredOrders = (tenantId: number, f: PayOrderFilter) => {
    let q = orders(tenantId);
    if (f.appId !== undefined) q = q.where('appId', '=', f.appId);
    if (f.channelCode !== undefined) q = q.where('channelCode', '=', f.channelCode);
    if (f.merchantOrderId !== undefined) q = q.where(contains('merchantOrderId', f.merchantOrderId));
    if (f.no !== undefined) q = q.where(contains('no', f.no));
    if (f.channelOrderNo !== undefined) q = q.where(contains('channelOrderNo', f.channelOrderNo));
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    const [from, to] = f.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  const filteredRefunds = (tenantId: number, f: PayRefundFilter) => {
    let q = refunds(tenantId);
    if (f.appId !== undefined) q = q.where('appId', '=', f.appId);
    if (f.channelCode !== undefined) q = q.where('channelCode', '=', f.channelCode);
    if (f.merchantOrderId !== undefined) q = q.where(contains('merchantOrderId', f.merchantOrderId));
    if (f.merchantRefundId !== undefined) q = q.where(contains('merchantRefundId', f.merchantRefundId));
    if (f.channelOrderNo !== undefined) q = q.where(contains('channelOrderNo', f.channelOrderNo));
    if (f.channelRefundNo !== undefined) q = q.where(contains('channelRefundNo', f.channelRefundNo));
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    const [from, to] = f.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  return {
    orderPage: (tenantId: number, filter: PayOrderFilter, page: PageParams) =>
      fetchPage(filteredOrders(tenantId, filter), page, (rows) =>
        rows.select(ORDER_COLUMNS).orderBy('id', 'desc'),
      ),

    orderList: (tenantId: number, filter: PayOrderFilter, limit: number) =>
      filteredOrders(tenantId, filter).select(ORDER_COLUMNS).orderBy('id', 'desc').limit(limit).execute(),

    findOrder: (tenantId: number, id: number) =>
      orders(tenantId).select(ORDER_COLUMNS).where('id', '=', id).executeTakeFirst(),

    findOrderByMerchantId: (tenantId: number, appId: number, merchantOrderId: string) =>
      orders(tenantId)
        .select(ORDER_COLUMNS)
        .where('appId', '=', appId)
        .where('merchantOrderId', '=', merchantOrderId)
        .executeTakeFirst(),

    async anyOf(table: 'payOrder' | 'payRefund', tenantId: number, appId: number): Promise<boolean> {
      const row = await db
        .selectFrom(table)
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('appId', '=', appId)
        .where(notDeleted())
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertOrder(
      tenantId: number,
      values: NewOrder,
      at: number,
      by: number | string | null,
    ): Promise<number> {
      const { id } = await db
        .insertInto('payOrder')
        .values({
          ...values,
          tenantId,
          status: PAY_ORDER_STATUS.WAITING,
          refundPrice: 0,
          ...createdStamp(at, by),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async insertExtension(
      values: Pick<
        ExtensionRow,
        | 'tenantId'
        | 'orderId'
        | 'no'
        | 'channelId'
        | 'channelCode'
        | 'userIp'
        | 'channelExtras'
        | 'status'
        | 'channelNotifyData'
      >,
      at: number,
      by: number,
    ): Promise<ExtensionRow> {
      return db
        .insertInto('payOrderExtension')
        .values({ ...values, ...createdStamp(at, by) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findExtension: (id: number) =>
      db.selectFrom('payOrderExtension').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * Marks an attempt paid; false when it was paid before. A closed attempt can still be paid: the
     * money arrived, and the caller gives it back when the order no longer takes it.
     */
    async markExtensionPaid(id: number, notifyData: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('payOrderExtension')
        .set({ status: PAY_ORDER_STATUS.SUCCESS, channelNotifyData: notifyData, updateTime: at })
        .where('id', '=', id)
        .where('status', '!=', PAY_ORDER_STATUS.SUCCESS)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    findExtensionByNo: (no: string) =>
      db.selectFrom('payOrderExtension').selectAll().where('no', '=', no).executeTakeFirst(),

    /** Records a provider's refusal of an attempt, which closes it. */
    async failExtension(
      id: number,
      error: { channelErrorCode: string | null; channelErrorMsg: string | null; raw: string },
      at: number,
    ): Promise<void> {
      await db
        .updateTable('payOrderExtension')
        .set({
          status: PAY_ORDER_STATUS.CLOSED,
          channelErrorCode: error.channelErrorCode,
          channelErrorMsg: error.channelErrorMsg?.slice(0, 512) ?? null,
          channelNotifyData: error.raw,
          updateTime: at,
        })
        .where('id', '=', id)
        .where('status', '=', PAY_ORDER_STATUS.WAITING)
        .execute();
    },

    async closeExtension(id: number, at: number): Promise<void> {
      await db
        .updateTable('payOrderExtension')
        .set({ status: PAY_ORDER_STATUS.CLOSED, updateTime: at })
        .where('id', '=', id)
        .where('status', '=', PAY_ORDER_STATUS.WAITING)
        .execute();
    },

    waitingExtensionsOf: (orderId: number) =>
      db
        .selectFrom('payOrderExtension')
        .selectAll()
        .where('orderId', '=', orderId)
        .where('status', '=', PAY_ORDER_STATUS.WAITING)
        .execute(),

    /** Waiting attempts created since `since`, across tenants (the sync job). */
    recentWaitingExtensions: (since: number, limit: number) =>
      db
        .selectFrom('payOrderExtension')
        .selectAll()
        .where('status', '=', PAY_ORDER_STATUS.WAITING)
        .where('createTime', '>=', since)
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Marks a waiting order paid by `extension`; false when it was no longer waiting. */
    async markOrderPaid(
      id: number,
      paid: Pick<
        OrderRow,
        | 'channelId'
        | 'channelCode'
        | 'successTime'
        | 'extensionId'
        | 'no'
        | 'channelOrderNo'
        | 'channelUserId'
        | 'channelFeeRate'
        | 'channelFeePrice'
      >,
    ): Promise<boolean> {
      const result = await db
        .updateTable('payOrder')
        .set({ ...paid, status: PAY_ORDER_STATUS.SUCCESS, updateTime: paid.successTime ?? 0 })
        .where('id', '=', id)
        .where('status', '=', PAY_ORDER_STATUS.WAITING)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Waiting orders whose time is up, across tenants (the expiry job). */
    expiredWaiting: (now: number, limit: number) =>
      db
        .selectFrom('payOrder')
        .select(['id', 'tenantId'])
        .where('status', '=', PAY_ORDER_STATUS.WAITING)
        .where('expireTime', '<', now)
        .where(notDeleted())
        .orderBy('expireTime')
        .limit(limit)
        .execute(),

    /** Closes a waiting order and its waiting attempts; false when it was no longer waiting. */
    async closeOrder(id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('payOrder')
        .set({ status: PAY_ORDER_STATUS.CLOSED, updateTime: at })
        .where('id', '=', id)
        .where('status', '=', PAY_ORDER_STATUS.WAITING)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await db
        .updateTable('payOrderExtension')
        .set({ status: PAY_ORDER_STATUS.CLOSED, updateTime: at })
        .where('orderId', '=', id)
        .where('status', '=', PAY_ORDER_STATUS.WAITING)
        .execute();
      return true;
    },

    /**
     * Changes a waiting order's price; false when it no longer waits, or when a provider's payment
     * of it is under way (the payer may be paying the old price at this moment).
     */
    async updateWaitingPrice(id: number, price: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('payOrder')
        .set({ price, updateTime: at })
        .where('id', '=', id)
        .where('status', '=', PAY_ORDER_STATUS.WAITING)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('payOrderExtension')
                .select('id')
                .where('orderId', '=', id)
                .where('status', '=', PAY_ORDER_STATUS.WAITING),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Reserves `price` of a paid order for a refund: never more than paid in total, whatever runs at
     * the same time (the condition is part of the update). False when it would exceed.
     */
    async reserveRefund(id: number, price: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('payOrder')
        .set((eb) => ({ refundPrice: eb('refundPrice', '+', price), updateTime: at }))
        .where('id', '=', id)
        .where('status', 'in', [PAY_ORDER_STATUS.SUCCESS, PAY_ORDER_STATUS.REFUND])
        .where((eb) => eb(eb('refundPrice', '+', price), '<=', eb.ref('price')))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markOrderRefunded(id: number, at: number): Promise<void> {
      await db
        .updateTable('payOrder')
        .set({ status: PAY_ORDER_STATUS.REFUND, updateTime: at })
        .where('id', '=', id)
        .execute();
    },

    refundPage: (tenantId: number, filter: PayRefundFilter, page: PageParams) =>
      fetchPage(filteredRefunds(tenantId, filter), page, (rows) =>
        rows.select(REFUND_COLUMNS).orderBy('id', 'desc'),
      ),

    refundList: (tenantId: number, filter: PayRefundFilter, limit: number) =>
      filteredRefunds(tenantId, filter).select(REFUND_COLUMNS).orderBy('id', 'desc').limit(limit).execute(),

    findRefund: (tenantId: number, id: number) =>
      refunds(tenantId).select(REFUND_COLUMNS).where('id', '=', id).executeTakeFirst(),

    findRefundByMerchantId: (tenantId: number, appId: number, merchantRefundId: string) =>
      refunds(tenantId)
        .select('id')
        .where('appId', '=', appId)
        .where('merchantRefundId', '=', merchantRefundId)
        .executeTakeFirst(),

    async insertRefund(
      values: Omit<
        RefundRow,
        'id' | 'status' | 'creator' | 'createTime' | 'updater' | 'updateTime' | 'deleted'
      >,
      at: number,
      by: number | string | null,
    ): Promise<number> {
      const { id } = await db
        .insertInto('payRefund')
        .values({ ...values, status: PAY_REFUND_STATUS.WAITING, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /** Marks a waiting refund succeeded; false when it was not waiting (settled before). */
    async markRefundSucceeded(
      id: number,
      result: Pick<RefundRow, 'channelRefundNo' | 'channelNotifyData'>,
      at: number,
    ): Promise<boolean> {
      const updated = await db
        .updateTable('payRefund')
        .set({ ...result, status: PAY_REFUND_STATUS.SUCCESS, successTime: at, ...updatedStamp(at, null) })
        .where('id', '=', id)
        .where('status', '=', PAY_REFUND_STATUS.WAITING)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /**
     * Marks a waiting refund failed and, when `release`, gives its reserved amount back to the
     * order, both once.
     */
    async markRefundFailed(
      refund: Pick<RefundRow, 'id' | 'orderId' | 'refundPrice'>,
      result: Pick<RefundRow, 'channelErrorCode' | 'channelErrorMsg' | 'channelNotifyData'>,
      release: boolean,
      at: number,
    ): Promise<void> {
      const updated = await db
        .updateTable('payRefund')
        .set({ ...result, status: PAY_REFUND_STATUS.FAILURE, ...updatedStamp(at, null) })
        .where('id', '=', refund.id)
        .where('status', '=', PAY_REFUND_STATUS.WAITING)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1 || !release) return;
      await db
        .updateTable('payOrder')
        .set((eb) => ({ refundPrice: eb('refundPrice', '-', refund.refundPrice), updateTime: at }))
        .where('id', '=', refund.orderId)
        .execute();
    },

    findRefundByNo: (no: string) =>
      db.selectFrom('payRefund').select(REFUND_COLUMNS).where('no', '=', no).executeTakeFirst(),

    /** Refunds still waiting for the provider, across tenants (the sync job). */
    waitingRefunds: (limit: number) =>
      db
        .selectFrom('payRefund')
        .select(REFUND_COLUMNS)
        .where('status', '=', PAY_REFUND_STATUS.WAITING)
        .where(notDeleted())
        .orderBy('id')
        .limit(limit)
        .execute(),
  };
};

export type OrderRepository = ReturnType<typeof orderRepository>;
