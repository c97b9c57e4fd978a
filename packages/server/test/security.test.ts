import { API_PREFIX, apiOf, defineEndpoint, ENDPOINTS, permission } from '@app/contract';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/crypto.js';
import { routeRegistrar, routeUrl } from '../src/plugins/routes.js';
import { createTestApp, type TestApp } from './helper.js';
import { addMember } from './member-fixture.js';

describe('every API route is guarded', () => {
  let t: TestApp;
  let noRoleToken: string;
  let staffToken: string;
  let memberToken: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.db.kysely
      .insertInto('systemUsers')
      .values({
        tenantId: 1,
        username: 'norole',
        password: await hashPassword('norole123'),
        nickname: '无角色',
        status: 0,
        remark: null,
        deptId: null,
        email: null,
        mobile: null,
        sex: null,
        avatar: null,
        loginIp: null,
        loginDate: null,
        creator: null,
        updater: null,
      })
      .execute();
    noRoleToken = (await t.login('norole', 'norole123')).accessToken;
    staffToken = (await t.login()).accessToken;
    await addMember(t, { mobile: '13900000001', password: 'member123' });
    const member = await t.api({
      api: 'app',
      method: 'POST',
      path: '/member/auth/login',
      body: { mobile: '13900000001', password: 'member123' },
    });
    memberToken = (member.data as { accessToken: string }).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const nameOf = (e: (typeof ENDPOINTS)[number]) => `${e.method} ${API_PREFIX[apiOf(e)]}${e.path}`;

  it('registers every contract endpoint below its API', () => {
    for (const e of ENDPOINTS)
      expect(
        t.app.hasRoute({ method: e.method, url: routeUrl(API_PREFIX[apiOf(e)], e.path) }),
        nameOf(e),
      ).toBe(true);
  });

  const guarded = ENDPOINTS.filter((e) => e.access.kind !== 'public');
  it.each(guarded.map((e) => [nameOf(e), e] as const))('%s answers 401 without a token', async (_name, e) => {
    const res = await t.api({ api: e.api, method: e.method, path: e.path });
    expect(res).toMatchObject({ code: 401, msg: '账号未登录', data: null });
  });

  // The reference's filter: the token's user type must be the API's (/admin-api 2, /app-api 1).
  it('takes a member token for none on the admin API, and a staff token for none on the member API', async () => {
    const accepted: string[] = [];
    for (const e of guarded) {
      const token = apiOf(e) === 'app' ? staffToken : memberToken;
      const res = await t.api({ api: e.api, method: e.method, path: e.path, token });
      if (res.code !== 401 || res.msg !== '账号未登录') accepted.push(`${nameOf(e)} → ${res.code}`);
    }
    expect(accepted).toEqual([]);
    expect(guarded.filter((e) => apiOf(e) === 'app').length).toBeGreaterThan(5);
    // Each token works on its own API.
    expect((await t.api({ api: 'app', path: '/member/user/get', token: memberToken })).code).toBe(0);
    expect((await t.api({ path: '/system/auth/get-permission-info', token: staffToken })).code).toBe(0);
  });

  const byPermission = ENDPOINTS.filter((e) => e.access.kind === 'permission');
  it.each(byPermission.map((e) => [nameOf(e), e] as const))(
    '%s answers 403 without the permission',
    async (_name, e) => {
      const res = await t.api({ method: e.method, path: e.path, token: noRoleToken });
      expect(res).toMatchObject({ code: 403, msg: '没有该操作权限' });
    },
  );
});

describe('permission checks', () => {
  const probe = defineEndpoint({
    method: 'GET',
    path: '/test/probe',
    summary: 'probe',
    tag: 'test',
    access: permission('system:user:query'),
    data: z.boolean(),
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      beforeReady: (app) => routeRegistrar(app, '/admin-api')(probe, () => true),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('passes super_admin and a role holding the code, refuses others', async () => {
    const admin = (await t.login()).accessToken;
    const operator = (await t.login('operator', 'operator123')).accessToken;
    expect((await t.api({ path: '/test/probe', token: admin })).data).toBe(true);
    expect((await t.api({ path: '/test/probe', token: operator })).data).toBe(true);
    await t.db.kysely
      .deleteFrom('systemRoleMenu')
      .where('roleId', '=', 2)
      .where('menuId', '=', 1001)
      .execute();
    // cached grants hold until a change is published
    expect((await t.api({ path: '/test/probe', token: operator })).code).toBe(0);
    await t.app.bus.publish('permission');
    expect((await t.api({ path: '/test/probe', token: operator })).code).toBe(403);
    expect((await t.api({ path: '/test/probe' })).code).toBe(401);
  });
});
