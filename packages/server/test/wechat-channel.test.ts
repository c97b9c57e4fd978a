import { generateKeyPairSync, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteOrderRequest } from '../src/modules/pay/channels/remote.js';
import { wechatChannel, type WechatChannelCode } from '../src/modules/pay/channels/wechat.js';
import { startWechatPeer, type WechatPeer } from './wechat-peer.js';

const ACK = { contentType: 'application/json', body: '{"code":"SUCCESS","message":"成功"}' };
const VERIFY_RESPONSE = '微信支付应答验签失败';
const VERIFY_NOTIFICATION = '微信支付通知验签失败';

let sequence = 0;
const orderNo = () => `P${Date.now()}${String((sequence += 1)).padStart(4, '0')}`;

const order = (over: Partial<RemoteOrderRequest> = {}): RemoteOrderRequest => ({
  outTradeNo: orderNo(),
  subject: '示例商品',
  body: '一件示例商品',
  price: 1234,
  // 2026-11-26 02:30:00 UTC is 10:30 in Beijing.
  expireTime: Date.UTC(2026, 10, 26, 2, 30, 0),
  userIp: '203.0.113.7',
  returnUrl: null,
  notifyUrl: 'https://shop.example.com/pay/notify/order/9',
  channelExtras: {},
  ...over,
});

/** Checks a SHA256withRSA signature the way the WeChat client does, with the merchant's public key. */
const signedByMerchant = (peer: WechatPeer, lines: string[], signature: string) =>
  verify(
    'sha256',
    Buffer.from(lines.map((l) => `${l}\n`).join('')),
    peer.merchantPublicKey,
    Buffer.from(signature, 'base64'),
  );

