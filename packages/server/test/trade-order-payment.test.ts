import type { PayOrder, TradeOrderDetail } from '@app/contract';
import {
  PAY_ORDER_STATUS,
  PAY_REFUND_STATUS,
  PayError,
  TRADE_ORDER_CANCEL_TYPE,
  TRADE_ORDER_OPERATE_TYPE,
  TRADE_ORDER_STATUS,
  TradeError,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_USER_TYPE } from '../src/context.js';
import { hashPassword } from '../src/lib/crypto.js';
import { divideAdjustment } from '../src/modules/trade-order/catalogue.js';
import { ITEM_AFTER_SALE_REFUNDED } from '../src/modules/trade-order/payment.js';
import { createTestApp, DIALECTS, type Envelope, type TestApp } from './helper.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';
import {
  createOrder,
  memberOrder,
  openShop,
  submitPayment,
  type PlacedOrder,
  type Shop,
  type ShopMember,
} from './trade-fixture.js';
import { startWechatPeer, type WechatPeer } from './wechat-peer.js';

/*
 * An order's money: its pay order created with it, payment by members through /app-api (mock,
 * wallet, a provider's notification), cancel and close (refunded in full when paid), the console's
 * price adjustment, the auto-cancel job, and the races between them, on every dialect.
 */

const MINUTE = 60 * 1000;
/** 订单列表 and its 查询 / 更新 buttons (migration 043). */
const TRADE_ORDER_MENUS = [2076, 2750, 2751];

describe('divideAdjustment', () => {
  it('shares an adjustment in proportion, in whole fen summing exactly, never below 0', () => {
    expect(divideAdjustment([1000, 2000, 3000], -1001)).toEqual([-167, -334, -500]);
    expect(divideAdjustment([1000, 2000, 3000], 7)).toEqual([1, 2, 4]);
    expect(divideAdjustment([0, 0], 3)).toEqual([2, 1]);
    // A discount beyond the items' total is the freight's: the items go to 0, not below.
    expect(divideAdjustment([100, 300], -1000)).toEqual([-100, -300]);
    expect(divideAdjustment([100, 300], 0)).toEqual([0, 0]);
    // Amounts whose products outgrow a double's exact integers.
    const big = divideAdjustment([999_999_999, 1, 999_999_998], 99_999_999_999);
    expect(big.reduce((a, b) => a + b, 0)).toBe(99_999_999_999);
    for (let i = 0; i < 200; i++) {
      const weights = Array.from({ length: 1 + (i % 7) }, (_, j) => ((i * 7919 + j * 104729) % 50_000) + 1);
      const total = weights.reduce((a, b) => a + b, 0);
      const adjustment = ((i * 15485863) % (2 * total)) - total + 1;
      const shares = divideAdjustment(weights, adjustment);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(adjustment);
      shares.forEach((share, j) => expect(weights[j]! + share).toBeGreaterThanOrEqual(0));
    }
  });
});

