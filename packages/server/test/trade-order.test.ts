import type {
  AppTradeOrder,
  AppTradeOrderSettlement,
  ExpressTemplateCreateReq,
  PageResult,
  TradeOrder,
  TradeOrderDetail,
} from '@app/contract';
import { PAY_ORDER_STATUS, TradeError } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/crypto.js';
import { createTestApp, DIALECTS, type ApiCall, type TestApp } from './helper.js';
import { addMember } from './member-fixture.js';
import { buildCatalogue, singleSpu, sku, type Catalogue } from './product-fixture.js';
import { setUpPayApp } from './trade-fixture.js';

/* 交易订单 in the member API: settlement, create (stock taken), detail, page and cancel, on every dialect. */

const SHENZHEN_NANSHAN = 440305;
const BEIJING_DONGCHENG = 110101;
const GUANGDONG = 440000;
const PASSWORD = 'Order123';

const template = (overrides: Partial<ExpressTemplateCreateReq>): ExpressTemplateCreateReq => ({
  name: '按件',
  chargeMode: 1,
  sort: 0,
  templateCharge: [{ areaIds: [1], startCount: 1, startPrice: 1000, extraCount: 1, extraPrice: 500 }],
  templateFree: [],
  ...overrides,
});

describe.each(DIALECTS)('trade orders on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let c: Catalogue;
  let hash: string;
  let seq = 0;
  /** SKU ids: by the piece (9900), by weight (2000, 0.6 kg), free shipping (500), 广东 only (100). */
  const skus = { piece: 0, weight: 0, free: 0, guangdong: 0 };

  const admins = async <T = unknown>(method: 'POST' | 'GET', path: string, body?: unknown): Promise<T> => {
    const res = await t.api({ method, path, body, token: admin, tenant: 1 });
    expect(res.code, `${path}: ${res.msg}`).toBe(0);
    return res.data as T;
  };
  /** An SPU on sale with one SKU; returns the SKU's id. */
  const product = async (
    name: string,
    deliveryTemplateId: number | null,
    over: Parameters<typeof sku>[0],
  ) => {
    const spuId = await admins<number>('POST', '/product/spu/create', {
      ...singleSpu(c, { name, deliveryTemplateId, skus: [sku(over)] }),
    });
    const row = await t.db.kysely
      .selectFrom('productSku')
      .select('id')
      .where('spuId', '=', spuId)
      .executeTakeFirstOrThrow();
    return row.id;
  };

  interface Member {
    id: number;
    token: string;
    /** In 深圳南山 and in 北京东城. */
    home: number;
    away: number;
  }
  /** A member of `tenant` (added directly, signed in by password) with two addresses. */
  const newMember = async (tenant = 1): Promise<Member> => {
    const mobile = `1370000${String(++seq).padStart(4, '0')}`;
    const id = await addMember(t, { tenantId: tenant, mobile });
    await t.db.kysely.updateTable('memberUser').set({ password: hash }).where('id', '=', id).execute();
    const login = await t.api({
      api: 'app',
      method: 'POST',
      path: '/member/auth/login',
      body: { mobile, password: PASSWORD },
      tenant,
    });
    if (login.code !== 0) throw new Error(`login: ${login.code} ${login.msg}`);
    const token = (login.data as { accessToken: string }).accessToken;
    const address = async (areaId: number, defaultStatus: boolean) => {
      const res = await t.api({
        api: 'app',
        method: 'POST',
        path: '/member/address/create',
        body: { name: '张三', mobile: '13800138000', areaId, detailAddress: '1 号', defaultStatus },
        token,
        tenant,
      });
      return res.data as number;
    };
    return {
      id,
      token,
      home: await address(SHENZHEN_NANSHAN, true),
      away: await address(BEIJING_DONGCHENG, false),
    };
  };
  const app = <T = unknown>(member: Member | string, c2: Omit<ApiCall, 'api' | 'token'>) =>
    t.api({
      api: 'app',
      tenant: 1,
      token: typeof member === 'string' ? member : member.token,
      ...c2,
    }) as Promise<Awaited<ReturnType<TestApp['api']>> & { data: T }>;
  const stockOf = async (skuId: number) => {
    const row = await t.db.kysely
      .selectFrom('productSku as s')
      .innerJoin('productSpu as p', 'p.id', 's.spuId')
      .select(['s.stock', 'p.totalStock'])
      .where('s.id', '=', skuId)
      .executeTakeFirstOrThrow();
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    hash = await hashPassword(PASSWORD);
    c = await buildCatalogue(t, admin);
    // Orders are paid through the tenant's first enabled pay app (trade-order-payment.test.ts).
    await setUpPayApp(t, admin);
    const byPiece = await admins<number>('POST', '/trade/delivery/express-template/create', template({}));
    const byWeight = await admins<number>(
      'POST',
      '/trade/delivery/express-template/create',
      template({
        name: '按重量',
        chargeMode: 2,
        templateCharge: [{ areaIds: [1], startCount: 1, startPrice: 800, extraCount: 1, extraPrice: 300 }],
      }),
    );
    const guangdongOnly = await admins<number>(
      'POST',
      '/trade/delivery/express-template/create',
      template({
        name: '仅广东',
        templateCharge: [
          { areaIds: [GUANGDONG], startCount: 1, startPrice: 600, extraCount: 1, extraPrice: 0 },
        ],
      }),
    );
    skus.piece = await product('按件商品', byPiece, { price: 9900, stock: 100 });
    skus.weight = await product('按重商品', byWeight, { price: 2000, stock: 100, weight: 0.6 });
    skus.free = await product('包邮商品', null, { price: 500, stock: 100 });
    skus.guangdong = await product('广东商品', guangdongOnly, { price: 100, stock: 100 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('prices a cart from the SKUs, with freight per template and free shipping without one', async () => {
    const member = await newMember();
    const items = [
      { skuId: skus.piece, count: 2 },
      { skuId: skus.weight, count: 3 },
      { skuId: skus.free, count: 1 },
    ];
    const res = await app<AppTradeOrderSettlement>(member, {
      method: 'POST',
      path: '/trade/order/settlement',
      body: { items, addressId: member.home },
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.items.map((i) => [i.skuId, i.price, i.count, i.originalPrice])).toEqual([
      [skus.piece, 9900, 2, 19800],
      [skus.weight, 2000, 3, 6000],
      [skus.free, 500, 1, 500],
    ]);
    // 按件: 1000 + 1 × 500; 按重量: 1.8 kg = 800 + 1 × 300; 包邮: 0.
    expect(res.data.price).toEqual({
      totalPrice: 26300,
      discountPrice: 0,
      deliveryPrice: 2600,
      couponPrice: 0,
      pointPrice: 0,
      payPrice: 28900,
    });
    expect(res.data.address).toMatchObject({ id: member.home, areaId: SHENZHEN_NANSHAN });
    expect(res.data.items[0]).toMatchObject({ spuName: '按件商品', properties: [] });

    // A template that does not deliver to the address.
    const away = await app(member, {
      method: 'POST',
      path: '/trade/order/settlement',
      body: { items: [{ skuId: skus.guangdong, count: 1 }], addressId: member.away },
    });
    expect(away).toMatchObject({
      code: TradeError.ORDER_DELIVERY_NOT_AVAILABLE.code,
      msg: '商品【广东商品】的运费模板【仅广东】不配送到该地址',
    });
    // Unknown SKU, another member's address, bad input.
    const other = await newMember();
    const tries: [unknown, number][] = [
      [{ items: [{ skuId: 999999, count: 1 }], addressId: member.home }, 1008006000],
      [{ items: [{ skuId: skus.free, count: 1 }], addressId: other.home }, 1004004000],
      [{ items: [], addressId: member.home }, 400],
      [{ items: [{ skuId: skus.free, count: 0 }], addressId: member.home }, 400],
      [
        {
          items: [
            { skuId: skus.free, count: 1 },
            { skuId: skus.free, count: 1 },
          ],
          addressId: member.home,
        },
        TradeError.ORDER_ITEM_SKU_DUPLICATE.code,
      ],
    ];
    for (const [body, code] of tries)
      expect((await app(member, { method: 'POST', path: '/trade/order/settlement', body })).code).toBe(code);
  });

  it('refuses SPUs off sale and disabled SKUs', async () => {
    const member = await newMember();
    const offSale = await admins<number>('POST', '/product/spu/create', {
      ...singleSpu(c, { name: '下架商品', status: 0, skus: [sku()] }),
    });
    const offSku = await t.db.kysely
      .selectFrom('productSku')
      .select('id')
      .where('spuId', '=', offSale)
      .executeTakeFirstOrThrow();
    const settle = (skuId: number) =>
      app(member, {
        method: 'POST',
        path: '/trade/order/settlement',
        body: { items: [{ skuId, count: 1 }], addressId: member.home },
      });
    expect(await settle(offSku.id)).toMatchObject({
      code: 1008005002,
      msg: '商品 SPU【下架商品】不处于上架状态',
    });
    // 禁用 set directly: a single-spec SPU's one SKU is enabled by the product API.
    const disabled = await product('禁用SKU商品', null, {});
    await t.db.kysely.updateTable('productSku').set({ status: 1 }).where('id', '=', disabled).execute();
    expect((await settle(disabled)).code).toBe(1008006005);
  });

  it('takes the stock on create, returns it on cancel, and shows the order to its member only', async () => {
    const member = await newMember();
    const before = await stockOf(skus.piece);
    const created = await app<{ id: number; payOrderId: number }>(member, {
      method: 'POST',
      path: '/trade/order/create',
      body: {
        items: [
          { skuId: skus.piece, count: 3 },
          { skuId: skus.free, count: 2 },
        ],
        addressId: member.home,
        remark: '尽快发货',
      },
    });
    expect(created.code, created.msg).toBe(0);
    const { id, payOrderId } = created.data;
    const payOrder = await t.db.kysely
      .selectFrom('payOrder')
      .select(['price', 'status'])
      .where('id', '=', payOrderId)
      .executeTakeFirstOrThrow();
    expect(payOrder).toEqual({ price: 9900 * 3 + 1000 + 2000, status: PAY_ORDER_STATUS.WAITING });
    expect(await stockOf(skus.piece)).toEqual({ stock: before.stock - 3, totalStock: before.totalStock - 3 });

    const detail = await app<AppTradeOrder>(member, {
      path: '/trade/order/get-detail',
      query: { id: String(id) },
    });
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data).toMatchObject({
      id,
      no: expect.stringMatching(/^o\d{20}$/),
      status: 0,
      productCount: 5,
      userRemark: '尽快发货',
      payed: false,
      originalPrice: 9900 * 3 + 1000,
      // 按件 3 pieces: 1000 + 2 × 500.
      deliveryPrice: 2000,
      payPrice: 9900 * 3 + 1000 + 2000,
      receiverAreaId: SHENZHEN_NANSHAN,
      receiverAreaName: '广东省 深圳市 南山区',
    });
    expect(detail.data.items.map((i) => [i.skuId, i.count, i.price, i.originalPrice])).toEqual([
      [skus.piece, 3, 9900, 29700],
      [skus.free, 2, 500, 1000],
    ]);
    const logs = await t.db.kysely
      .selectFrom('tradeOrderLog')
      .selectAll()
      .where('orderId', '=', id)
      .execute();
    expect(logs.map((l) => [l.beforeStatus, l.afterStatus, l.userType])).toEqual([[null, 0, 1]]);

    // Its page, by status.
    const page = (status: string) =>
      app<PageResult<AppTradeOrder>>(member, { path: '/trade/order/page', query: { status } });
    expect((await page('0')).data.list.map((o) => o.id)).toEqual([id]);
    expect((await page('40')).data.total).toBe(0);
    expect((await page('7')).code).toBe(400);

    // Another member: not found, and it cannot cancel it; nor can the staff's token reach the member API.
    const other = await newMember();
    expect((await app(other, { path: '/trade/order/get-detail', query: { id: String(id) } })).code).toBe(
      TradeError.ORDER_NOT_FOUND.code,
    );
    expect(
      (await app(other, { method: 'DELETE', path: '/trade/order/cancel', query: { id: String(id) } })).code,
    ).toBe(TradeError.ORDER_NOT_FOUND.code);
    expect((await app<PageResult<AppTradeOrder>>(other, { path: '/trade/order/page' })).data.total).toBe(0);
    expect((await app(admin, { path: '/trade/order/get-detail', query: { id: String(id) } })).code).toBe(401);
    expect((await app(admin, { path: '/trade/order/page' })).code).toBe(401);

    // Cancel: stock back, status 40, a log row; a second cancel is refused.
    const cancel = await app(member, {
      method: 'DELETE',
      path: '/trade/order/cancel',
      query: { id: String(id) },
    });
    expect(cancel.code, cancel.msg).toBe(0);
    expect(await stockOf(skus.piece)).toEqual(before);
    const canceled = await app<AppTradeOrder>(member, {
      path: '/trade/order/get-detail',
      query: { id: String(id) },
    });
    expect(canceled.data).toMatchObject({ status: 40, cancelType: 30, cancelTime: expect.any(Number) });
    // Its pay order closed with it: it can no longer be paid.
    const closed = await t.db.kysely
      .selectFrom('payOrder')
      .select('status')
      .where('id', '=', payOrderId)
      .executeTakeFirstOrThrow();
    expect(closed.status).toBe(PAY_ORDER_STATUS.CLOSED);
    expect(
      (await app(member, { method: 'DELETE', path: '/trade/order/cancel', query: { id: String(id) } })).code,
    ).toBe(TradeError.ORDER_CANCEL_FAIL_STATUS_NOT_UNPAID.code);
    expect(await stockOf(skus.piece)).toEqual(before);
    const after = await t.db.kysely
      .selectFrom('tradeOrderLog')
      .select('afterStatus')
      .where('orderId', '=', id)
      .execute();
    expect(after.map((l) => l.afterStatus)).toEqual([0, 40]);
  });

  it("shows every member's orders in the console, with its filters and the buyer", async () => {
    const member = await newMember();
    const created = await app<{ id: number }>(member, {
      method: 'POST',
      path: '/trade/order/create',
      body: { items: [{ skuId: skus.weight, count: 2 }], addressId: member.home },
      headers: { terminal: '31' },
    });
    expect(created.code, created.msg).toBe(0);
    const id = created.data.id;
    const page = async (query: Record<string, string>) => {
      const res = await t.api({ path: '/trade/order/page', query, token: admin, tenant: 1 });
      expect(res.code, res.msg).toBe(0);
      return res.data as PageResult<TradeOrder>;
    };
    const first = (await page({ userId: String(member.id) })).list;
    expect(first.map((o) => o.id)).toEqual([id]);
    expect(first[0]).toMatchObject({
      terminal: 31,
      status: 0,
      payed: false,
      deliveryStatus: 0,
      receiverAreaName: '广东省 深圳市 南山区',
      // 1.2 kg: 800 + 1 × 300.
      deliveryPrice: 1100,
      payPrice: 4000 + 1100,
    });
    expect(first[0]!.items[0]).toMatchObject({
      skuId: skus.weight,
      count: 2,
      originalUnitPrice: 2000,
      originalPrice: 4000,
    });
    const no = first[0]!.no;
    expect((await page({ no: no.slice(-8) })).list.map((o) => o.id)).toContain(id);
    const mobile = await t.db.kysely
      .selectFrom('memberUser')
      .select('mobile')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect((await page({ userMobile: mobile.mobile })).list.map((o) => o.id)).toEqual([id]);
    expect((await page({ userId: String(member.id), status: '40' })).total).toBe(0);
    expect((await page({ userId: String(member.id), terminal: '20' })).total).toBe(0);

    const detail = await t.api({
      path: '/trade/order/get-detail',
      query: { id: String(id) },
      token: admin,
      tenant: 1,
    });
    expect(detail.code, detail.msg).toBe(0);
    expect((detail.data as TradeOrderDetail).user).toMatchObject({ id: member.id });
    const missing = await t.api({
      path: '/trade/order/get-detail',
      query: { id: '999999' },
      token: admin,
      tenant: 1,
    });
    expect(missing.code).toBe(TradeError.ORDER_NOT_FOUND.code);
    // A member's token does not reach the console.
    expect((await t.api({ path: '/trade/order/page', token: member.token, tenant: 1 })).code).toBe(401);
  });

  it('refuses an order beyond the stock and takes nothing of it', async () => {
    const member = await newMember();
    const few = await product('少量商品', null, { stock: 2 });
    const before = await stockOf(skus.free);
    const res = await app(member, {
      method: 'POST',
      path: '/trade/order/create',
      body: {
        items: [
          { skuId: skus.free, count: 1 },
          { skuId: few, count: 3 },
        ],
        addressId: member.home,
      },
    });
    expect(res).toMatchObject({ code: 1008006004, msg: '商品 SKU 库存不足' });
    expect(await stockOf(skus.free)).toEqual(before);
    expect(await stockOf(few)).toEqual({ stock: 2, totalStock: 2 });
  });

  it('sells the last 10 units exactly once to 100 members ordering at the same time', async () => {
    const last = await product('限量商品', null, { stock: 10 });
    const members: Member[] = [];
    for (let i = 0; i < 100; i += 10)
      members.push(...(await Promise.all(Array.from({ length: 10 }, () => newMember()))));
    const results = await Promise.all(
      members.map((m) =>
        app(m, {
          method: 'POST',
          path: '/trade/order/create',
          body: { items: [{ skuId: last, count: 1 }], addressId: m.home },
        }),
      ),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(10);
    expect(codes.filter((code) => code !== 0).every((code) => code === 1008006004)).toBe(true);
    expect(await stockOf(last)).toEqual({ stock: 0, totalStock: 0 });
    const sold = await t.db.kysely
      .selectFrom('tradeOrderItem')
      .select((eb) => eb.fn.sum<number>('count').as('n'))
      .where('skuId', '=', last)
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(10);
  }, 60_000);
});
