import type { ApiAccessLogFilter, ApiErrorLogFilter } from '@app/contract';
import { CompiledQuery, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { OffThreadWriter } from '../../db/off-thread-writer.js';
import type { ApiAccessLogTable, ApiErrorLogTable } from '../../db/api-log-schema.js';
import type { Database } from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  updatedStamp,
} from '../../lib/crud/index.js';

export type ApiAccessLogRow = Selectable<ApiAccessLogTable>;
export type ApiErrorLogRow = Selectable<ApiErrorLogTable>;
export type NewApiAccessLog = Omit<
  Insertable<ApiAccessLogTable>,
  'id' | 'deleted' | 'updateTime' | 'updater'
>;
export type NewApiErrorLog = Omit<Insertable<ApiErrorLogTable>, 'id' | 'deleted' | 'updateTime' | 'updater'>;

const requestColumns = [
  'id',
  'tenantId',
  'traceId',
  'userId',
  'userType',
  'applicationName',
  'requestMethod',
  'requestUrl',
  'requestParams',
  'userIp',
  'userAgent',
  'creator',
  'createTime',
  'updater',
  'updateTime',
  'deleted',
] as const;

/** The columns this repository reads (every column: its callers map whole rows). */
export const columns = {
  accessLog: [
    ...requestColumns,
    'responseBody',
    'operateModule',
    'operateName',
    'operateType',
    'beginTime',
    'endTime',
    'duration',
    'resultCode',
    'resultMsg',
  ],
  errorLog: [
    ...requestColumns,
    'exceptionTime',
    'exceptionName',
    'exceptionMessage',
    'exceptionRootCauseMessage',
    'exceptionStackTrace',
    'exceptionClassName',
    'exceptionFileName',
    'exceptionMethodName',
    'exceptionLineNumber',
    'processStatus',
    'processTime',
    'processUserId',
  ],
} as const;

/** Rows one clean-up statement deletes: short statements leave room for the requests' writes. */
const CLEAN_BATCH = 1000;

/** The columns a new row is written with (id, deleted and the update stamps are derived). */
const insertColumns = <T extends string>(all: readonly T[]) =>
  all.filter((c) => !['id', 'deleted', 'updater', 'updateTime'].includes(c)) as Exclude<
    T,
    'id' | 'deleted' | 'updater' | 'updateTime'
  >[];
