import type { Kysely, Selectable } from 'kysely';
import type { Database, DataSourceConfigTable } from '../../db/schema.js';
import { createdStamp, notDeleted, softDeleted, updatedStamp } from '../../lib/crud/index.js';

const columns = ['id', 'name', 'url', 'username', 'password', 'createTime'] as const;

export type DataSourceConfigRow = Pick<Selectable<DataSourceConfigTable>, (typeof columns)[number]>;
export type DataSourceConfigChanges = Pick<DataSourceConfigRow, 'name' | 'url' | 'username' | 'password'>;

/** `infra_data_source_config`, global to all tenants, deleted logically. */
export const dataSourceRepository = (db: Kysely<Database>) => {
  const rows = () => db.selectFrom('infraDataSourceConfig').select(columns).where(notDeleted());
  return {
    list: (): Promise<DataSourceConfigRow[]> => rows().orderBy('id').execute(),

    find: (id: number): Promise<DataSourceConfigRow | undefined> =>
      rows().where('id', '=', id).executeTakeFirst(),

    async insert(values: DataSourceConfigChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('infraDataSourceConfig')
        .values({ ...values, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(id: number, values: DataSourceConfigChanges, at: number, by: number): Promise<void> {
      await db
        .updateTable('infraDataSourceConfig')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: number, at: number, by: number): Promise<void> {
      await db.updateTable('infraDataSourceConfig').set(softDeleted(at, by)).where('id', '=', id).execute();
    },
  };
};
