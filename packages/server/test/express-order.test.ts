import type { ExpressOrder, ExpressOrderDetail, PageResult, TradeOrderExpressTrack } from '@app/contract';
import { EXP_ORDER_STATUS, TradeError } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/lib/crud/index.js';
import { kd100Sign } from '../src/modules/trade-order/tracking.js';
import { startTrackPeer, type TrackPeer } from './express-track-peer.js';
import { createTestApp, DIALECTS, type ApiCall, type Envelope, type TestApp } from './helper.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';
import { openShop, type Shop } from './trade-fixture.js';
import { addScopedUser, readSheet } from './users-fixture.js';

/*
 * 快递管理 on every dialect: the express orders 发货 creates, their page, export and status changes
 * (each an event), and their track through a Kuaidi100-style provider (a local peer that checks the
 * signature): its events, its refusals, its outage.
 */

const ACCOUNT = { customer: 'CUSTOMER-TEST', key: 'kd100-secret-key' };
const S = EXP_ORDER_STATUS;
const LABEL: Record<number, string> = { 0: '待揽收', 10: '运输中', 20: '已签收', 30: '已取消', 40: '异常' };
/** Where each status may go (the rule under test, written out independently). */
const ALLOWED: Record<number, number[]> = {
  0: [10, 40, 30],
  10: [20, 40, 30],
  40: [10, 20, 30],
  20: [],
  30: [],
};

