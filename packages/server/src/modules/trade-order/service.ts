import type {
  AppTradeOrder,
  AppTradeOrderItem,
  AppTradeOrderSettlement,
  PageResult,
  TradeOrderProperty,
} from '@app/contract';
import {
  MemberError,
  ProductError,
  TRADE_ORDER_OPERATE_TYPE,
  TRADE_ORDER_STATUS,
  TradeError,
  type appTradeOrderCreateReq,
  type appTradeOrderPageReq,
  type appTradeOrderSettlementReq,
} from '@app/contract';
import { serialNo } from '../../lib/serial-no.js';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import type { TradeOrderTable } from '../../db/trade-schema.js';
import { formatArea } from '../../lib/area.js';
import { createdStamp, fetchPage, notDeleted } from '../../lib/crud/index.js';
import { fail, isUniqueViolation } from '../../lib/errors.js';
import type { FreightTemplateDirectory } from '../delivery/directory.js';
import type { MemberDirectory } from '../member/directory.js';
import { moveStock, priceCart } from './catalogue.js';
import type { OrderLifecycle } from './lifecycle.js';
import { orderItemsOf, type OrderItemRow } from './order-items.js';
import { writeOrderLog } from './order-log.js';
import type { OrderPayments } from './payment.js';

type SettlementReq = z.output<typeof appTradeOrderSettlementReq>;
type CreateReq = z.output<typeof appTradeOrderCreateReq>;
type PageReq = z.output<typeof appTradeOrderPageReq>;

/** terminal 20 H5 网页 when the request does not say. */
const DEFAULT_TERMINAL = 20;
const TERMINALS = new Set([10, 11, 20, 31, 32]);

export interface OrderClient {
  ip: string;
  /** The `terminal` request header. */
  terminal: string | undefined;
}

type OrderRow = Selectable<TradeOrderTable>;
type ItemRow = OrderItemRow;

const toItem = (row: ItemRow): AppTradeOrderItem => ({
  id: row.id,
  orderId: row.orderId,
  spuId: row.spuId,
  spuName: row.spuName,
  skuId: row.skuId,
  picUrl: row.picUrl,
  // Written only by this module, as a JSON list of TradeOrderProperty.
  properties: JSON.parse(row.properties) as TradeOrderProperty[],
  count: row.count,
  price: row.price,
  originalPrice: row.originalPrice,
  payPrice: row.payPrice,
  afterSaleStatus: row.afterSaleStatus,
});

const toOrder = (row: OrderRow, items: ItemRow[]): AppTradeOrder => ({
  id: row.id,
  no: row.no,
  type: row.type,
  status: row.status,
  productCount: row.productCount,
  userRemark: row.userRemark,
  createTime: row.createTime,
  cancelType: row.cancelType,
  cancelTime: row.cancelTime,
  payOrderId: row.payOrderId,
  payed: row.payed === 1,
  payTime: row.payTime,
  originalPrice: row.originalPrice,
  discountPrice: row.discountPrice,
  deliveryPrice: row.deliveryPrice,
  adjustPrice: row.adjustPrice,
  payPrice: row.payPrice,
  receiverName: row.receiverName,
  receiverMobile: row.receiverMobile,
  receiverAreaId: row.receiverAreaId,
  receiverAreaName: formatArea(row.receiverAreaId) ?? '',
  receiverDetailAddress: row.receiverDetailAddress,
  items: items.map(toItem),
});

/**
 * A member's orders: settlement prices a cart, create places it (re-priced, stock taken, its pay
 * order created, all in one transaction), cancel returns the stock of an unpaid order and closes its
 * pay order (lifecycle.ts). A member reaches its own orders only: another member's is 不存在.
 */
