import type { TimeRange } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, FileTable } from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  createdStamp,
  fetchPage,
  notDeleted,
  softDeleted,
} from '../../lib/crud/index.js';

export type FileRow = Selectable<FileTable>;

const columns = [
  'id',
  'configId',
  'name',
  'path',
  'url',
  'type',
  'size',
  'creator',
  'createTime',
  'updater',
  'updateTime',
  'deleted',
] as const;

export interface FileFilter {
  path?: string | undefined;
  type?: string | undefined;
  createTime?: TimeRange | undefined;
}

/** `infra_file`: what is stored where (the bytes live in the storage of `configId`). */
export const fileRepository = (db: Kysely<Database>) => ({
  async insert(file: {
    configId: number;
    name: string;
    path: string;
    url: string;
    type: string;
    size: number;
    creator: string | null;
    at: number;
  }): Promise<number> {
    const { at, creator, ...values } = file;
    const row = await db
      .insertInto('infraFile')
      .values({ ...values, ...createdStamp(at, creator) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  async page(filter: FileFilter, page: PageParams): Promise<Page<FileRow>> {
    let q = db.selectFrom('infraFile').where(notDeleted());
    if (filter.path) q = q.where(contains('path', filter.path));
    if (filter.type) q = q.where(contains('type', filter.type));
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return fetchPage(q, page, (rows) =>
      rows.select(columns).orderBy('createTime', 'desc').orderBy('id', 'desc'),
    );
  },

  find: (id: number): Promise<FileRow | undefined> =>
    db.selectFrom('infraFile').select(columns).where('id', '=', id).where(notDeleted()).executeTakeFirst(),

  /** The newest record of a stored path (the type it was stored with). */
  findByPath: (configId: number, path: string): Promise<FileRow | undefined> =>
    db
      .selectFrom('infraFile')
      .select(columns)
      .where('configId', '=', configId)
      .where('path', '=', path)
      .where(notDeleted())
      .orderBy('id', 'desc')
      .executeTakeFirst(),

  /** Marks a record deleted; answers how many other records still name the same stored path. */
  async delete(row: FileRow, at: number, by: number): Promise<number> {
    await db.updateTable('infraFile').set(softDeleted(at, by)).where('id', '=', row.id).execute();
    const { n } = await db
      .selectFrom('infraFile')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('configId', '=', row.configId)
      .where('path', '=', row.path)
      .where(notDeleted())
      .executeTakeFirstOrThrow();
    return Number(n);
  },
});