describe('微信支付 APIv3 channel client', () => {
  let peer: WechatPeer;
  beforeAll(async () => {
    peer = await startWechatPeer();
  });
  afterAll(async () => {
    await peer.close();
  });

  const config = (over: Record<string, unknown> = {}) => ({
    appId: peer.appId,
    mchId: peer.mchId,
    apiVersion: 'v3',
    apiV3Key: peer.apiV3Key,
    privateKeyContent: peer.merchantPrivateKeyPem,
    certSerialNo: peer.merchantSerial,
    ...over,
  });
  const channel = (code: WechatChannelCode, over: Record<string, unknown> = {}) =>
    wechatChannel(code, config(over), { baseUrl: peer.url });

  it('wx_native: a signed native order whose code_url becomes the QR code', async () => {
    const request = order();
    const result = await channel('wx_native').submit(request);
    const placed = peer.order(request.outTradeNo);
    expect(placed?.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(result).toMatchObject({
      status: 'waiting',
      outTradeNo: request.outTradeNo,
      displayMode: 'qr_code',
      displayContent: placed!.codeUrl,
      channelErrorCode: null,
    });
    expect(JSON.parse(result.raw)).toEqual({ code_url: placed!.codeUrl });
    // The first answer sends the client for the platform certificate that verifies it.
    expect(peer.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v3/pay/transactions/native',
      'GET /v3/certificates',
    ]);
    const sent = peer.requests[0]!;
    expect(sent.signatureOk).toBe(true);
    expect(sent.body).toEqual({
      appid: peer.appId,
      mchid: peer.mchId,
      description: '示例商品',
      out_trade_no: request.outTradeNo,
      time_expire: '2026-11-26T10:30:00+08:00',
      notify_url: request.notifyUrl,
      amount: { total: 1234, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.7' },
    });
  });

  it('wx_app: the app pay params, signed with the merchant key by the v3 app rule', async () => {
    const request = order({ userIp: null });
    const result = await channel('wx_app').submit(request);
    expect(result).toMatchObject({ status: 'waiting', displayMode: 'app' });
    expect(peer.requests.at(-1)).toMatchObject({ path: '/v3/pay/transactions/app', signatureOk: true });
    expect(peer.requests.at(-1)?.body).not.toHaveProperty('scene_info');
    const params = JSON.parse(result.displayContent!) as Record<string, string>;
    const prepayId = peer.order(request.outTradeNo)!.prepayId!;
    expect(params).toMatchObject({
      appid: peer.appId,
      partnerid: peer.mchId,
      prepayid: prepayId,
      package: 'Sign=WXPay',
    });
    expect(Math.abs(Number(params.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(params.noncestr).toMatch(/^\w{16,32}$/);
    const lines = [peer.appId, params.timestamp!, params.noncestr!, prepayId];
    expect(signedByMerchant(peer, lines, params.sign!)).toBe(true);
    expect(signedByMerchant(peer, [...lines.slice(0, 3), 'wx-other'], params.sign!)).toBe(false);
  });

  it.each(['wx_pub', 'wx_lite'] as const)(
    '%s: a JSAPI order for the payer, with the params the page hands to WeixinJSBridge',
    async (code) => {
      const request = order({ channelExtras: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } });
      const result = await channel(code).submit(request);
      expect(result).toMatchObject({ status: 'waiting', displayMode: 'app', channelErrorCode: null });
      const sent = peer.requests.at(-1)!;
      expect(sent).toMatchObject({ path: '/v3/pay/transactions/jsapi', signatureOk: true });
      expect(sent.body?.payer).toEqual({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
      const params = JSON.parse(result.displayContent!) as Record<string, string>;
      const pkg = `prepay_id=${peer.order(request.outTradeNo)!.prepayId!}`;
      expect(params).toMatchObject({ appId: peer.appId, package: pkg, signType: 'RSA' });
      expect(
        signedByMerchant(peer, [peer.appId, params.timeStamp!, params.nonceStr!, pkg], params.paySign!),
      ).toBe(true);
    },
  );

  it('wx_pub without an openid and wx_bar answer a refusal without calling WeChat Pay', async () => {
    const before = peer.requests.length;
    expect(await channel('wx_pub').submit(order())).toMatchObject({
      status: 'waiting',
      displayMode: null,
      channelErrorCode: 'OPENID_MISSING',
      channelErrorMsg: '需要付款人的 openid',
    });
    expect(
      await channel('wx_bar').submit(order({ channelExtras: { authCode: '134567890123456789' } })),
    ).toMatchObject({
      status: 'waiting',
      channelErrorCode: 'NOT_SUPPORTED',
      channelErrorMsg: '微信条码支付需要 v2 接口',
    });
    expect(peer.requests.length).toBe(before);
  });

  it('a request signed with another key is refused by WeChat Pay and comes back as a refusal', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrongKey = channel('wx_native', {
      privateKeyContent: other.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    });
    const request = order();
    expect(await wrongKey.submit(request)).toMatchObject({
      status: 'waiting',
      displayMode: null,
      channelErrorCode: 'SIGN_ERROR',
      channelErrorMsg: '签名错误',
    });
    expect(peer.requests.at(-1)).toMatchObject({ signatureOk: false });
    expect(peer.order(request.outTradeNo)).toBeUndefined();
    expect(await wrongKey.queryOrder(request.outTradeNo)).toMatchObject({
      status: 'waiting',
      channelErrorCode: 'SIGN_ERROR',
    });
  });

  it('queries an order: waiting, then paid with its transaction, payer and time; unknown ones', async () => {
    const client = channel('wx_native');
    const request = order();
    await client.submit(request);
    expect(await client.queryOrder(request.outTradeNo)).toMatchObject({
      status: 'waiting',
      channelOrderNo: null,
      successTime: null,
    });
    expect(peer.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v3/pay/transactions/out-trade-no/${request.outTradeNo}?mchid=${peer.mchId}`,
      signatureOk: true,
    });

    peer.markPaid(request.outTradeNo, 'oPayer0001');
    const paid = await client.queryOrder(request.outTradeNo);
    const raw = JSON.parse(paid.raw) as { transaction_id: string; success_time: string };
    expect(raw.transaction_id).toMatch(/^42000\d{23}$/);
    expect(paid).toMatchObject({
      status: 'success',
      outTradeNo: request.outTradeNo,
      channelOrderNo: raw.transaction_id,
      channelUserId: 'oPayer0001',
      successTime: Date.parse(raw.success_time),
      channelErrorCode: null,
    });
    expect(Math.abs(paid.successTime! - Date.now())).toBeLessThan(5_000);

    const closing = order();
    await client.submit(closing);
    peer.notification('transaction', closing.outTradeNo, 'CLOSED');
    expect(await client.queryOrder(closing.outTradeNo)).toMatchObject({
      status: 'closed',
      channelOrderNo: null,
      channelErrorCode: 'CLOSED',
      channelErrorMsg: '已关闭',
    });

    // Clients of the same merchant share the certificate downloaded once.
    expect(peer.requests.filter((r) => r.path === '/v3/certificates')).toHaveLength(1);

    expect(await client.queryOrder('P-NEVER-PLACED')).toMatchObject({
      status: 'waiting',
      channelErrorCode: 'ORDER_NOT_EXIST',
      channelErrorMsg: '订单不存在',
    });
  });

  it('refunds: success at once, processing, and a refusal as a failure', async () => {
    // The base URL may also come from the configuration.
    const client = wechatChannel('wx_native', config({ baseUrl: peer.url }));
    const request = order({ price: 1000 });
    await client.submit(request);
    peer.markPaid(request.outTradeNo);
    const refund = (outRefundNo: string, refundPrice: number) =>
      client.refund({
        outTradeNo: request.outTradeNo,
        outRefundNo,
        reason: '不想要了',
        payPrice: 1000,
        refundPrice,
        notifyUrl: 'https://shop.example.com/pay/notify/refund/9',
      });

    const done = await refund('R0001', 300);
    expect(done).toMatchObject({ status: 'success', outRefundNo: 'R0001', channelErrorCode: null });
    expect(done.channelRefundNo).toMatch(/^50000\d{24}$/);
    expect(done.successTime).toBeGreaterThan(Date.now() - 5_000);
    expect(peer.requests.at(-1)).toMatchObject({ path: '/v3/refund/domestic/refunds', signatureOk: true });
    expect(peer.requests.at(-1)?.body).toEqual({
      out_trade_no: request.outTradeNo,
      out_refund_no: 'R0001',
      reason: '不想要了',
      notify_url: 'https://shop.example.com/pay/notify/refund/9',
      amount: { refund: 300, total: 1000, currency: 'CNY' },
    });

    peer.setRefundStatus('PROCESSING');
    try {
      const processing = await refund('R0002', 200);
      expect(processing).toMatchObject({ status: 'waiting', successTime: null, channelErrorCode: null });
      expect(await client.queryRefund(request.outTradeNo, 'R0002')).toMatchObject({
        status: 'waiting',
        channelRefundNo: processing.channelRefundNo,
      });
    } finally {
      peer.setRefundStatus('SUCCESS');
    }
    // Refunded (REFUND) is still paid.
    expect(await client.queryOrder(request.outTradeNo)).toMatchObject({ status: 'success' });
    expect(await client.queryRefund(request.outTradeNo, 'R0001')).toMatchObject({
      status: 'success',
      channelRefundNo: done.channelRefundNo,
    });

    expect(await refund('R0003', 600)).toMatchObject({
      status: 'failure',
      channelRefundNo: null,
      channelErrorCode: 'INVALID_REQUEST',
      channelErrorMsg: '申请退款金额超过订单可退金额',
    });
    expect(await client.queryRefund(request.outTradeNo, 'R-NONE')).toMatchObject({
      status: 'failure',
      channelErrorCode: 'RESOURCE_NOT_EXISTS',
    });
  });

  it('an answer whose signature does not verify throws', async () => {
    const client = channel('wx_native');
    const request = order();
    await client.submit(request);
    peer.corruptSignatures(true);
    try {
      await expect(client.queryOrder(request.outTradeNo)).rejects.toThrow(VERIFY_RESPONSE);
      await expect(client.submit(order())).rejects.toThrow(VERIFY_RESPONSE);
    } finally {
      peer.corruptSignatures(false);
    }
    expect(await client.queryOrder(request.outTradeNo)).toMatchObject({ status: 'waiting' });
  });

  it('a wrong APIv3 key cannot open the platform certificate; an unreachable host throws', async () => {
    const wrongKey = channel('wx_native', { apiV3Key: 'x'.repeat(32) });
    await expect(wrongKey.submit(order())).rejects.toThrow('微信支付平台证书解密失败，请检查 APIv3 密钥');
    await expect(
      wechatChannel('wx_native', config(), { baseUrl: 'http://127.0.0.1:1' }).queryOrder('P1'),
    ).rejects.toThrow();
  });

  it('a payment notification verifies and reads the decrypted transaction', async () => {
    const client = channel('wx_pub');
    const request = order({ channelExtras: { openid: 'oPayer0002' } });
    await client.submit(request);
    const notification = peer.notification('transaction', request.outTradeNo, 'SUCCESS');
    const result = await client.parseOrderNotification(notification);
    const decrypted = JSON.parse(result.raw) as { transaction_id: string; out_trade_no: string };
    expect(decrypted.out_trade_no).toBe(request.outTradeNo);
    expect(result).toMatchObject({
      status: 'success',
      outTradeNo: request.outTradeNo,
      channelOrderNo: decrypted.transaction_id,
      channelUserId: 'oPayer0002',
    });
    expect(result.successTime).toBeGreaterThan(Date.now() - 5_000);
    expect(client.acknowledgement).toEqual(ACK);
    // A payment notification is not taken for a refund.
    await expect(client.parseRefundNotification(notification)).rejects.toThrow('refund');
  });

  it('a refund notification: success, and abnormal as a failure', async () => {
    const client = channel('wx_native');
    const request = order({ price: 500 });
    await client.submit(request);
    peer.markPaid(request.outTradeNo);
    peer.setRefundStatus('PROCESSING');
    try {
      await client.refund({
        outTradeNo: request.outTradeNo,
        outRefundNo: 'R1001',
        reason: '',
        payPrice: 500,
        refundPrice: 500,
        notifyUrl: 'https://shop.example.com/pay/notify/refund/9',
      });
    } finally {
      peer.setRefundStatus('SUCCESS');
    }
    const success = await client.parseRefundNotification(peer.notification('refund', 'R1001', 'SUCCESS'));
    expect(success).toMatchObject({ status: 'success', outRefundNo: 'R1001', channelErrorCode: null });
    expect(success.channelRefundNo).toMatch(/^50000/);
    expect(JSON.parse(success.raw)).toMatchObject({
      refund_status: 'SUCCESS',
      out_trade_no: request.outTradeNo,
    });
    expect(
      await client.parseRefundNotification(peer.notification('refund', 'R1001', 'ABNORMAL')),
    ).toMatchObject({
      status: 'failure',
      channelErrorCode: 'ABNORMAL',
    });
  });

  it('a notification with a changed body, a stale timestamp or another signer throws', async () => {
    const client = channel('wx_native');
    const request = order();
    await client.submit(request);
    const genuine = peer.notification('transaction', request.outTradeNo, 'SUCCESS');
    await expect(client.parseOrderNotification(genuine)).resolves.toMatchObject({ status: 'success' });

    const changed = { ...genuine, body: genuine.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ') };
    await expect(client.parseOrderNotification(changed)).rejects.toThrow(VERIFY_NOTIFICATION);

    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    const stale = peer.notification('transaction', request.outTradeNo, 'SUCCESS', {
      timestamp: sixMinutesAgo,
    });
    await expect(client.parseOrderNotification(stale)).rejects.toThrow(VERIFY_NOTIFICATION);

    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = peer.notification('transaction', request.outTradeNo, 'SUCCESS', {
      signingKey: forger.privateKey,
    });
    await expect(client.parseOrderNotification(forged)).rejects.toThrow(VERIFY_NOTIFICATION);

    const unknownSerial = { ...genuine, headers: { ...genuine.headers, 'wechatpay-serial': 'ABCDEF' } };
    await expect(client.parseOrderNotification(unknownSerial)).rejects.toThrow(VERIFY_NOTIFICATION);
  });

  it('a v2 configuration is refused until v2 is supported', async () => {
    const v2 = wechatChannel('wx_native', { appId: peer.appId, mchId: peer.mchId, apiVersion: 'v2' });
    await expect(v2.submit(order())).rejects.toThrow('微信支付 v2 接口尚未接入，请改用 v3');
    await expect(v2.queryOrder('P1')).rejects.toThrow('微信支付 v2 接口尚未接入，请改用 v3');
    expect(v2.acknowledgement).toEqual(ACK);
  });
});
