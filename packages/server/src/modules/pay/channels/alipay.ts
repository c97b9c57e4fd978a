import { createPrivateKey } from 'node:crypto';
import { AlipaySdk, type AlipaySdkConfig } from 'alipay-sdk';
import type {
  RemoteChannel,
  RemoteOrderResult,
  RemoteOrderStatus,
  RemoteRefundResult,
  RemoteRefundStatus,
} from './remote.js';

/*
 * 支付宝 through the open platform's gateway (OpenAPI 2.0, https://opendocs.alipay.com/common/02kf5q):
 * form-posted requests signed with the app's key (SHA256withRSA), answers and asynchronous notifications
 * signed with Alipay's key, taken as configured (公钥模式) or from Alipay's certificate (证书模式).
 */

export type AlipayChannelCode = 'alipay_pc' | 'alipay_wap' | 'alipay_app' | 'alipay_qr' | 'alipay_bar';

const ACKNOWLEDGEMENT = { contentType: 'text/plain', body: 'success' };
const CHINA_OFFSET_MS = 8 * 3_600_000;

type Fields = Record<string, unknown>;

/** 'yyyy-MM-dd HH:mm:ss' in China time: how Alipay writes every time and reads every one it is sent. */
const chinaTime = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

const fromChinaTime = (value: unknown): number | null =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)
    ? Date.parse(`${value.replace(' ', 'T')}+08:00`)
    : null;

/** Alipay's total_amount (yuan with up to two decimals) as fen, from its digits; null when absent. */
const fenOf = (raw: unknown): number | null => {
  const amount = (raw as { total_amount?: unknown } | null)?.total_amount;
  const m = typeof amount === 'string' ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
};

/** Fen as Alipay's yuan with two decimals, from integers (no floating point). */
const yuan = (fen: number) => {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`金额必须是非负整数（分）：${fen}`);
  return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
};

