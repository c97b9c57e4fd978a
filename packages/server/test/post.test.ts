import type { PageResult, Post } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { addSecondTenant, readSheet } from './users-fixture.js';

describe.each(DIALECTS)('posts on %s', (dialect) => {
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
    t.api({ method: 'POST', path: '/system/post/create', body, token });

  it('pages posts by sort with filters', async () => {
    const res = await t.api({
      path: '/system/post/page',
      query: { pageNo: '1', pageSize: '2' },
      token: admin,
    });
    expect(res.code).toBe(0);
    const page = res.data as PageResult<Post>;
    expect(page.total).toBe(3);
    expect(page.list.map((p) => p.code)).toEqual(['ceo', 'pm']);
    expect(Object.keys(page.list[0] ?? {}).sort()).toEqual([
      'code',
      'createTime',
      'id',
      'name',
      'remark',
      'sort',
      'status',
    ]);
    const byName = await t.api({
      path: '/system/post/page',
      query: { name: '经理', code: 'p' },
      token: admin,
    });
    expect((byName.data as PageResult<Post>).list.map((p) => p.code)).toEqual(['pm']);
  });

  it('creates, reads, updates and deletes a post', async () => {
    const created = await create({ name: '测试岗', code: 'tester', sort: 9, status: 0, remark: '临时' });
    expect(created.code).toBe(0);
    const id = created.data as number;
    expect(
      (await t.api({ path: '/system/post/get', query: { id: String(id) }, token: admin })).data,
    ).toMatchObject({
      id,
      name: '测试岗',
      code: 'tester',
      remark: '临时',
    });
    const updated = await t.api({
      method: 'PUT',
      path: '/system/post/update',
      body: { id, name: '测试岗二', code: 'tester2', sort: 10, status: 1, remark: '' },
      token: admin,
    });
    expect(updated).toMatchObject({ code: 0, data: true });
    const simple = await t.api({ path: '/system/post/simple-list', token: admin });
    expect(simple.data).toEqual([
      { id: 1, name: '董事长' },
      { id: 2, name: '项目经理' },
      { id: 3, name: '普通员工' },
    ]);
    expect((await t.api({ path: '/system/post/list-all-simple', token: admin })).data).toEqual(simple.data);
    const deleted = await t.api({
      method: 'DELETE',
      path: '/system/post/delete',
      query: { id: String(id) },
      token: admin,
    });
    expect(deleted).toMatchObject({ code: 0, data: true });
    expect(await t.api({ path: '/system/post/get', query: { id: String(id) }, token: admin })).toMatchObject({
      code: 1_002_005_000,
      msg: '当前岗位不存在',
    });
  });

  it('refuses duplicates and bad input', async () => {
    expect(await create({ name: '董事长', code: 'x1', sort: 1, status: 0 })).toMatchObject({
      code: 1_002_005_002,
      msg: '已经存在该名字的岗位',
    });
    expect(await create({ name: '新岗位', code: 'ceo', sort: 1, status: 0 })).toMatchObject({
      code: 1_002_005_003,
      msg: '已经存在该标识的岗位',
    });
    const bad = await create({ name: '', code: 'bad', sort: 'x', status: 0 });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('岗位名称不能为空');
    const page = await t.api({ path: '/system/post/page', query: { code: 'bad' }, token: admin });
    expect((page.data as PageResult<Post>).total).toBe(0);
    expect((await t.api({ path: '/system/post/page', query: { status: '7' }, token: admin })).code).toBe(400);
  });

  it('exports an .xlsx with Chinese headers and dictionary labels', async () => {
    await create({ name: '停用岗', code: 'off', sort: 20, status: 1 });
    for (const path of ['/system/post/export', '/system/post/export-excel']) {
      const res = await t.app.inject({
        url: `/admin-api${path}`,
        query: { status: '1' },
        headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
      });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('岗位数据'));
      const rows = await readSheet(res.rawPayload);
      expect(rows[0]).toEqual(['岗位序号', '岗位编码', '岗位名称', '岗位排序', '状态']);
      expect(rows.slice(1).map((r) => r.slice(1))).toEqual([['off', '停用岗', '20', '关闭']]);
    }
  });

  it('answers 401, 403 and keeps tenants apart', async () => {
    expect(await t.api({ path: '/system/post/page' })).toMatchObject({ code: 401 });
    expect(await t.api({ path: '/system/post/page', token: operator })).toMatchObject({ code: 403 });
    expect(await create({ name: '运营岗', code: 'op', sort: 1, status: 0 }, operator)).toMatchObject({
      code: 403,
    });
    expect(await t.api({ path: '/system/post/page', token: admin, tenant: tenant2.tenantId })).toMatchObject({
      code: 403,
      msg: '您无权访问该租户的数据',
    });
    // Names are unique per tenant only; the other tenant sees none of tenant 1's posts.
    const own = await t.api({
      path: '/system/post/simple-list',
      token: tenant2.token,
      tenant: tenant2.tenantId,
    });
    expect(own).toMatchObject({ code: 0, data: [] });
  });
});
