import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';

/* 数据库监控 (/infra/druid): the SQL statements this server instance ran, by shape; global to all tenants. */

export const sqlStatementStat = z.object({
  /** The statement's shape: the SQL with values as `?` and value lists collapsed. */
  sql: z.string(),
  count: z.number().int(),
  /** Failed executions (included in count). */
  errors: z.number().int(),
  totalMs: z.number().nonnegative(),
  maxMs: z.number().nonnegative(),
  avgMs: z.number().nonnegative(),
  /** Rows returned, or affected by writes, summed over the executions. */
  rows: z.number().int(),
  /** Last run (epoch ms). */
  lastTime: z.number().int(),
});
export type SqlStatementStat = z.output<typeof sqlStatementStat>;

export const sqlStatementStats = z.object({
  dialect: z.enum(['sqlite', 'postgres']),
  /** Since when the figures count (server start or the last reset, epoch ms). */
  since: z.number().int(),
  /** At most this many shapes are kept; statements of further shapes are only counted in `dropped`. */
  limit: z.number().int(),
  dropped: z.number().int(),
  /** Slowest (total time) first. */
  list: z.array(sqlStatementStat),
});
export type SqlStatementStats = z.output<typeof sqlStatementStats>;

export const infraDruidGetSqlStats = defineEndpoint({
  method: 'GET',
  path: '/infra/druid/get-sql-stats',
  summary: '获得本实例执行过的 SQL 语句统计（按语句形态归并）',
  tag: '数据库监控',
  access: permission('infra:druid:query'),
  data: sqlStatementStats,
});

export const infraDruidResetSqlStats = defineEndpoint({
  method: 'POST',
  path: '/infra/druid/reset-sql-stats',
  summary: '清空本实例的 SQL 语句统计',
  tag: '数据库监控',
  access: permission('infra:druid:reset'),
  data: z.boolean(),
});
