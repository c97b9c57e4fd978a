import type { MenuNode, MenuSimple, PageResult, PermissionInfo, Tenant } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { createPackage, createTenantAndSignIn, DAY, roleMenuIds, tenantBody } from './tenant-fixture.js';
import { readSheet } from './users-fixture.js';

/** 系统管理 > 用户管理 with 用户查询 and 用户新增, 角色管理 with 角色查询 and 设置角色菜单权限. */
const SMALL = [1, 100, 1001, 1002, 101, 1008, 1063];
/** 系统管理 > 岗位管理 (104) only. */
const POSTS = [1, 104];

const menuIdsOf = (nodes: MenuNode[]): number[] =>
  nodes.flatMap((n) => [n.id, ...menuIdsOf((n.children ?? []) as MenuNode[])]).sort((a, b) => a - b);

describe.each(DIALECTS)('tenants on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let small: number;
  let posts: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    small = await createPackage(t, admin, '小套餐', SMALL);
    posts = await createPackage(t, admin, '岗位套餐', POSTS);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    opts: { query?: Record<string, string>; body?: unknown; token?: string | null; tenant?: number } = {},
  ) =>
    t.api({
      method,
      path: `/system/tenant${path}`,
      ...opts,
      token: opts.token === undefined ? admin : opts.token,
    });
  const total = async () => ((await call('GET', '/page')).data as PageResult<Tenant>).total;
  const permissionInfo = async (as: { token: string; tenant: number }) =>
    (await t.api({ path: '/system/auth/get-permission-info', ...as })).data as PermissionInfo;

  it('creates a tenant with its administrator, who sees only the package', async () => {
    const body = tenantBody(t, small, { name: '甲公司', username: 'jiaadmin', password: 'jia12345' });
    const { tenantId, token } = await createTenantAndSignIn(t, admin, body);
    const as = { token, tenant: tenantId };

    const got = await call('GET', '/get', { query: { id: String(tenantId) } });
    expect(Object.keys(got.data as object).sort()).toEqual([
      'accountCount',
      'contactMobile',
      'contactName',
      'createTime',
      'domain',
      'expireTime',
      'id',
      'name',
      'packageId',
      'status',
    ]);
    expect(got.data).toMatchObject({
      id: tenantId,
      name: '甲公司',
      contactName: '租户联系人',
      contactMobile: '13900000001',
      domain: 'https://tenant.example.com',
      packageId: small,
      expireTime: body.expireTime,
      accountCount: 5,
      status: 0,
    });
    expect(
      await t.api({ path: '/system/tenant/get-id-by-name', query: { name: '甲公司' }, tenant: null }),
    ).toMatchObject({
      data: tenantId,
    });

    // Its administrator: the built-in tenant_admin role with the package's menus, the contact as nickname.
    const roles = await t.db.kysely
      .selectFrom('systemRole')
      .select(['code', 'name', 'type', 'status'])
      .where('tenantId', '=', tenantId)
      .execute();
    expect(roles).toEqual([{ code: 'tenant_admin', name: '租户管理员', type: 1, status: 0 }]);
    expect(await roleMenuIds(t, tenantId, 'tenant_admin')).toEqual([...SMALL].sort((a, b) => a - b));
    const info = await permissionInfo(as);
    expect(info.roles).toEqual(['tenant_admin']);
    expect(info.user.nickname).toBe('租户联系人');
    expect(menuIdsOf(info.menus)).toEqual([1, 100, 101]);
    expect(info.permissions.sort()).toEqual([
      'system:permission:assign-role-menu',
      'system:role:query',
      'system:user:create',
      'system:user:list',
      'system:user:query',
    ]);
    const contact = await t.db.kysely
      .selectFrom('systemTenant')
      .select('contactUserId')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const self = await t.db.kysely
      .selectFrom('systemUsers')
      .select(['id', 'mobile', 'password'])
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(contact.contactUserId).toBe(self.id);
    expect(self.mobile).toBe('13900000001');
    expect(self.password).toMatch(/^\$2[ab]\$/);

    // Outside the package: not offered in 菜单权限, not assignable, not callable.
    const offered = (await t.api({ path: '/system/menu/simple-list', ...as })).data as MenuSimple[];
    expect(offered.map((m) => m.id).sort((a, b) => a - b)).toEqual([...SMALL].sort((a, b) => a - b));
    const adminRole = await t.api({ path: '/system/role/page', ...as });
    const roleId = (adminRole.data as PageResult<{ id: number }>).list[0]!.id;
    const widen = await t.api({
      method: 'POST',
      path: '/system/permission/assign-role-menu',
      body: { roleId, menuIds: [...SMALL, 104] },
      ...as,
    });
    expect(widen).toMatchObject({ code: 1_002_001_003, msg: '菜单不存在' });
    expect(await roleMenuIds(t, tenantId, 'tenant_admin')).not.toContain(104);
    const narrow = await t.api({
      method: 'POST',
      path: '/system/permission/assign-role-menu',
      body: { roleId, menuIds: [1, 100, 1001, 101, 1008, 1063] },
      ...as,
    });
    expect(narrow).toMatchObject({ code: 0, data: true });
    expect((await permissionInfo(as)).permissions).not.toContain('system:user:create');
    expect((await t.api({ path: '/system/post/page', ...as })).code).toBe(403);

    // The system tenant's own menus are untouched: admin is still offered every menu.
    const all = (await t.api({ path: '/system/menu/list-all-simple', token: admin })).data as MenuSimple[];
    expect(all.length).toBeGreaterThan(SMALL.length + 100);
  });

  it('enforces the account quota: the administrator is the first account', async () => {
    const before = await total();
    expect(
      await call('POST', '/create', {
        body: tenantBody(t, small, { name: '零额度', username: 'zeroadmin', accountCount: 0 }),
      }),
    ).toMatchObject({ code: 1_002_003_008, msg: '创建用户失败，原因：超过租户最大租户配额(0)！' });
    expect(await total()).toBe(before);

    const { tenantId, token } = await createTenantAndSignIn(
      t,
      admin,
      tenantBody(t, small, { name: '单额度', username: 'oneadmin', accountCount: 1 }),
    );
    const user = await t.api({
      method: 'POST',
      path: '/system/user/create',
      body: { username: 'second', nickname: '第二人', password: 'second123' },
      token,
      tenant: tenantId,
    });
    expect(user).toMatchObject({ code: 1_002_003_008, msg: '创建用户失败，原因：超过租户最大租户配额(1)！' });
  });

  it('refuses bad input and unusable packages, creating nothing', async () => {
    const before = await total();
    const create = (overrides: Record<string, unknown>) =>
      call('POST', '/create', { body: tenantBody(t, small, { name: '坏租户', ...overrides }) });
    for (const [overrides, message] of [
      [{ name: '' }, '租户名不能为空'],
      [{ contactName: undefined }, '联系人不能为空'],
      [{ username: 'a!' }, '用户账号由 4-30 位数字、字母组成'],
      [{ password: '123' }, '密码长度为 4-16 位'],
      [{ contactMobile: '12345' }, '联系手机格式不正确'],
      [{ domain: 'not a url' }, '绑定域名的地址非 URL 格式'],
      [{ expireTime: 'tomorrow' }, '过期时间'],
      [{ accountCount: -1 }, '账号额度不能小于 0'],
    ] as const) {
      const res = await create(overrides);
      expect(res.code, JSON.stringify(overrides)).toBe(400);
      expect(res.msg).toContain(message);
    }
    expect(await create({ packageId: 0 })).toMatchObject({ code: 1_002_016_000, msg: '租户套餐不存在' });
    const off = await createPackage(t, admin, '下架套餐', [1]);
    await t.api({
      method: 'PUT',
      path: '/system/tenant-package/update',
      body: { id: off, name: '下架套餐', status: 1, menuIds: [1] },
      token: admin,
    });
    expect(await create({ packageId: off })).toMatchObject({
      code: 1_002_016_002,
      msg: '名字为【下架套餐】的租户套餐已被禁用',
    });
    expect(await create({ name: '默认租户' })).toMatchObject({
      code: 1_002_015_004,
      msg: '名字为【默认租户】的租户已存在',
    });
    expect(await total()).toBe(before);
    const orphans = await t.db.kysely
      .selectFrom('systemUsers')
      .select('id')
      .where('username', '=', 'tenantadmin')
      .execute();
    expect(orphans).toEqual([]);
  });

  it('pages with filters and exports an .xlsx read back', async () => {
    const created = await call('POST', '/create', {
      body: tenantBody(t, posts, {
        name: '乙商行',
        contactName: '王经理',
        contactMobile: '13700000002',
        username: 'yiadmin',
        status: 1,
      }),
    });
    expect(created.code).toBe(0);
    const page = async (query: Record<string, string>) =>
      ((await call('GET', '/page', { query })).data as PageResult<Tenant>).list.map((x) => x.name);
    expect(await page({ name: '商行' })).toEqual(['乙商行']);
    expect(await page({ contactName: '王' })).toEqual(['乙商行']);
    expect(await page({ contactMobile: '137000' })).toEqual(['乙商行']);
    expect(await page({ status: '1' })).toEqual(['乙商行']);
    expect(await page({ 'createTime[0]': '2999-01-01 00:00:00' })).toEqual([]);
    const first = (await call('GET', '/page', { query: { pageNo: '1', pageSize: '2' } }))
      .data as PageResult<Tenant>;
    expect(first.list).toHaveLength(2);
    expect(first.total).toBe(await total());
    expect((await call('GET', '/page', { query: { pageSize: '101' } })).code).toBe(400);

    const res = await t.app.inject({
      url: '/admin-api/system/tenant/export-excel',
      query: { name: '商行' },
      headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('租户.xlsx'));
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['租户编号', '租户名', '联系人', '联系手机', '状态', '创建时间']);
    expect(rows.slice(1).map((r) => r.slice(1, 5))).toEqual([['乙商行', '王经理', '13700000002', '关闭']]);
    expect(rows[1]![5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('moves a tenant to another package: its roles follow', async () => {
    const body = tenantBody(t, small, { name: '丙工厂', username: 'bingadmin' });
    const { tenantId, token } = await createTenantAndSignIn(t, admin, body);
    const { username: _u, password: _p, ...fields } = body;
    expect(
      await call('PUT', '/update', { body: { ...fields, id: tenantId, packageId: posts, accountCount: 9 } }),
    ).toMatchObject({ code: 0, data: true });
    expect(await roleMenuIds(t, tenantId, 'tenant_admin')).toEqual(POSTS);
    expect(menuIdsOf((await permissionInfo({ token, tenant: tenantId })).menus)).toEqual([1, 104]);
    expect((await call('GET', '/get', { query: { id: String(tenantId) } })).data).toMatchObject({
      packageId: posts,
      accountCount: 9,
    });

    // Disabled: its users are refused at once; expired likewise.
    await call('PUT', '/update', { body: { ...fields, id: tenantId, packageId: posts, status: 1 } });
    expect(await t.api({ path: '/system/auth/get-permission-info', token, tenant: tenantId })).toMatchObject({
      code: 1_002_015_001,
      msg: '名字为【丙工厂】的租户已被禁用',
    });
    await call('PUT', '/update', {
      body: { ...fields, id: tenantId, packageId: posts, status: 0, expireTime: t.clock.now - DAY },
    });
    expect((await t.api({ path: '/system/auth/get-permission-info', token, tenant: tenantId })).code).toBe(
      1_002_015_002,
    );

    // Validation and the system tenant.
    expect(
      await call('PUT', '/update', { body: { ...fields, id: tenantId, packageId: 987654 } }),
    ).toMatchObject({ code: 1_002_016_000 });
    expect(
      await call('PUT', '/update', { body: { ...fields, id: tenantId, name: '默认租户' } }),
    ).toMatchObject({ code: 1_002_015_004 });
    expect(await call('PUT', '/update', { body: { ...fields, id: 987654 } })).toMatchObject({
      code: 1_002_015_000,
      msg: '租户不存在',
    });
    expect(
      await call('PUT', '/update', { body: { ...fields, id: 1, name: '默认租户', packageId: small } }),
    ).toMatchObject({
      code: 1_002_015_003,
      msg: '系统租户不能进行修改、删除等操作！',
    });
    expect((await call('PUT', '/update', { body: { ...fields, id: tenantId, status: 5 } })).code).toBe(400);
    const systemTenant = (await call('GET', '/get', { query: { id: '1' } })).data as Tenant;
    expect(systemTenant).toMatchObject({ packageId: 0, status: 0 });
  });

  it('deletes a tenant logically: its users are shut out', async () => {
    const { tenantId, token } = await createTenantAndSignIn(
      t,
      admin,
      tenantBody(t, posts, { name: '丁小店', username: 'dingadmin' }),
    );
    expect(await call('DELETE', '/delete', { query: { id: '1' } })).toMatchObject({ code: 1_002_015_003 });
    expect(await call('DELETE', '/delete', { query: { id: String(tenantId) } })).toMatchObject({
      code: 0,
      data: true,
    });
    expect(await call('GET', '/get', { query: { id: String(tenantId) } })).toMatchObject({
      code: 1_002_015_000,
    });
    const row = await t.db.kysely
      .selectFrom('systemTenant')
      .select('deleted')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(row.deleted).toBe(1);
    expect((await t.api({ path: '/system/auth/get-permission-info', token, tenant: tenantId })).code).toBe(
      1_002_015_000,
    );
    expect(
      await t.api({ path: '/system/tenant/get-id-by-name', query: { name: '丁小店' }, tenant: null }),
    ).toMatchObject({ data: null });
    expect(await call('DELETE', '/delete', { query: { id: String(tenantId) } })).toMatchObject({
      code: 1_002_015_000,
    });
    // A deleted tenant no longer holds its package; 乙商行 and 丙工厂 still do.
    const users = await t.db.kysely
      .selectFrom('systemTenant')
      .select('name')
      .where('packageId', '=', posts)
      .where('deleted', '=', 0)
      .orderBy('id')
      .execute();
    expect(users.map((u) => u.name)).toEqual(['乙商行', '丙工厂']);
  });

  it('answers 401 and 403, and refuses other tenants even with the permission', async () => {
    expect(await call('GET', '/page', { token: null })).toMatchObject({ code: 401 });
    expect(await call('POST', '/create', { token: null, body: {} })).toMatchObject({ code: 401 });
    expect(await call('GET', '/page', { token: operator })).toMatchObject({ code: 403 });
    expect(await call('DELETE', '/delete', { token: operator, query: { id: '1' } })).toMatchObject({
      code: 403,
    });
    const before = await total();

    const everything = await createPackage(
      t,
      admin,
      '租户管理套餐',
      [1, 1224, 1138, 1139, 1140, 1141, 1142, 1143],
    );
    const other = await createTenantAndSignIn(
      t,
      admin,
      tenantBody(t, everything, { name: '戊集团', username: 'wuadmin' }),
    );
    const as = { token: other.token, tenant: other.tenantId };
    expect((await permissionInfo(as)).permissions).toContain('system:tenant:create');
    const { username: _u, password: _p, ...fields } = tenantBody(t, everything, { name: '戊集团' });
    for (const res of [
      await call('GET', '/page', as),
      await call('GET', '/get', { ...as, query: { id: '1' } }),
      await call('POST', '/create', {
        ...as,
        body: tenantBody(t, everything, { name: '己', username: 'jiadmin' }),
      }),
      await call('PUT', '/update', { ...as, body: { ...fields, id: other.tenantId, accountCount: 9999 } }),
      await call('DELETE', '/delete', { ...as, query: { id: String(other.tenantId) } }),
    ])
      expect(res).toMatchObject({ code: 403, msg: '没有该操作权限' });
    const exported = await t.app.inject({
      url: '/admin-api/system/tenant/export-excel',
      headers: { authorization: `Bearer ${other.token}`, 'tenant-id': String(other.tenantId) },
    });
    expect(exported.json()).toMatchObject({ code: 403 });
    expect(await total()).toBe(before + 1);
    expect(await call('GET', '/page', { tenant: other.tenantId })).toMatchObject({
      code: 403,
      msg: '您无权访问该租户的数据',
    });
  });
});
