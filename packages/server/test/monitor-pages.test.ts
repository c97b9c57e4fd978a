import type { ServerMonitorInfo, SqlStatementStats } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../src/db/migrations/037_monitor_pages.js';
import { statementShape, StatementStats } from '../src/db/statement-stats.js';
import { requestStats } from '../src/modules/server-monitor/request-stats.js';
import { createTestApp, DIALECTS, freshDatabase, type TestApp } from './helper.js';

const SERVER = '/infra/server/get-monitor-info';
const STATS = '/infra/druid/get-sql-stats';
const RESET = '/infra/druid/reset-sql-stats';
const MENU_LIST = /^select .* from "system_menu"/;

describe.each(DIALECTS)('服务监控 and 数据库监控 on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = (await t.login()).accessToken;
  });
  afterAll(() => t.close());

  it('need a signed-in user holding their permissions', async () => {
    for (const [method, path] of [
      ['GET', SERVER],
      ['GET', STATS],
      ['POST', RESET],
    ] as const) {
      expect((await t.api({ method, path })).code).toBe(401);
      const { accessToken } = await t.login('operator', 'operator123');
      expect((await t.api({ method, path, token: accessToken })).code).toBe(403);
    }
  });

  it('answer the process, machine, requests and database of this instance', async () => {
    for (let i = 0; i < 5; i++) await t.api({ path: '/system/menu/list', token });
    const res = await t.api({ path: SERVER, token });
    expect(res.code).toBe(0);
    const info = res.data as ServerMonitorInfo;
    expect(info.instance.pid).toBe(process.pid);
    expect(info.instance.nodeVersion).toBe(process.version);
    expect(info.instance.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(info.cpu.cores).toBeGreaterThan(0);
    expect(info.cpu.loadAverage).toHaveLength(3);
    expect(info.memory.heapUsed).toBeGreaterThan(0);
    expect(info.memory.heapUsed).toBeLessThanOrEqual(info.memory.heapTotal);
    expect(info.memory.rss).toBeGreaterThan(info.memory.heapUsed / 2);
    expect(info.memory.heapLimit).toBeGreaterThan(info.memory.heapTotal);
    expect(info.eventLoop.maxMs).toBeGreaterThanOrEqual(info.eventLoop.p50Ms);
    expect(info.gc.count).toBeGreaterThanOrEqual(0);
    // The login, the five menu lists and the refused calls above all passed the hook.
    expect(info.http.requests).toBeGreaterThanOrEqual(6);
    expect(info.http.p95Ms).toBeGreaterThan(0);
    expect(info.database.dialect).toBe(dialect);
    expect(info.database.sizeBytes).toBeGreaterThan(0);
    if (dialect === 'postgres') {
      expect(info.database.pool?.total).toBeGreaterThanOrEqual(1);
      expect(info.database.walBytes).toBeNull();
    } else expect(info.database.pool).toBeNull();
  });

  it('count the statements run by shape, and clear them on reset', async () => {
    const stats = async () => {
      const res = await t.api({ path: STATS, token });
      expect(res.code).toBe(0);
      return res.data as SqlStatementStats;
    };
    // Sign-in and permission checks read system_menu too: the list's shape is the one its call adds to.
    const menuCounts = (data: SqlStatementStats) =>
      new Map(data.list.filter((s) => MENU_LIST.test(s.sql)).map((s) => [s.sql, s.count]));
    await t.api({ path: '/system/menu/list', token });
    const earlier = menuCounts(await stats());
    await t.api({ path: '/system/menu/list', token });
    const before = await stats();
    expect(before.dialect).toBe(dialect);
    expect(before.limit).toBe(2000);
    const grown = before.list.filter((s) => MENU_LIST.test(s.sql) && s.count > (earlier.get(s.sql) ?? 0));
    expect(grown).toHaveLength(1);
    const menus = grown[0]!;
    const menuShape = (data: SqlStatementStats) => data.list.find((s) => s.sql === menus.sql);
    expect(menus.sql).not.toMatch(/\$\d|'\w/);
    expect(menus.rows).toBeGreaterThan(menus.count);
    expect(menus.avgMs).toBeCloseTo(menus.totalMs / menus.count, 6);
    expect(menus.maxMs).toBeLessThanOrEqual(menus.totalMs);
    expect(before.list.map((s) => s.totalMs)).toEqual(
      before.list.map((s) => s.totalMs).sort((a, b) => b - a),
    );

    await t.api({ path: '/system/menu/list', token });
    expect(menuShape(await stats())!.count).toBe(menus.count + 1);

    const reset = await t.api({ method: 'POST', path: RESET, token });
    expect(reset).toMatchObject({ code: 0, data: true });
    const cleared = await stats();
    expect(menuShape(cleared)).toBeUndefined();
    expect(cleared.since).toBeGreaterThanOrEqual(before.since);
    await t.api({ path: '/system/menu/list', token });
    expect(menuShape(await stats())!.count).toBe(1);
  });
});

