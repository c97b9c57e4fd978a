import type { TradeOrderProperty } from '@app/contract';
import { ProductError, TradeError } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notDeleted } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import { quoteFreight } from '../../lib/freight.js';
import type { FreightTemplateDirectory } from '../delivery/directory.js';

/*
 * The price of a cart, read from the catalogue at that moment: the settlement shows it, and order
 * creation computes it again inside its transaction. Freight by the one calculation (quoteFreight),
 * one parcel per delivery template; an SPU without a template ships free. And the stock an order
 * takes and gives back, and how a price adjustment is shared among its items.
 */

/** product_spu_status 销售中; product_sku 0 启用. */
const SPU_ON_SALE = 1;
const SKU_ENABLED = 0;

export interface CartLine {
  skuId: number;
  count: number;
}

export interface PricedLine {
  spuId: number;
  spuName: string;
  skuId: number;
  picUrl: string;
  properties: TradeOrderProperty[];
  price: number;
  count: number;
  originalPrice: number;
}

export interface PricedCart {
  items: PricedLine[];
  totalPrice: number;
  deliveryPrice: number;
  payPrice: number;
  /** The template of the first parcel that has one (the order keeps one); null when all ship free. */
  deliveryTemplateId: number | null;
}

const loadSkus = (db: Kysely<Database>, tenantId: number, skuIds: number[]) =>
  db
    .selectFrom('productSku as sku')
    .innerJoin('productSpu as spu', 'spu.id', 'sku.spuId')
    .select([
      'sku.id as skuId',
      'sku.spuId',
      'sku.picUrl',
      'sku.price',
      'sku.weight',
      'sku.volume',
      'sku.status as skuStatus',
      'sku.properties',
      'spu.name as spuName',
      'spu.status as spuStatus',
      'spu.picUrls',
      'spu.deliveryTemplateId',
    ])
    .where('sku.tenantId', '=', tenantId)
    .where('spu.tenantId', '=', tenantId)
    .where('sku.id', 'in', skuIds)
    .where(notDeleted('sku'))
    .where(notDeleted('spu'))
    .execute();

/** The names of the SKUs' property values (kept by the order, so a later rename changes no order). */
const propertyNames = async (db: Kysely<Database>, tenantId: number, valueIds: number[]) => {
  if (valueIds.length === 0) return new Map<number, { propertyName: string; valueName: string }>();
  const rows = await db
    .selectFrom('productPropertyValue as v')
    .innerJoin('productProperty as p', 'p.id', 'v.propertyId')
    .select(['v.id', 'v.name as valueName', 'p.name as propertyName'])
    .where('v.tenantId', '=', tenantId)
    .where('v.id', 'in', valueIds)
    .execute();
  return new Map(rows.map((r) => [r.id, { propertyName: r.propertyName, valueName: r.valueName }]));
};

export const priceCart = async (
  db: Kysely<Database>,
  tenantId: number,
  lines: readonly CartLine[],
  toAreaId: number,
  templates: FreightTemplateDirectory,
): Promise<PricedCart> => {
  const seen = new Set<number>();
  for (const line of lines) {
    if (seen.has(line.skuId)) throw fail(TradeError.ORDER_ITEM_SKU_DUPLICATE, line.skuId);
    seen.add(line.skuId);
  }
  const skus = new Map((await loadSkus(db, tenantId, [...seen])).map((s) => [s.skuId, s]));
  // SKU properties are stored as a JSON list of {propertyId, valueId}, written by the product module.
  const refsOf = new Map(
    [...skus.values()].map((s) => [
      s.skuId,
      JSON.parse(s.properties) as { propertyId: number; valueId: number }[],
    ]),
  );
  const names = await propertyNames(
    db,
    tenantId,
    [...refsOf.values()].flatMap((refs) => refs.map((r) => r.valueId)),
  );

  const items: PricedLine[] = [];
  /** Parcels by template, in the order their first item came. */
  const parcels = new Map<
    number,
    { count: number; weightKg: number; volumeM3: number; amount: number; spuName: string }
  >();
  for (const line of lines) {
    const sku = skus.get(line.skuId);
    if (!sku) throw fail(ProductError.SKU_NOT_EXISTS);
    if (sku.spuStatus !== SPU_ON_SALE) throw fail(ProductError.SPU_NOT_ENABLE, sku.spuName);
    if (sku.skuStatus !== SKU_ENABLED) throw fail(ProductError.SKU_DISABLED, sku.spuName);
    const refs = refsOf.get(sku.skuId) ?? [];
    const originalPrice = sku.price * line.count;
    items.push({
      spuId: sku.spuId,
      spuName: sku.spuName,
      skuId: sku.skuId,
      picUrl: sku.picUrl || ((JSON.parse(sku.picUrls) as string[])[0] ?? ''),
      properties: refs.map((r) => ({
        propertyId: r.propertyId,
        propertyName: names.get(r.valueId)?.propertyName ?? '',
        valueId: r.valueId,
        valueName: names.get(r.valueId)?.valueName ?? '',
      })),
      price: sku.price,
      count: line.count,
      originalPrice,
    });
    if (sku.deliveryTemplateId === null) continue;
    const parcel = parcels.get(sku.deliveryTemplateId) ?? {
      count: 0,
      weightKg: 0,
      volumeM3: 0,
      amount: 0,
      spuName: sku.spuName,
    };
    parcel.count += line.count;
    parcel.weightKg += (sku.weight ?? 0) * line.count;
    parcel.volumeM3 += (sku.volume ?? 0) * line.count;
    parcel.amount += originalPrice;
    parcels.set(sku.deliveryTemplateId, parcel);
  }

  let deliveryPrice = 0;
  for (const [templateId, parcel] of parcels) {
    const template = await templates.find(tenantId, templateId, db);
    if (!template) throw fail(TradeError.EXPRESS_TEMPLATE_NOT_EXISTS);
    const quote = quoteFreight(template, {
      toAreaId,
      count: parcel.count,
      // Sums of decimals: rounded to the grams and cm³ the calculation counts in.
      weightKg: Math.round(parcel.weightKg * 1_000) / 1_000,
      volumeM3: Math.round(parcel.volumeM3 * 1_000_000) / 1_000_000,
      amount: parcel.amount,
    });
    if (!quote.deliverable || quote.price === null)
      throw fail(TradeError.ORDER_DELIVERY_NOT_AVAILABLE, parcel.spuName, template.name);
    deliveryPrice += quote.price;
  }

  const totalPrice = items.reduce((sum, item) => sum + item.originalPrice, 0);
  return {
    items,
    totalPrice,
    deliveryPrice,
    payPrice: totalPrice + deliveryPrice,
    deliveryTemplateId: parcels.keys().next().value ?? null,
  };
};

