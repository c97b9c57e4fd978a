import type { InfraJob, InfraJobLog, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

const SECOND = 1000;
/** 2026-11-26 10:00:00.500 local time: half a second past a whole second. */
const START = new Date(2026, 10, 26, 10, 0, 0, 500).getTime();

describe.each(DIALECTS)('scheduler and job log on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  /** Runs of the test handlers, and a gate the slow one waits on. */
  const calls: string[] = [];
  let releaseSlow: () => void = () => {};

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      now: START,
      beforeReady: (app) => {
        app.jobHandlers.register('testEchoJob', async (param) => {
          calls.push(param);
          return `echo ${param}`;
        });
        app.jobHandlers.register('testFailingJob', async () => {
          throw new Error('外部服务不可用', { cause: new Error('连接被拒绝') });
        });
        app.jobHandlers.register(
          'testSlowJob',
          () => new Promise((resolve) => (releaseSlow = () => resolve('slow done'))),
        );
      },
    });
    // The tests move the clock and look for fires themselves.
    await t.app.jobScheduler.stop();
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra: object = {}, token = admin) =>
    t.api({ method, path, token, ...extra });
  const scheduler = () => t.app.jobScheduler;
  /** Moves the clock to `at`, looks for fires once and waits for the runs they started. */
  const fireAt = async (at: number) => {
    await moveClock(at);
    const claimed = await scheduler().pollOnce();
    await scheduler().idle();
    return claimed;
  };
  /** Sets the clock, signing in again: jumps outlive the access token. */
  const moveClock = async (at: number) => {
    t.clock.now = at;
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
  };
  const logsOf = async (jobId: number) =>
    (
      (await call('GET', '/infra/job-log/page', { query: { jobId: String(jobId), pageSize: '100' } }))
        .data as PageResult<InfraJobLog>
    ).list;
  const job = {
    name: '回声任务',
    handlerName: 'testEchoJob',
    handlerParam: 'hello',
    cronExpression: '0/10 * * * * ?',
    retryCount: 0,
    retryInterval: 0,
    monitorTimeout: null,
  };
  const create = async (body: object) => {
    const res = await call('POST', '/infra/job/create', { body });
    expect(res).toMatchObject({ code: 0 });
    return res.data as number;
  };

  it('seeds the reference’s jobs whose handlers this server has, paused', async () => {
    const page = (await call('GET', '/infra/job/page', { query: { pageSize: '100' } }))
      .data as PageResult<InfraJob>;
    expect(page.list.map((j) => j.handlerName).sort()).toEqual(
      [
        'accessLogCleanJob',
        'demoJob',
        'errorLogCleanJob',
        'jobLogCleanJob',
        'loginFailureCleanJob',
        'oauth2TokenCleanJob',
        'payNotifyJob',
        'payOrderExpireJob',
        'payOrderSyncJob',
        'payRefundSyncJob',
        'tradeOrderAutoCancelJob',
        'tradeOrderAutoReceiveJob',
      ].sort(),
    );
    expect(page.list.every((j) => j.status === 2)).toBe(true);
    expect(page.list.find((j) => j.handlerName === 'demoJob')).toMatchObject({
      name: 'Job 示例',
      cronExpression: '0 0 0 * * ?',
      retryCount: 1,
      retryInterval: 10,
      monitorTimeout: 0,
    });
    const filtered = (
      await call('GET', '/infra/job/page', { query: { name: '日志清理', handlerName: 'LOG', status: '2' } })
    ).data as PageResult<InfraJob>;
    expect(filtered.list.map((j) => j.handlerName).sort()).toEqual([
      'accessLogCleanJob',
      'errorLogCleanJob',
      'jobLogCleanJob',
    ]);
    expect((await call('GET', '/infra/job/page', { query: { status: '1' } })).data).toMatchObject({
      total: 0,
    });
  });

  it('refuses bad input with the reference’s messages and codes, and changes nothing', async () => {
    const bad = async (body: object) => call('POST', '/infra/job/create', { body });
    expect(await bad({ ...job, name: '' })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('任务名称不能为空'),
    });
    expect(await bad({ ...job, handlerName: undefined })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('处理器的名字不能为空'),
    });
    expect(await bad({ ...job, cronExpression: ' ' })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('CRON 表达式不能为空'),
    });
    expect(await bad({ ...job, retryCount: undefined })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('重试次数不能为空'),
    });
    expect(await bad({ ...job, retryInterval: -1 })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('重试间隔不能小于 0'),
    });
    for (const cronExpression of [
      '* * * * *',
      '0 0 12 * * *',
      '0 0 12 ? * ?',
      '? 0 12 * * 1',
      '0 0 25 * * ?',
      'abc',
    ])
      expect(await bad({ ...job, cronExpression })).toMatchObject({
        code: 1_001_001_005,
        msg: 'CRON 表达式不正确',
      });
    expect(await bad({ ...job, handlerName: 'noSuchJob' })).toMatchObject({
      code: 1_001_001_006,
      msg: '定时任务的处理器不存在：noSuchJob',
    });
    expect(await bad({ ...job, handlerName: 'demoJob' })).toMatchObject({
      code: 1_001_001_001,
      msg: '定时任务的处理器已经存在',
    });
    expect((await call('GET', '/infra/job/page', {})).data).toMatchObject({ total: 12 });
  });

  it('runs a job at each fire time, once, and logs the run', async () => {
    const id = await create(job);
    const got = (await call('GET', '/infra/job/get', { query: { id: String(id) } })).data as InfraJob;
    expect(got).toMatchObject({ ...job, id, status: 1, monitorTimeout: 0 });
    // Next fires: every 10 s from 10:00:10.
    const next = (await call('GET', '/infra/job/get_next_times', { query: { id: String(id), count: '3' } }))
      .data;
    const first = new Date(2026, 10, 26, 10, 0, 10).getTime();
    expect(next).toEqual([first, first + 10 * SECOND, first + 20 * SECOND]);
    expect(
      ((await call('GET', '/infra/job/get_next_times', { query: { id: String(id) } })).data as number[])
        .length,
    ).toBe(5);

    expect(await fireAt(first - 1)).toBe(0);
    expect(await fireAt(first)).toBe(1);
    expect(await fireAt(first + 5 * SECOND)).toBe(0);
    expect(await fireAt(first + 10 * SECOND)).toBe(1);
    expect(calls).toEqual(['hello', 'hello']);
    const logs = await logsOf(id);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({
      jobId: id,
      handlerName: 'testEchoJob',
      handlerParam: 'hello',
      executeIndex: 1,
      beginTime: first + 10 * SECOND,
      endTime: first + 10 * SECOND,
      duration: 0,
      status: 1,
      result: 'echo hello',
    });
  });

  it('fires once for the fires missed while no scheduler ran, then keeps its schedule', async () => {
    const id = (await call('GET', '/infra/job/page', { query: { handlerName: 'testEchoJob' } }))
      .data as PageResult<InfraJob>;
    const jobId = id.list[0]!.id;
    const before = (await logsOf(jobId)).length;
    const later = t.clock.now + 3600 * SECOND + 3 * SECOND;
    expect(await fireAt(later)).toBe(1);
    expect(await fireAt(later + 1)).toBe(0);
    expect(await logsOf(jobId)).toHaveLength(before + 1);
    // The next fire is the next 10-second mark after the catch-up.
    const mark = Math.ceil(later / (10 * SECOND)) * 10 * SECOND;
    expect(await fireAt(mark - 1)).toBe(0);
    expect(await fireAt(mark)).toBe(1);
  });

  it('pauses and resumes through the form-encoded status change; a paused job never fires', async () => {
    const jobId = (
      (await call('GET', '/infra/job/page', { query: { handlerName: 'testEchoJob' } }))
        .data as PageResult<InfraJob>
    ).list[0]!.id;
    const form = (body: string) =>
      t.api({
        method: 'PUT',
        path: '/infra/job/update-status',
        token: admin,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    expect(await form(`id=${jobId}&status=2`)).toMatchObject({ code: 0, data: true });
    expect(await form(`id=${jobId}&status=2`)).toMatchObject({
      code: 1_001_001_003,
      msg: '定时任务已经处于该状态，无需修改',
    });
    expect(await form(`id=${jobId}&status=0`)).toMatchObject({
      code: 1_001_001_002,
      msg: '只允许修改为开启或者关闭状态',
    });
    expect(await form(`id=${jobId}`)).toMatchObject({ code: 400 });
    expect(await form(`id=999999&status=1`)).toMatchObject({ code: 1_001_001_000, msg: '定时任务不存在' });
    expect(await call('PUT', '/infra/job/update', { body: { ...job, id: jobId } })).toMatchObject({
      code: 1_001_001_004,
      msg: '只有开启状态的任务，才可以修改',
    });
    const before = calls.length;
    expect(await fireAt(t.clock.now + 60 * SECOND)).toBe(0);
    expect(calls.length).toBe(before);
    // The later client sends query parameters.
    expect(
      await call('PUT', '/infra/job/update-status', { query: { id: String(jobId), status: '1' } }),
    ).toMatchObject({ code: 0 });
    expect(
      ((await call('GET', '/infra/job/get', { query: { id: String(jobId) } })).data as InfraJob).status,
    ).toBe(1);
    // Resumed from now: the fires of the pause are not made up.
    expect(await fireAt(t.clock.now + 1)).toBe(0);
    expect(await fireAt(t.clock.now + 10 * SECOND)).toBe(1);
  });

  it('updates a running job’s schedule and parameter, not its handler', async () => {
    const jobId = (
      (await call('GET', '/infra/job/page', { query: { handlerName: 'testEchoJob' } }))
        .data as PageResult<InfraJob>
    ).list[0]!.id;
    expect(
      await call('PUT', '/infra/job/update', {
        body: {
          ...job,
          id: jobId,
          name: '每分钟回声',
          handlerName: 'demoJob',
          handlerParam: 'world',
          cronExpression: '0 * * * * ?',
        },
      }),
    ).toMatchObject({ code: 0 });
    const got = (await call('GET', '/infra/job/get', { query: { id: String(jobId) } })).data as InfraJob;
    expect(got).toMatchObject({
      name: '每分钟回声',
      handlerName: 'testEchoJob',
      handlerParam: 'world',
      cronExpression: '0 * * * * ?',
    });
    const minute = Math.ceil((t.clock.now + 1) / (60 * SECOND)) * 60 * SECOND;
    expect(await fireAt(minute - 10 * SECOND)).toBe(0);
    expect(await fireAt(minute)).toBe(1);
    expect(calls.at(-1)).toBe('world');
  });

  it('retries a failing run, logging every attempt with the root cause', async () => {
    const id = await create({
      ...job,
      name: '失败任务',
      handlerName: 'testFailingJob',
      retryCount: 2,
      cronExpression: '0 0 3 * * ?',
    });
    expect(await call('PUT', '/infra/job/trigger', { query: { id: String(id) } })).toMatchObject({
      code: 0,
      data: true,
    });
    await scheduler().idle();
    const logs = await logsOf(id);
    expect(logs.map((l) => [l.executeIndex, l.status])).toEqual([
      [3, 2],
      [2, 2],
      [1, 2],
    ]);
    expect(logs[0]!.result).toBe('Error: 连接被拒绝');
    const failed = (
      await call('GET', '/infra/job-log/page', { query: { status: '2', handlerName: 'failing' } })
    ).data;
    expect(failed).toMatchObject({ total: 3 });
    expect((await call('GET', '/infra/job-log/get', { query: { id: String(logs[0]!.id) } })).data).toEqual(
      logs[0],
    );
  });

  it('lets a run of a deleted job finish, and never overlaps two runs of one job', async () => {
    const id = await create({
      ...job,
      name: '慢任务',
      handlerName: 'testSlowJob',
      cronExpression: '0 0 4 * * ?',
    });
    await call('PUT', '/infra/job/trigger', { query: { id: String(id) } });
    await expect.poll(async () => (await logsOf(id)).length).toBe(1);
    // A second trigger while the first runs is skipped.
    await call('PUT', '/infra/job/trigger', { query: { id: String(id) } });
    expect(await call('DELETE', '/infra/job/delete', { query: { id: String(id) } })).toMatchObject({
      code: 0,
    });
    expect((await call('GET', '/infra/job/get', { query: { id: String(id) } })).data).toBeNull();
    releaseSlow();
    await scheduler().idle();
    const logs = await logsOf(id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 1, result: 'slow done' });
    expect(await call('DELETE', '/infra/job/delete', { query: { id: String(id) } })).toMatchObject({
      code: 1_001_001_000,
    });
    expect(await call('PUT', '/infra/job/trigger', { query: { id: String(id) } })).toMatchObject({
      code: 1_001_001_000,
    });
  });

  it('filters the log by begin and end time and exports jobs and logs', async () => {
    const all = (await call('GET', '/infra/job-log/page', { query: { pageSize: '100' } }))
      .data as PageResult<InfraJobLog>;
    const cut = all.list[Math.floor(all.list.length / 2)]!.beginTime;
    const after = (
      await call('GET', '/infra/job-log/page', { query: { pageSize: '100', beginTime: String(cut) } })
    ).data as PageResult<InfraJobLog>;
    expect(after.list.every((l) => l.beginTime >= cut)).toBe(true);
    expect(after.total).toBeLessThan(all.total);
    expect(
      await call('GET', '/infra/job-log/page', { query: { beginTime: '2026-13-01 00:00:00' } }),
    ).toMatchObject({
      code: 400,
      msg: expect.stringContaining('开始执行时间格式不正确'),
    });
    for (const [path, name] of [
      ['/infra/job/export-excel', '定时任务.xlsx'],
      ['/infra/job-log/export-excel', '定时任务日志.xlsx'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin-api${path}`,
        headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent(name));
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });

  it('cleans its own log through jobLogCleanJob', async () => {
    const demo = (
      (await call('GET', '/infra/job/page', { query: { handlerName: 'jobLogCleanJob' } }))
        .data as PageResult<InfraJob>
    ).list[0]!;
    // Seeded paused, and only a running job may be edited.
    await call('PUT', '/infra/job/update-status', { query: { id: String(demo.id), status: '1' } });
    const keepOneDay = {
      ...job,
      id: demo.id,
      name: demo.name,
      handlerParam: '1',
      cronExpression: demo.cronExpression,
    };
    expect(await call('PUT', '/infra/job/update', { body: keepOneDay })).toMatchObject({ code: 0 });
    const total = ((await call('GET', '/infra/job-log/page', {})).data as PageResult<InfraJobLog>).total;
    await moveClock(t.clock.now + 2 * 24 * 3600 * SECOND);
    await call('PUT', '/infra/job/trigger', { query: { id: String(demo.id) } });
    await scheduler().idle();
    const left = (await call('GET', '/infra/job-log/page', {})).data as PageResult<InfraJobLog>;
    expect(left.total).toBe(1);
    expect(left.list[0]).toMatchObject({
      handlerName: 'jobLogCleanJob',
      status: 1,
      result: `清理任务日志 ${total} 条（保留 1 天）`,
    });
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await t.api({ path: '/infra/job/page' })).code).toBe(401);
    expect((await t.api({ path: '/infra/job-log/page' })).code).toBe(401);
    const refused = await Promise.all([
      call('GET', '/infra/job/page', {}, operator),
      call('GET', '/infra/job/get', { query: { id: '1' } }, operator),
      call('POST', '/infra/job/create', { body: job }, operator),
      call('PUT', '/infra/job/update', { body: { ...job, id: 1 } }, operator),
      call('PUT', '/infra/job/update-status', { query: { id: '1', status: '1' } }, operator),
      call('DELETE', '/infra/job/delete', { query: { id: '1' } }, operator),
      call('PUT', '/infra/job/trigger', { query: { id: '1' } }, operator),
      call('GET', '/infra/job/get_next_times', { query: { id: '1' } }, operator),
      call('GET', '/infra/job-log/page', {}, operator),
      call('GET', '/infra/job-log/get', { query: { id: '1' } }, operator),
    ]);
    for (const res of refused) expect(res).toMatchObject({ code: 403, msg: '没有该操作权限' });
    expect(await t.api({ path: '/infra/job/page', token: admin, tenant: 2 })).toMatchObject({
      code: 403,
      msg: '您无权访问该租户的数据',
    });
  });
});
