import {
  ALL_CHINA_AREA_ID,
  ChargeMode,
  type ExpressTemplateCharge,
  type ExpressTemplateFree,
} from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findArea } from '../src/lib/area.js';
import { byPrice, quoteFreight, volumeOf, type FreightTemplate, type Parcel } from '../src/lib/freight.js';

/* Properties of the one freight calculation (lib/freight.ts) behind 运费查询 and order prices. */

const GUANGDONG = 440000;
const SHENZHEN = 440300;
const NANSHAN = 440305;
const GUANGZHOU_TIANHE = 440106;
const BEIJING_DONGCHENG = 110101;
const CHENGDU_JINJIANG = 510104;
/** 全国, then 南山区's province, city and itself: from the widest to the closest. */
const NANSHAN_REGIONS = [ALL_CHINA_AREA_ID, GUANGDONG, SHENZHEN, NANSHAN];

const REGIONS = [ALL_CHINA_AREA_ID, GUANGDONG, SHENZHEN, NANSHAN, 440100, GUANGZHOU_TIANHE, 110000, 510000];
const DESTINATIONS = [NANSHAN, SHENZHEN, GUANGZHOU_TIANHE, BEIJING_DONGCHENG, CHENGDU_JINJIANG];

const regionIds = fc.uniqueArray(fc.constantFrom(...REGIONS), { minLength: 1, maxLength: 4 });
const unit = fc.double({ min: 0.001, max: 1_000, noNaN: true });
const fen = fc.integer({ min: 0, max: 1_000_000 });

const chargeRule = (areaIds: fc.Arbitrary<number[]> = regionIds): fc.Arbitrary<ExpressTemplateCharge> =>
  fc.record({ areaIds, startCount: unit, startPrice: fen, extraCount: unit, extraPrice: fen });
const freeRule: fc.Arbitrary<ExpressTemplateFree> = fc.record({
  areaIds: regionIds,
  freePrice: fen,
  freeCount: fc.integer({ min: 0, max: 100 }),
});
const chargeMode = fc.constantFrom(ChargeMode.COUNT, ChargeMode.WEIGHT, ChargeMode.VOLUME);

const template = (mode: fc.Arbitrary<number> = chargeMode): fc.Arbitrary<FreightTemplate> =>
  fc.record({
    id: fc.integer({ min: 1, max: 1_000 }),
    name: fc.constant('模板'),
    chargeMode: mode,
    charges: fc.array(chargeRule(), { minLength: 0, maxLength: 4 }),
    frees: fc.array(freeRule, { maxLength: 3 }),
  });

const parcel: fc.Arbitrary<Parcel> = fc.record({
  toAreaId: fc.constantFrom(...DESTINATIONS),
  count: fc.integer({ min: 1, max: 999_999 }),
  weightKg: fc.double({ min: 0, max: 10_000, noNaN: true }),
  volumeM3: fc
    .tuple(...[0, 1, 2].map(() => fc.double({ min: 0, max: 1_000, noNaN: true })))
    .map(([l, w, h]) => volumeOf(l!, w!, h!)),
  amount: fen,
});

