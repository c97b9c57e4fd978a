import { ALL_CHINA_AREA_ID, ChargeMode } from '@app/contract';
import type { ExpressTemplateCharge, ExpressTemplateFree, FreightQuote } from '@app/contract';
import { areaPath, findArea } from './area.js';

/*
 * The freight of a parcel by a template: the one calculation behind 运费查询 and the price of an
 * order at settlement, so the two never disagree.
 *
 * - The charge rule is the one whose regions cover the destination most closely (a district before
 *   its city, a city before its province, a province before 全国); the first such rule on a tie. No
 *   rule covering it: the template does not deliver there.
 * - The template counts pieces, kilograms or cubic metres (length × width × height) by its charge
 *   mode. Up to the first unit the price is the start price; each extra unit begun costs the extra
 *   price.
 * - A free-shipping rule covering the destination applies when the order reaches both of its
 *   thresholds (amount in fen, and pieces; 0 is no threshold): the freight is then 0.
 */

export interface FreightTemplate {
  id: number;
  name: string;
  chargeMode: number;
  charges: readonly ExpressTemplateCharge[];
  frees: readonly ExpressTemplateFree[];
}

export interface Parcel {
  toAreaId: number;
  /** Pieces. */
  count: number;
  weightKg: number;
  volumeM3: number;
  /** The goods amount, fen. */
  amount: number;
}

/** Each mode counts in whole units, so no floating-point error decides a step: pieces, grams, cm³. */
const UNITS_PER = {
  [ChargeMode.COUNT]: 1,
  [ChargeMode.WEIGHT]: 1_000,
  [ChargeMode.VOLUME]: 1_000_000,
} as const;
const unitsPer = (mode: number): number => UNITS_PER[mode as keyof typeof UNITS_PER] ?? 1;

/** Cubic metres of a box measured in centimetres. */
export const volumeOf = (lengthCm: number, widthCm: number, heightCm: number): number =>
  Math.round(lengthCm * widthCm * heightCm) / 1_000_000;

const quantityOf = (mode: number, parcel: Parcel): number =>
  mode === ChargeMode.WEIGHT ? parcel.weightKg : mode === ChargeMode.VOLUME ? parcel.volumeM3 : parcel.count;

/** '全国' for the whole country, else the region's own name. */
export const areaLabel = (id: number): string =>
  id === ALL_CHINA_AREA_ID ? '全国' : (findArea(id)?.name ?? String(id));

/** The destination's regions from the widest (全国) down to itself. */
const regionsOf = (areaId: number): number[] => [ALL_CHINA_AREA_ID, ...areaPath(areaId).map((a) => a.id)];

/** The rule covering the destination most closely, with the region it matched by. */
const closest = <R extends { areaIds: readonly number[] }>(
  rules: readonly R[],
  regions: readonly number[],
): { rule: R; areaId: number } | undefined => {
  let best: { rule: R; areaId: number; depth: number } | undefined;
  for (const rule of rules) {
    for (let depth = regions.length - 1; depth > (best?.depth ?? -1); depth--) {
      if (rule.areaIds.includes(regions[depth]!)) {
        best = { rule, areaId: regions[depth]!, depth };
        break;
      }
    }
  }
  return best && { rule: best.rule, areaId: best.areaId };
};

export const quoteFreight = (template: FreightTemplate, parcel: Parcel): FreightQuote => {
  const regions = regionsOf(parcel.toAreaId);
  const quantity = quantityOf(template.chargeMode, parcel);
  const base = {
    templateId: template.id,
    templateName: template.name,
    chargeMode: template.chargeMode,
    quantity,
  };
  const matched = closest(template.charges, regions);
  if (!matched) return { ...base, deliverable: false, price: null, charge: null, free: null };

  const { rule } = matched;
  const per = unitsPer(template.chargeMode);
  const units = Math.round(quantity * per);
  const first = Math.round(rule.startCount * per);
  const step = Math.max(1, Math.round(rule.extraCount * per));
  const extraUnits = units > first ? Math.ceil((units - first) / step) : 0;
  const charged = rule.startPrice + extraUnits * rule.extraPrice;

  const reached = template.frees.filter((f) => parcel.amount >= f.freePrice && parcel.count >= f.freeCount);
  const free = closest(reached, regions);
  return {
    ...base,
    deliverable: true,
    price: free ? 0 : charged,
    charge: {
      matchedAreaId: matched.areaId,
      matchedAreaName: areaLabel(matched.areaId),
      startCount: rule.startCount,
      startPrice: rule.startPrice,
      extraCount: rule.extraCount,
      extraPrice: rule.extraPrice,
      extraUnits,
    },
    free: free
      ? {
          matchedAreaId: free.areaId,
          matchedAreaName: areaLabel(free.areaId),
          freePrice: free.rule.freePrice,
          freeCount: free.rule.freeCount,
        }
      : null,
  };
};

/** Cheapest first; templates that do not deliver there last; ties keep the templates' order. */
export const byPrice = (a: FreightQuote, b: FreightQuote): number =>
  a.price === null || b.price === null
    ? Number(a.price === null) - Number(b.price === null)
    : a.price - b.price;
