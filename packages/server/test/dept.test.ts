import type { Dept, DeptSimple } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { addScopedUser, addSecondTenant } from './users-fixture.js';

describe.each(DIALECTS)('departments on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let tenant2: Awaited<ReturnType<typeof addSecondTenant>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    tenant2 = await addSecondTenant(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (body: Record<string, unknown>, token = admin) =>
    t.api({ method: 'POST', path: '/system/dept/create', body, token });

  it('lists the tree by sort, filtered by name and status', async () => {
    const all = await t.api({ path: '/system/dept/list', token: admin });
    expect(all.code).toBe(0);
    const list = all.data as Dept[];
    expect(list.map((d) => d.name)).toEqual(['总部', '研发部', '运营部']);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ['createTime', 'email', 'id', 'leaderUserId', 'name', 'parentId', 'phone', 'sort', 'status'].sort(),
    );
    const byName = await t.api({ path: '/system/dept/list', query: { name: '研发' }, token: admin });
    expect((byName.data as Dept[]).map((d) => d.id)).toEqual([101]);
    const disabled = await t.api({ path: '/system/dept/list', query: { status: '1' }, token: admin });
    expect(disabled.data).toEqual([]);
  });

  it('creates, reads, updates and deletes a department', async () => {
    const created = await create({
      name: '测试部',
      parentId: 100,
      sort: 5,
      leaderUserId: 1,
      phone: '15601691000',
      email: 'test@example.com',
      status: 0,
    });
    expect(created.code).toBe(0);
    const id = created.data as number;
    const got = await t.api({ path: '/system/dept/get', query: { id: String(id) }, token: admin });
    expect(got.data).toMatchObject({
      id,
      name: '测试部',
      parentId: 100,
      sort: 5,
      leaderUserId: 1,
      status: 0,
    });

    const updated = await t.api({
      method: 'PUT',
      path: '/system/dept/update',
      body: { id, name: '测试二部', parentId: 101, sort: 6, status: 1, phone: '', email: null },
      token: admin,
    });
    expect(updated).toMatchObject({ code: 0, data: true });
    const again = await t.api({ path: '/system/dept/get', query: { id: String(id) }, token: admin });
    expect(again.data).toMatchObject({
      name: '测试二部',
      parentId: 101,
      status: 1,
      phone: null,
      email: null,
    });

    // Disabled departments stay out of the simple list.
    const simple = await t.api({ path: '/system/dept/simple-list', token: admin });
    expect((simple.data as DeptSimple[]).some((d) => d.id === id)).toBe(false);
    expect((simple.data as DeptSimple[])[0]).toEqual({ id: 100, name: '总部', parentId: 0 });
    const allSimple = await t.api({ path: '/system/dept/list-all-simple', token: admin });
    expect(allSimple.data).toEqual(simple.data);

    const deleted = await t.api({
      method: 'DELETE',
      path: '/system/dept/delete',
      query: { id: String(id) },
      token: admin,
    });
    expect(deleted).toMatchObject({ code: 0, data: true });
    const gone = await t.api({ path: '/system/dept/get', query: { id: String(id) }, token: admin });
    expect(gone).toMatchObject({ code: 1_002_004_002, msg: '当前部门不存在' });
  });

  it('refuses bad input with a Chinese 400 and changes nothing', async () => {
    const res = await create({ name: '', sort: 1, status: 0, email: 'not-an-email' });
    expect(res.code).toBe(400);
    expect(res.msg).toContain('部门名称不能为空');
    const bad = await create({ name: '坏部门', sort: 1, status: 3 });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('状态');
    const list = await t.api({ path: '/system/dept/list', query: { name: '坏部门' }, token: admin });
    expect(list.data).toEqual([]);
  });

  it('keeps the tree consistent', async () => {
    expect(await create({ name: '研发部', parentId: 100, sort: 1, status: 0 })).toMatchObject({
      code: 1_002_004_000,
      msg: '已经存在该名字的部门',
    });
    expect(await create({ name: '孤儿部', parentId: 99999, sort: 1, status: 0 })).toMatchObject({
      code: 1_002_004_001,
    });
    const self = await t.api({
      method: 'PUT',
      path: '/system/dept/update',
      body: { id: 101, name: '研发部', parentId: 101, sort: 1, status: 0 },
      token: admin,
    });
    expect(self).toMatchObject({ code: 1_002_004_004, msg: '不能设置自己为父部门' });
    const child = await create({ name: '研发一组', parentId: 101, sort: 1, status: 0 });
    const loop = await t.api({
      method: 'PUT',
      path: '/system/dept/update',
      body: { id: 100, name: '总部', parentId: child.data, sort: 0, status: 0 },
      token: admin,
    });
    expect(loop).toMatchObject({ code: 1_002_004_007, msg: '不能设置自己的子部门为父部门' });
    const withChildren = await t.api({
      method: 'DELETE',
      path: '/system/dept/delete',
      query: { id: '101' },
      token: admin,
    });
    expect(withChildren).toMatchObject({ code: 1_002_004_003, msg: '存在子部门，无法删除' });
    const withUsers = await t.api({
      method: 'DELETE',
      path: '/system/dept/delete',
      query: { id: '102' },
      token: admin,
    });
    expect(withUsers).toMatchObject({ code: 1_002_004_005, msg: '部门中存在员工，无法删除' });
    expect(
      await create({ name: '无人领导', parentId: 100, sort: 1, status: 0, leaderUserId: 99999 }),
    ).toMatchObject({
      code: 1_002_003_003,
    });
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect(await t.api({ path: '/system/dept/list' })).toMatchObject({ code: 401, msg: '账号未登录' });
    expect(await t.api({ path: '/system/dept/list', token: operator })).toMatchObject({ code: 403 });
    expect(await create({ name: '运营建的', sort: 1, status: 0 }, operator)).toMatchObject({ code: 403 });
    // Every signed-in user may read the simple list.
    expect((await t.api({ path: '/system/dept/simple-list', token: operator })).code).toBe(0);
  });

  it('keeps tenants apart', async () => {
    const header = await t.api({ path: '/system/dept/list', token: admin, tenant: tenant2.tenantId });
    expect(header).toMatchObject({ code: 403, msg: '您无权访问该租户的数据' });
    const foreign = await t.api({
      path: '/system/dept/get',
      query: { id: String(tenant2.deptId) },
      token: admin,
    });
    expect(foreign.code).toBe(1_002_004_002);
    const mine = await t.api({ path: '/system/dept/simple-list', token: admin });
    expect((mine.data as DeptSimple[]).some((d) => d.id === tenant2.deptId)).toBe(false);
    // The other tenant's user holds no role, so no data scope: nothing at all.
    const own = await t.api({
      path: '/system/dept/simple-list',
      token: tenant2.token,
      tenant: tenant2.tenantId,
    });
    expect(own).toMatchObject({ code: 0, data: [] });
  });

  it('shows departments through the data scope', async () => {
    // 总部(100) > 研发部(101) > 一组; 总部 > 运营部(102)
    const group = (await create({ name: '研发二组', parentId: 101, sort: 2, status: 0 })).data as number;
    const permissions = ['system:dept:query'];
    const idsFor = async (token: string) =>
      ((await t.api({ path: '/system/dept/list', token })).data as Dept[]).map((d) => d.id).sort();
    const all = await addScopedUser(t, { username: 'dall', deptId: 102, dataScope: 1, permissions });
    const custom = await addScopedUser(t, {
      username: 'dcustom',
      deptId: 102,
      dataScope: 2,
      deptIds: [group],
      permissions,
    });
    const own = await addScopedUser(t, { username: 'down', deptId: 101, dataScope: 3, permissions });
    const below = await addScopedUser(t, { username: 'dbelow', deptId: 101, dataScope: 4, permissions });
    const self = await addScopedUser(t, { username: 'dself', deptId: 101, dataScope: 5, permissions });
    expect((await idsFor(all.token)).length).toBeGreaterThanOrEqual(4);
    expect(await idsFor(custom.token)).toEqual([102, group].sort());
    expect(await idsFor(own.token)).toEqual([101]);
    expect((await idsFor(below.token)).includes(group)).toBe(true);
    expect((await idsFor(below.token)).includes(100)).toBe(false);
    expect(await idsFor(self.token)).toEqual([]);
    expect(await t.api({ path: '/system/dept/get', query: { id: '100' }, token: own.token })).toMatchObject({
      code: 1_002_004_002,
    });
  });
});
