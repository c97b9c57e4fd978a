import {
  EXP_ORDER_STATUS,
  EXP_ORDER_TYPE,
  EXP_REFUND_FLAG,
  TRADE_ORDER_OPERATE_TYPE,
  TRADE_ORDER_STATUS,
  TradeError,
  type tradeOrderDeliveryReq,
  type tradeOrderUpdateAddressReq,
  type tradeOrderUpdateRemarkReq,
} from '@app/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { STATUS_ENABLED, type AppContext, type LoginUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { findArea, formatArea } from '../../lib/area.js';
import { notDeleted, updatedStamp } from '../../lib/crud/index.js';
import { badRequest, fail, ServiceError } from '../../lib/errors.js';
import { expressOrderRepository } from './express-order-repository.js';
import { SYSTEM_OPERATOR, writeOrderLog } from './order-log.js';

type DeliveryReq = z.output<typeof tradeOrderDeliveryReq>;
type RemarkReq = z.output<typeof tradeOrderUpdateRemarkReq>;
type AddressReq = z.output<typeof tradeOrderUpdateAddressReq>;

/** logisticsId of an order shipped without logistics (无需物流), as the reference stores it. */
export const NO_LOGISTICS = 0;

const DAY_MS = 24 * 60 * 60 * 1000;
const RECEIVE_EXPIRE_DAYS_KEY = 'trade.order.receive-expire-days';
const DEFAULT_RECEIVE_EXPIRE_DAYS = 14;
/** How many overdue orders one run of the auto-receive job receives at most (the next run goes on). */
const AUTO_RECEIVE_BATCH = 1000;

/** Who confirms a receipt, with what the order's log and the shipment's event say. */
const RECEIPTS = {
  member: { operateType: TRADE_ORDER_OPERATE_TYPE.MEMBER_RECEIVE, content: '用户已收货' },
  admin: { operateType: TRADE_ORDER_OPERATE_TYPE.ADMIN_RECEIVE, content: '商家代买家确认收货' },
  system: { operateType: TRADE_ORDER_OPERATE_TYPE.SYSTEM_RECEIVE, content: '到期未收货，系统自动确认收货' },
} as const;
type ReceiptBy = keyof typeof RECEIPTS;

interface Operator {
  id: number;
  userType: number;
}

const addressText = (a: {
  receiverName: string;
  receiverMobile: string;
  receiverAreaId: number;
  receiverDetailAddress: string;
}) =>
  [
    a.receiverName,
    a.receiverMobile,
    formatArea(a.receiverAreaId) ?? String(a.receiverAreaId),
    a.receiverDetailAddress,
  ].join(' ');

/**
 * The fulfilment of an order: 发货 (with an express order when it goes by a carrier), the merchant's
 * remark and the address before shipping, and 确认收货 by the member, by an operator on its behalf, or
 * by the scheduler once the receipt is overdue. Every change moves the status with a conditional
 * update, so a race (two deliveries, a receipt and the job) changes the order once, and writes the
 * order's log in the same transaction.
 */
