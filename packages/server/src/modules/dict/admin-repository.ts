import type { DictDataFilter, DictDataSimple, DictTypeFilter } from '@app/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { Database, DictDataTable, DictTypeTable } from '../../db/schema.js';
import { type Page, contains, fetchPage, notDeleted, softDeleted } from '../../lib/crud/index.js';

export type DictTypeRow = Pick<Selectable<DictTypeTable>, (typeof columns.type)[number]>;
export type DictDataRow = Pick<Selectable<DictDataTable>, (typeof columns.data)[number]>;

interface Paging {
  pageNo: number;
  pageSize: number;
}

/** The columns this repository reads: what its callers map into the API's shapes. */
export const columns = {
  type: ['id', 'name', 'type', 'status', 'remark', 'createTime'],
  data: [
    'id',
    'sort',
    'label',
    'value',
    'dictType',
    'status',
    'colorType',
    'cssClass',
    'remark',
    'createTime',
  ],
} as const;

/** Dictionary types and data for the admin pages; both are global (no tenant) and deleted logically. */
export const dictAdminRepository = (db: Kysely<Database>) => {
  const typesMatching = (filter: DictTypeFilter) => {
    let q = db.selectFrom('systemDictType').where(notDeleted());
    if (filter.name) q = q.where(contains('name', filter.name));
    if (filter.type) q = q.where(contains('type', filter.type));
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  const dataMatching = (filter: DictDataFilter) => {
    let q = db.selectFrom('systemDictData').where(notDeleted());
    if (filter.label) q = q.where(contains('label', filter.label));
    if (filter.dictType) q = q.where('dictType', '=', filter.dictType);
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    return q;
  };

  return {
    async pageTypes(filter: DictTypeFilter, page: Paging): Promise<Page<DictTypeRow>> {
      const q = typesMatching(filter);
      return fetchPage(q, page, (rows) => rows.select(columns.type).orderBy('id', 'desc'));
    },

    listTypes: (filter: DictTypeFilter): Promise<DictTypeRow[]> =>
      typesMatching(filter).select(columns.type).orderBy('id', 'desc').execute(),

    listAllTypesSimple: () =>
      db
        .selectFrom('systemDictType')
        .select(['id', 'name', 'type'])
        .where(notDeleted())
        .orderBy('id')
        .execute(),

    findType: (id: number): Promise<DictTypeRow | undefined> =>
      db
        .selectFrom('systemDictType')
        .select(columns.type)
        .where('id', '=', id)
        .where(notDeleted())
        .executeTakeFirst(),

    findTypeBy: (column: 'name' | 'type', value: string): Promise<DictTypeRow | undefined> =>
      db
        .selectFrom('systemDictType')
        .select(columns.type)
        .where(column, '=', value)
        .where(notDeleted())
        .executeTakeFirst(),

    async insertType(row: Insertable<DictTypeTable>): Promise<number> {
      const { id } = await db
        .insertInto('systemDictType')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    updateType: (id: number, changes: Updateable<DictTypeTable>) =>
      db.updateTable('systemDictType').set(changes).where('id', '=', id).where(notDeleted()).execute(),

    deleteType: (id: number, by: string, at: number) =>
      db.updateTable('systemDictType').set(softDeleted(at, by)).where('id', '=', id).execute(),

    async pageData(filter: DictDataFilter, page: Paging): Promise<Page<DictDataRow>> {
      const q = dataMatching(filter);
      return fetchPage(q, page, (rows) =>
        rows.select(columns.data).orderBy('dictType', 'desc').orderBy('sort').orderBy('id'),
      );
    },

    listData: (filter: DictDataFilter): Promise<DictDataRow[]> =>
      dataMatching(filter)
        .select(columns.data)
        .orderBy('dictType', 'desc')
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    /** Enabled items of one type, in display order. */
    listEnabledOfType: (dictType: string): Promise<DictDataSimple[]> =>
      db
        .selectFrom('systemDictData')
        .select(['dictType', 'value', 'label', 'colorType', 'cssClass'])
        .where('dictType', '=', dictType)
        .where('status', '=', STATUS_ENABLED)
        .where(notDeleted())
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    findData: (id: number): Promise<DictDataRow | undefined> =>
      db
        .selectFrom('systemDictData')
        .select(columns.data)
        .where('id', '=', id)
        .where(notDeleted())
        .executeTakeFirst(),

    findDataByValue: (dictType: string, value: string): Promise<DictDataRow | undefined> =>
      db
        .selectFrom('systemDictData')
        .select(columns.data)
        .where('dictType', '=', dictType)
        .where('value', '=', value)
        .where(notDeleted())
        .executeTakeFirst(),

    async countDataOfType(dictType: string): Promise<number> {
      const { count } = await db
        .selectFrom('systemDictData')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('dictType', '=', dictType)
        .where(notDeleted())
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async insertData(row: Insertable<DictDataTable>): Promise<number> {
      const { id } = await db
        .insertInto('systemDictData')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    updateData: (id: number, changes: Updateable<DictDataTable>) =>
      db.updateTable('systemDictData').set(changes).where('id', '=', id).where(notDeleted()).execute(),

    deleteData: (id: number, by: string, at: number) =>
      db.updateTable('systemDictData').set(softDeleted(at, by)).where('id', '=', id).execute(),
  };
};
