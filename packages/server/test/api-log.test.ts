import type { ApiAccessLog, ApiErrorLog, PageResult } from '@app/contract';
import { defineEndpoint, SIGNED_IN } from '@app/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { JobHandlers, type JobHandler } from '../src/lib/job-handlers.js';
import { APPLICATION_NAME } from '../src/plugins/api-log.js';
import { routeRegistrar } from '../src/plugins/routes.js';
import { dateTime, grantInTenant } from './audit-log-fixture.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { addSecondTenant, readSheet } from './users-fixture.js';

// Calls are a minute apart: far enough for second-precision ranges, near enough for the tokens to stay valid.
const STEP = 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

/** A route that fails the way a bug does: an unexpected error with a cause, carrying internal text. */
const boom = defineEndpoint({
  method: 'POST',
  path: '/test/boom',
  summary: '出错的接口',
  tag: '测试',
  access: SIGNED_IN,
  body: z.object({ secret: z.string().optional() }).nullish(),
  data: z.boolean(),
});
function explode(): never {
  throw new TypeError('内部细节 /srv/db 不应外泄', { cause: new Error('根因：连接已断开') });
}

describe.each(DIALECTS)('API logs on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let tenant2: Awaited<ReturnType<typeof addSecondTenant>>;
  let start: number;
  const handlers = new Map<string, JobHandler>();

  const call = async (opts: Parameters<TestApp['api']>[0]) => {
    t.clock.now += STEP;
    return t.api({ headers: { 'user-agent': 'ApiLogTest/1.0', 'x-forwarded-for': '10.1.2.3' }, ...opts });
  };
  const read = async <T>(path: string, query: Record<string, string>, token = admin, tenant = 1) => {
    await t.app.apiLogsSettled();
    const res = await t.api({ path, query, token, tenant });
    expect(res.msg).toBe('');
    return res.data as PageResult<T>;
  };
  const accessPage = (query: Record<string, string> = {}, token = admin, tenant = 1) =>
    read<ApiAccessLog>('/infra/api-access-log/page', query, token, tenant);
  const errorPage = (query: Record<string, string> = {}, token = admin, tenant = 1) =>
    read<ApiErrorLog>('/infra/api-error-log/page', query, token, tenant);
  /** The newest access-log row of a URL. */
  const lastOf = async (requestUrl: string) => (await accessPage({ requestUrl, pageSize: '1' })).list[0];

  beforeAll(async () => {
    const register = JobHandlers.prototype.register;
    const spy = vi.spyOn(JobHandlers.prototype, 'register').mockImplementation(function (
      this: JobHandlers,
      name,
      handler,
    ) {
      handlers.set(name, handler);
      register.call(this, name, handler);
    });
    t = await createTestApp(dialect, {
      beforeReady: (app) => routeRegistrar(app, '/admin-api')(boom, () => explode()),
    });
    spy.mockRestore();
    start = t.clock.now;
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    tenant2 = await addSecondTenant(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs every request with user, endpoint, masked input, result and timing', async () => {
    await call({ path: '/system/post/page', query: { name: '岗' }, token: admin });
    const created = await call({
      method: 'POST',
      path: '/system/post/create',
      body: { name: '日志岗', code: 'apilog', sort: 1, status: 0 },
      token: admin,
    });
    expect(created.code).toBe(0);

    const row = await lastOf('/system/post/create');
    expect(row).toMatchObject({
      userId: 1,
      userType: 2,
      applicationName: APPLICATION_NAME,
      requestMethod: 'POST',
      requestUrl: '/admin-api/system/post/create',
      responseBody: null,
      userIp: '10.1.2.3',
      userAgent: 'ApiLogTest/1.0',
      operateModule: '岗位',
      operateName: '创建岗位，返回编号',
      operateType: 2,
      beginTime: start + 2 * STEP,
      endTime: start + 2 * STEP,
      resultCode: 0,
      resultMsg: '',
      createTime: start + 2 * STEP,
    });
    expect(row?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(row?.duration).toBeGreaterThanOrEqual(0);
    // `code` is one of the masked names: codes are one-time secrets more often than not.
    expect(JSON.parse(row?.requestParams ?? '')).toEqual({
      query: {},
      body: { name: '日志岗', code: '******', sort: 1, status: 0 },
    });
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        'id',
        'traceId',
        'userId',
        'userType',
        'applicationName',
        'requestMethod',
        'requestUrl',
        'requestParams',
        'responseBody',
        'userIp',
        'userAgent',
        'operateModule',
        'operateName',
        'operateType',
        'beginTime',
        'endTime',
        'duration',
        'resultCode',
        'resultMsg',
        'createTime',
      ].sort(),
    );
    const read = await lastOf('/system/post/page');
    expect(read).toMatchObject({ requestMethod: 'GET', operateType: 0, operateModule: '岗位' });
    expect(JSON.parse(read?.requestParams ?? '')).toEqual({ query: { name: '岗' }, body: null });
  });

  it('keeps the trace id of a W3C traceparent, and draws its own for none or an invalid one', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traceOf = async (traceparent?: string) => {
      const headers: Record<string, string> = traceparent === undefined ? {} : { traceparent };
      expect((await t.api({ path: '/system/dept/simple-list', token: admin, headers })).code).toBe(0);
      return (await lastOf('/system/dept/simple-list'))?.traceId;
    };
    expect(await traceOf(`00-${traceId}-00f067aa0ba902b7-01`)).toBe(traceId);
    const invalid = [
      undefined,
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      `00-${traceId}-${'0'.repeat(16)}-01`,
      `00-${traceId.toUpperCase()}-00f067aa0ba902b7-01`,
      `ff-${traceId}-00f067aa0ba902b7-01`,
      `00-${traceId}-00f067aa0ba902b7`,
      `00-${traceId}' or 1=1-00f067aa0ba902b7-01`,
    ];
    for (const header of invalid) {
      const id = await traceOf(header);
      expect(id, header).toMatch(/^[0-9a-f]{32}$/);
      expect(id, header).not.toBe(traceId);
    }
  });

  it('masks passwords, tokens, secrets and codes', async () => {
    await call({
      method: 'POST',
      path: '/system/auth/login',
      body: { username: 'admin', password: 'admin123' },
    });
    await call({
      method: 'POST',
      path: '/system/user/create',
      body: { username: 'apiloguser', nickname: '日志员', password: 'Secret#123' },
      token: admin,
    });
    await call({ method: 'POST', path: '/system/auth/refresh-token', query: { refreshToken: 'rt-abc-123' } });
    await call({
      method: 'POST',
      path: '/system/auth/sms-login',
      body: { mobile: '15601691300', code: '9999' },
    });
    await call({
      method: 'POST',
      path: '/system/oauth2-client/create',
      body: { clientId: 'c', secret: 'shh-secret', name: 'x', nested: { accessToken: 'tok-1' } },
      token: admin,
    });
    await t.app.apiLogsSettled();
    const { list } = await accessPage({ pageSize: '10' });
    const text = JSON.stringify(list.map((r) => r.requestParams));
    for (const secret of ['admin123', 'Secret#123', 'rt-abc-123', '9999', 'shh-secret', 'tok-1'])
      expect(text).not.toContain(secret);
    const login = await lastOf('/system/auth/login');
    expect(JSON.parse(login?.requestParams ?? '').body).toEqual({ username: 'admin', password: '******' });
    const refresh = await lastOf('/system/auth/refresh-token');
    expect(JSON.parse(refresh?.requestParams ?? '').query).toEqual({ refreshToken: '******' });
    // Anonymous calls are logged too: user 0, the tenant of the header.
    expect(refresh).toMatchObject({ userId: 0, userType: 2 });
  });

  it('logs refused requests with their result', async () => {
    await call({ path: '/system/post/page' });
    expect(await lastOf('/system/post/page')).toMatchObject({
      userId: 0,
      resultCode: 401,
      resultMsg: '账号未登录',
    });
    await call({ path: '/infra/api-access-log/page', token: operator });
    expect(await lastOf('/infra/api-access-log/page')).toMatchObject({
      userId: 2,
      resultCode: 403,
      resultMsg: '没有该操作权限',
      operateModule: 'API 访问日志',
    });
  });

  it('logs an unexpected error with its exception, and answers a generic envelope', async () => {
    const res = await call({
      method: 'POST',
      path: '/test/boom',
      body: { secret: 'hidden-1' },
      token: admin,
    });
    expect(res.raw.json()).toEqual({ code: 500, msg: '系统异常', data: null });
    expect(res.raw.body).not.toContain('内部细节');
    expect(res.raw.body).not.toContain('根因');
    expect(res.raw.body).not.toContain('api-log.test');

    const { list, total } = await errorPage();
    expect(total).toBe(1);
    const row = list[0];
    expect(row).toMatchObject({
      userId: 1,
      userType: 2,
      applicationName: APPLICATION_NAME,
      requestMethod: 'POST',
      requestUrl: '/admin-api/test/boom',
      userIp: '10.1.2.3',
      userAgent: 'ApiLogTest/1.0',
      exceptionTime: t.clock.now,
      exceptionName: 'TypeError',
      exceptionMessage: '内部细节 /srv/db 不应外泄',
      exceptionRootCauseMessage: '根因：连接已断开',
      exceptionMethodName: 'explode',
      processStatus: 0,
      processTime: null,
      processUserId: null,
    });
    expect(JSON.parse(row?.requestParams ?? '')).toEqual({ query: {}, body: { secret: '******' } });
    expect(row?.exceptionStackTrace).toMatch(/^TypeError: 内部细节[\s\S]*\n\s+at explode /);
    expect(row?.exceptionFileName).toContain('api-log.test.ts');
    expect(row?.exceptionLineNumber).toBeGreaterThan(0);
    expect(await lastOf('/test/boom')).toMatchObject({ resultCode: 500, resultMsg: '系统异常' });

    // Refusals and validation errors answer codes of their own: not errors of the server.
    await call({ path: '/system/post/get', query: { id: 'x' }, token: admin });
    await call({ method: 'POST', path: '/test/boom', body: { secret: 1 }, token: admin });
    await call({ method: 'POST', path: '/test/boom' });
    expect((await errorPage()).total).toBe(1);
  });

  it('filters the access log and pages it, newest first', async () => {
    const urls = async (query: Record<string, string>) =>
      (await accessPage({ pageSize: '100', ...query })).list.map((r) => r.requestUrl);
    expect(new Set(await urls({ userId: '2' }))).toEqual(new Set(['/admin-api/infra/api-access-log/page']));
    expect(await urls({ userType: '1' })).toEqual([]);
    expect(
      (await urls({ requestUrl: 'POST/CREATE' })).every((u) => u === '/admin-api/system/post/create'),
    ).toBe(true);
    expect((await urls({ applicationName: 'console' })).length).toBeGreaterThan(5);
    expect(await urls({ applicationName: 'yudao' })).toEqual([]);
    expect(await urls({ resultCode: '500' })).toEqual(['/admin-api/test/boom']);
    expect(await urls({ resultCode: '401' })).toContain('/admin-api/system/post/page');
    const slow = await accessPage({ duration: '100000' });
    expect(slow.total).toBe(0);
    expect(
      await urls({
        requestUrl: '/system/post/',
        'beginTime[0]': dateTime(start + STEP / 2),
        'beginTime[1]': dateTime(start + 2.5 * STEP),
      }),
    ).toEqual(['/admin-api/system/post/create', '/admin-api/system/post/page']);

    const all = await accessPage({ pageSize: '100' });
    const second = await accessPage({ pageNo: '2', pageSize: '3' });
    expect(second.total).toBe(all.total + 1);
    const times = all.list.map((r) => r.beginTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses bad filters and bad status changes', async () => {
    for (const [path, query, message] of [
      ['/infra/api-access-log/page', { userId: 'abc' }, '用户编号必须是正整数'],
      ['/infra/api-access-log/page', { duration: '-1' }, '执行时长必须是非负整数'],
      ['/infra/api-access-log/page', { resultCode: 'x' }, '结果码必须是非负整数'],
      ['/infra/api-access-log/page', { 'beginTime[0]': '2024-13-01' }, '请求时间格式不正确'],
      [
        '/infra/api-access-log/export-excel',
        { requestUrl: 'u'.repeat(256) },
        '请求地址长度不能超过255个字符',
      ],
      [
        '/infra/api-error-log/page',
        { processStatus: '5' },
        '处理状态只能是 0（未处理）、1（已处理）或 2（已忽略）',
      ],
      ['/infra/api-error-log/page', { 'exceptionTime[1]': 'yesterday' }, '异常时间格式不正确'],
      ['/infra/api-error-log/export-excel', { userType: '-2' }, '用户类型必须是非负整数'],
      ['/infra/api-error-log/page', { pageSize: '0' }, '每页条数最小值为 1'],
    ] as const) {
      const res = await t.api({ path, query, token: admin });
      expect(res.code, path).toBe(400);
      expect(res.msg).toContain(message);
    }
    for (const [query, message] of [
      [{ id: '1', processStatus: '0' }, '处理状态只能是 1（已处理）或 2（已忽略）'],
      [{ processStatus: '1' }, '编号'],
      [{ id: '-1', processStatus: '1' }, '编号必须是正整数'],
    ] as const) {
      const res = await t.api({
        method: 'PUT',
        path: '/infra/api-error-log/update-status',
        query,
        token: admin,
      });
      expect(res.code).toBe(400);
      expect(res.msg).toContain(message);
    }
  });

  it('marks an error 已处理 or 已忽略 once, by query or form', async () => {
    const [first] = (await errorPage()).list;
    const done = await call({
      method: 'PUT',
      path: '/infra/api-error-log/update-status',
      query: { id: String(first?.id), processStatus: '1' },
      token: admin,
    });
    expect(done).toMatchObject({ code: 0, data: true });
    expect((await errorPage()).list[0]).toMatchObject({
      processStatus: 1,
      processUserId: 1,
      processTime: t.clock.now,
    });
    const again = await call({
      method: 'PUT',
      path: '/infra/api-error-log/update-status',
      query: { id: String(first?.id), processStatus: '2' },
      token: admin,
    });
    expect(again).toMatchObject({ code: 1_001_002_001, msg: 'API 错误日志已处理' });

    await call({ method: 'POST', path: '/test/boom', token: admin });
    const fresh = (await errorPage({ processStatus: '0' })).list;
    expect(fresh).toHaveLength(1);
    const form = await t.app.inject({
      method: 'PUT',
      url: '/admin-api/infra/api-error-log/update-status',
      headers: {
        authorization: `Bearer ${admin}`,
        'tenant-id': '1',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `id=${fresh[0]?.id}&processStatus=2`,
    });
    expect(form.json()).toMatchObject({ code: 0, data: true });
    expect((await errorPage({ processStatus: '2' })).list.map((r) => r.id)).toEqual([fresh[0]?.id]);

    const missing = await t.api({
      method: 'PUT',
      path: '/infra/api-error-log/update-status',
      query: { id: '999999', processStatus: '1' },
      token: admin,
    });
    expect(missing).toMatchObject({ code: 1_001_002_000, msg: 'API 错误日志不存在' });
  });

  it('exports both logs as .xlsx with Chinese headers and dictionary labels', async () => {
    const get = (path: string, query: Record<string, string>) =>
      t.app.inject({
        url: `/admin-api${path}`,
        query,
        headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
      });
    await t.app.apiLogsSettled();
    const access = await get('/infra/api-access-log/export-excel', { requestUrl: '/system/post/create' });
    expect(access.headers['content-type']).toContain('spreadsheetml');
    expect(access.headers['content-disposition']).toContain(encodeURIComponent('API 访问日志'));
    const rows = await readSheet(access.rawPayload);
    expect(rows[0]?.slice(0, 4)).toEqual(['日志主键', '链路追踪', '用户编号', '用户类型']);
    expect(rows[0]).toContain('操作类型');
    expect(rows.slice(1).map((r) => [r[3], r[6], r[12], r[16]])).toEqual([
      ['管理员', '/admin-api/system/post/create', '新增', '0'],
    ]);

    const errors = await get('/infra/api-error-log/export-excel', { processStatus: '1' });
    const errorRows = await readSheet(errors.rawPayload);
    expect(errorRows[0]).toContain('异常名');
    expect(errorRows.slice(1).map((r) => [r[6], r[11], r[18]])).toEqual([
      ['/admin-api/test/boom', 'TypeError', '已处理'],
    ]);
  });

  it('answers 401 and 403, and keeps tenants apart', async () => {
    const endpoints = [
      ['GET', '/infra/api-access-log/page'],
      ['GET', '/infra/api-access-log/export-excel'],
      ['GET', '/infra/api-error-log/page'],
      ['GET', '/infra/api-error-log/export-excel'],
      ['PUT', '/infra/api-error-log/update-status'],
    ] as const;
    for (const [method, path] of endpoints) {
      const query: Record<string, string> = method === 'PUT' ? { id: '1', processStatus: '1' } : {};
      expect(await t.api({ method, path, query }), path).toMatchObject({ code: 401 });
      expect(await t.api({ method, path, query, token: operator }), path).toMatchObject({ code: 403 });
      expect(
        await t.api({ method, path, query, token: admin, tenant: tenant2.tenantId }),
        path,
      ).toMatchObject({
        code: 403,
        msg: '您无权访问该租户的数据',
      });
    }

    // The second tenant's requests and errors land in its own logs, which tenant 1 never sees.
    await grantInTenant(t, tenant2.tenantId, tenant2.userId, [
      'infra:api-access-log:query',
      'infra:api-error-log:query',
      'infra:api-error-log:update-status',
    ]);
    const theirs = { token: tenant2.token, tenant: tenant2.tenantId };
    await call({ method: 'POST', path: '/test/boom', ...theirs });
    await call({ path: '/system/dept/list', query: { name: '租户二' }, ...theirs });
    const access = await accessPage({ pageSize: '100' }, theirs.token, theirs.tenant);
    expect(access.list.every((r) => r.userId === tenant2.userId || r.userId === 0)).toBe(true);
    expect(access.list.map((r) => r.requestUrl)).toContain('/admin-api/system/dept/list');
    const errors = await errorPage({}, theirs.token, theirs.tenant);
    expect(errors.list.map((r) => [r.userId, r.requestUrl])).toEqual([
      [tenant2.userId, '/admin-api/test/boom'],
    ]);
    expect((await accessPage({ userId: String(tenant2.userId) })).total).toBe(0);
    expect((await errorPage({ userId: String(tenant2.userId) })).total).toBe(0);

    // Tenant 1's error is no id the second tenant may process.
    const [ours] = (await errorPage({ processStatus: '2' })).list;
    const foreign = await t.api({
      method: 'PUT',
      path: '/infra/api-error-log/update-status',
      query: { id: String(ours?.id), processStatus: '1' },
      ...theirs,
    });
    expect(foreign).toMatchObject({ code: 1_001_002_000 });
  });

  it('never lets a failed log write break the request', async () => {
    const before = (await accessPage()).total;
    await t.app.apiLogsSettled();
    const k = t.db.kysely;
    await sql`alter table infra_api_access_log rename to infra_api_access_log_away`.execute(k);
    try {
      const res = await call({ path: '/system/post/page', token: admin });
      expect(res.code).toBe(0);
      await t.app.apiLogsSettled();
    } finally {
      await sql`alter table infra_api_access_log_away rename to infra_api_access_log`.execute(k);
    }
    // The page call of `before` is there; the call made meanwhile is lost.
    expect((await accessPage()).total).toBe(before + 1);
  });

  it('cleans rows older than the days of the job parameter, every tenant, in batches', async () => {
    const accessClean = handlers.get('accessLogCleanJob');
    const errorClean = handlers.get('errorLogCleanJob');
    expect(accessClean && errorClean).toBeTruthy();
    const k = t.db.kysely;
    await t.app.apiLogsSettled();
    const count = async (table: 'infraApiAccessLog' | 'infraApiErrorLog') =>
      Number(
        (
          await k
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const recentAccess = await count('infraApiAccessLog');
    const recentErrors = await count('infraApiErrorLog');
    // Rows 20 and 40 days old, in both tenants: 1,200 access rows (more than one batch) and 2 errors.
    const old = (days: number, tenantId: number, i: number) => ({
      tenantId,
      traceId: `old-${days}-${i}`,
      userId: 1,
      userType: 2,
      applicationName: APPLICATION_NAME,
      requestMethod: 'GET',
      requestUrl: '/admin-api/old',
      requestParams: '{}',
      userIp: '',
      userAgent: '',
      creator: null,
      createTime: t.clock.now - days * DAY,
    });
    const accessRow = (days: number, tenantId: number, i: number) => ({
      ...old(days, tenantId, i),
      responseBody: null,
      operateModule: '',
      operateName: '',
      operateType: 0,
      beginTime: t.clock.now - days * DAY,
      endTime: t.clock.now - days * DAY,
      duration: 1,
      resultCode: 0,
      resultMsg: '',
    });
    for (let i = 0; i < 1200; i += 100)
      await k
        .insertInto('infraApiAccessLog')
        .values(
          Array.from({ length: 100 }, (_, j) =>
            accessRow(i + j < 600 ? 20 : 40, (i + j) % 2 ? 1 : tenant2.tenantId, i + j),
          ),
        )
        .execute();
    const errorRow = (days: number, tenantId: number) => ({
      ...old(days, tenantId, 0),
      exceptionTime: t.clock.now - days * DAY,
      exceptionName: 'Error',
      exceptionMessage: '',
      exceptionRootCauseMessage: '',
      exceptionStackTrace: '',
      exceptionClassName: '',
      exceptionFileName: '',
      exceptionMethodName: '',
      exceptionLineNumber: 0,
      processStatus: 0,
      processTime: null,
      processUserId: null,
    });
    await k
      .insertInto('infraApiErrorLog')
      .values([errorRow(20, 1), errorRow(40, tenant2.tenantId)])
      .execute();

    expect(await accessClean!('30')).toBe('清理访问日志 600 条');
    expect(await accessClean!('')).toBe('清理访问日志 600 条');
    expect(await accessClean!(' ')).toBe('清理访问日志 0 条');
    expect(await count('infraApiAccessLog')).toBe(recentAccess);
    expect(await errorClean!('')).toBe('清理错误日志 2 条');
    expect(await count('infraApiErrorLog')).toBe(recentErrors);
    await expect(accessClean!('abc')).rejects.toThrow('保留天数必须是正整数');
  });
});
