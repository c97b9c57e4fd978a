import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';

/* 首页 (/index): the figures of the operator's workplace that no other endpoint answers. */

/** Days the statistics cover, today included. */
export const HOME_STATISTICS_DAYS = 7;

const perDay = z.array(z.number().int());

export const homeStatistics = z.object({
  /** The days, oldest first, as 'YYYY-MM-DD' in the server's local time; the series below follow them. */
  days: z.array(z.string()),
  /** Successful sign-ins (login log). */
  logins: perDay,
  /** API requests (API access log, by request time). */
  requests: perDay,
  /** API errors (API error log, by exception time). */
  errors: perDay,
  /** Process instances started. */
  processesStarted: perDay,
  /** Process instances finished (approved, rejected or cancelled). */
  processesFinished: perDay,
});
export type HomeStatistics = z.output<typeof homeStatistics>;

export const homeStatisticsGet = defineEndpoint({
  method: 'GET',
  path: '/system/home/statistics',
  summary: '首页统计：近 7 天（服务器本地时间按天）每天的登录、API 请求与错误、发起与结束的流程数，仅本租户',
  tag: '首页',
  // The figures summarise the API logs, so they are shown to those who may read them.
  access: permission('infra:api-access-log:query'),
  data: homeStatistics,
});