const ACCESS_INSERT = insertColumns(columns.accessLog);
const ERROR_INSERT = insertColumns(columns.errorLog);
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const apiLogRepository = (
  db: Kysely<Database>,
  dialect: DialectName,
  offThread: OffThreadWriter | null,
) => {
  /**
   * One multi-row insert, compiled here rather than by the query builder: every request adds a
   * row, and building and transforming a 200-row statement's tree cost more than writing it. The
   * text depends on the row count only, so the driver's statement cache serves it. On an SQLite
   * file it runs on the off-thread writer's connection: no request waits for it, and SQLite's
   * work of about 4 µs a row would otherwise be taken from the thread that answers requests.
   */
  const texts = new Map<string, string>();
  const insertMany = async <R extends object>(
    table: string,
    names: readonly (keyof R & string)[],
    rows: readonly R[],
  ): Promise<void> => {
    if (rows.length === 0) return;
    const key = `${table} ${rows.length}`;
    let text = texts.get(key);
    if (text === undefined) {
      let n = 0;
      const mark = dialect === 'postgres' ? () => `$${++n}` : () => '?';
      const tuple = () => `(${[...names, 'updater', 'updateTime'].map(mark).join(', ')})`;
      const list = [...names, 'updater', 'updateTime'].map(snake).join(', ');
      text = `insert into ${table} (${list}) values ${rows.map(tuple).join(', ')}`;
      texts.set(key, text);
    }
    const params: unknown[] = [];
    for (const row of rows) {
      const r = row as Record<string, unknown>;
      for (const name of names) params.push(r[name] ?? null);
      params.push(r.creator ?? null, r.createTime);
    }
    if (offThread) await offThread.run(text, params);
    else await db.executeQuery(CompiledQuery.raw(text, params));
  };

  const accessMatching = (tenantId: number, filter: ApiAccessLogFilter) => {
    let q = db.selectFrom('infraApiAccessLog').where('tenantId', '=', tenantId).where(notDeleted());
    if (filter.userId !== undefined) q = q.where('userId', '=', filter.userId);
    if (filter.userType !== undefined) q = q.where('userType', '=', filter.userType);
    if (filter.applicationName) q = q.where(contains('applicationName', filter.applicationName));
    if (filter.requestUrl) q = q.where(contains('requestUrl', filter.requestUrl));
    if (filter.duration !== undefined) q = q.where('duration', '>=', filter.duration);
    if (filter.resultCode !== undefined) q = q.where('resultCode', '=', filter.resultCode);
    const [from, to] = filter.beginTime ?? [null, null];
    if (from !== null) q = q.where('beginTime', '>=', from);
    if (to !== null) q = q.where('beginTime', '<=', to);
    return q;
  };
  const accessRows = (q: ReturnType<typeof accessMatching>) =>
    q.select(columns.accessLog).orderBy('beginTime', 'desc').orderBy('id', 'desc');

  const errorMatching = (tenantId: number, filter: ApiErrorLogFilter) => {
    let q = db.selectFrom('infraApiErrorLog').where('tenantId', '=', tenantId).where(notDeleted());
    if (filter.userId !== undefined) q = q.where('userId', '=', filter.userId);
    if (filter.userType !== undefined) q = q.where('userType', '=', filter.userType);
    if (filter.applicationName) q = q.where(contains('applicationName', filter.applicationName));
    if (filter.requestUrl) q = q.where(contains('requestUrl', filter.requestUrl));
    if (filter.processStatus !== undefined) q = q.where('processStatus', '=', filter.processStatus);
    const [from, to] = filter.exceptionTime ?? [null, null];
    if (from !== null) q = q.where('exceptionTime', '>=', from);
    if (to !== null) q = q.where('exceptionTime', '<=', to);
    return q;
  };
  const errorRows = (q: ReturnType<typeof errorMatching>) =>
    q.select(columns.errorLog).orderBy('exceptionTime', 'desc').orderBy('id', 'desc');

  /** Deletes rows created before `before`, a batch at a time; the count deleted. */
  const clean = async (table: 'infraApiAccessLog' | 'infraApiErrorLog', before: number): Promise<number> => {
    let total = 0;
    for (;;) {
      const result = await db
        .deleteFrom(table)
        .where('id', 'in', (eb) =>
          eb.selectFrom(table).select('id').where('createTime', '<', before).limit(CLEAN_BATCH),
        )
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows);
      total += deleted;
      if (deleted < CLEAN_BATCH) return total;
    }
  };

  return {
    /** Rows of any tenants (each names its own), in one statement. */
    insertAccessLogs: (rows: readonly NewApiAccessLog[]) =>
      insertMany('infra_api_access_log', ACCESS_INSERT, rows),
    insertErrorLogs: (rows: readonly NewApiErrorLog[]) =>
      insertMany('infra_api_error_log', ERROR_INSERT, rows),

    accessPage: (
      tenantId: number,
      filter: ApiAccessLogFilter,
      page: PageParams,
    ): Promise<Page<ApiAccessLogRow>> => fetchPage(accessMatching(tenantId, filter), page, accessRows),
    /** The newest `limit` matching rows. */
    accessList: (tenantId: number, filter: ApiAccessLogFilter, limit: number): Promise<ApiAccessLogRow[]> =>
      accessRows(accessMatching(tenantId, filter)).limit(limit).execute(),

    errorPage: (
      tenantId: number,
      filter: ApiErrorLogFilter,
      page: PageParams,
    ): Promise<Page<ApiErrorLogRow>> => fetchPage(errorMatching(tenantId, filter), page, errorRows),
    errorList: (tenantId: number, filter: ApiErrorLogFilter, limit: number): Promise<ApiErrorLogRow[]> =>
      errorRows(errorMatching(tenantId, filter)).limit(limit).execute(),

    findErrorStatus: (tenantId: number, id: number) =>
      db
        .selectFrom('infraApiErrorLog')
        .select(['id', 'processStatus'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where(notDeleted())
        .executeTakeFirst(),

    /** Marks a row still unprocessed; false when another request processed it first. */
    async processError(
      tenantId: number,
      id: number,
      change: { processStatus: number; processUserId: number; at: number },
      unprocessed: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('infraApiErrorLog')
        .set({
          processStatus: change.processStatus,
          processUserId: change.processUserId,
          processTime: change.at,
          ...updatedStamp(change.at, change.processUserId),
        })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where('processStatus', '=', unprocessed)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    cleanAccessLogs: (before: number) => clean('infraApiAccessLog', before),
    cleanErrorLogs: (before: number) => clean('infraApiErrorLog', before),
  };
};

export type ApiLogRepository = ReturnType<typeof apiLogRepository>;
