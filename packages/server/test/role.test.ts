import type { PageResult, PermissionInfo, Role } from '@app/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

const ROLE_KEYS = [
  'code',
  'createTime',
  'dataScope',
  'dataScopeDeptIds',
  'id',
  'name',
  'remark',
  'sort',
  'status',
  'type',
];

describe.each(DIALECTS)('roles and permission assignment on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let otherTenant: number;
  let otherTenantRole: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    const k = t.db.kysely;
    otherTenant = (
      await k
        .insertInto('systemTenant')
        .values({
          name: '第二租户',
          contactUserId: null,
          contactName: '租户二',
          contactMobile: null,
          status: 0,
          domain: null,
          packageId: 1,
          expireTime: Date.UTC(2099, 0, 1),
          accountCount: 10,
          creator: null,
          updater: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    otherTenantRole = (
      await k
        .insertInto('systemRole')
        .values({
          tenantId: otherTenant,
          name: '别的租户角色',
          code: 'other_tenant_role',
          sort: 1,
          dataScope: 1,
          dataScopeDeptIds: '[]',
          status: 0,
          type: 2,
          remark: null,
          creator: null,
          updater: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    opts: { query?: Record<string, string>; body?: unknown; token?: string | null; tenant?: number } = {},
  ) => t.api({ method, path, token: opts.token === undefined ? admin : opts.token, ...opts });

  const createRole = async (name: string, code: string, sort = 5) => {
    const res = await call('POST', '/system/role/create', { body: { name, code, sort, remark: '测试' } });
    expect(res).toMatchObject({ code: 0 });
    return res.data as number;
  };

  describe('role CRUD', () => {
    it('pages the seeded roles with the reference fields, sorted by sort', async () => {
      const res = await call('GET', '/system/role/page', { query: { pageNo: '1', pageSize: '10' } });
      expect(res.code).toBe(0);
      const page = res.data as PageResult<Role>;
      expect(page.total).toBeGreaterThanOrEqual(2);
      expect(Object.keys(page.list[0]!).sort()).toEqual(ROLE_KEYS);
      expect(page.list.slice(0, 2).map((r) => r.code)).toEqual(['super_admin', 'operator']);
      // Never another tenant's roles.
      expect(page.list.map((r) => r.code)).not.toContain('other_tenant_role');
    });

    it('creates a custom, enabled role with all data and reads it back', async () => {
      const id = await createRole('财务专员', 'Finance_Clerk', 3);
      const res = await call('GET', '/system/role/get', { query: { id: String(id) } });
      expect(res.data).toMatchObject({
        id,
        name: '财务专员',
        code: 'Finance_Clerk',
        sort: 3,
        status: 0,
        type: 2,
        remark: '测试',
        dataScope: 1,
        dataScopeDeptIds: [],
      });
    });

    it('filters the page by name, code (case-insensitive), status and creation time', async () => {
      const page = async (query: Record<string, string>) =>
        ((await call('GET', '/system/role/page', { query })).data as PageResult<Role>).list.map(
          (r) => r.code,
        );
      expect(await page({ name: '财务' })).toEqual(['Finance_Clerk']);
      expect(await page({ code: 'finance_' })).toEqual(['Finance_Clerk']);
      expect(await page({ code: '%' })).toEqual([]);
      expect(await page({ status: '1' })).toEqual([]);
      expect(
        await page({ 'createTime[0]': '2000-01-01 00:00:00', 'createTime[1]': '2000-01-02 00:00:00' }),
      ).toEqual([]);
    });

    it('refuses bad input with a Chinese 400 and changes nothing', async () => {
      const before = ((await call('GET', '/system/role/page')).data as PageResult<Role>).total;
      const res = await call('POST', '/system/role/create', { body: { name: '', code: 'x', sort: 1 } });
      expect(res.code).toBe(400);
      expect(res.msg).toContain('角色名称不能为空');
      const noSort = await call('POST', '/system/role/create', { body: { name: '甲', code: 'jia' } });
      expect(noSort).toMatchObject({ code: 400 });
      expect(noSort.msg).toContain('显示顺序不能为空');
      const badStatus = await call('PUT', '/system/role/update-status', { body: { id: 2, status: 3 } });
      expect(badStatus.code).toBe(400);
      const badTime = await call('GET', '/system/role/page', { query: { 'createTime[0]': 'yesterday' } });
      expect(badTime.code).toBe(400);
      expect(((await call('GET', '/system/role/page')).data as PageResult<Role>).total).toBe(before);
    });

    it('keeps names and codes unique and refuses the super_admin code', async () => {
      expect(
        await call('POST', '/system/role/create', { body: { name: '运营人员', code: 'new', sort: 1 } }),
      ).toMatchObject({
        code: 1_002_002_001,
        msg: '已经存在名为【运营人员】的角色',
      });
      expect(
        await call('POST', '/system/role/create', { body: { name: '新角色', code: 'operator', sort: 1 } }),
      ).toMatchObject({
        code: 1_002_002_002,
        msg: '已经存在编码为【operator】的角色',
      });
      expect(
        await call('POST', '/system/role/create', { body: { name: '新角色', code: 'super_admin', sort: 1 } }),
      ).toMatchObject({ code: 1_002_002_005, msg: '编码【super_admin】不能使用' });
    });

    it('updates a custom role and its status; the built-in role stays untouched', async () => {
      const id = await createRole('临时角色', 'temp_role');
      expect(
        await call('PUT', '/system/role/update', {
          body: { id, name: '临时角色二', code: 'temp_role_2', sort: 9, remark: '' },
        }),
      ).toMatchObject({ code: 0, data: true });
      expect(await call('PUT', '/system/role/update-status', { body: { id, status: 1 } })).toMatchObject({
        code: 0,
      });
      const role = (await call('GET', '/system/role/get', { query: { id: String(id) } })).data as Role;
      expect(role).toMatchObject({
        name: '临时角色二',
        code: 'temp_role_2',
        sort: 9,
        status: 1,
        remark: null,
      });

      const builtIn = { code: 1_002_002_003, msg: '不能操作类型为系统内置的角色' };
      expect(
        await call('PUT', '/system/role/update', { body: { id: 1, name: '超管', code: 'boss', sort: 1 } }),
      ).toMatchObject(builtIn);
      expect(await call('PUT', '/system/role/update-status', { body: { id: 1, status: 1 } })).toMatchObject(
        builtIn,
      );
      expect(await call('DELETE', '/system/role/delete', { query: { id: '1' } })).toMatchObject(builtIn);
      expect(await call('GET', '/system/role/get', { query: { id: '99999' } })).toMatchObject({
        code: 1_002_002_000,
        msg: '角色不存在',
      });
    });

    it('lists enabled roles only under both simple-list paths', async () => {
      for (const path of ['/system/role/simple-list', '/system/role/list-all-simple']) {
        const res = await call('GET', path, { token: operator });
        expect(res.code).toBe(0);
        const list = res.data as { id: number; name: string }[];
        expect(Object.keys(list[0]!).sort()).toEqual(['id', 'name']);
        expect(list.map((r) => r.name)).toContain('超级管理员');
        expect(list.map((r) => r.name)).not.toContain('临时角色二');
      }
    });

    it('exports the filtered roles as xlsx with Chinese headers and dictionary labels', async () => {
      for (const path of ['/system/role/export-excel', '/system/role/export']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/admin-api${path}`,
          query: { name: '管理员' },
          headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
        });
        expect(res.headers['content-type']).toContain('spreadsheetml');
        expect(res.headers['content-disposition']).toContain(encodeURIComponent('角色数据.xlsx'));
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const sheet = workbook.worksheets[0]!;
        expect(sheet.getRow(1).values).toEqual([
          undefined,
          '角色序号',
          '角色名称',
          '角色标志',
          '角色排序',
          '数据范围',
          '角色状态',
        ]);
        expect(sheet.rowCount).toBe(2);
        expect(sheet.getRow(2).values).toEqual([
          undefined,
          1,
          '超级管理员',
          'super_admin',
          1,
          '全部数据权限',
          '开启',
        ]);
      }
    });

    it('deletes a custom role together with its user and menu grants', async () => {
      const id = await createRole('待删除角色', 'to_delete');
      await call('POST', '/system/permission/assign-user-role', { body: { userId: 2, roleIds: [2, id] } });
      await call('POST', '/system/permission/assign-role-menu', { body: { roleId: id, menuIds: [1, 101] } });
      expect(await call('DELETE', '/system/role/delete', { query: { id: String(id) } })).toMatchObject({
        code: 0,
        data: true,
      });
      expect(
        (await call('GET', '/system/permission/list-user-roles', { query: { userId: '2' } })).data,
      ).toEqual([2]);
      expect(await call('GET', '/system/role/get', { query: { id: String(id) } })).toMatchObject({
        code: 1_002_002_000,
      });
      // The name is free again.
      await createRole('待删除角色', 'to_delete');
    });
  });

  describe('permission assignment', () => {
    const permissionInfo = async (token: string) =>
      (await call('GET', '/system/auth/get-permission-info', { token })).data as PermissionInfo;

    it('assigns menus to a role; the holder sees them in the next permission info', async () => {
      const before = await permissionInfo(operator);
      expect(before.permissions).not.toContain('system:role:query');
      const roleMenus = (await call('GET', '/system/permission/list-role-menus', { query: { roleId: '2' } }))
        .data as number[];
      expect(roleMenus).toEqual([1, 100, 105, 1001, 1026]);
      expect(
        await call('POST', '/system/permission/assign-role-menu', {
          body: { roleId: 2, menuIds: [...roleMenus, 101, 1008] },
        }),
      ).toMatchObject({ code: 0, data: true });
      const after = await permissionInfo(operator);
      expect(after.permissions).toContain('system:role:query');
      expect(after.menus[0]!.children!.map((m) => m.name)).toContain('角色管理');
      // Now the operator may page roles.
      expect((await call('GET', '/system/role/page', { token: operator })).code).toBe(0);
      // Put the seed back.
      await call('POST', '/system/permission/assign-role-menu', { body: { roleId: 2, menuIds: roleMenus } });
      expect((await call('GET', '/system/role/page', { token: operator })).code).toBe(403);
    });

    it('refuses unknown menus and roles, changing nothing', async () => {
      expect(
        await call('POST', '/system/permission/assign-role-menu', {
          body: { roleId: 2, menuIds: [1, 987654] },
        }),
      ).toMatchObject({ code: 1_002_001_003, msg: '菜单不存在' });
      expect(
        (await call('GET', '/system/permission/list-role-menus', { query: { roleId: '2' } })).data,
      ).toEqual([1, 100, 105, 1001, 1026]);
      expect(
        await call('POST', '/system/permission/assign-role-menu', { body: { roleId: 'x', menuIds: [] } }),
      ).toMatchObject({ code: 400 });
      expect(
        await call('GET', '/system/permission/list-role-menus', { query: { roleId: '' } }),
      ).toMatchObject({
        code: 400,
      });
    });

    it('assigns the data scope; departments are kept only for scope 2', async () => {
      const id = await createRole('数据权限角色', 'scope_role');
      expect(
        await call('POST', '/system/permission/assign-role-data-scope', {
          body: { roleId: id, dataScope: 2, dataScopeDeptIds: [101, 103, 101] },
        }),
      ).toMatchObject({ code: 0, data: true });
      let role = (await call('GET', '/system/role/get', { query: { id: String(id) } })).data as Role;
      expect(role).toMatchObject({ dataScope: 2, dataScopeDeptIds: [101, 103] });
      await call('POST', '/system/permission/assign-role-data-scope', {
        body: { roleId: id, dataScope: 3, dataScopeDeptIds: [101] },
      });
      role = (await call('GET', '/system/role/get', { query: { id: String(id) } })).data as Role;
      expect(role).toMatchObject({ dataScope: 3, dataScopeDeptIds: [] });

      const bad = await call('POST', '/system/permission/assign-role-data-scope', {
        body: { roleId: id, dataScope: 6 },
      });
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('数据范围必须是');
      // Scope 2 without departments still means the holder's own department, as the reference reads it.
      expect(
        await call('POST', '/system/permission/assign-role-data-scope', {
          body: { roleId: id, dataScope: 2 },
        }),
      ).toMatchObject({ code: 0 });
      expect(
        await call('POST', '/system/permission/assign-role-data-scope', {
          body: { roleId: 1, dataScope: 5 },
        }),
      ).toMatchObject({ code: 1_002_002_003 });
    });

    it('assigns roles to a user; the user sees the new role in the next permission info', async () => {
      expect(
        (await call('GET', '/system/permission/list-user-roles', { query: { userId: '2' } })).data,
      ).toEqual([2]);
      expect(
        await call('POST', '/system/permission/assign-user-role', { body: { userId: 2, roleIds: [1, 2] } }),
      ).toMatchObject({ code: 0, data: true });
      expect(
        (await call('GET', '/system/permission/list-user-roles', { query: { userId: '2' } })).data,
      ).toEqual([1, 2]);
      expect((await permissionInfo(operator)).roles).toEqual(['super_admin', 'operator']);
      await call('POST', '/system/permission/assign-user-role', { body: { userId: 2, roleIds: [2] } });
      expect((await permissionInfo(operator)).roles).toEqual(['operator']);
    });

    it('refuses unknown users, unknown roles and bad bodies', async () => {
      expect(
        await call('POST', '/system/permission/assign-user-role', { body: { userId: 424242, roleIds: [2] } }),
      ).toMatchObject({ code: 1_002_003_003, msg: '用户不存在' });
      expect(
        await call('POST', '/system/permission/assign-user-role', {
          body: { userId: 2, roleIds: [2, 424242] },
        }),
      ).toMatchObject({ code: 1_002_002_000 });
      const bad = await call('POST', '/system/permission/assign-user-role', { body: { roleIds: [2] } });
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('用户编号不能为空');
      expect(
        (await call('GET', '/system/permission/list-user-roles', { query: { userId: '2' } })).data,
      ).toEqual([2]);
    });
  });

  describe('access', () => {
    const endpoints: ['GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, string>?, unknown?][] = [
      ['GET', '/system/role/page'],
      ['GET', '/system/role/get', { id: '2' }],
      ['POST', '/system/role/create', undefined, { name: '越权', code: 'nope', sort: 1 }],
      ['PUT', '/system/role/update', undefined, { id: 2, name: '越权', code: 'nope', sort: 1 }],
      ['PUT', '/system/role/update-status', undefined, { id: 2, status: 1 }],
      ['DELETE', '/system/role/delete', { id: '2' }],
      ['GET', '/system/role/export-excel'],
      ['GET', '/system/permission/list-role-menus', { roleId: '2' }],
      ['POST', '/system/permission/assign-role-menu', undefined, { roleId: 2, menuIds: [] }],
      ['POST', '/system/permission/assign-role-data-scope', undefined, { roleId: 2, dataScope: 1 }],
      ['GET', '/system/permission/list-user-roles', { userId: '2' }],
      ['POST', '/system/permission/assign-user-role', undefined, { userId: 2, roleIds: [1] }],
    ];

    it.each(endpoints)(
      '%s %s answers 401 without a token and 403 for the operator',
      async (method, path, query, body) => {
        expect(await call(method, path, { query, body, token: null })).toMatchObject({
          code: 401,
          msg: '账号未登录',
        });
        expect(await call(method, path, { query, body, token: operator })).toMatchObject({
          code: 403,
          msg: '没有该操作权限',
        });
      },
    );

    it('refuses another tenant in the header', async () => {
      expect(await call('GET', '/system/role/page', { tenant: otherTenant })).toMatchObject({
        code: 403,
        msg: '您无权访问该租户的数据',
      });
    });

    it("never reads or changes another tenant's roles", async () => {
      const id = String(otherTenantRole);
      expect(await call('GET', '/system/role/get', { query: { id } })).toMatchObject({ code: 1_002_002_000 });
      expect(
        await call('PUT', '/system/role/update', {
          body: { id: otherTenantRole, name: '改名', code: 'renamed', sort: 1 },
        }),
      ).toMatchObject({ code: 1_002_002_000 });
      expect(await call('DELETE', '/system/role/delete', { query: { id } })).toMatchObject({
        code: 1_002_002_000,
      });
      expect(
        await call('POST', '/system/permission/assign-user-role', {
          body: { userId: 2, roleIds: [otherTenantRole] },
        }),
      ).toMatchObject({ code: 1_002_002_000 });
      expect(
        await call('POST', '/system/permission/assign-role-menu', {
          body: { roleId: otherTenantRole, menuIds: [1] },
        }),
      ).toMatchObject({ code: 1_002_002_000 });
      const row = await t.db.kysely
        .selectFrom('systemRole')
        .select(['name', 'deleted'])
        .where('id', '=', otherTenantRole)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: '别的租户角色', deleted: 0 });
    });
  });
});
