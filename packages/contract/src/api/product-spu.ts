import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import {
  booleanParam,
  optionalNumberParam,
  optionalPositiveInt,
  readTimeRange,
  stringOrList,
  INTEGER_RANGE,
} from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/*
 * 商品 SPU (/product/spu) and their SKUs, in the shapes the v1.6.6 client sends and reads; money is
 * integer fen. Also the v1.8.3 forms: `list-all-simple`, `update-status`, `get-count` and `tabType`.
 */

const { idQuery, textFilter, bodyId } = adminFormFields;

/** product_spu_status: 1 销售中 (上架), 0 仓库中 (下架), -1 回收站. */
export const SPU_STATUS = { ENABLE: 1, DISABLE: 0, RECYCLE: -1 } as const;
/** 1 单规格, 2 多规格. */
export const SPU_SPEC_TYPE = { SINGLE: 1, MULTIPLE: 2 } as const;
/** The most SKUs one SPU may hold (a cartesian product grows fast). */
export const MAX_SKUS_PER_SPU = 1000;
export const MAX_SPU_PICTURES = 10;
/** Properties (规格项目) per SKU: its property key and derived name must fit their columns. */
export const MAX_SKU_PROPERTIES = 10;
/** 1,000 万元 in fen: the largest price accepted. */
export const MAX_PRICE_FEN = 1_000_000_000;
export const MAX_STOCK = 999_999_999;

/** v1.8.3's tabs: 0 销售中, 1 仓库中, 2 已售罄, 3 警戒库存, 4 回收站. */
export const SPU_TAB_TYPES = [0, 1, 2, 3, 4] as const;

export const productSpu = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  sellPoint: z.string().nullable(),
  description: z.string(),
  categoryId: z.number().int(),
  brandId: z.number().int(),
  /** The freight template that prices its delivery; null: shipped free. */
  deliveryTemplateId: z.number().int().nullable(),
  picUrls: z.array(z.string()),
  videoUrl: z.string().nullable(),
  sort: z.number().int(),
  status: z.number().int(),
  specType: z.number().int(),
  showStock: z.boolean(),
  /** Derived from the enabled SKUs on every save: the highest market price, the price range, the stock. */
  marketPrice: z.number().int(),
  minPrice: z.number().int(),
  maxPrice: z.number().int(),
  totalStock: z.number().int(),
  virtualSalesCount: z.number().int(),
  salesCount: z.number().int(),
  clickCount: z.number().int(),
  createTime: epochMillis,
});
export type ProductSpu = z.output<typeof productSpu>;

export const productSkuProperty = z.object({
  propertyId: z.number().int(),
  propertyName: z.string(),
  valueId: z.number().int(),
  valueName: z.string(),
});

export const productSku = z.object({
  id: z.number().int(),
  name: z.string(),
  picUrl: z.string(),
  price: z.number().int(),
  marketPrice: z.number().int(),
  costPrice: z.number().int(),
  barCode: z.string().nullable(),
  /** common_status: 0 启用, 1 禁用. */
  status: z.number().int(),
  stock: z.number().int(),
  warnStock: z.number().int().nullable(),
  weight: z.number().nullable(),
  volume: z.number().nullable(),
  salesCount: z.number().int(),
  properties: z.array(productSkuProperty),
});
export type ProductSku = z.output<typeof productSku>;

