import type { PageResult, PermissionInfo, SocialClient } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBox } from '../src/lib/secret-box.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';
import { addSecondTenant } from './users-fixture.js';

const SOCIAL_MENUS = [1, 2739, 2740, 2741, 2742, 2743, 2744];

/** A valid create body of a generic OAuth 2.0 client; `over` changes any field. */
const oauth2Client = (over: Record<string, unknown> = {}) => ({
  name: '统一认证',
  socialType: 90,
  userType: 2,
  clientId: 'portal',
  clientSecret: 'portal-secret',
  status: 0,
  authorizeUrl: 'https://sso.example.com/oauth2/authorize',
  tokenUrl: 'https://sso.example.com/oauth2/token',
  userInfoUrl: 'https://sso.example.com/oauth2/userinfo',
  scope: 'openid profile',
  ...over,
});

describe.each(DIALECTS)('social clients on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let other: { tenantId: number; token: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    const packageId = await createPackage(t, admin, '社交套餐', SOCIAL_MENUS);
    other = await createTenantAndSignIn(
      t,
      admin,
      tenantBody(t, packageId, { name: '社交租户', username: 'socialadmin' }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    extra: { query?: Record<string, string>; body?: unknown } = {},
    token = admin,
    tenant: number = 1,
  ) => t.api({ method, path, token, tenant, ...extra });

  const stored = (id: number) =>
    t.db.kysely.selectFrom('systemSocialClient').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const clientCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('systemSocialClient')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('gives the administrator the 社交客户端 menu through the migration', async () => {
    const info = (await call('GET', '/system/auth/get-permission-info')).data as PermissionInfo;
    const system = info.menus.find((m) => m.id === 1)!;
    const social = system.children?.find((m) => m.id === 2739);
    expect(social).toMatchObject({ name: '社交管理', path: 'social' });
    expect(social?.children?.[0]).toMatchObject({
      id: 2740,
      name: '社交客户端',
      path: 'client',
      component: 'system/social/client/index',
      componentName: 'SystemSocialClient',
    });
    expect(info.permissions).toEqual(
      expect.arrayContaining(['system:social-client:query', 'system:social-client:delete']),
    );
    const dict = await call('GET', '/system/dict-data/list-all-simple');
    expect(
      (dict.data as { dictType: string; value: string; label: string }[]).filter(
        (d) => d.dictType === 'system_social_type',
      ),
    ).toEqual([
      expect.objectContaining({ value: '10', label: '码云' }),
      expect.objectContaining({ value: '20', label: '钉钉' }),
      expect.objectContaining({ value: '30', label: '企业微信' }),
      expect.objectContaining({ value: '90', label: '通用 OAuth 2.0' }),
    ]);
  });

  it('leaves new menus ids after the ones it added', async () => {
    const menu = await call('POST', '/system/menu/create', {
      body: {
        name: '迁移之后',
        permission: '',
        type: 2,
        sort: 9,
        parentId: 2739,
        path: 'after',
        icon: 'tree',
        component: '',
        componentName: '',
        status: 0,
        visible: true,
        keepAlive: true,
        alwaysShow: true,
      },
    });
    expect(menu.code, menu.msg).toBe(0);
    expect(menu.data as number).toBeGreaterThan(2744);
    await call('DELETE', '/system/menu/delete', { query: { id: String(menu.data) } });
  });

  it('creates, reads and pages clients without ever giving the secret out', async () => {
    const created = await call('POST', '/system/social-client/create', { body: oauth2Client() });
    expect(created.code).toBe(0);
    const id = created.data as number;
    const row = await stored(id);
    expect(row.clientSecret).not.toContain('portal-secret');
    expect(row.tenantId).toBe(1);
    const got = await call('GET', '/system/social-client/get', { query: { id: String(id) } });
    expect(got.data).toEqual({
      id,
      name: '统一认证',
      socialType: 90,
      userType: 2,
      clientId: 'portal',
      agentId: null,
      status: 0,
      authorizeUrl: 'https://sso.example.com/oauth2/authorize',
      tokenUrl: 'https://sso.example.com/oauth2/token',
      userInfoUrl: 'https://sso.example.com/oauth2/userinfo',
      scope: 'openid profile',
      createTime: expect.any(Number),
    });
    expect(JSON.stringify(got.data)).not.toContain('secret');

    // The fixed platforms keep their documented endpoints: what is sent for them is dropped.
    const gitee = await call('POST', '/system/social-client/create', {
      body: oauth2Client({
        name: '码云登录',
        socialType: 10,
        clientId: 'gitee-app',
        authorizeUrl: 'https://evil.example.com/',
      }),
    });
    expect(gitee.code).toBe(0);
    expect(await stored(gitee.data as number)).toMatchObject({
      authorizeUrl: null,
      tokenUrl: null,
      userInfoUrl: null,
      scope: null,
    });

    const page = (
      await call('GET', '/system/social-client/page', { query: { name: '码云', pageSize: '10' } })
    ).data as PageResult<SocialClient>;
    expect(page).toMatchObject({ total: 1, list: [{ id: gitee.data, name: '码云登录' }] });
    const bySocial = (
      await call('GET', '/system/social-client/page', { query: { socialType: '90', clientId: 'PORT' } })
    ).data as PageResult<SocialClient>;
    expect(bySocial.list.map((c) => c.id)).toEqual([id]);
    const none = (await call('GET', '/system/social-client/page', { query: { status: '1' } }))
      .data as PageResult<SocialClient>;
    expect(none.total).toBe(0);
    expect(await call('GET', '/system/social-client/get', { query: { id: '99999' } })).toMatchObject({
      code: 0,
      data: null,
    });
  });

  it('keeps one client per user type and platform in a tenant', async () => {
    const before = await clientCount();
    expect(
      await call('POST', '/system/social-client/create', { body: oauth2Client({ clientId: 'again' }) }),
    ).toMatchObject({
      code: 1_002_018_211,
      msg: '社交客户端已存在配置',
    });
    // Another user type is another client.
    const member = await call('POST', '/system/social-client/create', {
      body: oauth2Client({ userType: 1 }),
    });
    expect(member.code).toBe(0);
    expect(await clientCount()).toBe(before + 1);
    // Moving it onto the admin one is refused too.
    const moved = await call('PUT', '/system/social-client/update', {
      body: { ...oauth2Client(), id: member.data, userType: 2 },
    });
    expect(moved.code).toBe(1_002_018_211);
  });

  it('updates a client, keeping the secret when none is sent', async () => {
    const id = (
      await call('POST', '/system/social-client/create', {
        body: oauth2Client({ socialType: 30, clientId: 'wwcorp', agentId: '1000001', name: '企业微信' }),
      })
    ).data as number;
    const sealed = (await stored(id)).clientSecret;
    const keep = await call('PUT', '/system/social-client/update', {
      body: {
        ...oauth2Client({ socialType: 30, agentId: '1000002', name: '企业微信登录', status: 1 }),
        id,
        clientSecret: '',
      },
    });
    expect(keep).toMatchObject({ code: 0, data: true });
    expect(await stored(id)).toMatchObject({
      clientSecret: sealed,
      agentId: '1000002',
      name: '企业微信登录',
      status: 1,
    });
    await call('PUT', '/system/social-client/update', {
      body: { ...oauth2Client({ socialType: 30, agentId: '1000002' }), id, clientSecret: 'new-secret' },
    });
    const changed = (await stored(id)).clientSecret;
    expect(changed).not.toBe(sealed);
    // Sealed under the key the server generated and keeps in infra_secret.
    const key = await t.db.kysely
      .selectFrom('infraSecret')
      .select('value')
      .where('name', '=', 'social-client-secret')
      .executeTakeFirstOrThrow();
    expect(secretBox(key.value).open(changed)).toBe('new-secret');
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await clientCount();
    const cases: [Record<string, unknown>, string][] = [
      [oauth2Client({ name: ' ' }), '应用名不能为空'],
      [oauth2Client({ socialType: undefined }), '社交平台的类型不能为空'],
      [oauth2Client({ socialType: 11 }), '社交平台的类型不正确'],
      [oauth2Client({ userType: 3 }), '用户类型不正确'],
      [oauth2Client({ clientId: '' }), '客户端编号不能为空'],
      [oauth2Client({ clientSecret: undefined }), '客户端密钥不能为空'],
      [oauth2Client({ status: 2 }), '状态只能是 0（开启）或 1（关闭）'],
      [oauth2Client({ socialType: 30, agentId: '' }), 'agentId 不能为空'],
      [oauth2Client({ tokenUrl: '' }), '令牌地址不能为空'],
      [
        oauth2Client({ authorizeUrl: 'javascript:alert(1)' }),
        '授权地址必须是 http:// 或 https:// 开头的地址',
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await call('POST', '/system/social-client/create', { body });
      expect(res.code, msg).toBe(400);
      expect(res.msg).toContain(msg);
    }
    expect(await clientCount()).toBe(before);
    expect(
      await call('PUT', '/system/social-client/update', { body: { ...oauth2Client(), id: 99999 } }),
    ).toMatchObject({
      code: 1_002_018_210,
      msg: '社交客户端不存在',
    });
    expect(await call('DELETE', '/system/social-client/delete', { query: { id: '99999' } })).toMatchObject({
      code: 1_002_018_210,
    });
    expect((await call('GET', '/system/social-client/get', { query: { id: 'x' } })).code).toBe(400);
    expect((await call('GET', '/system/social-client/page', { query: { socialType: 'x' } })).code).toBe(400);
  });

  it('keeps each tenant to its own clients', async () => {
    // The other tenant may configure the same platform: uniqueness is per tenant.
    const theirs = await call(
      'POST',
      '/system/social-client/create',
      { body: oauth2Client({ name: '他们的' }) },
      other.token,
      other.tenantId,
    );
    expect(theirs.code).toBe(0);
    const id = String(theirs.data);
    expect(await call('GET', '/system/social-client/get', { query: { id } })).toMatchObject({
      code: 0,
      data: null,
    });
    expect(
      await call('PUT', '/system/social-client/update', {
        body: { ...oauth2Client({ name: '改' }), id: theirs.data },
      }),
    ).toMatchObject({ code: 1_002_018_210 });
    expect(await call('DELETE', '/system/social-client/delete', { query: { id } })).toMatchObject({
      code: 1_002_018_210,
    });
    const ours = (await call('GET', '/system/social-client/page')).data as PageResult<SocialClient>;
    expect(ours.list.some((c) => c.name === '他们的')).toBe(false);
    const list = (await call('GET', '/system/social-client/page', {}, other.token, other.tenantId))
      .data as PageResult<SocialClient>;
    expect(list.list.map((c) => c.name)).toEqual(['他们的']);
    expect(await stored(Number(id))).toMatchObject({ name: '他们的', deleted: 0 });
  });

  it('deletes a client', async () => {
    const id = (
      await call('POST', '/system/social-client/create', {
        body: oauth2Client({ socialType: 20, clientId: 'ding' }),
      })
    ).data as number;
    expect(await call('DELETE', '/system/social-client/delete', { query: { id: String(id) } })).toMatchObject(
      { code: 0, data: true },
    );
    expect(await call('GET', '/system/social-client/get', { query: { id: String(id) } })).toMatchObject({
      data: null,
    });
    // Gone, the platform can be configured again.
    expect(
      (
        await call('POST', '/system/social-client/create', {
          body: oauth2Client({ socialType: 20, clientId: 'ding2' }),
        })
      ).code,
    ).toBe(0);
  });

  it('checks sign-in, permission and tenant on every client endpoint', async () => {
    const tenant2 = await addSecondTenant(t);
    const endpoints: [
      'GET' | 'POST' | 'PUT' | 'DELETE',
      string,
      { query?: Record<string, string>; body?: unknown },
    ][] = [
      ['GET', '/system/social-client/page', {}],
      ['GET', '/system/social-client/get', { query: { id: '1' } }],
      ['POST', '/system/social-client/create', { body: oauth2Client({ socialType: 10 }) }],
      ['PUT', '/system/social-client/update', { body: { ...oauth2Client(), id: 1 } }],
      ['DELETE', '/system/social-client/delete', { query: { id: '1' } }],
    ];
    const before = await clientCount();
    for (const [method, path, extra] of endpoints) {
      expect(await call(method, path, extra, '')).toMatchObject({ code: 401, msg: '账号未登录' });
      expect(await call(method, path, extra, operator)).toMatchObject({ code: 403, msg: '没有该操作权限' });
      expect(await call(method, path, extra, tenant2.token, tenant2.tenantId)).toMatchObject({ code: 403 });
      expect(await call(method, path, extra, admin, tenant2.tenantId)).toMatchObject({
        code: 403,
        msg: '您无权访问该租户的数据',
      });
    }
    expect(await clientCount()).toBe(before);
  });
});