describe('freight', () => {
  it('uses regions the area tree has', () => {
    expect(
      [GUANGDONG, SHENZHEN, NANSHAN, GUANGZHOU_TIANHE, BEIJING_DONGCHENG, CHENGDU_JINJIANG].map(
        (id) => findArea(id)?.name,
      ),
    ).toEqual(['广东省', '深圳市', '南山区', '天河区', '东城区', '锦江区']);
    for (const id of REGIONS.filter((id) => id !== ALL_CHINA_AREA_ID))
      expect(findArea(id), String(id)).toBeDefined();
  });

  it('never charges a negative price, nor a fraction of a fen', () => {
    fc.assert(
      fc.property(template(), parcel, (t, p) => {
        const { price, deliverable } = quoteFreight(t, p);
        expect(deliverable).toBe(price !== null);
        if (price !== null) {
          expect(price).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(price)).toBe(true);
        }
      }),
    );
  });

  it('never charges less for more weight by a weight template', () => {
    fc.assert(
      fc.property(
        template(fc.constant(ChargeMode.WEIGHT)),
        parcel,
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        (t, p, more) => {
          const lighter = quoteFreight(t, p);
          const heavier = quoteFreight(t, { ...p, weightKg: p.weightKg + more });
          expect(heavier.deliverable).toBe(lighter.deliverable);
          if (lighter.price !== null) expect(heavier.price).toBeGreaterThanOrEqual(lighter.price);
        },
      ),
    );
  });

  it('ships free exactly when the amount and the count reach a free rule covering the destination', () => {
    fc.assert(
      fc.property(
        chargeMode,
        chargeRule(fc.constant([ALL_CHINA_AREA_ID])).map((r) => ({ ...r, startPrice: r.startPrice + 1 })),
        fc.constantFrom(ALL_CHINA_AREA_ID, GUANGDONG, SHENZHEN, NANSHAN),
        fen,
        fc.integer({ min: 0, max: 50 }),
        parcel.map((p) => ({ ...p, toAreaId: NANSHAN, count: p.count % 60 || 1 })),
        (mode, charge, freeArea, freePrice, freeCount, p) => {
          const t: FreightTemplate = {
            id: 1,
            name: '包邮',
            chargeMode: mode,
            charges: [charge],
            frees: [{ areaIds: [freeArea], freePrice, freeCount }],
          };
          const reached = p.amount >= freePrice && p.count >= freeCount;
          const charged = quoteFreight({ ...t, frees: [] }, p).price!;
          expect(charged).toBeGreaterThan(0);
          const quote = quoteFreight(t, p);
          expect(quote.price).toBe(reached ? 0 : charged);
          expect(quote.free).toEqual(
            reached
              ? { matchedAreaId: freeArea, matchedAreaName: expect.any(String), freePrice, freeCount }
              : null,
          );
          // At the threshold it applies, one fen below it does not.
          const enough = { ...p, amount: freePrice, count: Math.max(p.count, freeCount) };
          expect(quoteFreight(t, enough).price).toBe(0);
          if (freePrice > 0)
            expect(quoteFreight(t, { ...enough, amount: freePrice - 1 }).price).toBeGreaterThan(0);
          if (freeCount > 1)
            expect(quoteFreight(t, { ...enough, count: freeCount - 1 }).price).toBeGreaterThan(0);
          // A free rule for another region never applies to 南山区.
          expect(
            quoteFreight({ ...t, frees: [{ areaIds: [110000], freePrice: 0, freeCount: 0 }] }, p).free,
          ).toBeNull();
        },
      ),
    );
  });

  it('charges by the closest region: a district before its city, its province, 全国', () => {
    fc.assert(
      fc.property(
        fc
          .subarray(NANSHAN_REGIONS, { minLength: 1 })
          .chain((regions) =>
            fc.shuffledSubarray(regions, { minLength: regions.length, maxLength: regions.length }),
          ),
        chargeMode,
        parcel.map((p) => ({ ...p, toAreaId: NANSHAN })),
        (regions, mode, p) => {
          // One rule per region, each with a price of its own, in any order.
          const charges = regions.map((areaId) => ({
            areaIds: [areaId],
            startCount: 1_000_000,
            startPrice: 100 + NANSHAN_REGIONS.indexOf(areaId),
            extraCount: 1,
            extraPrice: 0,
          }));
          const closest = NANSHAN_REGIONS.filter((id) => regions.includes(id)).at(-1)!;
          const quote = quoteFreight({ id: 1, name: '就近', chargeMode: mode, charges, frees: [] }, p);
          expect(quote.charge?.matchedAreaId).toBe(closest);
          expect(quote.price).toBe(100 + NANSHAN_REGIONS.indexOf(closest));
          // 北京 is covered only through 全国.
          const beijing = quoteFreight(
            { id: 1, name: '就近', chargeMode: mode, charges, frees: [] },
            { ...p, toAreaId: BEIJING_DONGCHENG },
          );
          expect(beijing.deliverable).toBe(regions.includes(ALL_CHINA_AREA_ID));
          if (beijing.deliverable) expect(beijing.charge?.matchedAreaName).toBe('全国');
        },
      ),
    );
  });

  it('orders quotes cheapest first, the undeliverable last, ties as given', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(template(), parcel)), (pairs) => {
        const quotes = pairs.map(([t, p], i) => ({ ...quoteFreight(t, p), templateId: i }));
        const sorted = [...quotes].sort(byPrice);
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          if (a.price === null) expect(b.price).toBeNull();
          else if (b.price !== null) {
            expect(b.price).toBeGreaterThanOrEqual(a.price);
            if (b.price === a.price) expect(b.templateId).toBeGreaterThan(a.templateId);
          }
          if (a.price === null && b.price === null) expect(b.templateId).toBeGreaterThan(a.templateId);
        }
      }),
    );
  });
});
