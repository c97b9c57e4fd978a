import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';

/* Redis 监控 (/infra/redis): the server's Redis, global to all tenants as in the reference. */

export const redisCommandStat = z.object({
  /** The command name as INFO commandstats spells it, without the `cmdstat_` prefix, e.g. `get`. */
  command: z.string(),
  calls: z.number().int(),
  /** Total time spent in the command, in microseconds. */
  usec: z.number().int(),
});
export type RedisCommandStat = z.output<typeof redisCommandStat>;

export const redisMonitorInfo = z.object({
  /** Every `key:value` line of `INFO`, as strings (redis_version, used_memory, aof_enabled, …). */
  info: z.record(z.string(), z.string()),
  /** Keys of the selected database (`DBSIZE`). */
  dbSize: z.number().int(),
  commandStats: z.array(redisCommandStat),
});
export type RedisMonitorInfo = z.output<typeof redisMonitorInfo>;

export const infraRedisGetMonitorInfo = defineEndpoint({
  method: 'GET',
  path: '/infra/redis/get-monitor-info',
  summary: '获得 Redis 监控信息（服务端未配置 REDIS_URL 时 data 为 null）',
  tag: 'Redis 监控',
  access: permission('infra:redis:get-monitor-info'),
  data: redisMonitorInfo.nullable(),
});
