import type { AppTradeOrder, PageResult, PayOrderSubmitResp, TradeOrder } from '@app/contract';
import { PAY_ORDER_STATUS, TRADE_ORDER_STATUS } from '@app/contract';
import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { TradeOrderTable } from '../src/db/trade-schema.js';
import type { Envelope, TestApp } from './helper.js';
import { addMember } from './member-fixture.js';
import { buildCatalogue, singleSpu, sku, type Catalogue } from './product-fixture.js';

/*
 * A shop for the trade tests, built through the real APIs: a tenant's pay app with the mock and
 * wallet channels, products on sale, members with an address, orders placed through /app-api and
 * paid there with mock (so they are 待发货, as a delivery needs).
 *
 *   const shop = await openShop(t, adminToken);
 *   const member = await shop.member();
 *   const sku = await shop.product({ price: 1000, stock: 5 });
 *   const { id } = await shop.paidOrder(member, [{ skuId: sku, count: 2 }]);   // 待发货
 */

/** 深圳南山, where every shop member lives. */
export const SHOP_AREA_ID = 440305;
const PASSWORD = 'Shop1234';

/** Distinct mobiles for every member made in this file's process. */
let memberSeq = 0;

export interface ShopMember {
  id: number;
  token: string;
  addressId: number;
  tenant: number;
}

export interface CartItem {
  skuId: number;
  count: number;
}

export interface PlacedOrder {
  id: number;
  payOrderId: number;
}

const expectOk = <T>(res: Envelope, what: string): T => {
  if (res.code !== 0) throw new Error(`${what}: ${res.code} ${res.msg}`);
  return res.data as T;
};

/**
 * Creates an enabled pay app of `tenant` with the mock and wallet channels (an order is paid through
 * the tenant's first enabled app); returns its id.
 */
export const setUpPayApp = async (
  t: TestApp,
  admin: string,
  tenant: number = 1,
  name = '商城支付',
): Promise<number> => {
  const post = async (path: string, body: unknown) =>
    expectOk<number>(await t.api({ method: 'POST', path, body, token: admin, tenant }), path);
  const appId = await post('/pay/app/create', {
    name,
    status: 0,
    // Orders are paid in-process: the merchant notification goes nowhere reachable.
    orderNotifyUrl: 'http://127.0.0.1:9/trade/order/update-paid',
    refundNotifyUrl: 'http://127.0.0.1:9/trade/order/update-refunded',
    remark: null,
  });
  for (const code of ['mock', 'wallet'])
    await post('/pay/channel/create', { appId, code, status: 0, feeRate: 0, remark: null, config: '{}' });
  return appId;
};

/** A member of `tenant` signed in by password, with one default address in 深圳南山. */
export const newShopMember = async (t: TestApp, tenant: number = 1): Promise<ShopMember> => {
  const mobile = `1390${String(tenant % 100).padStart(2, '0')}${String(++memberSeq).padStart(5, '0')}`;
  const id = await addMember(t, { tenantId: tenant, mobile, password: PASSWORD });
  const login = await t.api({
    api: 'app',
    method: 'POST',
    path: '/member/auth/login',
    body: { mobile, password: PASSWORD },
    tenant,
  });
  const { accessToken: token } = expectOk<{ accessToken: string }>(login, 'member login');
  const address = await t.api({
    api: 'app',
    method: 'POST',
    path: '/member/address/create',
    body: {
      name: '张三',
      mobile: '13800138000',
      areaId: SHOP_AREA_ID,
      detailAddress: '科技园 1 号',
      defaultStatus: true,
    },
    token,
    tenant,
  });
  return { id, token, addressId: expectOk<number>(address, 'address'), tenant };
};

/** Places an order as the member through /app-api; the raw envelope (for the tests of refusals). */
export const createOrder = (
  t: TestApp,
  member: ShopMember,
  items: CartItem[],
  extra: { remark?: string; headers?: Record<string, string> } = {},
): Promise<Envelope<PlacedOrder>> =>
  t.api({
    api: 'app',
    method: 'POST',
    path: '/trade/order/create',
    body: { items, addressId: member.addressId, remark: extra.remark ?? null },
    token: member.token,
    tenant: member.tenant,
    ...(extra.headers ? { headers: extra.headers } : {}),
  }) as Promise<Envelope<PlacedOrder>>;

/** Pays a pay order as the member through /app-api's cashier; the raw envelope. */
export const submitPayment = (
  t: TestApp,
  member: ShopMember,
  payOrderId: number,
  channelCode = 'mock',
): Promise<Envelope<PayOrderSubmitResp>> =>
  t.api({
    api: 'app',
    method: 'POST',
    path: '/pay/order/submit',
    body: { id: payOrderId, channelCode },
    token: member.token,
    tenant: member.tenant,
  }) as Promise<Envelope<PayOrderSubmitResp>>;

/** The member's own view of an order. */
export const memberOrder = async (t: TestApp, member: ShopMember, id: number): Promise<AppTradeOrder> =>
  expectOk<AppTradeOrder>(
    await t.api({
      api: 'app',
      path: '/trade/order/get-detail',
      query: { id: String(id) },
      token: member.token,
      tenant: member.tenant,
    }),
    'order detail',
  );

