import type { Generated } from 'kysely';
import type { Audit } from '../lib/crud/audit.js';

/* Tables of 支付管理 (migration 036); see schema.ts for the conventions. All per tenant; money in fen. */

interface TenantAudit extends Audit {
  id: Generated<number>;
  tenantId: number;
}

export interface PayAppTable extends TenantAudit {
  name: string;
  /** common_status. */
  status: number;
  remark: string | null;
  orderNotifyUrl: string;
  refundNotifyUrl: string;
}

export interface PayChannelTable extends TenantAudit {
  appId: number;
  code: string;
  status: number;
  /** In percent. */
  feeRate: number;
  remark: string | null;
  /** The configuration as JSON, its secret fields sealed (see channel-config.ts). */
  config: string;
}

export interface PayOrderTable extends TenantAudit {
  appId: number;
  channelId: number | null;
  channelCode: string | null;
  merchantOrderId: string;
  subject: string;
  body: string;
  notifyUrl: string;
  price: number;
  channelFeeRate: number | null;
  channelFeePrice: number | null;
  /** pay_order_status. */
  status: number;
  userIp: string | null;
  expireTime: number;
  successTime: number | null;
  extensionId: number | null;
  no: string | null;
  /** Refunds under way and done: a refund reserves its amount here when it starts. */
  refundPrice: number;
  channelUserId: string | null;
  channelOrderNo: string | null;
}

/** One attempt to pay an order through a channel (each submit makes one). */
export interface PayOrderExtensionTable extends TenantAudit {
  orderId: number;
  no: string;
  channelId: number;
  channelCode: string;
  userIp: string | null;
  /** pay_order_status: 0 waiting, 10 paid, 30 closed. */
  status: number;
  channelExtras: string | null;
  channelErrorCode: string | null;
  channelErrorMsg: string | null;
  channelNotifyData: string | null;
}

export interface PayRefundTable extends TenantAudit {
  no: string;
  appId: number;
  channelId: number;
  channelCode: string;
  orderId: number;
  orderNo: string;
  merchantOrderId: string;
  merchantRefundId: string;
  notifyUrl: string;
  /** pay_refund_status. */
  status: number;
  payPrice: number;
  refundPrice: number;
  reason: string;
  userIp: string | null;
  channelOrderNo: string | null;
  channelRefundNo: string | null;
  successTime: number | null;
  channelErrorCode: string | null;
  channelErrorMsg: string | null;
  channelNotifyData: string | null;
}

export interface PayNotifyTaskTable extends TenantAudit {
  appId: number;
  /** pay_notify_type. */
  type: number;
  dataId: number;
  merchantOrderId: string;
  merchantRefundId: string | null;
  /** pay_notify_status. */
  status: number;
  nextNotifyTime: number;
  lastExecuteTime: number | null;
  notifyTimes: number;
  maxNotifyTimes: number;
  notifyUrl: string;
  /** The poller holding the task while it posts (several servers share the table). */
  lockedBy: string | null;
  lockedUntil: number | null;
}

export interface PayNotifyLogTable {
  id: Generated<number>;
  tenantId: number;
  taskId: number;
  notifyTimes: number;
  response: string;
  status: number;
  createTime: number;
}

/** A user's balance, in fen; `balance >= 0` is kept by every debit's condition. */
export interface PayWalletTable extends TenantAudit {
  userId: number;
  userType: number;
  balance: number;
  totalExpense: number;
  totalRecharge: number;
}

export interface PayWalletTransactionTable {
  id: Generated<number>;
  tenantId: number;
  walletId: number;
  /** 1 支付, 2 支付退款, 3 充值. */
  bizType: number;
  bizId: number;
  title: string;
  /** Signed: negative for a debit. */
  price: number;
  /** The balance after this transaction. */
  balance: number;
  createTime: number;
}

export interface PayDemoOrderTable extends TenantAudit {
  userId: number;
  spuId: number;
  spuName: string;
  price: number;
  payStatus: number;
  payOrderId: number;
  payTime: number | null;
  payChannelCode: string | null;
  payRefundId: number | null;
  refundPrice: number;
  refundTime: number | null;
}