describe('statement shapes', () => {
  it('turn values and value lists into placeholders', () => {
    expect(statementShape('select * from "t" where "id" in ($1, $2, $3) and "x" = $4')).toBe(
      'select * from "t" where "id" in (?, …) and "x" = ?',
    );
    expect(statementShape('select * from "t" where "id" in (?, ?)')).toBe(
      statementShape('select * from "t" where "id" in (?)').replace('(?)', '(?, …)'),
    );
    expect(statementShape('insert into "t1" ("a", "b") values (?, ?), (?, ?), (?, ?)')).toBe(
      'insert into "t1" ("a", "b") values (?, …), …',
    );
    expect(statementShape("select 'it''s', 42, t2.c3 from t2 limit 10")).toBe(
      'select ?, ?, t2.c3 from t2 limit ?',
    );
  });

  it('keep a bounded number of shapes and count the rest as dropped', () => {
    const stats = new StatementStats();
    const queryId = { queryId: 'q' };
    for (let i = 0; i < 2005; i++)
      stats.log({
        level: 'query',
        isStream: false,
        queryDurationMillis: 1,
        query: { sql: `select c${i} from t`, queryId, parameters: [], query: {} as never },
      });
    const read = stats.read();
    expect(read.list).toHaveLength(2000);
    expect(read.dropped).toBe(5);
  });
});

describe('request statistics', () => {
  it('answer requests per second and the 95th percentile of the last minute', () => {
    const clock = { now: 1_000_000 };
    const stats = requestStats(() => clock.now);
    expect(stats.read()).toMatchObject({ requests: 0, p95Ms: null });
    for (let i = 0; i < 95; i++) stats.record(1);
    for (let i = 0; i < 5; i++) stats.record(200);
    clock.now += 30_000;
    const read = stats.read();
    expect(read.requests).toBe(100);
    expect(read.perSecond).toBeCloseTo(100 / 60);
    expect(read.p95Ms).toBeGreaterThanOrEqual(1);
    expect(read.p95Ms).toBeLessThan(1.2);
    clock.now += 31_000;
    expect(stats.read().requests).toBe(0);
  });
});

describe('migration 037 on a database seeded before the monitor pages', () => {
  const IDS = [111, 112, 2746, 2747, 2748];
  it('adds 服务监控 and 数据库监控 with their buttons once', async () => {
    const { db, drop } = await freshDatabase('sqlite');
    const menus = () =>
      db.kysely
        .selectFrom('systemMenu')
        .select(['id', 'name', 'permission', 'parentId'])
        .where('id', 'in', IDS)
        .orderBy('id')
        .execute();
    const seeded = await menus();
    expect(seeded.map((m) => m.name)).toEqual([
      '数据库监控',
      '服务监控',
      '服务监控查询',
      '数据库监控查询',
      '统计重置',
    ]);
    await up(db.kysely, 'sqlite');
    expect(await menus()).toEqual(seeded);
    await db.kysely.deleteFrom('systemMenu').where('id', 'in', IDS).execute();
    await up(db.kysely, 'sqlite');
    expect(await menus()).toMatchObject(
      seeded.map(({ id, name, permission, parentId }) => ({ id, name, permission, parentId })),
    );
    await db.close();
    await drop();
  });
});
