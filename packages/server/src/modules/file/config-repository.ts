import type { Kysely, Selectable } from 'kysely';
import type { Database, FileConfigTable } from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  createdStamp,
  fetchPage,
  notDeleted,
  softDeleted,
  updatedStamp,
} from '../../lib/crud/index.js';
import type { TimeRange } from '@app/contract';

export type FileConfigRow = Selectable<FileConfigTable>;

const columns = [
  'id',
  'name',
  'storage',
  'remark',
  'master',
  'config',
  'creator',
  'createTime',
  'updater',
  'updateTime',
  'deleted',
] as const;

export interface FileConfigFilter {
  name?: string | undefined;
  storage?: number | undefined;
  createTime?: TimeRange | undefined;
}

export type FileConfigChanges = Pick<FileConfigRow, 'name' | 'storage' | 'remark' | 'config'>;

/** `infra_file_config`, global to all tenants. */
export const fileConfigRepository = (db: Kysely<Database>) => ({
  async page(filter: FileConfigFilter, page: PageParams): Promise<Page<FileConfigRow>> {
    let q = db.selectFrom('infraFileConfig').where(notDeleted());
    if (filter.name) q = q.where(contains('name', filter.name));
    if (filter.storage !== undefined) q = q.where('storage', '=', filter.storage);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return fetchPage(q, page, (rows) => rows.select(columns).orderBy('id', 'desc'));
  },

  find: (id: number): Promise<FileConfigRow | undefined> =>
    db
      .selectFrom('infraFileConfig')
      .select(columns)
      .where('id', '=', id)
      .where(notDeleted())
      .executeTakeFirst(),

  findMaster: (): Promise<FileConfigRow | undefined> =>
    db
      .selectFrom('infraFileConfig')
      .select(columns)
      .where('master', '=', 1)
      .where(notDeleted())
      .orderBy('id')
      .executeTakeFirst(),

  async insert(values: FileConfigChanges, at: number, by: number): Promise<number> {
    const row = await db
      .insertInto('infraFileConfig')
      .values({ ...values, master: 0, ...createdStamp(at, by) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  async update(id: number, values: FileConfigChanges, at: number, by: number): Promise<void> {
    await db
      .updateTable('infraFileConfig')
      .set({ ...values, ...updatedStamp(at, by) })
      .where('id', '=', id)
      .execute();
  },

  /** Makes `id` the only master, in one transaction. */
  async setMaster(id: number, at: number, by: number): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('infraFileConfig')
        .set({ master: 0, ...updatedStamp(at, by) })
        .where('master', '=', 1)
        .where('id', '<>', id)
        .execute();
      await tx
        .updateTable('infraFileConfig')
        .set({ master: 1, ...updatedStamp(at, by) })
        .where('id', '=', id)
        .execute();
    });
  },

  /** Soft-deletes `id` unless it is the master; false when it is. */
  async deleteUnlessMaster(id: number, at: number, by: number): Promise<boolean> {
    const result = await db
      .updateTable('infraFileConfig')
      .set(softDeleted(at, by))
      .where('id', '=', id)
      .where('master', '=', 0)
      .where(notDeleted())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
});
