import type { BpmForm, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantAdmin } from './bpm-fixture.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

/** A form-js schema split as the designer stores it. */
const conf = JSON.stringify({
  type: 'default',
  schemaVersion: 18,
  exporter: { name: 'form-js', version: '1.23.0' },
});
const field = (key: string, label: string, type = 'textfield') =>
  JSON.stringify({ id: `Field_${key}`, type, key, label });
const leaveFields = [field('reason', '请假原因', 'textarea'), field('days', '请假天数', 'number')];

describe.each(DIALECTS)('bpm forms on %s', (dialect) => {
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
    t.api({ method: 'POST', path: '/bpm/form/create', body, token, tenant });
  const get = (id: number, token = admin, tenant: number = 1) =>
    t.api({ path: '/bpm/form/get', query: { id: String(id) }, token, tenant });

  it('creates, reads, pages, updates and deletes a form', async () => {
    const created = await create({
      name: '请假表单',
      status: 0,
      remark: '请假用',
      conf,
      fields: leaveFields,
    });
    expect(created.code).toBe(0);
    const id = created.data as number;
    const got = await get(id);
    expect(got.data).toEqual({
      id,
      name: '请假表单',
      status: 0,
      remark: '请假用',
      conf,
      fields: leaveFields,
      createTime: expect.any(Number),
    });

    const second = (await create({ name: '报销表单', status: 1, conf, fields: [] })).data as number;
    const page = (
      await t.api({ path: '/bpm/form/page', query: { pageNo: '1', pageSize: '10' }, token: admin })
    ).data as PageResult<BpmForm>;
    expect(page.list.map((f) => f.id)).toEqual([second, id]);
    const byName = (await t.api({ path: '/bpm/form/page', query: { name: '请假' }, token: admin }))
      .data as PageResult<BpmForm>;
    expect(byName).toMatchObject({ total: 1, list: [{ id, name: '请假表单' }] });
    // Simple lists need only sign-in: the operator (no bpm permission) may read them.
    expect((await t.api({ path: '/bpm/form/list-all-simple', token: operator })).data).toEqual([
      { id, name: '请假表单' },
      { id: second, name: '报销表单' },
    ]);

    const changed = [field('reason', '原因', 'textarea')];
    expect(
      await t.api({
        method: 'PUT',
        path: '/bpm/form/update',
        body: { id, name: '请假单', status: 1, remark: '', conf, fields: changed },
        token: admin,
      }),
    ).toMatchObject({ code: 0, data: true });
    expect((await get(id)).data).toMatchObject({ name: '请假单', status: 1, remark: null, fields: changed });

    expect(
      await t.api({ method: 'DELETE', path: '/bpm/form/delete', query: { id: String(id) }, token: admin }),
    ).toMatchObject({ code: 0, data: true });
    expect(await get(id)).toMatchObject({ code: 1_009_010_000, msg: '动态表单不存在' });
    expect(
      await t.api({ method: 'DELETE', path: '/bpm/form/delete', query: { id: String(id) }, token: admin }),
    ).toMatchObject({ code: 1_009_010_000 });
  });

  it('refuses two components with one field name, also inside a group', async () => {
    const repeat = await create({
      name: '重复表单',
      status: 0,
      conf,
      fields: [field('reason', '请假原因'), field('days', '天数'), field('reason', '备注')],
    });
    expect(repeat).toMatchObject({
      code: 1_009_010_001,
      msg: '表单项(请假原因) 和 (备注) 使用了相同的字段名(reason)',
    });
    const grouped = await create({
      name: '分组表单',
      status: 0,
      conf,
      fields: [
        field('reason', '请假原因'),
        JSON.stringify({ type: 'group', label: '分组', components: [{ type: 'textfield', key: 'reason' }] }),
      ],
    });
    expect(grouped).toMatchObject({
      code: 1_009_010_001,
      msg: '表单项(请假原因) 和 (reason) 使用了相同的字段名(reason)',
    });
    // A group with its own path scopes its children's keys; keyless view components are fine.
    const scoped = await create({
      name: '路径分组',
      status: 0,
      conf,
      fields: [
        field('reason', '请假原因'),
        JSON.stringify({ type: 'group', path: 'extra', components: [{ type: 'textfield', key: 'reason' }] }),
        JSON.stringify({ type: 'text', text: '# 说明' }),
      ],
    });
    expect(scoped.code).toBe(0);
    const page = (await t.api({ path: '/bpm/form/page', query: { name: '表单' }, token: admin }))
      .data as PageResult<BpmForm>;
    expect(page.list.map((f) => f.name)).not.toContain('重复表单');
  });

  it('answers bad input with a Chinese message and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', status: 0, conf, fields: [] }, '表单名称不能为空'],
      [{ name: '坏配置', status: 0, conf: '{not json', fields: [] }, '表单的配置必须是 JSON 对象字符串'],
      [{ name: '坏配置', status: 0, conf: '[]', fields: [] }, '表单的配置必须是 JSON 对象字符串'],
      [
        { name: '坏表单项', status: 0, conf, fields: ['{"key":"a"}', 'oops'] },
        '第 2 个表单项不是 JSON 对象字符串',
      ],
      [{ name: '缺表单项', status: 0, conf }, '表单项的数组不能为空'],
      [{ name: '坏状态', status: 2, conf, fields: [] }, '状态必须是 0（开启）或 1（关闭）'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.code, message).toBe(400);
      expect(res.msg).toContain(message);
    }
    expect(
      await t.api({
        method: 'PUT',
        path: '/bpm/form/update',
        body: { id: 99999, name: '不存在', status: 0, conf, fields: [] },
        token: admin,
      }),
    ).toMatchObject({ code: 1_009_010_000 });
    expect((await t.api({ path: '/bpm/form/get', query: { id: 'x' }, token: admin })).code).toBe(400);
    const page = (await t.api({ path: '/bpm/form/page', query: { name: '坏' }, token: admin }))
      .data as PageResult<BpmForm>;
    expect(page.total).toBe(0);
  });

  it('answers 401 and 403 on every endpoint', async () => {
    const id = (await create({ name: '权限表单', status: 0, conf, fields: [] })).data as number;
    const calls = [
      { path: '/bpm/form/page' },
      { path: '/bpm/form/get', query: { id: String(id) } },
      { method: 'POST' as const, path: '/bpm/form/create', body: { name: 'x', status: 0, conf, fields: [] } },
      {
        method: 'PUT' as const,
        path: '/bpm/form/update',
        body: { id, name: 'x', status: 0, conf, fields: [] },
      },
      { method: 'DELETE' as const, path: '/bpm/form/delete', query: { id: String(id) } },
    ];
    for (const call of calls) {
      expect(await t.api(call), call.path).toMatchObject({ code: 401 });
      expect(await t.api({ ...call, token: operator }), call.path).toMatchObject({ code: 403 });
    }
    expect(await t.api({ path: '/bpm/form/list-all-simple' })).toMatchObject({ code: 401 });
    expect((await get(id)).data).toMatchObject({ name: '权限表单' });
  });

  it('keeps tenants apart', async () => {
    const id = (await create({ name: '租户一表单', status: 0, conf, fields: [] })).data as number;
    expect(await t.api({ path: '/bpm/form/page', token: admin, tenant: other.tenantId })).toMatchObject({
      code: 403,
      msg: '您无权访问该租户的数据',
    });
    const theirs = { token: other.token, tenant: other.tenantId };
    expect(await t.api({ path: '/bpm/form/page', ...theirs })).toMatchObject({
      code: 0,
      data: { total: 0, list: [] },
    });
    expect(await t.api({ path: '/bpm/form/list-all-simple', ...theirs })).toMatchObject({ data: [] });
    expect(await get(id, other.token, other.tenantId)).toMatchObject({ code: 1_009_010_000 });
    const update = { id, name: '改名', status: 0, conf, fields: [] };
    expect(await t.api({ method: 'PUT', path: '/bpm/form/update', body: update, ...theirs })).toMatchObject({
      code: 1_009_010_000,
    });
    expect(
      await t.api({ method: 'DELETE', path: '/bpm/form/delete', query: { id: String(id) }, ...theirs }),
    ).toMatchObject({ code: 1_009_010_000 });
    const own = await create(
      { name: '租户二表单', status: 0, conf, fields: [] },
      other.token,
      other.tenantId,
    );
    expect(own.code).toBe(0);
    expect((await get(id)).data).toMatchObject({ name: '租户一表单' });
  });
});
