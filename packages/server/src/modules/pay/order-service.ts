import { randomInt } from 'node:crypto';
import type {
  PageResult,
  PayOrder,
  PayOrderDetail,
  PayOrderFilter,
  PayOrderPageItem,
  PayOrderSubmitResp,
  PayRefund,
  PayRefundFilter,
} from '@app/contract';
import {
  DICT_TYPE,
  PAY_NOTIFY_TYPE,
  PAY_ORDER_STATUS,
  PayError,
  type payOrderSubmitReq,
  type payRefundCreateReq,
} from '@app/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { ADMIN_USER_TYPE } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { fail, isUniqueViolation } from '../../lib/errors.js';
import { checkExportSize, EXPORT_MAX_ROWS } from '../../lib/export-limit.js';
import type { AppService } from './app-service.js';
import { INSTANT_CHANNELS } from './channels/instant.js';
import { notifyRepository } from './notify-repository.js';
import { orderRepository, type OrderRow, type RefundRow } from './order-repository.js';

/** What a business module passes to create a pay order. */
export interface NewPayOrder {
  appId: number;
  merchantOrderId: string;
  subject: string;
  body: string;
  /** In fen. */
  price: number;
  expireTime: number;
  userIp: string | null;
}

/** What a business module passes to refund (part of) a paid order. */
export interface NewPayRefund {
  orderId: number;
  merchantRefundId: string;
  price: number;
  reason: string;
  userIp: string | null;
}

/**
 * Run inside the transaction that paid an order or finished a refund, so a business module's own
 * record changes with the payment or not at all.
 */
