import type { Kysely, Selectable } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { Database, PostTable } from '../../db/schema.js';
import {
  createdStamp,
  notDeleted,
  softDeleted,
  updatedStamp,
  type Page,
  type PageParams,
  contains,
  fetchPage,
} from '../../lib/crud/index.js';

export type PostRow = Selectable<PostTable>;
export type PostChanges = Pick<PostRow, 'code' | 'name' | 'sort' | 'status' | 'remark'>;
export interface PostFilter {
  code?: string;
  name?: string;
  status?: number;
}

/** The columns this repository reads (every column of the table: its callers map whole rows). */
export const columns = {
  post: [
    'id',
    'code',
    'name',
    'sort',
    'status',
    'remark',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const postRepository = (db: Kysely<Database>) => {
  const filtered = (tenantId: number, filter: PostFilter) => {
    let query = db.selectFrom('systemPost').where('tenantId', '=', tenantId).where(notDeleted());
    if (filter.code !== undefined) query = query.where(contains('code', filter.code));
    if (filter.name !== undefined) query = query.where(contains('name', filter.name));
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    return query;
  };

  return {
    async page(tenantId: number, filter: PostFilter, page: PageParams): Promise<Page<PostRow>> {
      return fetchPage(filtered(tenantId, filter), page, (rows) =>
        rows.select(columns.post).orderBy('sort').orderBy('id'),
      );
    },

    list: (tenantId: number, filter: PostFilter): Promise<PostRow[]> =>
      filtered(tenantId, filter).select(columns.post).orderBy('sort').orderBy('id').execute(),

    listEnabled: (tenantId: number): Promise<PostRow[]> =>
      filtered(tenantId, { status: STATUS_ENABLED })
        .select(columns.post)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    findById: (tenantId: number, id: number): Promise<PostRow | undefined> =>
      filtered(tenantId, {}).select(columns.post).where('id', '=', id).executeTakeFirst(),

    /** Posts of the tenant among `ids`. */
    findByIds: (tenantId: number, ids: number[]): Promise<PostRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : filtered(tenantId, {}).select(columns.post).where('id', 'in', ids).execute(),

    findBy: (tenantId: number, column: 'name' | 'code', value: string): Promise<{ id: number } | undefined> =>
      filtered(tenantId, {}).select('id').where(column, '=', value).executeTakeFirst(),

    async insert(tenantId: number, values: PostChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('systemPost')
        .values({
          ...values,
          tenantId,
          ...createdStamp(at, by),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(tenantId: number, id: number, values: PostChanges, at: number, by: number): Promise<void> {
      await db
        .updateTable('systemPost')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the post and its holders' links. */
    async softDelete(tenantId: number, id: number, at: number, by: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const set = softDeleted(at, by);
        await tx
          .updateTable('systemPost')
          .set(set)
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute();
        await tx
          .updateTable('systemUserPost')
          .set(set)
          .where('tenantId', '=', tenantId)
          .where('postId', '=', id)
          .execute();
      });
    },
  };
};
