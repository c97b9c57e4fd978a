import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { Database, NoticeTable } from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  softDeleted,
} from '../../lib/crud/index.js';

export type NoticeRow = Selectable<NoticeTable>;

export interface NoticeFilter {
  title?: string | undefined;
  status?: number | undefined;
}

/** Notices of one tenant; every query is scoped by it. Deleted logically. */
/** The columns this repository reads (every column of the table: its callers map whole rows). */
export const columns = {
  notice: [
    'id',
    'title',
    'content',
    'type',
    'status',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const noticeRepository = (db: Kysely<Database>) => {
  const ofTenant = (tenantId: number) =>
    db.selectFrom('systemNotice').where('tenantId', '=', tenantId).where(notDeleted());

  return {
    async page(tenantId: number, filter: NoticeFilter, page: PageParams): Promise<Page<NoticeRow>> {
      let q = ofTenant(tenantId);
      if (filter.title) q = q.where(contains('title', filter.title));
      if (filter.status !== undefined) q = q.where('status', '=', filter.status);
      return fetchPage(q, page, (rows) => rows.select(columns.notice).orderBy('id', 'desc'));
    },

    find: (tenantId: number, id: number): Promise<NoticeRow | undefined> =>
      ofTenant(tenantId).select(columns.notice).where('id', '=', id).executeTakeFirst(),

    async insert(row: Insertable<NoticeTable>): Promise<number> {
      const { id } = await db
        .insertInto('systemNotice')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    update: (tenantId: number, id: number, changes: Updateable<NoticeTable>) =>
      db
        .updateTable('systemNotice')
        .set(changes)
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where(notDeleted())
        .execute(),

    delete: (tenantId: number, id: number, by: string, at: number) =>
      db
        .updateTable('systemNotice')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute(),

    /** Ids of the tenant's enabled users: who a pushed notice reaches. */
    async enabledUserIds(tenantId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('systemUsers')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('status', '=', STATUS_ENABLED)
        .where(notDeleted())
        .orderBy('id')
        .execute();
      return rows.map((r) => Number(r.id));
    },
  };
};
