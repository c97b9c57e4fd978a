import type { PageResult, TenantPackage } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { createPackage, createTenantAndSignIn, roleMenuIds, tenantBody } from './tenant-fixture.js';

/** 系统管理 > 用户管理 (with 用户查询) and 角色管理 (with 角色查询). */
const USER_MENUS = [1, 100, 1001];
const ROLE_MENUS = [101, 1008];

describe.each(DIALECTS)('tenant packages on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
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
      path: `/system/tenant-package${path}`,
      ...opts,
      token: opts.token === undefined ? admin : opts.token,
    });

  it('creates, pages, reads, updates and deletes a package', async () => {
    const id = await createPackage(t, admin, '基础套餐', [...USER_MENUS, 1001]);
    const got = await call('GET', '/get', { query: { id: String(id) } });
    expect(got.code).toBe(0);
    expect(Object.keys(got.data as object).sort()).toEqual([
      'createTime',
      'id',
      'menuIds',
      'name',
      'remark',
      'status',
    ]);
    expect(got.data).toMatchObject({ id, name: '基础套餐', status: 0, remark: null, menuIds: USER_MENUS });

    const off = await createPackage(t, admin, '停用套餐', [1]);
    expect(
      await call('PUT', '/update', {
        body: { id: off, name: '停用套餐', status: 1, remark: '不再销售', menuIds: [1, 100] },
      }),
    ).toMatchObject({ code: 0, data: true });

    const page = (await call('GET', '/page', { query: { pageNo: '1', pageSize: '10' } }))
      .data as PageResult<TenantPackage>;
    expect(page.total).toBe(2);
    expect(page.list.map((p) => p.name)).toEqual(['停用套餐', '基础套餐']);
    const byStatus = (await call('GET', '/page', { query: { status: '1' } }))
      .data as PageResult<TenantPackage>;
    expect(byStatus.list.map((p) => p.id)).toEqual([off]);
    const byRemark = (await call('GET', '/page', { query: { remark: '销售', name: '停用' } }))
      .data as PageResult<TenantPackage>;
    expect(byRemark.list).toMatchObject([{ id: off, remark: '不再销售', menuIds: [1, 100] }]);
    const future = (
      await call('GET', '/page', { query: { 'createTime[0]': '2999-01-01 00:00:00', 'createTime[1]': '' } })
    ).data as PageResult<TenantPackage>;
    expect(future.total).toBe(0);

    // The simple lists offer only enabled packages.
    for (const path of ['/get-simple-list', '/simple-list'])
      expect(await call('GET', path)).toMatchObject({ code: 0, data: [{ id, name: '基础套餐' }] });

    expect(await call('DELETE', '/delete', { query: { id: String(off) } })).toMatchObject({
      code: 0,
      data: true,
    });
    expect(await call('GET', '/get', { query: { id: String(off) } })).toMatchObject({
      code: 1_002_016_000,
      msg: '租户套餐不存在',
    });
    // A deleted package's name is free again.
    await createPackage(t, admin, '停用套餐', [1]);
  });

  it('refuses bad input, duplicate names and unknown menus, and changes nothing', async () => {
    const before = ((await call('GET', '/page')).data as PageResult<TenantPackage>).total;
    const empty = await call('POST', '/create', { body: { name: ' ', status: 0, menuIds: [1] } });
    expect(empty.code).toBe(400);
    expect(empty.msg).toContain('套餐名不能为空');
    const noMenus = await call('POST', '/create', { body: { name: '无菜单', status: 0 } });
    expect(noMenus.code).toBe(400);
    expect(noMenus.msg).toContain('关联的菜单编号不能为空');
    expect((await call('POST', '/create', { body: { name: '坏状态', status: 3, menuIds: [] } })).code).toBe(
      400,
    );
    await createPackage(t, admin, '唯一套餐', [1]);
    expect(
      await call('POST', '/create', { body: { name: '唯一套餐', status: 0, menuIds: [1] } }),
    ).toMatchObject({
      code: 1_002_016_003,
      msg: '已经存在该名字的租户套餐',
    });
    expect(
      await call('POST', '/create', { body: { name: '幽灵菜单', status: 0, menuIds: [1, 987654] } }),
    ).toMatchObject({
      code: 1_002_001_003,
      msg: '菜单不存在',
    });
    expect(((await call('GET', '/page')).data as PageResult<TenantPackage>).total).toBe(before + 1);
    expect(
      await call('PUT', '/update', { body: { id: 987654, name: 'x', status: 0, menuIds: [] } }),
    ).toMatchObject({
      code: 1_002_016_000,
    });
    expect(await call('DELETE', '/delete', { query: { id: '987654' } })).toMatchObject({
      code: 1_002_016_000,
    });
    expect((await call('GET', '/get', { query: { id: 'abc' } })).code).toBe(400);
  });

  it('takes the menus that leave a package from every role of its tenants, and gives tenant_admin the new ones', async () => {
    // 角色新增 and 设置角色菜单权限 let the tenant's administrator make a role of its own.
    const packageId = await createPackage(t, admin, '传播套餐', [...USER_MENUS, ...ROLE_MENUS, 1009, 1063]);
    const tenant = await createTenantAndSignIn(t, admin, tenantBody(t, packageId, { name: '传播租户' }));
    const as = { token: tenant.token, tenant: tenant.tenantId };
    expect(await roleMenuIds(t, tenant.tenantId, 'tenant_admin')).toEqual([
      1, 100, 101, 1001, 1008, 1009, 1063,
    ]);
    const role = await t.api({
      method: 'POST',
      path: '/system/role/create',
      body: { name: '查看员', code: 'viewer', sort: 1 },
      ...as,
    });
    expect(role.code).toBe(0);
    const assigned = await t.api({
      method: 'POST',
      path: '/system/permission/assign-role-menu',
      body: { roleId: role.data, menuIds: [1, 100, 1001, 101, 1008] },
      ...as,
    });
    expect(assigned).toMatchObject({ code: 0, data: true });

    expect(
      await call('PUT', '/update', {
        body: { id: packageId, name: '传播套餐', status: 0, remark: null, menuIds: [1, 100, 1001, 1002] },
      }),
    ).toMatchObject({ code: 0 });
    expect(await roleMenuIds(t, tenant.tenantId, 'tenant_admin')).toEqual([1, 100, 1001, 1002]);
    expect(await roleMenuIds(t, tenant.tenantId, 'viewer')).toEqual([1, 100, 1001]);

    // The administrator's next permission info shows the new package at once.
    const info = await t.api({ path: '/system/auth/get-permission-info', ...as });
    expect((info.data as { permissions: string[] }).permissions.sort()).toEqual([
      'system:user:create',
      'system:user:list',
      'system:user:query',
    ]);
    // The role page is gone for the tenant, and with it the right to hand out menus.
    expect((await t.api({ path: '/system/role/page', ...as })).code).toBe(403);
    // Tenant 1 (the system tenant) is never touched.
    expect(await roleMenuIds(t, 1, 'operator')).toEqual([1, 100, 105, 1001, 1026]);
  });

  it('refuses to delete a package in use', async () => {
    const packageId = await createPackage(t, admin, '在用套餐', [1]);
    await createTenantAndSignIn(t, admin, tenantBody(t, packageId, { name: '在用租户', username: 'inuse' }));
    expect(await call('DELETE', '/delete', { query: { id: String(packageId) } })).toMatchObject({
      code: 1_002_016_001,
      msg: '租户正在使用该套餐，请给租户重新设置套餐后再尝试删除',
    });
    expect((await call('GET', '/get', { query: { id: String(packageId) } })).code).toBe(0);
  });

  it('answers 401 and 403, and refuses other tenants even with the permission', async () => {
    expect(await call('GET', '/page', { token: null })).toMatchObject({ code: 401 });
    expect(await call('GET', '/get-simple-list', { token: null })).toMatchObject({ code: 401 });
    expect(await call('GET', '/page', { token: operator })).toMatchObject({ code: 403 });
    expect(
      await call('POST', '/create', { token: operator, body: { name: 'x', status: 0, menuIds: [1] } }),
    ).toMatchObject({
      code: 403,
    });
    // A tenant whose package holds 租户套餐 with every button: its administrator is still refused.
    const packageId = await createPackage(t, admin, '越权套餐', [1, 1224, 1225, 1226, 1227, 1228, 1229]);
    const other = await createTenantAndSignIn(
      t,
      admin,
      tenantBody(t, packageId, { name: '越权租户', username: 'sneaky' }),
    );
    const as = { token: other.token, tenant: other.tenantId };
    const perms = await t.api({ path: '/system/auth/get-permission-info', ...as });
    expect((perms.data as { permissions: string[] }).permissions).toContain('system:tenant-package:update');
    for (const res of [
      await call('GET', '/page', as),
      await call('GET', '/get', { ...as, query: { id: String(packageId) } }),
      await call('GET', '/get-simple-list', as),
      await call('POST', '/create', { ...as, body: { name: '自封套餐', status: 0, menuIds: [1] } }),
      await call('PUT', '/update', {
        ...as,
        body: { id: packageId, name: '越权套餐', status: 0, menuIds: [1, 2] },
      }),
      await call('DELETE', '/delete', { ...as, query: { id: String(packageId) } }),
    ])
      expect(res).toMatchObject({ code: 403, msg: '没有该操作权限' });
    expect(
      ((await call('GET', '/get', { query: { id: String(packageId) } })).data as TenantPackage).menuIds,
    ).toEqual([1, 1224, 1225, 1226, 1227, 1228, 1229]);
    // The system admin with another tenant's header is refused by the tenant check.
    expect(await call('GET', '/page', { tenant: other.tenantId })).toMatchObject({
      code: 403,
      msg: '您无权访问该租户的数据',
    });
  });
});