export interface Shop {
  t: TestApp;
  admin: string;
  tenant: number;
  /** The pay app orders are paid through. */
  appId: number;
  catalogue: Catalogue;
  /** An SPU on sale with one SKU (no delivery template: free shipping); returns the SKU's id. */
  product(over?: {
    name?: string;
    price?: number;
    stock?: number;
    deliveryTemplateId?: number | null;
  }): Promise<number>;
  member(): Promise<ShopMember>;
  /** Places an order (待支付); fails the test when refused. */
  order(member: ShopMember, items?: CartItem[]): Promise<PlacedOrder>;
  /** Pays a placed order with mock; fails the test when refused. */
  pay(member: ShopMember, order: PlacedOrder, channelCode?: string): Promise<void>;
  /** Places and pays an order: it is 待发货. Items default to one of a fresh product. */
  paidOrder(member?: ShopMember, items?: CartItem[]): Promise<PlacedOrder & { member: ShopMember }>;
}

/**
 * A shop in `tenant` (the admin token must be of that tenant): a catalogue, a pay app with mock and
 * wallet. Build one per test file (beforeAll): every helper goes through the real APIs.
 */
export const openShop = async (t: TestApp, admin: string, tenant: number = 1, suffix = ''): Promise<Shop> => {
  const catalogue = await buildCatalogue(t, admin, tenant, suffix);
  const appId = await setUpPayApp(t, admin, tenant);
  let products = 0;
  const shop: Shop = {
    t,
    admin,
    tenant,
    appId,
    catalogue,
    async product(over = {}) {
      const spuId = expectOk<number>(
        await t.api({
          method: 'POST',
          path: '/product/spu/create',
          body: singleSpu(catalogue, {
            name: over.name ?? `商品${suffix}${++products}`,
            deliveryTemplateId: over.deliveryTemplateId ?? null,
            skus: [sku({ price: over.price ?? 1000, stock: over.stock ?? 100 })],
          }),
          token: admin,
          tenant,
        }),
        'spu create',
      );
      const row = await t.db.kysely
        .selectFrom('productSku')
        .select('id')
        .where('spuId', '=', spuId)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    member: () => newShopMember(t, tenant),
    async order(member, items) {
      return expectOk<PlacedOrder>(
        await createOrder(t, member, items ?? [{ skuId: await shop.product(), count: 1 }]),
        'order create',
      );
    },
    async pay(member, order, channelCode = 'mock') {
      const paid = expectOk<PayOrderSubmitResp>(
        await submitPayment(t, member, order.payOrderId, channelCode),
        'pay submit',
      );
      if (paid.status !== PAY_ORDER_STATUS.SUCCESS) throw new Error(`pay submit: status ${paid.status}`);
    },
    async paidOrder(member, items) {
      const buyer = member ?? (await shop.member());
      const order = await shop.order(buyer, items);
      await shop.pay(buyer, order);
      const placed = await memberOrder(t, buyer, order.id);
      if (placed.status !== TRADE_ORDER_STATUS.UNDELIVERED)
        throw new Error(`paid order ${order.id} is ${placed.status}, not 待发货`);
      return { ...order, member: buyer };
    },
  };
  return shop;
};

/**
 * An order row with every column the list reads, written straight to trade_order (tests of the
 * list's queries, which need orders of any shape faster than the member API places them).
 */
export const insertOrderRow = async (
  t: TestApp,
  fields: Partial<Insertable<TradeOrderTable>> & { tenantId: number; userId: number; createTime: number },
): Promise<number> => {
  const { id } = await t.db.kysely
    .insertInto('tradeOrder')
    .values({
      no: `o${fields.createTime}${String(fields.userId).padStart(6, '0')}${Math.random().toString().slice(2, 8)}`,
      creator: String(fields.userId),
      updater: String(fields.userId),
      updateTime: fields.createTime,
      type: 0,
      terminal: 10,
      userIp: '127.0.0.1',
      userRemark: null,
      status: TRADE_ORDER_STATUS.UNPAID,
      productCount: 1,
      cancelType: null,
      cancelTime: null,
      finishTime: null,
      remark: null,
      payOrderId: null,
      payed: 0,
      payTime: null,
      payChannelCode: null,
      originalPrice: 1000,
      orderPrice: 1000,
      discountPrice: 0,
      deliveryPrice: 0,
      adjustPrice: 0,
      payPrice: 1000,
      deliveryTemplateId: null,
      logisticsId: null,
      logisticsNo: null,
      deliveryTime: null,
      receiveTime: null,
      receiverName: '张三',
      receiverMobile: '13800138000',
      receiverAreaId: SHOP_AREA_ID,
      receiverDetailAddress: '1 号',
      afterSaleStatus: 0,
      refundPrice: 0,
      deleted: 0,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
};

/** 订单列表 as the console asks for it (pages of 100): the order ids, newest first, and the total. */
export const orderPage = async (t: TestApp, token: string, query: Record<string, string>) => {
  const res = await t.api({ path: '/trade/order/page', query: { pageSize: '100', ...query }, token });
  expect(res.code, res.msg).toBe(0);
  const data = res.data as PageResult<TradeOrder>;
  return { ids: data.list.map((o) => o.id), total: data.total };
};
