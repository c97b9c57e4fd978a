import type { HomeStatistics } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBounds } from '../src/modules/home/service.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { expectSelectiveQueryPlans, QUERY_PLAN_CHECK, statementRecorder } from './query-plans.js';

/** Noon of a weekday; the statistics cover its day and the six before, in the server's local time. */
const NOW = new Date(2026, 2, 11, 12, 0, 0).getTime();
const OTHER_TENANT = 9090;

describe.each(DIALECTS)('home statistics on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  const recorder = statementRecorder();
  /** The start of day `i` of the seven (0: six days ago, 6: today). */
  const day = (i: number) => dayBounds(NOW, 7)[i]!;

  beforeAll(async () => {
    // The test's own two sign-ins (admin, operator) are today's.
    t = await createTestApp(dialect, {
      now: NOW - 60_000,
      ...(dialect === 'sqlite' ? { onStatement: recorder.record } : {}),
    });
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    t.clock.now = NOW;

    const audit = (tenantId: number, time: number) => ({
      tenantId,
      creator: '1',
      createTime: time,
      updater: '1',
      updateTime: time,
      deleted: 0,
    });
    const db = t.db.kysely;
    const login = (tenantId: number, time: number, logType = 100, result = 0, deleted = 0) =>
      db
        .insertInto('systemLoginLog')
        .values({
          ...audit(tenantId, time),
          deleted,
          logType,
          traceId: '',
          userId: 1,
          userType: 2,
          username: 'admin',
          result,
          userIp: '127.0.0.1',
          userAgent: 'test',
        })
        .execute();
    const request = (tenantId: number, time: number) => ({
      ...audit(tenantId, time),
      traceId: '',
      userId: 1,
      userType: 2,
      applicationName: 'test',
      requestMethod: 'GET',
      requestUrl: '/admin-api/test',
      requestParams: '{}',
      userIp: '127.0.0.1',
      userAgent: 'test',
    });
    const access = (tenantId: number, time: number) =>
      db
        .insertInto('infraApiAccessLog')
        .values({
          ...request(tenantId, time),
          responseBody: null,
          operateModule: '',
          operateName: '',
          operateType: 0,
          resultCode: 0,
          resultMsg: '',
          beginTime: time,
          endTime: time + 5,
          duration: 5,
        })
        .execute();
    const error = (tenantId: number, time: number) =>
      db
        .insertInto('infraApiErrorLog')
        .values({
          ...request(tenantId, time),
          exceptionTime: time,
          exceptionMessage: 'boom',
          exceptionRootCauseMessage: 'boom',
          exceptionStackTrace: '',
          exceptionName: '',
          exceptionClassName: '',
          exceptionFileName: '',
          exceptionMethodName: '',
          exceptionLineNumber: 0,
          processStatus: 0,
        })
        .execute();
    let instances = 0;
    const instance = (tenantId: number, start: number, end: number | null) =>
      db
        .insertInto('bpmProcessInstance')
        .values({
          ...audit(tenantId, start),
          id: `home-${++instances}`,
          processDefinitionId: 'def',
          name: '统计',
          startUserId: 1,
          status: end === null ? 1 : 2,
          result: end === null ? 1 : 2,
          formVariables: '{}',
          engineState: '{}',
          endTime: end,
        })
        .execute();

    const hour = 3_600_000;
    for (const tenant of [1, OTHER_TENANT]) {
      // Sign-ins: two on day 0 (its first and last millisecond), one on day 4; a logout, a failed
      // sign-in, a deleted row and a sign-in before the first day are not counted.
      await login(tenant, day(0));
      await login(tenant, day(1) - 1);
      await login(tenant, day(4) + hour, 103);
      await login(tenant, day(4) + hour, 200);
      await login(tenant, day(4) + hour, 100, 10);
      await login(tenant, day(4) + hour, 100, 0, 1);
      await login(tenant, day(0) - 1);
      for (let i = 0; i < 3; i++) await access(tenant, day(2) + i * hour);
      await access(tenant, day(5));
      await error(tenant, day(5) + hour);
      await instance(tenant, day(1) + hour, day(3) + hour);
      await instance(tenant, day(3) + 2 * hour, null);
      await instance(tenant, day(0) - hour, day(1));
    }
    // Rows of the other tenant only: they must not count.
    for (let i = 0; i < 5; i++) await access(OTHER_TENANT, day(1));
    await error(OTHER_TENANT, day(6));
    await login(OTHER_TENANT, day(6));
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts the tenant’s rows per local day of the last seven', async () => {
    const started = performance.now();
    const res = await t.api({ path: '/system/home/statistics', token: admin });
    const elapsed = performance.now() - started;
    expect(res.code).toBe(0);
    const stats = res.data as HomeStatistics;
    expect(stats.days).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
    expect(stats.logins).toEqual([2, 0, 0, 0, 1, 0, 2]);
    // Today's requests include the test's own calls, logged as they are answered.
    expect(stats.requests.slice(0, 6)).toEqual([0, 0, 3, 0, 0, 1]);
    expect(stats.errors).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(stats.processesStarted).toEqual([0, 1, 0, 1, 0, 0, 0]);
    expect(stats.processesFinished).toEqual([0, 1, 0, 1, 0, 0, 0]);
    console.info(`[home] ${dialect} /system/home/statistics answered in ${elapsed.toFixed(1)} ms`);
  });

  it('counts today at every call and reuses the finished days for five minutes', async () => {
    const errors = async () =>
      ((await t.api({ path: '/system/home/statistics', token: admin })).data as HomeStatistics).errors;
    expect(await errors()).toEqual([0, 0, 0, 0, 0, 1, 0]);
    // The tenant's error moves from yesterday to today: today shows it at once, yesterday's count
    // is the one counted before until it expires.
    await t.db.kysely
      .updateTable('infraApiErrorLog')
      .set({ exceptionTime: day(6) + 3_600_000 })
      .where('tenantId', '=', 1)
      .execute();
    expect(await errors()).toEqual([0, 0, 0, 0, 0, 1, 1]);
    t.clock.now = NOW + 5 * 60_000 + 1;
    expect(await errors()).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });

  it('refuses callers without a token (401) or without the permission (403)', async () => {
    const anonymous = await t.api({ path: '/system/home/statistics', token: null });
    expect(anonymous.code).toBe(401);
    const refused = await t.api({ path: '/system/home/statistics', token: operator });
    expect(refused.code).toBe(403);
  });

  // SQLite's plans only (the recorder sees its statements): declared there alone, not skipped elsewhere.
  if (dialect === 'sqlite') it(QUERY_PLAN_CHECK, () => expectSelectiveQueryPlans(t.db, recorder, 5));
});
