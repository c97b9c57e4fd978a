import type { OAuth2Client, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestToken } from '../src/lib/crypto.js';
import { createTestApp, freshDatabase, newRedis, probeRedis, type TestApp } from './helper.js';

const hasRedis = await probeRedis();

describe.runIf(hasRedis)('OAuth2 with several instances sharing Redis', () => {
  const redis = hasRedis ? newRedis() : null;
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  beforeAll(async () => {
    const { db } = await freshDatabase('sqlite');
    a = await createTestApp('sqlite', { db, redis });
    b = await createTestApp('sqlite', { db, redis });
    admin = (await a.login()).accessToken;
  });
  afterAll(async () => {
    await b.app.close().catch(() => undefined);
    await a.app.close().catch(() => undefined);
    redis?.disconnect();
  });

  it('强退 on one instance refuses the token on the others at once', async () => {
    const victim = (await b.login('operator', 'operator123')).accessToken;
    const permissionInfo = () =>
      b.api({ path: '/system/auth/get-permission-info', token: victim }).then((r) => r.code);
    // b now trusts the token in-process.
    expect(await permissionInfo()).toBe(0);
    const res = await a.api({
      method: 'DELETE',
      path: '/system/oauth2-token/delete',
      query: { accessToken: digestToken(victim) },
      token: admin,
    });
    expect(res.code).toBe(0);
    expect(await redis!.exists(`oauth2_access_token:${digestToken(victim)}`)).toBe(0);
    await expect.poll(permissionInfo, { timeout: 2000 }).toBe(401);
  });

  it('a client changed on one instance gives new lifetimes on the others', async () => {
    // b reads (and caches) the clients when it issues a token.
    expect((await b.login()).accessToken).toMatch(/^[0-9a-f]{32}$/);
    const page = await a.api({ path: '/system/oauth2-client/page', token: admin });
    const current = (page.data as PageResult<OAuth2Client>).list.find((c) => c.clientId === 'default')!;
    const update = await a.api({
      method: 'PUT',
      path: '/system/oauth2-client/update',
      token: admin,
      body: { ...current, secret: 'default-secret', accessTokenValiditySeconds: 120 },
    });
    expect(update.code).toBe(0);
    await expect
      .poll(
        async () => {
          const login = await b.api({
            method: 'POST',
            path: '/system/auth/login',
            body: { username: 'admin', password: 'admin123' },
          });
          return (login.data as { expiresTime: number }).expiresTime - b.clock.now;
        },
        { timeout: 2000 },
      )
      .toBe(120 * 1000);
  });
});
