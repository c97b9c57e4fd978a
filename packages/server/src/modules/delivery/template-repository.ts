import type { ExpressTemplateCharge, ExpressTemplateFilter, ExpressTemplateFree } from '@app/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  TradeDeliveryExpressTemplateChargeTable,
  TradeDeliveryExpressTemplateFreeTable,
  TradeDeliveryExpressTemplateTable,
} from '../../db/delivery-schema.js';
import type { Database } from '../../db/schema.js';
import {
  contains,
  createdStamp,
  fetchPage,
  notDeleted,
  softDeleted,
  updatedStamp,
  type Page,
  type PageParams,
} from '../../lib/crud/index.js';

export const columns = {
  template: ['id', 'name', 'chargeMode', 'sort', 'createTime'],
  charge: ['id', 'templateId', 'areaIds', 'startCount', 'startPrice', 'extraCount', 'extraPrice'],
  free: ['id', 'templateId', 'areaIds', 'freePrice', 'freeCount'],
} as const;

export type TemplateRow = Pick<
  Selectable<TradeDeliveryExpressTemplateTable>,
  (typeof columns.template)[number]
>;
export type TemplateValues = Pick<TemplateRow, 'name' | 'chargeMode' | 'sort'>;

/** A template's rules as the contract has them; a stored rule also has its row id and template. */
export interface TemplateRules {
  charges: readonly ExpressTemplateCharge[];
  frees: readonly ExpressTemplateFree[];
}
export type StoredCharge = ExpressTemplateCharge & { id: number; templateId: number };
export type StoredFree = ExpressTemplateFree & { id: number; templateId: number };

type ChargeRow = Pick<Selectable<TradeDeliveryExpressTemplateChargeTable>, (typeof columns.charge)[number]>;
type FreeRow = Pick<Selectable<TradeDeliveryExpressTemplateFreeTable>, (typeof columns.free)[number]>;

// A rule's regions are stored as a JSON list of area ids, written only here.
const areaIdsOf = (json: string): number[] => JSON.parse(json) as number[];
const toCharge = (row: ChargeRow): StoredCharge => ({ ...row, areaIds: areaIdsOf(row.areaIds) });
const toFree = (row: FreeRow): StoredFree => ({ ...row, areaIds: areaIdsOf(row.areaIds) });

/** 运费模版 of a tenant, by sort then newest first, with their charge and free-shipping rules. */
export const templateRepository = (db: Kysely<Database>) => {
  const live = (tenantId: number) =>
    db.selectFrom('tradeDeliveryExpressTemplate').where('tenantId', '=', tenantId).where(notDeleted());
  const filtered = (tenantId: number, filter: Partial<ExpressTemplateFilter>) => {
    let query = live(tenantId);
    if (filter.name !== undefined) query = query.where(contains('name', filter.name));
    if (filter.chargeMode !== undefined) query = query.where('chargeMode', '=', filter.chargeMode);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) query = query.where('createTime', '>=', from);
    if (to !== null) query = query.where('createTime', '<=', to);
    return query;
  };

  /** The live rules of the tenant, or of one template of it. */
  const charges = async (tenantId: number, templateId?: number): Promise<StoredCharge[]> => {
    let query = db
      .selectFrom('tradeDeliveryExpressTemplateCharge')
      .select(columns.charge)
      .where('tenantId', '=', tenantId)
      .where(notDeleted());
    if (templateId !== undefined) query = query.where('templateId', '=', templateId);
    return (await query.orderBy('id').execute()).map(toCharge);
  };
  const frees = async (tenantId: number, templateId?: number): Promise<StoredFree[]> => {
    let query = db
      .selectFrom('tradeDeliveryExpressTemplateFree')
      .select(columns.free)
      .where('tenantId', '=', tenantId)
      .where(notDeleted());
    if (templateId !== undefined) query = query.where('templateId', '=', templateId);
    return (await query.orderBy('id').execute()).map(toFree);
  };

  const insertRules = async (
    tx: Transaction<Database>,
    tenantId: number,
    templateId: number,
    rules: TemplateRules,
    at: number,
    by: number,
  ) => {
    const stamp = { tenantId, templateId, ...createdStamp(at, by) };
    if (rules.charges.length > 0)
      await tx
        .insertInto('tradeDeliveryExpressTemplateCharge')
        .values(rules.charges.map((r) => ({ ...r, areaIds: JSON.stringify(r.areaIds), ...stamp })))
        .execute();
    if (rules.frees.length > 0)
      await tx
        .insertInto('tradeDeliveryExpressTemplateFree')
        .values(rules.frees.map((r) => ({ ...r, areaIds: JSON.stringify(r.areaIds), ...stamp })))
        .execute();
  };

  const deleteRules = async (
    tx: Transaction<Database>,
    tenantId: number,
    templateId: number,
    at: number,
    by: number,
  ) => {
    for (const table of ['tradeDeliveryExpressTemplateCharge', 'tradeDeliveryExpressTemplateFree'] as const)
      await tx
        .updateTable(table)
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('templateId', '=', templateId)
        .where(notDeleted())
        .execute();
  };

  return {
    page: (tenantId: number, filter: ExpressTemplateFilter, page: PageParams): Promise<Page<TemplateRow>> =>
      fetchPage(filtered(tenantId, filter), page, (rows) =>
        rows.select(columns.template).orderBy('sort').orderBy('id', 'desc'),
      ),

    /** At most `limit` matching templates (an export reads one more than it allows). */
    list: (tenantId: number, filter: Partial<ExpressTemplateFilter>, limit: number): Promise<TemplateRow[]> =>
      filtered(tenantId, filter)
        .select(columns.template)
        .orderBy('sort')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    findById: (tenantId: number, id: number): Promise<TemplateRow | undefined> =>
      live(tenantId).select(columns.template).where('id', '=', id).executeTakeFirst(),

    findByName: (tenantId: number, name: string) =>
      live(tenantId).select('id').where('name', '=', name).executeTakeFirst(),

    /** Whether a live product of the tenant names the template (products belong to 商品中心). */
    async usedByProducts(tenantId: number, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('productSpu')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('deliveryTemplateId', '=', id)
        .where(notDeleted())
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    charges,
    frees,

    /** The template and its rules, in one transaction. */
    insert(tenantId: number, values: TemplateValues, rules: TemplateRules, at: number, by: number) {
      return db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('tradeDeliveryExpressTemplate')
          .values({ ...values, tenantId, ...createdStamp(at, by) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertRules(tx, tenantId, Number(id), rules, at, by);
        return Number(id);
      });
    },

    /**
     * Saves the template and replaces all its rules, in one transaction; false when the template is
     * gone. The template's row is written first, so concurrent saves queue on its lock.
     */
    update(
      tenantId: number,
      id: number,
      values: TemplateValues,
      rules: TemplateRules,
      at: number,
      by: number,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const { numUpdatedRows } = await tx
          .updateTable('tradeDeliveryExpressTemplate')
          .set({ ...values, ...updatedStamp(at, by) })
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .where(notDeleted())
          .executeTakeFirst();
        if (Number(numUpdatedRows) === 0) return false;
        await deleteRules(tx, tenantId, id, at, by);
        await insertRules(tx, tenantId, id, rules, at, by);
        return true;
      });
    },

    /** Deletes the template and its rules (kept as deleted rows). */
    async softDelete(tenantId: number, id: number, at: number, by: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('tradeDeliveryExpressTemplate')
          .set(softDeleted(at, by))
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute();
        await deleteRules(tx, tenantId, id, at, by);
      });
    },
  };
};

export type TemplateRepository = ReturnType<typeof templateRepository>;
