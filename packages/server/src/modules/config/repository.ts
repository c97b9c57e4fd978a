import type { InfraConfigFilter } from '@app/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ConfigTable, Database } from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  softDeleted,
} from '../../lib/crud/index.js';

export type ConfigRow = Selectable<ConfigTable>;

/** Configuration parameters; global (no tenant) and deleted logically. */
/** The columns this repository reads (every column of the table: its callers map whole rows). */
export const columns = {
  config: [
    'id',
    'category',
    'type',
    'name',
    'configKey',
    'value',
    'visible',
    'remark',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const configRepository = (db: Kysely<Database>) => {
  const matching = (filter: InfraConfigFilter) => {
    let q = db.selectFrom('infraConfig').where(notDeleted());
    if (filter.name) q = q.where(contains('name', filter.name));
    if (filter.key) q = q.where(contains('configKey', filter.key));
    if (filter.type !== undefined) q = q.where('type', '=', filter.type);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  return {
    async page(filter: InfraConfigFilter, page: PageParams): Promise<Page<ConfigRow>> {
      const q = matching(filter);
      return fetchPage(q, page, (rows) => rows.select(columns.config).orderBy('id', 'desc'));
    },

    list: (filter: InfraConfigFilter): Promise<ConfigRow[]> =>
      matching(filter).select(columns.config).orderBy('id', 'desc').execute(),

    findById: (id: number): Promise<ConfigRow | undefined> =>
      db
        .selectFrom('infraConfig')
        .select(columns.config)
        .where('id', '=', id)
        .where(notDeleted())
        .executeTakeFirst(),

    findByKey: (key: string): Promise<ConfigRow | undefined> =>
      db
        .selectFrom('infraConfig')
        .select(columns.config)
        .where('configKey', '=', key)
        .where(notDeleted())
        .executeTakeFirst(),

    async insert(row: Insertable<ConfigTable>): Promise<number> {
      const { id } = await db.insertInto('infraConfig').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    },

    update: (id: number, changes: Updateable<ConfigTable>) =>
      db.updateTable('infraConfig').set(changes).where('id', '=', id).where(notDeleted()).execute(),

    delete: (id: number, by: string, at: number) =>
      db.updateTable('infraConfig').set(softDeleted(at, by)).where('id', '=', id).execute(),
  };
};
