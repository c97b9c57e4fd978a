import { execFileSync } from 'node:child_process';
import {
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A local stand-in for the Alipay open platform gateway (OpenAPI 2.0, /gateway.do) on 127.0.0.1, written
 * from Alipay's published rules, independently of the server's client. It holds its own "Alipay" key
 * pair and the app's key pair; it verifies each request's RSA2 signature (every parameter but `sign`,
 * empty values left out, sorted by name, `name=value` joined by `&`, values as sent, not URL-encoded),
 * answers with the `<method>_response` node signed by its key (the signature covers the node's JSON
 * text exactly as sent), and builds asynchronous notifications signed the same way (all but `sign` and
 * `sign_type`). Trades, payments and refunds are kept in memory. With `certificates`, it also plays
 * 证书模式: a root certificate issues Alipay's and the app's (made with the openssl command), requests
 * carry their serials, answers carry `alipay_cert_sn`.
 */

/** Payment codes (付款码) the stand-in tells apart, as a real payer's phone would make them behave. */
export const AUTH_CODES = {
  /** Paid at once. */
  paid: '281234567890123456',
  /** The payer must confirm on the phone: 10003. */
  waiting: '291234567890123456',
  /** Not a code Alipay knows. */
  invalid: '180000000000000000',
} as const;

export const PEER_APP_ID = '2021000000000001';
const SELLER_ID = '2088101117955611';
const BUYER_ID = '2088102177846880';
const BUYER_LOGON_ID = 'ali***@example.com';
/** Stand-in rule: a timestamp further than this from China time is refused (8 hours of UTC fail it). */
const TIMESTAMP_SKEW_MS = 15 * 60_000;

export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';

export interface PeerRequest {
  method: string;
  http: string;
  signatureOk: boolean;
  /** The common parameters, from the query string and the form body together. */
  params: Record<string, string>;
  bizContent: Record<string, unknown>;
}

export interface PeerRefund {
  outRequestNo: string;
  refundAmount: string;
  reason: string;
  gmtRefundPay: string;
}

export interface PeerOrder {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: TradeStatus;
  gmtCreate: string;
  gmtPayment: string | null;
  qrCode: string | null;
  refunds: PeerRefund[];
}

/** 证书模式: the contents a channel is configured with, and the serials (SN) Alipay derives from them. */
export interface PeerCertificates {
  appCertContent: string;
  alipayPublicCertContent: string;
  rootCertContent: string;
  appCertSn: string;
  alipayCertSn: string;
  rootCertSn: string;
}

export interface AlipayPeer {
  /** The gateway, for the channel's serverUrl. */
  url: string;
  appId: string;
  /** Alipay's public key as the open platform shows it: base64 of the DER, no PEM armour. */
  alipayPublicKey: string;
  /** The app's key pair (PKCS8 and SPKI PEM); the stand-in knows the public half. */
  appKeys: { privateKey: string; publicKey: string };
  /** Only when started with `certificates`. */
  certificates: PeerCertificates | null;
  requests: PeerRequest[];
  orders: Map<string, PeerOrder>;
  /** The payer pays the trade. */
  pay(outTradeNo: string): PeerOrder;
  /** The trade is closed unpaid (expired). */
  closeTrade(outTradeNo: string): PeerOrder;
  /** The next API answer carries a signature that does not match its content, or none at all. */
  corruptNextResponse(how?: 'sign' | 'unsigned'): void;
  /**
   * The form body of Alipay's asynchronous notification of a trade, at its status or at `status` (a
   * paid one pays the trade first), signed by Alipay's key or by `signingKey`.
   */
  notification(outTradeNo: string, status?: TradeStatus, signingKey?: string | KeyObject): string;
  /** A notification body with some fields changed and its signature kept. */
  tamper(body: string, changes: Record<string, string>): string;
  close(): Promise<void>;
}

const chinaTime = (ms: number) => {
  const d = new Date(ms + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
};
const chinaNow = () => chinaTime(Date.now());

const AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;
const fenOf = (amount: unknown): number | null => {
  const m = typeof amount === 'string' ? AMOUNT.exec(amount) : null;
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return fen >= 1 && fen <= 10_000_000_000 ? fen : null;
};
const yuanOf = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

const signingString = (params: Record<string, string>, omit: readonly string[]) =>
  Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

const rsa2Sign = (content: string, key: string | KeyObject) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

/** Alipay's serial of a certificate: MD5 of its issuer (RDNs last first, joined by ',') and decimal serial. */
const certificateSn = (pem: string) => {
  const certificate = new X509Certificate(pem);
  const issuer = certificate.issuer.split('\n').reverse().join(',');
  const serial = BigInt(`0x${certificate.serialNumber}`).toString(10);
  return createHash('md5').update(`${issuer}${serial}`, 'utf8').digest('hex');
};

const ROOT_SUBJECT =
  '/C=CN/O=Ant Financial/OU=Certification Authority/CN=Ant Financial Certification Authority R1';

/** A root certificate and the two it issues, for Alipay's key and the app's. */
const issueCertificates = (alipayKey: KeyObject, appKey: KeyObject): PeerCertificates => {
  const dir = mkdtempSync(join(tmpdir(), 'alipay-peer-'));
  try {
    const pemFile = (name: string, key: KeyObject) => {
      const path = join(dir, name);
      writeFileSync(path, key.export({ type: 'pkcs8', format: 'pem' }));
      return path;
    };
    const openssl = (command: string, ...args: string[]) =>
      execFileSync('openssl', [...command.split(' '), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    const rootKey = pemFile('root.key', generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    const rootCert = join(dir, 'root.crt');
    openssl('req -x509 -new -sha256 -days 3650', '-key', rootKey, '-subj', ROOT_SUBJECT, '-out', rootCert);
    const issue = (name: string, key: KeyObject, subject: string, serial: string) => {
      const [csr, crt] = [join(dir, `${name}.csr`), join(dir, `${name}.crt`)];
      openssl('req -new', '-key', pemFile(`${name}.key`, key), '-subj', subject, '-out', csr);
      const ca = ['-CA', rootCert, '-CAkey', rootKey, '-set_serial', serial];
      openssl('x509 -req -sha256 -days 365', '-in', csr, ...ca, '-out', crt);
      return readFileSync(crt, 'utf8');
    };
    const alipayCert = issue(
      'alipay',
      alipayKey,
      '/C=CN/O=支付宝(中国)网络技术有限公司/OU=Alipay/CN=2088101117955611',
      '0x20210411000001',
    );
    const appCert = issue('app', appKey, `/C=CN/O=测试商户/OU=Alipay/CN=${PEER_APP_ID}`, '0x20210411000002');
    const rootContent = readFileSync(rootCert, 'utf8');
    return {
      appCertContent: appCert,
      alipayPublicCertContent: alipayCert,
      rootCertContent: rootContent,
      appCertSn: certificateSn(appCert),
      alipayCertSn: certificateSn(alipayCert),
      rootCertSn: certificateSn(rootContent),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The business parameters; null when they are not a JSON object. */
const bizContentOf = (json: string | undefined): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(json ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

type Node = Record<string, unknown>;
const failure = (code: string, msg: string, subCode: string, subMsg: string): Node => ({
  code,
  msg,
  sub_code: subCode,
  sub_msg: subMsg,
});
const businessFailure = (subCode: string, subMsg: string) =>
  failure('40004', 'Business Failed', subCode, subMsg);
const SUCCESS = { code: '10000', msg: 'Success' };

/** The pages a payer opens (the cashier, or the app with the order string), not API calls. */
const CASHIER_METHODS = ['alipay.trade.page.pay', 'alipay.trade.wap.pay', 'alipay.trade.app.pay'];

export const startAlipayPeer = async (options: { certificates?: boolean } = {}): Promise<AlipayPeer> => {
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificates = options.certificates ? issueCertificates(alipay.privateKey, app.privateKey) : null;
  const requests: PeerRequest[] = [];
  const orders = new Map<string, PeerOrder>();
  let corruptNext: 'sign' | 'unsigned' | null = null;
  let sequence = 0;

  const newTradeNo = () => {
    sequence += 1;
    return `${chinaNow().replace(/\D/g, '').slice(0, 8)}2200145${String(sequence).padStart(7, '0')}`;
  };

  const orderOf = (outTradeNo: string) => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`stand-in: no trade ${outTradeNo}`);
    return order;
  };

  /** The trade a request opens or updates (unpaid); a paid or closed one stays as it is. */
  const openTrade = (biz: Node): PeerOrder => {
    const outTradeNo = String(biz.out_trade_no);
    const existing = orders.get(outTradeNo);
    if (existing && existing.status !== 'WAIT_BUYER_PAY') return existing;
    const order: PeerOrder = existing ?? {
      outTradeNo,
      tradeNo: newTradeNo(),
      totalAmount: '',
      subject: '',
      status: 'WAIT_BUYER_PAY',
      gmtCreate: chinaNow(),
      gmtPayment: null,
      qrCode: null,
      refunds: [],
    };
    order.totalAmount = String(biz.total_amount);
    order.subject = String(biz.subject);
    orders.set(outTradeNo, order);
    return order;
  };

  const pay = (order: PeerOrder) => {
    if (order.status === 'WAIT_BUYER_PAY') {
      order.status = 'TRADE_SUCCESS';
      order.gmtPayment = chinaNow();
    }
    return order;
  };

  /** Common parameter checks and the signature, in the order the gateway reports them. */
  const gatewayError = (params: Record<string, string>): Node | null => {
    if (!params.method)
      return failure('40001', 'Missing Required Arguments', 'isv.missing-method', '缺少方法名参数');
    if (!params.sign)
      return failure('40001', 'Missing Required Arguments', 'isv.missing-signature', '缺少签名参数');
    if (params.app_id !== PEER_APP_ID)
      return failure('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数');
    if (params.sign_type !== 'RSA2')
      return failure('40002', 'Invalid Arguments', 'isv.invalid-signature-type', '无效的签名类型');
    const at = Date.parse(`${(params.timestamp ?? '').replace(' ', 'T')}+08:00`);
    if (
      !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? '') ||
      Math.abs(at - Date.now()) > TIMESTAMP_SKEW_MS
    )
      return failure('40002', 'Invalid Arguments', 'isv.invalid-timestamp', '非法的时间戳参数');
    const content = signingString(params, ['sign']);
    const ok = createVerify('RSA-SHA256')
      .update(content, 'utf8')
      .verify(app.publicKey, params.sign, 'base64');
    if (!ok)
      return failure(
        '40002',
        'Invalid Arguments',
        'isv.invalid-signature',
        `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${content}`,
      );
    return null;
  };

  const precreate = (biz: Node): Node => {
    if (fenOf(biz.total_amount) === null) return businessFailure('ACQ.INVALID_PARAMETER', '参数无效');
    const order = openTrade(biz);
    if (order.status !== 'WAIT_BUYER_PAY') return businessFailure('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    order.qrCode ??= `https://qr.alipay.com/bax0${randomBytes(10).toString('hex')}`;
    return { ...SUCCESS, out_trade_no: order.outTradeNo, qr_code: order.qrCode };
  };

  const barPay = (biz: Node): Node => {
    if (biz.scene !== 'bar_code' || fenOf(biz.total_amount) === null)
      return businessFailure('ACQ.INVALID_PARAMETER', '参数无效');
    const authCode = String(biz.auth_code ?? '');
    if (authCode !== AUTH_CODES.paid && authCode !== AUTH_CODES.waiting)
      return businessFailure(
        'ACQ.PAYMENT_AUTH_CODE_INVALID',
        '支付失败，获取顾客账户信息失败，请顾客刷新付款码后重新收款，如再次收款失败，请联系管理员处理。[SOUNDWAVE_PARSER_FAIL]',
      );
    const order = openTrade(biz);
    if (order.status !== 'WAIT_BUYER_PAY') return businessFailure('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    const common = {
      trade_no: order.tradeNo,
      out_trade_no: order.outTradeNo,
      buyer_logon_id: BUYER_LOGON_ID,
      total_amount: order.totalAmount,
    };
    if (authCode === AUTH_CODES.waiting)
      return { code: '10003', msg: ' order success pay inprocess', ...common };
    pay(order);
    return {
      ...SUCCESS,
      ...common,
      receipt_amount: order.totalAmount,
      buyer_pay_amount: order.totalAmount,
      gmt_payment: order.gmtPayment,
      fund_bill_list: [{ fund_channel: 'ALIPAYACCOUNT', amount: order.totalAmount }],
      buyer_user_id: BUYER_ID,
    };
  };

  const query = (biz: Node): Node => {
    const order = orders.get(String(biz.out_trade_no));
    if (!order) return businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const paid = order.gmtPayment !== null;
    return {
      ...SUCCESS,
      trade_no: order.tradeNo,
      out_trade_no: order.outTradeNo,
      buyer_logon_id: BUYER_LOGON_ID,
      trade_status: order.status,
      total_amount: order.totalAmount,
      buyer_pay_amount: paid ? order.totalAmount : '0.00',
      receipt_amount: paid ? order.totalAmount : '0.00',
      ...(paid ? { send_pay_date: order.gmtPayment, buyer_user_id: BUYER_ID } : {}),
    };
  };

  const refunded = (order: PeerOrder) =>
    order.refunds.reduce((sum, r) => sum + (fenOf(r.refundAmount) ?? 0), 0);

  const refund = (biz: Node): Node => {
    const order = orders.get(String(biz.out_trade_no));
    if (!order) return businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const amount = fenOf(biz.refund_amount);
    if (amount === null) return businessFailure('ACQ.INVALID_PARAMETER', '参数无效');
    const outRequestNo = String(biz.out_request_no ?? order.outTradeNo);
    const reply = (entry: PeerRefund, fundChange: 'Y' | 'N') => ({
      ...SUCCESS,
      trade_no: order.tradeNo,
      out_trade_no: order.outTradeNo,
      buyer_logon_id: BUYER_LOGON_ID,
      fund_change: fundChange,
      refund_fee: yuanOf(refunded(order)),
      gmt_refund_pay: entry.gmtRefundPay,
      buyer_user_id: BUYER_ID,
    });
    const earlier = order.refunds.find((r) => r.outRequestNo === outRequestNo);
    // The same request again: answered as done, with no money moving this time.
    if (earlier) return reply(earlier, 'N');
    if (order.status !== 'TRADE_SUCCESS') return businessFailure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    const total = fenOf(order.totalAmount) ?? 0;
    if (refunded(order) + amount > total)
      return businessFailure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    const done: PeerRefund = {
      outRequestNo,
      refundAmount: yuanOf(amount),
      reason: String(biz.refund_reason ?? ''),
      gmtRefundPay: chinaNow(),
    };
    order.refunds.push(done);
    // A trade refunded in full is closed.
    if (refunded(order) === total) order.status = 'TRADE_CLOSED';
    return reply(done, 'Y');
  };

  const refundQuery = (biz: Node): Node => {
    const order = orders.get(String(biz.out_trade_no));
    if (!order) return businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const outRequestNo = String(biz.out_request_no ?? '');
    const found = order.refunds.find((r) => r.outRequestNo === outRequestNo);
    // Not found: a success without refund fields (the refund was not received, or failed).
    if (!found) return { ...SUCCESS, out_trade_no: order.outTradeNo, out_request_no: outRequestNo };
    const options = Array.isArray(biz.query_options) ? biz.query_options : [];
    return {
      ...SUCCESS,
      trade_no: order.tradeNo,
      out_trade_no: order.outTradeNo,
      out_request_no: outRequestNo,
      total_amount: order.totalAmount,
      refund_amount: found.refundAmount,
      refund_status: 'REFUND_SUCCESS',
      ...(options.includes('gmt_refund_pay') ? { gmt_refund_pay: found.gmtRefundPay } : {}),
    };
  };

  const API: Record<string, (biz: Node) => Node> = {
    'alipay.trade.precreate': precreate,
    'alipay.trade.pay': barPay,
    'alipay.trade.query': query,
    'alipay.trade.refund': refund,
    'alipay.trade.fastpay.refund.query': refundQuery,
  };

  const answer = (res: ServerResponse, method: string, node: Node) => {
    const key = method ? `${method.replaceAll('.', '_')}_response` : 'error_response';
    const content = JSON.stringify(node);
    const sign = rsa2Sign(corruptNext === 'sign' ? `${content} ` : content, alipay.privateKey);
    const certSn = certificates ? `,"alipay_cert_sn":"${certificates.alipayCertSn}"` : '';
    const signature = corruptNext === 'unsigned' ? '' : `,"sign":"${sign}"`;
    corruptNext = null;
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    res.end(`{"${key}":${content}${certSn}${signature}}`);
  };

  const cashierPage = (res: ServerResponse, error: Node | null) => {
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    res.end(
      error
        ? `<html><body>错误代码 ${String(error.sub_code).replace(/^isv\./, '')} 错误原因: ${String(error.sub_msg)}</body></html>`
        : '<html><head><title>支付宝 - 网上支付 安全快速！</title></head><body>收银台</body></html>',
    );
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      const body = await readBody(req);
      if (url.pathname !== '/gateway.do') {
        res.writeHead(404).end();
        return;
      }
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      if (req.method === 'POST') Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
      const bizContent = bizContentOf(params.biz_content);
      const error = gatewayError(params);
      const method = params.method ?? '';
      requests.push({
        method,
        http: req.method ?? '',
        signatureOk: error === null,
        params,
        bizContent: bizContent ?? {},
      });
      if (CASHIER_METHODS.includes(method)) {
        if (!error && bizContent && fenOf(bizContent.total_amount) !== null) openTrade(bizContent);
        cashierPage(res, error);
        return;
      }
      if (error) return answer(res, method, error);
      const handler = API[method];
      if (!handler)
        return answer(
          res,
          method,
          failure('40002', 'Invalid Arguments', 'isv.invalid-method', '不存在的方法名'),
        );
      if (!bizContent) return answer(res, method, businessFailure('ACQ.INVALID_PARAMETER', '参数无效'));
      return answer(res, method, handler(bizContent));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/gateway.do`,
    appId: PEER_APP_ID,
    alipayPublicKey: alipay.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    appKeys: {
      privateKey: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: app.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    },
    certificates,
    requests,
    orders,
    pay: (outTradeNo) => pay(orderOf(outTradeNo)),
    closeTrade(outTradeNo) {
      const order = orderOf(outTradeNo);
      order.status = 'TRADE_CLOSED';
      return order;
    },
    corruptNextResponse(how = 'sign') {
      corruptNext = how;
    },
    notification(outTradeNo, status, signingKey = alipay.privateKey) {
      const order = orderOf(outTradeNo);
      if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') pay(order);
      if (status) order.status = status;
      const paid = order.gmtPayment !== null;
      const fields: Record<string, string> = {
        gmt_create: order.gmtCreate,
        charset: 'utf-8',
        notify_time: chinaNow(),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        subject: order.subject,
        buyer_id: BUYER_ID,
        buyer_logon_id: BUYER_LOGON_ID,
        seller_id: SELLER_ID,
        version: '1.0',
        out_trade_no: order.outTradeNo,
        trade_no: order.tradeNo,
        trade_status: order.status,
        total_amount: order.totalAmount,
        app_id: PEER_APP_ID,
        auth_app_id: PEER_APP_ID,
        ...(paid
          ? {
              gmt_payment: order.gmtPayment ?? '',
              receipt_amount: order.totalAmount,
              invoice_amount: order.totalAmount,
              buyer_pay_amount: order.totalAmount,
              fund_bill_list: JSON.stringify([{ amount: order.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
            }
          : {}),
      };
      const sign = rsa2Sign(signingString(fields, ['sign', 'sign_type']), signingKey);
      return new URLSearchParams({ ...fields, sign_type: 'RSA2', sign }).toString();
    },
    tamper(body, changes) {
      const params = new URLSearchParams(body);
      for (const [key, value] of Object.entries(changes)) params.set(key, value);
      return params.toString();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
