import type { LoginLogFilter } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, LoginLogTable } from '../../db/schema.js';

export type LoginLogRow = Selectable<LoginLogTable>;

/** Reads the login log, which the auth module writes (see auth/login-log-repository.ts). */
export const loginLogReadRepository = (db: Kysely<Database>) => {
  const matching = (tenantId: number, filter: LoginLogFilter) => {
    let q = db.selectFrom('systemLoginLog').where('tenantId', '=', tenantId).where('deleted', '=', 0);
    if (filter.userIp) q = q.where('userIp', 'like', `%${filter.userIp}%`);
    if (filter.username) q = q.where('username', 'like', `%${filter.username}%`);
    if (filter.status !== undefined) q = q.where('result', filter.status ? '=' : '<>', 0);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  return {
    async page(
      tenantId: number,
      filter: LoginLogFilter,
      page: { pageNo: number; pageSize: number },
    ): Promise<{ list: LoginLogRow[]; total: number }> {
      const q = matching(tenantId, filter);
      const [list, count] = await Promise.all([
        q
          .selectAll()
          .orderBy('createTime', 'desc')
          .orderBy('id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNo - 1) * page.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(count.n) };
    },

    /** The newest `limit` matching rows. */
    list: (tenantId: number, filter: LoginLogFilter, limit: number): Promise<LoginLogRow[]> =>
      matching(tenantId, filter)
        .selectAll()
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
  };
};
