import type { OperateLogFilter } from '@app/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OperateLogTable } from '../../db/schema.js';

export type OperateLogRow = Selectable<OperateLogTable> & { userNickname: string | null };
export type NewOperateLog = Omit<
  Insertable<OperateLogTable>,
  'id' | 'tenantId' | 'creator' | 'updater' | 'createTime' | 'updateTime' | 'deleted'
>;

export const operateLogRepository = (db: Kysely<Database>) => {
  const matching = (tenantId: number, filter: OperateLogFilter) => {
    let q = db
      .selectFrom('systemOperateLog as l')
      .where('l.tenantId', '=', tenantId)
      .where('l.deleted', '=', 0);
    if (filter.module) q = q.where('l.module', 'like', `%${filter.module}%`);
    if (filter.userNickname) {
      const nickname = filter.userNickname;
      q = q.where('l.userId', 'in', (eb) =>
        eb
          .selectFrom('systemUsers')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('nickname', 'like', `%${nickname}%`),
      );
    }
    if (filter.type !== undefined) q = q.where('l.type', '=', filter.type);
    if (filter.success !== undefined) q = q.where('l.resultCode', filter.success ? '=' : '<>', 0);
    const [from, to] = filter.startTime ?? [null, null];
    if (from !== null) q = q.where('l.startTime', '>=', from);
    if (to !== null) q = q.where('l.startTime', '<=', to);
    return q;
  };

  /** Rows newest first, each with its user's nickname. */
  const rows = (tenantId: number, filter: OperateLogFilter) =>
    matching(tenantId, filter)
      .leftJoin('systemUsers as u', (join) =>
        join.onRef('u.id', '=', 'l.userId').onRef('u.tenantId', '=', 'l.tenantId'),
      )
      .selectAll('l')
      .select('u.nickname as userNickname')
      .orderBy('l.startTime', 'desc')
      .orderBy('l.id', 'desc');

  return {
    async insert(tenantId: number, entry: NewOperateLog, at: number): Promise<void> {
      await db
        .insertInto('systemOperateLog')
        .values({
          ...entry,
          tenantId,
          creator: String(entry.userId),
          updater: String(entry.userId),
          createTime: at,
          updateTime: at,
        })
        .execute();
    },

    async page(
      tenantId: number,
      filter: OperateLogFilter,
      page: { pageNo: number; pageSize: number },
    ): Promise<{ list: OperateLogRow[]; total: number }> {
      const [list, count] = await Promise.all([
        rows(tenantId, filter)
          .limit(page.pageSize)
          .offset((page.pageNo - 1) * page.pageSize)
          .execute(),
        matching(tenantId, filter)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(count.n) };
    },

    /** The newest `limit` matching rows. */
    list: (tenantId: number, filter: OperateLogFilter, limit: number): Promise<OperateLogRow[]> =>
      rows(tenantId, filter).limit(limit).execute(),
  };
};
