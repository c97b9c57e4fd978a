import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { Database, NoticeTable } from '../../db/schema.js';

export type NoticeRow = Selectable<NoticeTable>;

export interface NoticeFilter {
  title?: string | undefined;
  status?: number | undefined;
}

/** Notices of one tenant; every query is scoped by it. Deleted logically. */
export const noticeRepository = (db: Kysely<Database>) => {
  const ofTenant = (tenantId: number) =>
    db.selectFrom('systemNotice').where('tenantId', '=', tenantId).where('deleted', '=', 0);

  return {
    async page(
      tenantId: number,
      filter: NoticeFilter,
      page: { pageNo: number; pageSize: number },
    ): Promise<{ list: NoticeRow[]; total: number }> {
      let q = ofTenant(tenantId);
      if (filter.title) q = q.where('title', 'like', `%${filter.title}%`);
      if (filter.status !== undefined) q = q.where('status', '=', filter.status);
      const { total } = await q
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      const list = await q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNo - 1) * page.pageSize)
        .execute();
      return { list, total: Number(total) };
    },

    find: (tenantId: number, id: number): Promise<NoticeRow | undefined> =>
      ofTenant(tenantId).selectAll().where('id', '=', id).executeTakeFirst(),

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
        .where('deleted', '=', 0)
        .execute(),

    delete: (tenantId: number, id: number, by: string, at: number) =>
      db
        .updateTable('systemNotice')
        .set({ deleted: 1, updater: by, updateTime: at })
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
        .where('deleted', '=', 0)
        .orderBy('id')
        .execute();
      return rows.map((r) => Number(r.id));
    },
  };
};
