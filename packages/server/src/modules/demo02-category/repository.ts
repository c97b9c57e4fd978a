import type { Demo02CategoryFilter } from '@app/contract';
import type { Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  type Audit,
  contains,
  createdStamp,
  notDeleted,
  softDeleted,
  updatedStamp,
} from '../../lib/crud/index.js';

/** The table infra_demo02_category (示例分类表). */
export interface Demo02CategoryTable extends Audit {
  id: Generated<number>;
  tenantId: number;
  /** 名字 */
  name: string;
  /** 父级编号 */
  parentId: number;
}

declare module '../../db/schema.js' {
  interface Database {
    infraDemo02Category: Demo02CategoryTable;
  }
}

/** The columns this repository reads. */
export const columns = {
  demo02Category: ['id', 'name', 'parentId', 'createTime'],
} as const;

export type Demo02CategoryRow = Pick<
  Selectable<Demo02CategoryTable>,
  (typeof columns.demo02Category)[number]
>;
/** What a create or an update writes. */
export type Demo02CategoryChanges = Partial<Pick<Demo02CategoryRow, 'name' | 'parentId'>>;

export const demo02CategoryRepository = (db: Kysely<Database>) => {
  const rows = (tenantId: number) =>
    db.selectFrom('infraDemo02Category').where('tenantId', '=', tenantId).where(notDeleted());

  const matching = (tenantId: number, filter: Demo02CategoryFilter) => {
    let q = rows(tenantId);
    if (filter.name !== undefined) q = q.where(contains('name', filter.name));
    const [createTimeFrom, createTimeTo] = filter.createTime ?? [null, null];
    if (createTimeFrom !== null) q = q.where('createTime', '>=', createTimeFrom);
    if (createTimeTo !== null) q = q.where('createTime', '<=', createTimeTo);
    return q;
  };

  return {
    list: (tenantId: number, filter: Demo02CategoryFilter): Promise<Demo02CategoryRow[]> =>
      matching(tenantId, filter).select(columns.demo02Category).orderBy('id', 'asc').execute(),

    /** The rows under `parentId`, for the loop and name checks. */
    children: (tenantId: number, parentId: number): Promise<Demo02CategoryRow[]> =>
      rows(tenantId).select(columns.demo02Category).where('parentId', '=', parentId).execute(),

    /** A row named `name` under `parentId`. */
    findByName: (tenantId: number, parentId: number, name: string): Promise<{ id: number } | undefined> =>
      rows(tenantId)
        .select('id')
        .where('parentId', '=', parentId)
        .where('name', '=', name)
        .executeTakeFirst(),

    findById: (tenantId: number, id: number): Promise<Demo02CategoryRow | undefined> =>
      rows(tenantId).select(columns.demo02Category).where('id', '=', id).executeTakeFirst(),

    async insert(tenantId: number, values: Demo02CategoryChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('infraDemo02Category')
        .values({ ...values, tenantId, ...createdStamp(at, by) } as Insertable<Demo02CategoryTable>)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      id: number,
      values: Demo02CategoryChanges,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('infraDemo02Category')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async delete(tenantId: number, ids: readonly number[], at: number, by: number): Promise<void> {
      await db
        .updateTable('infraDemo02Category')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
    },
  };
};
