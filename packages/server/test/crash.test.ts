import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DIALECTS, type Dialect } from './helper.js';
import { PG_ADMIN_URL, pgUrlOf } from './pg-admin.js';
import { startServer, stopServer, writeUntilStopped, type Written } from './server-process.js';

/*
 * kill -9 under write load, the short version CI runs: the server is killed KILLS times at random
 * points while eight clients write users, dictionary types, notices and posts through the API, and
 * started again on the same database. Every write that was answered as done must be there once, and
 * the database must pass its own integrity check. (The bench runs the long version.)
 */

const KILLS = 3;

/** Reads the database behind the killed server: the rows per key, and the integrity check. */
interface Inspector {
  countOf(table: string, column: string, key: string): Promise<number>;
  integrity(): Promise<string>;
  close(): Promise<void>;
}

const sqliteInspector = (file: string): Inspector => {
  const db = new Database(file);
  return {
    countOf: async (table, column, key) =>
      db.prepare(`select count(*) from ${table} where ${column} = ?`).pluck().get(key) as number,
    integrity: async () => db.prepare('pragma integrity_check').pluck().get() as string,
    close: async () => void db.close(),
  };
};

const postgresInspector = async (url: string): Promise<Inspector> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    countOf: async (table, column, key) =>
      Number(
        (await client.query<{ n: string }>(`select count(*) as n from ${table} where ${column} = $1`, [key]))
          .rows[0]!.n,
      ),
    // PostgreSQL recovers from its write-ahead log; what can break is a unique index the rows
    // violate, so every unique key is checked against the rows by re-indexing the written tables.
    integrity: async () => {
      for (const table of ['system_users', 'system_dict_type', 'system_notice', 'system_post'])
        await client.query(`reindex table ${table}`);
      return 'ok';
    },
    close: () => client.end(),
  };
};

/** A throwaway PostgreSQL database the server migrates and seeds itself, and its drop. */
const postgresDatabase = async () => {
  const name = `admin_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: pgUrlOf(name),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

describe.each(DIALECTS)('kill -9 under write load on %s', (dialect: Dialect) => {
  it(`loses no answered write over ${KILLS} kills`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-crash-'));
    const database = dialect === 'postgres' ? await postgresDatabase() : null;
    const env = database ? { DATABASE_URL: database.url } : {};
    const port = 48_700 + Math.floor(Math.random() * 200);
    const written: Written[] = [];
    try {
      for (let round = 0; round < KILLS; round++) {
        const server = await startServer(dataDir, port, env);
        const outcome = await writeUntilStopped({
          port,
          prefix: `crash${round}k`,
          // A random point, past the first answers and before the clients settle into a rhythm.
          stopAfter: 10 + Math.floor(Math.random() * 60),
          stop: () => stopServer(server.child, 'SIGKILL'),
        });
        expect(outcome.broken).toEqual([]);
        expect(outcome.exitCode).toBeNull();
        written.push(...outcome.written);
      }
      const inspector = database
        ? await postgresInspector(database.url)
        : sqliteInspector(join(dataDir, 'admin.sqlite'));
      try {
        expect(await inspector.integrity()).toBe('ok');
        const counts = await Promise.all(
          written.map(async (w) => `${w.key} ${await inspector.countOf(w.table, w.column, w.key)}`),
        );
        expect(counts).toEqual(written.map((w) => `${w.key} 1`));
      } finally {
        await inspector.close();
      }
      // And the server starts on what the last kill left.
      const last = await startServer(dataDir, port, env);
      expect(await stopServer(last.child)).toBe(0);
    } finally {
      await database?.drop();
    }
    // Four starts from source at 8–11 s each on two loaded cores.
  }, 150_000);
});
