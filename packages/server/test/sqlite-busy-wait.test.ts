import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database.js';

/*
 * Another connection (another server process) holds the write lock of the database file: our
 * statements wait for it asynchronously, with the event loop running, instead of in SQLite's busy
 * handler, which sleeps with the whole process stopped.
 */

let dir: string;
let file: string;
let db: Db | undefined;
let other: SQLite.Database | undefined;

const open = async (options: { sqliteBusyWaitMs?: number } = {}): Promise<Db> => {
  db = openDatabase({ sqliteFile: file, ...options });
  await sql`create table t (x integer not null)`.execute(db.kysely);
  return db;
};

/** A second connection to the file that takes its write lock. */
const holdLock = (): SQLite.Database => {
  other = new SQLite(file);
  other.exec('begin immediate');
  return other;
};

/** Counts the ticks of a 2 ms interval while `work` runs. */
const ticking = async <T>(work: Promise<T>): Promise<{ result: T; ticks: number; ms: number }> => {
  const began = Date.now();
  let ticks = 0;
  const interval = setInterval(() => ticks++, 2);
  try {
    const result = await work;
    return { result, ticks, ms: Date.now() - began };
  } finally {
    clearInterval(interval);
  }
};

const rows = async (d: Db) => (await sql<{ x: number }>`select x from t order by x`.execute(d.kysely)).rows;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-busy-wait-'));
  file = join(dir, 'admin.sqlite');
});
afterEach(async () => {
  if (other?.inTransaction) other.exec('rollback');
  other?.close();
  other = undefined;
  await db?.close();
  db = undefined;
  rmSync(dir, { recursive: true, force: true });
});

it('waits for the lock with the event loop running, and writes once it is released', async () => {
  const d = await open();
  const lock = holdLock();
  let written = false;
  const inserting = sql`insert into t (x) values (1)`.execute(d.kysely).then(() => (written = true));
  // Outside a transaction the connection serves the process's other queries meanwhile.
  expect(await rows(d)).toEqual([]);
  expect(written).toBe(false);
  // Released only after those checks, so that a slow machine cannot let the write in before them.
  setTimeout(() => lock.exec('commit'), 50);
  const { ticks, ms } = await ticking(inserting);
  expect(ms).toBeGreaterThanOrEqual(30);
  expect(ticks).toBeGreaterThanOrEqual(5);
  expect(await rows(d)).toEqual([{ x: 1 }]);
});

it('waits the same way inside a transaction, at `begin immediate` and at a write', async () => {
  const d = await open();
  const lock = holdLock();
  setTimeout(() => lock.exec('commit'), 50);
  const { ticks, ms } = await ticking(
    d.kysely.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      await sql`insert into t (x) values (1)`.execute(conn);
      await sql`commit`.execute(conn);
    }),
  );
  expect(ms).toBeGreaterThanOrEqual(30);
  expect(ticks).toBeGreaterThanOrEqual(5);

  // Kysely's transactions (begin immediate, database.ts) meet the lock at once, and keep the connection.
  const again = holdLock();
  setTimeout(() => again.exec('commit'), 50);
  const waited = await ticking(
    d.kysely.transaction().execute(async (trx) => {
      await sql`insert into t (x) values (2)`.execute(trx);
    }),
  );
  expect(waited.ms).toBeGreaterThanOrEqual(30);
  expect(waited.ticks).toBeGreaterThanOrEqual(5);
  expect(await rows(d)).toEqual([{ x: 1 }, { x: 2 }]);
});

it('fails as SQLITE_BUSY once the wait is over', async () => {
  const d = await open({ sqliteBusyWaitMs: 200 });
  holdLock();
  const { result, ticks, ms } = await ticking(
    sql`insert into t (x) values (1)`.execute(d.kysely).then(
      () => null,
      (error: unknown) => error,
    ),
  );
  expect(result).toMatchObject({ code: 'SQLITE_BUSY' });
  expect(ms).toBeGreaterThanOrEqual(190);
  expect(ms).toBeLessThan(3000);
  expect(ticks).toBeGreaterThanOrEqual(20);
});

it('takes the write lock when a transaction begins: no other connection writes between its read and its write', async () => {
  const d = await open();
  other = new SQLite(file, { timeout: 0 });
  await d.kysely.transaction().execute(async (trx) => {
    await sql`select x from t`.execute(trx);
    // Were the lock taken at the first write, this write would leave the transaction a stale
    // snapshot (SQLITE_BUSY_SNAPSHOT), a conflict that no wait mends.
    expect(() => other!.exec('insert into t (x) values (1)')).toThrow(
      expect.objectContaining({ code: 'SQLITE_BUSY' }),
    );
    await sql`insert into t (x) values (2)`.execute(trx);
  });
  other.exec('insert into t (x) values (1)');
  expect(await rows(d)).toEqual([{ x: 1 }, { x: 2 }]);
});

it('runs the off-thread writer on a connection of its own, which waits for a transaction to end', async () => {
  const d = await open();
  await d.offThread!.run('insert into t (x) values (?)', [1]);
  expect(await rows(d)).toEqual([{ x: 1 }]);
  let landed = false;
  let writing: Promise<void> | undefined;
  await d.kysely.transaction().execute(async (trx) => {
    await sql`select x from t`.execute(trx);
    writing = d.offThread!.run('insert into t (x) values (?)', [3]).then(() => void (landed = true));
    // Long enough for the worker to have written, were it free to.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(landed).toBe(false);
    await sql`insert into t (x) values (2)`.execute(trx);
  });
  await writing;
  expect(await rows(d)).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
});
