import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../src/lib/login-throttle.js';
import type { Redis } from 'ioredis';
import { createTestApp, DIALECTS, freshDatabase, newRedis, probeRedis, type TestApp } from './helper.js';

const hasRedis = await probeRedis();

const attempt = (t: TestApp, username: string, password: string, ip: string) =>
  t.api({
    method: 'POST',
    path: '/system/auth/login',
    body: { username, password },
    headers: { 'x-forwarded-for': ip },
  });

const lastLog = async (t: TestApp) =>
  t.db.kysely.selectFrom('systemLoginLog').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

/** The throttle's rules, on whichever store the app was built with. */
const throttleRules = (setup: () => Promise<TestApp>, redis: Redis | null = null) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup();
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test uses addresses of its own, so that the per-address counter starts at zero.
  let net = 0;
  const address = () => `203.0.113.${(net += 1)}`;

  it(`refuses an account after ${LOGIN_THROTTLE.accountFailures} failures with 429, even with the right password, until the window ends`, async () => {
    const ip = address();
    for (let i = 0; i < LOGIN_THROTTLE.accountFailures; i++) {
      expect((await attempt(t, 'operator', 'wrong', ip)).code).toBe(1_002_000_000);
    }
    const refused = await attempt(t, 'operator', 'operator123', ip);
    expect(refused).toMatchObject({ code: 429, msg: '请求过于频繁，请稍后重试', data: null });
    expect(await lastLog(t)).toMatchObject({ username: 'operator', result: 40, userIp: ip });
    // Another address does not help: the account itself is throttled.
    expect((await attempt(t, 'operator', 'operator123', address())).code).toBe(429);
    if (redis) {
      // Redis ends the window itself: the counter expires within the window from the first failure.
      const ttl = await redis.pttl('login-failure:account:1:operator');
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(LOGIN_THROTTLE.windowMs);
      await redis.del('login-failure:account:1:operator');
    } else t.clock.now += LOGIN_THROTTLE.windowMs + 1;
    expect((await attempt(t, 'operator', 'operator123', ip)).code).toBe(0);
  });

  it('a success clears the account’s failures', async () => {
    const ip = address();
    for (let i = 0; i < LOGIN_THROTTLE.accountFailures - 1; i++) await attempt(t, 'admin', 'wrong', ip);
    expect((await attempt(t, 'admin', 'admin123', ip)).code).toBe(0);
    for (let i = 0; i < LOGIN_THROTTLE.accountFailures - 1; i++) {
      expect((await attempt(t, 'admin', 'wrong', ip)).code).toBe(1_002_000_000);
    }
    expect((await attempt(t, 'admin', 'admin123', ip)).code).toBe(0);
  });

  it(`refuses an address after ${LOGIN_THROTTLE.addressFailures} failures across accounts, unknown ones included`, async () => {
    const ip = address();
    for (let i = 0; i < LOGIN_THROTTLE.addressFailures; i++) {
      expect((await attempt(t, `nobody${i}`, 'wrong', ip)).code).toBe(1_002_000_000);
    }
    expect((await attempt(t, 'admin', 'admin123', ip)).code).toBe(429);
    expect((await attempt(t, 'admin', 'admin123', address())).code).toBe(0);
  });
};

describe.each(DIALECTS)('sign-in throttling on %s', (dialect) => {
  throttleRules(() => createTestApp(dialect));
});

describe.skipIf(!hasRedis)('sign-in throttling in Redis, shared by instances', () => {
  const redis = hasRedis ? newRedis() : null;
  throttleRules(async () => {
    // Counters of earlier runs would carry over: start from none.
    const stale = await redis!.keys('login-failure:*');
    if (stale.length) await redis!.del(...stale);
    return createTestApp('sqlite', { redis });
  }, redis);

  it('an account throttled through one instance is refused by another', async () => {
    const shared = await freshDatabase('sqlite');
    const a = await createTestApp('sqlite', { redis, db: shared.db });
    const b = await createTestApp('sqlite', { redis, db: shared.db });
    try {
      for (let i = 0; i < LOGIN_THROTTLE.accountFailures; i++)
        await attempt(a, 'operator', 'wrong', '198.51.100.7');
      expect((await attempt(b, 'operator', 'operator123', '198.51.100.8')).code).toBe(429);
    } finally {
      await redis!.del('login-failure:account:1:operator');
      await a.app.close();
      await b.app.close();
      await shared.drop();
    }
  });
  afterAll(() => redis?.disconnect());
});
