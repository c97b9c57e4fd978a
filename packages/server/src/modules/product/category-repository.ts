import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProductCategoryTable } from '../../db/product-schema.js';
import { contains, createdStamp, notDeleted, softDeleted, updatedStamp } from '../../lib/crud/index.js';

export type CategoryChanges = Pick<
  CategoryRow,
  'parentId' | 'name' | 'picUrl' | 'sort' | 'status' | 'description'
>;
export interface CategoryFilter {
  name?: string;
  status?: number;
  parentId?: number;
}

export const columns = {
  category: ['id', 'parentId', 'name', 'picUrl', 'sort', 'status', 'description', 'createTime'],
} as const;

export type CategoryRow = Pick<Selectable<ProductCategoryTable>, (typeof columns.category)[number]>;

export const categoryRepository = (db: Kysely<Database>) => {
  const live = (tenantId: number) =>
    db.selectFrom('productCategory').where('tenantId', '=', tenantId).where(notDeleted());

  return {
    list(tenantId: number, filter: CategoryFilter) {
      let query = live(tenantId);
      if (filter.name !== undefined) query = query.where(contains('name', filter.name));
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      if (filter.parentId !== undefined) query = query.where('parentId', '=', filter.parentId);
      return query.select(columns.category).orderBy('sort').orderBy('id').execute();
    },

    findById: (tenantId: number, id: number) =>
      live(tenantId).select(columns.category).where('id', '=', id).executeTakeFirst(),

    async hasChildren(tenantId: number, id: number): Promise<boolean> {
      return (
        (await live(tenantId).select('id').where('parentId', '=', id).limit(1).executeTakeFirst()) !==
        undefined
      );
    },

    async insert(tenantId: number, values: CategoryChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('productCategory')
        .values({ ...values, tenantId, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      id: number,
      values: CategoryChanges,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('productCategory')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async softDelete(tenantId: number, id: number, at: number, by: number): Promise<void> {
      await db
        .updateTable('productCategory')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
  };
};
