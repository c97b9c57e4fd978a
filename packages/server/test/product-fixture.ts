import type { ProductSpuCreateReq } from '@app/contract';
import type { TestApp } from './helper.js';

/* A small catalogue built through the API, and a valid SPU body on it, for the product tests. */

export interface Catalogue {
  /** A top-level category and its second-level child, where products go. */
  topId: number;
  leafId: number;
  brandId: number;
  /** 颜色 (红, 蓝, 绿) and 尺寸 (S, M). */
  color: { id: number; values: number[] };
  size: { id: number; values: number[] };
}

export const buildCatalogue = async (
  t: TestApp,
  token: string,
  tenant: number | string = 1,
  suffix = '',
): Promise<Catalogue> => {
  const post = async (path: string, body: unknown): Promise<number> => {
    const res = await t.api({ method: 'POST', path, body, token, tenant });
    if (res.code !== 0) throw new Error(`${path}: ${res.code} ${res.msg}`);
    return res.data as number;
  };
  const category = { picUrl: 'https://img.example.com/c.png', sort: 0, status: 0, description: null };
  const topId = await post('/product/category/create', { ...category, parentId: 0, name: `服装${suffix}` });
  const leafId = await post('/product/category/create', {
    ...category,
    parentId: topId,
    name: `T恤${suffix}`,
  });
  const brandId = await post('/product/brand/create', {
    name: `品牌${suffix}`,
    picUrl: 'https://img.example.com/b.png',
    sort: 0,
    status: 0,
  });
  const property = async (name: string, values: string[]) => {
    const id = await post('/product/property/create', { name: `${name}${suffix}` });
    const ids: number[] = [];
    for (const value of values)
      ids.push(await post('/product/property/value/create', { propertyId: id, name: value }));
    return { id, values: ids };
  };
  return {
    topId,
    leafId,
    brandId,
    color: await property('颜色', ['红', '蓝', '绿']),
    size: await property('尺寸', ['S', 'M']),
  };
};

export const sku = (overrides: Partial<ProductSpuCreateReq['skus'][number]> = {}) => ({
  picUrl: 'https://img.example.com/sku.png',
  price: 9900,
  marketPrice: 12900,
  costPrice: 5000,
  barCode: null,
  status: 0,
  stock: 100,
  warnStock: 10,
  weight: 0.2,
  volume: 0.001,
  properties: [],
  ...overrides,
});

/** A single-spec SPU on the catalogue. */
export const singleSpu = (
  c: Catalogue,
  overrides: Partial<ProductSpuCreateReq> = {},
): ProductSpuCreateReq => ({
  name: '纯棉T恤',
  sellPoint: '夏季爆款',
  description: '<p>舒适透气</p>',
  categoryId: c.leafId,
  brandId: c.brandId,
  picUrls: ['https://img.example.com/1.png', 'https://img.example.com/2.png'],
  videoUrl: null,
  sort: 10,
  status: 1,
  specType: 1,
  showStock: true,
  virtualSalesCount: 0,
  skus: [sku()],
  ...overrides,
});

/** A multi-spec SPU: every color × size, prices rising with each SKU. */
export const multiSpu = (
  c: Catalogue,
  overrides: Partial<ProductSpuCreateReq> = {},
): ProductSpuCreateReq => ({
  ...singleSpu(c),
  name: '多规格T恤',
  specType: 2,
  skus: c.color.values.flatMap((colorValue, i) =>
    c.size.values.map((sizeValue, j) =>
      sku({
        price: 1000 + (i * 2 + j) * 100,
        marketPrice: 5000,
        costPrice: 500,
        stock: 10 + i * 2 + j,
        warnStock: 3,
        properties: [
          { propertyId: c.color.id, valueId: colorValue },
          { propertyId: c.size.id, valueId: sizeValue },
        ],
      }),
    ),
  ),
  ...overrides,
});
