import { SPU_SPEC_TYPE } from '@app/contract';
import type { ProductSkuSaveReq, ProductSpuDetail } from '@app/contract';
import { fenToYuan, yuanToFen } from '../../shared/ui/money';

/*
 * The SKU table of the SPU editor as data: the cartesian product of the chosen specifications, rows
 * that keep what was typed while specifications come and go, bulk fill, checks and the request.
 * Prices are yuan here (what the inputs hold) and fen in the request.
 */

export interface SpecValue {
  id: number;
  name: string;
}

/** A 规格项目: a property and the values chosen for it, in the order the table lists them. */
export interface ChosenProperty {
  propertyId: number;
  name: string;
  values: readonly SpecValue[];
}

export interface SkuProperty {
  propertyId: number;
  propertyName: string;
  valueId: number;
  valueName: string;
}

/** What is typed per SKU; prices in yuan. */
export interface SkuFields {
  picUrl: string | null;
  marketPrice: number | null;
  price: number | null;
  costPrice: number | null;
  stock: number | null;
  warnStock: number | null;
  volume: number | null;
  weight: number | null;
  barCode: string | null;
  /** 0 启用, 1 禁用. */
  status: number;
}
export type SkuField = keyof SkuFields;

/** One SKU of the table: its combination of values (one per property, in the properties' order). */
export interface SkuRow extends SkuFields {
  /** The combination as a set: equal for the same values whatever the properties' order. */
  key: string;
  properties: readonly SkuProperty[];
}

export const SKU_ENABLED = 0;
export const SKU_DISABLED = 1;

export const EMPTY_SKU: Readonly<SkuFields> = {
  picUrl: null,
  marketPrice: null,
  price: null,
  costPrice: null,
  stock: null,
  warnStock: null,
  volume: null,
  weight: null,
  barCode: null,
  status: SKU_ENABLED,
};

type Pair = Pick<SkuProperty, 'propertyId' | 'valueId'>;

/** The key of a combination: its `{propertyId, valueId}` pairs as a set ('' for a single spec). */
export const combinationKey = (pairs: readonly Pair[]): string =>
  pairs
    .map((pair) => `${pair.propertyId}:${pair.valueId}`)
    .sort()
    .join(',');

/** Every combination of one value per property (properties without a value chosen are left out). */
function combinations(chosen: readonly ChosenProperty[]): SkuProperty[][] {
  let result: SkuProperty[][] = [[]];
  for (const property of chosen) {
    if (property.values.length === 0) continue;
    result = result.flatMap((prefix) =>
      property.values.map((value) => [
        ...prefix,
        {
          propertyId: property.propertyId,
          propertyName: property.name,
          valueId: value.id,
          valueName: value.name,
        },
      ]),
    );
  }
  return result;
}

const sameProperties = (a: readonly SkuProperty[], b: readonly SkuProperty[]) =>
  a.length === b.length &&
  a.every(
    (p, i) =>
      p.propertyId === b[i]?.propertyId &&
      p.valueId === b[i]?.valueId &&
      p.propertyName === b[i]?.propertyName &&
      p.valueName === b[i]?.valueName,
  );

const pairSet = (row: { properties: readonly SkuProperty[] }) =>
  new Set(row.properties.map((p) => `${p.propertyId}:${p.valueId}`));

/**
 * The row a new combination starts from when no row has its values: one whose combination it extends
 * (a property was added: 红 → 红,S and 红,M) or that extends it (a property was removed: 红,S → 红),
 * sharing the most values, the first such in the table. Exactly equal combinations never get here.
 */
function ancestorOf(properties: readonly SkuProperty[], previous: readonly SkuRow[]): SkuRow | undefined {
  const wanted = pairSet({ properties });
  let best: SkuRow | undefined;
  let bestShared = 0;
  for (const row of previous) {
    const own = pairSet(row);
    const shared = [...own].filter((pair) => wanted.has(pair)).length;
    const related = shared === own.size || shared === wanted.size;
    if (related && shared > bestShared) {
      best = row;
      bestShared = shared;
    }
  }
  return best;
}

