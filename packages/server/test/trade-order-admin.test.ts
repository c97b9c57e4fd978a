import type {
  ExpressTemplateCreateReq,
  TradeOrderDetail,
  TradeOrderExpressTrack,
  TradeOrderSummary,
} from '@app/contract';
import { EXP_ORDER_STATUS, TRADE_ORDER_OPERATE_TYPE, TRADE_ORDER_STATUS, TradeError } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type ApiCall, type Envelope, type TestApp } from './helper.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';
import { openShop, SHOP_AREA_ID, type Shop, type ShopMember } from './trade-fixture.js';
import { addScopedUser } from './users-fixture.js';

/*
 * 订单列表's fulfilment in the console on every dialect: the detail's log and logistics, the summary,
 * 发货 (by a carrier or without logistics), the remark and the address, 确认收货 by the member, by an
 * operator and by the auto-receive job, and the recorded 物流轨迹 (no tracking provider configured).
 */

const BEIJING_DONGCHENG = 110101;
const DAY = 24 * 60 * 60 * 1000;
const S = TRADE_ORDER_STATUS;
const OP = TRADE_ORDER_OPERATE_TYPE;

const template: ExpressTemplateCreateReq = {
  name: '按件',
  chargeMode: 1,
  sort: 0,
  templateCharge: [{ areaIds: [1], startCount: 1, startPrice: 1000, extraCount: 1, extraPrice: 500 }],
  templateFree: [],
};