const text = (fields: Fields, key: string): string | null => {
  const value = fields[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

const required = (config: Fields, key: string): string => {
  const value = config[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`支付宝渠道配置缺少 ${key}`);
  return value;
};

/** The key's encoding: a PEM says it; a bare base64 key (as Alipay's key tool gives it) is tried as PKCS8. */
const keyTypeOf = (privateKey: string): 'PKCS1' | 'PKCS8' => {
  if (privateKey.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  if (privateKey.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  try {
    const der = Buffer.from(privateKey.replace(/\s+/g, ''), 'base64');
    createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
};

const sdkOf = (config: Fields): AlipaySdk => {
  const privateKey = required(config, 'privateKey');
  const common: AlipaySdkConfig = {
    appId: required(config, 'appId'),
    gateway: required(config, 'serverUrl'),
    privateKey,
    keyType: keyTypeOf(privateKey),
    signType: 'RSA2',
    // Answers keep Alipay's field names.
    camelcase: false,
  };
  return new AlipaySdk(
    Number(config.mode) === 2
      ? {
          ...common,
          appCertContent: required(config, 'appCertContent'),
          alipayPublicCertContent: required(config, 'alipayPublicCertContent'),
          alipayRootCertContent: required(config, 'rootCertContent'),
        }
      : { ...common, alipayPublicKey: required(config, 'alipayPublicKey') },
  );
};

const refusal = (answer: Fields) => ({
  channelErrorCode: text(answer, 'sub_code') ?? text(answer, 'code'),
  channelErrorMsg: text(answer, 'sub_msg') ?? text(answer, 'msg'),
});

const TRADE_STATUS: Readonly<Record<string, RemoteOrderStatus>> = {
  TRADE_SUCCESS: 'success',
  TRADE_FINISHED: 'success',
  TRADE_CLOSED: 'closed',
};

const PRODUCT_CODE: Readonly<Record<AlipayChannelCode, string>> = {
  alipay_pc: 'FAST_INSTANT_TRADE_PAY',
  alipay_wap: 'QUICK_WAP_WAY',
  alipay_app: 'QUICK_MSECURITY_PAY',
  alipay_qr: 'FACE_TO_FACE_PAYMENT',
  alipay_bar: 'FACE_TO_FACE_PAYMENT',
};

export const alipayChannel = (code: AlipayChannelCode, config: Record<string, unknown>): RemoteChannel => {
  const sdk = sdkOf(config);
  const appId = required(config, 'appId');
  // The sdk stamps its requests in the server's local time; Alipay reads China time.
  const stamp = () => ({ timestamp: chinaTime(Date.now()) });

  /**
   * Calls the gateway; throws when it cannot be reached or its answer is not signed by Alipay (the sdk
   * verifies only when asked to).
   */
  const call = (method: string, bizContent: Fields, extra: Fields = {}): Promise<Fields> =>
    sdk.exec(method, { ...stamp(), ...extra, bizContent }, { validateSign: true });

  const orderResult = (
    outTradeNo: string,
    raw: unknown,
    result: Partial<RemoteOrderResult>,
  ): RemoteOrderResult => ({
    status: 'waiting',
    outTradeNo,
    displayMode: null,
    displayContent: null,
    channelOrderNo: null,
    channelUserId: null,
    successTime: null,
    price: fenOf(raw),
    raw: JSON.stringify(raw),
    channelErrorCode: null,
    channelErrorMsg: null,
    ...result,
  });

  const refundResult = (
    outRefundNo: string,
    status: RemoteRefundStatus,
    answer: Fields,
    result: Partial<RemoteRefundResult> = {},
  ): RemoteRefundResult => ({
    status,
    outRefundNo,
    channelRefundNo: null,
    successTime: null,
    raw: JSON.stringify(answer),
    channelErrorCode: null,
    channelErrorMsg: null,
    ...result,
  });

  const buyerOf = (answer: Fields) =>
    text(answer, 'buyer_user_id') ?? text(answer, 'buyer_open_id') ?? text(answer, 'buyer_id');

  return {
    async submit(request) {
      const { outTradeNo } = request;
      const bizContent: Fields = {
        out_trade_no: outTradeNo,
        total_amount: yuan(request.price),
        subject: request.subject,
        ...(request.body ? { body: request.body } : {}),
        product_code: PRODUCT_CODE[code],
        time_expire: chinaTime(request.expireTime),
      };
      const notify = { notify_url: request.notifyUrl };
      const back = request.returnUrl ? { return_url: request.returnUrl } : {};

      if (code === 'alipay_pc' || code === 'alipay_wap') {
        const method = code === 'alipay_pc' ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay';
        if (code === 'alipay_wap' && request.returnUrl) bizContent.quit_url = request.returnUrl;
        const url = sdk.pageExecute(method, 'GET', { ...stamp(), ...notify, ...back, bizContent });
        return orderResult(outTradeNo, { method, url }, { displayMode: 'url', displayContent: url });
      }
      if (code === 'alipay_app') {
        const method = 'alipay.trade.app.pay';
        const orderString = sdk.sdkExecute(method, { ...stamp(), ...notify, bizContent });
        const shown = { displayMode: 'app', displayContent: orderString } as const;
        return orderResult(outTradeNo, { method, orderString }, shown);
      }
      if (code === 'alipay_qr') {
        const answer = await call('alipay.trade.precreate', bizContent, notify);
        if (answer.code !== '10000') return orderResult(outTradeNo, answer, refusal(answer));
        return orderResult(outTradeNo, answer, {
          displayMode: 'qr_code',
          displayContent: text(answer, 'qr_code'),
        });
      }

      const authCode = request.channelExtras.auth_code;
      if (!authCode) {
        const missing = { channelErrorCode: 'AUTH_CODE_MISSING', channelErrorMsg: '条码支付需要付款码' };
        return orderResult(outTradeNo, missing, missing);
      }
      const answer = await call(
        'alipay.trade.pay',
        { ...bizContent, scene: 'bar_code', auth_code: authCode },
        notify,
      );
      const paid = {
        channelOrderNo: text(answer, 'trade_no'),
        channelUserId: buyerOf(answer),
      };
      if (answer.code === '10000') {
        return orderResult(outTradeNo, answer, {
          ...paid,
          status: 'success',
          successTime: fromChinaTime(answer.gmt_payment),
        });
      }
      // 10003: the payer confirms on the phone; the notification or a query tells the outcome.
      if (answer.code === '10003') return orderResult(outTradeNo, answer, paid);
      return orderResult(outTradeNo, answer, refusal(answer));
    },

    async queryOrder(outTradeNo) {
      const answer = await call('alipay.trade.query', { out_trade_no: outTradeNo });
      if (answer.code !== '10000') return orderResult(outTradeNo, answer, refusal(answer));
      const status = TRADE_STATUS[text(answer, 'trade_status') ?? ''] ?? 'waiting';
      return orderResult(outTradeNo, answer, {
        status,
        channelOrderNo: text(answer, 'trade_no'),
        channelUserId: buyerOf(answer),
        successTime: status === 'success' ? fromChinaTime(answer.send_pay_date) : null,
      });
    },

    async refund(request) {
      const answer = await call('alipay.trade.refund', {
        out_trade_no: request.outTradeNo,
        out_request_no: request.outRefundNo,
        refund_amount: yuan(request.refundPrice),
        refund_reason: request.reason,
      });
      const channelRefundNo = text(answer, 'trade_no');
      if (answer.code === '10000') {
        // fund_change 'N' is also how Alipay answers a refund asked again: the query settles it.
        return answer.fund_change === 'Y'
          ? refundResult(request.outRefundNo, 'success', answer, {
              channelRefundNo,
              successTime: fromChinaTime(answer.gmt_refund_pay),
            })
          : refundResult(request.outRefundNo, 'waiting', answer, { channelRefundNo });
      }
      // A system error leaves the refund unknown: Alipay asks for the same request again.
      const unknown = answer.code === '20000' || text(answer, 'sub_code')?.endsWith('SYSTEM_ERROR');
      return refundResult(request.outRefundNo, unknown ? 'waiting' : 'failure', answer, refusal(answer));
    },

    async queryRefund(outTradeNo, outRefundNo) {
      const answer = await call('alipay.trade.fastpay.refund.query', {
        out_trade_no: outTradeNo,
        out_request_no: outRefundNo,
        query_options: ['gmt_refund_pay'],
      });
      if (answer.code !== '10000') return refundResult(outRefundNo, 'waiting', answer, refusal(answer));
      if (answer.refund_status !== 'REFUND_SUCCESS') return refundResult(outRefundNo, 'waiting', answer);
      return refundResult(outRefundNo, 'success', answer, {
        channelRefundNo: text(answer, 'trade_no'),
        successTime: fromChinaTime(answer.gmt_refund_pay),
      });
    },

    async parseOrderNotification({ body }) {
      const params = Object.fromEntries(new URLSearchParams(body));
      // The values as received, decoded once: checkNotifySign would decode them a second time.
      const signed = (params.sign_type ?? 'RSA2') === 'RSA2' && sdk.checkNotifySignV2(params);
      if (!signed) throw new Error('支付宝通知验签失败');
      if (params.app_id !== appId) throw new Error(`支付宝通知的 app_id ${params.app_id} 不是本渠道的应用`);
      const outTradeNo = text(params, 'out_trade_no');
      if (!outTradeNo) throw new Error('支付宝通知缺少 out_trade_no');
      const status = TRADE_STATUS[text(params, 'trade_status') ?? ''] ?? 'waiting';
      return orderResult(outTradeNo, params, {
        status,
        channelOrderNo: text(params, 'trade_no'),
        channelUserId: text(params, 'buyer_id') ?? text(params, 'buyer_open_id'),
        successTime: status === 'success' ? fromChinaTime(params.gmt_payment) : null,
      });
    },

    async parseRefundNotification() {
      throw new Error('支付宝不发送退款通知');
    },

    acknowledgement: ACKNOWLEDGEMENT,
  };
};
