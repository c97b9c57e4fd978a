import { serialNo } from '../../lib/serial-no.js';
import {
  PAY_NOTIFY_TYPE,
  PAY_ORDER_STATUS,
  PayError,
  type PayOrderSubmitResp,
  type payOrderSubmitReq,
} from '@app/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { fail, isUniqueViolation } from '../../lib/errors.js';
import type { ChannelRow } from './app-repository.js';
import type { AppService } from './app-service.js';
import type { ChannelConfigs } from './channel-config.js';
import { INSTANT_CHANNELS, type InstantChannel } from './channels/instant.js';
import type {
  RemoteChannel,
  RemoteChannelFactory,
  RemoteNotification,
  RemoteOrderResult,
  RemoteRefundResult,
} from './channels/remote.js';
import { notifyRepository } from './notify-repository.js';
import { orderRepository, type ExtensionRow, type OrderRow, type RefundRow } from './order-repository.js';

/** What a business module passes to refund (part of) a paid order. */
export interface NewPayRefund {
  orderId: number;
  merchantRefundId: string;
  price: number;
  reason: string;
  userIp: string | null;
}

/** A refund recorded in a transaction; `finish` asks a provider's channel once it committed. */
export interface StartedRefund {
  id: number;
  finish(): Promise<void>;
}

/**
 * Run inside the transaction that paid an order or finished a refund, so a business module's own
 * record changes with the payment or not at all.
 */
export interface PayListeners {
  onOrderPaid: ((tx: Kysely<Database>, order: OrderRow) => Promise<void>)[];
  onRefundSucceeded: ((tx: Kysely<Database>, refund: RefundRow) => Promise<void>)[];
}

/** What a channel reports of a payment that went through. */
interface Paid {
  channelOrderNo: string | null;
  channelUserId: string | null;
  successTime: number | null;
  raw: string;
}

/** P/R + yyyyMMddHHmmss + 6 digits: readable, and unique by its index. */
export const newNo = (prefix: 'P' | 'R', at: number): string => serialNo(prefix, at);

/** A provider's refusal of an attempt, as its client would report it. */
const refusedBy = (code: string, message: string): Omit<RemoteOrderResult, 'outTradeNo'> => ({
  status: 'waiting',
  displayMode: null,
  displayContent: null,
  channelOrderNo: null,
  channelUserId: null,
  successTime: null,
  price: null,
  raw: JSON.stringify({ code, message }),
  channelErrorCode: code,
  channelErrorMsg: message,
});

/** Marks the merchant refund id of a late payment's automatic refund. */
const LATE_SUFFIX = '-late';

/** How far back the sync job asks the providers about attempts still waiting. */
const SYNC_WINDOW_MS = 10 * 60 * 1000;

/**
 * Everything that moves money: paying an order through a channel, the providers' notifications,
 * refunds, expiry, and asking providers about what still waits. Every state change is a conditional
 * update in a transaction, so a result applies once however often it arrives.
 */
