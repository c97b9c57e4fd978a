import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { apiLogRepository } from '../src/modules/api-log/repository.js';

/* The SQLite file's second connection, on a worker thread, for the writes no request waits for. */

let dir: string;
let file: string;
let db: Db | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'off-thread-'));
  file = join(dir, 'admin.sqlite');
});
afterEach(async () => {
  await db?.close();
  db = undefined;
  rmSync(dir, { recursive: true, force: true });
});

it('is there for an SQLite file only', async () => {
  const memory = openDatabase({ sqliteFile: ':memory:' });
  expect(memory.offThread).toBeNull();
  await memory.close();
  db = openDatabase({ sqliteFile: file });
  expect(db.offThread).not.toBeNull();
});

it('writes the access log off the request thread, counted by 数据库监控 like any statement', async () => {
  db = openDatabase({ sqliteFile: file });
  await migrateToLatest(db);
  const repo = apiLogRepository(db.kysely, db.dialect, db.offThread);
  const row = (n: number) => ({
    tenantId: 1,
    traceId: `trace-${n}`,
    userId: 1,
    userType: 2,
    applicationName: 'admin-console-server',
    requestMethod: 'GET',
    requestUrl: `/admin-api/system/n/${n}`,
    requestParams: '{"query":{},"body":null}',
    userIp: '127.0.0.1',
    userAgent: 'test',
    creator: '1',
    createTime: 1000 + n,
    responseBody: null,
    operateModule: '',
    operateName: '',
    operateType: 1,
    beginTime: 1000 + n,
    endTime: 1000 + n,
    duration: 0,
    resultCode: 0,
    resultMsg: '',
  });
  db.statements.reset();
  await repo.insertAccessLogs([row(1), row(2), row(3)]);
  const { rows } = await sql<{
    traceId: string;
  }>`select trace_id from infra_api_access_log order by id`.execute(db.kysely);
  expect(rows.map((r) => r.traceId)).toEqual(['trace-1', 'trace-2', 'trace-3']);
  const insert = db.statements.read().list.find((s) => s.sql.startsWith('insert into infra_api_access_log'));
  expect(insert).toMatchObject({ count: 1, rows: 3 });
});

it('rejects with the statement’s error, and goes on with the next', async () => {
  db = openDatabase({ sqliteFile: file });
  await sql`create table t (x integer not null)`.execute(db.kysely);
  await expect(db.offThread!.run('insert into nowhere (x) values (?)', [1])).rejects.toThrow(/no such table/);
  await expect(db.offThread!.run('insert into t (x) values (?)', [null])).rejects.toMatchObject({
    code: 'SQLITE_CONSTRAINT_NOTNULL',
  });
  await db.offThread!.run('insert into t (x) values (?)', [2]);
  expect((await sql<{ x: number }>`select x from t`.execute(db.kysely)).rows).toEqual([{ x: 2 }]);
});

it('closes after the statements already sent, and refuses more', async () => {
  db = openDatabase({ sqliteFile: file });
  await sql`create table t (x integer not null)`.execute(db.kysely);
  const writer = db.offThread!;
  const sent = Array.from({ length: 50 }, (_, x) => writer.run('insert into t (x) values (?)', [x]));
  await db.close();
  db = undefined;
  await Promise.all(sent);
  await expect(writer.run('insert into t (x) values (?)', [99])).rejects.toThrow('后台写入线程已关闭');
  const check = new SQLite(file, { readonly: true });
  expect(check.prepare('select count(*) as n from t').get()).toEqual({ n: 50 });
  check.close();
});
