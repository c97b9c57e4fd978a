import type {
  PageResult,
  TradeOrder,
  TradeOrderDetail,
  TradeOrderItem,
  TradeOrderLog,
  TradeOrderProperty,
  TradeOrderSummary,
} from '@app/contract';
import { TRADE_ORDER_STATUS, TradeError, type TradeOrderFilter, type tradeOrderPageReq } from '@app/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { ADMIN_USER_TYPE, MEMBER_USER_TYPE, type AppContext, type LoginUser } from '../../context.js';
import type { TradeOrderTable } from '../../db/trade-schema.js';
import { formatArea } from '../../lib/area.js';
import { fetchPage, notDeleted } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import { filteredOrders, keptTotals, orderTotals } from './order-list.js';
import { orderItemsOf, type OrderItemRow } from './order-items.js';
import { SYSTEM_OPERATOR } from './order-log.js';

type PageReq = z.output<typeof tradeOrderPageReq>;
type OrderRow = Selectable<TradeOrderTable>;
type ItemRow = OrderItemRow;

const toItem = (row: ItemRow): TradeOrderItem => ({
  id: row.id,
  userId: row.userId,
  orderId: row.orderId,
  spuId: row.spuId,
  spuName: row.spuName,
  skuId: row.skuId,
  picUrl: row.picUrl,
  count: row.count,
  originalPrice: row.originalPrice,
  originalUnitPrice: row.price,
  // No promotions yet: nothing is discounted, and the order's amount is the items' own.
  discountPrice: 0,
  payPrice: row.payPrice,
  orderPartPrice: 0,
  orderDividePrice: row.payPrice,
  afterSaleStatus: row.afterSaleStatus,
  // Written only by this module, as a JSON list of TradeOrderProperty.
  properties: JSON.parse(row.properties) as TradeOrderProperty[],
});

const toOrder = (row: OrderRow, items: ItemRow[]): TradeOrder => {
  const { tenantId: _t, creator: _c, updater: _u, updateTime: _ut, deleted: _d, ...fields } = row;
  return {
    ...fields,
    payed: row.payed === 1,
    deliveryStatus:
      row.status >= TRADE_ORDER_STATUS.DELIVERED && row.status !== TRADE_ORDER_STATUS.CANCELED ? 1 : 0,
    receiverPostCode: null,
    couponId: null,
    couponPrice: 0,
    pointPrice: 0,
    receiverAreaName: formatArea(row.receiverAreaId) ?? '',
    items: items.map(toItem),
  };
};

const SYSTEM_OPERATOR_NAME = '系统';

/**
 * 订单列表 in the console: every member's orders of the caller's tenant (filtered by order-list.ts).
 * The detail's buyer reads member_user by the tenant's ids; its log names each operator.
 */
export const tradeOrderAdminService = (ctx: AppContext) => {
  const db = ctx.db.kysely;

  const itemsOf = (tenantId: number, orderIds: number[]) => orderItemsOf(db, tenantId, orderIds);

  /** Nicknames by id, in one query (deleted ones too: they still name who acted). */
  const nicknames = async (
    table: 'memberUser' | 'systemUsers',
    tenantId: number,
    ids: number[],
  ): Promise<Map<number, string>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom(table)
      .select(['id', 'nickname'])
      .where('tenantId', '=', tenantId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [Number(r.id), r.nickname]));
  };

  /** The order's log, oldest first, with each operator's name: two name queries, not one per row. */
  const logsOf = async (tenantId: number, orderId: number): Promise<TradeOrderLog[]> => {
    const rows = await db
      .selectFrom('tradeOrderLog')
      .select([
        'id',
        'content',
        'createTime',
        'userType',
        'userId',
        'operateType',
        'beforeStatus',
        'afterStatus',
      ])
      .where('tenantId', '=', tenantId)
      .where('orderId', '=', orderId)
      .where(notDeleted())
      .orderBy('id')
      .execute();
    const idsOf = (userType: number) => rows.filter((r) => r.userType === userType).map((r) => r.userId);
    const [members, admins] = await Promise.all([
      nicknames('memberUser', tenantId, idsOf(MEMBER_USER_TYPE)),
      nicknames('systemUsers', tenantId, idsOf(ADMIN_USER_TYPE)),
    ]);
    const nameOf = (row: (typeof rows)[number]): string => {
      if (row.userType === MEMBER_USER_TYPE) return members.get(row.userId) ?? '';
      if (row.userType === ADMIN_USER_TYPE) return admins.get(row.userId) ?? '';
      return row.userType === SYSTEM_OPERATOR.userType ? SYSTEM_OPERATOR_NAME : '';
    };
    return rows.map((row) => ({ ...row, operatorName: nameOf(row) }));
  };

  /** The express company of the order's shipment, as named when it was shipped. */
  const logisticsNameOf = async (tenantId: number, orderId: number): Promise<string | null> => {
    const shipment = await db
      .selectFrom('tradeExpressOrder')
      .select('expressName')
      .where('tenantId', '=', tenantId)
      .where('orderId', '=', orderId)
      .where(notDeleted())
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return shipment?.expressName ?? null;
  };

  return {
    async page(user: LoginUser, query: PageReq): Promise<PageResult<TradeOrder>> {
      const { pageNo, pageSize, ...filter } = query;
      const [filtered, kept] = await Promise.all([
        filteredOrders(db, user.tenantId, filter),
        keptTotals(db, user.tenantId, filter),
      ]);
      const page = await fetchPage(
        filtered,
        { pageNo, pageSize },
        (q) => q.selectAll().orderBy('id', 'desc'),
        kept?.orderCount,
      );
      const items = await itemsOf(
        user.tenantId,
        page.list.map((r) => r.id),
      );
      return { list: page.list.map((r) => toOrder(r, items.get(r.id) ?? [])), total: page.total };
    },

    async get(user: LoginUser, id: number): Promise<TradeOrderDetail> {
      const row = await db
        .selectFrom('tradeOrder')
        .selectAll()
        .where('tenantId', '=', user.tenantId)
        .where('id', '=', id)
        .where(notDeleted())
        .executeTakeFirst();
      if (!row) throw fail(TradeError.ORDER_NOT_FOUND);
      const [buyer, items, logs, logisticsName] = await Promise.all([
        db
          .selectFrom('memberUser')
          .select(['id', 'nickname', 'avatar'])
          .where('tenantId', '=', user.tenantId)
          .where('id', '=', row.userId)
          .executeTakeFirst(),
        itemsOf(user.tenantId, [row.id]),
        logsOf(user.tenantId, row.id),
        // Shipped without logistics (0) or not yet: no express company.
        row.logisticsId ? logisticsNameOf(user.tenantId, row.id) : null,
      ]);
      return {
        ...toOrder(row, items.get(row.id) ?? []),
        user: buyer ?? null,
        logs,
        logisticsName,
      };
    },

    /**
     * 订单列表's figures over the same filters as its page. There are no after-sales yet (no 售后
     * module), so their count and amount are 0.
     */
    async summary(user: LoginUser, filter: TradeOrderFilter): Promise<TradeOrderSummary> {
      const { orderCount, paidPrice } = await orderTotals(db, user.tenantId, filter);
      return {
        orderCount,
        orderPayPrice: paidPrice,
        afterSaleCount: 0,
        afterSalePrice: 0,
      };
    },
  };
};

export type TradeOrderAdminService = ReturnType<typeof tradeOrderAdminService>;
