import type { Insertable, Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, NotifyMessageRow, NotifyMessageTable, NotifyTemplateRow } from '../../db/schema.js';

export const READ = 1;
export const UNREAD = 0;

export interface MessageFilter {
  readStatus?: boolean | undefined;
  /** [from, to] epoch ms, inclusive; null = open. */
  createTime?: [number | null, number | null] | undefined;
}

/** Messages of one user of one tenant; every query is scoped by both. */
const ownedBy = <O>(
  q: SelectQueryBuilder<Database, 'systemNotifyMessage', O>,
  tenantId: number,
  userId: number,
  userType: number,
) =>
  q
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('userType', '=', userType)
    .where('deleted', '=', 0);

export const notifyRepository = (db: Kysely<Database>) => ({
  findTemplateByCode: (code: string): Promise<NotifyTemplateRow | undefined> =>
    db
      .selectFrom('systemNotifyTemplate')
      .selectAll()
      .where('code', '=', code)
      .where('deleted', '=', 0)
      .orderBy('id')
      .executeTakeFirst(),

  async insertMessage(row: Insertable<NotifyMessageTable>): Promise<number> {
    const { id } = await db
      .insertInto('systemNotifyMessage')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  },

  async pageOfUser(
    tenantId: number,
    userId: number,
    userType: number,
    filter: MessageFilter,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ list: NotifyMessageRow[]; total: number }> {
    let q = ownedBy(db.selectFrom('systemNotifyMessage'), tenantId, userId, userType);
    if (filter.readStatus !== undefined) q = q.where('readStatus', '=', filter.readStatus ? READ : UNREAD);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    const { total } = await q
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    const list = await q
      .selectAll()
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute();
    return { list, total: Number(total) };
  },

  /** The newest unread messages first. */
  unreadOfUser: (
    tenantId: number,
    userId: number,
    userType: number,
    size: number,
  ): Promise<NotifyMessageRow[]> =>
    ownedBy(db.selectFrom('systemNotifyMessage'), tenantId, userId, userType)
      .selectAll()
      .where('readStatus', '=', UNREAD)
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .execute(),

  async countUnread(tenantId: number, userId: number, userType: number): Promise<number> {
    const { count } = await ownedBy(db.selectFrom('systemNotifyMessage'), tenantId, userId, userType)
      .where('readStatus', '=', UNREAD)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  },

  /** Marks the user's unread messages read (only `ids` when given); returns how many changed. */
  async markRead(
    tenantId: number,
    userId: number,
    userType: number,
    ids: number[] | null,
    at: number,
  ): Promise<number> {
    let q = db
      .updateTable('systemNotifyMessage')
      .set({ readStatus: READ, readTime: at, updater: String(userId), updateTime: at })
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .where('userType', '=', userType)
      .where('readStatus', '=', UNREAD)
      .where('deleted', '=', 0);
    if (ids) q = q.where('id', 'in', ids);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
});
export type NotifyRepository = ReturnType<typeof notifyRepository>;