/**
 * The SKU rows for the chosen specifications: the cartesian product of their values, in order (the
 * first property varies slowest). A combination already in `previous` keeps its row, the same object
 * when nothing about it changed (so memoised rows skip rendering); a new one starts from the row it
 * extends or that extends it (see `ancestorOf`), except the barcode, which names one SKU only; else
 * empty. `removed` are rows dropped earlier: a combination that comes back gets its row back (a value
 * unticked and ticked again). No chosen value at all (a single spec) is one row without properties.
 */
export function buildSkuRows(
  chosen: readonly ChosenProperty[],
  previous: readonly SkuRow[],
  removed: readonly SkuRow[] = [],
): SkuRow[] {
  const byKey = new Map([...removed, ...previous].map((row) => [row.key, row]));
  return combinations(chosen).map((properties) => {
    const key = combinationKey(properties);
    const known = byKey.get(key);
    if (known) return sameProperties(known.properties, properties) ? known : { ...known, properties };
    const ancestor = ancestorOf(properties, previous);
    const fields: SkuFields = ancestor ? { ...pickFields(ancestor), barCode: null } : { ...EMPTY_SKU };
    return { ...fields, key, properties };
  });
}

const pickFields = (row: SkuFields): SkuFields => ({
  picUrl: row.picUrl,
  marketPrice: row.marketPrice,
  price: row.price,
  costPrice: row.costPrice,
  stock: row.stock,
  warnStock: row.warnStock,
  volume: row.volume,
  weight: row.weight,
  barCode: row.barCode,
  status: row.status,
});

/** The rows `previous` had that `next` lacks, added to those dropped before (newest first, by key). */
export function droppedRows(
  previous: readonly SkuRow[],
  next: readonly SkuRow[],
  before: readonly SkuRow[] = [],
) {
  const kept = new Set(next.map((row) => row.key));
  const gone = previous.filter((row) => !kept.has(row.key));
  const known = new Set(gone.map((row) => row.key));
  return [...gone, ...before.filter((row) => !kept.has(row.key) && !known.has(row.key))];
}

/** One field of one row changed (the rows not concerned stay the same objects). */
export const updateSkuRow = <F extends SkuField>(
  rows: readonly SkuRow[],
  key: string,
  field: F,
  value: SkuFields[F],
): SkuRow[] =>
  rows.map((row) => (row.key === key && row[field] !== value ? { ...row, [field]: value } : row));

/** 批量设置 of one column: every row takes the value. */
export const fillColumn = <F extends SkuField>(
  rows: readonly SkuRow[],
  field: F,
  value: SkuFields[F],
): SkuRow[] => rows.map((row) => (row[field] === value ? row : { ...row, [field]: value }));

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** 批量设置 of the bulk row: every column given a value in `values` is filled in all rows; blanks are left. */
export function fillColumns(rows: readonly SkuRow[], values: Partial<SkuFields>): SkuRow[] {
  let result = [...rows];
  for (const [field, value] of Object.entries(values) as [SkuField, SkuFields[SkuField]][])
    if (!isBlank(value)) result = fillColumn(result, field, value);
  return result;
}

/** A row's problems by field, in the server's words (the request's checks, so that none fails there). */
export type SkuErrors = Partial<Record<SkuField, string>>;

const REQUIRED: readonly [SkuField, string][] = [
  ['marketPrice', '市场价'],
  ['price', '销售价'],
  ['costPrice', '成本价'],
  ['stock', '库存'],
];

