import type {
  PageResult,
  ProductSkuOption,
  ProductSpu,
  ProductSpuDetail,
  ProductSpuFilter,
  ProductSpuSimple,
} from '@app/contract';
import {
  DICT_TYPE,
  ProductError,
  TradeError,
  SPU_SPEC_TYPE,
  SPU_STATUS,
  type productSpuCreateReq,
  type productSpuPageReq,
  type productSpuUpdateReq,
  type productSpuUpdateStatusReq,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { checkExportSize, EXPORT_MAX_ROWS } from '../../lib/export-limit.js';
import { formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import type { BrandService } from './brand-service.js';
import type { CategoryService } from './category-service.js';
import type { PropertyService } from './property-service.js';
import { propertyKey, spuFigures, validateSkuProperties, type SkuPropertyPair } from './sku-rules.js';
import type { SkuValues, SpuRepository, SpuRow, SpuValues } from './spu-repository.js';

type SaveReq = z.output<typeof productSpuCreateReq>;

/** The length of product_sku.name. */
const SKU_NAME_MAX = 255;

const toSpu = (row: SpuRow): ProductSpu => {
  const { alarmStock: _alarm, showStock, picUrls, ...rest } = row;
  return { ...rest, showStock: showStock === 1, picUrls: JSON.parse(picUrls) as string[] };
};

const yuan = (fen: number): string => (fen / 100).toFixed(2);

/** 商品 SPU and their SKUs, of the caller's tenant. */
export const spuService = (
  ctx: AppContext,
  repo: SpuRepository,
  {
    categories,
    brands,
    properties,
  }: { categories: CategoryService; brands: BrandService; properties: PropertyService },
) => {
  const existing = async (user: LoginUser, id: number): Promise<SpuRow> => {
    const row = await repo.findById(user.tenantId, id);
    if (!row) throw fail(ProductError.SPU_NOT_EXISTS);
    return row;
  };

  /**
   * Checks the request against the catalogue (category, brand, properties and values, SKU rules) and
   * turns it into the rows to save, SKUs named after the SPU or their values, figures derived.
   */
  const prepare = async (user: LoginUser, body: SaveReq): Promise<{ spu: SpuValues; skus: SkuValues[] }> => {
    validateSkuProperties(body.specType, body.skus);
    await categories.validateForSpu(user, body.categoryId);
    await brands.validateForSpu(user, body.brandId);
    if (
      body.deliveryTemplateId !== null &&
      !(await repo.deliveryTemplateExists(user.tenantId, body.deliveryTemplateId))
    )
      throw fail(TradeError.EXPRESS_TEMPLATE_NOT_EXISTS);
    const pairs = body.skus.flatMap((sku) => sku.properties);
    const names = await properties.namesOf(user.tenantId, pairs);
    for (const pair of pairs) {
      if (!names.property.has(pair.propertyId)) throw fail(ProductError.PROPERTY_NOT_EXISTS);
      if (names.value.get(pair.valueId)?.propertyId !== pair.propertyId)
        throw fail(ProductError.PROPERTY_VALUE_NOT_EXISTS);
    }
    const skus: SkuValues[] = body.skus.map((sku) => ({
      name:
        body.specType === SPU_SPEC_TYPE.SINGLE
          ? body.name
          : // Ten values of 64 characters overflow the name's 255 (PostgreSQL would refuse the row).
            sku.properties
              .map((p) => names.value.get(p.valueId)?.name ?? '')
              .join(',')
              .slice(0, SKU_NAME_MAX),
      properties: JSON.stringify(sku.properties.map(({ propertyId, valueId }) => ({ propertyId, valueId }))),
      propertyKey: propertyKey(sku.properties),
      picUrl: sku.picUrl ?? body.picUrls[0] ?? '',
      price: sku.price,
      marketPrice: sku.marketPrice,
      costPrice: sku.costPrice,
      barCode: sku.barCode,
      stock: sku.stock,
      warnStock: sku.warnStock,
      volume: sku.volume,
      weight: sku.weight,
      // A single-spec SPU's one SKU is always on sale with it.
      status: body.specType === SPU_SPEC_TYPE.SINGLE ? 0 : sku.status,
    }));
    const spu: SpuValues = {
      name: body.name,
      code: body.code,
      sellPoint: body.sellPoint,
      description: sanitizeRichText(body.description),
      categoryId: body.categoryId,
      brandId: body.brandId,
      deliveryTemplateId: body.deliveryTemplateId,
      picUrls: JSON.stringify(body.picUrls),
      videoUrl: body.videoUrl,
      sort: body.sort,
      status: body.status,
      specType: body.specType,
      showStock: body.showStock ? 1 : 0,
      virtualSalesCount: body.virtualSalesCount,
      ...spuFigures(skus),
    };
    return { spu, skus };
  };

  const detail = async (user: LoginUser, row: SpuRow): Promise<ProductSpuDetail> => {
    const skuRows = await repo.skusOf(user.tenantId, row.id);
    const skus = skuRows.map((sku) => ({ ...sku, pairs: JSON.parse(sku.properties) as SkuPropertyPair[] }));
    const names = await properties.namesOf(
      user.tenantId,
      skus.flatMap((sku) => sku.pairs),
    );
    // The chosen properties in the SKUs' order, each with its values in order of first use.
    const views = new Map<
      number,
      { propertyId: number; name: string; propertyValues: { id: number; name: string }[] }
    >();
    for (const { pairs } of skus)
      for (const { propertyId, valueId } of pairs) {
        const view =
          views.get(propertyId) ??
          views
            .set(propertyId, { propertyId, name: names.property.get(propertyId) ?? '', propertyValues: [] })
            .get(propertyId)!;
        if (!view.propertyValues.some((v) => v.id === valueId))
          view.propertyValues.push({ id: valueId, name: names.value.get(valueId)?.name ?? '' });
      }
    return {
      ...toSpu(row),
      skus: skus.map(({ pairs, properties: _json, propertyKey: _key, spuId: _spu, ...sku }) => ({
        ...sku,
        properties: pairs.map(({ propertyId, valueId }) => ({
          propertyId,
          propertyName: names.property.get(propertyId) ?? '',
          valueId,
          valueName: names.value.get(valueId)?.name ?? '',
        })),
      })),
      productPropertyViews: [...views.values()],
    };
  };

  const simple = async (user: LoginUser): Promise<ProductSpuSimple[]> =>
    (await repo.list(user.tenantId, {}, Number.MAX_SAFE_INTEGER)).map((row) => ({
      id: row.id,
      name: row.name,
      picUrl: (JSON.parse(row.picUrls) as string[])[0] ?? '',
      minPrice: row.minPrice,
      maxPrice: row.maxPrice,
      price: row.minPrice,
      marketPrice: row.marketPrice,
    }));

  return {
    async page(user: LoginUser, query: z.output<typeof productSpuPageReq>): Promise<PageResult<ProductSpu>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.page(user.tenantId, filter, { pageNo, pageSize });
      return { list: list.map(toSpu), total };
    },

    /** v1.8.3's tab counts: 0 销售中, 1 仓库中, 2 已售罄, 3 警戒库存, 4 回收站. */
    async countByTab(user: LoginUser): Promise<Record<string, number>> {
      const counts = await Promise.all(
        [0, 1, 2, 3, 4].map((tabType) => repo.count(user.tenantId, { tabType })),
      );
      return Object.fromEntries(counts.map((n, tab) => [String(tab), n]));
    },

    detail: async (user: LoginUser, id: number): Promise<ProductSpuDetail> =>
      detail(user, await existing(user, id)),

    simpleList: simple,

    skuOptions: (user: LoginUser): Promise<ProductSkuOption[]> => repo.skuOptions(user.tenantId),

    async create(user: LoginUser, body: SaveReq): Promise<number> {
      const { spu, skus } = await prepare(user, body);
      return repo.insert(user.tenantId, spu, skus, ctx.now(), user.id);
    },

    async update(user: LoginUser, body: z.output<typeof productSpuUpdateReq>): Promise<boolean> {
      await existing(user, body.id);
      const { spu, skus } = await prepare(user, body);
      if (!(await repo.update(user.tenantId, body.id, spu, skus, ctx.now(), user.id)))
        throw fail(ProductError.SPU_NOT_EXISTS);
      return true;
    },

    async updateStatus(user: LoginUser, body: z.output<typeof productSpuUpdateStatusReq>): Promise<boolean> {
      await existing(user, body.id);
      await repo.updateStatus(user.tenantId, body.id, body.status, ctx.now(), user.id);
      return true;
    },

    /** Only from the recycle bin. */
    async delete(user: LoginUser, id: number): Promise<boolean> {
      const row = await existing(user, id);
      if (row.status !== SPU_STATUS.RECYCLE) throw fail(ProductError.SPU_NOT_RECYCLE);
      await repo.softDelete(user.tenantId, id, ctx.now(), user.id);
      return true;
    },

    /** 商品 as .xlsx: every matching SPU, money in yuan, status as its dictionary label. */
    async exportExcel(user: LoginUser, filter: ProductSpuFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo.list(user.tenantId, filter, EXPORT_MAX_ROWS + 1).then((list) => checkExportSize(list, '商品')),
        loadDictLabels(ctx.db.kysely, [DICT_TYPE.PRODUCT_SPU_STATUS]),
      ]);
      return toXlsx<SpuRow>(
        '商品',
        [
          { header: '商品编号', width: 10, value: (r) => r.id },
          { header: '商品名称', width: 30, value: (r) => r.name },
          { header: '商品编码', value: (r) => r.code ?? '' },
          { header: '最低价格（元）', value: (r) => yuan(r.minPrice) },
          { header: '最高价格（元）', value: (r) => yuan(r.maxPrice) },
          { header: '市场价（元）', value: (r) => yuan(r.marketPrice) },
          { header: '库存', width: 10, value: (r) => r.totalStock },
          { header: '销量', width: 10, value: (r) => r.salesCount },
          { header: '排序', width: 10, value: (r) => r.sort },
          { header: '状态', width: 10, value: (r) => label(DICT_TYPE.PRODUCT_SPU_STATUS, r.status) },
          { header: '创建时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        rows,
      );
    },
  };
};

export type SpuService = ReturnType<typeof spuService>;
