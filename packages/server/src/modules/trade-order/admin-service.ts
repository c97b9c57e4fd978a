import type {
  PageResult,
  TradeOrder,
  TradeOrderDetail,
  TradeOrderItem,
  TradeOrderProperty,
} from '@app/contract';
import { TRADE_ORDER_STATUS, TradeError, type tradeOrderPageReq } from '@app/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import type { TradeOrderTable } from '../../db/trade-schema.js';
import { formatArea } from '../../lib/area.js';
import { contains, fetchPage, notDeleted } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import { orderItemsOf, type OrderItemRow } from './order-items.js';

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

/**
 * 订单列表 in the console: every member's orders of the caller's tenant. The member filters
 * (nickname, mobile) and the detail's buyer read member_user by the tenant's ids.
 */
export const tradeOrderAdminService = (ctx: AppContext) => {
  const db = ctx.db.kysely;

  const itemsOf = (tenantId: number, orderIds: number[]) => orderItemsOf(db, tenantId, orderIds);

  return {
    async page(user: LoginUser, query: PageReq): Promise<PageResult<TradeOrder>> {
      let filtered = db.selectFrom('tradeOrder').where('tenantId', '=', user.tenantId).where(notDeleted());
      if (query.no !== undefined) filtered = filtered.where(contains('no', query.no));
      if (query.userId !== undefined) filtered = filtered.where('userId', '=', query.userId);
      if (query.userNickname !== undefined || query.userMobile !== undefined) {
        let members = db
          .selectFrom('memberUser')
          .select('id')
          .where('tenantId', '=', user.tenantId)
          .where(notDeleted());
        if (query.userNickname !== undefined)
          members = members.where(contains('nickname', query.userNickname));
        if (query.userMobile !== undefined) members = members.where(contains('mobile', query.userMobile));
        filtered = filtered.where('userId', 'in', members);
      }
      if (query.receiverName !== undefined)
        filtered = filtered.where(contains('receiverName', query.receiverName));
      if (query.receiverMobile !== undefined)
        filtered = filtered.where('receiverMobile', '=', query.receiverMobile);
      if (query.type !== undefined) filtered = filtered.where('type', '=', query.type);
      if (query.status !== undefined) filtered = filtered.where('status', '=', query.status);
      if (query.terminal !== undefined) filtered = filtered.where('terminal', '=', query.terminal);
      if (query.payChannelCode !== undefined)
        filtered = filtered.where('payChannelCode', '=', query.payChannelCode);
      const [from, to] = query.createTime ?? [null, null];
      if (from !== null) filtered = filtered.where('createTime', '>=', from);
      if (to !== null) filtered = filtered.where('createTime', '<=', to);
      const page = await fetchPage(filtered, query, (q) => q.selectAll().orderBy('id', 'desc'));
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
      const buyer = await db
        .selectFrom('memberUser')
        .select(['id', 'nickname', 'avatar'])
        .where('tenantId', '=', user.tenantId)
        .where('id', '=', row.userId)
        .executeTakeFirst();
      return {
        ...toOrder(row, (await itemsOf(user.tenantId, [row.id])).get(row.id) ?? []),
        user: buyer ?? null,
      };
    },
  };
};

export type TradeOrderAdminService = ReturnType<typeof tradeOrderAdminService>;
