import type { Menu, MenuSimple, PermissionInfo } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

const MENU_KEYS = [
  'alwaysShow',
  'component',
  'componentName',
  'createTime',
  'icon',
  'id',
  'keepAlive',
  'name',
  'parentId',
  'path',
  'permission',
  'sort',
  'status',
  'type',
  'visible',
];

describe.each(DIALECTS)('menus on %s', (dialect) => {
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
  ) => t.api({ method, path, token: opts.token === undefined ? admin : opts.token, ...opts });

  const base = {
    permission: '',
    sort: 1,
    icon: 'tree',
    component: '',
    componentName: '',
    status: 0,
    visible: true,
    keepAlive: true,
    alwaysShow: true,
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/system/menu/create', { body: { ...base, ...body } });
    expect(res).toMatchObject({ code: 0 });
    return res.data as number;
  };
  const get = async (id: number) =>
    (await call('GET', '/system/menu/get', { query: { id: String(id) } })).data as Menu;

  it('lists every menu flat, sorted, with the reference fields, and filters by name and status', async () => {
    const res = await call('GET', '/system/menu/list');
    expect(res.code).toBe(0);
    const list = res.data as Menu[];
    expect(list.length).toBeGreaterThan(50);
    expect(Object.keys(list[0]!).sort()).toEqual(MENU_KEYS);
    const roleMenu = list.find((m) => m.id === 101)!;
    expect(roleMenu).toMatchObject({
      name: '角色管理',
      type: 2,
      parentId: 1,
      path: 'role',
      icon: 'peoples',
      component: 'system/role/index',
      componentName: 'SystemRole',
      visible: true,
    });
    const byName = (await call('GET', '/system/menu/list', { query: { name: '角色' } })).data as Menu[];
    expect(byName.map((m) => m.name)).toEqual(expect.arrayContaining(['角色管理', '角色查询']));
    expect(byName.every((m) => m.name.includes('角色'))).toBe(true);
    expect((await call('GET', '/system/menu/list', { query: { status: '1' } })).data).toEqual([]);
    expect((await call('GET', '/system/menu/list', { query: { status: '2' } })).code).toBe(400);
  });

  it('creates a directory, a menu and a button; the tree shows in the next permission info', async () => {
    const dir = await create({ name: '测试目录', type: 1, parentId: 0, path: '/test-dir', sort: 99 });
    const page = await create({
      name: '测试页面',
      type: 2,
      parentId: dir,
      path: 'page',
      component: 'system/role/index',
      componentName: 'TestPage',
    });
    const button = await create({
      name: '测试按钮',
      type: 3,
      parentId: page,
      permission: 'test:page:query',
      path: 'ignored',
      component: 'ignored',
    });
    expect(await get(button)).toMatchObject({
      type: 3,
      permission: 'test:page:query',
      path: '',
      icon: '',
      component: null,
      componentName: null,
    });
    const info = (await call('GET', '/system/auth/get-permission-info')).data as PermissionInfo;
    const node = info.menus.find((m) => m.id === dir)!;
    expect(node).toMatchObject({ name: '测试目录', path: '/test-dir' });
    expect(node.children!.map((m) => m.name)).toEqual(['测试页面']);
    expect(info.permissions).toContain('test:page:query');

    const link = await create({
      name: '外部文档',
      type: 2,
      parentId: dir,
      path: 'https://example.com/docs',
      component: 'x',
    });
    expect(await get(link)).toMatchObject({ path: 'https://example.com/docs', component: null });
  });

  it('refuses bad input with a Chinese 400 and changes nothing', async () => {
    const count = async () => ((await call('GET', '/system/menu/list')).data as Menu[]).length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', type: 1, parentId: 0, path: '/x' }, '菜单名称不能为空'],
      [{ name: '甲', type: 4, parentId: 0, path: '/x' }, '菜单类型必须是'],
      [{ name: '甲', type: 1, parentId: 0, path: '' }, '路由地址不能为空'],
      [{ name: '甲', type: 1, parentId: 0, path: 'x' }, '一级目录或菜单的路由地址必须以 / 开头'],
      [{ name: '甲', type: 2, parentId: 1, path: '/x' }, '下级目录或菜单的路由地址不能以 / 开头'],
      [{ name: '甲', type: 1, parentId: 0, path: '/x', sort: null }, '显示顺序不能为空'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('POST', '/system/menu/create', { body: { ...base, ...body } });
      expect(res.code, msg).toBe(400);
      expect(res.msg).toContain(msg);
    }
    expect(await count()).toBe(before);
  });

  it('checks parents and names as the reference does', async () => {
    const post = (body: Record<string, unknown>) =>
      call('POST', '/system/menu/create', { body: { ...base, ...body } });
    expect(await post({ name: '甲', type: 2, parentId: 987654, path: 'x' })).toMatchObject({
      code: 1_002_001_001,
      msg: '父菜单不存在',
    });
    expect(await post({ name: '甲', type: 3, parentId: 1008 })).toMatchObject({
      code: 1_002_001_005,
      msg: '父菜单的类型必须是目录或者菜单',
    });
    expect(await post({ name: '角色管理', type: 2, parentId: 1, path: 'dup' })).toMatchObject({
      code: 1_002_001_000,
      msg: '已经存在该名字的菜单',
    });
    const menu101 = await get(101);
    const update = (changes: Record<string, unknown>) =>
      call('PUT', '/system/menu/update', { body: { ...menu101, ...changes } });
    expect(await update({ parentId: 101 })).toMatchObject({
      code: 1_002_001_002,
      msg: '不能设置自己为父菜单',
    });
    // A menu below it cannot become its parent either.
    const child = await create({ name: '角色子目录', type: 1, parentId: 101, path: 'sub' });
    expect(await update({ parentId: child })).toMatchObject({ code: 1_002_001_002 });
    expect(await call('GET', '/system/menu/get', { query: { id: '987654' } })).toMatchObject({
      code: 1_002_001_003,
      msg: '菜单不存在',
    });
    await call('DELETE', '/system/menu/delete', { query: { id: String(child) } });
  });

  it('updates a menu; hiding and disabling it shows in the next permission info', async () => {
    const dir = await create({ name: '可改目录', type: 1, parentId: 0, path: '/editable' });
    const menu = await get(dir);
    expect(
      await call('PUT', '/system/menu/update', {
        body: { ...menu, name: '已改目录', icon: 'star', sort: 7, visible: false, keepAlive: false },
      }),
    ).toMatchObject({ code: 0, data: true });
    expect(await get(dir)).toMatchObject({
      name: '已改目录',
      icon: 'star',
      sort: 7,
      visible: false,
      keepAlive: false,
    });
    let info = (await call('GET', '/system/auth/get-permission-info')).data as PermissionInfo;
    expect(info.menus.find((m) => m.id === dir)).toMatchObject({ name: '已改目录', visible: false });

    await call('PUT', '/system/menu/update', { body: { ...menu, status: 1 } });
    info = (await call('GET', '/system/auth/get-permission-info')).data as PermissionInfo;
    expect(info.menus.find((m) => m.id === dir)).toBeUndefined();
    const simple = (await call('GET', '/system/menu/simple-list')).data as MenuSimple[];
    expect(simple.find((m) => m.id === dir)).toBeUndefined();
  });

  it('lists enabled menus under both simple-list paths for any signed-in user', async () => {
    for (const path of ['/system/menu/simple-list', '/system/menu/list-all-simple']) {
      const res = await call('GET', path, { token: operator });
      expect(res.code).toBe(0);
      const list = res.data as MenuSimple[];
      expect(Object.keys(list[0]!).sort()).toEqual(['id', 'name', 'parentId', 'type']);
      expect(list.find((m) => m.id === 101)).toEqual({ id: 101, name: '角色管理', parentId: 1, type: 2 });
    }
  });

  it('deletes only menus without children and takes them back from roles', async () => {
    expect(await call('DELETE', '/system/menu/delete', { query: { id: '1' } })).toMatchObject({
      code: 1_002_001_004,
      msg: '存在子菜单，无法删除',
    });
    const dir = await create({ name: '待删目录', type: 1, parentId: 0, path: '/to-delete' });
    const held = (await call('GET', '/system/permission/list-role-menus', { query: { roleId: '2' } }))
      .data as number[];
    await call('POST', '/system/permission/assign-role-menu', {
      body: { roleId: 2, menuIds: [...held, dir] },
    });
    expect(await call('DELETE', '/system/menu/delete', { query: { id: String(dir) } })).toMatchObject({
      code: 0,
      data: true,
    });
    expect(
      (await call('GET', '/system/permission/list-role-menus', { query: { roleId: '2' } })).data,
    ).toEqual(held);
    expect(await call('GET', '/system/menu/get', { query: { id: String(dir) } })).toMatchObject({
      code: 1_002_001_003,
    });
  });

  describe('access', () => {
    const endpoints: ['GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, string>?, unknown?][] = [
      ['GET', '/system/menu/list'],
      ['GET', '/system/menu/get', { id: '1' }],
      [
        'POST',
        '/system/menu/create',
        undefined,
        { ...base, name: '越权', type: 1, parentId: 0, path: '/nope' },
      ],
      [
        'PUT',
        '/system/menu/update',
        undefined,
        { ...base, id: 1, name: '越权', type: 1, parentId: 0, path: '/n' },
      ],
      ['DELETE', '/system/menu/delete', { id: '1001' }],
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
      expect(await call('GET', '/system/menu/list', { tenant: 2 })).toMatchObject({
        code: 403,
        msg: '您无权访问该租户的数据',
      });
      expect(await call('GET', '/system/menu/simple-list', { tenant: 2 })).toMatchObject({ code: 403 });
    });
  });
});
