import type { OperateLogFilter } from '@app/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OperateLogTable } from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  createdStamp,
  qualified,
} from '../../lib/crud/index.js';

export type OperateLogRow = Selectable<OperateLogTable> & { userNickname: string | null };
export type NewOperateLog = Omit<
  Insertable<OperateLogTable>,
  'id' | 'tenantId' | 'creator' | 'updater' | 'createTime' | 'updateTime' | 'deleted'
>;

/** The columns this repository reads (every column: its callers map whole rows). */
export const columns = {
  operateLog: [
    'id',
    'traceId',
    'userId',
    'userType',
    'module',
    'name',
    'type',
    'content',
    'exts',
    'requestMethod',
    'requestUrl',
    'userIp',
    'userAgent',
    'javaMethod',
    'javaMethodArgs',
    'startTime',
    'duration',
    'resultCode',
    'resultMsg',
    'resultData',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const operateLogRepository = (db: Kysely<Database>) => {
  const matching = (tenantId: number, filter: OperateLogFilter) => {
    let q = db.selectFrom('systemOperateLog as l').where('l.tenantId', '=', tenantId).where(notDeleted('l'));
    if (filter.module) q = q.where(contains('l.module', filter.module));
    if (filter.userNickname) {
      const nickname = filter.userNickname;
      q = q.where('l.userId', 'in', (eb) =>
        eb
          .selectFrom('systemUsers')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where(contains('nickname', nickname)),
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
  const withNickname = (q: ReturnType<typeof matching>) =>
    q
      .leftJoin('systemUsers as u', (join) =>
        join.onRef('u.id', '=', 'l.userId').onRef('u.tenantId', '=', 'l.tenantId'),
      )
      .select(qualified('l', columns.operateLog))
      .select('u.nickname as userNickname')
      .orderBy('l.startTime', 'desc')
      .orderBy('l.id', 'desc');

  return {
    async insertAll(rows: { tenantId: number; at: number; entry: NewOperateLog }[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('systemOperateLog')
        .values(
          rows.map(({ tenantId, at, entry }) => ({ ...entry, tenantId, ...createdStamp(at, entry.userId) })),
        )
        .execute();
    },

    async page(tenantId: number, filter: OperateLogFilter, page: PageParams): Promise<Page<OperateLogRow>> {
      return fetchPage(matching(tenantId, filter), page, withNickname);
    },

    /** The newest `limit` matching rows. */
    list: (tenantId: number, filter: OperateLogFilter, limit: number): Promise<OperateLogRow[]> =>
      withNickname(matching(tenantId, filter)).limit(limit).execute(),
  };
};
