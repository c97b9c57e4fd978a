import type { OperateLog, PageResult } from '@app/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operateTypeOf } from '../src/plugins/operate-log.js';
import { dateTime, grantInTenant } from './audit-log-fixture.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { addSecondTenant, readSheet } from './users-fixture.js';

// Calls are a minute apart: far enough for second-precision ranges, near enough for the tokens to stay valid.
const STEP = 60 * 1000;

describe.each(DIALECTS)('operate log on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let tenant2: Awaited<ReturnType<typeof addSecondTenant>>;
  let start: number;
  let postId: number;

  /** One API call a minute after the previous one, so that the log's order is the calls' order. */
  const call = async (opts: Parameters<TestApp['api']>[0]) => {
    t.clock.now += STEP;
    return t.api({ headers: { 'user-agent': 'AuditTest/2.0', 'x-forwarded-for': '10.20.30.40' }, ...opts });
  };

  const page = async (query: Record<string, string> = {}, token = admin, tenant = 1) => {
    await t.app.operateLogsSettled();
    const res = await t.api({ path: '/system/operate-log/page', query, token, tenant });
    expect(res.msg).toBe('');
    return res.data as PageResult<OperateLog>;
  };
  const latest = async () => (await page({ pageSize: '1' })).list[0];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    start = t.clock.now;
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    tenant2 = await addSecondTenant(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('records a create, update and delete with user, module, action, request, result and duration', async () => {
    const created = await call({
      method: 'POST',
      path: '/system/post/create',
      body: { name: '审计岗', code: 'audit', sort: 1, status: 0 },
      token: admin,
    });
    postId = created.data as number;
    await call({
      method: 'PUT',
      path: '/system/post/update',
      body: { id: postId, name: '审计岗二', code: 'audit', sort: 2, status: 0 },
      token: admin,
    });
    await call({
      method: 'DELETE',
      path: '/system/post/delete',
      query: { id: String(postId) },
      token: admin,
    });

    const { list, total } = await page();
    expect(total).toBe(3);
    const [deleted, updated, create] = list;
    expect(create).toMatchObject({
      userId: 1,
      userType: 2,
      userNickname: '系统管理员',
      module: '岗位',
      name: '创建岗位，返回编号',
      type: 2,
      content: '',
      exts: null,
      requestMethod: 'POST',
      requestUrl: '/admin-api/system/post/create',
      userIp: '10.20.30.40',
      userAgent: 'AuditTest/2.0',
      javaMethod: 'postCreate',
      startTime: start + STEP,
      resultCode: 0,
      resultMsg: '',
      resultData: String(postId),
    });
    expect(create?.traceId).toMatch(/^[0-9a-f]{32}$/);
    // One trace id per request: the create's access-log row carries the same one.
    await t.app.apiLogsSettled();
    const access = await t.api({
      path: '/infra/api-access-log/page',
      query: { requestUrl: '/admin-api/system/post/create', pageSize: '1' },
      token: admin,
    });
    expect((access.data as PageResult<{ traceId: string }>).list[0]?.traceId).toBe(create?.traceId);
    expect(new Set(list.map((entry) => entry.traceId)).size).toBe(3);
    expect(create?.duration).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(create?.javaMethodArgs ?? '')).toEqual({
      query: {},
      body: { name: '审计岗', code: 'audit', sort: 1, status: 0 },
    });
    expect(updated).toMatchObject({ type: 3, name: '修改岗位', requestMethod: 'PUT', resultData: 'true' });
    expect(deleted).toMatchObject({
      type: 4,
      name: '删除岗位',
      javaMethod: 'postDelete',
      resultData: 'true',
    });
    expect(JSON.parse(deleted?.javaMethodArgs ?? '')).toEqual({ query: { id: String(postId) }, body: null });
    expect(Object.keys(create ?? {}).sort()).toEqual(
      [
        'id',
        'traceId',
        'userId',
        'userType',
        'userNickname',
        'module',
        'name',
        'type',
        'content',
        'exts',
        'requestMethod',
        'requestUrl',
        'userIp',
        'userAgent',
        'javaMethod',
        'javaMethodArgs',
        'startTime',
        'duration',
        'resultCode',
        'resultMsg',
        'resultData',
      ].sort(),
    );
  });

  it('masks passwords and caps long input', async () => {
    await call({
      method: 'POST',
      path: '/system/user/create',
      body: { username: 'audituser', nickname: '审计员', password: 'Secret#123' },
      token: admin,
    });
    const userCreate = await latest();
    expect(userCreate).toMatchObject({ module: '用户', type: 2, resultCode: 0 });
    expect(userCreate?.javaMethodArgs).not.toContain('Secret#123');
    expect(JSON.parse(userCreate?.javaMethodArgs ?? '').body).toMatchObject({
      username: 'audituser',
      password: '******',
    });

    await call({
      method: 'PUT',
      path: '/system/user/update-password',
      body: { id: 1, password: 'another1' },
      token: operator,
    });
    expect((await latest())?.javaMethodArgs).not.toContain('another1');

    await call({
      method: 'POST',
      path: '/system/post/create',
      body: { name: '长备注', code: 'long', sort: 1, status: 0, remark: '备'.repeat(3000) },
      token: admin,
    });
    const long = await latest();
    expect(long).toMatchObject({ resultCode: 400 });
    expect(long?.resultMsg).toContain('备注长度不能超过 500 个字符');
    const remark = JSON.parse(long?.javaMethodArgs ?? '').body.remark as string;
    expect(remark).toBe(`${'备'.repeat(1000)}…（已截断）`);
  });

  it('records refused writes and exports, but not reads, sign-in, sign-out or anonymous calls', async () => {
    const before = (await page()).total;
    await call({ path: '/system/post/page', token: admin });
    await call({ path: '/system/post/get', query: { id: '1' }, token: admin });
    const { accessToken } = await t.login('operator', 'operator123');
    await t.api({ method: 'POST', path: '/system/auth/logout', token: accessToken });
    await call({
      method: 'POST',
      path: '/system/post/create',
      body: { name: 'x', code: 'y', sort: 1, status: 0 },
    });
    expect((await page()).total).toBe(before);

    const refused = await call({
      method: 'POST',
      path: '/system/post/create',
      body: { name: '越权岗', code: 'denied', sort: 1, status: 0 },
      token: operator,
    });
    expect(refused.code).toBe(403);
    expect(await latest()).toMatchObject({
      userNickname: '运营专员',
      type: 2,
      resultCode: 403,
      resultMsg: '没有该操作权限',
      resultData: '',
    });

    const exported = await t.app.inject({
      url: '/admin-api/system/post/export',
      query: { status: '0' },
      headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(await latest()).toMatchObject({
      module: '岗位',
      type: 5,
      requestMethod: 'GET',
      requestUrl: '/admin-api/system/post/export',
      javaMethod: 'postExport',
      resultCode: 0,
    });
    expect(JSON.parse((await latest())?.javaMethodArgs ?? '')).toEqual({
      query: { status: '0' },
      body: null,
    });
    expect((await page()).total).toBe(before + 2);
  });

  it('filters by module, nickname, type, result and time, newest first, paged', async () => {
    const names = async (query: Record<string, string>) => (await page(query)).list.map((r) => r.javaMethod);
    expect(await names({ module: '用' })).toEqual(['userUpdatePassword', 'userCreate']);
    expect(await names({ userNickname: '运营' })).toEqual(['postCreate', 'userUpdatePassword']);
    expect(await names({ type: '4' })).toEqual(['postDelete']);
    expect(await names({ type: '5' })).toEqual(['postExport']);
    expect(await names({ success: 'false' })).toEqual(['postCreate', 'postCreate', 'userUpdatePassword']);
    expect((await page({ success: 'true', module: '岗位' })).total).toBe(4);
    expect(
      await names({
        'startTime[0]': dateTime(start + STEP / 2),
        'startTime[1]': dateTime(start + 2.5 * STEP),
      }),
    ).toEqual(['postUpdate', 'postCreate']);

    const all = await page({ pageSize: '100' });
    const second = await page({ pageNo: '2', pageSize: '3' });
    expect(second.total).toBe(all.total);
    expect(second.list.map((r) => r.id)).toEqual(all.list.slice(3, 6).map((r) => r.id));
    const times = all.list.map((r) => r.startTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses bad filters', async () => {
    for (const [query, message] of [
      [{ type: '9' }, '操作类型只能是 0 到 6 的整数'],
      [{ success: 'yes' }, '操作状态只能是 true（成功）或 false（失败）'],
      [{ 'startTime[1]': '2024-13-01 00:00:00' }, '操作时间格式不正确'],
      [{ module: 'm'.repeat(51) }, '操作模块长度不能超过50个字符'],
      [{ pageSize: '0' }, '每页条数最小值为 1'],
    ] as const) {
      const res = await t.api({ path: '/system/operate-log/page', query, token: admin });
      expect(res.code).toBe(400);
      expect(res.msg).toContain(message);
    }
  });

  it('exports an .xlsx with Chinese headers and dictionary labels', async () => {
    for (const path of ['/system/operate-log/export', '/system/operate-log/export-excel']) {
      const res = await t.app.inject({
        url: `/admin-api${path}`,
        query: { module: '岗位', type: '2' },
        headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
      });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('操作日志'));
      const rows = await readSheet(res.rawPayload);
      expect(rows[0]).toEqual([
        '日志编号',
        '操作模块',
        '操作名',
        '操作类型',
        '操作人',
        '操作结果',
        '操作时间',
        '执行时长（毫秒）',
        '请求方法',
        '请求地址',
        '用户 IP',
        '结果码',
        '结果提示',
      ]);
      expect(rows.slice(1).map((r) => [r[1], r[3], r[4], r[5], r[11]])).toEqual([
        ['岗位', '新增', '运营专员', '失败', '403'],
        ['岗位', '新增', '系统管理员', '失败', '400'],
        ['岗位', '新增', '系统管理员', '成功', '0'],
      ]);
      expect(rows[3]?.[6]).toBe(dateTime(start + STEP));
    }
  });

  it('answers 401, 403 and keeps tenants apart', async () => {
    expect(await t.api({ path: '/system/operate-log/page' })).toMatchObject({ code: 401 });
    expect(await t.api({ path: '/system/operate-log/export' })).toMatchObject({ code: 401 });
    expect(await t.api({ path: '/system/operate-log/page', token: operator })).toMatchObject({ code: 403 });
    expect(await t.api({ path: '/system/operate-log/export', token: operator })).toMatchObject({ code: 403 });
    expect(
      await t.api({ path: '/system/operate-log/page', token: admin, tenant: tenant2.tenantId }),
    ).toMatchObject({ code: 403, msg: '您无权访问该租户的数据' });

    // The second tenant's writes land in its own log, which tenant 1 never sees.
    await grantInTenant(t, tenant2.tenantId, tenant2.userId, ['system:operate-log:query']);
    await t.api({
      method: 'POST',
      path: '/system/post/create',
      body: { name: '租户二岗', code: 't2', sort: 1, status: 0 },
      token: tenant2.token,
      tenant: tenant2.tenantId,
    });
    const theirs = await page({}, tenant2.token, tenant2.tenantId);
    expect(theirs.list.map((r) => [r.userNickname, r.resultCode])).toEqual([['租户二用户', 403]]);
    expect((await page({ userNickname: '租户二' })).total).toBe(0);
  });

  it('never lets a failed log write break the request', async () => {
    const before = (await page()).total;
    const k = t.db.kysely;
    await sql`alter table system_operate_log rename to system_operate_log_away`.execute(k);
    try {
      const res = await call({
        method: 'POST',
        path: '/system/post/create',
        body: { name: '无日志岗', code: 'nolog', sort: 1, status: 0 },
        token: admin,
      });
      expect(res.code).toBe(0);
      await t.app.operateLogsSettled();
    } finally {
      await sql`alter table system_operate_log_away rename to system_operate_log`.execute(k);
    }
    expect((await page()).total).toBe(before);
    expect((await page({ pageSize: '1' })).list[0]?.startTime).toBeLessThan(t.clock.now);
  });
});

describe('operate type of a route', () => {
  it('follows the action of the path, then the method', () => {
    expect(operateTypeOf('POST', '/admin-api/system/user/import')).toBe(6);
    expect(operateTypeOf('GET', '/admin-api/system/user/export-excel')).toBe(5);
    expect(operateTypeOf('DELETE', '/admin-api/system/post/delete')).toBe(4);
    expect(operateTypeOf('POST', '/admin-api/system/notice/delete-list')).toBe(4);
    expect(operateTypeOf('PUT', '/admin-api/system/user/update-status')).toBe(3);
    expect(operateTypeOf('POST', '/admin-api/system/permission/assign-user-role')).toBe(2);
    expect(operateTypeOf('GET', '/admin-api/system/post/page')).toBe(0);
  });
});
