import {
  createDecipheriv,
  createHash,
  createPrivateKey,
  randomBytes,
  sign,
  verify,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import type {
  RemoteChannel,
  RemoteNotification,
  RemoteOrderResult,
  RemoteOrderStatus,
  RemoteRefundResult,
  RemoteRefundStatus,
} from './remote.js';

/*
 * 微信支付 APIv3 (https://pay.weixin.qq.com/docs/merchant/development/interface-rules/): JSON over HTTPS,
 * each request signed with the merchant's key (SHA256withRSA), each 2xx answer and each notification
 * signed with the key of a WeChat Pay platform certificate. The certificates come from GET
 * /v3/certificates, encrypted with the APIv3 key (AES-256-GCM): that key, shared with WeChat Pay only,
 * is what makes a downloaded certificate trustworthy. Non-2xx answers are read without verification,
 * as WeChat Pay's own SDKs do: they only ever make a result waiting or failed, never paid.
 */

export type WechatChannelCode = 'wx_pub' | 'wx_lite' | 'wx_app' | 'wx_native' | 'wx_bar';

const DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com';
/** A signed answer or notification older (or newer) than this is refused, against replays. */
const MAX_SKEW_SECONDS = 5 * 60;
/** Unknown serials download the certificates again, at most this often (a forged serial costs nothing). */
const CERTIFICATE_REFRESH_MS = 60_000;
const TIMEOUT_MS = 10_000;

const V2_MESSAGE = '微信支付 v2 接口尚未接入，请改用 v3';
const RESPONSE_SIGNATURE = '微信支付应答验签失败';
const NOTIFICATION_SIGNATURE = '微信支付通知验签失败';

const ACKNOWLEDGEMENT = { contentType: 'application/json', body: '{"code":"SUCCESS","message":"成功"}' };

interface Encrypted {
  algorithm?: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
  original_type?: string;
}

interface Transaction {
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  trade_state_desc?: string;
  success_time?: string;
  payer?: { openid?: string };
  amount?: { total?: number };
}

interface Refund {
  out_refund_no?: string;
  refund_id?: string;
  /** `status` in answers, `refund_status` in notifications. */
  status?: string;
  refund_status?: string;
  success_time?: string;
}

type Answer<T> =
  | { ok: true; data: T; text: string }
  | { ok: false; status: number; code: string; message: string; text: string };

const nonceStr = () => randomBytes(16).toString('hex');
const seconds = () => Math.floor(Date.now() / 1000);
const rsaSign = (key: KeyObject, message: string) =>
  sign('sha256', Buffer.from(message), key).toString('base64');

/** RFC 3339 in China Standard Time, as WeChat Pay writes times: 2026-11-26T10:34:56+08:00. */
const beijingTime = (ms: number) => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

const epochOf = (time: string | undefined) => {
  const ms = time ? Date.parse(time) : NaN;
  return Number.isNaN(ms) ? null : ms;
};

/** AEAD_AES_256_GCM as WeChat Pay uses it: base64 of ciphertext then the 16-byte tag. */
const decrypt = (apiV3Key: Buffer, { ciphertext, nonce, associated_data }: Encrypted): string => {
  const data = Buffer.from(ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(nonce));
  decipher.setAuthTag(data.subarray(-16));
  decipher.setAAD(Buffer.from(associated_data ?? ''));
  return Buffer.concat([decipher.update(data.subarray(0, -16)), decipher.final()]).toString('utf8');
};

const headerOf = (headers: RemoteNotification['headers'], name: string): string | undefined => {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

const orderResult = (
  outTradeNo: string,
  status: RemoteOrderStatus,
  fields: Partial<RemoteOrderResult> & { raw: string },
): RemoteOrderResult => ({
  status,
  outTradeNo,
  displayMode: null,
  displayContent: null,
  channelOrderNo: null,
  channelUserId: null,
  successTime: null,
  price: null,
  channelErrorCode: null,
  channelErrorMsg: null,
  ...fields,
});

const refundResult = (
  outRefundNo: string,
  status: RemoteRefundStatus,
  fields: Partial<RemoteRefundResult> & { raw: string },
): RemoteRefundResult => ({
  status,
  outRefundNo,
  channelRefundNo: null,
  successTime: null,
  channelErrorCode: null,
  channelErrorMsg: null,
  ...fields,
});

const fromTransaction = (t: Transaction, raw: string, outTradeNo: string): RemoteOrderResult => {
  const fields = {
    raw,
    channelOrderNo: t.transaction_id ?? null,
    channelUserId: t.payer?.openid ?? null,
    price: typeof t.amount?.total === 'number' ? t.amount.total : null,
  };
  const no = t.out_trade_no ?? outTradeNo;
  switch (t.trade_state) {
    // REFUND: paid, then (partly) refunded; the refund is followed on its own.
    case 'SUCCESS':
    case 'REFUND':
      return orderResult(no, 'success', { ...fields, successTime: epochOf(t.success_time) });
    case 'CLOSED':
    case 'REVOKED':
    case 'PAYERROR':
      return orderResult(no, 'closed', {
        ...fields,
        channelErrorCode: t.trade_state,
        channelErrorMsg: t.trade_state_desc ?? null,
      });
    default: // NOTPAY, USERPAYING
      return orderResult(no, 'waiting', fields);
  }
};

const fromRefund = (r: Refund, raw: string, outRefundNo: string): RemoteRefundResult => {
  const state = r.status ?? r.refund_status;
  const fields = { raw, channelRefundNo: r.refund_id ?? null };
  const no = r.out_refund_no ?? outRefundNo;
  if (state === 'SUCCESS')
    return refundResult(no, 'success', { ...fields, successTime: epochOf(r.success_time) });
  if (state === 'ABNORMAL' || state === 'CLOSED')
    return refundResult(no, 'failure', {
      ...fields,
      channelErrorCode: state,
      channelErrorMsg: state === 'CLOSED' ? '退款关闭' : '退款异常',
    });
  return refundResult(no, 'waiting', fields); // PROCESSING
};

/** A refused refund fails, but a 5xx or 429 leaves it undecided: WeChat Pay asks to retry it as it was. */
const refusedRefund = (
  outRefundNo: string,
  answer: { status: number; code: string; message: string; text: string },
): RemoteRefundResult =>
  refundResult(outRefundNo, answer.status >= 500 || answer.status === 429 ? 'waiting' : 'failure', {
    raw: answer.text,
    channelErrorCode: answer.code,
    channelErrorMsg: answer.message,
  });

/** Platform certificate keys by serial, shared by the clients of one merchant at one host. */
interface CertificateStore {
  keys: Map<string, KeyObject>;
  downloadedAt: number;
  pending: Promise<void> | null;
}
const certificateStores = new Map<string, CertificateStore>();

const unsupported = (message: string): RemoteChannel => {
  const refuse = async (): Promise<never> => {
    throw new Error(message);
  };
  return {
    submit: refuse,
    queryOrder: refuse,
    refund: refuse,
    queryRefund: refuse,
    parseOrderNotification: refuse,
    parseRefundNotification: refuse,
    acknowledgement: ACKNOWLEDGEMENT,
  };
};

/** The client of one configured 微信支付 channel (APIv3); `options.baseUrl` points it at a local peer. */
export const wechatChannel = (
  code: WechatChannelCode,
  config: Record<string, unknown>,
  options: { baseUrl?: string } = {},
): RemoteChannel => {
  const text = (key: string) => {
    const value = config[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  if (text('apiVersion') === 'v2') return unsupported(V2_MESSAGE);
  for (const key of ['appId', 'mchId', 'apiV3Key', 'privateKeyContent', 'certSerialNo'])
    if (!text(key)) throw new Error(`微信支付配置缺少 ${key}`);
  const appId = text('appId');
  const mchId = text('mchId');
  const serialNo = text('certSerialNo');
  const apiV3Key = Buffer.from(text('apiV3Key'));
  if (apiV3Key.length !== 32) throw new Error('微信支付 APIv3 密钥应为 32 个字符');
  const privateKey = createPrivateKey(text('privateKeyContent'));
  const baseUrl = (options.baseUrl ?? (text('baseUrl') || DEFAULT_BASE_URL)).replace(/\/+$/, '');

  const storeKey = [baseUrl, mchId, createHash('sha256').update(apiV3Key).digest('hex')].join(' ');
  const store: CertificateStore = certificateStores.get(storeKey) ?? {
    keys: new Map(),
    downloadedAt: 0,
    pending: null,
  };
  certificateStores.set(storeKey, store);

  /** Sends one signed request; the answer is not verified yet. */
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const url = new URL(baseUrl + path);
    const timestamp = String(seconds());
    const nonce = nonceStr();
    const signature = rsaSign(
      privateKey,
      `${method}\n${url.pathname}${url.search}\n${timestamp}\n${nonce}\n${payload}\n`,
    );
    const response = await fetch(url, {
      method,
      headers: {
        Authorization:
          `WECHATPAY2-SHA256-RSA2048 mchid="${mchId}",nonce_str="${nonce}",signature="${signature}",` +
          `timestamp="${timestamp}",serial_no="${serialNo}"`,
        Accept: 'application/json',
        'User-Agent': 'app-server/wechatpay-v3',
        ...(payload ? { 'Content-Type': 'application/json' } : {}),
      },
      body: payload || undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const header = (name: string) => response.headers.get(name) ?? undefined;
    return { status: response.status, text: await response.text(), header };
  };

  /** Throws `failure` unless the Wechatpay-* headers sign `body`, recently, with a known key. */
  const checkSignature = (
    header: (name: string) => string | undefined,
    body: string,
    failure: string,
    keyOf: (serial: string) => KeyObject | undefined,
  ) => {
    const timestamp = header('wechatpay-timestamp') ?? '';
    const nonce = header('wechatpay-nonce') ?? '';
    const signature = header('wechatpay-signature') ?? '';
    const key = keyOf((header('wechatpay-serial') ?? '').toUpperCase());
    if (!(Math.abs(seconds() - Number(timestamp)) <= MAX_SKEW_SECONDS))
      throw new Error(failure, { cause: `timestamp ${timestamp}` });
    const message = Buffer.from(`${timestamp}\n${nonce}\n${body}\n`);
    if (!key || !nonce || !verify('sha256', message, key, Buffer.from(signature, 'base64')))
      throw new Error(failure, { cause: key ? 'signature' : 'unknown serial' });
  };

  /** Downloads the platform certificates, verifying the answer with the one it names. */
  const download = async () => {
    const { status, text: body, header } = await send('GET', '/v3/certificates');
    if (status < 200 || status >= 300)
      throw new Error(`微信支付平台证书下载失败：HTTP ${status} ${body.slice(0, 200)}`);
    const list = (JSON.parse(body) as { data?: { encrypt_certificate: Encrypted }[] }).data ?? [];
    const keys = new Map<string, KeyObject>();
    for (const item of list) {
      let pem: string;
      try {
        pem = decrypt(apiV3Key, item.encrypt_certificate);
      } catch (cause) {
        throw new Error('微信支付平台证书解密失败，请检查 APIv3 密钥', { cause });
      }
      const certificate = new X509Certificate(pem);
      if (Date.parse(certificate.validTo) > Date.now())
        keys.set(certificate.serialNumber.toUpperCase(), certificate.publicKey);
    }
    checkSignature(header, body, RESPONSE_SIGNATURE, (serial) => keys.get(serial));
    store.keys = keys;
  };

  const platformKey = async (serial: string) => {
    if (!store.keys.has(serial) && Date.now() - store.downloadedAt >= CERTIFICATE_REFRESH_MS) {
      store.pending ??= download()
        .then(() => {
          store.downloadedAt = Date.now();
        })
        .finally(() => {
          store.pending = null;
        });
      await store.pending;
    }
    return store.keys.get(serial);
  };

  const checked = async (
    header: (name: string) => string | undefined,
    body: string,
    failure: string,
  ): Promise<void> => {
    const key = await platformKey((header('wechatpay-serial') ?? '').toUpperCase());
    checkSignature(header, body, failure, () => key);
  };

  /** A signed request whose 2xx answer must verify; a refusal comes back as its code and message. */
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> => {
    const { status, text: answer, header } = await send(method, path, body);
    if (status >= 200 && status < 300) {
      await checked(header, answer, RESPONSE_SIGNATURE);
      return { ok: true, data: JSON.parse(answer) as T, text: answer };
    }
    let refusal: { code?: unknown; message?: unknown } = {};
    try {
      refusal = JSON.parse(answer) as typeof refusal;
    } catch {
      // Not WeChat Pay speaking (a proxy, an outage): a transport failure.
    }
    if (typeof refusal.code !== 'string')
      throw new Error(`微信支付应答 HTTP ${status}：${answer.slice(0, 200)}`);
    return { ok: false, status, code: refusal.code, message: String(refusal.message ?? ''), text: answer };
  };

  /** Verifies a notification and decrypts its resource, which must be of `type`. */
  const opened = async <T>(notification: RemoteNotification, type: string) => {
    const header = (name: string) => headerOf(notification.headers, name);
    await checked(header, notification.body, NOTIFICATION_SIGNATURE);
    const { resource } = JSON.parse(notification.body) as { resource?: Encrypted };
    if (resource?.original_type !== type) throw new Error(`微信支付通知不是 ${type} 通知`);
    let raw: string;
    try {
      raw = decrypt(apiV3Key, resource);
    } catch (cause) {
      throw new Error('微信支付通知解密失败', { cause });
    }
    return { data: JSON.parse(raw) as T, raw };
  };

  /** The params the app (or the page) hands to the WeChat client, signed with the merchant key. */
  const payParams = (prepayId: string): Record<string, string> => {
    const timestamp = String(seconds());
    const nonce = nonceStr();
    if (code === 'wx_app')
      return {
        appid: appId,
        partnerid: mchId,
        prepayid: prepayId,
        package: 'Sign=WXPay',
        noncestr: nonce,
        timestamp,
        sign: rsaSign(privateKey, `${appId}\n${timestamp}\n${nonce}\n${prepayId}\n`),
      };
    const pkg = `prepay_id=${prepayId}`;
    return {
      appId,
      timeStamp: timestamp,
      nonceStr: nonce,
      package: pkg,
      signType: 'RSA',
      paySign: rsaSign(privateKey, `${appId}\n${timestamp}\n${nonce}\n${pkg}\n`),
    };
  };

  return {
    async submit(request) {
      const no = request.outTradeNo;
      if (code === 'wx_bar')
        return orderResult(no, 'waiting', {
          raw: '',
          channelErrorCode: 'NOT_SUPPORTED',
          channelErrorMsg: '微信条码支付需要 v2 接口',
        });
      const openid = request.channelExtras.openid;
      const jsapi = code === 'wx_pub' || code === 'wx_lite';
      if (jsapi && !openid)
        return orderResult(no, 'waiting', {
          raw: '',
          channelErrorCode: 'OPENID_MISSING',
          channelErrorMsg: '需要付款人的 openid',
        });
      const order = {
        appid: appId,
        mchid: mchId,
        description: request.subject,
        out_trade_no: no,
        time_expire: beijingTime(request.expireTime),
        notify_url: request.notifyUrl,
        amount: { total: request.price, currency: 'CNY' },
        ...(jsapi ? { payer: { openid } } : {}),
        ...(request.userIp ? { scene_info: { payer_client_ip: request.userIp } } : {}),
      };
      const kind = code === 'wx_native' ? 'native' : code === 'wx_app' ? 'app' : 'jsapi';
      const answer = await call<{ code_url?: string; prepay_id?: string }>(
        'POST',
        `/v3/pay/transactions/${kind}`,
        order,
      );
      if (!answer.ok)
        return orderResult(no, 'waiting', {
          raw: answer.text,
          channelErrorCode: answer.code,
          channelErrorMsg: answer.message,
        });
      const { code_url: codeUrl, prepay_id: prepayId } = answer.data;
      if (kind === 'native' ? !codeUrl : !prepayId)
        throw new Error(`微信支付下单应答缺少 ${kind === 'native' ? 'code_url' : 'prepay_id'}`);
      return orderResult(no, 'waiting', {
        raw: answer.text,
        displayMode: kind === 'native' ? 'qr_code' : 'app',
        displayContent: kind === 'native' ? codeUrl! : JSON.stringify(payParams(prepayId!)),
      });
    },

    async queryOrder(outTradeNo) {
      const answer = await call<Transaction>(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(mchId)}`,
      );
      if (!answer.ok)
        return orderResult(outTradeNo, 'waiting', {
          raw: answer.text,
          channelErrorCode: answer.code,
          channelErrorMsg: answer.message,
        });
      return fromTransaction(answer.data, answer.text, outTradeNo);
    },

    async refund(request) {
      const answer = await call<Refund>('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: request.outTradeNo,
        out_refund_no: request.outRefundNo,
        reason: request.reason || undefined,
        notify_url: request.notifyUrl,
        amount: { refund: request.refundPrice, total: request.payPrice, currency: 'CNY' },
      });
      return answer.ok
        ? fromRefund(answer.data, answer.text, request.outRefundNo)
        : refusedRefund(request.outRefundNo, answer);
    },

    async queryRefund(_outTradeNo, outRefundNo) {
      const answer = await call<Refund>(
        'GET',
        `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`,
      );
      return answer.ok
        ? fromRefund(answer.data, answer.text, outRefundNo)
        : refusedRefund(outRefundNo, answer);
    },

    async parseOrderNotification(notification) {
      const { data, raw } = await opened<Transaction>(notification, 'transaction');
      return fromTransaction(data, raw, '');
    },

    async parseRefundNotification(notification) {
      const { data, raw } = await opened<Refund>(notification, 'refund');
      return fromRefund(data, raw, '');
    },

    acknowledgement: ACKNOWLEDGEMENT,
  };
};
