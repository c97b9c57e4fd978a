import type { PageResult, PayDemoOrder } from '@app/contract';
import { PAY_DEMO_PRODUCTS, PayError, type payDemoOrderCreateReq } from '@app/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { createdStamp, fetchPage, notDeleted, softDeleted, type PageParams } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import type { AppService } from './app-service.js';
import type { OrderRow, RefundRow } from './order-repository.js';
import type { OrderService } from './order-service.js';
import type { Settlement } from './settlement.js';

const COLUMNS = [
  'id',
  'userId',
  'spuId',
  'spuName',
  'price',
  'payStatus',
  'payOrderId',
  'payTime',
  'payChannelCode',
  'payRefundId',
  'refundPrice',
  'refundTime',
  'createTime',
] as const;

/** How long a demo order waits to be paid (the reference's two hours). */
const PAY_WITHIN_MS = 2 * 60 * 60 * 1000;

const toDemo = (row: { payStatus: number } & Omit<PayDemoOrder, 'payStatus'>): PayDemoOrder => ({
  ...row,
  payStatus: row.payStatus === 1,
});

/**
 * 接入示例: orders of a fixed product list paid through the pay module, as a business module of ours
 * would: it creates a pay order, and learns of the payment and refunds in their transactions.
 */
export const demoOrderService = (
  ctx: AppContext,
  apps: AppService,
  orders: OrderService,
  payments: Settlement,
) => {
  const db = ctx.db.kysely;
  const live = (tenantId: number) =>
    db.selectFrom('payDemoOrder').where('tenantId', '=', tenantId).where(notDeleted());

  const existing = async (user: LoginUser, id: number): Promise<PayDemoOrder> => {
    const row = await live(user.tenantId).select(COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!row) throw fail(PayError.DEMO_ORDER_NOT_FOUND);
    return toDemo(row);
  };

  return {
    async page(user: LoginUser, page: PageParams): Promise<PageResult<PayDemoOrder>> {
      const result = await fetchPage(live(user.tenantId), page, (rows) =>
        rows.select(COLUMNS).orderBy('id', 'desc'),
      );
      return { total: result.total, list: result.list.map(toDemo) };
    },

    get: existing,

    async create(
      user: LoginUser,
      body: z.output<typeof payDemoOrderCreateReq>,
      userIp: string,
    ): Promise<number> {
      const product = PAY_DEMO_PRODUCTS.find((p) => p.id === body.spuId)!;
      const app = body.appId
        ? await apps.enabled(user.tenantId, body.appId)
        : await apps.firstEnabled(user.tenantId);
      if (!app) throw fail(PayError.DEMO_ORDER_NO_APP);
      const at = ctx.now();
      const { id } = await db
        .insertInto('payDemoOrder')
        .values({
          tenantId: user.tenantId,
          userId: user.id,
          spuId: product.id,
          spuName: product.name,
          price: product.price,
          payStatus: 0,
          payOrderId: 0,
          refundPrice: 0,
          ...createdStamp(at, user.id),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        const payOrderId = await orders.createOrder(
          user.tenantId,
          {
            appId: app.id,
            merchantOrderId: String(id),
            subject: product.name,
            body: `示例订单 ${id}：${product.name}`,
            price: product.price,
            expireTime: at + PAY_WITHIN_MS,
            userIp,
          },
          user.id,
        );
        await db.updateTable('payDemoOrder').set({ payOrderId }).where('id', '=', id).execute();
      } catch (error) {
        await db.updateTable('payDemoOrder').set(softDeleted(at, user.id)).where('id', '=', id).execute();
        throw error;
      }
      return Number(id);
    },

    /** Refunds what is left of a paid demo order. */
    async refund(user: LoginUser, id: number, userIp: string): Promise<boolean> {
      const demo = await existing(user, id);
      if (!demo.payStatus) throw fail(PayError.DEMO_ORDER_REFUND_FAIL_NOT_PAID);
      if (demo.refundPrice >= demo.price) throw fail(PayError.DEMO_ORDER_REFUND_FAIL_REFUNDED);
      await payments.refund(
        user.tenantId,
        {
          orderId: demo.payOrderId,
          merchantRefundId: `${demo.id}-refund-${ctx.now()}`,
          price: demo.price - demo.refundPrice,
          reason: '示例订单退款',
          userIp,
        },
        user.id,
      );
      return true;
    },

    /** Marks the demo order of a paid pay order paid (in the payment's transaction). */
    async onOrderPaid(tx: Kysely<Database>, order: OrderRow): Promise<void> {
      await tx
        .updateTable('payDemoOrder')
        .set({
          payStatus: 1,
          payTime: order.successTime,
          payChannelCode: order.channelCode,
          updateTime: order.updateTime,
        })
        .where('tenantId', '=', order.tenantId)
        .where('payOrderId', '=', order.id)
        .where('payStatus', '=', 0)
        .execute();
    },

    /** Adds a finished refund to its demo order (in the refund's transaction). */
    async onRefundSucceeded(tx: Kysely<Database>, refund: RefundRow): Promise<void> {
      await tx
        .updateTable('payDemoOrder')
        .set((eb) => ({
          refundPrice: eb('refundPrice', '+', refund.refundPrice),
          payRefundId: refund.id,
          refundTime: refund.successTime,
          updateTime: refund.updateTime,
        }))
        .where('tenantId', '=', refund.tenantId)
        .where('payOrderId', '=', refund.orderId)
        .execute();
    },
  };
};

export type DemoOrderService = ReturnType<typeof demoOrderService>;
