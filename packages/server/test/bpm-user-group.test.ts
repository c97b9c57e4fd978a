import type { BpmUserGroup, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantAdmin } from './bpm-fixture.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

const at = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

describe.each(DIALECTS)('bpm user groups on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let other: Awaited<ReturnType<typeof addTenantAdmin>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    other = await addTenantAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (body: Record<string, unknown>, token = admin, tenant: number = 1) =>
    t.api({ method: 'POST', path: '/bpm/user-group/create', body, token, tenant });
  const page = async (query: Record<string, string>) =>
    (await t.api({ path: '/bpm/user-group/page', query, token: admin })).data as PageResult<BpmUserGroup>;

  it('creates, reads, pages, updates and deletes a group', async () => {
    const created = await create({
      name: '审批组',
      description: '负责审批',
      memberUserIds: [1, 2, 2],
      status: 0,
    });
    expect(created.code).toBe(0);
    const id = created.data as number;
    expect(
      (await t.api({ path: '/bpm/user-group/get', query: { id: String(id) }, token: admin })).data,
    ).toEqual({
      id,
      name: '审批组',
      description: '负责审批',
      memberUserIds: [1, 2],
      status: 0,
      createTime: t.clock.now,
    });

    t.clock.now += 60_000;
    const closed = (await create({ name: '停用组', description: '', memberUserIds: [], status: 1 }))
      .data as number;
    expect((await page({})).list.map((g) => g.id)).toEqual([closed, id]);
    expect((await page({ name: '审批' })).list.map((g) => g.id)).toEqual([id]);
    expect((await page({ status: '1' })).list.map((g) => g.id)).toEqual([closed]);
    expect(
      (
        await page({ 'createTime[0]': at(t.clock.now - 1000), 'createTime[1]': at(t.clock.now + 1000) })
      ).list.map((g) => g.id),
    ).toEqual([closed]);
    for (const path of ['/bpm/user-group/list-all-simple', '/bpm/user-group/simple-list'])
      expect((await t.api({ path, token: operator })).data).toEqual([{ id, name: '审批组' }]);

    expect(
      await t.api({
        method: 'PUT',
        path: '/bpm/user-group/update',
        body: { id, name: '审批二组', description: '改', memberUserIds: [2], status: 0 },
        token: admin,
      }),
    ).toMatchObject({ code: 0, data: true });
    expect(
      (await t.api({ path: '/bpm/user-group/get', query: { id: String(id) }, token: admin })).data,
    ).toMatchObject({
      name: '审批二组',
      memberUserIds: [2],
    });

    expect(
      await t.api({
        method: 'DELETE',
        path: '/bpm/user-group/delete',
        query: { id: String(id) },
        token: admin,
      }),
    ).toMatchObject({ code: 0, data: true });
    expect(
      await t.api({ path: '/bpm/user-group/get', query: { id: String(id) }, token: admin }),
    ).toMatchObject({
      code: 1_009_011_000,
      msg: '用户组不存在',
    });
  });

  it('accepts only members of the tenant and answers bad input in Chinese', async () => {
    expect(
      await create({ name: '外人组', description: '', memberUserIds: [1, other.userId], status: 0 }),
    ).toMatchObject({
      code: 1_002_003_003,
      msg: '用户不存在',
    });
    expect(
      await create({ name: '幽灵组', description: '', memberUserIds: [99999], status: 0 }),
    ).toMatchObject({
      code: 1_002_003_003,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', description: '', memberUserIds: [], status: 0 }, '组名不能为空'],
      [{ name: '无成员', description: '', status: 0 }, '成员编号数组不能为空'],
      [{ name: '坏成员', description: '', memberUserIds: ['a'], status: 0 }, '成员编号必须是数字'],
      [{ name: '无描述', memberUserIds: [], status: 0 }, '描述不能为空'],
      [{ name: '坏状态', description: '', memberUserIds: [], status: 9 }, '状态必须是 0（开启）或 1（关闭）'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.code, message).toBe(400);
      expect(res.msg).toContain(message);
    }
    expect((await page({ name: '组' })).list.map((g) => g.name)).not.toContain('外人组');
    expect((await t.api({ path: '/bpm/user-group/page', query: { status: '5' }, token: admin })).code).toBe(
      400,
    );
    expect(
      await t.api({
        method: 'PUT',
        path: '/bpm/user-group/update',
        body: { id: 99999, name: 'x', description: '', memberUserIds: [], status: 0 },
        token: admin,
      }),
    ).toMatchObject({ code: 1_009_011_000 });
  });

  it('answers 401 and 403 on every endpoint', async () => {
    const id = (await create({ name: '权限组', description: '', memberUserIds: [1], status: 0 }))
      .data as number;
    const body = { id, name: 'x', description: '', memberUserIds: [], status: 0 };
    const calls = [
      { path: '/bpm/user-group/page' },
      { path: '/bpm/user-group/get', query: { id: String(id) } },
      { method: 'POST' as const, path: '/bpm/user-group/create', body },
      { method: 'PUT' as const, path: '/bpm/user-group/update', body },
      { method: 'DELETE' as const, path: '/bpm/user-group/delete', query: { id: String(id) } },
    ];
    for (const call of calls) {
      expect(await t.api(call), call.path).toMatchObject({ code: 401 });
      expect(await t.api({ ...call, token: operator }), call.path).toMatchObject({ code: 403 });
    }
    expect(await t.api({ path: '/bpm/user-group/simple-list' })).toMatchObject({ code: 401 });
    expect(
      (await t.api({ path: '/bpm/user-group/get', query: { id: String(id) }, token: admin })).data,
    ).toMatchObject({ name: '权限组' });
  });

  it('keeps tenants apart', async () => {
    const id = (await create({ name: '租户一组', description: '', memberUserIds: [1], status: 0 }))
      .data as number;
    const theirs = { token: other.token, tenant: other.tenantId };
    expect(await t.api({ path: '/bpm/user-group/page', token: admin, tenant: other.tenantId })).toMatchObject(
      {
        code: 403,
      },
    );
    expect(await t.api({ path: '/bpm/user-group/page', ...theirs })).toMatchObject({ data: { total: 0 } });
    expect(await t.api({ path: '/bpm/user-group/simple-list', ...theirs })).toMatchObject({ data: [] });
    expect(await t.api({ path: '/bpm/user-group/get', query: { id: String(id) }, ...theirs })).toMatchObject({
      code: 1_009_011_000,
    });
    expect(
      await t.api({ method: 'DELETE', path: '/bpm/user-group/delete', query: { id: String(id) }, ...theirs }),
    ).toMatchObject({ code: 1_009_011_000 });
    // Their own users are members there; ours are not.
    expect(
      await create(
        { name: '租户二组', description: '', memberUserIds: [other.userId], status: 0 },
        other.token,
        other.tenantId,
      ),
    ).toMatchObject({ code: 0 });
    expect(
      await create(
        { name: '租户二外人', description: '', memberUserIds: [1], status: 0 },
        other.token,
        other.tenantId,
      ),
    ).toMatchObject({ code: 1_002_003_003 });
  });
});