export const tradeOrderService = (
  ctx: AppContext,
  members: MemberDirectory,
  freightTemplates: FreightTemplateDirectory,
  payments: OrderPayments,
  lifecycle: OrderLifecycle,
) => {
  const db = ctx.db.kysely;

  const addressOf = async (member: LoginUser, addressId: number) => {
    const address = await members.address(member.tenantId, member.id, addressId);
    if (!address) throw fail(MemberError.ADDRESS_NOT_EXISTS);
    return address;
  };

  const owned = (member: LoginUser) =>
    db
      .selectFrom('tradeOrder')
      .where('tenantId', '=', member.tenantId)
      .where('userId', '=', member.id)
      .where(notDeleted());

  const itemsOf = (tenantId: number, orderIds: number[]) => orderItemsOf(db, tenantId, orderIds);

  const placeOnce = (
    member: LoginUser,
    body: CreateReq,
    client: OrderClient,
    address: Awaited<ReturnType<typeof addressOf>>,
  ) =>
    db.transaction().execute(async (tx) => {
      const at = ctx.now();
      const appId = await payments.appOf(tx, member.tenantId);
      const cart = await priceCart(tx, member.tenantId, body.items, address.areaId, freightTemplates);
      // Stock in SKU order, so two orders of the same SKUs lock them in the same order.
      const bySku = [...cart.items].sort((a, b) => a.skuId - b.skuId);
      for (const item of bySku)
        if (!(await moveStock(tx, member.tenantId, item, -item.count, at)))
          throw fail(ProductError.SKU_STOCK_NOT_ENOUGH);
      const terminal = Number(client.terminal);
      const no = serialNo('o', at);
      const { id } = await tx
        .insertInto('tradeOrder')
        .values({
          tenantId: member.tenantId,
          ...createdStamp(at, member.id),
          no,
          type: 0,
          terminal: TERMINALS.has(terminal) ? terminal : DEFAULT_TERMINAL,
          userId: member.id,
          userIp: client.ip,
          userRemark: body.remark,
          status: TRADE_ORDER_STATUS.UNPAID,
          productCount: cart.items.reduce((sum, item) => sum + item.count, 0),
          cancelType: null,
          cancelTime: null,
          finishTime: null,
          remark: null,
          payOrderId: null,
          payed: 0,
          payTime: null,
          payChannelCode: null,
          originalPrice: cart.totalPrice,
          orderPrice: cart.totalPrice,
          discountPrice: 0,
          deliveryPrice: cart.deliveryPrice,
          adjustPrice: 0,
          payPrice: cart.payPrice,
          deliveryTemplateId: cart.deliveryTemplateId,
          logisticsId: null,
          logisticsNo: null,
          deliveryTime: null,
          receiveTime: null,
          receiverName: address.name,
          receiverMobile: address.mobile,
          receiverAreaId: address.areaId,
          receiverDetailAddress: address.detailAddress,
          afterSaleStatus: 0,
          refundPrice: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const orderId = Number(id);
      await tx
        .insertInto('tradeOrderItem')
        .values(
          cart.items.map((item) => ({
            tenantId: member.tenantId,
            ...createdStamp(at, member.id),
            orderId,
            userId: member.id,
            spuId: item.spuId,
            spuName: item.spuName,
            skuId: item.skuId,
            picUrl: item.picUrl,
            count: item.count,
            price: item.price,
            originalPrice: item.originalPrice,
            // No discounts yet: each item pays its goods amount (the freight is the order's).
            payPrice: item.originalPrice,
            properties: JSON.stringify(item.properties),
            afterSaleStatus: 0,
          })),
        )
        .execute();
      await writeOrderLog(tx, member.tenantId, at, {
        orderId,
        operator: member,
        operateType: TRADE_ORDER_OPERATE_TYPE.MEMBER_CREATE,
        beforeStatus: null,
        afterStatus: TRADE_ORDER_STATUS.UNPAID,
        content: '用户下单',
      });
      const payOrderId = await payments.create(
        tx,
        member.tenantId,
        appId,
        {
          no,
          payPrice: cart.payPrice,
          spuNames: cart.items.map((item) => item.spuName),
          userIp: client.ip,
        },
        member.id,
        at,
      );
      await tx
        .updateTable('tradeOrder')
        .set({ payOrderId })
        .where('tenantId', '=', member.tenantId)
        .where('id', '=', orderId)
        .execute();
      return { id: orderId, payOrderId };
    });

  return {
    async settlement(member: LoginUser, body: SettlementReq): Promise<AppTradeOrderSettlement> {
      const address = await addressOf(member, body.addressId);
      const cart = await priceCart(db, member.tenantId, body.items, address.areaId, freightTemplates);
      return {
        items: cart.items,
        price: {
          totalPrice: cart.totalPrice,
          discountPrice: 0,
          deliveryPrice: cart.deliveryPrice,
          couponPrice: 0,
          pointPrice: 0,
          payPrice: cart.payPrice,
        },
        address,
      };
    },

    async create(
      member: LoginUser,
      body: CreateReq,
      client: OrderClient,
    ): Promise<{ id: number; payOrderId: number }> {
      const address = await addressOf(member, body.addressId);
      // An order number drawn twice in one second (1 in a million) is drawn again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await placeOnce(member, body, client, address);
        } catch (error) {
          if (attempt >= 3 || !isUniqueViolation(error)) throw error;
        }
      }
    },

    async get(member: LoginUser, id: number): Promise<AppTradeOrder> {
      const row = await owned(member).selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw fail(TradeError.ORDER_NOT_FOUND);
      return toOrder(row, (await itemsOf(member.tenantId, [row.id])).get(row.id) ?? []);
    },

    async page(member: LoginUser, query: PageReq): Promise<PageResult<AppTradeOrder>> {
      let filtered = owned(member);
      if (query.status !== undefined) filtered = filtered.where('status', '=', query.status);
      const page = await fetchPage(filtered, query, (q) => q.selectAll().orderBy('id', 'desc'));
      const items = await itemsOf(
        member.tenantId,
        page.list.map((r) => r.id),
      );
      return { list: page.list.map((r) => toOrder(r, items.get(r.id) ?? [])), total: page.total };
    },

    cancel: (member: LoginUser, id: number): Promise<boolean> => lifecycle.cancelByMember(member, id),
  };
};

export type TradeOrderService = ReturnType<typeof tradeOrderService>;