export const productSpuDetail = productSpu.extend({
  skus: z.array(productSku),
  /** The chosen properties and values, derived from the SKUs (the v1.6.5 field the v1.6.6 editor reads). */
  productPropertyViews: z.array(
    z.object({
      propertyId: z.number().int(),
      name: z.string(),
      propertyValues: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type ProductSpuDetail = z.output<typeof productSpuDetail>;

export const productSpuSimple = z.object({
  id: z.number().int(),
  name: z.string(),
  picUrl: z.string(),
  minPrice: z.number().int(),
  maxPrice: z.number().int(),
  /** v1.8.3's names for the lowest price and the market price. */
  price: z.number().int(),
  marketPrice: z.number().int(),
});
export type ProductSpuSimple = z.output<typeof productSpuSimple>;

export const productSkuOption = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  spuId: z.number().int(),
  spuName: z.string(),
});
export type ProductSkuOption = z.output<typeof productSkuOption>;

const filterFields = {
  name: textFilter('商品名称', 128),
  code: textFilter('商品编码', 64),
  categoryId: optionalPositiveInt('商品分类编号'),
  brandId: optionalPositiveInt('商品品牌编号'),
  status: z
    .enum(['1', '0', '-1', ''], { error: '商品状态只能是 1（销售中）、0（仓库中）或 -1（回收站）' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v))),
  alarmStock: booleanParam('预警库存只能是 true 或 false').optional(),
  tabType: z
    .enum(['0', '1', '2', '3', '4', ''], { error: '商品页签只能是 0 到 4' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v))),
  salesCountMin: optionalNumberParam('最小销量', { int: true, ...INTEGER_RANGE }),
  salesCountMax: optionalNumberParam('最大销量', { int: true, ...INTEGER_RANGE }),
  marketPriceMin: optionalNumberParam('最低价格', { int: true, ...INTEGER_RANGE }),
  marketPriceMax: optionalNumberParam('最高价格', { int: true, ...INTEGER_RANGE }),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};
const readFilter = (raw: z.output<z.ZodObject<typeof filterFields>>, ctx: z.RefinementCtx) => ({
  name: raw.name,
  code: raw.code,
  categoryId: raw.categoryId,
  brandId: raw.brandId,
  status: raw.status,
  alarmStock: raw.alarmStock,
  tabType: raw.tabType,
  salesCountMin: raw.salesCountMin,
  salesCountMax: raw.salesCountMax,
  marketPriceMin: raw.marketPriceMin,
  marketPriceMax: raw.marketPriceMax,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type ProductSpuFilter = ReturnType<typeof readFilter>;

export const productSpuPageReq = pageParam
  .extend(filterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readFilter(raw, ctx) }));
export type ProductSpuPageReq = z.input<typeof productSpuPageReq>;
export const productSpuExportReq = z.object(filterFields).transform(readFilter);
export type ProductSpuExportReq = z.input<typeof productSpuExportReq>;

const fen = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label}不能为空` : `${label}必须是数字`) })
    .int(`${label}必须精确到分`)
    .min(0, `${label}不能小于 0`)
    .max(MAX_PRICE_FEN, `${label}不能超过 1000 万元`);

const count = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label}不能为空` : `${label}必须是数字`) })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于 0`)
    .max(MAX_STOCK, `${label}不能超过 ${MAX_STOCK}`);

const measure = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .min(0, `${label}不能小于 0`)
    .max(1_000_000, `${label}不能超过 1000000`)
    .nullish()
    .transform((v) => v ?? null);

const optionalString = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .max(max, `${label}长度不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

