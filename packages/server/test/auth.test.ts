import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestToken } from '../src/lib/crypto.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

const insertTenant = (t: TestApp, name: string, { status = 0, expireTime = t.clock.now + 1e9 } = {}) =>
  t.db.kysely
    .insertInto('systemTenant')
    .values({
      name,
      contactName: '联系人',
      status,
      packageId: 1,
      expireTime,
      accountCount: 5,
      contactUserId: null,
      contactMobile: null,
      domain: null,
      creator: null,
      updater: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

describe.each(DIALECTS)('auth on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const loginLogs = () =>
    t.db.kysely.selectFrom('systemLoginLog').selectAll().orderBy('id', 'desc').execute();

  describe('POST /system/auth/login', () => {
    it('signs in with a trimmed username and returns opaque 32-hex tokens', async () => {
      const res = await t.api({
        method: 'POST',
        path: '/system/auth/login',
        body: { username: '  admin ', password: 'admin123' },
      });
      expect(res.code).toBe(0);
      expect(res.msg).toBe('');
      const data = res.data as {
        userId: number;
        accessToken: string;
        refreshToken: string;
        expiresTime: number;
      };
      expect(data.userId).toBe(1);
      expect(data.accessToken).toMatch(/^[0-9a-f]{32}$/);
      expect(data.refreshToken).toMatch(/^[0-9a-f]{32}$/);
      expect(data.expiresTime).toBe(t.clock.now + 30 * 60 * 1000);
      const [log] = await loginLogs();
      expect(log).toMatchObject({ logType: 100, result: 0, username: 'admin', userId: 1, tenantId: 1 });
      const user = await t.db.kysely
        .selectFrom('systemUsers')
        .select(['loginDate'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(user.loginDate).toBe(t.clock.now);
    });

    it('stores only digests of the tokens', async () => {
      const { accessToken, refreshToken } = await t.login();
      const access = await t.db.kysely
        .selectFrom('systemOauth2AccessToken')
        .selectAll()
        .where('accessToken', '=', digestToken(accessToken))
        .executeTakeFirst();
      expect(access?.refreshToken).toBe(digestToken(refreshToken));
      const raw = await t.db.kysely
        .selectFrom('systemOauth2AccessToken')
        .select('id')
        .where('accessToken', '=', accessToken)
        .executeTakeFirst();
      expect(raw).toBeUndefined();
    });

    it('refuses a wrong password with 1_002_000_000 and logs the failure', async () => {
      const res = await t.api({
        method: 'POST',
        path: '/system/auth/login',
        body: { username: 'admin', password: 'wrong-pass' },
      });
      expect(res).toMatchObject({ code: 1_002_000_000, msg: '登录失败，账号密码不正确', data: null });
      expect((await loginLogs())[0]).toMatchObject({ result: 10, username: 'admin', logType: 100 });
    });

    it('refuses an unknown user with the same message', async () => {
      const res = await t.api({
        method: 'POST',
        path: '/system/auth/login',
        body: { username: 'nobody', password: 'admin123' },
      });
      expect(res.code).toBe(1_002_000_000);
    });

    it('refuses a disabled user with 1_002_000_001', async () => {
      await t.db.kysely
        .updateTable('systemUsers')
        .set({ status: 1 })
        .where('username', '=', 'operator')
        .execute();
      try {
        const res = await t.api({
          method: 'POST',
          path: '/system/auth/login',
          body: { username: 'operator', password: 'operator123' },
        });
        expect(res).toMatchObject({ code: 1_002_000_001, msg: '登录失败，账号被禁用' });
        expect((await loginLogs())[0]).toMatchObject({ result: 20, username: 'operator' });
      } finally {
        await t.db.kysely
          .updateTable('systemUsers')
          .set({ status: 0 })
          .where('username', '=', 'operator')
          .execute();
      }
    });

    it('verifies the reference back office $2a$ hashes', async () => {
      const legacy = bcrypt.hashSync('legacy123', bcrypt.genSaltSync(4, 'a'));
      expect(legacy.startsWith('$2a$04$')).toBe(true);
      await t.db.kysely
        .updateTable('systemUsers')
        .set({ password: legacy })
        .where('username', '=', 'operator')
        .execute();
      try {
        const res = await t.api({
          method: 'POST',
          path: '/system/auth/login',
          body: { username: 'operator', password: 'legacy123' },
        });
        expect(res.code).toBe(0);
      } finally {
        await t.db.kysely
          .updateTable('systemUsers')
          .set({ password: bcrypt.hashSync('operator123', bcrypt.genSaltSync(4, 'b')) })
          .where('username', '=', 'operator')
          .execute();
      }
    });

    it.each([
      [{ username: 'ad', password: 'admin123' }, '请求参数不正确:账号长度为 4-16 位'],
      [{ username: 'admin!', password: 'admin123' }, '请求参数不正确:账号格式为数字以及字母'],
      [{ username: 'admin', password: '' }, '请求参数不正确:密码不能为空'],
      [{ username: 'admin' }, '请求参数不正确:密码不能为空'],
      [{ username: 'admin', password: 'x'.repeat(17) }, '请求参数不正确:密码长度为 4-16 位'],
    ])('answers 400 for bad input %j', async (body, msg) => {
      const before = (await loginLogs()).length;
      const res = await t.api({ method: 'POST', path: '/system/auth/login', body });
      expect(res).toMatchObject({ code: 400, msg, data: null });
      expect((await loginLogs()).length).toBe(before);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const res = await t.api({ method: 'POST', path: '/system/auth/login', body: '{oops' });
      expect(res).toMatchObject({ code: 400, msg: '请求参数不正确:请求体不是合法的 JSON' });
    });

    it('needs a tenant: missing 400, unknown, disabled and expired tenants refused', async () => {
      const body = { username: 'admin', password: 'admin123' };
      expect(await t.api({ method: 'POST', path: '/system/auth/login', body, tenant: null })).toMatchObject({
        code: 400,
        msg: '请求的租户标识未传递，请进行排查',
      });
      expect((await t.api({ method: 'POST', path: '/system/auth/login', body, tenant: 999 })).code).toBe(
        1_002_015_000,
      );
      expect((await t.api({ method: 'POST', path: '/system/auth/login', body, tenant: 'abc' })).code).toBe(
        400,
      );
      const { id } = await insertTenant(t, '停用租户', { status: 1, expireTime: t.clock.now + 1e9 });
      expect(await t.api({ method: 'POST', path: '/system/auth/login', body, tenant: id })).toMatchObject({
        code: 1_002_015_001,
        msg: '名字为【停用租户】的租户已被禁用',
      });
      const expired = await insertTenant(t, '过期租户', { status: 0, expireTime: t.clock.now - 1000 });
      expect(
        await t.api({ method: 'POST', path: '/system/auth/login', body, tenant: expired.id }),
      ).toMatchObject({
        code: 1_002_015_002,
        msg: '名字为【过期租户】的租户已过期',
      });
    });

    it('does not find a user of another tenant', async () => {
      const other = await insertTenant(t, '另一租户', { status: 0, expireTime: t.clock.now + 1e9 });
      const res = await t.api({
        method: 'POST',
        path: '/system/auth/login',
        body: { username: 'admin', password: 'admin123' },
        tenant: other.id,
      });
      expect(res.code).toBe(1_002_000_000);
    });
  });

  describe('GET /system/auth/get-permission-info', () => {
    it('gives super_admin every menu as a sorted tree without buttons', async () => {
      const { accessToken } = await t.login();
      const res = await t.api({ path: '/system/auth/get-permission-info', token: accessToken });
      expect(res.code).toBe(0);
      const data = res.data as {
        user: { id: number; nickname: string; avatar: string };
        roles: string[];
        permissions: string[];
        menus: {
          name: string;
          path: string;
          children?: {
            name: string;
            component: string | null;
            componentName: string | null;
            keepAlive: boolean;
            visible: boolean;
            alwaysShow: boolean;
          }[];
        }[];
      };
      expect(data.user).toEqual({ id: 1, nickname: '系统管理员', avatar: '', deptId: 101 });
      expect(data.roles).toEqual(['super_admin']);
      expect(data.permissions).toContain('system:user:create');
      expect(data.permissions).toContain('bpm:model:deploy');
      expect(data.menus.map((m) => m.name)).toEqual([
        '系统管理',
        '基础设施',
        '支付管理',
        '工作流程',
        '会员中心',
        '商城系统',
      ]);
      const system = data.menus[0]!;
      expect(system.path).toBe('/system');
      const user = system.children!.find((c) => c.name === '用户管理')!;
      expect(user).toMatchObject({
        component: 'system/user/index',
        componentName: 'SystemUser',
        keepAlive: true,
        visible: true,
      });
      const flat = JSON.stringify(data.menus);
      expect(flat).not.toContain('用户新增');
      const sorts = system.children!.map((c) => c.name);
      expect(sorts.indexOf('用户管理')).toBeLessThan(sorts.indexOf('角色管理'));
    });

    it('gives a narrow role only its menus and permissions', async () => {
      const { accessToken } = await t.login('operator', 'operator123');
      const res = await t.api({ path: '/system/auth/get-permission-info', token: accessToken });
      const data = res.data as {
        roles: string[];
        permissions: string[];
        menus: { name: string; children?: { name: string }[] }[];
      };
      expect(data.roles).toEqual(['operator']);
      expect(data.permissions.sort()).toEqual(['system:dict:query', 'system:user:list', 'system:user:query']);
      expect(data.menus).toHaveLength(1);
      expect(data.menus[0]!.children!.map((c) => c.name)).toEqual(['用户管理', '字典管理']);
    });

    it('drops disabled menus and disabled roles', async () => {
      const { accessToken } = await t.login('operator', 'operator123');
      await t.db.kysely.updateTable('systemMenu').set({ status: 1 }).where('id', '=', 105).execute();
      await t.app.bus.publish('permission');
      try {
        const res = await t.api({ path: '/system/auth/get-permission-info', token: accessToken });
        const data = res.data as { menus: { children?: { name: string }[] }[] };
        expect(data.menus[0]!.children!.map((c) => c.name)).toEqual(['用户管理']);
      } finally {
        await t.db.kysely.updateTable('systemMenu').set({ status: 0 }).where('id', '=', 105).execute();
        await t.app.bus.publish('permission');
      }
      await t.db.kysely.updateTable('systemRole').set({ status: 1 }).where('code', '=', 'operator').execute();
      await t.app.bus.publish('permission');
      try {
        const res = await t.api({ path: '/system/auth/get-permission-info', token: accessToken });
        expect(res.data).toMatchObject({ roles: [], permissions: [], menus: [] });
      } finally {
        await t.db.kysely
          .updateTable('systemRole')
          .set({ status: 0 })
          .where('code', '=', 'operator')
          .execute();
        await t.app.bus.publish('permission');
      }
    });

    it('answers 304 without the body while the caller’s menus and permissions are unchanged', async () => {
      const { accessToken } = await t.login('operator', 'operator123');
      const ask = (etag?: string) =>
        t.app.inject({
          url: '/admin-api/system/auth/get-permission-info',
          headers: {
            authorization: `Bearer ${accessToken}`,
            'tenant-id': '1',
            ...(etag ? { 'if-none-match': etag } : {}),
          },
        });
      const first = await ask();
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await ask(etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // Another user's answer is another body, so the operator's tag never fits it.
      const admin = await t.app.inject({
        url: '/admin-api/system/auth/get-permission-info',
        headers: { authorization: `Bearer ${(await t.login()).accessToken}`, 'if-none-match': etag },
      });
      expect(admin.statusCode).toBe(200);
      await t.db.kysely.updateTable('systemMenu').set({ status: 1 }).where('id', '=', 105).execute();
      await t.app.bus.publish('permission');
      try {
        const changed = await ask(etag);
        expect(changed.statusCode).toBe(200);
        expect(changed.headers.etag).not.toBe(etag);
      } finally {
        await t.db.kysely.updateTable('systemMenu').set({ status: 0 }).where('id', '=', 105).execute();
        await t.app.bus.publish('permission');
      }
    });

    it('compresses the answer for a client that takes brotli or gzip, once, with a tag of its own', async () => {
      const { accessToken } = await t.login();
      const ask = (headers: Record<string, string>) =>
        t.app.inject({
          url: '/admin-api/system/auth/get-permission-info',
          headers: { authorization: `Bearer ${accessToken}`, 'tenant-id': '1', ...headers },
        });
      const plain = await ask({});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
      ] as const) {
        const packed = await ask({ 'accept-encoding': accept });
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
        expect(decode(packed.rawPayload).toString('utf8')).toBe(plain.body);
        const etag = String(packed.headers.etag);
        expect(etag).not.toBe(plain.headers.etag);
        expect((await ask({ 'accept-encoding': accept, 'if-none-match': etag })).statusCode).toBe(304);
        // The plain answer's tag does not name the compressed one, nor the other way round.
        expect((await ask({ 'if-none-match': etag })).statusCode).toBe(200);
      }
    });

    it('answers 401 without a token, with a bad token and with an expired one', async () => {
      expect(await t.api({ path: '/system/auth/get-permission-info' })).toMatchObject({
        code: 401,
        msg: '账号未登录',
      });
      expect((await t.api({ path: '/system/auth/get-permission-info', token: 'f'.repeat(32) })).code).toBe(
        401,
      );
      const { accessToken } = await t.login();
      t.clock.now += 31 * 60 * 1000;
      try {
        expect((await t.api({ path: '/system/auth/get-permission-info', token: accessToken })).code).toBe(
          401,
        );
      } finally {
        t.clock.now -= 31 * 60 * 1000;
      }
    });

    it('answers 403 for another tenant in the header, and uses the token tenant without one', async () => {
      const { accessToken } = await t.login();
      expect(
        await t.api({ path: '/system/auth/get-permission-info', token: accessToken, tenant: 2 }),
      ).toMatchObject({
        code: 403,
        msg: '您无权访问该租户的数据',
      });
      expect(
        (await t.api({ path: '/system/auth/get-permission-info', token: accessToken, tenant: null })).code,
      ).toBe(0);
    });
  });

  describe('POST /system/auth/logout', () => {
    it('revokes the access and the refresh token and logs it', async () => {
      const { accessToken, refreshToken } = await t.login();
      const res = await t.api({ method: 'POST', path: '/system/auth/logout', token: accessToken });
      expect(res).toMatchObject({ code: 0, data: true });
      expect((await t.api({ path: '/system/auth/get-permission-info', token: accessToken })).code).toBe(401);
      const refreshed = await t.api({
        method: 'POST',
        path: '/system/auth/refresh-token',
        query: { refreshToken },
      });
      expect(refreshed).toMatchObject({ code: 400, msg: '无效的刷新令牌' });
      expect((await loginLogs())[0]).toMatchObject({ logType: 200, result: 0, username: 'admin' });
    });

    it('succeeds without a token', async () => {
      expect(await t.api({ method: 'POST', path: '/system/auth/logout' })).toMatchObject({
        code: 0,
        data: true,
      });
    });
  });

  describe('POST /system/auth/refresh-token', () => {
    it('issues a new access token and revokes the old one; the refresh token stays', async () => {
      const { accessToken, refreshToken } = await t.login();
      const res = await t.api({
        method: 'POST',
        path: '/system/auth/refresh-token',
        query: { refreshToken },
      });
      expect(res.code).toBe(0);
      const data = res.data as { accessToken: string; refreshToken: string; userId: number };
      expect(data.refreshToken).toBe(refreshToken);
      expect(data.accessToken).not.toBe(accessToken);
      expect((await t.api({ path: '/system/auth/get-permission-info', token: data.accessToken })).code).toBe(
        0,
      );
      expect((await t.api({ path: '/system/auth/get-permission-info', token: accessToken })).code).toBe(401);
    });

    it('answers 400 无效的刷新令牌 for an unknown token and 400 when it is missing', async () => {
      expect(
        await t.api({ method: 'POST', path: '/system/auth/refresh-token', query: { refreshToken: 'nope' } }),
      ).toMatchObject({
        code: 400,
        msg: '无效的刷新令牌',
      });
      expect((await t.api({ method: 'POST', path: '/system/auth/refresh-token' })).code).toBe(400);
    });

    it('answers 401 刷新令牌已过期 for an expired token, then forgets it', async () => {
      const { refreshToken } = await t.login();
      t.clock.now += 13 * 60 * 60 * 1000;
      try {
        expect(
          await t.api({ method: 'POST', path: '/system/auth/refresh-token', query: { refreshToken } }),
        ).toMatchObject({
          code: 401,
          msg: '刷新令牌已过期',
        });
        expect(
          (await t.api({ method: 'POST', path: '/system/auth/refresh-token', query: { refreshToken } })).msg,
        ).toBe('无效的刷新令牌');
      } finally {
        t.clock.now -= 13 * 60 * 60 * 1000;
      }
    });

    it('refuses a refresh token of another tenant', async () => {
      const { refreshToken } = await t.login();
      const other = await insertTenant(t, '刷新租户', { status: 0, expireTime: t.clock.now + 1e9 });
      const res = await t.api({
        method: 'POST',
        path: '/system/auth/refresh-token',
        query: { refreshToken },
        tenant: other.id,
      });
      expect(res).toMatchObject({ code: 400, msg: '无效的刷新令牌' });
    });
  });
});