describe.each(DIALECTS)('trade order fulfilment on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let shopA: Shop;
  let shopB: Shop;
  /** Tenant A's SKU with 按件 freight (1000 fen for one piece). */
  let skuId: number;
  /** Tenant A's 顺丰 (enabled) and 停用快递 (disabled); tenant B's own company. */
  const express = { sf: 0, off: 0, other: 0 };

  const call = <T = unknown>(c: ApiCall) => t.api({ token: admin, tenant: 1, ...c }) as Promise<Envelope<T>>;
  const ok = async <T = unknown>(c: ApiCall): Promise<T> => {
    const res = await call<T>(c);
    expect(res.code, `${c.path}: ${res.msg}`).toBe(0);
    return res.data;
  };
  const byId = (id: number) => ({ id: String(id) });

  const nicknameOf = async (member: ShopMember) =>
    (
      await t.db.kysely
        .selectFrom('memberUser')
        .select('nickname')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow()
    ).nickname;
  const shopOf = (member: ShopMember) => (member.tenant === shopA.tenant ? shopA : shopB);
  /** An unpaid order of `member` (tenant A: one piece with freight); returns its id. */
  const placeOrder = async (member: ShopMember): Promise<number> =>
    (await shopOf(member).order(member, member.tenant === shopA.tenant ? [{ skuId, count: 1 }] : undefined))
      .id;
  /** An order of `member` placed and paid with mock through /app-api (待发货); returns its id. */
  const readyToShip = async (member: ShopMember): Promise<number> =>
    (
      await shopOf(member).paidOrder(
        member,
        member.tenant === shopA.tenant ? [{ skuId, count: 1 }] : undefined,
      )
    ).id;

  const deliver = (id: number, logisticsId: number, logisticsNo?: string | null, token = admin, tenant = 1) =>
    t.api({
      method: 'PUT',
      path: '/trade/order/delivery',
      body: { id, logisticsId, logisticsNo },
      token,
      tenant,
    });
  const detail = (id: number) => ok<TradeOrderDetail>({ path: '/trade/order/get-detail', query: byId(id) });
  const tracks = (id: number) =>
    ok<TradeOrderExpressTrack[]>({ path: '/trade/order/get-express-track-list', query: byId(id) });
  const shipmentsOf = (orderId: number) =>
    t.db.kysely.selectFrom('tradeExpressOrder').selectAll().where('orderId', '=', orderId).execute();
  const eventsOf = (expressOrderId: number) =>
    t.db.kysely
      .selectFrom('tradeExpressOrderEvent')
      .select(['status', 'content', 'createTime'])
      .where('expressOrderId', '=', expressOrderId)
      .orderBy('id')
      .execute();
  const statusOf = async (id: number) =>
    (
      await t.db.kysely
        .selectFrom('tradeOrder')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const logTypes = async (id: number) =>
    (
      await t.db.kysely
        .selectFrom('tradeOrderLog')
        .select('operateType')
        .where('orderId', '=', id)
        .orderBy('id')
        .execute()
    ).map((l) => l.operateType);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    shopA = await openShop(t, admin);
    const created = async (res: Envelope) => {
      if (res.code !== 0) throw new Error(`${res.code} ${res.msg}`);
      return res.data as number;
    };
    const templateId = await created(
      await call({ method: 'POST', path: '/trade/delivery/express-template/create', body: template }),
    );
    skuId = await shopA.product({ name: '按件商品', price: 5000, deliveryTemplateId: templateId });
    const company = (body: object, token = admin, tenant = 1) =>
      t.api({ method: 'POST', path: '/trade/delivery/express/create', body, token, tenant });
    express.sf = await created(await company({ code: 'shunfeng', name: '顺丰速运', sort: 1, status: 0 }));
    express.off = await created(await company({ code: 'stopped', name: '停用快递', sort: 2, status: 1 }));

    const menus = await t.db.kysely.selectFrom('systemMenu').select('id').where('deleted', '=', 0).execute();
    const packageId = await createPackage(
      t,
      admin,
      '履约套餐',
      menus.map((m) => Number(m.id)),
    );
    const b = await createTenantAndSignIn(
      t,
      admin,
      tenantBody(t, packageId, { name: '履约乙租户', username: 'shipadmin', contactName: '乙' }),
    );
    shopB = await openShop(t, b.token, b.tenantId, '乙');
    express.other = await created(
      await company({ code: 'shunfeng', name: '乙顺丰', sort: 1, status: 0 }, b.token, b.tenantId),
    );
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('ships an order by a carrier: the express order, its first event, the log and the detail', async () => {
    const member = await shopA.member();
    const id = await readyToShip(member);
    const res = await deliver(id, express.sf, 'SF1234567890');
    expect(res.code, res.msg).toBe(0);

    const order = await detail(id);
    expect(order).toMatchObject({
      status: S.DELIVERED,
      deliveryStatus: 1,
      deliveryTime: t.clock.now,
      logisticsId: express.sf,
      logisticsNo: 'SF1234567890',
      logisticsName: '顺丰速运',
      // 按件, one piece.
      deliveryPrice: 1000,
    });
    const first = order.logs[0]!;
    const last = order.logs.at(-1)!;
    expect(first).toMatchObject({
      userType: 1,
      userId: member.id,
      operatorName: await nicknameOf(member),
      operateType: OP.MEMBER_CREATE,
      beforeStatus: null,
      afterStatus: S.UNPAID,
    });
    expect(last).toMatchObject({
      userType: 2,
      userId: 1,
      operatorName: '系统管理员',
      operateType: OP.ADMIN_DELIVERY,
      beforeStatus: S.UNDELIVERED,
      afterStatus: S.DELIVERED,
      content: '已发货，快递公司：顺丰速运，快递单号：SF1234567890',
      createTime: t.clock.now,
    });
    // Oldest first.
    expect(order.logs.map((l) => l.id)).toEqual([...order.logs.map((l) => l.id)].sort((a, b) => a - b));

    const [shipment, ...more] = await shipmentsOf(id);
    expect(more).toEqual([]);
    expect(shipment).toMatchObject({
      tenantId: 1,
      orderNo: order.no,
      expressId: express.sf,
      expressName: '顺丰速运',
      logisticsNo: 'SF1234567890',
      type: 1,
      status: EXP_ORDER_STATUS.WAITING_PICK_UP,
      refundFlag: 0,
      freight: 1000,
      receiverName: '张三',
      receiverMobile: '13800138000',
      receiverAreaId: SHOP_AREA_ID,
      receiverDetailAddress: '科技园 1 号',
      signTime: null,
    });
    const content = '商家已发货，快递公司：顺丰速运，快递单号：SF1234567890';
    expect(await eventsOf(shipment!.id)).toEqual([{ status: 0, content, createTime: t.clock.now }]);
    expect(await tracks(id)).toEqual([{ time: t.clock.now, content }]);

    // Shipped once: a second delivery is refused and changes nothing.
    expect((await deliver(id, express.sf, 'SF999')).code).toBe(
      TradeError.ORDER_DELIVERY_FAIL_STATUS_NOT_UNDELIVERED.code,
    );
    expect(await shipmentsOf(id)).toHaveLength(1);
    expect((await detail(id)).logisticsNo).toBe('SF1234567890');
  });

  it('ships without logistics through the POST form: no express order, no number', async () => {
    const member = await shopA.member();
    const id = await readyToShip(member);
    const res = await call({
      method: 'POST',
      path: '/trade/order/delivery',
      body: { id, logisticsId: 0, logisticsNo: 'IGNORED1' },
    });
    expect(res.code, res.msg).toBe(0);
    const order = await detail(id);
    expect(order).toMatchObject({
      status: S.DELIVERED,
      logisticsId: 0,
      logisticsNo: null,
      logisticsName: null,
      deliveryTime: t.clock.now,
    });
    expect(order.logs.at(-1)).toMatchObject({ operateType: OP.ADMIN_DELIVERY, content: '已发货，无需物流' });
    expect(await shipmentsOf(id)).toEqual([]);
    expect(await tracks(id)).toEqual([]);
  });

  it('refuses a delivery of an order not awaiting it, by an unknown or disabled company, or without a number', async () => {
    const member = await shopA.member();
    const unpaid = await placeOrder(member);
    expect(await deliver(unpaid, express.sf, 'SF1')).toMatchObject({
      code: TradeError.ORDER_DELIVERY_FAIL_STATUS_NOT_UNDELIVERED.code,
      msg: '交易订单发货失败，订单不是【待发货】状态',
    });
    const id = await readyToShip(member);
    const refusals: [number, string | null | undefined, number, string][] = [
      [999_999, 'SF1', TradeError.EXPRESS_NOT_EXISTS.code, '快递公司不存在'],
      // Another tenant's company is none of this tenant's.
      [express.other, 'SF1', TradeError.EXPRESS_NOT_EXISTS.code, '快递公司不存在'],
      [express.off, 'SF1', TradeError.EXPRESS_STATUS_NOT_ENABLE.code, '快递公司未启用'],
      [express.sf, undefined, 400, '请求参数不正确:发货物流单号不能为空'],
      [express.sf, '  ', 400, '请求参数不正确:发货物流单号不能为空'],
      [express.sf, 'SF 1', 400, '请求参数不正确:发货物流单号只能包含字母、数字和中划线'],
      [-1, 'SF1', 400, '请求参数不正确:发货物流公司格式不正确'],
    ];
    for (const [logisticsId, logisticsNo, code, msg] of refusals)
      expect(await deliver(id, logisticsId, logisticsNo), `${logisticsId} ${logisticsNo}`).toMatchObject({
        code,
        msg,
      });
    expect(await call({ method: 'PUT', path: '/trade/order/delivery', body: { id } })).toMatchObject({
      code: 400,
      msg: '请求参数不正确:发货物流公司不能为空',
    });
    expect((await deliver(999_999, express.sf, 'SF1')).code).toBe(TradeError.ORDER_NOT_FOUND.code);
    // Another tenant's administrator does not find the order.
    expect((await deliver(id, express.other, 'SF1', shopB.admin, shopB.tenant)).code).toBe(
      TradeError.ORDER_NOT_FOUND.code,
    );
    expect(await statusOf(id)).toBe(S.UNDELIVERED);
    expect(await shipmentsOf(id)).toEqual([]);
    expect(await logTypes(id)).not.toContain(OP.ADMIN_DELIVERY);
  });

  it('ships an order once when two deliveries race', async () => {
    const member = await shopA.member();
    for (let round = 0; round < 3; round++) {
      const id = await readyToShip(member);
      const results = await Promise.all([
        deliver(id, express.sf, `SFA${round}`),
        deliver(id, express.sf, `SFB${round}`),
        deliver(id, 0),
      ]);
      expect(results.map((r) => r.code).sort()).toEqual([
        0,
        TradeError.ORDER_DELIVERY_FAIL_STATUS_NOT_UNDELIVERED.code,
        TradeError.ORDER_DELIVERY_FAIL_STATUS_NOT_UNDELIVERED.code,
      ]);
      expect((await logTypes(id)).filter((op) => op === OP.ADMIN_DELIVERY)).toHaveLength(1);
      const order = await detail(id);
      expect((await shipmentsOf(id)).map((s) => s.logisticsNo)).toEqual(
        order.logisticsId === 0 ? [] : [order.logisticsNo],
      );
    }
  });

  it('changes the remark in any status and the address before shipping, logging both', async () => {
    const member = await shopA.member();
    const id = await placeOrder(member);
    const remark = (body: object) => call({ method: 'PUT', path: '/trade/order/update-remark', body });
    const address = (body: object) => call({ method: 'PUT', path: '/trade/order/update-address', body });
    const newAddress = {
      id,
      receiverName: '李四',
      receiverMobile: '13900139000',
      receiverAreaId: BEIJING_DONGCHENG,
      receiverDetailAddress: '王府井 2 号',
    };

    expect((await remark({ id, remark: ' 加急 ' })).code).toBe(0);
    expect((await address(newAddress)).code).toBe(0);
    let order = await detail(id);
    expect(order).toMatchObject({
      remark: '加急',
      receiverName: '李四',
      receiverMobile: '13900139000',
      receiverAreaId: BEIJING_DONGCHENG,
      receiverAreaName: '北京市 北京市 东城区',
      receiverDetailAddress: '王府井 2 号',
    });
    expect(order.logs.slice(1).map((l) => [l.operateType, l.beforeStatus, l.afterStatus, l.content])).toEqual(
      [
        [OP.ADMIN_UPDATE_REMARK, S.UNPAID, S.UNPAID, '商家备注：加急'],
        [
          OP.ADMIN_UPDATE_ADDRESS,
          S.UNPAID,
          S.UNPAID,
          '修改收货地址：张三 13800138000 广东省 深圳市 南山区 科技园 1 号 → 李四 13900139000 北京市 北京市 东城区 王府井 2 号',
        ],
      ],
    );

    // Refused input, in the envelope.
    const bad: [object, string][] = [
      [{ ...newAddress, receiverAreaId: 999_999 }, '请求参数不正确:收件人地区(999999)不存在'],
      [{ ...newAddress, receiverMobile: '123' }, '请求参数不正确:收件人手机格式不正确'],
      [{ ...newAddress, receiverName: ' ' }, '请求参数不正确:收件人名称不能为空'],
    ];
    for (const [body, msg] of bad) expect(await address(body)).toMatchObject({ code: 400, msg });
    expect(await remark({ id, remark: 'x'.repeat(201) })).toMatchObject({
      code: 400,
      msg: '请求参数不正确:商家备注长度不能超过200个字符',
    });

    // 待发货: the address still changes; once shipped only the remark does.
    const paid = await readyToShip(member);
    const paidAddress = { ...newAddress, id: paid };
    expect((await address({ ...paidAddress, receiverDetailAddress: '王府井 3 号' })).code).toBe(0);
    expect((await logTypes(paid)).at(-1)).toBe(OP.ADMIN_UPDATE_ADDRESS);
    expect((await deliver(paid, 0)).code).toBe(0);
    expect(await address(paidAddress)).toMatchObject({
      code: TradeError.ORDER_UPDATE_ADDRESS_FAIL_STATUS_NOT_DELIVERED.code,
      msg: '交易订单修改收货地址失败，原因：订单不是【待发货】状态',
    });
    expect((await remark({ id: paid, remark: '已发' })).code).toBe(0);
    expect((await remark({ id: paid, remark: null })).code).toBe(0);
    order = await detail(paid);
    expect(order).toMatchObject({ remark: null, receiverDetailAddress: '王府井 3 号' });
    expect(order.logs.at(-1)).toMatchObject({
      operateType: OP.ADMIN_UPDATE_REMARK,
      beforeStatus: S.DELIVERED,
      afterStatus: S.DELIVERED,
      content: '清除商家备注',
    });

    // Not found: a missing order, another tenant's administrator.
    expect((await remark({ id: 999_999, remark: 'x' })).code).toBe(TradeError.ORDER_NOT_FOUND.code);
    const theirs = await t.api({
      method: 'PUT',
      path: '/trade/order/update-remark',
      body: { id, remark: '越权' },
      token: shopB.admin,
      tenant: shopB.tenant,
    });
    expect(theirs.code).toBe(TradeError.ORDER_NOT_FOUND.code);
    expect((await detail(id)).remark).toBe('加急');
  });

  it('confirms the receipt by the member and by an operator, signing for the shipment', async () => {
    const member = await shopA.member();
    const other = await shopA.member();
    const receiveAsMember = (who: ShopMember, id: number) =>
      t.api({ api: 'app', method: 'PUT', path: '/trade/order/receive', query: byId(id), token: who.token });
    const receiveAsAdmin = (id: number) =>
      call({ method: 'PUT', path: '/trade/order/receive', query: byId(id) });

    const unpaid = await placeOrder(member);
    expect(await receiveAsMember(member, unpaid)).toMatchObject({
      code: TradeError.ORDER_RECEIVE_FAIL_STATUS_NOT_DELIVERED.code,
      msg: '交易订单收货失败，订单不是【待收货】状态',
    });
    expect((await receiveAsAdmin(unpaid)).code).toBe(TradeError.ORDER_RECEIVE_FAIL_STATUS_NOT_DELIVERED.code);

    // The member: its own order only.
    const id = await readyToShip(member);
    expect((await deliver(id, express.sf, 'SF100')).code).toBe(0);
    expect((await receiveAsMember(other, id)).code).toBe(TradeError.ORDER_NOT_FOUND.code);
    expect(await statusOf(id)).toBe(S.DELIVERED);
    t.clock.now += 1000;
    expect((await receiveAsMember(member, id)).code).toBe(0);
    const order = await detail(id);
    expect(order).toMatchObject({ status: S.COMPLETED, receiveTime: t.clock.now, finishTime: t.clock.now });
    expect(order.logs.at(-1)).toMatchObject({
      userType: 1,
      userId: member.id,
      operatorName: await nicknameOf(member),
      operateType: OP.MEMBER_RECEIVE,
      beforeStatus: S.DELIVERED,
      afterStatus: S.COMPLETED,
      content: '用户已收货',
    });
    const [shipment] = await shipmentsOf(id);
    expect(shipment).toMatchObject({ status: EXP_ORDER_STATUS.SIGNED, signTime: t.clock.now });
    expect((await eventsOf(shipment!.id)).map((e) => [e.status, e.content])).toEqual([
      [0, '商家已发货，快递公司：顺丰速运，快递单号：SF100'],
      [20, '快递已签收：用户已收货'],
    ]);
    // Newest first.
    expect((await tracks(id)).map((e) => e.content)).toEqual([
      '快递已签收：用户已收货',
      '商家已发货，快递公司：顺丰速运，快递单号：SF100',
    ]);
    expect((await receiveAsMember(member, id)).code).toBe(
      TradeError.ORDER_RECEIVE_FAIL_STATUS_NOT_DELIVERED.code,
    );
    expect((await receiveAsAdmin(id)).code).toBe(TradeError.ORDER_RECEIVE_FAIL_STATUS_NOT_DELIVERED.code);

    // The operator on the buyer's behalf; a shipment marked 异常 is signed for too.
    const second = await readyToShip(member);
    expect((await deliver(second, express.sf, 'SF200')).code).toBe(0);
    const [parcel] = await shipmentsOf(second);
    await t.db.kysely
      .updateTable('tradeExpressOrder')
      .set({ status: EXP_ORDER_STATUS.EXCEPTION })
      .where('id', '=', parcel!.id)
      .execute();
    expect((await receiveAsAdmin(second)).code).toBe(0);
    expect((await detail(second)).logs.at(-1)).toMatchObject({
      userType: 2,
      operatorName: '系统管理员',
      operateType: OP.ADMIN_RECEIVE,
      content: '商家代买家确认收货',
    });
    expect((await shipmentsOf(second))[0]).toMatchObject({ status: EXP_ORDER_STATUS.SIGNED });

    // A cancelled shipment stays cancelled; an order without logistics has none to sign.
    const third = await readyToShip(member);
    expect((await deliver(third, express.sf, 'SF300')).code).toBe(0);
    await t.db.kysely
      .updateTable('tradeExpressOrder')
      .set({ status: EXP_ORDER_STATUS.CANCELED })
      .where('orderId', '=', third)
      .execute();
    expect((await receiveAsAdmin(third)).code).toBe(0);
    expect((await shipmentsOf(third))[0]).toMatchObject({
      status: EXP_ORDER_STATUS.CANCELED,
      signTime: null,
    });

    // A missing id, another tenant's administrator.
    expect(await call({ method: 'PUT', path: '/trade/order/receive' })).toMatchObject({
      code: 400,
      msg: '请求参数不正确:交易订单编号不能为空',
    });
    const fourth = await readyToShip(member);
    expect((await deliver(fourth, 0)).code).toBe(0);
    const theirs = await t.api({
      method: 'PUT',
      path: '/trade/order/receive',
      query: byId(fourth),
      token: shopB.admin,
      tenant: shopB.tenant,
    });
    expect(theirs.code).toBe(TradeError.ORDER_NOT_FOUND.code);
    expect(await statusOf(fourth)).toBe(S.DELIVERED);

    // The member and the operator at once: received once.
    const results = await Promise.all([receiveAsMember(member, fourth), receiveAsAdmin(fourth)]);
    expect(results.map((r) => r.code).sort()).toEqual([
      0,
      TradeError.ORDER_RECEIVE_FAIL_STATUS_NOT_DELIVERED.code,
    ]);
    const receipts = (await logTypes(fourth)).filter(
      (op) => op === OP.MEMBER_RECEIVE || op === OP.ADMIN_RECEIVE,
    );
    expect(receipts).toHaveLength(1);
  });

  it("receives every tenant's overdue orders in the auto-receive job, after the configured days", async () => {
    const job = t.app.jobHandlers.get('tradeOrderAutoReceiveJob')!;
    const start = t.clock.now;
    const due = async () =>
      (
        await t.db.kysely
          .selectFrom('tradeOrder')
          .select('id')
          .where('status', '=', S.DELIVERED)
          .where('deliveryTime', '<=', t.clock.now - 14 * DAY)
          .execute()
      ).length;
    const mine = await shopA.member();
    const theirs = await shopB.member();
    const id = await readyToShip(mine);
    expect((await deliver(id, express.sf, 'SF900')).code).toBe(0);
    const theirId = await readyToShip(theirs);
    expect((await deliver(theirId, express.other, 'YD900', shopB.admin, shopB.tenant)).code).toBe(0);

    try {
      // A second short of 14 days: these two wait (orders shipped earlier in this file may not).
      t.clock.now = start + 14 * DAY - 1000;
      const earlier = await due();
      expect(await job('')).toBe(`交易订单自动收货 ${earlier} 个`);
      expect(await statusOf(id)).toBe(S.DELIVERED);
      expect(await statusOf(theirId)).toBe(S.DELIVERED);

      t.clock.now = start + 14 * DAY;
      expect(await due()).toBe(2);
      expect(await job('')).toBe('交易订单自动收货 2 个');
      expect(await statusOf(id)).toBe(S.COMPLETED);
      expect(await statusOf(theirId)).toBe(S.COMPLETED);
      expect(await job('')).toBe('交易订单自动收货 0 个');
      const [theirShipment] = await shipmentsOf(theirId);
      expect(theirShipment).toMatchObject({ tenantId: shopB.tenant, status: EXP_ORDER_STATUS.SIGNED });
      const theirLog = await t.db.kysely
        .selectFrom('tradeOrderLog')
        .selectAll()
        .where('orderId', '=', theirId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(theirLog).toMatchObject({ tenantId: shopB.tenant, operateType: OP.SYSTEM_RECEIVE, userType: 0 });

      // The days come from 参数配置.
      t.clock.now = start;
      const soon = await readyToShip(mine);
      expect((await deliver(soon, 0)).code).toBe(0);
      await t.db.kysely
        .updateTable('infraConfig')
        .set({ value: '3' })
        .where('configKey', '=', 'trade.order.receive-expire-days')
        .execute();
      t.clock.now = start + 3 * DAY;
      expect(await job('')).toBe('交易订单自动收货 1 个');
      expect(await statusOf(soon)).toBe(S.COMPLETED);
      await t.db.kysely
        .updateTable('infraConfig')
        .set({ value: 'abc' })
        .where('configKey', '=', 'trade.order.receive-expire-days')
        .execute();
      await expect(job('')).rejects.toThrow(
        '参数 trade.order.receive-expire-days 必须是正整数，当前为 "abc"',
      );
    } finally {
      t.clock.now = start;
      await t.db.kysely
        .updateTable('infraConfig')
        .set({ value: '14' })
        .where('configKey', '=', 'trade.order.receive-expire-days')
        .execute();
    }
    const order = await detail(id);
    expect(order).toMatchObject({ status: S.COMPLETED, receiveTime: start + 14 * DAY });
    expect(order.logs.at(-1)).toMatchObject({
      userType: 0,
      userId: 0,
      operatorName: '系统',
      operateType: OP.SYSTEM_RECEIVE,
      content: '到期未收货，系统自动确认收货',
    });
    expect((await shipmentsOf(id))[0]).toMatchObject({
      status: EXP_ORDER_STATUS.SIGNED,
      signTime: start + 14 * DAY,
    });
  });

  it("sums the orders of the page's filters", async () => {
    const member = await shopA.member();
    const paid = [await readyToShip(member), await readyToShip(member)];
    await placeOrder(member);
    const prices = await t.db.kysely
      .selectFrom('tradeOrder')
      .select('payPrice')
      .where('id', 'in', paid)
      .execute();
    const summary = (query: Record<string, string>, token = admin, tenant = 1) =>
      t.api({ path: '/trade/order/summary', query, token, tenant }) as Promise<Envelope<TradeOrderSummary>>;
    const all = await summary({ userId: String(member.id) });
    expect(all.code, all.msg).toBe(0);
    expect(all.data).toEqual({
      orderCount: 3,
      orderPayPrice: prices.reduce((sum, p) => sum + p.payPrice, 0),
      afterSaleCount: 0,
      afterSalePrice: 0,
    });
    expect((await summary({ userId: String(member.id), status: String(S.UNPAID) })).data).toEqual({
      orderCount: 1,
      orderPayPrice: 0,
      afterSaleCount: 0,
      afterSalePrice: 0,
    });
    expect((await summary({ userNickname: await nicknameOf(member) })).data.orderCount).toBe(3);
    expect(await summary({ status: 'x' })).toMatchObject({ code: 400 });
    // Another tenant counts none of them.
    expect((await summary({ userId: String(member.id) }, shopB.admin, shopB.tenant)).data.orderCount).toBe(0);
  });

  it('answers 401 without a token, 403 without the permission, and reads another tenant as not found', async () => {
    const member = await shopA.member();
    const id = await readyToShip(member);
    const endpoints: [ApiCall['method'], string, Partial<ApiCall>][] = [
      ['GET', '/trade/order/get-detail', { query: byId(id) }],
      ['GET', '/trade/order/summary', {}],
      ['GET', '/trade/order/get-express-track-list', { query: byId(id) }],
      ['PUT', '/trade/order/delivery', { body: { id, logisticsId: 0 } }],
      ['POST', '/trade/order/delivery', { body: { id, logisticsId: 0 } }],
      ['PUT', '/trade/order/update-remark', { body: { id, remark: 'x' } }],
      [
        'PUT',
        '/trade/order/update-address',
        {
          body: {
            id,
            receiverName: 'x',
            receiverMobile: '13900139000',
            receiverAreaId: BEIJING_DONGCHENG,
            receiverDetailAddress: 'x',
          },
        },
      ],
      ['PUT', '/trade/order/receive', { query: byId(id) }],
    ];
    const operator = (await t.login('operator', 'operator123')).accessToken;
    const { token: viewer } = await addScopedUser(t, {
      username: `viewer${dialect}`,
      deptId: 100,
      dataScope: 1,
      permissions: ['trade:order:query'],
    });
    for (const [method, path, extra] of endpoints) {
      const as = (token: string | null) => t.api({ method, path, ...extra, token, tenant: 1 });
      expect((await as(null)).code, path).toBe(401);
      expect((await as(member.token)).code, path).toBe(401);
      expect((await as(operator)).code, path).toBe(403);
      expect((await as(viewer)).code, path).toBe(method === 'GET' ? 0 : 403);
    }
    expect(await statusOf(id)).toBe(S.UNDELIVERED);
    expect(
      (await t.api({ api: 'app', method: 'PUT', path: '/trade/order/receive', query: byId(id) })).code,
    ).toBe(401);
    expect(
      (
        await t.api({
          api: 'app',
          method: 'PUT',
          path: '/trade/order/receive',
          query: byId(id),
          token: admin,
        })
      ).code,
    ).toBe(401);

    for (const path of ['/trade/order/get-detail', '/trade/order/get-express-track-list'])
      expect(
        (await t.api({ path, query: byId(id), token: shopB.admin, tenant: shopB.tenant })).code,
        path,
      ).toBe(TradeError.ORDER_NOT_FOUND.code);
    expect(
      (await t.api({ path: '/trade/order/get-express-track-list', query: { id: 'x' }, token: admin })).code,
    ).toBe(400);
    // Not shipped: no track yet.
    expect(await tracks(id)).toEqual([]);
  });
});