export function skuRowErrors(row: SkuFields): SkuErrors {
  const errors: SkuErrors = {};
  for (const [field, label] of REQUIRED) if (isBlank(row[field])) errors[field] = `${label}不能为空`;
  const market = yuanToFen(row.marketPrice);
  const price = yuanToFen(row.price);
  const cost = yuanToFen(row.costPrice);
  if (market !== null && price !== null && market < price) errors.marketPrice ??= '市场价不能低于销售价';
  if (market !== null && cost !== null && cost > market) errors.costPrice ??= '成本价不能高于市场价';
  return errors;
}

/** The rows with a problem: the row and its errors, in table order. */
export const invalidSkuRows = (rows: readonly SkuRow[]) =>
  rows.flatMap((row) => {
    const errors = skuRowErrors(row);
    return Object.keys(errors).length > 0 ? [{ row, errors }] : [];
  });

const fen = (yuan: number | null, label: string): number => {
  const value = yuanToFen(yuan);
  // The rows were checked first (skuRowErrors); a gap here is a mistake of the caller.
  if (value === null) throw new Error(`${label}不能为空`);
  return value;
};

/**
 * The request's SKUs: names are the values joined by commas (a single spec's is the SPU's name), prices
 * in fen. Check the rows with `invalidSkuRows` first.
 */
export function toSkuRequests(rows: readonly SkuRow[], spuName: string): ProductSkuSaveReq[] {
  return rows.map((row) => ({
    name: row.properties.length > 0 ? row.properties.map((p) => p.valueName).join(',') : spuName,
    picUrl: row.picUrl || null,
    marketPrice: fen(row.marketPrice, '市场价'),
    price: fen(row.price, '销售价'),
    costPrice: fen(row.costPrice, '成本价'),
    stock: row.stock ?? 0,
    warnStock: row.warnStock,
    volume: row.volume,
    weight: row.weight,
    barCode: row.barCode?.trim() || null,
    status: row.status,
    properties: row.properties.map(({ propertyId, valueId }) => ({ propertyId, valueId })),
  }));
}

/** A saved SPU's specifications and SKU rows, as the editor resumes them (prices back in yuan). */
export function fromDetail(detail: Pick<ProductSpuDetail, 'specType' | 'skus' | 'productPropertyViews'>): {
  multi: boolean;
  chosen: ChosenProperty[];
  rows: SkuRow[];
} {
  const multi = detail.specType === SPU_SPEC_TYPE.MULTIPLE;
  const rows: SkuRow[] = detail.skus.map((sku) => ({
    key: combinationKey(sku.properties),
    properties: sku.properties,
    picUrl: sku.picUrl || null,
    marketPrice: fenToYuan(sku.marketPrice),
    price: fenToYuan(sku.price),
    costPrice: fenToYuan(sku.costPrice),
    stock: sku.stock,
    warnStock: sku.warnStock,
    volume: sku.volume,
    weight: sku.weight,
    barCode: sku.barCode,
    status: sku.status,
  }));
  const views =
    detail.productPropertyViews.length > 0 ? detail.productPropertyViews : viewsFromSkus(detail.skus);
  const chosen = multi
    ? views.map((view) => ({ propertyId: view.propertyId, name: view.name, values: view.propertyValues }))
    : [];
  // Rebuilt through the product: table order, every combination, one row for a single spec.
  return { multi, chosen, rows: buildSkuRows(chosen, rows) };
}

/** The chosen specifications read off the SKUs, for a detail that lacks `productPropertyViews`. */
function viewsFromSkus(skus: ProductSpuDetail['skus']): ProductSpuDetail['productPropertyViews'] {
  const views = new Map<number, { propertyId: number; name: string; propertyValues: SpecValue[] }>();
  for (const sku of skus)
    for (const p of sku.properties) {
      const view = views.get(p.propertyId) ?? {
        propertyId: p.propertyId,
        name: p.propertyName,
        propertyValues: [],
      };
      views.set(p.propertyId, view);
      if (!view.propertyValues.some((v) => v.id === p.valueId))
        view.propertyValues.push({ id: p.valueId, name: p.valueName });
    }
  return [...views.values()];
}