export const productSkuSaveReq = z
  .object({
    /** Ignored: SKUs are matched by their property combination, so ids survive edits. */
    id: z.number().int().nullish(),
    /** Ignored: the server names an SKU after the SPU (single spec) or its values (multi-spec). */
    name: z.string().nullish(),
    /** Blank: the SPU's first picture. */
    picUrl: optionalString('规格图片', 1024),
    price: fen('销售价'),
    marketPrice: fen('市场价'),
    costPrice: fen('成本价'),
    barCode: optionalString('条码', 64),
    status: z
      .number({ error: 'SKU 状态不能为空' })
      .refine((v) => v === 0 || v === 1, 'SKU 状态只能是 0（启用）或 1（禁用）'),
    stock: count('库存'),
    warnStock: count('预警库存')
      .nullish()
      .transform((v) => v ?? null),
    weight: measure('重量'),
    volume: measure('体积'),
    properties: z
      .array(
        z.object({
          propertyId: bodyId('属性项编号'),
          valueId: bodyId('属性值编号'),
        }),
        { error: 'SKU 属性格式不正确' },
      )
      .max(MAX_SKU_PROPERTIES, `SKU 的规格项目不能超过 ${MAX_SKU_PROPERTIES} 个`)
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((sku, ctx) => {
    if (sku.marketPrice < sku.price)
      ctx.addIssue({ code: 'custom', message: '市场价不能低于销售价', path: ['marketPrice'] });
    if (sku.costPrice > sku.marketPrice)
      ctx.addIssue({ code: 'custom', message: '成本价不能高于市场价', path: ['costPrice'] });
  });
export type ProductSkuSaveReq = z.input<typeof productSkuSaveReq>;

const spuFields = {
  name: z
    .string({ error: '商品名称不能为空' })
    .trim()
    .min(1, '商品名称不能为空')
    .max(128, '商品名称长度不能超过128个字符'),
  code: optionalString('商品编码', 64),
  sellPoint: optionalString('促销语', 128),
  description: z
    .string({ error: '描述不能为空' })
    .max(100_000, '描述长度不能超过100000个字符')
    .refine((v) => v.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '' || /<(img|video)\b/i.test(v), '描述不能为空'),
  categoryId: bodyId('商品分类'),
  brandId: bodyId('商品品牌'),
  /** Optional, as the v1.6.6 client sends none: a product without one ships free. */
  deliveryTemplateId: z
    .number({ error: '运费模板编号必须是数字' })
    .int('运费模板编号格式不正确')
    .positive('运费模板编号格式不正确')
    .nullish()
    .transform((v) => v ?? null),
  picUrls: z
    .array(z.string().trim().min(1, '商品主图地址不能为空').max(1024, '商品主图地址长度不能超过1024个字符'), {
      error: '商品主图不能为空',
    })
    .min(1, '商品主图不能为空')
    .max(MAX_SPU_PICTURES, `商品主图最多 ${MAX_SPU_PICTURES} 张`),
  videoUrl: optionalString('商品视频', 1024),
  sort: z
    .number({ error: '排序字段必须是数字' })
    .int('排序字段必须是整数')
    .min(0, '排序字段不能小于 0')
    .max(MAX_STOCK, `排序字段不能超过 ${MAX_STOCK}`)
    .nullish()
    .transform((v) => v ?? 0),
  status: z
    .number({ error: '商品状态不能为空' })
    .refine((v) => v === 0 || v === 1, '商品状态只能是 1（立即上架）或 0（放入仓库）'),
  /** 1 单规格, 2 多规格; v1.8.3 sends a boolean (true: 多规格). */
  specType: z
    .union([z.literal(1), z.literal(2), z.boolean()], { error: '规格类型只能是 1（单规格）或 2（多规格）' })
    .transform((v) => (v === true ? 2 : v === false ? 1 : v)),
  showStock: z.boolean({ error: '是否展示库存不能为空' }),
  virtualSalesCount: count('虚拟销量'),
  skus: z
    .array(productSkuSaveReq, { error: '商品 SKU 不能为空' })
    .min(1, '商品 SKU 不能为空')
    .max(MAX_SKUS_PER_SPU, `商品 SKU 不能超过 ${MAX_SKUS_PER_SPU} 个`),
};
export const productSpuCreateReq = z.object(spuFields);
export type ProductSpuCreateReq = z.input<typeof productSpuCreateReq>;
export const productSpuUpdateReq = z.object({ id: bodyId('商品编号'), ...spuFields });
export type ProductSpuUpdateReq = z.input<typeof productSpuUpdateReq>;

export const productSpuUpdateStatusReq = z.object({
  id: bodyId('商品编号'),
  status: z
    .number({ error: '商品状态不能为空' })
    .refine((v) => v === 1 || v === 0 || v === -1, '商品状态只能是 1（上架）、0（下架）或 -1（回收站）'),
});
export type ProductSpuUpdateStatusReq = z.input<typeof productSpuUpdateStatusReq>;

const TAG = '商品 SPU';
const SPU_QUERY = permission('product:spu:query');

export const productSpuPage = defineEndpoint({
  method: 'GET',
  path: '/product/spu/page',
  summary:
    '获得商品分页（名称、编码模糊；分类、品牌、状态、销量与价格区间过滤；alarmStock 只要有 SKU 库存不高于预警库存的；按排序倒序）',
  tag: TAG,
  access: SPU_QUERY,
  query: productSpuPageReq,
  data: pageResult(productSpu),
});

export const productSpuCount = defineEndpoint({
  method: 'GET',
  path: '/product/spu/get-count',
  summary: '获得各页签的商品数（0 销售中，1 仓库中，2 已售罄，3 警戒库存，4 回收站）',
  tag: TAG,
  access: SPU_QUERY,
  data: z.record(z.string(), z.number().int()),
});

export const productSpuDetailGet = defineEndpoint({
  method: 'GET',
  path: '/product/spu/get-detail',
  summary: '获得商品详情（含 SKU 及其属性、已选规格）',
  tag: TAG,
  access: permission('product:spu:query', 'product:spu:update'),
  query: idQuery('商品编号'),
  data: productSpuDetail,
});

const simpleListSummary = '获得商品精简列表（上架与仓库中的商品，用于营销选择）';

export const productSpuSimpleList = defineEndpoint({
  method: 'GET',
  path: '/product/spu/get-simple-list',
  summary: simpleListSummary,
  tag: TAG,
  access: SPU_QUERY,
  data: z.array(productSpuSimple),
});

/** The same list under v1.8.3's name. */
export const productSpuListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/product/spu/list-all-simple',
  summary: simpleListSummary,
  tag: TAG,
  access: SPU_QUERY,
  data: z.array(productSpuSimple),
});

