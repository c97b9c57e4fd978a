import type { LoginLogFilter } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, LoginLogTable } from '../../db/schema.js';
import { type Page, type PageParams, contains, fetchPage, notDeleted } from '../../lib/crud/index.js';

export type LoginLogRow = Selectable<LoginLogTable>;

/** Reads the login log, which the auth module writes (through lib/login-log.ts). */
/** The columns this repository reads (every column of the table: its callers map whole rows). */
export const columns = {
  loginLog: [
    'id',
    'logType',
    'traceId',
    'userId',
    'userType',
    'username',
    'result',
    'userIp',
    'userAgent',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const loginLogReadRepository = (db: Kysely<Database>) => {
  const matching = (tenantId: number, filter: LoginLogFilter) => {
    let q = db.selectFrom('systemLoginLog').where('tenantId', '=', tenantId).where(notDeleted());
    if (filter.userIp) q = q.where(contains('userIp', filter.userIp));
    if (filter.username) q = q.where(contains('username', filter.username));
    if (filter.status !== undefined) q = q.where('result', filter.status ? '=' : '<>', 0);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  return {
    async page(tenantId: number, filter: LoginLogFilter, page: PageParams): Promise<Page<LoginLogRow>> {
      const q = matching(tenantId, filter);
      return fetchPage(q, page, (rows) =>
        rows.select(columns.loginLog).orderBy('createTime', 'desc').orderBy('id', 'desc'),
      );
    },

    /** The newest `limit` matching rows. */
    list: (tenantId: number, filter: LoginLogFilter, limit: number): Promise<LoginLogRow[]> =>
      matching(tenantId, filter)
        .select(columns.loginLog)
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
  };
};
