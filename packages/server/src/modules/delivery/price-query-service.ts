import type { PriceQueryResp } from '@app/contract';
import { TradeError, type priceQueryReq } from '@app/contract';
import type { z } from 'zod';
import type { LoginUser } from '../../context.js';
import { formatArea } from '../../lib/area.js';
import { fail } from '../../lib/errors.js';
import { byPrice, quoteFreight, volumeOf, type Parcel } from '../../lib/freight.js';
import type { StoredCharge, StoredFree, TemplateRepository } from './template-repository.js';

/** The rules by the template they belong to. */
const byTemplate = <R extends { templateId: number }>(rules: readonly R[]): Map<number, R[]> => {
  const grouped = new Map<number, R[]>();
  for (const rule of rules) {
    const list = grouped.get(rule.templateId);
    if (list) list.push(rule);
    else grouped.set(rule.templateId, [rule]);
  }
  return grouped;
};

/** 运费查询: what every template of the tenant charges for a parcel, by the calculation orders use. */
export const priceQueryService = (templates: TemplateRepository) => ({
  async query(user: LoginUser, query: z.output<typeof priceQueryReq>): Promise<PriceQueryResp> {
    const fromAreaName = formatArea(query.fromAreaId);
    if (fromAreaName === null) throw fail(TradeError.DELIVERY_AREA_NOT_EXISTS, '发货地区');
    const toAreaName = formatArea(query.toAreaId);
    if (toAreaName === null) throw fail(TradeError.DELIVERY_AREA_NOT_EXISTS, '收货地区');
    const volume = volumeOf(query.length, query.width, query.height);
    // One statement per table for all the tenant's templates, not one per template.
    const [rows, charges, frees] = await Promise.all([
      templates.list(user.tenantId, {}, Number.MAX_SAFE_INTEGER),
      templates.charges(user.tenantId).then(byTemplate<StoredCharge>),
      templates.frees(user.tenantId).then(byTemplate<StoredFree>),
    ]);
    const parcel: Parcel = {
      toAreaId: query.toAreaId,
      count: query.count,
      weightKg: query.weight,
      volumeM3: volume,
      amount: query.amount,
    };
    // Templates in their sort order; the sort by price is stable, so ties keep it.
    const quotes = rows
      .map((t) =>
        quoteFreight(
          {
            id: t.id,
            name: t.name,
            chargeMode: t.chargeMode,
            charges: charges.get(t.id) ?? [],
            frees: frees.get(t.id) ?? [],
          },
          parcel,
        ),
      )
      .sort(byPrice);
    return { fromAreaName, toAreaName, volume, quotes };
  },
});

export type PriceQueryService = ReturnType<typeof priceQueryService>;
