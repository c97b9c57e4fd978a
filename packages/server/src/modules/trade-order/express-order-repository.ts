import type { ExpressOrderFilter } from '@app/contract';
import { EXP_ORDER_STATUS } from '@app/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TradeExpressOrderTable } from '../../db/trade-schema.js';
import {
  contains,
  createdStamp,
  fetchPage,
  notDeleted,
  updatedStamp,
  type Page,
  type PageParams,
} from '../../lib/crud/index.js';

export const expressOrderColumns = [
  'id',
  'orderId',
  'orderNo',
  'expressId',
  'expressName',
  'logisticsNo',
  'type',
  'status',
  'refundFlag',
  'freight',
  'receiverName',
  'receiverMobile',
  'receiverAreaId',
  'receiverDetailAddress',
  'signTime',
  'createTime',
] as const;

export type ExpressOrderRow = Pick<Selectable<TradeExpressOrderTable>, (typeof expressOrderColumns)[number]>;
export type ExpressOrderValues = Omit<
  Insertable<TradeExpressOrderTable>,
  'id' | 'tenantId' | 'creator' | 'createTime' | 'updater' | 'updateTime' | 'deleted'
>;

/** Statuses a shipment can still leave: not yet signed for, nor cancelled. */
export const OPEN_EXP_ORDER_STATUSES = [
  EXP_ORDER_STATUS.WAITING_PICK_UP,
  EXP_ORDER_STATUS.IN_TRANSIT,
  EXP_ORDER_STATUS.EXCEPTION,
];

/**
 * 快递管理's express orders of a tenant and the events recorded on them. Writes take the caller's
 * transaction (`tx`), as they go with the change of the order that causes them.
 */
export const expressOrderRepository = (db: Kysely<Database>) => {
  const live = (tenantId: number) =>
    db.selectFrom('tradeExpressOrder').where('tenantId', '=', tenantId).where(notDeleted());
  const filtered = (tenantId: number, filter: ExpressOrderFilter) => {
    let query = live(tenantId);
    if (filter.orderNo !== undefined) query = query.where(contains('orderNo', filter.orderNo));
    if (filter.logisticsNo !== undefined) query = query.where(contains('logisticsNo', filter.logisticsNo));
    if (filter.expressId !== undefined) query = query.where('expressId', '=', filter.expressId);
    if (filter.receiverMobile !== undefined)
      query = query.where('receiverMobile', '=', filter.receiverMobile);
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.refundFlag !== undefined) query = query.where('refundFlag', '=', filter.refundFlag);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) query = query.where('createTime', '>=', from);
    if (to !== null) query = query.where('createTime', '<=', to);
    return query;
  };

  const addEvent = async (
    tx: Kysely<Database>,
    tenantId: number,
    event: { expressOrderId: number; status: number; content: string },
    at: number,
    by: number | null,
  ): Promise<void> => {
    await tx
      .insertInto('tradeExpressOrderEvent')
      .values({ tenantId, ...createdStamp(at, by), ...event })
      .execute();
  };

  /**
   * Moves a shipment from `from` to `to` (signTime set on 已签收) and records the event; false when
   * it was no longer in `from` (a concurrent change won).
   */
  const changeStatus = async (
    tx: Kysely<Database>,
    tenantId: number,
    change: { id: number; from: number; to: number; content: string },
    at: number,
    by: number | null,
  ): Promise<boolean> => {
    const { numUpdatedRows } = await tx
      .updateTable('tradeExpressOrder')
      .set({
        status: change.to,
        ...(change.to === EXP_ORDER_STATUS.SIGNED ? { signTime: at } : {}),
        ...updatedStamp(at, by),
      })
      .where('tenantId', '=', tenantId)
      .where('id', '=', change.id)
      .where('status', '=', change.from)
      .where(notDeleted())
      .executeTakeFirst();
    if (numUpdatedRows === 0n) return false;
    await addEvent(
      tx,
      tenantId,
      { expressOrderId: change.id, status: change.to, content: change.content },
      at,
      by,
    );
    return true;
  };

  return {
    /** Newest first. */
    page: (tenantId: number, filter: ExpressOrderFilter, page: PageParams): Promise<Page<ExpressOrderRow>> =>
      fetchPage(filtered(tenantId, filter), page, (rows) =>
        rows.select(expressOrderColumns).orderBy('id', 'desc'),
      ),

    /** At most `limit` matching rows, newest first (an export reads one more than it allows). */
    list: (tenantId: number, filter: ExpressOrderFilter, limit: number): Promise<ExpressOrderRow[]> =>
      filtered(tenantId, filter).select(expressOrderColumns).orderBy('id', 'desc').limit(limit).execute(),

    findById: (
      tenantId: number,
      id: number,
      tx: Kysely<Database> = db,
    ): Promise<ExpressOrderRow | undefined> =>
      tx
        .selectFrom('tradeExpressOrder')
        .select(expressOrderColumns)
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where(notDeleted())
        .executeTakeFirst(),

    /** The order's latest shipment (an order is shipped once; a later one would be its re-delivery). */
    latestOfOrder: (tenantId: number, orderId: number): Promise<ExpressOrderRow | undefined> =>
      live(tenantId)
        .select(expressOrderColumns)
        .where('orderId', '=', orderId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** The recorded events of a shipment, newest first. */
    events: (tenantId: number, expressOrderId: number) =>
      db
        .selectFrom('tradeExpressOrderEvent')
        .select(['createTime', 'content'])
        .where('tenantId', '=', tenantId)
        .where('expressOrderId', '=', expressOrderId)
        .where(notDeleted())
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** The express company's code, for the tracking provider; read even when since deleted. */
    expressCode: async (tenantId: number, expressId: number): Promise<string | undefined> => {
      const row = await db
        .selectFrom('tradeDeliveryExpress')
        .select('code')
        .where('tenantId', '=', tenantId)
        .where('id', '=', expressId)
        .executeTakeFirst();
      return row?.code;
    },

    /** Creates a shipment with its first event; returns its id. */
    async insert(
      tx: Kysely<Database>,
      tenantId: number,
      values: ExpressOrderValues,
      firstEvent: string,
      at: number,
      by: number | null,
    ): Promise<number> {
      const { id } = await tx
        .insertInto('tradeExpressOrder')
        .values({ tenantId, ...createdStamp(at, by), ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      const expressOrderId = Number(id);
      await addEvent(tx, tenantId, { expressOrderId, status: values.status, content: firstEvent }, at, by);
      return expressOrderId;
    },

    changeStatus,

    /** Signs for every open shipment of an order (its receipt), each with an event; returns how many. */
    async signOpenOfOrder(
      tx: Kysely<Database>,
      tenantId: number,
      orderId: number,
      content: string,
      at: number,
      by: number | null,
    ): Promise<number> {
      const open = await tx
        .selectFrom('tradeExpressOrder')
        .select(['id', 'status'])
        .where('tenantId', '=', tenantId)
        .where('orderId', '=', orderId)
        .where('status', 'in', OPEN_EXP_ORDER_STATUSES)
        .where(notDeleted())
        .execute();
      let signed = 0;
      for (const row of open) {
        const change = { id: row.id, from: row.status, to: EXP_ORDER_STATUS.SIGNED, content };
        if (await changeStatus(tx, tenantId, change, at, by)) signed++;
      }
      return signed;
    },
  };
};

export type ExpressOrderRepository = ReturnType<typeof expressOrderRepository>;
