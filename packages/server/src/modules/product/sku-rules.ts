import { ProductError, SPU_SPEC_TYPE } from '@app/contract';
import { badRequest, fail } from '../../lib/errors.js';

export interface SkuPropertyPair {
  propertyId: number;
  valueId: number;
}

/** What the derived SPU figures need of an SKU. */
export interface SkuFigures {
  price: number;
  marketPrice: number;
  stock: number;
  warnStock: number | null;
  /** 0 启用, 1 禁用. */
  status: number;
}

/**
 * The identity of an SKU across edits: its `propertyId:valueId` pairs sorted by property, wrapped in
 * commas so a LIKE for `,3:7,` matches one pair exactly; '' for the one SKU of a single-spec SPU.
 */
export const propertyKey = (properties: readonly SkuPropertyPair[]): string =>
  properties.length === 0
    ? ''
    : `,${[...properties]
        .sort((a, b) => a.propertyId - b.propertyId)
        .map((p) => `${p.propertyId}:${p.valueId}`)
        .join(',')},`;

/**
 * The SKUs of one SPU agree with its spec type: a single-spec SPU has one SKU without properties; in a
 * multi-spec SPU every SKU names each property once (1008006001), all SKUs name the same properties
 * (1008006002), and no two SKUs name the same values (1008006003).
 */
export const validateSkuProperties = (
  specType: number,
  skus: readonly { properties: SkuPropertyPair[] }[],
): void => {
  if (specType === SPU_SPEC_TYPE.SINGLE) {
    if (skus.length !== 1 || skus[0]?.properties.length !== 0)
      throw badRequest('单规格商品只能有一个 SKU，且不选择规格');
    return;
  }
  if (skus.some((sku) => sku.properties.length === 0)) throw badRequest('多规格商品的每个 SKU 都要选择规格');
  let shape: string | undefined;
  const keys = new Set<string>();
  for (const sku of skus) {
    const propertyIds = sku.properties.map((p) => p.propertyId);
    if (new Set(propertyIds).size !== propertyIds.length) throw fail(ProductError.SKU_PROPERTIES_DUPLICATED);
    const skuShape = [...propertyIds].sort((a, b) => a - b).join(',');
    if (shape !== undefined && skuShape !== shape) throw fail(ProductError.SPU_ATTR_NUMBERS_MUST_BE_EQUALS);
    shape = skuShape;
    const key = propertyKey(sku.properties);
    if (keys.has(key)) throw fail(ProductError.SPU_SKU_NOT_DUPLICATE);
    keys.add(key);
  }
};

/** An SKU at or below its warning stock. */
export const isAlarming = (sku: SkuFigures): boolean => sku.warnStock !== null && sku.stock <= sku.warnStock;

/**
 * The SPU's figures from its enabled SKUs: the price range, the highest market price, the total
 * stock, and whether any of them is at or below its warning stock (the 预警中 tab).
 */
export const spuFigures = (skus: readonly SkuFigures[]) => {
  const enabled = skus.filter((sku) => sku.status === 0);
  const prices = enabled.map((sku) => sku.price);
  return {
    minPrice: prices.length === 0 ? 0 : Math.min(...prices),
    maxPrice: prices.length === 0 ? 0 : Math.max(...prices),
    marketPrice: enabled.reduce((max, sku) => Math.max(max, sku.marketPrice), 0),
    totalStock: enabled.reduce((sum, sku) => sum + sku.stock, 0),
    alarmStock: enabled.some(isAlarming) ? 1 : 0,
  };
};