describe.each(DIALECTS)('express orders on %s', (dialect) => {
  let t: TestApp;
  let peer: TrackPeer;
  let admin: string;
  let shop: Shop;
  let other: { tenantId: number; token: string };
  const express = { sf: 0, yt: 0 };

  const call = <T = unknown>(c: ApiCall) => t.api({ token: admin, tenant: 1, ...c }) as Promise<Envelope<T>>;
  const ok = async <T = unknown>(c: ApiCall): Promise<T> => {
    const res = await call<T>(c);
    expect(res.code, `${c.path}: ${res.msg}`).toBe(0);
    return res.data;
  };
  const byId = (id: number) => ({ id: String(id) });

  /** Ships a fresh paid order by `expressId`; returns the order's and its express order's ids. */
  const ship = async (expressId: number, logisticsNo: string) => {
    const { id } = await shop.paidOrder();
    await ok({
      method: 'PUT',
      path: '/trade/order/delivery',
      body: { id, logisticsId: expressId, logisticsNo },
    });
    const row = await t.db.kysely
      .selectFrom('tradeExpressOrder')
      .select('id')
      .where('orderId', '=', id)
      .executeTakeFirstOrThrow();
    return { orderId: id, expressOrderId: row.id };
  };
  const page = (query: Record<string, string>) =>
    ok<PageResult<ExpressOrder>>({ path: '/trade/express-order/page', query: { pageSize: '100', ...query } });
  const updateStatus = (body: object, token = admin, tenant = 1) =>
    t.api({ method: 'PUT', path: '/trade/express-order/update-status', body, token, tenant });
  const setStatus = (id: number, status: number) =>
    t.db.kysely
      .updateTable('tradeExpressOrder')
      .set({ status, signTime: null })
      .where('id', '=', id)
      .execute();
  const eventsOf = async (id: number) =>
    (
      await t.db.kysely
        .selectFrom('tradeExpressOrderEvent')
        .select(['status', 'content'])
        .where('expressOrderId', '=', id)
        .orderBy('id')
        .execute()
    ).map((e) => [e.status, e.content]);

  beforeAll(async () => {
    peer = await startTrackPeer(ACCOUNT);
    t = await createTestApp(dialect, {
      env: {
        EXPRESS_TRACK_KD100_URL: peer.url,
        EXPRESS_TRACK_KD100_CUSTOMER: ACCOUNT.customer,
        EXPRESS_TRACK_KD100_KEY: ACCOUNT.key,
      },
    });
    admin = (await t.login()).accessToken;
    shop = await openShop(t, admin);
    const company = async (code: string, name: string) => {
      const res = await call({
        method: 'POST',
        path: '/trade/delivery/express/create',
        body: { code, name, sort: 0, status: 0 },
      });
      if (res.code !== 0) throw new Error(`${res.code} ${res.msg}`);
      return res.data as number;
    };
    express.sf = await company('shunfeng', '顺丰速运');
    express.yt = await company('yuantong', '圆通速递');
    const menus = await t.db.kysely.selectFrom('systemMenu').select('id').where('deleted', '=', 0).execute();
    const packageId = await createPackage(
      t,
      admin,
      '快递套餐',
      menus.map((m) => Number(m.id)),
    );
    other = await createTenantAndSignIn(
      t,
      admin,
      tenantBody(t, packageId, { name: '快递乙租户', username: 'expadmin', contactName: '乙' }),
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('pages the express orders newest first, by each filter', async () => {
    const first = await ship(express.sf, 'SFPAGE001');
    const second = await ship(express.yt, 'YTPAGE002');
    const all = await page({ logisticsNo: 'PAGE00' });
    expect(all.list.map((r) => r.id)).toEqual([second.expressOrderId, first.expressOrderId]);
    expect(all.total).toBe(2);
    const order = await ok<{ no: string; deliveryPrice: number }>({
      path: '/trade/order/get-detail',
      query: byId(second.orderId),
    });
    expect(all.list[0]).toEqual({
      id: second.expressOrderId,
      orderId: second.orderId,
      orderNo: order.no,
      expressId: express.yt,
      expressName: '圆通速递',
      logisticsNo: 'YTPAGE002',
      type: 1,
      status: S.WAITING_PICK_UP,
      refundFlag: 0,
      freight: order.deliveryPrice,
      receiverName: '张三',
      receiverMobile: '13800138000',
      receiverAreaId: 440305,
      receiverAreaName: '广东省 深圳市 南山区',
      receiverDetailAddress: '科技园 1 号',
      signTime: null,
      createTime: t.clock.now,
    });

    const ids = async (query: Record<string, string>) =>
      (await page({ logisticsNo: 'PAGE00', ...query })).list.map((r) => r.id);
    expect(await ids({ orderNo: order.no.slice(-10) })).toEqual([second.expressOrderId]);
    expect(await ids({ expressId: String(express.sf) })).toEqual([first.expressOrderId]);
    expect(await ids({ receiverMobile: '13800138000' })).toHaveLength(2);
    expect(await ids({ receiverMobile: '13900000000' })).toEqual([]);
    expect(await ids({ type: '2' })).toEqual([]);
    expect(await ids({ refundFlag: '0' })).toHaveLength(2);
    await ok({
      method: 'PUT',
      path: '/trade/express-order/update-status',
      body: { id: first.expressOrderId, status: S.IN_TRANSIT },
    });
    expect(await ids({ status: String(S.IN_TRANSIT) })).toEqual([first.expressOrderId]);
    // 发货时间: one shipped a day earlier.
    const earlier = t.clock.now - 24 * 3600_000;
    await t.db.kysely
      .updateTable('tradeExpressOrder')
      .set({ createTime: earlier })
      .where('id', '=', first.expressOrderId)
      .execute();
    const range = (from: number, to: number) => ({
      'createTime[0]': formatDateTime(from),
      'createTime[1]': formatDateTime(to),
    });
    expect(await ids(range(earlier - 1000, earlier + 1000))).toEqual([first.expressOrderId]);
    expect(await ids(range(t.clock.now - 1000, t.clock.now + 1000))).toEqual([second.expressOrderId]);

    expect(await call({ path: '/trade/express-order/page', query: { status: 'x' } })).toMatchObject({
      code: 400,
      msg: '请求参数不正确:快递状态必须是整数',
    });
    expect(
      await call({ path: '/trade/express-order/page', query: { 'createTime[0]': '2024-13-01' } }),
    ).toMatchObject({ code: 400, msg: '请求参数不正确:发货时间格式不正确，应为 yyyy-MM-dd HH:mm:ss' });
    // Another tenant sees none of them.
    const theirs = await t.api({
      path: '/trade/express-order/page',
      token: other.token,
      tenant: other.tenantId,
    });
    expect(theirs.data).toEqual({ list: [], total: 0 });
  });

  it('moves the status only along the allowed transitions, recording each change as an event', async () => {
    const { expressOrderId: id } = await ship(express.sf, 'SFSTATUS01');
    const change = (status: number, content?: string) => updateStatus({ id, status, content });

    // Every pair of statuses, from a shipment put in the first.
    for (const from of Object.values(S))
      for (const to of Object.values(S)) {
        await setStatus(id, from);
        const res = await change(to);
        if (ALLOWED[from]!.includes(to)) expect(res.code, `${from} → ${to}: ${res.msg}`).toBe(0);
        else
          expect(res, `${from} → ${to}`).toMatchObject({
            code: TradeError.EXPRESS_ORDER_STATUS_CHANGE_INVALID.code,
            msg: `快递订单不能从【${LABEL[from]}】变为【${LABEL[to]}】`,
          });
      }

    // A journey with the carrier's words, or the default ones.
    const { expressOrderId: parcel } = await ship(express.sf, 'SFSTATUS02');
    const move = (status: number, content?: string | null) =>
      ok({
        method: 'PUT',
        path: '/trade/express-order/update-status',
        body: { id: parcel, status, content },
      });
    await move(S.IN_TRANSIT, '快件已被顺丰揽收');
    await move(S.EXCEPTION, null);
    await move(S.IN_TRANSIT, '  ');
    t.clock.now += 1000;
    await move(S.SIGNED, '快件已签收，签收人：本人');
    expect(await eventsOf(parcel)).toEqual([
      [0, '商家已发货，快递公司：顺丰速运，快递单号：SFSTATUS02'],
      [10, '快件已被顺丰揽收'],
      [40, '快递状态变为：异常'],
      [10, '快递状态变为：运输中'],
      [20, '快件已签收，签收人：本人'],
    ]);
    const [signed] = (await page({ logisticsNo: 'SFSTATUS02' })).list;
    expect(signed).toMatchObject({ status: S.SIGNED, signTime: t.clock.now });
    // Final: nothing moves it any more, and a refusal records nothing.
    expect((await updateStatus({ id: parcel, status: S.CANCELED })).code).toBe(
      TradeError.EXPRESS_ORDER_STATUS_CHANGE_INVALID.code,
    );
    expect(await eventsOf(parcel)).toHaveLength(5);

    // Racing changes: the same one twice is made once; two that follow each other are both made.
    const { expressOrderId: raced } = await ship(express.sf, 'SFSTATUS04');
    const twice = await Promise.all([
      updateStatus({ id: raced, status: 10 }),
      updateStatus({ id: raced, status: 10 }),
    ]);
    expect(twice.map((r) => r.code).sort()).toEqual([0, TradeError.EXPRESS_ORDER_STATUS_CHANGE_INVALID.code]);
    expect(await eventsOf(raced)).toHaveLength(2);
    // From 待揽收, 运输中 and 异常 each lead to the other, whichever comes first.
    const { expressOrderId: pair } = await ship(express.sf, 'SFSTATUS05');
    const both = await Promise.all([
      updateStatus({ id: pair, status: 10 }),
      updateStatus({ id: pair, status: 40 }),
    ]);
    expect(both.map((r) => r.code)).toEqual([0, 0]);
    expect(
      (await eventsOf(pair))
        .map(([status]) => status)
        .slice(1)
        .sort(),
    ).toEqual([10, 40]);

    // Bad input, a missing shipment, another tenant's administrator.
    const bad: [object, string][] = [
      [{ id: parcel, status: 7 }, '请求参数不正确:快递状态不正确'],
      [{ id: parcel }, '请求参数不正确:快递状态不能为空'],
      [{ id: parcel, status: 10, content: 'x'.repeat(201) }, '请求参数不正确:轨迹说明长度不能超过200个字符'],
    ];
    for (const [body, msg] of bad) expect(await updateStatus(body)).toMatchObject({ code: 400, msg });
    expect(await updateStatus({ id: 999_999, status: S.IN_TRANSIT })).toMatchObject({
      code: TradeError.EXPRESS_ORDER_NOT_EXISTS.code,
      msg: '快递订单不存在',
    });
    const { expressOrderId: waiting } = await ship(express.sf, 'SFSTATUS03');
    expect(
      (await updateStatus({ id: waiting, status: S.IN_TRANSIT }, other.token, other.tenantId)).code,
    ).toBe(TradeError.EXPRESS_ORDER_NOT_EXISTS.code);
    expect(await eventsOf(waiting)).toHaveLength(1);
  });

  it("answers a shipment's track from the provider, newest first, signed as it requires", async () => {
    const { orderId, expressOrderId } = await ship(express.sf, 'SF7001');
    const base = Date.UTC(2025, 5, 1, 2, 0, 0);
    peer.parcels.push({
      com: 'shunfeng',
      num: 'SF7001',
      phone: '13800138000',
      events: [
        { time: base, context: '[深圳市]顺丰速运 已收取快件' },
        { time: base + 3_600_000, context: '[深圳市]快件已发车' },
        { time: base + 86_400_000, context: '[北京市]快件已签收' },
      ],
    });
    const before = peer.requests.length;
    const detail = await ok<ExpressOrderDetail>({
      path: '/trade/express-order/get',
      query: byId(expressOrderId),
    });
    const expected = [
      { time: base + 86_400_000, content: '[北京市]快件已签收' },
      { time: base + 3_600_000, content: '[深圳市]快件已发车' },
      { time: base, content: '[深圳市]顺丰速运 已收取快件' },
    ];
    expect(detail).toMatchObject({ id: expressOrderId, logisticsNo: 'SF7001', tracks: expected });
    expect(
      await ok<TradeOrderExpressTrack[]>({
        path: '/trade/order/get-express-track-list',
        query: byId(orderId),
      }),
    ).toEqual(expected);
    const sent = peer.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      customer: ACCOUNT.customer,
      signatureOk: true,
      param: { com: 'shunfeng', num: 'SF7001', phone: '13800138000' },
    });
    // The published rule, upper-case MD5 of param + key + customer, on a known digest (MD5 of "abc").
    expect(kd100Sign('a', 'b', 'c')).toBe('900150983CD24FB0D6963F7D28E17F72');

    // An order not shipped, or shipped without logistics, asks nobody.
    const unshipped = await shop.paidOrder();
    expect(
      await ok<TradeOrderExpressTrack[]>({
        path: '/trade/order/get-express-track-list',
        query: byId(unshipped.id),
      }),
    ).toEqual([]);
    expect(peer.requests).toHaveLength(before + 2);

    // Another tenant finds neither the shipment nor the order.
    const as = (path: string, id: number) =>
      t.api({ path, query: byId(id), token: other.token, tenant: other.tenantId });
    expect((await as('/trade/express-order/get', expressOrderId)).code).toBe(
      TradeError.EXPRESS_ORDER_NOT_EXISTS.code,
    );
    expect((await as('/trade/order/get-express-track-list', orderId)).code).toBe(
      TradeError.ORDER_NOT_FOUND.code,
    );
    expect(peer.requests).toHaveLength(before + 2);
  });

  it("passes on the provider's refusals and reports its outage", async () => {
    const { orderId, expressOrderId } = await ship(express.yt, 'YT8001');
    const get = () => call({ path: '/trade/express-order/get', query: byId(expressOrderId) });
    const tracks = () => call({ path: '/trade/order/get-express-track-list', query: byId(orderId) });

    // Unknown to the provider.
    expect(await get()).toMatchObject({
      code: TradeError.EXPRESS_API_QUERY_FAILED.code,
      msg: '快递查询返回失败，原因：查询无结果，请隔段时间再查',
    });
    // A signature the provider does not accept (its key is not ours).
    peer.key = 'another-key';
    try {
      expect(await tracks()).toMatchObject({
        code: TradeError.EXPRESS_API_QUERY_FAILED.code,
        msg: '快递查询返回失败，原因：验证签名失败',
      });
      expect(peer.requests.at(-1)!.signatureOk).toBe(false);
    } finally {
      peer.key = ACCOUNT.key;
    }
    // An outage: no JSON.
    peer.failNext(1);
    expect(await get()).toMatchObject({
      code: TradeError.EXPRESS_API_QUERY_ERROR.code,
      msg: '快递查询接口异常',
    });
    // Back to normal.
    peer.parcels.push({
      com: 'yuantong',
      num: 'YT8001',
      events: [{ time: Date.UTC(2025, 0, 1), context: '已揽收' }],
    });
    expect(await tracks()).toMatchObject({
      code: 0,
      data: [{ time: Date.UTC(2025, 0, 1), content: '已揽收' }],
    });
  });

  it('exports the express orders of the filters as .xlsx, codes as their labels', async () => {
    const { expressOrderId } = await ship(express.sf, 'SFEXPORT01');
    await ok({
      method: 'PUT',
      path: '/trade/express-order/update-status',
      body: { id: expressOrderId, status: S.IN_TRANSIT },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin-api/trade/express-order/export-excel',
      query: { logisticsNo: 'SFEXPORT' },
      headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('快递订单.xlsx')}`,
    );
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([
      '编号',
      '订单号',
      '快递公司',
      '物流单号',
      '快递类型',
      '快递状态',
      '退款标识',
      '运费（元）',
      '收件人',
      '收件人手机',
      '收件地区',
      '详细地址',
      '签收时间',
      '发货时间',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      String(expressOrderId),
      expect.stringMatching(/^o\d{20}$/),
      '顺丰速运',
      'SFEXPORT01',
      '普通快递',
      '运输中',
      '未退款',
      '0.00',
      '张三',
      '13800138000',
      '广东省 深圳市 南山区',
      '科技园 1 号',
      // Not signed for: the cell is empty.
      undefined,
      formatDateTime(t.clock.now),
    ]);
    const bad = await call({ path: '/trade/express-order/export-excel', query: { type: 'x' } });
    expect(bad).toMatchObject({ code: 400, msg: '请求参数不正确:快递类型必须是整数' });
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    const { expressOrderId } = await ship(express.sf, 'SFACCESS01');
    peer.parcels.push({ com: 'shunfeng', num: 'SFACCESS01', events: [] });
    const endpoints: [ApiCall['method'], string, Partial<ApiCall>][] = [
      ['GET', '/trade/express-order/page', {}],
      ['GET', '/trade/express-order/get', { query: byId(expressOrderId) }],
      ['PUT', '/trade/express-order/update-status', { body: { id: expressOrderId, status: S.IN_TRANSIT } }],
      ['GET', '/trade/express-order/export-excel', {}],
    ];
    const operator = (await t.login('operator', 'operator123')).accessToken;
    const member = await shop.member();
    const { token: viewer } = await addScopedUser(t, {
      username: `expview${dialect}`,
      deptId: 100,
      dataScope: 1,
      permissions: ['trade:delivery:express-order:query'],
    });
    for (const [method, path, extra] of endpoints) {
      const as = async (token: string | null) => {
        const raw = await t.app.inject({
          method: method ?? 'GET',
          url: `/admin-api${path}`,
          query: extra.query ?? {},
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            'tenant-id': '1',
            ...(extra.body ? { 'content-type': 'application/json' } : {}),
          },
          ...(extra.body ? { payload: JSON.stringify(extra.body) } : {}),
        });
        return String(raw.headers['content-type']).includes('json') ? raw.json<{ code: number }>().code : 0;
      };
      expect(await as(null), path).toBe(401);
      expect(await as(member.token), path).toBe(401);
      expect(await as(operator), path).toBe(403);
      // Reading, but neither changing nor exporting.
      expect(await as(viewer), path).toBe(path.endsWith('/page') || path.endsWith('/get') ? 0 : 403);
    }
    const [row] = (await page({ logisticsNo: 'SFACCESS01' })).list;
    expect(row!.status).toBe(S.WAITING_PICK_UP);
  });
});
