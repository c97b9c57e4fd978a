import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { OrderRow, RefundRow } from '../order-repository.js';
import { WALLET_BIZ, walletRepository, type WalletOwner } from '../wallet.js';

/** What a channel answers when the money moved. */
export interface ChannelPaid {
  channelOrderNo: string;
  channelUserId: string | null;
  /** Kept as the attempt's 渠道回调内容. */
  notifyData: string;
}

export interface ChannelRefunded {
  channelRefundNo: string;
  channelNotifyData: string;
}

/**
 * A channel that settles at once, inside the caller's transaction (mock, wallet): a failure throws
 * and the transaction leaves nothing behind.
 */
export interface InstantChannel {
  /** Pays `order` as the attempt numbered `no`, at `at`. */
  pay(
    tx: Kysely<Database>,
    order: OrderRow,
    no: string,
    at: number,
    payer: WalletOwner,
  ): Promise<ChannelPaid>;
  refund(
    tx: Kysely<Database>,
    order: OrderRow,
    refund: Pick<RefundRow, 'id' | 'no' | 'refundPrice'>,
    at: number,
  ): Promise<ChannelRefunded>;
}

/** 模拟支付: pays and refunds at once, moving no money. */
const mock: InstantChannel = {
  pay: async (_tx, order, no) => ({
    channelOrderNo: `MOCK-${no}`,
    channelUserId: null,
    notifyData: JSON.stringify({
      channel: 'mock',
      no,
      price: order.price,
      result: 'MOCK_SUCCESS',
    }),
  }),
  refund: async (_tx, _order, refund) => ({
    channelRefundNo: `MOCK-${refund.no}`,
    channelNotifyData: JSON.stringify({
      channel: 'mock',
      no: refund.no,
      price: refund.refundPrice,
      result: 'MOCK_SUCCESS',
    }),
  }),
};

/** 钱包: debits the payer's wallet; a refund gives the amount back to the wallet that paid. */
const wallet: InstantChannel = {
  async pay(tx, order, no, at, payer) {
    const { walletId, balance } = await walletRepository(tx).debit(
      payer,
      order.price,
      { type: WALLET_BIZ.PAYMENT, id: order.id, title: order.subject },
      at,
    );
    return {
      channelOrderNo: `WALLET-${no}`,
      channelUserId: String(walletId),
      notifyData: JSON.stringify({ channel: 'wallet', walletId, price: order.price, balance }),
    };
  },
  async refund(tx, order, refund, at) {
    const wallets = walletRepository(tx);
    const payment = await wallets.paymentOf(order.id);
    if (!payment) throw new Error(`支付单 ${order.id} 没有钱包支付流水`);
    await wallets.refund(
      payment.tenantId,
      payment.walletId,
      refund.refundPrice,
      { type: WALLET_BIZ.PAYMENT_REFUND, id: refund.id, title: `退款：${order.subject}` },
      at,
    );
    return {
      channelRefundNo: `WALLET-${refund.no}`,
      channelNotifyData: JSON.stringify({
        channel: 'wallet',
        walletId: payment.walletId,
        price: refund.refundPrice,
      }),
    };
  },
};

/** The channels this server can pay through, by pay_channel_code. */
export const INSTANT_CHANNELS: Readonly<Record<string, InstantChannel>> = { mock, wallet };
