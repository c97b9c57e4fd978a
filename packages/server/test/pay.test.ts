import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  PageResult,
  PayAppPageItem,
  PayChannel,
  PayDemoOrder,
  PayNotifyTask,
  PayNotifyTaskDetail,
  PayOrder,
  PayOrderDetail,
  PayRefund,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';
import { readSheet } from './users-fixture.js';

/* 支付管理: apps and channels, the cashier's submit, refunds, merchant notifications, demo orders. */

const PRIVATE_KEY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC-secret-tail';

/** A merchant: answers every notification with `answer` and keeps what it received. */
const startMerchant = async (answer: () => { status: number; body: string }) => {
  const received: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body));
      const { status, body: reply } = answer();
      res.writeHead(status, { 'content-type': 'application/json' }).end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notify`,
    received,
    close: () => new Promise((r) => server.close(r)),
  };
};

describe.each(DIALECTS)('pay on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let merchant: Awaited<ReturnType<typeof startMerchant>>;
  let merchantAnswer = { status: 200, body: '{"code":0,"data":true}' };
  let appId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PAY_NOTIFY_ALLOWED_HOSTS: '127.0.0.1' } });
    // The tests drive the notifier themselves.
    await t.app.payNotifier.stop();
    admin = (await t.login()).accessToken;
    merchant = await startMerchant(() => merchantAnswer);
  });
  afterAll(async () => {
    await t.close();
    await merchant.close();
  });

  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    extra: { query?: Record<string, string>; body?: unknown } = {},
    token: string | null = admin,
    tenant: number = 1,
  ) => {
    const res = await t.api({ method, path: `/pay${path}`, token, tenant, ...extra });
    return res as typeof res & { data: T };
  };
  const ok = async <T = unknown>(...args: Parameters<typeof call>): Promise<T> => {
    const res = await call<T>(...args);
    expect(res.code, `${args[1]}: ${res.msg}`).toBe(0);
    return res.data;
  };
  const byId = (id: number) => ({ query: { id: String(id) } });
  const appBody = (name: string) => ({
    name,
    status: 0,
    orderNotifyUrl: merchant.url,
    refundNotifyUrl: merchant.url,
    remark: null,
  });
  const addChannel = (app: number, code: string, config: unknown = {}, status = 0) =>
    call<number>('POST', '/channel/create', {
      body: { appId: app, code, status, feeRate: 0.6, remark: null, config: JSON.stringify(config) },
    });
  const demoOrder = async (spuId = 3, app = appId) => {
    const id = await ok<number>('POST', '/demo-order/create', { body: { spuId, appId: app } });
    return ok<PayDemoOrder>('GET', '/demo-order/get', byId(id));
  };
  const submit = (id: number, channelCode: string, extra: Record<string, unknown> = {}) =>
    call<{ status: number }>('POST', '/order/submit', {
      body: { id, channelCode, returnUrl: '/pay/cashier', ...extra },
    });

  describe('apps and channels', () => {
    it('creates an app, configures channels and shows which are configured', async () => {
      expect((await call('POST', '/demo-order/create', { body: { spuId: 1 } })).code).toBe(1007900011);
      const bad = await call('POST', '/app/create', {
        body: { ...appBody('坏地址'), orderNotifyUrl: 'ftp://x' },
      });
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('支付结果的回调地址必须是 http 或 https 地址');
      appId = await ok<number>('POST', '/app/create', { body: appBody('商城应用') });
      expect(await ok('GET', '/channel/get', { query: { appId: String(appId), code: 'mock' } })).toBeNull();
      expect((await addChannel(appId, 'mock')).code).toBe(0);
      expect((await addChannel(appId, 'wallet')).code).toBe(0);
      expect((await addChannel(appId, 'mock')).code).toBe(1007001004);
      expect((await addChannel(appId, 'nope')).code).toBe(400);
      expect((await addChannel(999999, 'mock')).code).toBe(1007000000);
      const page = await ok<PageResult<PayAppPageItem>>('GET', '/app/page', { query: { name: '商城' } });
      expect(page.list).toEqual([
        expect.objectContaining({
          id: appId,
          name: '商城应用',
          status: 0,
          channelCodes: expect.arrayContaining(['mock', 'wallet']),
        }),
      ]);
      await ok('PUT', '/app/update', { body: { ...appBody('商城应用'), id: appId, remark: '主应用' } });
      expect((await ok<{ remark: string }>('GET', '/app/get', byId(appId))).remark).toBe('主应用');
      expect((await call('GET', '/app/get', byId(999999))).code).toBe(1007000000);
      expect((await ok<{ id: number }[]>('GET', '/app/list')).map((a) => a.id)).toContain(appId);
    });

    it('keeps channel secrets sealed and masked, and keeps them when the mask comes back', async () => {
      const alipay = {
        appId: '2021000000000001',
        serverUrl: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
        signType: 'RSA2',
        mode: 1,
        privateKey: PRIVATE_KEY,
        alipayPublicKey: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA-public',
      };
      const missing = await addChannel(appId, 'alipay_pc', { ...alipay, alipayPublicKey: '' });
      expect(missing.code).toBe(1007001002);
      expect(missing.msg).toBe('渠道配置不正确：支付宝公钥不能为空');
      expect((await addChannel(appId, 'alipay_pc', alipay)).code).toBe(0);
      const stored = await t.db.kysely
        .selectFrom('payChannel')
        .select('config')
        .where('code', '=', 'alipay_pc')
        .executeTakeFirstOrThrow();
      expect(stored.config).not.toContain('secret-tail');
      const shown = (await ok<PayChannel>('GET', '/channel/get', {
        query: { appId: String(appId), code: 'alipay_pc' },
      }))!;
      const config = JSON.parse(shown.config) as Record<string, string>;
      expect(config.privateKey).toBe('******tail');
      expect(config.alipayPublicKey).toBe(alipay.alipayPublicKey);
      await ok('PUT', '/channel/update', {
        body: { id: shown.id, status: 1, feeRate: 1, remark: '停用', config: shown.config },
      });
      const again = JSON.parse(
        (await ok<PayChannel>('GET', '/channel/get', { query: { appId: String(appId), code: 'alipay_pc' } }))!
          .config,
      );
      expect(again.privateKey).toBe('******tail');
      const forged = await call('PUT', '/channel/update', {
        body: {
          id: shown.id,
          status: 1,
          feeRate: 1,
          remark: null,
          config: JSON.stringify({ ...config, privateKey: '******abcd' }),
        },
      });
      expect(forged.code).toBe(1007001002);
      const wx = {
        appId: 'wx1',
        mchId: '1900000001',
        apiVersion: 'v3',
        apiV3Key: 'k'.repeat(32),
        privateKeyContent: 'pem',
        certSerialNo: '',
      };
      expect((await addChannel(appId, 'wx_native', wx)).msg).toBe('渠道配置不正确：证书序列号不能为空');
    });
  });

  describe('paying and refunding', () => {
    it('pays a demo order with mock once, records it and notifies the merchant', async () => {
      const demo = await demoOrder(3);
      expect(demo).toMatchObject({ spuName: '苹果手表', price: 100, payStatus: false, refundPrice: 0 });
      const order = await ok<PayOrder>('GET', '/order/get', byId(demo.payOrderId));
      expect(order).toMatchObject({
        status: 0,
        price: 100,
        merchantOrderId: String(demo.id),
        subject: '苹果手表',
      });
      expect((await submit(order.id, 'alipay_pc')).code).toBe(1007001001);
      expect((await submit(order.id, 'wx_pub')).code).toBe(1007001000);

      const paid = await submit(order.id, 'mock');
      expect(paid.code, paid.msg).toBe(0);
      expect(paid.data).toEqual({ status: 10, displayMode: null, displayContent: null });
      expect((await submit(order.id, 'mock')).code).toBe(1007002002);

      const detail = await ok<PayOrderDetail>('GET', '/order/get-detail', byId(order.id));
      expect(detail).toMatchObject({
        status: 10,
        channelCode: 'mock',
        appName: '商城应用',
        channelFeePrice: 1,
        channelFeeRate: 0.6,
      });
      expect(detail.no).toMatch(/^P\d{20}$/);
      expect(detail.extension?.no).toBe(detail.no);
      expect(detail.extension?.channelNotifyData).toContain('MOCK_SUCCESS');
      expect((await ok<PayDemoOrder>('GET', '/demo-order/get', byId(demo.id))).payStatus).toBe(true);

      const tasks = await ok<PageResult<PayNotifyTask>>('GET', '/notify/page', {
        query: { dataId: String(order.id), type: '1' },
      });
      expect(tasks.list).toEqual([
        expect.objectContaining({ status: 0, notifyTimes: 0, maxNotifyTimes: 9, appName: '商城应用' }),
      ]);
      merchantAnswer = { status: 200, body: '{"code":0,"data":true}' };
      expect(await t.app.payNotifier.pollOnce()).toBeGreaterThanOrEqual(1);
      expect(merchant.received).toContainEqual({ merchantOrderId: String(demo.id), payOrderId: order.id });
      const sent = await ok<PayNotifyTaskDetail>('GET', '/notify/get-detail', byId(tasks.list[0]!.id));
      expect(sent).toMatchObject({ status: 10, notifyTimes: 1 });
      expect(sent.logs).toEqual([
        expect.objectContaining({
          status: 10,
          notifyTimes: 1,
          response: expect.stringContaining('"code":0'),
        }),
      ]);
    });

    it('refunds part and then the rest, never more than paid', async () => {
      const demo = await demoOrder(4);
      expect(
        (
          await call('POST', '/refund/create', {
            body: { orderId: demo.payOrderId, price: 1, reason: '未付' },
          })
        ).code,
      ).toBe(1007002005);
      expect((await call('PUT', '/demo-order/refund', byId(demo.id))).code).toBe(1007900005);
      await ok('POST', '/order/submit', { body: { id: demo.payOrderId, channelCode: 'mock' } });
      expect(
        (
          await call('POST', '/refund/create', {
            body: { orderId: demo.payOrderId, price: 1001, reason: '太多' },
          })
        ).code,
      ).toBe(1007006000);
      expect(
        (await call('POST', '/refund/create', { body: { orderId: demo.payOrderId, price: 0, reason: 'x' } }))
          .code,
      ).toBe(400);
      const refundId = await ok<number>('POST', '/refund/create', {
        body: { orderId: demo.payOrderId, price: 500, reason: '退一半' },
      });
      const refund = await ok<PayRefund>('GET', '/refund/get', byId(refundId));
      expect(refund).toMatchObject({
        status: 10,
        payPrice: 1000,
        refundPrice: 500,
        reason: '退一半',
        channelCode: 'mock',
        appName: '商城应用',
      });
      expect(refund.channelRefundNo).toBe(`MOCK-${refund.no}`);
      expect(await ok<PayOrder>('GET', '/order/get', byId(demo.payOrderId))).toMatchObject({
        status: 20,
        refundPrice: 500,
      });
      expect((await ok<PayDemoOrder>('GET', '/demo-order/get', byId(demo.id))).refundPrice).toBe(500);

      await ok('PUT', '/demo-order/refund', byId(demo.id));
      expect(await ok<PayDemoOrder>('GET', '/demo-order/get', byId(demo.id))).toMatchObject({
        refundPrice: 1000,
      });
      expect((await call('PUT', '/demo-order/refund', byId(demo.id))).code).toBe(1007900006);
      expect(
        (
          await call('POST', '/refund/create', {
            body: { orderId: demo.payOrderId, price: 1, reason: '再退' },
          })
        ).code,
      ).toBe(1007006000);
      const refunds = await ok<PageResult<PayRefund>>('GET', '/refund/page', {
        query: { merchantOrderId: String(demo.id) },
      });
      expect(refunds.list.map((r) => r.refundPrice)).toEqual([500, 500]);
      const notified = await ok<PageResult<PayNotifyTask>>('GET', '/notify/page', {
        query: { type: '2', merchantOrderId: String(demo.id) },
      });
      expect(notified.total).toBe(2);
    });

    it('refuses expired and closed orders, and the expiry job closes them', async () => {
      const demo = await demoOrder(1);
      t.clock.now += 3 * 60 * 60 * 1000;
      // The clock moved past the token's life too.
      admin = (await t.login()).accessToken;
      expect((await submit(demo.payOrderId, 'mock')).code).toBe(1007002003);
      const handler = t.app.jobHandlers.get('payOrderExpireJob')!;
      expect(await handler('')).toMatch(/^支付过期 [1-9]\d* 个$/);
      expect((await ok<PayOrder>('GET', '/order/get', byId(demo.payOrderId))).status).toBe(30);
      expect((await submit(demo.payOrderId, 'mock')).code).toBe(1007002001);
    });

    it('pays one order once however many submits race', async () => {
      const demo = await demoOrder(2);
      const results = await Promise.all(Array.from({ length: 50 }, () => submit(demo.payOrderId, 'mock')));
      expect(results.filter((r) => r.code === 0)).toHaveLength(1);
      expect(new Set(results.filter((r) => r.code !== 0).map((r) => r.code))).toSatisfy(
        (codes: Set<number>) => [...codes].every((c) => [1007002001, 1007002002].includes(c)),
      );
      const k = t.db.kysely;
      const paidAttempts = await k
        .selectFrom('payOrderExtension')
        .select('id')
        .where('orderId', '=', demo.payOrderId)
        .where('status', '=', 10)
        .execute();
      expect(paidAttempts).toHaveLength(1);
      const tasks = await k
        .selectFrom('payNotifyTask')
        .select('id')
        .where('type', '=', 1)
        .where('dataId', '=', demo.payOrderId)
        .execute();
      expect(tasks).toHaveLength(1);
    });

    it('debits the wallet and never overdraws it, concurrent payments included', async () => {
      const demo = await demoOrder(3);
      expect((await submit(demo.payOrderId, 'wallet')).code).toBe(1007007000);
      const k = t.db.kysely;
      const now = t.clock.now;
      await k
        .insertInto('payWallet')
        .values({
          tenantId: 1,
          userId: 1,
          userType: 2,
          balance: 1000,
          totalExpense: 0,
          totalRecharge: 1000,
          creator: '1',
          createTime: now,
          updater: '1',
          updateTime: now,
          deleted: 0,
        })
        .execute();
      const orders = await Promise.all(Array.from({ length: 50 }, () => demoOrder(3)));
      const results = await Promise.all(orders.map((o) => submit(o.payOrderId, 'wallet')));
      expect(results.filter((r) => r.code === 0)).toHaveLength(10);
      expect(results.filter((r) => r.code !== 0).every((r) => r.code === 1007007001)).toBe(true);
      const wallet = await k
        .selectFrom('payWallet')
        .select(['id', 'balance', 'totalExpense'])
        .where('userId', '=', 1)
        .executeTakeFirstOrThrow();
      expect(wallet).toMatchObject({ balance: 0, totalExpense: 1000 });
      const debits = await k
        .selectFrom('payWalletTransaction')
        .select(['price', 'balance'])
        .where('walletId', '=', wallet.id)
        .execute();
      expect(debits).toHaveLength(10);
      expect(debits.every((d) => d.price === -100 && d.balance >= 0)).toBe(true);
      // A refund gives the money back to the wallet that paid.
      const paid = orders[results.findIndex((r) => r.code === 0)]!;
      await ok('PUT', '/demo-order/refund', byId(paid.id));
      expect(
        (
          await k
            .selectFrom('payWallet')
            .select('balance')
            .where('id', '=', wallet.id)
            .executeTakeFirstOrThrow()
        ).balance,
      ).toBe(100);
    });

    it('retries a failing merchant on the schedule and refuses private addresses not allowed', async () => {
      const demo = await demoOrder(2);
      await ok('POST', '/order/submit', { body: { id: demo.payOrderId, channelCode: 'mock' } });
      merchantAnswer = { status: 200, body: '{"code":500,"msg":"忙"}' };
      await t.app.payNotifier.pollOnce();
      const [task] = (
        await ok<PageResult<PayNotifyTask>>('GET', '/notify/page', {
          query: { dataId: String(demo.payOrderId), type: '1' },
        })
      ).list;
      expect(task).toMatchObject({ status: 21, notifyTimes: 1 });
      expect(task!.nextNotifyTime - task!.lastExecuteTime!).toBe(15_000);
      // Not due yet: nothing is sent.
      expect(await t.app.payNotifier.pollOnce()).toBe(0);
      merchantAnswer = { status: 502, body: 'bad gateway' };
      t.clock.now += 15_000;
      await t.app.payNotifier.pollOnce();
      const failed = await ok<PayNotifyTaskDetail>('GET', '/notify/get-detail', byId(task!.id));
      expect(failed).toMatchObject({ status: 22, notifyTimes: 2 });
      expect(failed.logs.map((l) => l.status)).toEqual([22, 21]);

      const strict = await createTestApp(dialect);
      try {
        await strict.app.payNotifier.stop();
        const token = (await strict.login()).accessToken;
        const res = await strict.api({
          method: 'POST',
          path: '/pay/app/create',
          token,
          body: appBody('内网'),
        });
        const app = res.data as number;
        await strict.api({
          method: 'POST',
          path: '/pay/channel/create',
          token,
          body: { appId: app, code: 'mock', status: 0, feeRate: 0, config: '{}' },
        });
        const created = await strict.api({
          method: 'POST',
          path: '/pay/demo-order/create',
          token,
          body: { spuId: 1 },
        });
        const demoRow = await strict.api({
          method: 'GET',
          path: '/pay/demo-order/get',
          token,
          query: { id: String(created.data) },
        });
        await strict.api({
          method: 'POST',
          path: '/pay/order/submit',
          token,
          body: { id: (demoRow.data as PayDemoOrder).payOrderId, channelCode: 'mock' },
        });
        const before = merchant.received.length;
        await strict.app.payNotifier.pollOnce();
        expect(merchant.received).toHaveLength(before);
        const log = await strict.db.kysely
          .selectFrom('payNotifyLog')
          .select(['status', 'response'])
          .executeTakeFirstOrThrow();
        expect(log.status).toBe(22);
        expect(log.response).toContain('指向本机或内网地址');
      } finally {
        await strict.close();
      }
    });

    it('lists and exports orders with their filters', async () => {
      const page = await ok<PageResult<PayOrder & { appName: string }>>('GET', '/order/page', {
        query: { status: '10', channelCode: 'mock', appId: String(appId) },
      });
      expect(page.total).toBeGreaterThan(0);
      expect(
        page.list.every((o) => o.status === 10 && o.channelCode === 'mock' && o.appName === '商城应用'),
      ).toBe(true);
      expect((await call('GET', '/order/page', { query: { status: '7' } })).code).toBe(400);
      expect((await call('GET', '/order/page', { query: { channelCode: 'cash' } })).code).toBe(400);
      const sheet = await t.app.inject({
        method: 'GET',
        url: '/admin-api/pay/order/export-excel',
        query: { status: '10', channelCode: 'mock', appId: String(appId) },
        headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
      });
      const rows = await readSheet(sheet.rawPayload);
      expect(rows[0]).toContain('商户单号');
      expect(rows.length - 1).toBe(page.total);
      expect(rows.slice(1).every((r) => r.includes('支付成功'))).toBe(true);
      const refunds = await t.app.inject({
        method: 'GET',
        url: '/admin-api/pay/refund/export-excel',
        headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
      });
      expect((await readSheet(refunds.rawPayload))[0]).toContain('商户退款单号');
    });

    it('takes orders and refunds from a merchant system through the API', async () => {
      const order = {
        appId,
        merchantOrderId: `M-${t.clock.now}`,
        subject: '会员月卡',
        body: '一个月的会员',
        price: 3000,
        expireTime: t.clock.now + 15 * 60 * 1000,
      };
      for (const [change, message] of [
        [{ price: 0 }, '支付金额必须大于 0'],
        [{ price: 12.5 }, '支付金额必须精确到分'],
        [{ subject: 'x'.repeat(33) }, '商品标题长度不能超过32个字符'],
        [{ merchantOrderId: '' }, '商户订单编号不能为空'],
        [{ expireTime: t.clock.now - 1 }, '支付过期时间必须晚于当前时间'],
      ] as const) {
        const res = await call('POST', '/order/create', { body: { ...order, ...change } });
        expect(res.code, message).toBe(400);
        expect(res.msg).toContain(message);
      }
      expect((await call('POST', '/order/create', { body: { ...order, appId: 999999 } })).code).toBe(
        1007000000,
      );
      const id = await ok<number>('POST', '/order/create', { body: order });
      // The same merchant order again answers the order it made.
      expect(await ok<number>('POST', '/order/create', { body: order })).toBe(id);
      expect(await ok<PayOrder>('GET', '/order/get', byId(id))).toMatchObject({
        status: 0,
        price: 3000,
        merchantOrderId: order.merchantOrderId,
        notifyUrl: merchant.url,
      });
      await ok('POST', '/order/submit', { body: { id, channelCode: 'mock' } });
      const refund = {
        orderId: id,
        price: 1000,
        reason: '商户退款',
        merchantRefundId: `${order.merchantOrderId}-R1`,
      };
      const refundId = await ok<number>('POST', '/refund/create', { body: refund });
      expect((await ok<PayRefund>('GET', '/refund/get', byId(refundId))).merchantRefundId).toBe(
        refund.merchantRefundId,
      );
      expect((await call('POST', '/refund/create', { body: refund })).code).toBe(1007006003);
    });

    it('refuses to delete an app with orders, and deletes one without', async () => {
      expect((await call('DELETE', '/app/delete', byId(appId))).code).toBe(1007000003);
      const empty = await ok<number>('POST', '/app/create', { body: appBody('空应用') });
      await ok('PUT', '/app/update-status', { body: { id: empty, status: 1 } });
      expect((await call('POST', '/demo-order/create', { body: { spuId: 1, appId: empty } })).code).toBe(
        1007000002,
      );
      await ok('DELETE', '/app/delete', byId(empty));
      expect((await call('GET', '/app/get', byId(empty))).code).toBe(1007000000);
    });
  });

  describe('access', () => {
    it('answers 401 without a token and 403 without the permission', async () => {
      expect((await call('GET', '/app/page', {}, null)).code).toBe(401);
      expect((await call('POST', '/order/submit', { body: {} }, null)).code).toBe(401);
      const operator = (await t.login('operator', 'operator123')).accessToken;
      for (const [method, path] of [
        ['GET', '/app/page'],
        ['GET', '/app/list'],
        ['POST', '/app/create'],
        ['PUT', '/app/update-status'],
        ['DELETE', '/app/delete'],
        ['GET', '/channel/get'],
        ['POST', '/channel/create'],
        ['POST', '/order/create'],
        ['GET', '/order/page'],
        ['GET', '/order/get'],
        ['GET', '/order/export-excel'],
        ['GET', '/refund/page'],
        ['POST', '/refund/create'],
        ['GET', '/notify/page'],
      ] as const)
        expect(
          (
            await call(
              method,
              path,
              { body: method === 'GET' || method === 'DELETE' ? undefined : {} },
              operator,
            )
          ).code,
          path,
        ).toBe(403);
    });

    it('keeps tenants apart', async () => {
      const packageId = await createPackage(
        t,
        admin,
        '支付套餐',
        [1117, 1126, 1127, 1128, 1129, 1173, 1174, 1175, 1161, 1162, 1163, 2161, 2301, 2302],
      );
      const other = await createTenantAndSignIn(t, admin, tenantBody(t, packageId, { name: '支付租户' }));
      const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra = {}) =>
        call(method, path, extra, other.token, other.tenantId);
      const [mine] = (await ok<PageResult<PayOrder>>('GET', '/order/page', { query: { status: '10' } })).list;
      expect((await as('GET', '/app/get', byId(appId))).code).toBe(1007000000);
      const foreign = {
        appId,
        merchantOrderId: 'X1',
        subject: '越权',
        body: '越权',
        price: 1,
        expireTime: t.clock.now + 60_000,
      };
      const created = await as('POST', '/order/create', { body: foreign });
      expect(created.code, created.msg).toBe(1007000000);
      expect((await as('GET', '/order/get', byId(mine!.id))).code).toBe(1007002000);
      expect((await as('POST', '/order/submit', { body: { id: mine!.id, channelCode: 'mock' } })).code).toBe(
        1007002000,
      );
      expect(
        (await as('POST', '/refund/create', { body: { orderId: mine!.id, price: 1, reason: '越权' } })).code,
      ).toBe(1007002000);
      expect(
        (
          await as('POST', '/channel/create', {
            body: { appId, code: 'mock', status: 0, feeRate: 0, config: '{}' },
          })
        ).code,
      ).toBe(1007000000);
      expect((await as('POST', '/demo-order/create', { body: { spuId: 1, appId } })).code).toBe(1007000000);
      expect((await as('GET', '/order/page')).data).toEqual({ list: [], total: 0 });
      expect((await as('GET', '/notify/page')).data).toEqual({ list: [], total: 0 });
      expect((await as('GET', '/demo-order/page')).data).toEqual({ list: [], total: 0 });
    });
  });
});