describe.each(DIALECTS)('trade order payment on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  let wx: WechatPeer;
  let wxChannelId: number;
  let noRoleToken: string;
  let other: { tenantId: number; token: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // Merchant notifications of the pay app go nowhere: the orders learn of payments in-process.
    await t.app.payNotifier.stop();
    admin = (await t.login()).accessToken;
    shop = await openShop(t, admin);
    wx = await startWechatPeer();
    const channel = await t.api({
      method: 'POST',
      path: '/pay/channel/create',
      token: admin,
      body: {
        appId: shop.appId,
        code: 'wx_native',
        status: 0,
        feeRate: 0,
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
    await t.db.kysely
      .insertInto('systemUsers')
      .values({
        tenantId: 1,
        username: 'norole',
        password: await hashPassword('norole123'),
        nickname: '无角色',
        status: 0,
        remark: null,
        deptId: null,
        email: null,
        mobile: null,
        sex: null,
        avatar: null,
        loginIp: null,
        loginDate: null,
        creator: null,
        updater: null,
      })
      .execute();
    noRoleToken = (await t.login('norole', 'norole123')).accessToken;
    const packageId = await createPackage(t, admin, '交易套餐', TRADE_ORDER_MENUS);
    other = await createTenantAndSignIn(t, admin, tenantBody(t, packageId, { name: '交易租户' }));
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
  });

  // ---------- helpers ----------

  const consoleApi = (
    method: 'GET' | 'PUT',
    path: string,
    extra: { body?: unknown; query?: Record<string, string>; token?: string | null; tenant?: number } = {},
  ) => t.api({ method, path: `/trade/order${path}`, token: admin, tenant: 1, ...extra });
  const close = (id: number, reason = '缺货') => consoleApi('PUT', '/close', { body: { id, reason } });
  const updatePrice = (id: number, adjustPrice: number) =>
    consoleApi('PUT', '/update-price', { body: { id, adjustPrice } });
  const cancel = (member: ShopMember, id: number) =>
    t.api({
      api: 'app',
      method: 'DELETE',
      path: '/trade/order/cancel',
      query: { id: String(id) },
      token: member.token,
    });
  const expectCode = (res: Envelope, code: number) => expect(res.code, res.msg).toBe(code);

  const orderRow = (id: number) =>
    t.db.kysely.selectFrom('tradeOrder').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const payOrderRow = (id: number) =>
    t.db.kysely.selectFrom('payOrder').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const refundsOf = (payOrderId: number) =>
    t.db.kysely
      .selectFrom('payRefund')
      .select(['status', 'refundPrice', 'reason', 'merchantRefundId'])
      .where('orderId', '=', payOrderId)
      .execute();
  const logsOf = (orderId: number) =>
    t.db.kysely
      .selectFrom('tradeOrderLog')
      .select(['operateType', 'userType', 'userId', 'beforeStatus', 'afterStatus', 'content'])
      .where('orderId', '=', orderId)
      .orderBy('id')
      .execute();
  const stockOf = async (skuId: number) =>
    (
      await t.db.kysely
        .selectFrom('productSku')
        .select('stock')
        .where('id', '=', skuId)
        .executeTakeFirstOrThrow()
    ).stock;
  const walletOf = async (member: ShopMember) =>
    (
      await t.db.kysely
        .selectFrom('payWallet')
        .select('balance')
        .where('tenantId', '=', 1)
        .where('userType', '=', MEMBER_USER_TYPE)
        .where('userId', '=', member.id)
        .executeTakeFirst()
    )?.balance;
  const giveWallet = (member: ShopMember, balance: number) =>
    t.db.kysely
      .insertInto('payWallet')
      .values({
        tenantId: 1,
        userId: member.id,
        userType: MEMBER_USER_TYPE,
        balance,
        totalExpense: 0,
        totalRecharge: balance,
        creator: null,
        updater: null,
        createTime: t.clock.now,
        updateTime: t.clock.now,
      })
      .execute();
  /** A member's order of `count` units of a fresh product priced `price`. */
  const placed = async (member: ShopMember, price = 1000, count = 1, stock = 10) => {
    const skuId = await shop.product({ price, stock });
    return { skuId, ...(await shop.order(member, [{ skuId, count }])) };
  };
  const attemptNo = async (payOrderId: number) =>
    (
      await t.db.kysely
        .selectFrom('payOrderExtension')
        .select('no')
        .where('orderId', '=', payOrderId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).no;
  const notifyWx = (no: string) => {
    const notification = wx.notification('transaction', no, 'SUCCESS');
    return t.app.inject({
      method: 'POST',
      url: `/admin-api/pay/notify/order/${wxChannelId}`,
      headers: notification.headers,
      payload: notification.body,
    });
  };

  // ---------- creation ----------

  it('creates the pay order with the order: its pay price, subject, app and expiry', async () => {
    const member = await shop.member();
    const tee = await shop.product({ name: '纯棉短袖T恤', price: 1000 });
    const cap = await shop.product({ name: '棒球帽', price: 2500 });
    const created = await createOrder(t, member, [
      { skuId: tee, count: 2 },
      { skuId: cap, count: 1 },
    ]);
    expectCode(created, 0);
    const { id, payOrderId } = created.data;
    expect((await memberOrder(t, member, id)).payOrderId).toBe(payOrderId);
    expect(await payOrderRow(payOrderId)).toMatchObject({
      tenantId: 1,
      appId: shop.appId,
      merchantOrderId: (await orderRow(id)).no,
      subject: '纯棉短袖T恤 等2件',
      body: '纯棉短袖T恤、棒球帽',
      price: 4500,
      status: PAY_ORDER_STATUS.WAITING,
      expireTime: t.clock.now + 120 * MINUTE,
    });

    // The configured time, as 参数配置 holds it.
    await t.db.kysely
      .updateTable('infraConfig')
      .set({ value: '30' })
      .where('configKey', '=', 'trade.order.pay-expire-minutes')
      .execute();
    try {
      const soon = await shop.order(member, [{ skuId: cap, count: 1 }]);
      expect((await payOrderRow(soon.payOrderId)).expireTime).toBe(t.clock.now + 30 * MINUTE);
    } finally {
      await t.db.kysely
        .updateTable('infraConfig')
        .set({ value: '120' })
        .where('configKey', '=', 'trade.order.pay-expire-minutes')
        .execute();
    }
  });

  it('refuses an order while the tenant has no enabled pay app, taking nothing', async () => {
    const member = await shop.member();
    const skuId = await shop.product({ stock: 5 });
    const orders = async () =>
      (await t.db.kysely.selectFrom('tradeOrder').select('id').where('userId', '=', member.id).execute())
        .length;
    await t.db.kysely.updateTable('payApp').set({ status: 1 }).where('id', '=', shop.appId).execute();
    try {
      const refused = await createOrder(t, member, [{ skuId, count: 2 }]);
      expect(refused).toMatchObject({
        code: TradeError.ORDER_PAY_APP_NOT_CONFIGURED.code,
        msg: TradeError.ORDER_PAY_APP_NOT_CONFIGURED.msg,
      });
      expect(await stockOf(skuId)).toBe(5);
      expect(await orders()).toBe(0);
    } finally {
      await t.db.kysely.updateTable('payApp').set({ status: 0 }).where('id', '=', shop.appId).execute();
    }
    expectCode(await createOrder(t, member, [{ skuId, count: 2 }]), 0);
    expect(await stockOf(skuId)).toBe(3);
  });

  // ---------- payment ----------

  it('pays with mock through the member API: 待发货, logged, and only once', async () => {
    const member = await shop.member();
    const order = await placed(member, 1990, 2);
    const paid = await submitPayment(t, member, order.payOrderId);
    expectCode(paid, 0);
    expect(paid.data.status).toBe(PAY_ORDER_STATUS.SUCCESS);
    expect(await memberOrder(t, member, order.id)).toMatchObject({
      status: TRADE_ORDER_STATUS.UNDELIVERED,
      payed: true,
      payTime: t.clock.now,
      payPrice: 3980,
    });
    expect((await orderRow(order.id)).payChannelCode).toBe('mock');
    expect((await payOrderRow(order.payOrderId)).status).toBe(PAY_ORDER_STATUS.SUCCESS);
    expect(await logsOf(order.id)).toEqual([
      expect.objectContaining({ operateType: TRADE_ORDER_OPERATE_TYPE.MEMBER_CREATE }),
      {
        operateType: TRADE_ORDER_OPERATE_TYPE.MEMBER_PAY,
        userType: MEMBER_USER_TYPE,
        userId: member.id,
        beforeStatus: TRADE_ORDER_STATUS.UNPAID,
        afterStatus: TRADE_ORDER_STATUS.UNDELIVERED,
        content: '用户付款成功',
      },
    ]);
    // The console shows it paid.
    const detail = (await consoleApi('GET', '/get-detail', { query: { id: String(order.id) } }))
      .data as TradeOrderDetail;
    expect(detail).toMatchObject({
      status: TRADE_ORDER_STATUS.UNDELIVERED,
      payed: true,
      payChannelCode: 'mock',
    });

    expectCode(await submitPayment(t, member, order.payOrderId), PayError.ORDER_STATUS_IS_SUCCESS.code);
    // Five submits at once: one pays, one log row.
    const again = await placed(member);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => submitPayment(t, member, again.payOrderId)),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(
      (await logsOf(again.id)).filter((l) => l.operateType === TRADE_ORDER_OPERATE_TYPE.MEMBER_PAY),
    ).toHaveLength(1);
  });

  it("pays from the member's own wallet, and refuses what is not the member's order's pay order", async () => {
    const member = await shop.member();
    const order = await placed(member, 1500);
    expectCode(await submitPayment(t, member, order.payOrderId, 'wallet'), PayError.WALLET_NOT_FOUND.code);
    await giveWallet(member, 2000);
    expectCode(await submitPayment(t, member, order.payOrderId, 'wallet'), 0);
    expect(await walletOf(member)).toBe(500);
    expect((await orderRow(order.id)).payChannelCode).toBe('wallet');

    // Another member's order, a pay order of no order (a demo order's), one of another tenant: 不存在.
    const stranger = await shop.member();
    const theirs = await placed(stranger);
    const notFound = PayError.ORDER_NOT_FOUND.code;
    expectCode(await submitPayment(t, member, theirs.payOrderId), notFound);
    // Demo orders share the shop's app, their merchant ids numbers of their own: orders go on.
    const demoId = (
      await t.api({
        method: 'POST',
        path: '/pay/demo-order/create',
        token: admin,
        body: { spuId: 1, appId: shop.appId },
      })
    ).data as number;
    const demo = await t.db.kysely
      .selectFrom('payDemoOrder')
      .select('payOrderId')
      .where('id', '=', demoId)
      .executeTakeFirstOrThrow();
    expectCode(await submitPayment(t, member, demo.payOrderId), notFound);
    expectCode(await submitPayment(t, member, (await placed(member)).payOrderId), 0);
    expect((await orderRow(theirs.id)).status).toBe(TRADE_ORDER_STATUS.UNPAID);

    // Signed-out, a staff token, and a bad body.
    const body = { id: theirs.payOrderId, channelCode: 'mock' };
    expect(await t.api({ api: 'app', method: 'POST', path: '/pay/order/submit', body })).toMatchObject({
      code: 401,
    });
    expectCode(
      await t.api({ api: 'app', method: 'POST', path: '/pay/order/submit', body, token: admin }),
      401,
    );
    const bad = await t.api({
      api: 'app',
      method: 'POST',
      path: '/pay/order/submit',
      body: { id: theirs.payOrderId, channelCode: 'cash' },
      token: member.token,
    });
    expect(bad).toMatchObject({ code: 400, msg: expect.stringContaining('支付渠道不能为空'), data: null });
  });

  it("pays on a provider's notification once, and gives back money that arrives after a cancel", async () => {
    const member = await shop.member();
    const order = await placed(member, 1200);
    const submitted = await submitPayment(t, member, order.payOrderId, 'wx_native');
    expectCode(submitted, 0);
    expect(submitted.data).toMatchObject({ status: PAY_ORDER_STATUS.WAITING, displayMode: 'qr_code' });
    const no = await attemptNo(order.payOrderId);
    for (let i = 0; i < 2; i++) expect((await notifyWx(no)).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      status: TRADE_ORDER_STATUS.UNDELIVERED,
      payed: 1,
      payChannelCode: 'wx_native',
    });
    expect(
      (await logsOf(order.id)).filter((l) => l.operateType === TRADE_ORDER_OPERATE_TYPE.MEMBER_PAY),
    ).toHaveLength(1);

    // Being paid at the provider: the price cannot change under the payer.
    const late = await placed(member, 800, 2, 5);
    expectCode(await submitPayment(t, member, late.payOrderId, 'wx_native'), 0);
    expectCode(await updatePrice(late.id, -100), PayError.ORDER_STATUS_IS_NOT_WAITING.code);
    // Cancelled meanwhile: the pay order closes, and the payment that still arrives goes back.
    expectCode(await cancel(member, late.id), 0);
    expect(await stockOf(late.skuId)).toBe(5);
    const lateNo = await attemptNo(late.payOrderId);
    expect((await notifyWx(lateNo)).statusCode).toBe(200);
    expect((await payOrderRow(late.payOrderId)).status).toBe(PAY_ORDER_STATUS.CLOSED);
    expect(await refundsOf(late.payOrderId)).toEqual([
      expect.objectContaining({
        status: PAY_REFUND_STATUS.SUCCESS,
        refundPrice: 1600,
        merchantRefundId: `${lateNo}-late`,
      }),
    ]);
    expect(await orderRow(late.id)).toMatchObject({
      status: TRADE_ORDER_STATUS.CANCELED,
      payed: 0,
      refundPrice: 0,
    });
    expect(await stockOf(late.skuId)).toBe(5);
  });

  // ---------- cancel and close ----------

  it('cancels an unpaid order: stock back, pay order closed, a later payment refused', async () => {
    const member = await shop.member();
    const order = await placed(member, 1000, 3, 10);
    expect(await stockOf(order.skuId)).toBe(7);
    expectCode(await cancel(member, order.id), 0);
    expect(await stockOf(order.skuId)).toBe(10);
    expect((await payOrderRow(order.payOrderId)).status).toBe(PAY_ORDER_STATUS.CLOSED);
    expectCode(await submitPayment(t, member, order.payOrderId), PayError.ORDER_STATUS_IS_NOT_WAITING.code);
    expect(await orderRow(order.id)).toMatchObject({
      status: TRADE_ORDER_STATUS.CANCELED,
      cancelType: TRADE_ORDER_CANCEL_TYPE.MEMBER_CANCEL,
      payed: 0,
    });
    // A paid order is not the member's to cancel.
    const paid = await shop.paidOrder(member);
    expectCode(await cancel(member, paid.id), TradeError.ORDER_CANCEL_FAIL_STATUS_NOT_UNPAID.code);
  });

  it('closes an unpaid order in the console, logged with the operator and reason', async () => {
    const member = await shop.member();
    const order = await placed(member, 1000, 2, 10);
    expectCode(await close(order.id, '买家要求取消'), 0);
    expect(await orderRow(order.id)).toMatchObject({
      status: TRADE_ORDER_STATUS.CANCELED,
      cancelType: TRADE_ORDER_CANCEL_TYPE.ADMIN_CLOSE,
      cancelTime: t.clock.now,
      refundPrice: 0,
    });
    expect(await stockOf(order.skuId)).toBe(10);
    expect((await payOrderRow(order.payOrderId)).status).toBe(PAY_ORDER_STATUS.CLOSED);
    expect(await refundsOf(order.payOrderId)).toEqual([]);
    expect((await logsOf(order.id)).at(-1)).toEqual({
      operateType: TRADE_ORDER_OPERATE_TYPE.ADMIN_CLOSE,
      userType: 2,
      userId: 1,
      beforeStatus: TRADE_ORDER_STATUS.UNPAID,
      afterStatus: TRADE_ORDER_STATUS.CANCELED,
      content: '管理员关闭订单，原因：买家要求取消',
    });
    expectCode(await submitPayment(t, member, order.payOrderId), PayError.ORDER_STATUS_IS_NOT_WAITING.code);
    expectCode(await close(order.id), TradeError.ORDER_CLOSE_FAIL_STATUS.code);
  });

  it('closes a paid order with a full refund: recorded, stock back, items refunded', async () => {
    const member = await shop.member();
    const skuId = await shop.product({ price: 3300, stock: 10 });
    const order = await shop.paidOrder(member, [{ skuId, count: 2 }]);
    expect(await stockOf(skuId)).toBe(8);
    expectCode(await close(order.id, '商品质量问题'), 0);
    expect(await orderRow(order.id)).toMatchObject({
      status: TRADE_ORDER_STATUS.CANCELED,
      cancelType: TRADE_ORDER_CANCEL_TYPE.ADMIN_CLOSE,
      payed: 1,
      refundPrice: 6600,
    });
    expect(await stockOf(skuId)).toBe(10);
    expect(await refundsOf(order.payOrderId)).toEqual([
      {
        status: PAY_REFUND_STATUS.SUCCESS,
        refundPrice: 6600,
        reason: '商品质量问题',
        merchantRefundId: `${(await orderRow(order.id)).no}-close`,
      },
    ]);
    expect(await payOrderRow(order.payOrderId)).toMatchObject({
      status: PAY_ORDER_STATUS.REFUND,
      refundPrice: 6600,
    });
    const items = await t.db.kysely
      .selectFrom('tradeOrderItem')
      .select('afterSaleStatus')
      .where('orderId', '=', order.id)
      .execute();
    expect(items).toEqual([{ afterSaleStatus: ITEM_AFTER_SALE_REFUNDED }]);
    expect((await logsOf(order.id)).at(-1)).toMatchObject({
      operateType: TRADE_ORDER_OPERATE_TYPE.ADMIN_CLOSE,
      beforeStatus: TRADE_ORDER_STATUS.UNDELIVERED,
      content: '管理员关闭订单并退款 ¥66.00，原因：商品质量问题',
    });
    expectCode(await close(order.id), TradeError.ORDER_CLOSE_FAIL_STATUS.code);

    // Part refunded in the pay console first: recorded on the order, and the close refunds the rest.
    const part = await shop.paidOrder(member, [{ skuId, count: 1 }]);
    const refunded = await t.api({
      method: 'POST',
      path: '/pay/refund/create',
      token: admin,
      body: { orderId: part.payOrderId, price: 1000, reason: '差价' },
    });
    expectCode(refunded, 0);
    expect((await orderRow(part.id)).refundPrice).toBe(1000);
    expectCode(await close(part.id, '缺货'), 0);
    expect((await orderRow(part.id)).refundPrice).toBe(3300);
    expect((await refundsOf(part.payOrderId)).map((r) => r.refundPrice)).toEqual([1000, 2300]);
    expect((await logsOf(part.id)).at(-1)?.content).toBe('管理员关闭订单并退款 ¥23.00，原因：缺货');

    await giveWallet(member, 5000);
    const byWallet = await placed(member, 1800);
    expectCode(await submitPayment(t, member, byWallet.payOrderId, 'wallet'), 0);
    expect(await walletOf(member)).toBe(3200);
    expectCode(await close(byWallet.id), 0);
    expect(await walletOf(member)).toBe(5000);
  });

  it('refuses to close a shipped or finished order, and one of another tenant', async () => {
    const member = await shop.member();
    for (const status of [TRADE_ORDER_STATUS.DELIVERED, TRADE_ORDER_STATUS.COMPLETED]) {
      const order = await shop.paidOrder(member);
      await t.db.kysely.updateTable('tradeOrder').set({ status }).where('id', '=', order.id).execute();
      expectCode(await close(order.id), TradeError.ORDER_CLOSE_FAIL_STATUS.code);
      expect(await refundsOf(order.payOrderId)).toEqual([]);
    }
    const order = await placed(member);
    const foreign = { token: other.token, tenant: other.tenantId };
    expectCode(
      await consoleApi('PUT', '/close', { body: { id: order.id, reason: '越权' }, ...foreign }),
      TradeError.ORDER_NOT_FOUND.code,
    );
    expectCode(
      await consoleApi('PUT', '/update-price', { body: { id: order.id, adjustPrice: -1 }, ...foreign }),
      TradeError.ORDER_NOT_FOUND.code,
    );
    expectCode(await close(999_999_999), TradeError.ORDER_NOT_FOUND.code);
    expect((await orderRow(order.id)).status).toBe(TRADE_ORDER_STATUS.UNPAID);
  });

  it('guards the console actions: 401, 403, and validation in Chinese', async () => {
    const order = await placed(await shop.member());
    for (const [path, body] of [
      ['/close', { id: order.id, reason: '原因' }],
      ['/update-price', { id: order.id, adjustPrice: -1 }],
    ] as const) {
      expect(await consoleApi('PUT', path, { body, token: null })).toMatchObject({
        code: 401,
        msg: '账号未登录',
      });
      expect(await consoleApi('PUT', path, { body, token: noRoleToken })).toMatchObject({
        code: 403,
        msg: '没有该操作权限',
      });
    }
    expect(await consoleApi('PUT', '/close', { body: { id: order.id, reason: ' ' } })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('关闭原因不能为空'),
    });
    expect(
      await consoleApi('PUT', '/update-price', { body: { id: order.id, adjustPrice: 1.5 } }),
    ).toMatchObject({
      code: 400,
      msg: expect.stringContaining('调整金额必须精确到分'),
    });
    expect(await consoleApi('PUT', '/update-price', { body: { id: order.id } })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('调整金额不能为空'),
    });
    expect((await orderRow(order.id)).status).toBe(TRADE_ORDER_STATUS.UNPAID);
  });

  // ---------- price adjustment ----------

  it('adjusts an unpaid order once, sharing it among the items and re-pricing its pay order', async () => {
    const member = await shop.member();
    const skus = [
      await shop.product({ price: 1000 }),
      await shop.product({ price: 2000 }),
      await shop.product({ price: 3000 }),
    ];
    const order = await shop.order(
      member,
      skus.map((skuId) => ({ skuId, count: 1 })),
    );
    expectCode(await updatePrice(order.id, -1001), 0);
    expect(await orderRow(order.id)).toMatchObject({
      adjustPrice: -1001,
      payPrice: 4999,
      originalPrice: 6000,
    });
    const items = await t.db.kysely
      .selectFrom('tradeOrderItem')
      .select('payPrice')
      .where('orderId', '=', order.id)
      .orderBy('id')
      .execute();
    expect(items.map((i) => i.payPrice)).toEqual([833, 1666, 2500]);
    expect((await payOrderRow(order.payOrderId)).price).toBe(4999);
    expect((await logsOf(order.id)).at(-1)).toEqual({
      operateType: TRADE_ORDER_OPERATE_TYPE.ADMIN_UPDATE_PRICE,
      userType: 2,
      userId: 1,
      beforeStatus: TRADE_ORDER_STATUS.UNPAID,
      afterStatus: TRADE_ORDER_STATUS.UNPAID,
      content: '订单价格 ¥60.00 调整 -¥10.01，实付 ¥49.99',
    });
    expectCode(await updatePrice(order.id, -1), TradeError.ORDER_UPDATE_PRICE_FAIL_ALREADY.code);
    // Paid at the new price.
    await shop.pay(member, order);
    expect(await memberOrder(t, member, order.id)).toMatchObject({
      status: TRADE_ORDER_STATUS.UNDELIVERED,
      payPrice: 4999,
    });
    expectCode(await updatePrice(order.id, 100), TradeError.ORDER_UPDATE_PRICE_FAIL_PAID.code);

    // Never below 1 fen; exactly 1 fen is fine; a surcharge too.
    const cheap = await placed(member, 500);
    expectCode(await updatePrice(cheap.id, -500), TradeError.ORDER_UPDATE_PRICE_FAIL_PRICE_ERROR.code);
    expect((await payOrderRow(cheap.payOrderId)).price).toBe(500);
    expectCode(await updatePrice(cheap.id, -499), 0);
    expect((await payOrderRow(cheap.payOrderId)).price).toBe(1);
    const dear = await placed(member, 500);
    expectCode(await updatePrice(dear.id, 250), 0);
    expect((await logsOf(dear.id)).at(-1)?.content).toBe('订单价格 ¥5.00 调整 +¥2.50，实付 ¥7.50');
    // Cancelled: no longer 待支付.
    const gone = await placed(member);
    expectCode(await cancel(member, gone.id), 0);
    expectCode(await updatePrice(gone.id, -1), TradeError.ORDER_UPDATE_PRICE_FAIL_PAID.code);
    // Two adjustments at once: one lands, on the order and its pay order alike.
    const raced = await placed(member, 1000);
    const results = await Promise.all([updatePrice(raced.id, -100), updatePrice(raced.id, -300)]);
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    const row = await orderRow(raced.id);
    expect([-100, -300]).toContain(row.adjustPrice);
    expect((await payOrderRow(raced.payOrderId)).price).toBe(row.payPrice);
  });

  // ---------- races ----------

  it('never both pays and cancels: stock and wallet stay right', async () => {
    const member = await shop.member();
    await giveWallet(member, 100_000);
    const skuId = await shop.product({ price: 1000, stock: 50 });
    const orders: PlacedOrder[] = [];
    for (let i = 0; i < 6; i++) orders.push(await shop.order(member, [{ skuId, count: 2 }]));
    const outcomes = await Promise.all(
      orders.map((order) =>
        Promise.all([submitPayment(t, member, order.payOrderId, 'wallet'), cancel(member, order.id)]),
      ),
    );
    let paidCount = 0;
    for (const [index, [paid, cancelled]] of outcomes.entries()) {
      // Exactly one of the two wins.
      expect(
        [paid.code, cancelled.code].filter((code) => code === 0),
        `${paid.msg} / ${cancelled.msg}`,
      ).toHaveLength(1);
      const row = await orderRow(orders[index]!.id);
      const pay = await payOrderRow(orders[index]!.payOrderId);
      if (paid.code === 0) {
        paidCount += 1;
        expect(row.status).toBe(TRADE_ORDER_STATUS.UNDELIVERED);
        expect(pay.status).toBe(PAY_ORDER_STATUS.SUCCESS);
      } else {
        expect(row.status).toBe(TRADE_ORDER_STATUS.CANCELED);
        expect(pay.status).toBe(PAY_ORDER_STATUS.CLOSED);
      }
    }
    expect(await stockOf(skuId)).toBe(50 - paidCount * 2);
    expect(await walletOf(member)).toBe(100_000 - paidCount * 2000);
  });

  it('closes once when closes race, and refunds a payment that beats a close', async () => {
    const member = await shop.member();
    const skuId = await shop.product({ price: 700, stock: 20 });
    const paid = await shop.paidOrder(member, [{ skuId, count: 3 }]);
    const unpaid = await shop.order(member, [{ skuId, count: 4 }]);
    expect(await stockOf(skuId)).toBe(13);
    const [paidCloses, unpaidCloses] = await Promise.all([
      Promise.all([close(paid.id), close(paid.id), close(paid.id)]),
      Promise.all([close(unpaid.id), close(unpaid.id), close(unpaid.id)]),
    ]);
    for (const results of [paidCloses, unpaidCloses]) {
      expect(results.filter((r) => r.code === 0)).toHaveLength(1);
      expect(
        results.filter((r) => r.code !== 0).every((r) => r.code === TradeError.ORDER_CLOSE_FAIL_STATUS.code),
      ).toBe(true);
    }
    expect(await stockOf(skuId)).toBe(20);
    expect(await refundsOf(paid.payOrderId)).toHaveLength(1);
    expect((await orderRow(paid.id)).refundPrice).toBe(2100);
    expect(await refundsOf(unpaid.payOrderId)).toEqual([]);

    // A payment and a close at once: closed either way, the money back when it was taken.
    const raced = await shop.order(member, [{ skuId, count: 5 }]);
    const [closed] = await Promise.all([close(raced.id), submitPayment(t, member, raced.payOrderId)]);
    expectCode(closed, 0);
    const row = await orderRow(raced.id);
    expect(row.status).toBe(TRADE_ORDER_STATUS.CANCELED);
    const pay = await payOrderRow(raced.payOrderId);
    if (pay.status === PAY_ORDER_STATUS.CLOSED) expect(row.refundPrice).toBe(0);
    else
      expect([pay.status, pay.refundPrice, row.refundPrice]).toEqual([PAY_ORDER_STATUS.REFUND, 3500, 3500]);
    expect(await stockOf(skuId)).toBe(20);
  });

  // ---------- the auto-cancel job (moves the clock: last) ----------

  it('auto-cancels the orders unpaid past the configured minutes, and those only', async () => {
    const run = t.app.jobHandlers.get('tradeOrderAutoCancelJob')!;
    const member = await shop.member();
    const skuId = await shop.product({ stock: 10 });
    const old = await shop.order(member, [{ skuId, count: 2 }]);
    t.clock.now += 60 * MINUTE;
    // Tokens last 30 minutes: a member signed in now.
    const later = await shop.member();
    const recent = await shop.order(later, [{ skuId, count: 3 }]);
    const paid = await shop.paidOrder(later, [{ skuId, count: 1 }]);
    expect(await stockOf(skuId)).toBe(4);
    t.clock.now += 60 * MINUTE;
    // Exactly 120 minutes old is not yet past them.
    expect(await run('')).toBe('交易订单自动关闭 0 个');
    t.clock.now += 1;
    // Earlier tests' unpaid orders are past their time as well.
    expect(await run('')).toMatch(/^交易订单自动关闭 [1-9]\d* 个$/);
    expect(await orderRow(old.id)).toMatchObject({
      status: TRADE_ORDER_STATUS.CANCELED,
      cancelType: TRADE_ORDER_CANCEL_TYPE.PAY_TIMEOUT,
      cancelTime: t.clock.now,
    });
    expect((await logsOf(old.id)).at(-1)).toEqual({
      operateType: TRADE_ORDER_OPERATE_TYPE.SYSTEM_CANCEL,
      userType: 0,
      userId: 0,
      beforeStatus: TRADE_ORDER_STATUS.UNPAID,
      afterStatus: TRADE_ORDER_STATUS.CANCELED,
      content: '到期未支付，系统自动取消订单',
    });
    expect((await payOrderRow(old.payOrderId)).status).toBe(PAY_ORDER_STATUS.CLOSED);
    expect((await orderRow(recent.id)).status).toBe(TRADE_ORDER_STATUS.UNPAID);
    expect((await payOrderRow(recent.payOrderId)).status).toBe(PAY_ORDER_STATUS.WAITING);
    expect((await orderRow(paid.id)).status).toBe(TRADE_ORDER_STATUS.UNDELIVERED);
    expect(await stockOf(skuId)).toBe(6);
    expect(await run('')).toBe('交易订单自动关闭 0 个');
    // Every tenant's: the other tenant's console sees none of it, and the job needs no tenant.
    const unpaid = await t.db.kysely
      .selectFrom('tradeOrder')
      .select('id')
      .where('status', '=', TRADE_ORDER_STATUS.UNPAID)
      .where('createTime', '<', t.clock.now - 120 * MINUTE)
      .execute();
    expect(unpaid).toEqual([]);
    const payOrder = (
      await t.api({
        method: 'GET',
        path: '/pay/order/get',
        query: { id: String(old.payOrderId) },
        token: (await t.login()).accessToken,
      })
    ).data as PayOrder;
    expect(payOrder.status).toBe(PAY_ORDER_STATUS.CLOSED);
  });
});
