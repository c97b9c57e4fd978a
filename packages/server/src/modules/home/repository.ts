import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notDeleted } from '../../lib/crud/index.js';

/** Day starts (epoch ms), oldest first, then the end of the last day: n days, n + 1 bounds. */
export type DayBounds = readonly number[];

/** Tables counted per day; each has an index on (tenant_id, <the time counted>). */
type CountedTable = 'systemLoginLog' | 'infraApiAccessLog' | 'infraApiErrorLog' | 'bpmProcessInstance';

/**
 * The day a time falls in, 0 for the first: a CASE over the day starts, so the buckets follow the
 * server's calendar (a 23- or 25-hour day at a daylight-saving change included) on both dialects.
 */
const dayOf = (column: string, bounds: DayBounds) => {
  const inner = bounds.slice(1, -1);
  if (inner.length === 0) return sql<number>`0`;
  const whens = sql.join(
    inner.map((bound, i) => sql`when ${sql.ref(column)} < ${bound} then ${sql.lit(i)}`),
    sql` `,
  );
  return sql<number>`case ${whens} else ${sql.lit(inner.length)} end`;
};

/** The 首页 statistics of a tenant: per day counts, each one grouped query over an index range. */
export const homeRepository = (db: Kysely<Database>) => {
  /** Rows of `table` per day of `column` within the bounds (days without rows: 0). */
  const perDay = async (
    table: CountedTable,
    column: string,
    tenantId: number,
    bounds: DayBounds,
    conditions: RawBuilder<SqlBool>[] = [],
  ): Promise<number[]> => {
    const days = bounds.length - 1;
    let q = db
      .selectFrom(table as 'systemLoginLog')
      .select([dayOf(column, bounds).as('day'), sql<number | string>`count(*)`.as('count')])
      .where('tenantId', '=', tenantId)
      .where(sql<SqlBool>`${sql.ref(column)} >= ${bounds[0]!}`)
      .where(sql<SqlBool>`${sql.ref(column)} < ${bounds[days]!}`)
      .where(notDeleted());
    for (const condition of conditions) q = q.where(condition);
    const rows = await q.groupBy(sql`1`).execute();
    const series = Array.from({ length: days }, () => 0);
    for (const row of rows) {
      const day = Number(row.day);
      if (day >= 0 && day < days) series[day] = Number(row.count);
    }
    return series;
  };

  return {
    /** Successful sign-ins: login log types below 200 (the logouts are 200 and up), result 0. */
    logins: (tenantId: number, bounds: DayBounds) =>
      perDay('systemLoginLog', 'createTime', tenantId, bounds, [
        sql<SqlBool>`${sql.ref('logType')} < 200`,
        sql<SqlBool>`${sql.ref('result')} = 0`,
      ]),
    requests: (tenantId: number, bounds: DayBounds) =>
      perDay('infraApiAccessLog', 'beginTime', tenantId, bounds),
    errors: (tenantId: number, bounds: DayBounds) =>
      perDay('infraApiErrorLog', 'exceptionTime', tenantId, bounds),
    processesStarted: (tenantId: number, bounds: DayBounds) =>
      perDay('bpmProcessInstance', 'createTime', tenantId, bounds),
    processesFinished: (tenantId: number, bounds: DayBounds) =>
      perDay('bpmProcessInstance', 'endTime', tenantId, bounds),
  };
};

export type HomeRepository = ReturnType<typeof homeRepository>;