/**
 * Moves `delta` units of an SKU's stock (negative: takes them, only while that many are left) and
 * keeps its SPU's derived figures (total stock, 预警中) in step. Returns whether the stock moved.
 */
export const moveStock = async (
  tx: Kysely<Database>,
  tenantId: number,
  sku: { skuId: number; spuId: number },
  delta: number,
  at: number,
): Promise<boolean> => {
  let update = tx
    .updateTable('productSku')
    .set((eb) => ({ stock: eb('stock', '+', delta), updateTime: at }))
    .where('tenantId', '=', tenantId)
    .where('id', '=', sku.skuId);
  // One statement checks and takes, so concurrent orders never take more than is left.
  if (delta < 0) update = update.where('stock', '>=', -delta);
  const { numUpdatedRows } = await update.executeTakeFirst();
  if (numUpdatedRows === 0n) return false;
  await tx
    .updateTable('productSpu')
    .set((eb) => ({
      totalStock: eb('totalStock', '+', delta),
      alarmStock: eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('productSku as s')
              .select('s.id')
              .where('s.tenantId', '=', tenantId)
              .where('s.spuId', '=', sku.spuId)
              .where(notDeleted('s'))
              .where('s.status', '=', SKU_ENABLED)
              .where('s.warnStock', 'is not', null)
              .whereRef('s.stock', '<=', 's.warnStock'),
          ),
        )
        .then(1)
        .else(0)
        .end(),
      updateTime: at,
    }))
    .where('tenantId', '=', tenantId)
    .where('id', '=', sku.spuId)
    .execute();
  return true;
};

/**
 * Gives an order's stock back, in SKU order (as orders take it, so two transactions lock the SKUs
 * in the same order). Call it only in the transaction that moved the order out of 待支付 or 待发货
 * with a conditional update, so it runs once per order.
 */
export const returnStock = async (
  tx: Kysely<Database>,
  tenantId: number,
  orderId: number,
  at: number,
): Promise<void> => {
  const items = await tx
    .selectFrom('tradeOrderItem')
    .select(['skuId', 'spuId', 'count'])
    .where('tenantId', '=', tenantId)
    .where('orderId', '=', orderId)
    .where(notDeleted())
    .orderBy('skuId')
    .execute();
  for (const item of items) await moveStock(tx, tenantId, item, item.count, at);
};

/**
 * Shares `adjustment` fen among items in proportion to `weights` (their pay prices), in whole fen
 * that sum to it exactly (the largest remainders take the odd fen). A discount never takes an item
 * below 0: what exceeds the items' total is the freight's (the order's pay price carries it).
 */
export const divideAdjustment = (weights: readonly number[], adjustment: number): number[] => {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const amount = BigInt(adjustment < 0 ? Math.min(-adjustment, total) : adjustment);
  // Items that cost nothing share a surcharge evenly.
  const basis = (total > 0 ? weights : weights.map(() => 1)).map(BigInt);
  const basisTotal = total > 0 ? BigInt(total) : BigInt(weights.length);
  // In BigInt: fen × fen outgrows a double's exact integers.
  const shares = basis.map((w) => (amount * w) / basisTotal);
  let left = amount - shares.reduce((sum, x) => sum + x, 0n);
  const byRemainder = basis
    .map((w, i) => ({ i, remainder: (amount * w) % basisTotal }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left <= 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map((x) => (adjustment < 0 && x !== 0n ? -Number(x) : Number(x)));
};