export const productSkuOptionList = defineEndpoint({
  method: 'GET',
  path: '/product/sku/get-option-list',
  summary: '获得 SKU 选项列表（启用的 SKU 及其商品名，用于营销选择）',
  tag: TAG,
  access: SPU_QUERY,
  data: z.array(productSkuOption),
});

export const productSpuCreate = defineEndpoint({
  method: 'POST',
  path: '/product/spu/create',
  summary: '创建商品及其 SKU（一个事务），返回编号',
  tag: TAG,
  access: permission('product:spu:create'),
  body: productSpuCreateReq,
  data: z.number().int(),
});

export const productSpuUpdate = defineEndpoint({
  method: 'PUT',
  path: '/product/spu/update',
  summary: '修改商品及其 SKU（属性组合不变的 SKU 保留编号）',
  tag: TAG,
  access: permission('product:spu:update'),
  body: productSpuUpdateReq,
  data: z.boolean(),
});

export const productSpuUpdateStatus = defineEndpoint({
  method: 'PUT',
  path: '/product/spu/update-status',
  summary: '修改商品状态（上架、下架、放入回收站、从回收站恢复）',
  tag: TAG,
  access: permission('product:spu:update'),
  body: productSpuUpdateStatusReq,
  data: z.boolean(),
});

export const productSpuDelete = defineEndpoint({
  method: 'DELETE',
  path: '/product/spu/delete',
  summary: '删除商品（只能删除回收站中的商品）',
  tag: TAG,
  access: permission('product:spu:delete'),
  query: idQuery('商品编号'),
  data: z.boolean(),
});

export const productSpuExport = defineEndpoint({
  method: 'GET',
  path: '/product/spu/export-excel',
  summary: '导出商品 Excel（与分页相同的过滤）',
  tag: TAG,
  access: permission('product:spu:export'),
  query: productSpuExportReq,
  data: z.unknown(),
  response: 'binary',
});
