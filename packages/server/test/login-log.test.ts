import type { LoginLog, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { EXPORT_MAX_ROWS } from '../src/lib/export-limit.js';
import { dateTime, grantInTenant } from './audit-log-fixture.js';
import { addSecondTenant, readSheet } from './users-fixture.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('login log on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let tenant2: Awaited<ReturnType<typeof addSecondTenant>>;
  let today: number;

  /** A sign-in attempt from `ip` (the server trusts X-Forwarded-For). */
  const signIn = (username: string, password: string, ip = '127.0.0.1') =>
    t.api({
      method: 'POST',
      path: '/system/auth/login',
      body: { username, password },
      headers: { 'x-forwarded-for': ip, 'user-agent': 'LogTest/1.0' },
    });

  const page = async (query: Record<string, string>, token = admin, tenant = 1) => {
    const res = await t.api({ path: '/system/login-log/page', query, token, tenant });
    expect(res.msg).toBe('');
    return res.data as PageResult<LoginLog>;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // One attempt ten days ago, the rest now.
    today = t.clock.now;
    t.clock.now = today - 10 * DAY;
    await signIn('admin', 'wrong-pass', '10.9.8.7');
    t.clock.now = today;
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    await signIn('nobody', 'whatever1', '192.168.7.70');
    tenant2 = await addSecondTenant(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages the tenant’s attempts newest first with the reference fields', async () => {
    const all = await page({ pageNo: '1', pageSize: '10' });
    expect(all.list.map((r) => [r.username, r.result])).toEqual([
      ['nobody', 10],
      ['operator', 0],
      ['admin', 0],
      ['admin', 10],
    ]);
    expect(all.total).toBe(4);
    expect(Object.keys(all.list[0] ?? {}).sort()).toEqual([
      'createTime',
      'id',
      'logType',
      'result',
      'traceId',
      'userAgent',
      'userId',
      'userIp',
      'userType',
      'username',
    ]);
    expect(all.list[0]).toMatchObject({
      logType: 100,
      userId: 0,
      userIp: '192.168.7.70',
      userAgent: 'LogTest/1.0',
    });
    expect(all.list[3]).toMatchObject({ userId: 1, userIp: '10.9.8.7', createTime: today - 10 * DAY });
    // The attempt's trace id is the one of its request's access-log row.
    await t.app.apiLogsSettled();
    const access = await t.api({
      path: '/infra/api-access-log/page',
      query: { requestUrl: '/admin-api/system/auth/login', pageSize: '10' },
      token: admin,
    });
    const accessTraces = (access.data as PageResult<{ traceId: string }>).list.map((r) => r.traceId);
    expect(all.list.map((r) => r.traceId).every((trace) => accessTraces.includes(trace))).toBe(true);
    expect(new Set(all.list.map((r) => r.traceId)).size).toBe(4);

    const second = await page({ pageNo: '2', pageSize: '3' });
    expect(second.total).toBe(4);
    expect(second.list.map((r) => r.username)).toEqual(['admin']);
  });

  it('filters by address, username, result and time', async () => {
    expect((await page({ userIp: '192.168' })).list.map((r) => r.username)).toEqual(['nobody']);
    expect((await page({ username: 'adm' })).list.map((r) => r.result)).toEqual([0, 10]);
    expect((await page({ status: 'false' })).list.map((r) => r.username)).toEqual(['nobody', 'admin']);
    expect((await page({ status: 'true' })).list.map((r) => r.username)).toEqual(['operator', 'admin']);
    expect((await page({ status: '' })).total).toBe(4);
    const lastWeek = {
      'createTime[0]': dateTime(today - 12 * DAY),
      'createTime[1]': dateTime(today - 8 * DAY),
    };
    expect((await page(lastWeek)).list.map((r) => [r.username, r.result])).toEqual([['admin', 10]]);
    // The console's own serializer repeats the key instead.
    const range = [today - DAY, today + DAY].map((ms) => `createTime=${encodeURIComponent(dateTime(ms))}`);
    const recent = await t.api({ path: `/system/login-log/page?${range.join('&')}`, token: admin });
    expect((recent.data as PageResult<LoginLog>).total).toBe(3);
  });

  it('records sign-out as type 200', async () => {
    const { accessToken } = await t.login('operator', 'operator123');
    await t.api({ method: 'POST', path: '/system/auth/logout', token: accessToken });
    const [latest] = (await page({ username: 'operator', pageSize: '1' })).list;
    expect(latest).toMatchObject({ logType: 200, result: 0 });
  });

  it('refuses bad filters', async () => {
    const queries: Record<string, string>[] = [
      { status: 'maybe' },
      { pageSize: '101' },
      { 'createTime[0]': 'yesterday' },
      { username: 'x'.repeat(51) },
    ];
    for (const query of queries) {
      const res = await t.api({ path: '/system/login-log/page', query, token: admin });
      expect(res.code).toBe(400);
      expect(res.msg).toMatch(/^请求参数不正确/);
    }
    const res = await t.api({ path: '/system/login-log/page', query: { status: 'maybe' }, token: admin });
    expect(res.msg).toContain('状态只能是 true（成功）或 false（失败）');
  });

  it('exports an .xlsx with Chinese headers and dictionary labels', async () => {
    for (const path of ['/system/login-log/export', '/system/login-log/export-excel']) {
      const res = await t.app.inject({
        url: `/admin-api${path}`,
        query: { status: 'false' },
        headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
      });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('登录日志'));
      const rows = await readSheet(res.rawPayload);
      expect(rows[0]).toEqual([
        '日志主键',
        '用户账号',
        '日志类型',
        '登录结果',
        '登录 IP',
        '浏览器 UA',
        '登录时间',
      ]);
      expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
        ['nobody', '账号登录', '账号或密码不正确', '192.168.7.70', 'LogTest/1.0', dateTime(today)],
        ['admin', '账号登录', '账号或密码不正确', '10.9.8.7', 'LogTest/1.0', dateTime(today - 10 * DAY)],
      ]);
    }
    const bad = await t.api({ path: '/system/login-log/export', query: { status: 'x' }, token: admin });
    expect(bad.code).toBe(400);
  });

  it('answers 401 and 403, and keeps tenants apart', async () => {
    expect(await t.api({ path: '/system/login-log/page' })).toMatchObject({ code: 401, msg: '账号未登录' });
    expect(await t.api({ path: '/system/login-log/export' })).toMatchObject({ code: 401 });
    expect(await t.api({ path: '/system/login-log/page', token: operator })).toMatchObject({ code: 403 });
    expect(await t.api({ path: '/system/login-log/export', token: operator })).toMatchObject({ code: 403 });
    expect(
      await t.api({ path: '/system/login-log/page', token: admin, tenant: tenant2.tenantId }),
    ).toMatchObject({ code: 403, msg: '您无权访问该租户的数据' });

    // The second tenant sees its own sign-in only, and tenant 1 never sees it.
    await grantInTenant(t, tenant2.tenantId, tenant2.userId, ['system:login-log:query']);
    const theirs = await page({}, tenant2.token, tenant2.tenantId);
    expect(theirs.list.map((r) => r.username)).toEqual(['tenant2']);
    expect((await page({ username: 'tenant2' })).total).toBe(0);
  });
  it('refuses an export of more rows than it may hold, asking for narrower filters', async () => {
    const rows = Array.from({ length: EXPORT_MAX_ROWS + 1 }, () => ({
      tenantId: 1,
      logType: 100,
      traceId: '',
      userId: 0,
      userType: 2,
      username: 'bulkguess',
      result: 10,
      userIp: '10.0.0.9',
      userAgent: '',
      creator: null,
      updater: null,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await t.db.kysely
        .insertInto('systemLoginLog')
        .values(rows.slice(i, i + 1000))
        .execute();
    const res = await t.api({
      path: '/system/login-log/export',
      query: { username: 'bulkguess' },
      token: admin,
    });
    expect(res).toMatchObject({
      code: 400,
      msg: `请求参数不正确:符合条件的日志超过 ${EXPORT_MAX_ROWS} 条，请缩小查询范围后再导出`,
    });
    expect((await page({ username: 'bulkguess', pageSize: '1' })).total).toBe(EXPORT_MAX_ROWS + 1);
  });
});
