import type { ProductBrandFilter } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProductBrandTable } from '../../db/product-schema.js';
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

export type BrandRow = Selectable<ProductBrandTable>;
export type BrandChanges = Pick<BrandRow, 'name' | 'picUrl' | 'sort' | 'description' | 'status'>;

export const columns = {
  brand: ['id', 'name', 'picUrl', 'sort', 'description', 'status', 'createTime'],
} as const;

export const brandRepository = (db: Kysely<Database>) => {
  const live = (tenantId: number) =>
    db.selectFrom('productBrand').where('tenantId', '=', tenantId).where(notDeleted());
  const filtered = (tenantId: number, filter: Partial<ProductBrandFilter>) => {
    let query = live(tenantId);
    if (filter.name !== undefined) query = query.where(contains('name', filter.name));
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) query = query.where('createTime', '>=', from);
    if (to !== null) query = query.where('createTime', '<=', to);
    return query;
  };

  return {
    page: (
      tenantId: number,
      filter: ProductBrandFilter,
      page: PageParams,
    ): Promise<Page<Pick<BrandRow, (typeof columns.brand)[number]>>> =>
      fetchPage(filtered(tenantId, filter), page, (rows) =>
        rows.select(columns.brand).orderBy('sort').orderBy('id'),
      ),

    list: (tenantId: number, filter: { name?: string }) =>
      filtered(tenantId, filter).select(columns.brand).orderBy('sort').orderBy('id').execute(),

    findById: (tenantId: number, id: number) =>
      live(tenantId).select(columns.brand).where('id', '=', id).executeTakeFirst(),

    findByName: (tenantId: number, name: string) =>
      live(tenantId).select('id').where('name', '=', name).executeTakeFirst(),

    async insert(tenantId: number, values: BrandChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('productBrand')
        .values({ ...values, tenantId, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(tenantId: number, id: number, values: BrandChanges, at: number, by: number): Promise<void> {
      await db
        .updateTable('productBrand')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async softDelete(tenantId: number, id: number, at: number, by: number): Promise<void> {
      await db
        .updateTable('productBrand')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
  };
};
