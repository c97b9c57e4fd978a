import type { RedisCommandStat, RedisMonitorInfo } from '@app/contract';
import type { Redis } from 'ioredis';

/** `key:value` lines of an INFO answer; section headers (`# Server`) and blank lines are skipped. */
export const parseInfo = (text: string): Record<string, string> => {
  const info: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.indexOf(':');
    if (at > 0) info[line.slice(0, at)] = line.slice(at + 1);
  }
  return info;
};

/** `cmdstat_get:calls=3,usec=12,…` lines of `INFO commandstats`, as the reference reads them. */
export const parseCommandStats = (text: string): RedisCommandStat[] =>
  Object.entries(parseInfo(text))
    .filter(([key]) => key.startsWith('cmdstat_'))
    .map(([key, value]) => {
      const fields = new Map(value.split(',').map((pair) => pair.split('=') as [string, string]));
      return {
        command: key.slice('cmdstat_'.length),
        calls: Number(fields.get('calls') ?? 0),
        usec: Number(fields.get('usec') ?? 0),
      };
    });

/**
 * Redis 监控: what the server's own Redis reports. Null when the server runs without `REDIS_URL`
 * (the page then explains what Redis would be used for) rather than an error: the menu is seeded
 * for every installation, and "no Redis" is a configuration, not a failure.
 */
export const redisMonitorService = (redis: Redis | null) => ({
  async monitorInfo(): Promise<RedisMonitorInfo | null> {
    if (!redis) return null;
    const [info, commandStats, dbSize] = await Promise.all([
      redis.info(),
      redis.info('commandstats'),
      redis.dbsize(),
    ]);
    return { info: parseInfo(info), dbSize, commandStats: parseCommandStats(commandStats) };
  },
});
