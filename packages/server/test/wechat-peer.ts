import {
  createCipheriv,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.mch.weixin.qq.com (微信支付 APIv3) on 127.0.0.1, written from WeChat Pay's
 * published rules, independently of the server's client. It makes the merchant's key pair (the test
 * hands the private key to the client as apiclient_key.pem) and a platform key pair with a self-signed
 * X.509 certificate (DER written by hand below, no dependency), serves that certificate encrypted with
 * the APIv3 key, checks each request's Authorization signature, signs its answers, and keeps orders and
 * refunds in memory.
 */

export interface WechatPeerRequest {
  method: string;
  /** Path and query as received. */
  path: string;
  signatureOk: boolean;
  body: Record<string, unknown> | null;
}

interface PeerOrder {
  appid: string;
  tradeType: 'NATIVE' | 'APP' | 'JSAPI';
  total: number;
  openid: string | null;
  state: string;
  transactionId: string | null;
  successTime: string | null;
  refunded: number;
  codeUrl: string | null;
  prepayId: string | null;
}

interface PeerRefund {
  outTradeNo: string;
  refundId: string;
  refund: number;
  status: string;
  createTime: string;
  successTime: string | null;
}

export interface NotificationOptions {
  /** Wechatpay-Timestamp in epoch seconds (now by default). */
  timestamp?: number;
  /** Signs with this key instead of the platform key (still naming the platform serial). */
  signingKey?: KeyObject;
}

export interface WechatPeer {
  url: string;
  mchId: string;
  appId: string;
  apiV3Key: string;
  /** The merchant's apiclient_key.pem (PKCS#8) and the serial of its certificate. */
  merchantPrivateKeyPem: string;
  merchantPublicKey: KeyObject;
  merchantSerial: string;
  platformSerial: string;
  /** The self-signed platform certificate, as /v3/certificates serves it (before encryption). */
  platformCertificatePem: string;
  requests: WechatPeerRequest[];
  /** The code_url or prepay_id given for an order. */
  order(outTradeNo: string): Readonly<PeerOrder> | undefined;
  /** The payer pays the order. */
  markPaid(outTradeNo: string, openid?: string): void;
  /** What status the next refunds get (SUCCESS by default; PROCESSING, ABNORMAL, CLOSED). */
  setRefundStatus(status: string): void;
  /** While on, every signed answer carries a signature that does not match its body. */
  corruptSignatures(on: boolean): void;
  /**
   * A notification as WeChat Pay posts it (headers as Node receives them). It also moves the order or
   * refund to `state`, so later queries agree with it.
   */
  notification(
    kind: 'transaction' | 'refund',
    outNo: string,
    state: string,
    options?: NotificationOptions,
  ): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

// --- A self-signed X.509 certificate in DER -------------------------------------------------------

const derLength = (n: number) => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const der = (tag: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
};
const sequence = (...parts: Buffer[]) => der(0x30, ...parts);
const integer = (bytes: Buffer) =>
  der(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const objectId = (dotted: string) => {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const n of rest) {
    const groups = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
};
const utcTime = (date: Date) =>
  der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));
const commonName = (cn: string) =>
  sequence(der(0x31, sequence(objectId('2.5.4.3'), der(0x0c, Buffer.from(cn)))));

const selfSignedCertificate = (keys: { publicKey: KeyObject; privateKey: KeyObject }, serial: Buffer) => {
  const sha256WithRsa = sequence(objectId('1.2.840.113549.1.1.11'), der(0x05));
  const name = commonName('Tenpay.com Root CA (local peer)');
  const now = Date.now();
  const tbs = sequence(
    der(0xa0, integer(Buffer.from([2]))), // v3
    integer(serial),
    sha256WithRsa,
    name,
    sequence(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 5 * 365 * 86_400_000))),
    name,
    keys.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, keys.privateKey);
  const certificate = sequence(tbs, sha256WithRsa, der(0x03, Buffer.from([0]), signature));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
};

// --- WeChat Pay's rules ---------------------------------------------------------------------------

const rsaKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const seconds = () => Math.floor(Date.now() / 1000);
const beijing = (ms: number) => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** AEAD_AES_256_GCM: base64 of the ciphertext followed by the 16-byte tag. */
const encrypt = (apiV3Key: string, plain: string, associatedData: string) => {
  const nonce = randomBytes(6).toString('hex'); // 12 characters
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ciphertext.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
};

