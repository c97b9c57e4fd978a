import type { Kysely, Selectable } from 'kysely';
import type { BpmFormTable, Database } from '../../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  createdStamp,
  updatedStamp,
  softDeleted,
} from '../../../lib/crud/index.js';

export type BpmFormRow = Selectable<BpmFormTable>;
export type BpmFormChanges = Pick<BpmFormRow, 'name' | 'status' | 'remark' | 'conf' | 'fields'>;

/** The columns this repository reads (every column of the table: its callers map whole rows). */
export const columns = {
  form: [
    'id',
    'name',
    'status',
    'conf',
    'fields',
    'remark',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const bpmFormRepository = (db: Kysely<Database>) => {
  const live = (tenantId: number) =>
    db.selectFrom('bpmForm').where('tenantId', '=', tenantId).where(notDeleted());

  return {
    async page(
      tenantId: number,
      filter: { name?: string | undefined },
      page: PageParams,
    ): Promise<Page<BpmFormRow>> {
      const filtered = filter.name ? live(tenantId).where(contains('name', filter.name)) : live(tenantId);
      return fetchPage(filtered, page, (rows) => rows.select(columns.form).orderBy('id', 'desc'));
    },

    listSimple: (tenantId: number): Promise<{ id: number; name: string }[]> =>
      live(tenantId).select(['id', 'name']).orderBy('id').execute(),

    findById: (tenantId: number, id: number): Promise<BpmFormRow | undefined> =>
      live(tenantId).select(columns.form).where('id', '=', id).executeTakeFirst(),

    /** Names of the tenant's forms among `ids`. */
    async namesByIds(tenantId: number, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await live(tenantId).select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async insert(tenantId: number, values: BpmFormChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('bpmForm')
        .values({
          ...values,
          tenantId,
          ...createdStamp(at, by),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      id: number,
      values: BpmFormChanges,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('bpmForm')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async softDelete(tenantId: number, id: number, at: number, by: number): Promise<void> {
      await db
        .updateTable('bpmForm')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
  };
};
