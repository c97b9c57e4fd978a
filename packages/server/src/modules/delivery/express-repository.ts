import type { DeliveryExpressFilter } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { TradeDeliveryExpressTable } from '../../db/delivery-schema.js';
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
  express: ['id', 'code', 'name', 'logo', 'sort', 'status', 'createTime'],
  simple: ['id', 'code', 'name'],
} as const;

export type ExpressRow = Pick<Selectable<TradeDeliveryExpressTable>, (typeof columns.express)[number]>;
export type ExpressChanges = Pick<ExpressRow, 'code' | 'name' | 'logo' | 'sort' | 'status'>;

/** 快递公司 of a tenant, by sort then newest first. */
export const expressRepository = (db: Kysely<Database>) => {
  const live = (tenantId: number) =>
    db.selectFrom('tradeDeliveryExpress').where('tenantId', '=', tenantId).where(notDeleted());
  const filtered = (tenantId: number, filter: Partial<DeliveryExpressFilter>) => {
    let query = live(tenantId);
    if (filter.code !== undefined) query = query.where(contains('code', filter.code));
    if (filter.name !== undefined) query = query.where(contains('name', filter.name));
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) query = query.where('createTime', '>=', from);
    if (to !== null) query = query.where('createTime', '<=', to);
    return query;
  };

  return {
    page: (tenantId: number, filter: DeliveryExpressFilter, page: PageParams): Promise<Page<ExpressRow>> =>
      fetchPage(filtered(tenantId, filter), page, (rows) =>
        rows.select(columns.express).orderBy('sort').orderBy('id', 'desc'),
      ),

    /** At most `limit` matching rows (an export reads one more than it allows). */
    list: (tenantId: number, filter: DeliveryExpressFilter, limit: number): Promise<ExpressRow[]> =>
      filtered(tenantId, filter)
        .select(columns.express)
        .orderBy('sort')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    listEnabled: (tenantId: number) =>
      filtered(tenantId, { status: STATUS_ENABLED })
        .select(columns.simple)
        .orderBy('sort')
        .orderBy('id', 'desc')
        .execute(),

    findById: (tenantId: number, id: number): Promise<ExpressRow | undefined> =>
      live(tenantId).select(columns.express).where('id', '=', id).executeTakeFirst(),

    findByCode: (tenantId: number, code: string) =>
      live(tenantId).select('id').where('code', '=', code).executeTakeFirst(),

    async insert(tenantId: number, values: ExpressChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('tradeDeliveryExpress')
        .values({ ...values, tenantId, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      id: number,
      values: ExpressChanges,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('tradeDeliveryExpress')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async softDelete(tenantId: number, id: number, at: number, by: number): Promise<void> {
      await db
        .updateTable('tradeDeliveryExpress')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
  };
};
