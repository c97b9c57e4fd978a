import type { PayDemoOrder, PayOrder, PayRefund } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { AUTH_CODES, startAlipayPeer, type AlipayPeer } from './alipay-peer.js';
import { startWechatPeer, type WechatPeer } from './wechat-peer.js';

/*
 * Paying through providers' channels, end to end through the API: the cashier's submit, the
 * providers' signed notifications (applied once, forged ones refused), refunds, the sync and expiry
 * jobs, and money that arrives after its order closed. The providers are local peers.
 */

describe.each(DIALECTS)('pay through providers on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let wx: WechatPeer;
  let alipay: AlipayPeer;
  const alipayChannels = new Map<string, number>();
  let appId: number;
  let wxChannelId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.payNotifier.stop();
    admin = (await t.login()).accessToken;
    wx = await startWechatPeer();
    const app = await t.api({
      method: 'POST',
      path: '/pay/app/create',
      token: admin,
      body: {
        name: '渠道应用',
        status: 0,
        orderNotifyUrl: 'https://merchant.example.com/pay',
        refundNotifyUrl: 'https://merchant.example.com/refund',
      },
    });
    appId = app.data as number;
    const channel = await t.api({
      method: 'POST',
      path: '/pay/channel/create',
      token: admin,
      body: {
        appId,
        code: 'wx_native',
        status: 0,
        feeRate: 0.6,
        config: JSON.stringify({
          appId: wx.appId,
          mchId: wx.mchId,
          apiVersion: 'v3',
          apiV3Key: wx.apiV3Key,
          privateKeyContent: wx.merchantPrivateKeyPem,
          certSerialNo: wx.merchantSerial,
          baseUrl: wx.url,
        }),
      },
    });
    expect(channel.code, channel.msg).toBe(0);
    wxChannelId = channel.data as number;
    alipay = await startAlipayPeer();
    for (const code of ['alipay_qr', 'alipay_bar', 'alipay_pc']) {
      const created = await t.api({
        method: 'POST',
        path: '/pay/channel/create',
        token: admin,
        body: {
          appId,
          code,
          status: 0,
          feeRate: 0,
          config: JSON.stringify({
            appId: alipay.appId,
            serverUrl: alipay.url,
            signType: 'RSA2',
            mode: 1,
            privateKey: alipay.appKeys.privateKey,
            alipayPublicKey: alipay.alipayPublicKey,
          }),
        },
      });
      expect(created.code, created.msg).toBe(0);
      alipayChannels.set(code, created.data as number);
    }
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
    await alipay.close();
  });

  const ok = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    extra: { query?: Record<string, string>; body?: unknown } = {},
  ) => {
    const res = await t.api({ method, path: `/pay${path}`, token: admin, ...extra });
    expect(res.code, `${path}: ${res.msg}`).toBe(0);
    return res.data as T;
  };
  const byId = (id: number) => ({ query: { id: String(id) } });
  /** A demo order of ¥1.00 and its pay order. */
  const newOrder = async () => {
    const demoId = await ok<number>('POST', '/demo-order/create', { body: { spuId: 3, appId } });
    return ok<PayDemoOrder>('GET', '/demo-order/get', byId(demoId));
  };
  const attemptNo = async (orderId: number) =>
    (
      await t.db.kysely
        .selectFrom('payOrderExtension')
        .select('no')
        .where('orderId', '=', orderId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).no;
  const post = (kind: 'order' | 'refund', notification: { headers: Record<string, string>; body: string }) =>
    t.app.inject({
      method: 'POST',
      url: `/admin-api/pay/notify/${kind}/${wxChannelId}`,
      headers: notification.headers,
      payload: notification.body,
    });
  const tasks = (dataId: number, type: number) =>
    t.db.kysely
      .selectFrom('payNotifyTask')
      .select('id')
      .where('type', '=', type)
      .where('dataId', '=', dataId)
      .execute();

  describe('微信支付 (APIv3)', () => {
    it('answers the cashier with a QR code, then pays on the signed notification, once', async () => {
      const demo = await newOrder();
      const submitted = await ok<{ status: number; displayMode: string; displayContent: string }>(
        'POST',
        '/order/submit',
        {
          body: { id: demo.payOrderId, channelCode: 'wx_native', returnUrl: '/pay/cashier' },
        },
      );
      expect(submitted.status).toBe(0);
      expect(submitted.displayMode).toBe('qr_code');
      const no = await attemptNo(demo.payOrderId);
      expect(submitted.displayContent).toBe(wx.order(no)?.codeUrl);
      // The peer saw our notify URL and the price in fen.
      const placed = wx.requests.find((r) => r.path.endsWith('/native'))!;
      expect(placed.signatureOk).toBe(true);
      expect(placed.body).toMatchObject({ out_trade_no: no, amount: { total: 100, currency: 'CNY' } });
      expect(String(placed.body?.notify_url)).toMatch(
        new RegExp(`/admin-api/pay/notify/order/${wxChannelId}$`),
      );

      const paid = wx.notification('transaction', no, 'SUCCESS');
      const forged = { ...paid, body: paid.body.replace('"', ' "') };
      const refused = await post('order', forged);
      expect(refused.statusCode).toBe(400);
      expect((await ok<PayOrder>('GET', '/order/get', byId(demo.payOrderId))).status).toBe(0);

      const answer = await post('order', paid);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ code: 'SUCCESS', message: '成功' });
      const order = await ok<PayOrder>('GET', '/order/get', byId(demo.payOrderId));
      expect(order).toMatchObject({ status: 10, channelCode: 'wx_native', no, channelFeePrice: 1 });
      expect(order.channelOrderNo).toBe(wx.order(no)?.transactionId);
      expect((await ok<PayDemoOrder>('GET', '/demo-order/get', byId(demo.id))).payStatus).toBe(true);

      // The same notification again changes nothing.
      expect((await post('order', paid)).statusCode).toBe(200);
      expect(await tasks(demo.payOrderId, 1)).toHaveLength(1);
      expect((await ok<PayOrder>('GET', '/order/get', byId(demo.payOrderId))).successTime).toBe(
        order.successTime,
      );
    });

    it('pays once when 50 notifications of one order arrive together', async () => {
      const demo = await newOrder();
      await ok('POST', '/order/submit', { body: { id: demo.payOrderId, channelCode: 'wx_native' } });
      const paid = wx.notification('transaction', await attemptNo(demo.payOrderId), 'SUCCESS');
      const answers = await Promise.all(Array.from({ length: 50 }, () => post('order', paid)));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(await tasks(demo.payOrderId, 1)).toHaveLength(1);
      const attempts = await t.db.kysely
        .selectFrom('payOrderExtension')
        .select('status')
        .where('orderId', '=', demo.payOrderId)
        .execute();
      expect(attempts.map((a) => a.status)).toEqual([10]);
    });

    it('refunds through the provider and settles on its notification or the sync job', async () => {
      const demo = await newOrder();
      await ok('POST', '/order/submit', { body: { id: demo.payOrderId, channelCode: 'wx_native' } });
      expect(
        (await post('order', wx.notification('transaction', await attemptNo(demo.payOrderId), 'SUCCESS')))
          .statusCode,
      ).toBe(200);

      wx.setRefundStatus('PROCESSING');
      const first = await ok<number>('POST', '/refund/create', {
        body: { orderId: demo.payOrderId, price: 40, reason: '部分退款' },
      });
      const waiting = await ok<PayRefund>('GET', '/refund/get', byId(first));
      expect(waiting).toMatchObject({ status: 0, refundPrice: 40 });
      // One refund of an order at a time.
      const second = await t.api({
        method: 'POST',
        path: '/pay/refund/create',
        token: admin,
        body: { orderId: demo.payOrderId, price: 10, reason: '再退' },
      });
      expect(second.code).toBe(1007006002);
      const done = wx.notification('refund', waiting.no, 'SUCCESS');
      expect((await post('refund', { ...done, body: done.body.replace('{', '{ ') })).statusCode).toBe(400);
      expect((await post('refund', done)).statusCode).toBe(200);
      expect((await post('refund', done)).statusCode).toBe(200);
      expect(await ok<PayRefund>('GET', '/refund/get', byId(first))).toMatchObject({ status: 10 });
      expect(await ok<PayOrder>('GET', '/order/get', byId(demo.payOrderId))).toMatchObject({
        status: 20,
        refundPrice: 40,
      });
      expect(await tasks(first, 2)).toHaveLength(1);

      const rest = await ok<number>('POST', '/refund/create', {
        body: { orderId: demo.payOrderId, price: 60, reason: '退完' },
      });
      wx.setRefundStatus('SUCCESS');
      // The provider finishes it; its notification is lost, and the sync job asks.
      wx.notification('refund', (await ok<PayRefund>('GET', '/refund/get', byId(rest))).no, 'SUCCESS');
      expect(await t.app.jobHandlers.get('payRefundSyncJob')!('')).toMatch(/^同步到退款结果 [1-9]\d* 个$/);
      expect(await ok<PayRefund>('GET', '/refund/get', byId(rest))).toMatchObject({ status: 10 });
      expect((await ok<PayDemoOrder>('GET', '/demo-order/get', byId(demo.id))).refundPrice).toBe(100);
    });

    it('gives back a refused refund’s amount', async () => {
      const demo = await newOrder();
      await ok('POST', '/order/submit', { body: { id: demo.payOrderId, channelCode: 'wx_native' } });
      await post('order', wx.notification('transaction', await attemptNo(demo.payOrderId), 'SUCCESS'));
      wx.setRefundStatus('ABNORMAL');
      const id = await ok<number>('POST', '/refund/create', {
        body: { orderId: demo.payOrderId, price: 100, reason: '全退' },
      });
      expect(await ok<PayRefund>('GET', '/refund/get', byId(id))).toMatchObject({ status: 20 });
      expect(await ok<PayOrder>('GET', '/order/get', byId(demo.payOrderId))).toMatchObject({
        status: 10,
        refundPrice: 0,
      });
      wx.setRefundStatus('SUCCESS');
    });

    it('learns of a payment from the sync job, and gives back money that arrives after closing', async () => {
      const synced = await newOrder();
      await ok('POST', '/order/submit', { body: { id: synced.payOrderId, channelCode: 'wx_native' } });
      wx.markPaid(await attemptNo(synced.payOrderId), 'o-buyer');
      expect(await t.app.jobHandlers.get('payOrderSyncJob')!('')).toMatch(/^同步到支付成功 [1-9]\d* 个$/);
      expect(await ok<PayOrder>('GET', '/order/get', byId(synced.payOrderId))).toMatchObject({
        status: 10,
        channelUserId: 'o-buyer',
      });

      const late = await newOrder();
      await ok('POST', '/order/submit', { body: { id: late.payOrderId, channelCode: 'wx_native' } });
      const no = await attemptNo(late.payOrderId);
      t.clock.now += 3 * 60 * 60 * 1000;
      admin = (await t.login()).accessToken;
      await t.app.jobHandlers.get('payOrderExpireJob')!('');
      expect((await ok<PayOrder>('GET', '/order/get', byId(late.payOrderId))).status).toBe(30);

      expect((await post('order', wx.notification('transaction', no, 'SUCCESS'))).statusCode).toBe(200);
      expect((await ok<PayOrder>('GET', '/order/get', byId(late.payOrderId))).status).toBe(30);
      const refunds = await t.db.kysely
        .selectFrom('payRefund')
        .select(['status', 'refundPrice', 'merchantRefundId'])
        .where('orderId', '=', late.payOrderId)
        .execute();
      expect(refunds).toEqual([{ status: 10, refundPrice: 100, merchantRefundId: `${no}-late` }]);
      expect(await tasks(late.payOrderId, 1)).toHaveLength(0);
      // Again: still one refund.
      await post('order', wx.notification('transaction', no, 'SUCCESS'));
      expect(
        await t.db.kysely
          .selectFrom('payRefund')
          .select('id')
          .where('orderId', '=', late.payOrderId)
          .execute(),
      ).toHaveLength(1);
    });

    it('refuses notifications for unknown channels, and a provider’s refusal comes back as its error', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin-api/pay/notify/order/999999',
        payload: '{}',
      });
      expect(res.statusCode).toBe(400);
      const demo = await newOrder();
      await t.db.kysely.updateTable('payOrder').set({ price: 0 }).where('id', '=', demo.payOrderId).execute();
      const refused = await t.api({
        method: 'POST',
        path: '/pay/order/submit',
        token: admin,
        body: { id: demo.payOrderId, channelCode: 'wx_native' },
      });
      expect(refused.code).toBe(1007002004);
      expect(refused.msg).toMatch(/^发起支付报错，错误码：\w+，错误提示：.+/);
      // An answer whose signature does not verify is not believed.
      const next = await newOrder();
      wx.corruptSignatures(true);
      try {
        const forged = await t.api({
          method: 'POST',
          path: '/pay/order/submit',
          token: admin,
          body: { id: next.payOrderId, channelCode: 'wx_native' },
        });
        expect(forged.code).toBe(1007002004);
        expect(forged.msg).toContain('CHANNEL_UNAVAILABLE');
        expect(forged.msg).toContain('验签失败');
      } finally {
        wx.corruptSignatures(false);
      }
    });
  });

  describe('支付宝', () => {
    const postForm = (channelId: number, body: string) =>
      t.app.inject({
        method: 'POST',
        url: `/admin-api/pay/notify/order/${channelId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        payload: body,
      });

    it('shows a QR code, then pays on the signed form notification, refusing a tampered one', async () => {
      const demo = await newOrder();
      const submitted = await ok<{ status: number; displayMode: string; displayContent: string }>(
        'POST',
        '/order/submit',
        {
          body: { id: demo.payOrderId, channelCode: 'alipay_qr' },
        },
      );
      const no = await attemptNo(demo.payOrderId);
      expect(submitted).toEqual({
        status: 0,
        displayMode: 'qr_code',
        displayContent: alipay.orders.get(no)?.qrCode,
      });
      expect(alipay.requests.at(-1)).toMatchObject({ method: 'alipay.trade.precreate', signatureOk: true });
      expect(alipay.requests.at(-1)?.bizContent).toMatchObject({ out_trade_no: no, total_amount: '1.00' });

      const channelId = alipayChannels.get('alipay_qr')!;
      const paid = alipay.notification(no, 'TRADE_SUCCESS');
      const cheaper = await postForm(channelId, alipay.tamper(paid, { total_amount: '0.01' }));
      expect(cheaper.statusCode).toBe(400);
      expect((await ok<PayOrder>('GET', '/order/get', byId(demo.payOrderId))).status).toBe(0);
      const answer = await postForm(channelId, paid);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('success');
      expect(await ok<PayOrder>('GET', '/order/get', byId(demo.payOrderId))).toMatchObject({
        status: 10,
        channelCode: 'alipay_qr',
        channelOrderNo: alipay.orders.get(no)?.tradeNo,
      });
      // Posted to another channel's address, a notification is not taken.
      expect((await postForm(alipayChannels.get('alipay_pc')!, paid)).statusCode).toBe(400);
    });

    it('pays a bar code at once, refunds half through Alipay, and sends the payer to the PC page', async () => {
      const demo = await newOrder();
      const refused = await t.api({
        method: 'POST',
        path: '/pay/order/submit',
        token: admin,
        body: {
          id: demo.payOrderId,
          channelCode: 'alipay_bar',
          channelExtras: { auth_code: AUTH_CODES.invalid },
        },
      });
      expect(refused.code).toBe(1007002004);
      const paid = await ok<{ status: number }>('POST', '/order/submit', {
        body: {
          id: demo.payOrderId,
          channelCode: 'alipay_bar',
          channelExtras: { auth_code: AUTH_CODES.paid },
        },
      });
      expect(paid.status).toBe(10);
      expect((await ok<PayDemoOrder>('GET', '/demo-order/get', byId(demo.id))).payStatus).toBe(true);
      const refundId = await ok<number>('POST', '/refund/create', {
        body: { orderId: demo.payOrderId, price: 50, reason: '退一半' },
      });
      expect(await ok<PayRefund>('GET', '/refund/get', byId(refundId))).toMatchObject({
        status: 10,
        refundPrice: 50,
      });
      expect(alipay.requests.at(-1)?.bizContent).toMatchObject({ refund_amount: '0.50' });

      const page = await newOrder();
      const submitted = await ok<{ displayMode: string; displayContent: string }>('POST', '/order/submit', {
        body: {
          id: page.payOrderId,
          channelCode: 'alipay_pc',
          returnUrl: 'http://127.0.0.1:5173/pay/cashier?id=1',
        },
      });
      expect(submitted.displayMode).toBe('url');
      expect(submitted.displayContent.startsWith(alipay.url)).toBe(true);
      expect(new URL(submitted.displayContent).searchParams.get('return_url')).toBe(
        'http://127.0.0.1:5173/pay/cashier?id=1',
      );
    });
  });
});
