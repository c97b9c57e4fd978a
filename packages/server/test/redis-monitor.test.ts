import type { RedisMonitorInfo } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandStats, parseInfo } from '../src/modules/redis-monitor/service.js';
import { createTestApp, newRedis, probeRedis, type TestApp } from './helper.js';

const PATH = '/infra/redis/get-monitor-info';
const hasRedis = await probeRedis();

describe('Redis 监控 without Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers null data to a user with the permission', async () => {
    const { accessToken } = await t.login();
    const res = await t.api({ path: PATH, token: accessToken });
    expect(res.code).toBe(0);
    expect(res.data).toBeNull();
  });

  it('needs a signed-in user holding infra:redis:get-monitor-info', async () => {
    expect((await t.api({ path: PATH })).code).toBe(401);
    const { accessToken } = await t.login('operator', 'operator123');
    expect((await t.api({ path: PATH, token: accessToken })).code).toBe(403);
  });
});

describe.runIf(hasRedis)('Redis 监控 with Redis', () => {
  const redis = hasRedis ? newRedis() : null;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { redis });
  });
  afterAll(async () => {
    await t.close();
    redis?.disconnect();
  });

  it('answers INFO, DBSIZE and the command statistics, counting the commands run', async () => {
    const { accessToken } = await t.login();
    const monitor = async () => {
      const res = await t.api({ path: PATH, token: accessToken });
      expect(res.code).toBe(0);
      return res.data as RedisMonitorInfo;
    };
    const before = await monitor();
    expect(before.info.redis_version).toMatch(/^\d+\.\d+/);
    expect(before.info.redis_mode).toBeTypeOf('string');
    expect(Number(before.info.used_memory)).toBeGreaterThan(0);
    expect(Object.values(before.info).every((v) => typeof v === 'string')).toBe(true);
    expect(before.dbSize).toBeGreaterThanOrEqual(0);
    const echoCalls = (data: RedisMonitorInfo) =>
      data.commandStats.find((s) => s.command === 'echo')?.calls ?? 0;
    await redis!.echo('redis-monitor');
    await redis!.echo('redis-monitor');
    const after = await monitor();
    expect(echoCalls(after) - echoCalls(before)).toBeGreaterThanOrEqual(2);
    const info = after.commandStats.find((s) => s.command === 'info');
    expect(info?.calls).toBeGreaterThan(0);
    expect(info?.usec).toBeGreaterThanOrEqual(0);
  });
});

describe('INFO parsing', () => {
  it('reads key:value lines and the commandstats fields', () => {
    const text =
      '# Server\r\nredis_version:7.2.4\r\nexecutable:/a:b\r\n\r\n# Stats\r\ntotal_connections_received:5\r\n';
    expect(parseInfo(text)).toEqual({
      redis_version: '7.2.4',
      executable: '/a:b',
      total_connections_received: '5',
    });
    const stats =
      '# Commandstats\r\ncmdstat_get:calls=3,usec=12,usec_per_call=4.00,rejected_calls=0\r\ncmdstat_client|setname:calls=1,usec=2\r\n';
    expect(parseCommandStats(stats)).toEqual([
      { command: 'get', calls: 3, usec: 12 },
      { command: 'client|setname', calls: 1, usec: 2 },
    ]);
  });
});