export const tradeOrderDeliveryService = (ctx: AppContext) => {
  const db = ctx.db.kysely;
  const shipments = expressOrderRepository(db);

  const orderOf = async (tx: Kysely<Database>, tenantId: number, id: number, userId?: number) => {
    let query = tx
      .selectFrom('tradeOrder')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where(notDeleted());
    if (userId !== undefined) query = query.where('userId', '=', userId);
    const row = await query.executeTakeFirst();
    if (!row) throw fail(TradeError.ORDER_NOT_FOUND);
    return row;
  };

  const receive = (tenantId: number, id: number, operator: Operator, by: ReceiptBy, userId?: number) =>
    db.transaction().execute(async (tx) => {
      const at = ctx.now();
      await orderOf(tx, tenantId, id, userId);
      const { numUpdatedRows } = await tx
        .updateTable('tradeOrder')
        .set({
          status: TRADE_ORDER_STATUS.COMPLETED,
          receiveTime: at,
          finishTime: at,
          ...updatedStamp(at, operator.id),
        })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', TRADE_ORDER_STATUS.DELIVERED)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) throw fail(TradeError.ORDER_RECEIVE_FAIL_STATUS_NOT_DELIVERED);
      const { operateType, content } = RECEIPTS[by];
      await shipments.signOpenOfOrder(tx, tenantId, id, `快递已签收：${content}`, at, operator.id);
      await writeOrderLog(tx, tenantId, at, {
        orderId: id,
        operator,
        operateType,
        beforeStatus: TRADE_ORDER_STATUS.DELIVERED,
        afterStatus: TRADE_ORDER_STATUS.COMPLETED,
        content,
      });
      return true;
    });

  /** Days a shipped order waits for its receipt (infra_config; 14 when the row is gone). */
  const receiveExpireDays = async (): Promise<number> => {
    const row = await db
      .selectFrom('infraConfig')
      .select('value')
      .where('configKey', '=', RECEIVE_EXPIRE_DAYS_KEY)
      .where(notDeleted())
      .executeTakeFirst();
    if (!row) return DEFAULT_RECEIVE_EXPIRE_DAYS;
    const days = Number(row.value.trim());
    if (!Number.isSafeInteger(days) || days < 1)
      throw new Error(`参数 ${RECEIVE_EXPIRE_DAYS_KEY} 必须是正整数，当前为 "${row.value}"`);
    return days;
  };

  return {
    /** 发货: only 待发货; by a carrier (an express order is created) or without logistics (0). */
    async delivery(user: LoginUser, body: DeliveryReq): Promise<boolean> {
      if (body.logisticsId !== NO_LOGISTICS && body.logisticsNo === null)
        throw badRequest('发货物流单号不能为空');
      return db.transaction().execute(async (tx) => {
        const at = ctx.now();
        const order = await orderOf(tx, user.tenantId, body.id);
        if (order.status !== TRADE_ORDER_STATUS.UNDELIVERED)
          throw fail(TradeError.ORDER_DELIVERY_FAIL_STATUS_NOT_UNDELIVERED);
        let express: { id: number; name: string } | null = null;
        if (body.logisticsId !== NO_LOGISTICS) {
          const row = await tx
            .selectFrom('tradeDeliveryExpress')
            .select(['id', 'name', 'status'])
            .where('tenantId', '=', user.tenantId)
            .where('id', '=', body.logisticsId)
            .where(notDeleted())
            .executeTakeFirst();
          if (!row) throw fail(TradeError.EXPRESS_NOT_EXISTS);
          if (row.status !== STATUS_ENABLED) throw fail(TradeError.EXPRESS_STATUS_NOT_ENABLE);
          express = row;
        }
        const logisticsNo = express ? body.logisticsNo : null;
        // Only from 待发货: of two concurrent deliveries, the second finds the order shipped.
        const { numUpdatedRows } = await tx
          .updateTable('tradeOrder')
          .set({
            status: TRADE_ORDER_STATUS.DELIVERED,
            deliveryTime: at,
            logisticsId: express ? express.id : NO_LOGISTICS,
            logisticsNo,
            ...updatedStamp(at, user.id),
          })
          .where('tenantId', '=', user.tenantId)
          .where('id', '=', order.id)
          .where('status', '=', TRADE_ORDER_STATUS.UNDELIVERED)
          .executeTakeFirst();
        if (numUpdatedRows === 0n) throw fail(TradeError.ORDER_DELIVERY_FAIL_STATUS_NOT_UNDELIVERED);
        let content = '已发货，无需物流';
        if (express && logisticsNo !== null) {
          const carrier = `快递公司：${express.name}，快递单号：${logisticsNo}`;
          content = `已发货，${carrier}`;
          await shipments.insert(
            tx,
            user.tenantId,
            {
              orderId: order.id,
              orderNo: order.no,
              expressId: express.id,
              expressName: express.name,
              logisticsNo,
              type: EXP_ORDER_TYPE.NORMAL,
              status: EXP_ORDER_STATUS.WAITING_PICK_UP,
              refundFlag: EXP_REFUND_FLAG.NONE,
              freight: order.deliveryPrice,
              receiverName: order.receiverName,
              receiverMobile: order.receiverMobile,
              receiverAreaId: order.receiverAreaId,
              receiverDetailAddress: order.receiverDetailAddress,
              signTime: null,
            },
            `商家已发货，${carrier}`,
            at,
            user.id,
          );
        }
        await writeOrderLog(tx, user.tenantId, at, {
          orderId: order.id,
          operator: user,
          operateType: TRADE_ORDER_OPERATE_TYPE.ADMIN_DELIVERY,
          beforeStatus: TRADE_ORDER_STATUS.UNDELIVERED,
          afterStatus: TRADE_ORDER_STATUS.DELIVERED,
          content,
        });
        return true;
      });
    },

    /** 商家备注, in any status. */
    updateRemark: (user: LoginUser, body: RemarkReq): Promise<boolean> =>
      db.transaction().execute(async (tx) => {
        const at = ctx.now();
        const order = await orderOf(tx, user.tenantId, body.id);
        await tx
          .updateTable('tradeOrder')
          .set({ remark: body.remark, ...updatedStamp(at, user.id) })
          .where('tenantId', '=', user.tenantId)
          .where('id', '=', order.id)
          .execute();
        await writeOrderLog(tx, user.tenantId, at, {
          orderId: order.id,
          operator: user,
          operateType: TRADE_ORDER_OPERATE_TYPE.ADMIN_UPDATE_REMARK,
          beforeStatus: order.status,
          afterStatus: order.status,
          content: body.remark === null ? '清除商家备注' : `商家备注：${body.remark}`,
        });
        return true;
      }),

    /** The receiver, while the order is not shipped yet (待支付 or 待发货). */
    updateAddress: (user: LoginUser, body: AddressReq): Promise<boolean> =>
      db.transaction().execute(async (tx) => {
        const at = ctx.now();
        const order = await orderOf(tx, user.tenantId, body.id);
        const open: number[] = [TRADE_ORDER_STATUS.UNPAID, TRADE_ORDER_STATUS.UNDELIVERED];
        if (!open.includes(order.status))
          throw fail(TradeError.ORDER_UPDATE_ADDRESS_FAIL_STATUS_NOT_DELIVERED);
        if (!findArea(body.receiverAreaId)) throw badRequest(`收件人地区(${body.receiverAreaId})不存在`);
        const { id: _id, ...receiver } = body;
        // Only while still open: a delivery in between keeps the address it shipped to.
        const { numUpdatedRows } = await tx
          .updateTable('tradeOrder')
          .set({ ...receiver, ...updatedStamp(at, user.id) })
          .where('tenantId', '=', user.tenantId)
          .where('id', '=', order.id)
          .where('status', 'in', open)
          .executeTakeFirst();
        if (numUpdatedRows === 0n) throw fail(TradeError.ORDER_UPDATE_ADDRESS_FAIL_STATUS_NOT_DELIVERED);
        await writeOrderLog(tx, user.tenantId, at, {
          orderId: order.id,
          operator: user,
          operateType: TRADE_ORDER_OPERATE_TYPE.ADMIN_UPDATE_ADDRESS,
          beforeStatus: order.status,
          afterStatus: order.status,
          content: `修改收货地址：${addressText(order)} → ${addressText(receiver)}`,
        });
        return true;
      }),

    /** 确认收货 by the member, of its own order. */
    receiveByMember: (member: LoginUser, id: number): Promise<boolean> =>
      receive(member.tenantId, id, member, 'member', member.id),

    /** 确认收货 by an operator on the buyer's behalf. */
    receiveByAdmin: (user: LoginUser, id: number): Promise<boolean> =>
      receive(user.tenantId, id, user, 'admin'),

    /**
     * The auto-receive job: every tenant's shipped orders delivered longer ago than the configured days
     * are received by the system. Returns how many; one taken meanwhile by its member is skipped.
     */
    async autoReceive(): Promise<number> {
      const before = ctx.now() - (await receiveExpireDays()) * DAY_MS;
      const due = await db
        .selectFrom('tradeOrder')
        .select(['id', 'tenantId'])
        .where('status', '=', TRADE_ORDER_STATUS.DELIVERED)
        .where('deliveryTime', '<=', before)
        .where(notDeleted())
        .orderBy('id')
        .limit(AUTO_RECEIVE_BATCH)
        .execute();
      let received = 0;
      const failures: string[] = [];
      for (const order of due) {
        try {
          await receive(order.tenantId, order.id, SYSTEM_OPERATOR, 'system');
          received++;
        } catch (error) {
          const raced =
            error instanceof ServiceError &&
            error.code === TradeError.ORDER_RECEIVE_FAIL_STATUS_NOT_DELIVERED.code;
          // One order's failure does not hold back the others; the run fails after them, saying why.
          if (!raced)
            failures.push(`订单 ${order.id}：${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (failures.length > 0)
        throw new Error(`交易订单自动收货 ${received} 个，失败 ${failures.length} 个（${failures[0]}）`);
      return received;
    },
  };
};

export type TradeOrderDeliveryService = ReturnType<typeof tradeOrderDeliveryService>;