export const settlement = (
  ctx: AppContext,
  apps: AppService,
  configs: ChannelConfigs,
  listeners: PayListeners,
  remoteChannel: RemoteChannelFactory,
  apiPrefix: string,
) => {
  const db = ctx.db.kysely;
  const repo = orderRepository(db);

  const clientOf = async (
    channel: ChannelRow,
  ): Promise<{ instant: InstantChannel } | { remote: RemoteChannel }> => {
    const instant = INSTANT_CHANNELS[channel.code];
    return instant
      ? { instant }
      : { remote: remoteChannel(channel.code, await configs.open(channel.config)) };
  };

  /** Where the provider posts its notifications: this server as the cashier's request reached it. */
  const notifyUrlOf = (origin: string, kind: 'order' | 'refund', channelId: number) =>
    `${ctx.config.payNotifyBaseUrl ?? origin}${apiPrefix}/pay/notify/${kind}/${channelId}`;

  /**
   * Inside `tx`, once the attempt is recorded paid: its order is paid by it unless the order no longer
   * waits ('late': closed meanwhile, or paid by another attempt).
   */
  const settleOrder = async (
    tx: Kysely<Database>,
    order: OrderRow,
    attempt: Pick<ExtensionRow, 'id' | 'no'>,
    channel: ChannelRow,
    paid: Paid,
    orderNotifyUrl: string,
    at: number,
  ): Promise<'paid' | 'late'> => {
    const changes = {
      channelId: channel.id,
      channelCode: channel.code,
      successTime: paid.successTime ?? at,
      extensionId: attempt.id,
      no: attempt.no,
      channelOrderNo: paid.channelOrderNo,
      channelUserId: paid.channelUserId,
      channelFeeRate: channel.feeRate,
      channelFeePrice: Math.round((order.price * channel.feeRate) / 100),
    };
    if (!(await orderRepository(tx).markOrderPaid(order.id, changes))) return 'late';
    await notifyRepository(tx, ctx.db.dialect).create(
      {
        tenantId: order.tenantId,
        appId: order.appId,
        type: PAY_NOTIFY_TYPE.ORDER,
        dataId: order.id,
        merchantOrderId: order.merchantOrderId,
        merchantRefundId: null,
        notifyUrl: orderNotifyUrl,
      },
      at,
    );
    const paidOrder = {
      ...order,
      ...changes,
      status: PAY_ORDER_STATUS.SUCCESS,
      updateTime: changes.successTime,
    };
    for (const listener of listeners.onOrderPaid) await listener(tx, paidOrder);
    return 'paid';
  };

  /** Inside `tx`: a waiting refund succeeded (once), with its order, notification and listeners. */
  const settleRefunded = async (
    tx: Kysely<Database>,
    refund: RefundRow,
    result: Pick<RefundRow, 'channelRefundNo' | 'channelNotifyData'>,
    at: number,
  ): Promise<void> => {
    const orders = orderRepository(tx);
    if (!(await orders.markRefundSucceeded(refund.id, result, at))) return;
    // A late payment's automatic refund was never the merchant's: the order and merchant stay as they are.
    if (refund.merchantRefundId.endsWith(LATE_SUFFIX)) return;
    await orders.markOrderRefunded(refund.orderId, at);
    await notifyRepository(tx, ctx.db.dialect).create(
      {
        tenantId: refund.tenantId,
        appId: refund.appId,
        type: PAY_NOTIFY_TYPE.REFUND,
        dataId: refund.id,
        merchantOrderId: refund.merchantOrderId,
        merchantRefundId: refund.merchantRefundId,
        notifyUrl: refund.notifyUrl,
      },
      at,
    );
    const saved = (await orders.findRefund(refund.tenantId, refund.id))!;
    for (const listener of listeners.onRefundSucceeded) await listener(tx, saved);
  };

  /** A provider's answer about a refund: success settles it, failure gives the reserved amount back. */
  const applyRefundResult = async (refund: RefundRow, result: RemoteRefundResult): Promise<void> => {
    const at = ctx.now();
    if (result.status === 'success')
      await db
        .transaction()
        .execute((tx) =>
          settleRefunded(
            tx,
            refund,
            { channelRefundNo: result.channelRefundNo, channelNotifyData: result.raw },
            at,
          ),
        );
    else if (result.status === 'failure')
      await db.transaction().execute((tx) =>
        orderRepository(tx).markRefundFailed(
          refund,
          {
            channelErrorCode: result.channelErrorCode,
            channelErrorMsg: result.channelErrorMsg,
            channelNotifyData: result.raw,
          },
          !refund.merchantRefundId.endsWith(LATE_SUFFIX),
          at,
        ),
      );
  };

  /** Money that arrived for an order that no longer takes it goes back, in full, through its channel. */
  const refundLatePayment = async (
    order: OrderRow,
    attempt: ExtensionRow,
    channel: ChannelRow,
    remote: RemoteChannel,
  ) => {
    const at = ctx.now();
    const no = newNo('R', at);
    let id: number;
    try {
      id = await repo.insertRefund(
        {
          tenantId: order.tenantId,
          no,
          appId: order.appId,
          channelId: channel.id,
          channelCode: channel.code,
          orderId: order.id,
          orderNo: attempt.no,
          merchantOrderId: order.merchantOrderId,
          merchantRefundId: `${attempt.no}${LATE_SUFFIX}`,
          notifyUrl: '',
          payPrice: order.price,
          refundPrice: order.price,
          reason: '支付单已关闭或已由其它渠道支付，自动退回',
          userIp: null,
          channelOrderNo: null,
          channelRefundNo: null,
          successTime: null,
          channelErrorCode: null,
          channelErrorMsg: null,
          channelNotifyData: null,
        },
        at,
        null,
      );
    } catch (error) {
      // Already being given back (the same late notification again).
      if (isUniqueViolation(error)) return;
      throw error;
    }
    const refund = (await repo.findRefund(order.tenantId, id))!;
    const result = await remote.refund({
      outTradeNo: attempt.no,
      outRefundNo: no,
      reason: refund.reason,
      payPrice: order.price,
      refundPrice: order.price,
      notifyUrl: notifyUrlOf('', 'refund', channel.id),
    });
    await applyRefundResult(refund, result);
  };

  /** A provider says an attempt was paid: settle it, or give late money back. */
  const applyRemotePaid = async (
    attempt: ExtensionRow,
    channel: ChannelRow,
    remote: RemoteChannel,
    result: RemoteOrderResult,
  ): Promise<void> => {
    const order = await repo.findOrder(attempt.tenantId, attempt.orderId);
    if (!order) return;
    if (result.price !== null && result.price !== order.price)
      throw new Error(`渠道所报金额 ${result.price} 分与支付单 ${order.id} 的 ${order.price} 分不一致`);
    const app = await apps.existing(order.tenantId, order.appId);
    const at = ctx.now();
    const outcome = await db.transaction().execute(async (tx) =>
      // Paid before: this is the same news again.
      (await orderRepository(tx).markExtensionPaid(attempt.id, result.raw, at))
        ? settleOrder(tx, order, attempt, channel, result, app.orderNotifyUrl, at)
        : 'again',
    );
    if (outcome === 'late') await refundLatePayment(order, attempt, channel, remote);
  };

  const submitInstant = async (
    user: LoginUser,
    order: OrderRow,
    channel: ChannelRow,
    instant: InstantChannel,
    body: z.output<typeof payOrderSubmitReq>,
    userIp: string | null,
    orderNotifyUrl: string,
  ): Promise<PayOrderSubmitResp> => {
    const at = ctx.now();
    await db.transaction().execute(async (tx) => {
      const no = newNo('P', at);
      // The payer's own wallet: a member's through the member API, an operator's in the console.
      const paid = await instant.pay(tx, order, no, at, {
        tenantId: user.tenantId,
        userId: user.id,
        userType: user.userType,
      });
      // The money moved with this transaction: the attempt is recorded paid at once.
      const attempt = await orderRepository(tx).insertExtension(
        {
          tenantId: user.tenantId,
          orderId: order.id,
          no,
          channelId: channel.id,
          channelCode: channel.code,
          userIp,
          channelExtras: body.channelExtras ? JSON.stringify(body.channelExtras) : null,
          status: PAY_ORDER_STATUS.SUCCESS,
          channelNotifyData: paid.notifyData,
        },
        at,
        user.id,
      );
      const outcome = await settleOrder(
        tx,
        order,
        attempt,
        channel,
        { ...paid, successTime: at, raw: paid.notifyData },
        orderNotifyUrl,
        at,
      );
      // Another submit paid it first, or it closed meanwhile: this one takes nothing.
      if (outcome !== 'paid') throw fail(PayError.ORDER_STATUS_IS_NOT_WAITING);
    });
    return { status: PAY_ORDER_STATUS.SUCCESS, displayMode: null, displayContent: null };
  };

  const submitRemote = async (
    user: LoginUser,
    order: OrderRow,
    channel: ChannelRow,
    remote: RemoteChannel,
    body: z.output<typeof payOrderSubmitReq>,
    userIp: string | null,
    origin: string,
  ): Promise<PayOrderSubmitResp> => {
    const at = ctx.now();
    const attempt = await repo.insertExtension(
      {
        tenantId: user.tenantId,
        orderId: order.id,
        no: newNo('P', at),
        channelId: channel.id,
        channelCode: channel.code,
        userIp,
        channelExtras: body.channelExtras ? JSON.stringify(body.channelExtras) : null,
        status: PAY_ORDER_STATUS.WAITING,
        channelNotifyData: null,
      },
      at,
      user.id,
    );
    const request = {
      outTradeNo: attempt.no,
      subject: order.subject,
      body: order.body,
      price: order.price,
      expireTime: order.expireTime,
      userIp,
      returnUrl: body.returnUrl ?? null,
      notifyUrl: notifyUrlOf(origin, 'order', channel.id),
      channelExtras: body.channelExtras ?? {},
    };
    let result: RemoteOrderResult;
    try {
      result = await remote.submit(request);
    } catch (error) {
      // Unreachable, or an answer whose signature does not verify: the attempt closes as refused.
      const message = error instanceof Error ? error.message : String(error);
      result = { ...refusedBy('CHANNEL_UNAVAILABLE', message), outTradeNo: attempt.no };
    }
    if (result.channelErrorCode !== null) {
      await repo.failExtension(attempt.id, result, ctx.now());
      throw fail(PayError.ORDER_SUBMIT_CHANNEL_ERROR, result.channelErrorCode, result.channelErrorMsg ?? '');
    }
    if (result.status === 'success') await applyRemotePaid(attempt, channel, remote, result);
    const now = await repo.findOrder(user.tenantId, order.id);
    return {
      status: now?.status ?? PAY_ORDER_STATUS.WAITING,
      displayMode: result.displayMode,
      displayContent: result.displayContent,
    };
  };

  /**
   * Inside `tx`: checks a refund, reserves its amount on the order and records it; mock and wallet
   * settle it in `tx` too. A provider's channel is asked by `finish`, once `tx` committed (a
   * failure leaves the refund waiting for the sync job).
   */
  const beginRefund = async (
    tx: Kysely<Database>,
    tenantId: number,
    input: NewPayRefund,
    by: number | string | null,
    origin: string,
  ): Promise<StartedRefund> => {
    const orders = orderRepository(tx);
    const order = await orders.findOrder(tenantId, input.orderId);
    if (!order) throw fail(PayError.ORDER_NOT_FOUND);
    if (order.status !== PAY_ORDER_STATUS.SUCCESS && order.status !== PAY_ORDER_STATUS.REFUND)
      throw fail(PayError.ORDER_REFUND_FAIL_STATUS_ERROR);
    if (input.price + order.refundPrice > order.price) throw fail(PayError.REFUND_PRICE_EXCEED);
    const app = await apps.enabled(tenantId, order.appId, tx);
    const channel =
      order.channelId === null ? undefined : await apps.findChannelById(tenantId, order.channelId, tx);
    if (!channel) throw fail(PayError.CHANNEL_NOT_FOUND);
    if (await orders.findRefundByMerchantId(tenantId, order.appId, input.merchantRefundId))
      throw fail(PayError.REFUND_EXISTS);

    const at = ctx.now();
    const no = newNo('R', at);
    if (!(await orders.reserveRefund(order.id, input.price, at))) throw fail(PayError.REFUND_PRICE_EXCEED);
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
    const instant = INSTANT_CHANNELS[channel.code];
    if (instant) {
      const done = await instant.refund(tx, order, { id, no, refundPrice: input.price }, at);
      await settleRefunded(tx, (await orders.findRefund(tenantId, id))!, done, at);
      return { id, finish: async () => {} };
    }
    return {
      id,
      async finish() {
        try {
          // The channel's client opens its stored configuration: outside the transaction.
          const client = await clientOf(channel);
          if (!('remote' in client)) return;
          const result = await client.remote.refund({
            outTradeNo: order.no ?? '',
            outRefundNo: no,
            reason: input.reason,
            payPrice: order.price,
            refundPrice: input.price,
            notifyUrl: notifyUrlOf(origin, 'refund', channel.id),
          });
          await applyRefundResult((await repo.findRefund(tenantId, id))!, result);
        } catch {
          // Unreachable for now: the refund waits, and the sync job asks the provider again.
        }
      },
    };
  };

  /** The channel and client a provider's notification names (it carries no tenant: the channel does). */
  const notifiedChannel = async (channelId: string) => {
    const id = Number(channelId);
    const channel = Number.isSafeInteger(id) && id > 0 ? await apps.findChannelAnyTenant(id) : undefined;
    if (!channel) throw fail(PayError.CHANNEL_NOT_FOUND);
    const client = await clientOf(channel);
    if (!('remote' in client)) throw fail(PayError.CHANNEL_NOT_FOUND);
    return { channel, remote: client.remote };
  };

  return {
    /**
     * Pays an order through a channel (the cashier). Mock and wallet settle at once, in one
     * transaction with the debit; a provider's channel answers how the payer goes on (a page, a QR
     * code, an app), and its notification settles the order later.
     */
    async submit(
      user: LoginUser,
      body: z.output<typeof payOrderSubmitReq>,
      userIp: string | null,
      origin: string,
    ): Promise<PayOrderSubmitResp> {
      const order = await repo.findOrder(user.tenantId, body.id);
      if (!order) throw fail(PayError.ORDER_NOT_FOUND);
      if (order.status === PAY_ORDER_STATUS.SUCCESS) throw fail(PayError.ORDER_STATUS_IS_SUCCESS);
      if (order.status !== PAY_ORDER_STATUS.WAITING) throw fail(PayError.ORDER_STATUS_IS_NOT_WAITING);
      if (order.expireTime < ctx.now()) throw fail(PayError.ORDER_IS_EXPIRED);
      const app = await apps.enabled(user.tenantId, order.appId);
      const channel = await apps.enabledChannel(user.tenantId, order.appId, body.channelCode);
      const client = await clientOf(channel);
      return 'instant' in client
        ? submitInstant(user, order, channel, client.instant, body, userIp, app.orderNotifyUrl)
        : submitRemote(user, order, channel, client.remote, body, userIp, origin);
    },

    /** A provider's payment notification: verified, then applied once; answers its acknowledgement. */
    async onOrderNotification(channelId: string, notification: RemoteNotification) {
      const { channel, remote } = await notifiedChannel(channelId);
      const result = await remote.parseOrderNotification(notification);
      const attempt = await repo.findExtensionByNo(result.outTradeNo);
      if (!attempt || attempt.channelId !== channel.id) throw fail(PayError.ORDER_NOT_FOUND);
      if (result.status === 'success') await applyRemotePaid(attempt, channel, remote, result);
      return remote.acknowledgement;
    },

    /** A provider's refund notification: verified, then applied once. */
    async onRefundNotification(channelId: string, notification: RemoteNotification) {
      const { channel, remote } = await notifiedChannel(channelId);
      const result = await remote.parseRefundNotification(notification);
      const refund = await repo.findRefundByNo(result.outRefundNo);
      if (!refund || refund.channelId !== channel.id) throw fail(PayError.REFUND_NOT_FOUND);
      await applyRefundResult(refund, result);
      return remote.acknowledgement;
    },

    /**
     * Refunds `price` of a paid order through the channel it was paid with. The amount is reserved
     * on the order first (never more than paid in total), and one refund of an order runs at a time.
     */
    async refund(
      tenantId: number,
      input: NewPayRefund,
      by: number | string | null,
      origin = '',
    ): Promise<number> {
      let started: StartedRefund;
      try {
        started = await db.transaction().execute((tx) => beginRefund(tx, tenantId, input, by, origin));
      } catch (error) {
        // The unique indexes: a refund of this order under way, or this merchant refund id again.
        if (isUniqueViolation(error)) throw fail(PayError.REFUND_HAS_REFUNDING);
        throw error;
      }
      await started.finish();
      return started.id;
    },

    /** A refund in a business module's transaction (PayGateway.refund): it commits with the business change. */
    refundIn: (tx: Kysely<Database>, tenantId: number, input: NewPayRefund, by: number | string | null) =>
      beginRefund(tx, tenantId, input, by, ''),

    /**
     * Closes waiting orders past their time (the job `payOrderExpireJob`), after asking the provider
     * about each attempt still waiting: one paid meanwhile pays the order instead. Answers how many closed.
     */
    async expire(): Promise<number> {
      const now = ctx.now();
      let closed = 0;
      for (const order of await repo.expiredWaiting(now, 1000)) {
        for (const attempt of await repo.waitingExtensionsOf(order.id)) await syncAttempt(attempt);
        const done = await db
          .transaction()
          .execute((tx) => orderRepository(tx).closeOrder(order.id, ctx.now()));
        if (done) closed += 1;
      }
      return closed;
    },

    /** Asks the providers about attempts of the last ten minutes still waiting (`payOrderSyncJob`). */
    async syncOrders(): Promise<number> {
      let paid = 0;
      for (const attempt of await repo.recentWaitingExtensions(ctx.now() - SYNC_WINDOW_MS, 1000))
        if (await syncAttempt(attempt)) paid += 1;
      return paid;
    },

    /** Asks the providers about refunds still waiting (`payRefundSyncJob`). */
    async syncRefunds(): Promise<number> {
      let settled = 0;
      for (const refund of await repo.waitingRefunds(1000)) {
        const channel = await apps.findChannelAnyTenant(refund.channelId);
        const client = channel ? await clientOf(channel) : undefined;
        if (!client || !('remote' in client)) continue;
        const result = await client.remote.queryRefund(refund.orderNo, refund.no);
        if (result.status !== 'waiting') settled += 1;
        await applyRefundResult(refund, result);
      }
      return settled;
    },
  };

  /** Asks the provider about one waiting attempt and applies what it says; true when it was paid. */
  async function syncAttempt(attempt: ExtensionRow): Promise<boolean> {
    const channel = await apps.findChannelAnyTenant(attempt.channelId);
    const client = channel ? await clientOf(channel) : undefined;
    if (!channel || !client || !('remote' in client)) return false;
    const result = await client.remote.queryOrder(attempt.no);
    if (result.status === 'success') {
      await applyRemotePaid(attempt, channel, client.remote, result);
      return true;
    }
    if (result.status === 'closed') await repo.closeExtension(attempt.id, ctx.now());
    return false;
  }
};

export type Settlement = ReturnType<typeof settlement>;
