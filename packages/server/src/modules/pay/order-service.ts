import type {
  PageResult,
  PayOrder,
  PayOrderDetail,
  PayOrderFilter,
  PayOrderPageItem,
  PayRefund,
  PayRefundFilter,
} from '@app/contract';
import { DICT_TYPE, PayError, type payOrderCreateReq } from '@app/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { badRequest, fail, isUniqueViolation } from '../../lib/errors.js';
import { checkExportSize, EXPORT_MAX_ROWS } from '../../lib/export-limit.js';
import type { AppService } from './app-service.js';
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

const yuan = (fen: number | null) => (fen === null ? '' : (fen / 100).toFixed(2));

/** Pay orders and refunds as business modules create them and the lists show them. */
export const orderService = (ctx: AppContext, apps: AppService) => {
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

  const refundFromRow = async (tenantId: number, row: RefundRow): Promise<PayRefund> => {
    const [withName] = await withAppNames(tenantId, [row]);
    const { tenantId: _t, ...refund } = withName!;
    return refund;
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

    /**
     * Creates a waiting order in the caller's transaction (PayGateway.createOrder): a business
     * record and its pay order are written together. A merchant order id the app already has
     * belongs to another record, so it is refused rather than answered.
     */
    async createOrderIn(
      tx: Kysely<Database>,
      tenantId: number,
      input: NewPayOrder,
      by: number | string | null,
    ): Promise<number> {
      const app = await apps.enabled(tenantId, input.appId, tx);
      const rows = orderRepository(tx);
      if (await rows.findOrderByMerchantId(tenantId, input.appId, input.merchantOrderId))
        throw fail(PayError.ORDER_EXISTS);
      return rows.insertOrder(tenantId, { ...input, notifyUrl: app.orderNotifyUrl }, ctx.now(), by);
    },

    /** An order a merchant's own system asks for through the API. */
    async createFromMerchant(
      user: LoginUser,
      body: z.output<typeof payOrderCreateReq>,
      userIp: string,
    ): Promise<number> {
      if (body.expireTime <= ctx.now()) throw badRequest('支付过期时间必须晚于当前时间');
      return this.createOrder(user.tenantId, { ...body, userIp }, user.id);
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