export interface PayListeners {
  onOrderPaid: ((tx: Kysely<Database>, order: OrderRow) => Promise<void>)[];
  onRefundSucceeded: ((tx: Kysely<Database>, refund: RefundRow) => Promise<void>)[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** P/R + yyyyMMddHHmmss + 6 random digits: readable, and unique by its index. */
const newNo = (prefix: 'P' | 'R', at: number): string => {
  const d = new Date(at);
  const stamp = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  return `${prefix}${stamp}${pad(randomInt(1_000_000), 6)}`;
};

const yuan = (fen: number | null) => (fen === null ? '' : (fen / 100).toFixed(2));

/** Pay orders and refunds: created by business modules, paid through channels, refunded. */
export const orderService = (ctx: AppContext, apps: AppService, listeners: PayListeners) => {
  const db = ctx.db.kysely;
  const repo = orderRepository(db);

  const existingOrder = async (tenantId: number, id: number): Promise<OrderRow> => {
    const order = await repo.findOrder(tenantId, id);
    if (!order) throw fail(PayError.ORDER_NOT_FOUND);
    return order;
  };

  const withAppNames = async <T extends { appId: number }>(tenantId: number, rows: T[]) => {
    const names = await apps.namesOf(
      tenantId,
      rows.map((r) => r.appId),
    );
    return rows.map((r) => ({ ...r, appName: names.get(r.appId) ?? null }));
  };

  const toOrder = ({ tenantId: _t, updateTime: _u, ...order }: OrderRow): PayOrder => order;

  /** The checks before paying: the order still waits and is in time. */
  const validatePayable = (order: OrderRow) => {
    if (order.status === PAY_ORDER_STATUS.SUCCESS) throw fail(PayError.ORDER_STATUS_IS_SUCCESS);
    if (order.status !== PAY_ORDER_STATUS.WAITING) throw fail(PayError.ORDER_STATUS_IS_NOT_WAITING);
    if (order.expireTime < ctx.now()) throw fail(PayError.ORDER_IS_EXPIRED);
  };

  const refundFromRow = async (tenantId: number, row: RefundRow): Promise<PayRefund> => {
    const [withName] = await withAppNames(tenantId, [row]);
    const { tenantId: _t, ...refund } = withName!;
    return refund;
  };

  /**
   * Refunds `price` of a paid order through the channel it was paid with. The amount is reserved
   * on the order first (never more than paid in total), and one refund of an order runs at a time.
   */
  const refund = async (
    tenantId: number,
    input: NewPayRefund,
    by: number | string | null,
  ): Promise<number> => {
    const order = await existingOrder(tenantId, input.orderId);
    if (order.status !== PAY_ORDER_STATUS.SUCCESS && order.status !== PAY_ORDER_STATUS.REFUND)
      throw fail(PayError.ORDER_REFUND_FAIL_STATUS_ERROR);
    if (input.price + order.refundPrice > order.price) throw fail(PayError.REFUND_PRICE_EXCEED);
    const app = await apps.enabled(tenantId, order.appId);
    const channel =
      order.channelId === null ? undefined : await apps.findChannelById(tenantId, order.channelId);
    if (!channel) throw fail(PayError.CHANNEL_NOT_FOUND);
    const client = INSTANT_CHANNELS[channel.code];
    if (!client)
      throw fail(
        PayError.ORDER_SUBMIT_CHANNEL_ERROR,
        'CHANNEL_NOT_CONNECTED',
        '此服务器尚未接入该渠道的退款接口',
      );
    if (await repo.findRefundByMerchantId(tenantId, order.appId, input.merchantRefundId))
      throw fail(PayError.REFUND_EXISTS);

    const at = ctx.now();
    try {
      return await db.transaction().execute(async (tx) => {
        const orders = orderRepository(tx);
        if (!(await orders.reserveRefund(order.id, input.price, at)))
          throw fail(PayError.REFUND_PRICE_EXCEED);
        const no = newNo('R', at);
        const id = await orders.insertRefund(
          {
            tenantId,
            no,
            appId: order.appId,
            channelId: channel.id,
            channelCode: channel.code,
            orderId: order.id,
            orderNo: order.no ?? '',
            merchantOrderId: order.merchantOrderId,
            merchantRefundId: input.merchantRefundId,
            notifyUrl: app.refundNotifyUrl,
            payPrice: order.price,
            refundPrice: input.price,
            reason: input.reason,
            userIp: input.userIp,
            channelOrderNo: order.channelOrderNo,
            channelRefundNo: null,
            successTime: null,
            channelErrorCode: null,
            channelErrorMsg: null,
            channelNotifyData: null,
          },
          at,
          by,
        );
        const done = await client.refund(tx, order, { id, no, refundPrice: input.price }, at);
        await orders.markRefundSucceeded(id, done, at);
        await orders.markOrderRefunded(order.id, at);
        await notifyRepository(tx, ctx.db.dialect).create(
          {
            tenantId,
            appId: order.appId,
            type: PAY_NOTIFY_TYPE.REFUND,
            dataId: id,
            merchantOrderId: order.merchantOrderId,
            merchantRefundId: input.merchantRefundId,
            notifyUrl: app.refundNotifyUrl,
          },
          at,
        );
        const saved = (await orders.findRefund(tenantId, id))!;
        for (const listener of listeners.onRefundSucceeded) await listener(tx, saved);
        return id;
      });
    } catch (error) {
      // The unique indexes: a refund of this order under way, or this merchant refund id again.
      if (isUniqueViolation(error)) throw fail(PayError.REFUND_HAS_REFUNDING);
      throw error;
    }
  };

  return {
    /** Creates a waiting order; the same merchant order id again answers the order it made. */
    async createOrder(tenantId: number, input: NewPayOrder, by: number | string | null): Promise<number> {
      const app = await apps.enabled(tenantId, input.appId);
      const same = await repo.findOrderByMerchantId(tenantId, input.appId, input.merchantOrderId);
      if (same) return same.id;
      try {
        return await repo.insertOrder(tenantId, { ...input, notifyUrl: app.orderNotifyUrl }, ctx.now(), by);
      } catch (error) {
        if (isUniqueViolation(error)) throw fail(PayError.ORDER_EXISTS);
        throw error;
      }
    },

    async page(
      user: LoginUser,
      query: PayOrderFilter & { pageNo: number; pageSize: number },
    ): Promise<PageResult<PayOrderPageItem>> {
      const { pageNo, pageSize, ...filter } = query;
      const page = await repo.orderPage(user.tenantId, filter, { pageNo, pageSize });
      return { total: page.total, list: await withAppNames(user.tenantId, page.list.map(toOrder)) };
    },

    get: async (user: LoginUser, id: number): Promise<PayOrder> =>
      toOrder(await existingOrder(user.tenantId, id)),

    async detail(user: LoginUser, id: number): Promise<PayOrderDetail> {
      const order = await existingOrder(user.tenantId, id);
      const extension = order.extensionId === null ? undefined : await repo.findExtension(order.extensionId);
      const [item] = await withAppNames(user.tenantId, [toOrder(order)]);
      return {
        ...item!,
        updateTime: order.updateTime,
        extension: extension ? { no: extension.no, channelNotifyData: extension.channelNotifyData } : null,
      };
    },

    async exportExcel(user: LoginUser, filter: PayOrderFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo
          .orderList(user.tenantId, filter, EXPORT_MAX_ROWS + 1)
          .then((list) => checkExportSize(list, '支付订单')),
        loadDictLabels(db, [DICT_TYPE.PAY_ORDER_STATUS, DICT_TYPE.PAY_CHANNEL_CODE]),
      ]);
      const named = await withAppNames(user.tenantId, rows);
      return toXlsx<(typeof named)[number]>(
        '支付订单',
        [
          { header: '编号', width: 10, value: (r) => r.id },
          { header: '支付应用', value: (r) => r.appName ?? '' },
          { header: '商户单号', width: 24, value: (r) => r.merchantOrderId },
          { header: '支付单号', width: 24, value: (r) => r.no ?? '' },
          { header: '渠道单号', width: 30, value: (r) => r.channelOrderNo ?? '' },
          { header: '商品标题', width: 24, value: (r) => r.subject },
          { header: '支付金额（元）', value: (r) => yuan(r.price) },
          { header: '退款金额（元）', value: (r) => yuan(r.refundPrice) },
          { header: '手续金额（元）', value: (r) => yuan(r.channelFeePrice) },
          { header: '支付状态', value: (r) => label(DICT_TYPE.PAY_ORDER_STATUS, r.status) },
          {
            header: '支付渠道',
            width: 20,
            value: (r) => (r.channelCode ? label(DICT_TYPE.PAY_CHANNEL_CODE, r.channelCode) : ''),
          },
          {
            header: '支付时间',
            width: 20,
            value: (r) => (r.successTime ? formatDateTime(r.successTime) : ''),
          },
          { header: '创建时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        named,
      );
    },

    /**
     * Pays an order through a channel (the cashier). Mock and wallet settle at once: the attempt,
     * the debit, the order's new state, the business module's record and the merchant notification
     * are one transaction, applied once however many submits race.
     */
    async submit(
      user: LoginUser,
      body: z.output<typeof payOrderSubmitReq>,
      userIp: string | null,
    ): Promise<PayOrderSubmitResp> {
      const order = await existingOrder(user.tenantId, body.id);
      validatePayable(order);
      const app = await apps.enabled(user.tenantId, order.appId);
      const channel = await apps.enabledChannel(user.tenantId, order.appId, body.channelCode);
      const client = INSTANT_CHANNELS[channel.code];
      if (!client)
        throw fail(
          PayError.ORDER_SUBMIT_CHANNEL_ERROR,
          'CHANNEL_NOT_CONNECTED',
          '此服务器尚未接入该渠道的支付接口',
        );
      if (await repo.hasPaidExtension(order.id)) throw fail(PayError.ORDER_EXTENSION_IS_PAID);

      const at = ctx.now();
      await db.transaction().execute(async (tx) => {
        const orders = orderRepository(tx);
        const attempt = await orders.insertExtension(
          {
            tenantId: user.tenantId,
            orderId: order.id,
            no: newNo('P', at),
            channelId: channel.id,
            channelCode: channel.code,
            userIp,
            channelExtras: body.channelExtras ? JSON.stringify(body.channelExtras) : null,
          },
          at,
          user.id,
        );
        const paid = await client.pay(tx, order, attempt, {
          tenantId: user.tenantId,
          userId: user.id,
          userType: ADMIN_USER_TYPE,
        });
        await orders.markExtensionPaid(attempt.id, paid.notifyData, at);
        const changed = await orders.markOrderPaid(order.id, {
          channelId: channel.id,
          channelCode: channel.code,
          successTime: at,
          extensionId: attempt.id,
          no: attempt.no,
          channelOrderNo: paid.channelOrderNo,
          channelUserId: paid.channelUserId,
          channelFeeRate: channel.feeRate,
          channelFeePrice: Math.round((order.price * channel.feeRate) / 100),
        });
        // Another submit paid it first, or it closed meanwhile: this one takes nothing.
        if (!changed) throw fail(PayError.ORDER_STATUS_IS_NOT_WAITING);
        const paidOrder = (await orders.findOrder(user.tenantId, order.id))!;
        await notifyRepository(tx, ctx.db.dialect).create(
          {
            tenantId: user.tenantId,
            appId: app.id,
            type: PAY_NOTIFY_TYPE.ORDER,
            dataId: order.id,
            merchantOrderId: order.merchantOrderId,
            merchantRefundId: null,
            notifyUrl: order.notifyUrl,
          },
          at,
        );
        for (const listener of listeners.onOrderPaid) await listener(tx, paidOrder);
      });
      return { status: PAY_ORDER_STATUS.SUCCESS, displayMode: null, displayContent: null };
    },

    /** Closes waiting orders past their time (the job `payOrderExpireJob`); answers how many. */
    async expire(): Promise<number> {
      const now = ctx.now();
      let closed = 0;
      for (const order of await repo.expiredWaiting(now, 1000)) {
        const done = await db.transaction().execute((tx) => orderRepository(tx).closeOrder(order.id, now));
        if (done) closed += 1;
      }
      return closed;
    },

    refund,

    /** A refund started from the order list: the operator names the amount and the reason. */
    refundFromConsole: (user: LoginUser, body: z.output<typeof payRefundCreateReq>, userIp: string | null) =>
      refund(user.tenantId, { ...body, merchantRefundId: newNo('R', ctx.now()), userIp }, user.id),

    async refundPage(
      user: LoginUser,
      query: PayRefundFilter & { pageNo: number; pageSize: number },
    ): Promise<PageResult<PayRefund>> {
      const { pageNo, pageSize, ...filter } = query;
      const page = await repo.refundPage(user.tenantId, filter, { pageNo, pageSize });
      const list = await withAppNames(user.tenantId, page.list);
      return { total: page.total, list: list.map(({ tenantId: _t, ...r }) => r) };
    },

    async refundGet(user: LoginUser, id: number): Promise<PayRefund> {
      const row = await repo.findRefund(user.tenantId, id);
      if (!row) throw fail(PayError.REFUND_NOT_FOUND);
      return refundFromRow(user.tenantId, row);
    },

    async refundExport(user: LoginUser, filter: PayRefundFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo
          .refundList(user.tenantId, filter, EXPORT_MAX_ROWS + 1)
          .then((list) => checkExportSize(list, '退款订单')),
        loadDictLabels(db, [DICT_TYPE.PAY_REFUND_STATUS, DICT_TYPE.PAY_CHANNEL_CODE]),
      ]);
      const named = await withAppNames(user.tenantId, rows);
      return toXlsx<(typeof named)[number]>(
        '退款订单',
        [
          { header: '编号', width: 10, value: (r) => r.id },
          { header: '支付应用', value: (r) => r.appName ?? '' },
          { header: '商户退款单号', width: 24, value: (r) => r.merchantRefundId },
          { header: '退款单号', width: 24, value: (r) => r.no },
          { header: '渠道退款单号', width: 30, value: (r) => r.channelRefundNo ?? '' },
          { header: '商户支付单号', width: 24, value: (r) => r.merchantOrderId },
          { header: '渠道支付单号', width: 30, value: (r) => r.channelOrderNo ?? '' },
          { header: '支付金额（元）', value: (r) => yuan(r.payPrice) },
          { header: '退款金额（元）', value: (r) => yuan(r.refundPrice) },
          { header: '退款状态', value: (r) => label(DICT_TYPE.PAY_REFUND_STATUS, r.status) },
          { header: '退款渠道', width: 20, value: (r) => label(DICT_TYPE.PAY_CHANNEL_CODE, r.channelCode) },
          { header: '退款原因', width: 24, value: (r) => r.reason },
          {
            header: '成功时间',
            width: 20,
            value: (r) => (r.successTime ? formatDateTime(r.successTime) : ''),
          },
          { header: '创建时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        named,
      );
    },

    hasOrders: (tenantId: number, appId: number) => repo.anyOf('payOrder', tenantId, appId),
    hasRefunds: (tenantId: number, appId: number) => repo.anyOf('payRefund', tenantId, appId),
  };
};

export type OrderService = ReturnType<typeof orderService>;
