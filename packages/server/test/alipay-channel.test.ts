import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayChannel, type AlipayChannelCode } from '../src/modules/pay/channels/alipay.js';
import type { RemoteOrderRequest } from '../src/modules/pay/channels/remote.js';
import { AUTH_CODES, startAlipayPeer, type AlipayPeer } from './alipay-peer.js';

const NOTIFY_URL = 'https://pay.example.com/admin-api/pay/notify/order/21';
const RETURN_URL = 'https://pay.example.com/pay/cashier?id=7&done=1';
/** 2030-01-02 11:04:05 in China. */
const EXPIRE_TIME = Date.parse('2030-01-02T03:04:05Z');

const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

let sequence = 0;
const orderRequest = (over: Partial<RemoteOrderRequest> = {}): RemoteOrderRequest => {
  sequence += 1;
  return {
    outTradeNo: `P${Date.now()}${sequence}`,
    subject: '会员 100%+ 套餐&月卡',
    body: '一个月',
    price: 12345,
    expireTime: EXPIRE_TIME,
    userIp: '127.0.0.1',
    returnUrl: RETURN_URL,
    notifyUrl: NOTIFY_URL,
    channelExtras: {},
    ...over,
  };
};

const notification = (body: string) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  body,
});

describe('支付宝 channel client', () => {
  let peer: AlipayPeer;
  beforeAll(async () => {
    peer = await startAlipayPeer();
  });
  afterAll(async () => {
    await peer.close();
  });

  const config = (over: Record<string, unknown> = {}) => ({
    appId: peer.appId,
    serverUrl: peer.url,
    signType: 'RSA2',
    mode: 1,
    privateKey: peer.appKeys.privateKey,
    alipayPublicKey: peer.alipayPublicKey,
    ...over,
  });
  const channel = (code: AlipayChannelCode = 'alipay_qr', over: Record<string, unknown> = {}) =>
    alipayChannel(code, config(over));

  /** A trade opened by a QR submit and paid by the payer. */
  const paidTrade = async (price: number) => {
    const request = orderRequest({ price });
    await channel().submit(request);
    return peer.pay(request.outTradeNo);
  };

  it('alipay_pc: a signed page.pay URL at the gateway, amounts in yuan and times in China time', async () => {
    const request = orderRequest();
    const result = await channel('alipay_pc').submit(request);
    expect(result).toMatchObject({
      status: 'waiting',
      outTradeNo: request.outTradeNo,
      displayMode: 'url',
      channelErrorCode: null,
    });
    const url = new URL(result.displayContent!);
    expect(`${url.origin}${url.pathname}`).toBe(peer.url);
    expect(url.searchParams.get('sign')).toMatch(/^[A-Za-z0-9+/]+=*$/);

    const page = await fetch(url);
    expect(await page.text()).toContain('收银台');
    const seen = peer.requests.at(-1)!;
    expect(seen).toMatchObject({ method: 'alipay.trade.page.pay', http: 'GET', signatureOk: true });
    expect(seen.params).toMatchObject({
      app_id: peer.appId,
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: NOTIFY_URL,
      return_url: RETURN_URL,
    });
    expect(seen.bizContent).toEqual({
      out_trade_no: request.outTradeNo,
      total_amount: '123.45',
      subject: '会员 100%+ 套餐&月卡',
      body: '一个月',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2030-01-02 11:04:05',
    });

    // The stand-in does check: the same URL for a smaller amount is refused.
    url.searchParams.set('biz_content', JSON.stringify({ ...seen.bizContent, total_amount: '0.01' }));
    expect(await (await fetch(url)).text()).toContain('invalid-signature');
    expect(peer.requests.at(-1)!.signatureOk).toBe(false);
  });

  it('alipay_wap: a signed wap.pay URL that comes back to the cashier when the payer quits', async () => {
    const request = orderRequest({ price: 100 });
    const result = await channel('alipay_wap').submit(request);
    expect(result).toMatchObject({ status: 'waiting', displayMode: 'url' });
    await fetch(result.displayContent!);
    const seen = peer.requests.at(-1)!;
    expect(seen).toMatchObject({ method: 'alipay.trade.wap.pay', signatureOk: true });
    expect(seen.params.return_url).toBe(RETURN_URL);
    expect(seen.bizContent).toMatchObject({
      total_amount: '1.00',
      product_code: 'QUICK_WAP_WAY',
      quit_url: RETURN_URL,
    });
  });

  it('alipay_app: an order string the Alipay app hands to the gateway', async () => {
    const request = orderRequest({ price: 1, returnUrl: null });
    const result = await channel('alipay_app').submit(request);
    expect(result).toMatchObject({ status: 'waiting', displayMode: 'app' });
    const orderString = result.displayContent!;
    expect(orderString).not.toMatch(/^https?:/);
    expect(new URLSearchParams(orderString).get('method')).toBe('alipay.trade.app.pay');

    await fetch(peer.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: orderString,
    });
    const seen = peer.requests.at(-1)!;
    expect(seen).toMatchObject({ method: 'alipay.trade.app.pay', signatureOk: true });
    expect(seen.params.notify_url).toBe(NOTIFY_URL);
    expect(seen.params.return_url).toBeUndefined();
    expect(seen.bizContent).toMatchObject({ total_amount: '0.01', product_code: 'QUICK_MSECURITY_PAY' });
  });

  it('alipay_qr: precreate answers the QR code to show', async () => {
    const request = orderRequest({ price: 100_000_00 });
    const result = await channel('alipay_qr').submit(request);
    const trade = peer.orders.get(request.outTradeNo)!;
    expect(result).toMatchObject({
      status: 'waiting',
      displayMode: 'qr_code',
      displayContent: trade.qrCode,
      channelErrorCode: null,
    });
    expect(result.displayContent).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(JSON.parse(result.raw)).toMatchObject({ code: '10000', qr_code: trade.qrCode });
    const seen = peer.requests.at(-1)!;
    expect(seen).toMatchObject({ method: 'alipay.trade.precreate', http: 'POST', signatureOk: true });
    expect(seen.params.notify_url).toBe(NOTIFY_URL);
    expect(seen.bizContent).toMatchObject({
      total_amount: '100000.00',
      product_code: 'FACE_TO_FACE_PAYMENT',
      time_expire: '2030-01-02 11:04:05',
    });
  });

  it('alipay_bar: paid at once, waiting for the payer, refused, or no payment code at all', async () => {
    const before = Date.now();
    const paid = orderRequest({ channelExtras: { auth_code: AUTH_CODES.paid } });
    const result = await channel('alipay_bar').submit(paid);
    const trade = peer.orders.get(paid.outTradeNo)!;
    expect(result).toMatchObject({
      status: 'success',
      channelOrderNo: trade.tradeNo,
      channelErrorCode: null,
    });
    expect(result.channelUserId).toMatch(/^2088\d{12}$/);
    expect(result.successTime).toBe(Date.parse(`${trade.gmtPayment!.replace(' ', 'T')}+08:00`));
    expect(result.successTime).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(peer.requests.at(-1)!.bizContent).toMatchObject({
      scene: 'bar_code',
      auth_code: AUTH_CODES.paid,
      total_amount: '123.45',
    });

    const waiting = await channel('alipay_bar').submit(
      orderRequest({ channelExtras: { auth_code: AUTH_CODES.waiting } }),
    );
    expect(waiting).toMatchObject({ status: 'waiting', channelErrorCode: null, successTime: null });
    expect(waiting.channelOrderNo).toBeTruthy();

    const refused = await channel('alipay_bar').submit(
      orderRequest({ channelExtras: { auth_code: AUTH_CODES.invalid } }),
    );
    expect(refused).toMatchObject({
      status: 'waiting',
      channelErrorCode: 'ACQ.PAYMENT_AUTH_CODE_INVALID',
      channelOrderNo: null,
    });
    expect(refused.channelErrorMsg).toContain('付款码');

    const seen = peer.requests.length;
    const missing = await channel('alipay_bar').submit(orderRequest());
    expect(missing).toMatchObject({
      status: 'waiting',
      channelErrorCode: 'AUTH_CODE_MISSING',
      channelErrorMsg: '条码支付需要付款码',
    });
    expect(peer.requests.length).toBe(seen);
  });

  it('queryOrder: unknown, waiting, paid, closed', async () => {
    const client = channel();
    expect(await client.queryOrder('P-NEVER-SENT')).toMatchObject({
      status: 'waiting',
      outTradeNo: 'P-NEVER-SENT',
      channelErrorCode: 'ACQ.TRADE_NOT_EXIST',
      channelErrorMsg: '交易不存在',
    });

    const request = orderRequest();
    await client.submit(request);
    expect(await client.queryOrder(request.outTradeNo)).toMatchObject({
      status: 'waiting',
      channelErrorCode: null,
      successTime: null,
    });

    const trade = peer.pay(request.outTradeNo);
    const paid = await client.queryOrder(request.outTradeNo);
    expect(paid).toMatchObject({
      status: 'success',
      channelOrderNo: trade.tradeNo,
      successTime: Date.parse(`${trade.gmtPayment!.replace(' ', 'T')}+08:00`),
    });
    expect(paid.channelUserId).toMatch(/^2088/);
    expect(JSON.parse(paid.raw)).toMatchObject({ trade_status: 'TRADE_SUCCESS', total_amount: '123.45' });
    expect(peer.requests.at(-1)).toMatchObject({ method: 'alipay.trade.query', signatureOk: true });

    const unpaid = orderRequest();
    await client.submit(unpaid);
    peer.closeTrade(unpaid.outTradeNo);
    expect(await client.queryOrder(unpaid.outTradeNo)).toMatchObject({ status: 'closed' });
  });

  it('refund: partial refunds, one too many, the same refund asked again, and their queries', async () => {
    const client = channel();
    const trade = await paidTrade(100_00);
    const refund = (outRefundNo: string, refundPrice: number) =>
      client.refund({
        outTradeNo: trade.outTradeNo,
        outRefundNo,
        reason: '七天无理由',
        payPrice: 100_00,
        refundPrice,
        notifyUrl: 'https://pay.example.com/admin-api/pay/notify/refund/21',
      });

    const first = await refund('R1', 30_00);
    expect(first).toMatchObject({
      status: 'success',
      outRefundNo: 'R1',
      channelRefundNo: trade.tradeNo,
      channelErrorCode: null,
    });
    expect(first.successTime).toBe(Date.parse(`${trade.refunds[0]!.gmtRefundPay.replace(' ', 'T')}+08:00`));
    expect(peer.requests.at(-1)).toMatchObject({ method: 'alipay.trade.refund', signatureOk: true });
    expect(peer.requests.at(-1)!.bizContent).toEqual({
      out_trade_no: trade.outTradeNo,
      out_request_no: 'R1',
      refund_amount: '30.00',
      refund_reason: '七天无理由',
    });

    expect(await refund('R2', 80_00)).toMatchObject({
      status: 'failure',
      channelErrorCode: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
      channelErrorMsg: '退款金额超限',
    });
    // Asked again, Alipay answers with no money moving: the query settles it.
    expect(await refund('R1', 30_00)).toMatchObject({ status: 'waiting', channelErrorCode: null });
    const queried = await client.queryRefund(trade.outTradeNo, 'R1');
    expect(queried).toMatchObject({ status: 'success', channelRefundNo: trade.tradeNo });
    expect(queried.successTime).toBe(first.successTime);
    expect(peer.requests.at(-1)!.bizContent).toMatchObject({ query_options: ['gmt_refund_pay'] });
    expect(await client.queryRefund(trade.outTradeNo, 'R-NEVER-SENT')).toMatchObject({
      status: 'waiting',
      channelErrorCode: null,
    });

    expect(await refund('R3', 70_00)).toMatchObject({ status: 'success' });
    expect(await client.queryOrder(trade.outTradeNo)).toMatchObject({ status: 'closed' });
    expect(
      await client.refund({
        outTradeNo: 'P-NEVER-SENT',
        outRefundNo: 'R4',
        reason: '',
        payPrice: 1,
        refundPrice: 1,
        notifyUrl: NOTIFY_URL,
      }),
    ).toMatchObject({ status: 'failure', channelErrorCode: 'ACQ.TRADE_NOT_EXIST' });
  });

  it('an answer whose signature does not verify throws; a refused request signature is a refusal', async () => {
    const client = channel();
    peer.corruptNextResponse();
    await expect(client.queryOrder('P-NEVER-SENT')).rejects.toThrow(/验签失败/);
    peer.corruptNextResponse('unsigned');
    await expect(client.queryOrder('P-NEVER-SENT')).rejects.toThrow();
    const otherAlipay = other.publicKey.export({ type: 'spki', format: 'pem' });
    await expect(
      channel('alipay_qr', { alipayPublicKey: otherAlipay }).queryOrder('P-NEVER-SENT'),
    ).rejects.toThrow(/验签失败/);
    // The answer after is fine again.
    expect(await client.queryOrder('P-NEVER-SENT')).toMatchObject({
      channelErrorCode: 'ACQ.TRADE_NOT_EXIST',
    });

    const wrongKey = channel('alipay_qr', {
      privateKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    });
    const refused = await wrongKey.submit(orderRequest());
    expect(refused).toMatchObject({ status: 'waiting', channelErrorCode: 'isv.invalid-signature' });
    expect(peer.requests.at(-1)!.signatureOk).toBe(false);
  });

  it('reads the app key as PKCS8 or PKCS1, PEM or bare base64', async () => {
    const key = createPrivateKey(peer.appKeys.privateKey);
    const forms = [
      key.export({ type: 'pkcs1', format: 'pem' }).toString(),
      key.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
      key.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
    ];
    for (const privateKey of forms) {
      const result = await channel('alipay_qr', { privateKey }).queryOrder('P-NEVER-SENT');
      expect(result.channelErrorCode).toBe('ACQ.TRADE_NOT_EXIST');
      expect(peer.requests.at(-1)!.signatureOk).toBe(true);
    }
  });

  it('a gateway that cannot be reached throws', async () => {
    await expect(
      channel('alipay_qr', { serverUrl: 'http://127.0.0.1:1/gateway.do' }).queryOrder('P1'),
    ).rejects.toThrow();
  });

  it('notifications: verified and read, refused when changed or signed by another key', async () => {
    const client = channel();
    const request = orderRequest();
    await client.submit(request);

    const body = peer.notification(request.outTradeNo, 'TRADE_SUCCESS');
    const trade = peer.orders.get(request.outTradeNo)!;
    const result = await client.parseOrderNotification(notification(body));
    expect(result).toMatchObject({
      status: 'success',
      outTradeNo: request.outTradeNo,
      channelOrderNo: trade.tradeNo,
      successTime: Date.parse(`${trade.gmtPayment!.replace(' ', 'T')}+08:00`),
      channelErrorCode: null,
    });
    expect(result.channelUserId).toMatch(/^2088/);
    expect(JSON.parse(result.raw)).toMatchObject({
      subject: '会员 100%+ 套餐&月卡',
      total_amount: '123.45',
      trade_status: 'TRADE_SUCCESS',
    });

    await expect(
      client.parseOrderNotification(notification(peer.tamper(body, { total_amount: '0.01' }))),
    ).rejects.toThrow('支付宝通知验签失败');
    await expect(
      client.parseOrderNotification(notification(peer.tamper(body, { sign_type: 'RSA' }))),
    ).rejects.toThrow('支付宝通知验签失败');
    const unsigned = new URLSearchParams(body);
    unsigned.delete('sign');
    await expect(client.parseOrderNotification(notification(unsigned.toString()))).rejects.toThrow(
      '支付宝通知验签失败',
    );
    const forged = peer.notification(request.outTradeNo, 'TRADE_SUCCESS', other.privateKey);
    await expect(client.parseOrderNotification(notification(forged))).rejects.toThrow('支付宝通知验签失败');
    // Another app of the same Alipay account is not this channel's.
    const otherApp = alipayChannel('alipay_qr', config({ appId: '2021000000000999' }));
    await expect(otherApp.parseOrderNotification(notification(body))).rejects.toThrow(/app_id/);

    const waiting = orderRequest();
    await client.submit(waiting);
    expect(
      await client.parseOrderNotification(notification(peer.notification(waiting.outTradeNo))),
    ).toMatchObject({ status: 'waiting', successTime: null });
    expect(
      await client.parseOrderNotification(
        notification(peer.notification(waiting.outTradeNo, 'TRADE_CLOSED')),
      ),
    ).toMatchObject({ status: 'closed' });
  });

  it("证书模式: sends the serials of its certificates, verifies with the key of Alipay's", async () => {
    const certified = await startAlipayPeer({ certificates: true });
    try {
      const certificates = certified.certificates!;
      const client = alipayChannel('alipay_qr', {
        appId: certified.appId,
        serverUrl: certified.url,
        signType: 'RSA2',
        mode: 2,
        privateKey: certified.appKeys.privateKey,
        appCertContent: certificates.appCertContent,
        alipayPublicCertContent: certificates.alipayPublicCertContent,
        rootCertContent: certificates.rootCertContent,
      });
      const request = orderRequest();
      expect(await client.submit(request)).toMatchObject({ displayMode: 'qr_code', channelErrorCode: null });
      const seen = certified.requests.at(-1)!;
      expect(seen.signatureOk).toBe(true);
      expect(seen.params).toMatchObject({
        app_cert_sn: certificates.appCertSn,
        alipay_root_cert_sn: certificates.rootCertSn,
      });

      certified.corruptNextResponse();
      await expect(client.queryOrder(request.outTradeNo)).rejects.toThrow(/验签失败/);
      const body = certified.notification(request.outTradeNo, 'TRADE_SUCCESS');
      expect(await client.parseOrderNotification(notification(body))).toMatchObject({ status: 'success' });
      const forged = certified.notification(request.outTradeNo, 'TRADE_SUCCESS', other.privateKey);
      await expect(client.parseOrderNotification(notification(forged))).rejects.toThrow('支付宝通知验签失败');
    } finally {
      await certified.close();
    }
  });

  it('no refund notifications; acknowledges with success', async () => {
    const client = channel('alipay_pc');
    await expect(client.parseRefundNotification(notification(''))).rejects.toThrow('支付宝不发送退款通知');
    expect(client.acknowledgement).toEqual({ contentType: 'text/plain', body: 'success' });
  });
});
