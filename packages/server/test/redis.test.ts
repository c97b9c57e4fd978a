import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestToken } from '../src/lib/crypto.js';
import { createTestApp, freshDatabase, newRedis, probeRedis, type TestApp } from './helper.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';

const hasRedis = await probeRedis();

describe.runIf(hasRedis)('access tokens shared through Redis', () => {
  const redis = hasRedis ? newRedis() : null;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const { db } = await freshDatabase('sqlite');
    a = await createTestApp('sqlite', { db, redis });
    b = await createTestApp('sqlite', { db, redis });
  });
  afterAll(async () => {
    await b.app.close().catch(() => undefined);
    redis?.disconnect();
  });

  it('caches a new token until it expires and drops it on logout, for every instance', async () => {
    const { accessToken } = await a.login();
    const key = `oauth2_access_token:${digestToken(accessToken)}`;
    const ttl = await redis!.pttl(key);
    expect(ttl).toBeGreaterThan(29 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(30 * 60 * 1000);
    expect((await b.api({ path: '/system/auth/get-permission-info', token: accessToken })).code).toBe(0);
    expect((await a.api({ method: 'POST', path: '/system/auth/logout', token: accessToken })).code).toBe(0);
    expect(await redis!.exists(key)).toBe(0);
    // b trusted the token in-process; the revocation reaches it through pub/sub
    await expect
      .poll(
        async () => (await b.api({ path: '/system/auth/get-permission-info', token: accessToken })).code,
        { timeout: 2000 },
      )
      .toBe(401);
  });

  it('refuses a tenant disabled on one instance at once on the others', async () => {
    const admin = (await a.login()).accessToken;
    const body = tenantBody(a, await createPackage(a, admin, '多实例套餐', [1]), {
      name: '多实例租户',
      username: 'multiadmin',
    });
    const { tenantId, token } = await createTenantAndSignIn(a, admin, body);
    const permissionInfo = () =>
      b.api({ path: '/system/auth/get-permission-info', token, tenant: tenantId }).then((r) => r.code);
    // b now trusts the tenant for a minute...
    expect(await permissionInfo()).toBe(0);
    const { username: _u, password: _p, ...fields } = body;
    const update = { method: 'PUT' as const, path: '/system/tenant/update', token: admin };
    expect((await a.api({ ...update, body: { ...fields, id: tenantId, status: 1 } })).code).toBe(0);
    // ...unless told otherwise.
    await expect.poll(permissionInfo, { timeout: 2000 }).toBe(1_002_015_001);
  });

  it('drops cached dictionaries in every instance when one publishes a change', async () => {
    const { accessToken } = await b.login();
    const labels = async () =>
      (
        (await b.api({ path: '/system/dict-data/list-all-simple', token: accessToken })).data as {
          dictType: string;
          label: string;
        }[]
      )
        .filter((d) => d.dictType === 'common_status')
        .map((d) => d.label);
    expect(await labels()).toEqual(['开启', '关闭']);
    await a.db.kysely
      .updateTable('systemDictData')
      .set({ label: '启用' })
      .where('dictType', '=', 'common_status')
      .where('value', '=', '0')
      .execute();
    expect(await labels()).toEqual(['开启', '关闭']);
    await a.app.bus.publish('dict');
    await expect.poll(labels, { timeout: 2000 }).toEqual(['启用', '关闭']);
    await a.app.close();
  });
});
