/*
 * A channel that talks to a payment provider (支付宝, 微信支付): the order is paid, or refunded, at the
 * provider, which tells us by a signed notification or when asked. Amounts are in fen; times are epoch
 * milliseconds. A provider's refusal comes back as `channelErrorCode`/`channelErrorMsg`, never thrown;
 * what is thrown is a failure to talk to it (network, a response whose signature does not verify).
 */

/** Where an order stands at the provider. */
export type RemoteOrderStatus = 'waiting' | 'success' | 'closed';

export interface RemoteOrderRequest {
  /** Our number of this attempt (P…): the provider's out_trade_no. */
  outTradeNo: string;
  subject: string;
  body: string;
  price: number;
  expireTime: number;
  userIp: string | null;
  /** Where the provider sends the payer back (the cashier), if the channel has a page. */
  returnUrl: string | null;
  /** Where the provider posts its notification of this order. */
  notifyUrl: string;
  /** auth_code (alipay_bar), authCode (wx_bar), openid (wx_pub, wx_lite). */
  channelExtras: Record<string, string>;
}

export interface RemoteOrderResult {
  status: RemoteOrderStatus;
  outTradeNo: string;
  /** How the cashier shows what to do next (waiting orders of page, QR and app channels). */
  displayMode: 'url' | 'form' | 'qr_code' | 'app' | 'iframe' | null;
  displayContent: string | null;
  channelOrderNo: string | null;
  channelUserId: string | null;
  successTime: number | null;
  /** What the provider says the order's amount is, in fen, where it says (checked against the order). */
  price: number | null;
  /** The provider's answer or notification as received, kept as 渠道回调内容. */
  raw: string;
  channelErrorCode: string | null;
  channelErrorMsg: string | null;
}

export type RemoteRefundStatus = 'waiting' | 'success' | 'failure';

export interface RemoteRefundRequest {
  outTradeNo: string;
  /** Our refund number (R…). */
  outRefundNo: string;
  reason: string;
  payPrice: number;
  refundPrice: number;
  notifyUrl: string;
}

export interface RemoteRefundResult {
  status: RemoteRefundStatus;
  outRefundNo: string;
  channelRefundNo: string | null;
  successTime: number | null;
  raw: string;
  channelErrorCode: string | null;
  channelErrorMsg: string | null;
}

/** A provider's notification as it reached us: the raw body is what its signature covers. */
export interface RemoteNotification {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RemoteChannel {
  submit(request: RemoteOrderRequest): Promise<RemoteOrderResult>;
  /** Asks the provider where an attempt stands (the sync job and the expiry job). */
  queryOrder(outTradeNo: string): Promise<RemoteOrderResult>;
  refund(request: RemoteRefundRequest): Promise<RemoteRefundResult>;
  queryRefund(outTradeNo: string, outRefundNo: string): Promise<RemoteRefundResult>;
  /** Verifies a payment notification; throws when its signature does not verify. */
  parseOrderNotification(notification: RemoteNotification): Promise<RemoteOrderResult>;
  /** Verifies a refund notification; throws when its signature does not verify. */
  parseRefundNotification(notification: RemoteNotification): Promise<RemoteRefundResult>;
  /** What the provider expects back once a notification is taken. */
  readonly acknowledgement: { contentType: string; body: string };
}

/** Builds the client of one configured channel from its opened configuration (secrets in clear). */
export type RemoteChannelFactory = (code: string, config: Record<string, unknown>) => RemoteChannel;
