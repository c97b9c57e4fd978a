import type {
  DeliveryExpress,
  DeliveryExpressCreateReq,
  DeliveryExpressSimple,
  ExpressTemplate,
  ExpressTemplateCreateReq,
  ExpressTemplateDetail,
  PageResult,
  PriceQueryResp,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/lib/crud/index.js';
import { up } from '../src/db/migrations/039_delivery.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { databaseBefore } from './migrated-before.js';
import { buildCatalogue, singleSpu } from './product-fixture.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';
import { addScopedUser, readSheet } from './users-fixture.js';

/* 配送管理: 快递公司, 运费模版 with their rules, and 运费查询; every endpoint on every dialect. */

/** 订单中心 › 配送管理 with 快递公司, 运费模版 and 运费查询 and their buttons. */
const DELIVERY_MENUS = [
  2362, 2072, 2164, 2165, 2167, 2168, 2169, 2170, 2171, 2172, 2173, 2174, 2175, 2176, 2177, 2178, 2749,
];

const GUANGDONG = 440000;
const SHENZHEN_NANSHAN = 440305;
const GUANGZHOU_TIANHE = 440106;
const BEIJING = 110000;
const BEIJING_DONGCHENG = 110101;
const CHENGDU_JINJIANG = 510104;

const express = (overrides: Partial<DeliveryExpressCreateReq> = {}): DeliveryExpressCreateReq => ({
  code: 'SF',
  name: '顺丰速运',
  logo: 'https://img.example.com/sf.png',
  sort: 1,
  status: 0,
  ...overrides,
});

/** A template charging 全国 by the piece, free from 99 元 in 广东. */
const template = (overrides: Partial<ExpressTemplateCreateReq> = {}): ExpressTemplateCreateReq => ({
  name: '默认运费',
  chargeMode: 1,
  sort: 0,
  templateCharge: [{ areaIds: [1], startCount: 1, startPrice: 1000, extraCount: 1, extraPrice: 500 }],
  templateFree: [{ areaIds: [GUANGDONG], freePrice: 9900, freeCount: 0 }],
  ...overrides,
});

describe.each(DIALECTS)('delivery on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    extra: { query?: Record<string, string>; body?: unknown } = {},
    token: string | null = admin,
    tenant: number = 1,
  ) => {
    const res = await t.api({ method, path: `/trade/delivery${path}`, token, tenant, ...extra });
    return res as typeof res & { data: T };
  };
  const ok = async <T = unknown>(...args: Parameters<typeof call>): Promise<T> => {
    const res = await call<T>(...args);
    expect(res.code, `${args[1]}: ${res.msg}`).toBe(0);
    return res.data;
  };
  const byId = (id: number) => ({ query: { id: String(id) } });
  const download = (path: string, query: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/admin-api/trade/delivery${path}`,
      query,
      headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
    });

  describe('products and their freight template', () => {
    it('takes an existing template of the tenant on a product, and keeps a template products use', async () => {
      const c = await buildCatalogue(t, admin, 1, '运费');
      const id = await ok<number>('POST', '/express-template/create', { body: template({ name: '商品用' }) });
      const spuCall = (method: 'POST' | 'PUT', path: string, body: unknown) =>
        t.api({ method, path: `/product/spu${path}`, token: admin, tenant: 1, body });
      // An unknown template is refused; none at all ships free.
      expect((await spuCall('POST', '/create', singleSpu(c, { deliveryTemplateId: 999999 }))).code).toBe(
        1011003102,
      );
      const free = await spuCall('POST', '/create', singleSpu(c, { name: '包邮', deliveryTemplateId: null }));
      expect(free.code).toBe(0);
      const spu = await spuCall('POST', '/create', singleSpu(c, { name: '计运费', deliveryTemplateId: id }));
      expect(spu.code).toBe(0);
      const detail = await t.api({
        method: 'GET',
        path: '/product/spu/get-detail',
        token: admin,
        tenant: 1,
        query: { id: String(spu.data) },
      });
      expect((detail.data as { deliveryTemplateId: number }).deliveryTemplateId).toBe(id);
      expect(await call('DELETE', '/express-template/delete', byId(id))).toMatchObject({
        code: 1011003103,
        msg: '运费模板已被商品使用，无法删除',
      });
      // A product in the recycle bin, deleted, no longer holds it.
      await spuCall('PUT', '/update-status', { id: spu.data, status: -1 });
      await t.api({
        method: 'DELETE',
        path: '/product/spu/delete',
        token: admin,
        tenant: 1,
        query: { id: String(spu.data) },
      });
      await ok('DELETE', '/express-template/delete', byId(id));
    });
  });

  describe('快递公司', () => {
    it('creates, gets, updates and deletes a company with a code unique in the tenant', async () => {
      const id = await ok<number>('POST', '/express/create', { body: express() });
      expect(await ok<DeliveryExpress>('GET', '/express/get', byId(id))).toEqual({
        id,
        ...express(),
        createTime: expect.any(Number),
      });
      expect(await call('POST', '/express/create', { body: express({ name: '另一个' }) })).toMatchObject({
        code: 1011003001,
        msg: '已经存在该编码的快递公司',
      });
      const other = await ok<number>('POST', '/express/create', {
        body: express({ code: 'YTO', name: '圆通速递', logo: '  ' }),
      });
      expect((await ok<DeliveryExpress>('GET', '/express/get', byId(other))).logo).toBeNull();
      // Its own code is no duplicate; another company's is.
      await ok('PUT', '/express/update', { body: { ...express({ name: '顺丰', sort: 3 }), id } });
      expect(await ok<DeliveryExpress>('GET', '/express/get', byId(id))).toMatchObject({
        name: '顺丰',
        sort: 3,
      });
      expect((await call('PUT', '/express/update', { body: { ...express(), id: other } })).code).toBe(
        1011003001,
      );
      expect((await call('PUT', '/express/update', { body: { ...express(), id: 999999 } })).code).toBe(
        1011003000,
      );

      await ok('DELETE', '/express/delete', byId(other));
      expect(await call('GET', '/express/get', byId(other))).toMatchObject({
        code: 1011003000,
        msg: '快递公司不存在',
      });
      expect((await call('DELETE', '/express/delete', byId(other))).code).toBe(1011003000);
      const row = await t.db.kysely
        .selectFrom('tradeDeliveryExpress')
        .select(['deleted', 'updater'])
        .where('id', '=', other)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ deleted: 1, updater: '1' });
      // A deleted company's code is free again.
      const again = await ok<number>('POST', '/express/create', {
        body: express({ code: 'YTO', name: '圆通速递' }),
      });
      await ok('DELETE', '/express/delete', byId(again));
      await ok('DELETE', '/express/delete', byId(id));
    });

    it('refuses invalid input', async () => {
      const messages: [unknown, string][] = [
        [{ ...express(), name: undefined }, '快递公司名称不能为空'],
        [{ ...express(), name: '  ' }, '快递公司名称不能为空'],
        [express({ code: '顺丰' }), '快递公司编码只能包含字母、数字、下划线和中划线'],
        [express({ sort: -1 }), '排序不能小于 0'],
        [express({ status: 2 }), '状态只能是 0（开启）或 1（关闭）'],
      ];
      for (const [body, message] of messages)
        expect(await call('POST', '/express/create', { body })).toMatchObject({
          code: 400,
          msg: `请求参数不正确:${message}`,
        });
      expect((await call('GET', '/express/get', { query: { id: 'x' } })).code).toBe(400);
      expect((await call('GET', '/express/page', { query: { status: '3' } })).code).toBe(400);
      expect((await call('GET', '/express/page', { query: { 'createTime[0]': 'soon' } })).code).toBe(400);
    });

    it('pages and exports by code, name, status and creation time; by sort, then newest first', async () => {
      const start = new Date(2026, 0, 10, 9, 0, 0).getTime();
      const created: number[] = [];
      const rows = [
        express({ code: 'ZTO', name: '中通快递', sort: 2 }),
        express({ code: 'ZJS', name: '宅急送', sort: 1, status: 1, logo: null }),
        express({ code: 'ZYE', name: '中邮快递', sort: 2 }),
      ];
      for (const [i, body] of rows.entries()) {
        t.clock.now = start + i * 60_000;
        created.push(await ok<number>('POST', '/express/create', { body }));
      }
      t.clock.now = Date.now();
      const [zto, zjs, zye] = created as [number, number, number];
      const page = (query: Record<string, string>) =>
        ok<PageResult<DeliveryExpress>>('GET', '/express/page', { query: { pageSize: '10', ...query } });
      const ids = async (query: Record<string, string>) => (await page(query)).list.map((r) => r.id);

      expect(await ids({ code: 'z' })).toEqual([zjs, zye, zto]);
      expect(await page({ code: 'z', pageSize: '2', pageNo: '2' })).toMatchObject({
        total: 3,
        list: [{ id: zto }],
      });
      expect(await ids({ name: '快递' })).toEqual([zye, zto]);
      expect(await ids({ code: 'z', status: '1' })).toEqual([zjs]);
      expect(await ids({ code: 'z', status: '0' })).toEqual([zye, zto]);
      expect(await ids({ code: '%' })).toEqual([]);
      expect(
        await ids({
          code: 'z',
          'createTime[0]': formatDateTime(start + 60_000),
          'createTime[1]': formatDateTime(start + 120_000),
        }),
      ).toEqual([zjs, zye]);

      // Only enabled companies are offered for shipping.
      const simple = await ok<DeliveryExpressSimple[]>('GET', '/express/list-all-simple');
      expect(simple.filter((s) => created.includes(s.id))).toEqual([
        { id: zye, code: 'ZYE', name: '中邮快递' },
        { id: zto, code: 'ZTO', name: '中通快递' },
      ]);

      const exported = await download('/express/export-excel', { code: 'z' });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('spreadsheetml');
      expect(exported.headers['content-disposition']).toContain(encodeURIComponent('快递公司.xlsx'));
      expect(await readSheet(exported.rawPayload)).toEqual([
        ['编号', '快递公司编码', '快递公司名称', '快递公司 logo', '排序', '状态', '创建时间'],
        [String(zjs), 'ZJS', '宅急送', '', '1', '关闭', formatDateTime(start + 60_000)],
        [
          String(zye),
          'ZYE',
          '中邮快递',
          'https://img.example.com/sf.png',
          '2',
          '开启',
          formatDateTime(start + 120_000),
        ],
        [
          String(zto),
          'ZTO',
          '中通快递',
          'https://img.example.com/sf.png',
          '2',
          '开启',
          formatDateTime(start),
        ],
      ]);
      const filtered = await readSheet(
        (await download('/express/export-excel', { code: 'z', status: '1' })).rawPayload,
      );
      expect(filtered.slice(1).map((r) => r[1])).toEqual(['ZJS']);
      for (const id of created) await ok('DELETE', '/express/delete', byId(id));
    });
  });

  describe('运费模版', () => {
    it('creates a template with its rules in one go and gets them back with their ids', async () => {
      const body = template({
        name: '全国包邮模板',
        templateCharge: [
          { areaIds: [1], startCount: 1, startPrice: 1000, extraCount: 2, extraPrice: 500 },
          {
            areaIds: [GUANGDONG, BEIJING, GUANGDONG],
            startCount: 2,
            startPrice: 600,
            extraCount: 1,
            extraPrice: 100,
          },
        ],
      });
      const id = await ok<number>('POST', '/express-template/create', { body });
      const detail = await ok<ExpressTemplateDetail>('GET', '/express-template/get', byId(id));
      expect(detail).toEqual({
        id,
        name: '全国包邮模板',
        chargeMode: 1,
        sort: 0,
        createTime: expect.any(Number),
        templateCharge: [
          {
            id: expect.any(Number),
            areaIds: [1],
            startCount: 1,
            startPrice: 1000,
            extraCount: 2,
            extraPrice: 500,
          },
          // Repeated regions are kept once.
          {
            id: expect.any(Number),
            areaIds: [GUANGDONG, BEIJING],
            startCount: 2,
            startPrice: 600,
            extraCount: 1,
            extraPrice: 100,
          },
        ],
        templateFree: [{ id: expect.any(Number), areaIds: [GUANGDONG], freePrice: 9900, freeCount: 0 }],
      });
      expect(await call('POST', '/express-template/create', { body })).toMatchObject({
        code: 1011003101,
        msg: '已经存在该运费模板名',
      });
      // No free-shipping rules at all is fine.
      const bare = await ok<number>('POST', '/express-template/create', {
        body: { ...template({ name: '无包邮' }), templateFree: undefined },
      });
      expect(
        (await ok<ExpressTemplateDetail>('GET', '/express-template/get', byId(bare))).templateFree,
      ).toEqual([]);
      await ok('DELETE', '/express-template/delete', byId(bare));
      await ok('DELETE', '/express-template/delete', byId(id));
    });

    it('replaces all rules on update, and deletes a template with its rules', async () => {
      const id = await ok<number>('POST', '/express-template/create', { body: template({ name: '待修改' }) });
      const before = await ok<ExpressTemplateDetail>('GET', '/express-template/get', byId(id));
      await ok('PUT', '/express-template/update', {
        body: {
          id,
          ...template({
            name: '已修改',
            chargeMode: 2,
            sort: 7,
            templateCharge: [
              { areaIds: [BEIJING], startCount: 0.5, startPrice: 800, extraCount: 0.5, extraPrice: 200 },
              { areaIds: [1], startCount: 1, startPrice: 1500, extraCount: 1, extraPrice: 600 },
            ],
            templateFree: [],
          }),
        },
      });
      const after = await ok<ExpressTemplateDetail>('GET', '/express-template/get', byId(id));
      expect(after).toMatchObject({
        name: '已修改',
        chargeMode: 2,
        sort: 7,
        templateCharge: [
          { areaIds: [BEIJING], startCount: 0.5, startPrice: 800, extraCount: 0.5, extraPrice: 200 },
          { areaIds: [1], startCount: 1, startPrice: 1500, extraCount: 1, extraPrice: 600 },
        ],
        templateFree: [],
      });
      expect(after.templateCharge.map((r) => r.id)).not.toContain(before.templateCharge[0]!.id);
      const live = async () => {
        const count = async (
          table: 'tradeDeliveryExpressTemplateCharge' | 'tradeDeliveryExpressTemplateFree',
        ) =>
          (
            await t.db.kysely
              .selectFrom(table)
              .select('id')
              .where('templateId', '=', id)
              .where('deleted', '=', 0)
              .execute()
          ).length;
        return [
          await count('tradeDeliveryExpressTemplateCharge'),
          await count('tradeDeliveryExpressTemplateFree'),
        ];
      };
      expect(await live()).toEqual([2, 0]);

      const other = await ok<number>('POST', '/express-template/create', {
        body: template({ name: '另一个模板' }),
      });
      expect(
        (
          await call('PUT', '/express-template/update', {
            body: { ...template({ name: '已修改' }), id: other },
          })
        ).code,
      ).toBe(1011003101);
      // Its own name is no duplicate.
      await ok('PUT', '/express-template/update', {
        body: { ...template({ name: '另一个模板', sort: 2 }), id: other },
      });
      expect(
        await call('PUT', '/express-template/update', {
          body: { ...template({ name: '不存在' }), id: 999999 },
        }),
      ).toMatchObject({ code: 1011003102, msg: '运费模板不存在' });

      await ok('DELETE', '/express-template/delete', byId(id));
      expect((await call('GET', '/express-template/get', byId(id))).code).toBe(1011003102);
      expect((await call('DELETE', '/express-template/delete', byId(id))).code).toBe(1011003102);
      expect(await live()).toEqual([0, 0]);
      await ok('DELETE', '/express-template/delete', byId(other));
    });

    it('refuses invalid input and regions the area tree does not have', async () => {
      const charge = template().templateCharge[0]!;
      const messages: [unknown, string][] = [
        [{ ...template(), name: undefined }, '模板名称不能为空'],
        [template({ chargeMode: 4 }), '计费方式只能是 1（按件）、2（按重量）或 3（按体积）'],
        [template({ templateCharge: [] }), '至少设置一条区域运费'],
        [{ ...template(), templateCharge: undefined }, '区域运费不能为空'],
        [template({ templateCharge: [{ ...charge, areaIds: [] }] }), '区域不能为空'],
        [template({ templateCharge: [{ ...charge, startCount: 0 }] }), '首件数量必须大于 0'],
        [template({ templateCharge: [{ ...charge, startPrice: 1.5 }] }), '起步价必须是整数（单位：分）'],
        [template({ templateFree: [{ areaIds: [1], freePrice: -1, freeCount: 0 }] }), '包邮金额不能小于 0'],
      ];
      for (const [body, message] of messages)
        expect(await call('POST', '/express-template/create', { body })).toMatchObject({
          code: 400,
          msg: `请求参数不正确:${message}`,
        });
      expect(
        await call('POST', '/express-template/create', {
          body: template({ templateCharge: [{ ...charge, areaIds: [GUANGDONG, 999999] }] }),
        }),
      ).toMatchObject({ code: 1011003104, msg: '区域(999999)不存在' });
      expect(
        (
          await call('POST', '/express-template/create', {
            body: template({ templateFree: [{ areaIds: [440399], freePrice: 0, freeCount: 1 }] }),
          })
        ).msg,
      ).toBe('区域(440399)不存在');
      const id = await ok<number>('POST', '/express-template/create', {
        body: template({ name: '区域校验' }),
      });
      expect(
        (
          await call('PUT', '/express-template/update', {
            body: { ...template({ name: '区域校验', templateCharge: [{ ...charge, areaIds: [2] }] }), id },
          })
        ).code,
      ).toBe(1011003104);
      // Nothing was written by the refused saves.
      expect(
        (await ok<ExpressTemplateDetail>('GET', '/express-template/get', byId(id))).templateCharge,
      ).toHaveLength(1);
      expect(
        (
          await ok<PageResult<ExpressTemplate>>('GET', '/express-template/page', {
            query: { name: '默认运费' },
          })
        ).total,
      ).toBe(0);
      await ok('DELETE', '/express-template/delete', byId(id));
      expect((await call('GET', '/express-template/page', { query: { chargeMode: 'x' } })).code).toBe(400);
    });

    it('pages, lists and exports by name, charge mode and creation time; by sort, then newest first', async () => {
      const start = new Date(2026, 1, 3, 14, 30, 0).getTime();
      const bodies = [
        template({ name: '筛选按件', chargeMode: 1, sort: 5 }),
        template({ name: '筛选按重量', chargeMode: 2, sort: 1 }),
        template({ name: '筛选按体积', chargeMode: 3, sort: 5 }),
      ];
      const created: number[] = [];
      for (const [i, body] of bodies.entries()) {
        t.clock.now = start + i * 1_000;
        created.push(await ok<number>('POST', '/express-template/create', { body }));
      }
      t.clock.now = Date.now();
      const [count, weight, volume] = created as [number, number, number];
      const ids = async (query: Record<string, string>) =>
        (
          await ok<PageResult<ExpressTemplate>>('GET', '/express-template/page', {
            query: { pageSize: '10', ...query },
          })
        ).list.map((r) => r.id);
      expect(await ids({ name: '筛选' })).toEqual([weight, volume, count]);
      expect(await ids({ name: '筛选', chargeMode: '3' })).toEqual([volume]);
      expect(await ids({ name: '按', 'createTime[1]': formatDateTime(start + 1_000) })).toEqual([
        weight,
        count,
      ]);
      const page = await ok<PageResult<ExpressTemplate>>('GET', '/express-template/page', {
        query: { name: '筛选', pageSize: '1', pageNo: '3' },
      });
      expect(page).toEqual({
        total: 3,
        list: [{ id: count, name: '筛选按件', chargeMode: 1, sort: 5, createTime: start }],
      });
      const simple = await ok<{ id: number; name: string }[]>('GET', '/express-template/list-all-simple');
      expect(simple.filter((s) => created.includes(s.id))).toEqual([
        { id: weight, name: '筛选按重量' },
        { id: volume, name: '筛选按体积' },
        { id: count, name: '筛选按件' },
      ]);

      const exported = await download('/express-template/export-excel', { name: '筛选' });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toContain(encodeURIComponent('运费模板.xlsx'));
      expect(await readSheet(exported.rawPayload)).toEqual([
        ['编号', '模板名称', '计费方式', '排序', '创建时间'],
        [String(weight), '筛选按重量', '按重量', '1', formatDateTime(start + 1_000)],
        [String(volume), '筛选按体积', '按体积', '5', formatDateTime(start + 2_000)],
        [String(count), '筛选按件', '按件', '5', formatDateTime(start)],
      ]);
      for (const id of created) await ok('DELETE', '/express-template/delete', byId(id));
    });
  });

  describe('运费查询', () => {
    it('prices a parcel by every template, cheapest first, those not delivering there last', async () => {
      const create = (body: ExpressTemplateCreateReq) =>
        ok<number>('POST', '/express-template/create', { body });
      // Listed first by sort, so the price order below is not the creation order.
      const byCount = await create({
        name: '查询按件',
        chargeMode: 1,
        sort: 1,
        templateCharge: [
          { areaIds: [BEIJING], startCount: 1, startPrice: 500, extraCount: 1, extraPrice: 300 },
        ],
        templateFree: [],
      });
      const byWeight = await create({
        name: '查询按重量',
        chargeMode: 2,
        sort: 2,
        templateCharge: [
          { areaIds: [1], startCount: 1, startPrice: 1200, extraCount: 1, extraPrice: 400 },
          { areaIds: [GUANGDONG], startCount: 1, startPrice: 800, extraCount: 1, extraPrice: 200 },
        ],
        templateFree: [{ areaIds: [GUANGDONG], freePrice: 9900, freeCount: 2 }],
      });
      const byVolume = await create({
        name: '查询按体积',
        chargeMode: 3,
        sort: 3,
        templateCharge: [
          { areaIds: [1], startCount: 0.01, startPrice: 1000, extraCount: 0.01, extraPrice: 500 },
        ],
        templateFree: [],
      });
      // The same rules as byVolume, after it by sort: a tie keeps that order.
      const byVolumeToo = await create({
        name: '查询按体积二',
        chargeMode: 3,
        sort: 4,
        templateCharge: [
          { areaIds: [1], startCount: 0.01, startPrice: 1000, extraCount: 0.01, extraPrice: 500 },
        ],
        templateFree: [],
      });
      const mine = [byCount, byWeight, byVolume, byVolumeToo];
      const query = (params: Record<string, string | number>) =>
        call<PriceQueryResp>('GET', '/price-query', {
          query: Object.fromEntries(
            Object.entries({
              fromAreaId: SHENZHEN_NANSHAN,
              toAreaId: GUANGZHOU_TIANHE,
              weight: 2.5,
              length: 30,
              width: 20,
              height: 10,
              count: 3,
              amount: 9899,
              ...params,
            }).map(([k, v]) => [k, String(v)]),
          ),
        });
      const quotes = async (params: Record<string, string | number> = {}) => {
        const res = await query(params);
        expect(res.code, res.msg).toBe(0);
        return res.data.quotes.filter((q) => mine.includes(q.templateId));
      };

      // 广州 by the 广东 rule of byWeight: 800 + ⌈1.5⌉ × 200; 0.006 m³ within byVolume's first 0.01.
      const one = await query({});
      expect(one.data).toMatchObject({
        fromAreaName: '广东省 深圳市 南山区',
        toAreaName: '广东省 广州市 天河区',
        volume: 0.006,
      });
      const below = await quotes();
      expect(below.map((q) => [q.templateId, q.price])).toEqual([
        [byVolume, 1000],
        [byVolumeToo, 1000],
        [byWeight, 1200],
        [byCount, null],
      ]);
      expect(below[2]).toEqual({
        templateId: byWeight,
        templateName: '查询按重量',
        chargeMode: 2,
        deliverable: true,
        price: 1200,
        quantity: 2.5,
        charge: {
          matchedAreaId: GUANGDONG,
          matchedAreaName: '广东省',
          startCount: 1,
          startPrice: 800,
          extraCount: 1,
          extraPrice: 200,
          extraUnits: 2,
        },
        free: null,
      });
      expect(below[0]).toMatchObject({ quantity: 0.006, charge: { matchedAreaName: '全国', extraUnits: 0 } });
      expect(below[3]).toEqual({
        templateId: byCount,
        templateName: '查询按件',
        chargeMode: 1,
        deliverable: false,
        price: null,
        quantity: 3,
        charge: null,
        free: null,
      });
      // Every template that delivers comes before every one that does not.
      const all = one.data.quotes.map((q) => q.deliverable);
      expect(all.indexOf(false) === -1 || !all.slice(all.indexOf(false)).includes(true)).toBe(true);

      // Exactly at 99 元 (and at least 2 pieces) byWeight ships free; one fen below it did not.
      const at = await quotes({ amount: 9900 });
      expect(at.map((q) => [q.templateId, q.price])).toEqual([
        [byWeight, 0],
        [byVolume, 1000],
        [byVolumeToo, 1000],
        [byCount, null],
      ]);
      expect(at[0]!.free).toEqual({
        matchedAreaId: GUANGDONG,
        matchedAreaName: '广东省',
        freePrice: 9900,
        freeCount: 2,
      });
      // Both thresholds are needed: one piece is below freeCount.
      expect((await quotes({ amount: 9900, count: 1 })).find((q) => q.templateId === byWeight)?.price).toBe(
        1200,
      );

      // 成都 falls to byWeight's 全国 rule (1200 + 2 × 400) and its 广东 free rule does not cover it;
      // a larger box costs byVolume ⌈(0.024 − 0.01) / 0.01⌉ = 2 extra units.
      const chengdu = await quotes({
        toAreaId: CHENGDU_JINJIANG,
        amount: 9900,
        length: 40,
        width: 30,
        height: 20,
      });
      expect(chengdu.map((q) => [q.templateId, q.price])).toEqual([
        [byWeight, 2000],
        [byVolume, 2000],
        [byVolumeToo, 2000],
        [byCount, null],
      ]);
      expect(chengdu[0]).toMatchObject({ charge: { matchedAreaId: 1, matchedAreaName: '全国' }, free: null });
      expect(chengdu[1]).toMatchObject({ quantity: 0.024, charge: { extraUnits: 2 } });

      // 北京 东城: byCount delivers by its 北京 rule, 500 + 2 × 300.
      const beijing = await quotes({
        toAreaId: BEIJING_DONGCHENG,
        weight: 0.5,
        length: 1,
        width: 1,
        height: 1,
      });
      expect(beijing.map((q) => [q.templateId, q.price])).toEqual([
        [byVolume, 1000],
        [byVolumeToo, 1000],
        [byCount, 1100],
        [byWeight, 1200],
      ]);
      expect(beijing[2]).toMatchObject({
        charge: { matchedAreaId: BEIJING, matchedAreaName: '北京市', extraUnits: 2 },
      });

      for (const id of mine) await ok('DELETE', '/express-template/delete', byId(id));
      expect(await quotes()).toEqual([]);
    });

    it('refuses unknown regions and bad parcels', async () => {
      const base = {
        fromAreaId: String(SHENZHEN_NANSHAN),
        toAreaId: String(GUANGZHOU_TIANHE),
        weight: '1',
        length: '1',
        width: '1',
        height: '1',
        count: '1',
        amount: '0',
      };
      expect(await call('GET', '/price-query', { query: { ...base, fromAreaId: '999999' } })).toMatchObject({
        code: 1011003105,
        msg: '发货地区不存在',
      });
      expect(await call('GET', '/price-query', { query: { ...base, toAreaId: '1' } })).toMatchObject({
        code: 1011003105,
        msg: '收货地区不存在',
      });
      const { weight: _weight, ...noWeight } = base;
      expect(await call('GET', '/price-query', { query: noWeight })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:重量不能为空',
      });
      expect((await call('GET', '/price-query', { query: { ...base, count: '0' } })).code).toBe(400);
      expect((await call('GET', '/price-query', { query: { ...base, amount: '1.5' } })).code).toBe(400);
      expect((await call('GET', '/price-query', { query: { ...base, toAreaId: 'x' } })).code).toBe(400);
    });
  });

  describe('access', () => {
    const endpoints = [
      ['GET', '/express/page'],
      ['GET', '/express/list-all-simple'],
      ['GET', '/express/get'],
      ['POST', '/express/create'],
      ['PUT', '/express/update'],
      ['DELETE', '/express/delete'],
      ['GET', '/express/export-excel'],
      ['GET', '/express-template/page'],
      ['GET', '/express-template/list-all-simple'],
      ['GET', '/express-template/get'],
      ['POST', '/express-template/create'],
      ['PUT', '/express-template/update'],
      ['DELETE', '/express-template/delete'],
      ['GET', '/express-template/export-excel'],
      ['GET', '/price-query'],
    ] as const;
    const extraOf = (method: string) => (method === 'POST' || method === 'PUT' ? { body: {} } : {});

    it('answers 401 without a token and 403 without the permission', async () => {
      const operator = (await t.login('operator', 'operator123')).accessToken;
      for (const [method, path] of endpoints) {
        expect((await call(method, path, extraOf(method), null)).code, path).toBe(401);
        expect((await call(method, path, extraOf(method), operator)).code, path).toBe(403);
      }
      // A shipping clerk picks companies without managing them or the templates.
      const { token: clerk } = await addScopedUser(t, {
        username: `clerk${dialect}`,
        deptId: 100,
        dataScope: 1,
        permissions: ['trade:delivery:express:query', 'trade:delivery:price-query:query'],
      });
      expect((await call('GET', '/express/list-all-simple', {}, clerk)).code).toBe(0);
      expect((await call('GET', '/express/page', {}, clerk)).code).toBe(0);
      expect((await call('POST', '/express/create', { body: express() }, clerk)).code).toBe(403);
      expect((await call('GET', '/express/export-excel', {}, clerk)).code).toBe(403);
      expect((await call('GET', '/express-template/page', {}, clerk)).code).toBe(403);
    });

    it('keeps tenants apart', async () => {
      const expressId = await ok<number>('POST', '/express/create', { body: express({ code: 'TENANT-A' }) });
      const templateId = await ok<number>('POST', '/express-template/create', {
        body: template({ name: '租户甲模板' }),
      });
      const packageId = await createPackage(t, admin, '配送套餐', DELIVERY_MENUS);
      const other = await createTenantAndSignIn(t, admin, tenantBody(t, packageId, { name: '配送租户' }));
      const as = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra = {}) =>
        call<T>(method, path, extra, other.token, other.tenantId);

      expect((await as('GET', '/express/get', byId(expressId))).code).toBe(1011003000);
      expect((await as('PUT', '/express/update', { body: { ...express(), id: expressId } })).code).toBe(
        1011003000,
      );
      expect((await as('DELETE', '/express/delete', byId(expressId))).code).toBe(1011003000);
      expect((await as('GET', '/express-template/get', byId(templateId))).code).toBe(1011003102);
      expect(
        (await as('PUT', '/express-template/update', { body: { ...template(), id: templateId } })).code,
      ).toBe(1011003102);
      expect((await as('DELETE', '/express-template/delete', byId(templateId))).code).toBe(1011003102);
      for (const path of ['/express/page', '/express-template/page'])
        expect((await as('GET', path)).data).toEqual({ list: [], total: 0 });
      for (const path of ['/express/list-all-simple', '/express-template/list-all-simple'])
        expect((await as('GET', path)).data).toEqual([]);

      // Codes and names are unique within a tenant only.
      const theirExpress = await as<number>('POST', '/express/create', {
        body: express({ code: 'TENANT-A' }),
      });
      expect(theirExpress.code, theirExpress.msg).toBe(0);
      const theirTemplate = await as<number>('POST', '/express-template/create', {
        body: template({ name: '租户甲模板' }),
      });
      expect(theirTemplate.code, theirTemplate.msg).toBe(0);
      const priced = await as<PriceQueryResp>('GET', '/price-query', {
        query: {
          fromAreaId: String(SHENZHEN_NANSHAN),
          toAreaId: String(GUANGZHOU_TIANHE),
          weight: '1',
          length: '1',
          width: '1',
          height: '1',
          count: '1',
          amount: '0',
        },
      });
      expect(priced.data.quotes.map((q) => q.templateId)).toEqual([theirTemplate.data]);
      expect(
        (await as<PageResult<DeliveryExpress>>('GET', '/express/page')).data.list.map((r) => r.id),
      ).toEqual([theirExpress.data]);

      // Tenant A still has its own rows, untouched.
      expect(await ok<DeliveryExpress>('GET', '/express/get', byId(expressId))).toMatchObject({
        code: 'TENANT-A',
      });
      expect(await ok<ExpressTemplateDetail>('GET', '/express-template/get', byId(templateId))).toMatchObject(
        {
          name: '租户甲模板',
          templateCharge: [{ areaIds: [1] }],
        },
      );
      const aTemplates = await ok<{ id: number }[]>('GET', '/express-template/list-all-simple');
      expect(aTemplates.map((r) => r.id)).not.toContain(theirTemplate.data);
    });
  });
});

describe('migration 039 on a database seeded before 配送管理', () => {
  const IDS = [2072, 2164, 2165, 2167, 2168, 2173, 2174, 2749];
  it('creates the tables and adds 订单中心 › 配送管理 › 快递发货 with its pages and buttons once', async () => {
    const db = await databaseBefore('039');
    await seedIfEmpty(db);
    // The seed of that time had none of these menus.
    await db.kysely.deleteFrom('systemMenu').where('id', 'in', IDS).execute();
    await up(db.kysely, 'sqlite');
    const menus = await db.kysely
      .selectFrom('systemMenu')
      .select(['id', 'name', 'permission', 'path'])
      .where('id', 'in', IDS)
      .orderBy('id')
      .execute();
    expect(menus.map((m) => [m.name, m.permission, m.path])).toEqual([
      ['订单中心', '', 'trade'],
      ['配送管理', '', 'delivery'],
      ['快递发货', '', 'express'],
      ['快递公司', '', 'express'],
      ['快递公司查询', 'trade:delivery:express:query', ''],
      ['运费模版', 'trade:delivery:express-template:query', 'express-template'],
      ['快递运费模板查询', 'trade:delivery:express-template:query', ''],
      ['运费查询', 'trade:delivery:price-query:query', '/exp/price-query'],
    ]);
    expect(await db.kysely.selectFrom('tradeDeliveryExpressTemplateCharge').selectAll().execute()).toEqual(
      [],
    );
    await db.close();
  });
});
