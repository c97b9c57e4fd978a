import type {
  PageResult,
  ProductBrand,
  ProductCategory,
  ProductProperty,
  ProductPropertyAndValues,
  ProductPropertyValue,
  ProductSkuOption,
  ProductSpu,
  ProductSpuDetail,
  ProductSpuSimple,
} from '@app/contract';
import { MAX_SKU_PROPERTIES } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { buildCatalogue, type Catalogue, multiSpu, singleSpu, sku } from './product-fixture.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';
import { addScopedUser, readSheet } from './users-fixture.js';

/* 商品中心: categories, brands, properties and values, SPUs with SKUs; every endpoint on every dialect. */

describe.each(DIALECTS)('product catalogue on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let c: Catalogue;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    c = await buildCatalogue(t, admin);
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
    const res = await t.api({ method, path: `/product${path}`, token, tenant, ...extra });
    return res as typeof res & { data: T };
  };
  const ok = async <T = unknown>(...args: Parameters<typeof call>): Promise<T> => {
    const res = await call<T>(...args);
    expect(res.code, `${args[1]}: ${res.msg}`).toBe(0);
    return res.data;
  };
  const byId = (id: number) => ({ query: { id: String(id) } });
  const spuPage = (query: Record<string, string> = {}) =>
    ok<PageResult<ProductSpu>>('GET', '/spu/page', { query: { pageSize: '100', ...query } });

  describe('categories', () => {
    it('keeps a two-level tree and lists it flat, by sort', async () => {
      const list = await ok<ProductCategory[]>('GET', '/category/list');
      expect(list.filter((r) => [c.topId, c.leafId].includes(r.id))).toEqual([
        expect.objectContaining({ id: c.topId, parentId: 0, name: '服装', status: 0 }),
        expect.objectContaining({ id: c.leafId, parentId: c.topId, name: 'T恤' }),
      ]);
      expect(
        (await ok<ProductCategory[]>('GET', '/category/list', { query: { name: 't恤' } })).map((r) => r.id),
      ).toEqual([c.leafId]);
      const body = { parentId: c.leafId, name: '第三级', picUrl: 'x.png', sort: 0, status: 0 };
      expect((await call('POST', '/category/create', { body })).code).toBe(1008001002);
      expect((await call('POST', '/category/create', { body: { ...body, parentId: 999999 } })).code).toBe(
        1008001001,
      );
      expect(
        (await call('PUT', '/category/update', { body: { ...body, id: c.topId, parentId: c.topId } })).code,
      ).toBe(1008001002);
      const otherTop = await ok<number>('POST', '/category/create', {
        body: { ...body, parentId: 0, name: '数码' },
      });
      // A category with children stays at the top.
      expect(
        (await call('PUT', '/category/update', { body: { ...body, id: c.topId, parentId: otherTop } })).code,
      ).toBe(1008001006);
      expect((await call('DELETE', '/category/delete', byId(c.topId))).code).toBe(1008001003);
      await ok('PUT', '/category/update', {
        body: { ...body, id: otherTop, parentId: 0, name: '数码产品', sort: 5 },
      });
      expect(await ok<ProductCategory>('GET', '/category/get', byId(otherTop))).toMatchObject({
        name: '数码产品',
        sort: 5,
      });
      await ok('DELETE', '/category/delete', byId(otherTop));
      expect((await call('GET', '/category/get', byId(otherTop))).code).toBe(1008001000);
    });

    it('refuses a category in use or bad input', async () => {
      const spu = await ok<number>('POST', '/spu/create', { body: singleSpu(c, { name: '分类占用' }) });
      expect((await call('DELETE', '/category/delete', byId(c.leafId))).code).toBe(1008001005);
      const leaf = await ok<ProductCategory>('GET', '/category/get', byId(c.leafId));
      expect((await call('PUT', '/category/update', { body: { ...leaf, parentId: 0 } })).code).toBe(
        1008001007,
      );
      expect(
        await call('POST', '/category/create', { body: { parentId: 0, picUrl: 'x', sort: 0, status: 0 } }),
      ).toMatchObject({
        code: 400,
        msg: '请求参数不正确:分类名称不能为空',
      });
      expect(
        (await call('POST', '/category/create', { body: { parentId: 0, name: 'x', sort: 0, status: 0 } }))
          .msg,
      ).toContain('分类图片不能为空');
      expect((await call('GET', '/category/list', { query: { status: '7' } })).code).toBe(400);
      await ok('PUT', '/spu/update-status', { body: { id: spu, status: -1 } });
      await ok('DELETE', '/spu/delete', byId(spu));
    });
  });

  describe('brands', () => {
    it('creates, pages, lists, updates and deletes a brand with a unique name', async () => {
      const body = {
        name: '耐克',
        picUrl: 'https://img.example.com/n.png',
        sort: 1,
        status: 0,
        description: '运动',
      };
      const id = await ok<number>('POST', '/brand/create', { body });
      expect((await call('POST', '/brand/create', { body })).code).toBe(1008002002);
      expect(await ok<ProductBrand>('GET', '/brand/get', byId(id))).toMatchObject(body);
      const page = await ok<PageResult<ProductBrand>>('GET', '/brand/page', {
        query: { name: '耐', pageSize: '10' },
      });
      expect(page.list.map((b) => b.id)).toEqual([id]);
      expect((await ok<ProductBrand[]>('GET', '/brand/list')).map((b) => b.id)).toContain(id);
      await ok('PUT', '/brand/update', { body: { ...body, id, status: 1 } });
      expect(
        (await ok<PageResult<ProductBrand>>('GET', '/brand/page', { query: { status: '1' } })).list.map(
          (b) => b.id,
        ),
      ).toEqual([id]);
      expect((await call('PUT', '/brand/update', { body: { ...body, id, name: '品牌' } })).code).toBe(
        1008002002,
      );
      // A disabled brand is refused on a product.
      expect((await call('POST', '/spu/create', { body: singleSpu(c, { brandId: id }) })).code).toBe(
        1008002001,
      );
      await ok('DELETE', '/brand/delete', byId(id));
      expect((await call('GET', '/brand/get', byId(id))).code).toBe(1008002000);
      expect((await call('POST', '/brand/create', { body: { ...body, sort: -1 } })).code).toBe(400);
    });

    it('keeps a brand on products', async () => {
      const spu = await ok<number>('POST', '/spu/create', { body: singleSpu(c, { name: '品牌占用' }) });
      expect((await call('DELETE', '/brand/delete', byId(c.brandId))).code).toBe(1008002003);
      await ok('PUT', '/spu/update-status', { body: { id: spu, status: -1 } });
      await ok('DELETE', '/spu/delete', byId(spu));
    });
  });

  describe('properties and values', () => {
    it('manages properties with unique names; one with values cannot go', async () => {
      const id = await ok<number>('POST', '/property/create', { body: { name: '材质', remark: '面料' } });
      expect((await call('POST', '/property/create', { body: { name: '材质' } })).code).toBe(1008003001);
      expect(await ok<ProductProperty>('GET', '/property/get', byId(id))).toMatchObject({
        name: '材质',
        remark: '面料',
      });
      const page = await ok<PageResult<ProductProperty>>('GET', '/property/page', { query: { name: '材' } });
      expect(page).toMatchObject({ total: 1, list: [{ id }] });
      expect((await ok<ProductProperty[]>('GET', '/property/list')).map((p) => p.id)).toEqual(
        expect.arrayContaining([c.color.id, c.size.id, id]),
      );
      await ok('PUT', '/property/update', { body: { id, name: '面料', remark: null } });
      expect((await call('PUT', '/property/update', { body: { id, name: '颜色' } })).code).toBe(1008003001);

      const value = await ok<number>('POST', '/property/value/create', {
        body: { propertyId: id, name: '棉' },
      });
      expect(
        (await call('POST', '/property/value/create', { body: { propertyId: id, name: '棉' } })).code,
      ).toBe(1008004001);
      // Same name under another property is fine.
      const elsewhere = await ok<number>('POST', '/property/value/create', {
        body: { propertyId: c.size.id, name: '棉' },
      });
      expect(
        (await call('POST', '/property/value/create', { body: { propertyId: 999999, name: '麻' } })).code,
      ).toBe(1008003000);
      expect(await ok<ProductPropertyValue>('GET', '/property/value/get', byId(value))).toMatchObject({
        propertyId: id,
        name: '棉',
      });
      const values = await ok<PageResult<ProductPropertyValue>>('GET', '/property/value/page', {
        query: { propertyId: String(id) },
      });
      expect(values.list.map((v) => v.id)).toEqual([value]);
      await ok('PUT', '/property/value/update', {
        body: { id: value, propertyId: id, name: '纯棉', remark: '100%' },
      });
      expect((await call('DELETE', '/property/delete', byId(id))).code).toBe(1008003002);
      await ok('DELETE', '/property/value/delete', byId(value));
      await ok('DELETE', '/property/value/delete', byId(elsewhere));
      await ok('DELETE', '/property/delete', byId(id));
      expect((await call('GET', '/property/value/get', byId(value))).code).toBe(1008004000);
      expect((await call('GET', '/property/value/page', { query: { propertyId: 'x' } })).code).toBe(400);
    });

    it('lists properties with their values by GET (v1.6.6) and by POST of ids (v1.8.3)', async () => {
      const all = await ok<ProductPropertyAndValues[]>('GET', '/property/get-value-list');
      expect(all.find((p) => p.id === c.color.id)).toEqual({
        id: c.color.id,
        name: '颜色',
        values: c.color.values.map((id, i) => ({ id, name: ['红', '蓝', '绿'][i] })),
      });
      const byIds = await ok<ProductPropertyAndValues[]>('POST', '/property/get-value-list', {
        body: [c.size.id],
      });
      expect(byIds.map((p) => p.id)).toEqual([c.size.id]);
      const asObject = await ok<ProductPropertyAndValues[]>('POST', '/property/get-value-list', {
        body: { propertyIds: [c.color.id] },
      });
      expect(asObject.map((p) => p.id)).toEqual([c.color.id]);
      expect(
        (
          await ok<ProductPropertyAndValues[]>('GET', '/property/get-value-list', {
            query: { propertyIds: String(c.size.id) },
          })
        ).map((p) => p.id),
      ).toEqual([c.size.id]);
      expect((await call('POST', '/property/get-value-list', { body: ['x'] })).code).toBe(400);
    });

    it('keeps a value a product uses', async () => {
      const spu = await ok<number>('POST', '/spu/create', { body: multiSpu(c, { name: '值占用' }) });
      const red = c.color.values[0]!;
      expect((await call('DELETE', '/property/value/delete', byId(red))).code).toBe(1008004002);
      expect(
        (
          await call('PUT', '/property/value/update', {
            body: { id: red, propertyId: c.size.id, name: '红' },
          })
        ).code,
      ).toBe(1008004002);
      await ok('PUT', '/spu/update-status', { body: { id: spu, status: -1 } });
      await ok('DELETE', '/spu/delete', byId(spu));
    });
  });

  describe('SPUs', () => {
    it('creates a single-spec SPU whose one SKU takes its name; derives its figures', async () => {
      const id = await ok<number>('POST', '/spu/create', { body: singleSpu(c, { code: 'TS-001' }) });
      const detail = await ok<ProductSpuDetail>('GET', '/spu/get-detail', byId(id));
      expect(detail).toMatchObject({
        id,
        name: '纯棉T恤',
        code: 'TS-001',
        categoryId: c.leafId,
        picUrls: ['https://img.example.com/1.png', 'https://img.example.com/2.png'],
        specType: 1,
        showStock: true,
        status: 1,
        minPrice: 9900,
        maxPrice: 9900,
        marketPrice: 12900,
        totalStock: 100,
        productPropertyViews: [],
      });
      expect(detail.skus).toEqual([
        expect.objectContaining({
          name: '纯棉T恤',
          price: 9900,
          stock: 100,
          warnStock: 10,
          status: 0,
          properties: [],
        }),
      ]);
      // A blank SKU picture falls back to the first main picture.
      await ok('PUT', '/spu/update', { body: { ...singleSpu(c), id, skus: [sku({ picUrl: '' })] } });
      const after = await ok<ProductSpuDetail>('GET', '/spu/get-detail', byId(id));
      expect(after.skus[0]).toMatchObject({
        id: detail.skus[0]!.id,
        picUrl: 'https://img.example.com/1.png',
      });
    });

    it('creates a multi-spec SPU; editing keeps the ids of SKUs whose combination stays', async () => {
      const body = multiSpu(c);
      const id = await ok<number>('POST', '/spu/create', { body });
      const detail = await ok<ProductSpuDetail>('GET', '/spu/get-detail', byId(id));
      expect(detail.skus).toHaveLength(6);
      expect(detail.skus[0]).toMatchObject({
        name: '红,S',
        properties: [
          { propertyId: c.color.id, propertyName: '颜色', valueId: c.color.values[0], valueName: '红' },
          { propertyId: c.size.id, propertyName: '尺寸', valueId: c.size.values[0], valueName: 'S' },
        ],
      });
      expect(detail.productPropertyViews).toEqual([
        {
          propertyId: c.color.id,
          name: '颜色',
          propertyValues: c.color.values.map((v, i) => ({ id: v, name: ['红', '蓝', '绿'][i] })),
        },
        {
          propertyId: c.size.id,
          name: '尺寸',
          propertyValues: c.size.values.map((v, i) => ({ id: v, name: ['S', 'M'][i] })),
        },
      ]);
      expect(detail).toMatchObject({
        minPrice: 1000,
        maxPrice: 1500,
        marketPrice: 5000,
        totalStock: 10 + 11 + 12 + 13 + 14 + 15,
      });

      // Drop 绿, change 红/S's price and disable 蓝/M: four SKUs stay with their ids.
      const kept = body.skus
        .slice(0, 4)
        .map((s, i) => (i === 0 ? { ...s, price: 800 } : i === 3 ? { ...s, status: 1 } : s));
      await ok('PUT', '/spu/update', { body: { ...body, id, skus: kept } });
      const edited = await ok<ProductSpuDetail>('GET', '/spu/get-detail', byId(id));
      expect(edited.skus.map((s) => s.id)).toEqual(detail.skus.slice(0, 4).map((s) => s.id));
      expect(edited.skus[0]).toMatchObject({ price: 800 });
      // The disabled SKU leaves the figures.
      expect(edited).toMatchObject({ minPrice: 800, maxPrice: 1200, totalStock: 10 + 11 + 12 });
      expect(edited.productPropertyViews[0]!.propertyValues.map((v) => v.name)).toEqual(['红', '蓝']);

      // Back to three colours: the 绿 SKUs are new rows.
      await ok('PUT', '/spu/update', { body: { ...body, id } });
      const again = await ok<ProductSpuDetail>('GET', '/spu/get-detail', byId(id));
      expect(again.skus.slice(0, 4).map((s) => s.id)).toEqual(detail.skus.slice(0, 4).map((s) => s.id));
      expect(again.skus.slice(4).map((s) => s.id)).not.toEqual(detail.skus.slice(4).map((s) => s.id));
    });

    it('takes up to ten properties a SKU, naming it by a cut of their long values; refuses an eleventh', async () => {
      const pairs: { propertyId: number; valueId: number }[] = [];
      for (let i = 0; i < MAX_SKU_PROPERTIES + 1; i++) {
        const propertyId = await ok<number>('POST', '/property/create', { body: { name: `长规格${i}` } });
        const valueId = await ok<number>('POST', '/property/value/create', {
          body: { propertyId, name: `${i}`.padEnd(64, '值') },
        });
        pairs.push({ propertyId, valueId });
      }
      const withProperties = (n: number) => multiSpu(c, { skus: [sku({ properties: pairs.slice(0, n) })] });
      const id = await ok<number>('POST', '/spu/create', { body: withProperties(MAX_SKU_PROPERTIES) });
      const [saved] = (await ok<ProductSpuDetail>('GET', '/spu/get-detail', byId(id))).skus;
      expect(saved!.name).toHaveLength(255);
      expect(saved!.name.startsWith(`${'0'.padEnd(64, '值')},${'1'.padEnd(64, '值')},`)).toBe(true);
      expect(saved!.properties).toHaveLength(MAX_SKU_PROPERTIES);

      const refused = await call('POST', '/spu/create', { body: withProperties(MAX_SKU_PROPERTIES + 1) });
      expect(refused.msg).toBe(`请求参数不正确:SKU 的规格项目不能超过 ${MAX_SKU_PROPERTIES} 个`);
    });

    it('refuses inconsistent SKUs with the reference codes and changes nothing', async () => {
      const before = (await spuPage()).total;
      const base = multiSpu(c);
      const [first, second] = base.skus;
      const pair = (propertyId: number, valueId: number) => ({ propertyId, valueId });
      const refused = async (body: unknown) => call('POST', '/spu/create', { body });
      expect(
        (
          await refused({
            ...base,
            skus: [
              {
                ...first,
                properties: [pair(c.color.id, c.color.values[0]!), pair(c.color.id, c.color.values[1]!)],
              },
            ],
          })
        ).code,
      ).toBe(1008006001);
      expect(
        (
          await refused({
            ...base,
            skus: [first, { ...second, properties: [pair(c.color.id, c.color.values[1]!)] }],
          })
        ).code,
      ).toBe(1008006002);
      expect((await refused({ ...base, skus: [first, first] })).code).toBe(1008006003);
      expect(
        (
          await refused({
            ...base,
            skus: [
              {
                ...first,
                properties: [pair(c.color.id, c.size.values[0]!), pair(c.size.id, c.size.values[0]!)],
              },
            ],
          })
        ).code,
      ).toBe(1008004000);
      expect(
        (
          await refused({
            ...base,
            skus: [{ ...first, properties: [pair(999999, 1), pair(c.size.id, c.size.values[0]!)] }],
          })
        ).code,
      ).toBe(1008003000);
      expect((await refused(singleSpu(c, { categoryId: c.topId }))).code).toBe(1008005001);
      expect((await refused(singleSpu(c, { categoryId: 999999 }))).code).toBe(1008001000);
      expect((await refused(singleSpu(c, { skus: [sku(), sku()] }))).msg).toBe(
        '请求参数不正确:单规格商品只能有一个 SKU，且不选择规格',
      );
      expect((await refused({ ...base, skus: [sku()] })).msg).toBe(
        '请求参数不正确:多规格商品的每个 SKU 都要选择规格',
      );
      // Field rules, with their Chinese messages.
      const messages: [unknown, string][] = [
        [{ ...singleSpu(c), name: ' ' }, '商品名称不能为空'],
        [{ ...singleSpu(c), picUrls: [] }, '商品主图不能为空'],
        [
          { ...singleSpu(c), picUrls: Array.from({ length: 11 }, (_, i) => `${i}.png`) },
          '商品主图最多 10 张',
        ],
        [{ ...singleSpu(c), description: '<p> </p>' }, '描述不能为空'],
        [{ ...singleSpu(c), skus: [sku({ price: -1 })] }, '销售价不能小于 0'],
        [{ ...singleSpu(c), skus: [sku({ price: 12.5 })] }, '销售价必须精确到分'],
        [{ ...singleSpu(c), skus: [sku({ stock: -3 })] }, '库存不能小于 0'],
        [{ ...singleSpu(c), skus: [sku({ price: 20000 })] }, '市场价不能低于销售价'],
        [{ ...singleSpu(c), skus: [sku({ costPrice: 20000 })] }, '成本价不能高于市场价'],
        [{ ...singleSpu(c), skus: [] }, '商品 SKU 不能为空'],
        [{ ...singleSpu(c), status: -1 }, '商品状态只能是 1（立即上架）或 0（放入仓库）'],
      ];
      for (const [body, message] of messages)
        expect((await refused(body)).msg).toBe(`请求参数不正确:${message}`);
      expect((await spuPage()).total).toBe(before);
    });

    it('pages by tab and filter, moves through the recycle bin, exports', async () => {
      const shirt = await ok<number>('POST', '/spu/create', {
        body: singleSpu(c, { name: '筛选上架', sort: 90, code: 'F-1' }),
      });
      const stored = await ok<number>('POST', '/spu/create', {
        body: singleSpu(c, {
          name: '筛选仓库',
          status: 0,
          sort: 80,
          skus: [sku({ stock: 5, warnStock: 5 })],
        }),
      });
      const ids = (page: PageResult<ProductSpu>) =>
        page.list.map((s) => s.id).filter((id) => [shirt, stored].includes(id));
      expect(ids(await spuPage({ name: '筛选' }))).toEqual([shirt, stored]);
      expect(ids(await spuPage({ name: '筛选', status: '1' }))).toEqual([shirt]);
      expect(ids(await spuPage({ name: '筛选', status: '0' }))).toEqual([stored]);
      expect(ids(await spuPage({ name: '筛选', alarmStock: 'true' }))).toEqual([stored]);
      expect(ids(await spuPage({ name: '筛选', tabType: '3' }))).toEqual([stored]);
      expect(ids(await spuPage({ code: 'f-1' }))).toEqual([shirt]);
      expect(ids(await spuPage({ name: '筛选', categoryId: String(c.topId) }))).toEqual([shirt, stored]);
      expect(ids(await spuPage({ name: '筛选', marketPriceMin: '12900', marketPriceMax: '12900' }))).toEqual([
        shirt,
        stored,
      ]);
      expect(ids(await spuPage({ name: '筛选', marketPriceMin: '13000' }))).toEqual([]);
      expect(ids(await spuPage({ name: '筛选', salesCountMin: '1' }))).toEqual([]);
      expect(ids(await spuPage({ name: '筛选', brandId: String(c.brandId) }))).toEqual([shirt, stored]);
      const counts = await ok<Record<string, number>>('GET', '/spu/get-count');
      expect(Object.keys(counts)).toEqual(['0', '1', '2', '3', '4']);

      // Raising the stock above the warning level takes it off 预警中.
      await ok('PUT', '/spu/update', {
        body: {
          ...singleSpu(c, { name: '筛选仓库', status: 0, sort: 80, skus: [sku({ stock: 6, warnStock: 5 })] }),
          id: stored,
        },
      });
      expect(ids(await spuPage({ name: '筛选', alarmStock: 'true' }))).toEqual([]);

      expect((await call('DELETE', '/spu/delete', byId(shirt))).code).toBe(1008005004);
      await ok('PUT', '/spu/update-status', { body: { id: shirt, status: -1 } });
      expect(ids(await spuPage({ name: '筛选' }))).toEqual([stored]);
      expect(ids(await spuPage({ name: '筛选', status: '-1' }))).toEqual([shirt]);
      expect(ids(await spuPage({ name: '筛选', tabType: '4' }))).toEqual([shirt]);
      await ok('PUT', '/spu/update-status', { body: { id: shirt, status: 0 } });
      expect(ids(await spuPage({ name: '筛选', status: '0' }))).toEqual([shirt, stored]);
      expect((await call('PUT', '/spu/update-status', { body: { id: shirt, status: 2 } })).code).toBe(400);

      const exported = await t.app.inject({
        method: 'GET',
        url: '/admin-api/product/spu/export-excel?name=筛选',
        headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
      });
      expect(exported.statusCode).toBe(200);
      const sheet = await readSheet(exported.rawPayload);
      expect(sheet[0]).toContain('商品名称');
      expect(sheet.slice(1).map((r) => r[1])).toEqual(['筛选上架', '筛选仓库']);
      expect(sheet[1]).toContain('99.00');

      await ok('PUT', '/spu/update-status', { body: { id: shirt, status: -1 } });
      await ok('DELETE', '/spu/delete', byId(shirt));
      expect((await call('GET', '/spu/get-detail', byId(shirt))).code).toBe(1008005000);
      expect((await call('GET', '/spu/page', { query: { status: '5' } })).code).toBe(400);
      expect((await call('GET', '/spu/page', { query: { alarmStock: 'maybe' } })).code).toBe(400);
    });

    it('lists simple SPUs and SKU options for the promotions', async () => {
      const id = await ok<number>('POST', '/spu/create', { body: multiSpu(c, { name: '选项商品' }) });
      for (const path of ['/spu/get-simple-list', '/spu/list-all-simple']) {
        const list = await ok<ProductSpuSimple[]>('GET', path);
        expect(list.find((s) => s.id === id)).toMatchObject({
          name: '选项商品',
          minPrice: 1000,
          maxPrice: 1500,
          price: 1000,
        });
      }
      const options = await ok<ProductSkuOption[]>('GET', '/sku/get-option-list');
      expect(options.filter((o) => o.spuId === id)).toHaveLength(6);
      expect(options.find((o) => o.spuId === id)).toMatchObject({
        spuName: '选项商品',
        name: '红,S',
        price: 1000,
      });
    });

    it('saves concurrent edits of one SPU without losing or doubling SKUs', async () => {
      const body = multiSpu(c, { name: '并发' });
      const id = await ok<number>('POST', '/spu/create', { body: { ...body, skus: body.skus.slice(0, 2) } });
      const results = await Promise.all(
        [2, 4, 6].map((n) =>
          call('PUT', '/spu/update', { body: { ...body, id, skus: body.skus.slice(0, n) } }),
        ),
      );
      expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
      const rows = await t.db.kysely
        .selectFrom('productSku')
        .select(['propertyKey'])
        .where('spuId', '=', id)
        .where('deleted', '=', 0)
        .execute();
      expect(new Set(rows.map((r) => r.propertyKey)).size).toBe(rows.length);
    });
  });

  describe('access', () => {
    it('answers 401 without a token and 403 without the permission', async () => {
      expect((await call('GET', '/spu/page', {}, null)).code).toBe(401);
      const operator = (await t.login('operator', 'operator123')).accessToken;
      for (const [method, path] of [
        ['GET', '/category/list'],
        ['GET', '/brand/page'],
        ['GET', '/property/page'],
        ['GET', '/property/value/page'],
        ['GET', '/spu/page'],
        ['POST', '/spu/create'],
        ['PUT', '/spu/update-status'],
      ] as const)
        expect(
          (await call(method, path, { body: method === 'GET' ? undefined : {} }, operator)).code,
          path,
        ).toBe(403);
      // A product editor picks categories, brands and properties without managing them.
      const { token: editor } = await addScopedUser(t, {
        username: `editor${dialect}`,
        deptId: 100,
        dataScope: 1,
        permissions: ['product:spu:query', 'product:spu:create', 'product:spu:update'],
      });
      expect((await call('GET', '/category/list', {}, editor)).code).toBe(0);
      expect((await call('GET', '/brand/list', {}, editor)).code).toBe(0);
      expect((await call('GET', '/property/get-value-list', {}, editor)).code).toBe(0);
      expect(
        (await call('POST', '/spu/create', { body: singleSpu(c, { name: '编辑创建' }) }, editor)).code,
      ).toBe(0);
      expect((await call('POST', '/category/create', { body: {} }, editor)).code).toBe(403);
      expect((await call('DELETE', '/spu/delete', byId(1), editor)).code).toBe(403);
      expect((await call('GET', '/spu/export-excel', {}, editor)).code).toBe(403);
    });

    it('keeps tenants apart', async () => {
      const mine = await ok<number>('POST', '/spu/create', { body: singleSpu(c, { name: '租户甲的商品' }) });
      const packageId = await createPackage(
        t,
        admin,
        '商城套餐',
        [2362, 2000, 2002, 2003, 2004, 2008, 2009, 2010, 2014, 2015, 2016, 2017, 2019, 2020, 2021],
      );
      const other = await createTenantAndSignIn(t, admin, tenantBody(t, packageId, { name: '商城租户' }));
      const theirs = await buildCatalogue(t, other.token, other.tenantId, '乙');
      const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra = {}) =>
        call(method, path, extra, other.token, other.tenantId);
      expect((await as('GET', '/spu/get-detail', byId(mine))).code).toBe(1008005000);
      expect((await as('GET', '/category/get', byId(c.leafId))).code).toBe(1008001000);
      expect((await as('GET', '/brand/get', byId(c.brandId))).code).toBe(1008002000);
      // Another tenant's category, brand or property value cannot be used.
      expect((await as('POST', '/spu/create', { body: singleSpu(c) })).code).toBe(1008001000);
      expect(
        (await as('POST', '/spu/create', { body: singleSpu({ ...theirs, brandId: c.brandId }) })).code,
      ).toBe(1008002000);
      expect(
        (await as('POST', '/spu/create', { body: multiSpu({ ...theirs, color: c.color, size: c.size }) }))
          .code,
      ).toBe(1008003000);
      const created = await as('POST', '/spu/create', { body: singleSpu(theirs, { name: '租户乙的商品' }) });
      expect(created.code, created.msg).toBe(0);
      const names = async (token: string, tenant: number) =>
        (
          await call<PageResult<ProductSpu>>(
            'GET',
            '/spu/page',
            { query: { pageSize: '100' } },
            token,
            tenant,
          )
        ).data.list.map((s) => s.name);
      expect(await names(other.token, other.tenantId)).toEqual(['租户乙的商品']);
      expect(await names(admin, 1)).not.toContain('租户乙的商品');
      expect((await as('PUT', '/spu/update-status', { body: { id: mine, status: -1 } })).code).toBe(
        1008005000,
      );
      expect(
        (await as('GET', '/property/value/page', { query: { propertyId: String(c.color.id) } })).data,
      ).toEqual({
        list: [],
        total: 0,
      });
    });
  });
});