/** WECHATPAY2-SHA256-RSA2048: the merchant signs `METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n`. */
const verifyAuthorization = (
  req: IncomingMessage,
  body: string,
  merchant: { mchId: string; serial: string; publicKey: KeyObject },
) => {
  const scheme = 'WECHATPAY2-SHA256-RSA2048 ';
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith(scheme)) return false;
  const fields = new Map(
    [...auth.slice(scheme.length).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
  const timestamp = fields.get('timestamp') ?? '';
  const nonce = fields.get('nonce_str') ?? '';
  if (fields.get('mchid') !== merchant.mchId || fields.get('serial_no') !== merchant.serial) return false;
  if (!nonce || !/^\d+$/.test(timestamp) || Math.abs(seconds() - Number(timestamp)) > 300) return false;
  const message = `${req.method}\n${req.url}\n${timestamp}\n${nonce}\n${body}\n`;
  return verify(
    'sha256',
    Buffer.from(message),
    merchant.publicKey,
    Buffer.from(fields.get('signature') ?? '', 'base64'),
  );
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Starts the stand-in for one merchant. */
export const startWechatPeer = async (
  options: { mchId?: string; appId?: string; apiV3Key?: string } = {},
): Promise<WechatPeer> => {
  const mchId = options.mchId ?? '1900000109';
  const appId = options.appId ?? 'wxd678efh567hg6787';
  const apiV3Key = options.apiV3Key ?? randomBytes(16).toString('hex');
  const merchant = rsaKeys();
  const merchantSerial = randomBytes(20).toString('hex').toUpperCase();
  const platform = rsaKeys();
  const serialBytes = randomBytes(20);
  serialBytes[0] = 0x10 | (serialBytes[0]! & 0x3f); // positive, no leading zero
  const platformSerial = serialBytes.toString('hex').toUpperCase();
  const platformCertificatePem = selfSignedCertificate(platform, serialBytes);

  const orders = new Map<string, PeerOrder>();
  const refunds = new Map<string, PeerRefund>();
  const requests: WechatPeerRequest[] = [];
  let refundStatus = 'SUCCESS';
  let corrupt = false;

  /** Wechatpay-* headers signing `body` (over `timestamp\nnonce\nbody\n`). */
  const signedHeaders = (body: string, at = seconds(), key: KeyObject = platform.privateKey) => {
    const nonce = randomBytes(16).toString('hex');
    const signed = corrupt ? `${body} ` : body;
    return {
      'request-id': randomUUID(),
      'wechatpay-nonce': nonce,
      'wechatpay-serial': platformSerial,
      'wechatpay-signature': sign('sha256', Buffer.from(`${at}\n${nonce}\n${signed}\n`), key).toString(
        'base64',
      ),
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      'wechatpay-timestamp': String(at),
    };
  };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...signedHeaders(text) });
    res.end(text);
  };
  const refuse = (res: ServerResponse, status: number, code: string, message: string) =>
    answer(res, status, { code, message });

  const transactionOf = (outTradeNo: string, o: PeerOrder) => {
    const paid = o.transactionId !== null;
    return {
      appid: o.appid,
      mchid: mchId,
      out_trade_no: outTradeNo,
      ...(paid ? { transaction_id: o.transactionId, bank_type: 'OTHERS', success_time: o.successTime } : {}),
      trade_type: o.tradeType,
      trade_state: o.state,
      trade_state_desc: { SUCCESS: '支付成功', NOTPAY: '未支付', CLOSED: '已关闭' }[o.state] ?? o.state,
      attach: '',
      payer: o.openid ? { openid: o.openid } : {},
      amount: paid
        ? { total: o.total, payer_total: o.total, currency: 'CNY', payer_currency: 'CNY' }
        : { total: o.total, currency: 'CNY' },
    };
  };

  const refundOf = (outRefundNo: string, r: PeerRefund) => {
    const o = orders.get(r.outTradeNo)!;
    return {
      refund_id: r.refundId,
      out_refund_no: outRefundNo,
      transaction_id: o.transactionId,
      out_trade_no: r.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(r.successTime ? { success_time: r.successTime } : {}),
      create_time: r.createTime,
      status: r.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: o.total,
        refund: r.refund,
        payer_total: o.total,
        payer_refund: r.refund,
        settlement_total: o.total,
        settlement_refund: r.refund,
        discount_refund: 0,
        currency: 'CNY',
      },
    };
  };

  const markPaid = (outTradeNo: string, openid?: string) => {
    const o = orders.get(outTradeNo);
    if (!o) throw new Error(`peer: no order ${outTradeNo}`);
    o.state = 'SUCCESS';
    o.transactionId ??= `42000${digits(23)}`;
    o.successTime ??= beijing(Date.now());
    o.openid = openid ?? o.openid ?? `oUpF8uMuAJO_M2pxb1Q9zNjWeS6o${digits(2)}`;
  };

  const placeOrder = (res: ServerResponse, kind: string, body: Record<string, unknown>) => {
    const amount = body.amount as { total?: unknown; currency?: unknown } | undefined;
    const openid = (body.payer as { openid?: unknown } | undefined)?.openid;
    const outTradeNo = body.out_trade_no;
    if (body.mchid !== mchId) return refuse(res, 400, 'MCH_NOT_EXISTS', '商户号不存在');
    if (body.appid !== appId) return refuse(res, 400, 'APPID_MCHID_NOT_MATCH', 'appid 和 mch_id 不匹配');
    if (typeof outTradeNo !== 'string' || !/^[\w*|-]{6,32}$/.test(outTradeNo))
      return refuse(res, 400, 'PARAM_ERROR', 'out_trade_no 格式错误');
    if (typeof body.description !== 'string' || body.description === '')
      return refuse(res, 400, 'PARAM_ERROR', 'description 不能为空');
    if (typeof body.notify_url !== 'string' || !/^https?:\/\//.test(body.notify_url))
      return refuse(res, 400, 'PARAM_ERROR', 'notify_url 格式错误');
    if (
      body.time_expire !== undefined &&
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(String(body.time_expire))
    )
      return refuse(res, 400, 'PARAM_ERROR', 'time_expire 格式错误');
    if (!Number.isInteger(amount?.total) || (amount!.total as number) <= 0 || amount?.currency !== 'CNY')
      return refuse(res, 400, 'PARAM_ERROR', 'amount 格式错误');
    if (kind === 'jsapi' && (typeof openid !== 'string' || openid === ''))
      return refuse(
        res,
        400,
        'PARAM_ERROR',
        '输入源“/body/payer/openid”映射到字段“用户标识”必填性规则校验失败',
      );
    const existing = orders.get(outTradeNo);
    if (existing?.state === 'SUCCESS') return refuse(res, 400, 'ORDERPAID', '该订单已支付');
    const order: PeerOrder = existing ?? {
      appid: appId,
      tradeType: kind === 'native' ? 'NATIVE' : kind === 'app' ? 'APP' : 'JSAPI',
      total: amount!.total as number,
      openid: typeof openid === 'string' ? openid : null,
      state: 'NOTPAY',
      transactionId: null,
      successTime: null,
      refunded: 0,
      codeUrl: kind === 'native' ? `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` : null,
      prepayId: kind === 'native' ? null : `wx${digits(12)}${randomBytes(9).toString('hex')}`,
    };
    orders.set(outTradeNo, order);
    return answer(res, 200, order.codeUrl ? { code_url: order.codeUrl } : { prepay_id: order.prepayId });
  };

  const placeRefund = (res: ServerResponse, body: Record<string, unknown>) => {
    const amount = body.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
    const outRefundNo = body.out_refund_no;
    const outTradeNo = String(body.out_trade_no ?? '');
    if (typeof outRefundNo !== 'string' || outRefundNo === '')
      return refuse(res, 400, 'PARAM_ERROR', 'out_refund_no 不能为空');
    const existing = refunds.get(outRefundNo);
    if (existing) return answer(res, 200, refundOf(outRefundNo, existing));
    const order = orders.get(outTradeNo);
    if (!order) return refuse(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (order.state !== 'SUCCESS' && order.state !== 'REFUND')
      return refuse(res, 400, 'INVALID_REQUEST', '订单未支付，不能退款');
    const refund = amount?.refund;
    if (amount?.total !== order.total || amount.currency !== 'CNY' || !Number.isInteger(refund))
      return refuse(res, 400, 'PARAM_ERROR', '订单金额或币种与原订单不一致');
    if ((refund as number) <= 0 || order.refunded + (refund as number) > order.total)
      return refuse(res, 400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    order.refunded += refund as number;
    order.state = 'REFUND';
    const stored: PeerRefund = {
      outTradeNo,
      refundId: `50000${digits(24)}`,
      refund: refund as number,
      status: refundStatus,
      createTime: beijing(Date.now()),
      successTime: refundStatus === 'SUCCESS' ? beijing(Date.now()) : null,
    };
    refunds.set(outRefundNo, stored);
    return answer(res, 200, refundOf(outRefundNo, stored));
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://peer');
      const signatureOk = verifyAuthorization(req, raw, {
        mchId,
        serial: merchantSerial,
        publicKey: merchant.publicKey,
      });
      let body: Record<string, unknown> | null = null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        // refused below
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', signatureOk, body });
      if (!signatureOk) {
        // WeChat Pay does not sign this refusal.
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' }));
        return;
      }
      const path = url.pathname;
      let m: RegExpExecArray | null;
      if (req.method === 'GET' && path === '/v3/certificates') {
        const now = Date.now();
        return answer(res, 200, {
          data: [
            {
              serial_no: platformSerial,
              effective_time: beijing(now - 86_400_000),
              expire_time: beijing(now + 5 * 365 * 86_400_000),
              encrypt_certificate: encrypt(apiV3Key, platformCertificatePem, 'certificate'),
            },
          ],
        });
      }
      if (req.method === 'POST' && (m = /^\/v3\/pay\/transactions\/(native|app|jsapi)$/.exec(path))) {
        if (!body) return refuse(res, 400, 'PARAM_ERROR', '请求体不是 JSON');
        return placeOrder(res, m[1]!, body);
      }
      if (req.method === 'GET' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path))) {
        if (url.searchParams.get('mchid') !== mchId) return refuse(res, 400, 'PARAM_ERROR', 'mchid 不正确');
        const outTradeNo = decodeURIComponent(m[1]!);
        const order = orders.get(outTradeNo);
        if (!order) return refuse(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
        return answer(res, 200, transactionOf(outTradeNo, order));
      }
      if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') {
        if (!body) return refuse(res, 400, 'PARAM_ERROR', '请求体不是 JSON');
        return placeRefund(res, body);
      }
      if (req.method === 'GET' && (m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path))) {
        const outRefundNo = decodeURIComponent(m[1]!);
        const refund = refunds.get(outRefundNo);
        if (!refund) return refuse(res, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
        return answer(res, 200, refundOf(outRefundNo, refund));
      }
      return refuse(res, 404, 'NOT_FOUND', '请求的资源不存在');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    mchId,
    appId,
    apiV3Key,
    merchantPrivateKeyPem: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    merchantPublicKey: merchant.publicKey,
    merchantSerial,
    platformSerial,
    platformCertificatePem,
    requests,
    order: (outTradeNo) => orders.get(outTradeNo),
    markPaid,
    setRefundStatus(status) {
      refundStatus = status;
    },
    corruptSignatures(on) {
      corrupt = on;
    },
    notification(kind, outNo, state, notificationOptions = {}) {
      let resource: Record<string, unknown>;
      if (kind === 'transaction') {
        const order = orders.get(outNo);
        if (!order) throw new Error(`peer: no order ${outNo}`);
        if (state === 'SUCCESS') markPaid(outNo);
        else order.state = state;
        resource = transactionOf(outNo, order);
      } else {
        const refund = refunds.get(outNo);
        if (!refund) throw new Error(`peer: no refund ${outNo}`);
        refund.status = state;
        if (state === 'SUCCESS') refund.successTime ??= beijing(Date.now());
        const { status, ...rest } = refundOf(outNo, refund);
        resource = { mchid: mchId, ...rest, refund_status: status };
      }
      const summaries: Record<string, string> = {
        SUCCESS: kind === 'transaction' ? '支付成功' : '退款成功',
        ABNORMAL: '退款异常',
        CLOSED: '退款关闭',
      };
      const body = JSON.stringify({
        id: randomUUID(),
        create_time: beijing(Date.now()),
        resource_type: 'encrypt-resource',
        event_type: `${kind === 'transaction' ? 'TRANSACTION' : 'REFUND'}.${state}`,
        summary: summaries[state] ?? state,
        resource: {
          original_type: kind,
          ...encrypt(apiV3Key, JSON.stringify(resource), kind),
        },
      });
      const headers = {
        'content-type': 'application/json',
        ...signedHeaders(body, notificationOptions.timestamp, notificationOptions.signingKey),
      };
      return { headers, body };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
