import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { PG_ADMIN_URL, pgUrlOf } from './pg-admin.js';
import { startServer, stopServer, writeUntilStopped, type Entry, type Written } from './server-process.js';

/*
 * kill -9 under write load: the server is killed `kills` times at random points while eight
 * clients write users, dictionary types, notices and posts through the API, and started again on
 * the same database each time. What it finds afterwards: answered writes missing or stored twice,
 * the database's own integrity check, and whether the server starts on what the last kill left.
 * The CI test runs a few kills, the bench twenty.
 */

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

export interface CrashOutcome {
  /** Writes answered as done over all rounds. */
  written: number;
  /** Answered writes not in the database, and those stored more than once (`key count`). */
  missing: string[];
  duplicated: string[];
  /** Answers that were neither done nor the refusal of a closing server, before a kill. */
  broken: string[];
  integrity: string;
  /** The exit code of a SIGTERM to the server started on what the last kill left. */
  lastExitCode: number | null;
}

export const crashRounds = async (options: {
  dialect: 'sqlite' | 'postgres';
  kills: number;
  entry?: Entry;
}): Promise<CrashOutcome> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-crash-'));
  const database = options.dialect === 'postgres' ? await postgresDatabase() : null;
  const env = database ? { DATABASE_URL: database.url } : {};
  const port = 48_700 + Math.floor(Math.random() * 200);
  const written: Written[] = [];
  const broken: string[] = [];
  try {
    for (let round = 0; round < options.kills; round++) {
      const server = await startServer(dataDir, port, env, options.entry);
      const outcome = await writeUntilStopped({
        port,
        prefix: `crash${round}k`,
        // A random point, past the first answers and before the clients settle into a rhythm.
        stopAfter: 10 + Math.floor(Math.random() * 60),
        stop: () => stopServer(server.child, 'SIGKILL'),
      });
      if (outcome.exitCode !== null) broken.push(`round ${round}: exited with ${outcome.exitCode}`);
      broken.push(...outcome.broken);
      written.push(...outcome.written);
    }
    const inspector = database
      ? await postgresInspector(database.url)
      : sqliteInspector(join(dataDir, 'admin.sqlite'));
    let integrity: string;
    const counts: string[] = [];
    try {
      integrity = await inspector.integrity();
      for (const w of written) counts.push(`${w.key} ${await inspector.countOf(w.table, w.column, w.key)}`);
    } finally {
      await inspector.close();
    }
    const last = await startServer(dataDir, port, env, options.entry);
    return {
      written: written.length,
      missing: counts.filter((c) => c.endsWith(' 0')),
      duplicated: counts.filter((c) => !c.endsWith(' 0') && !c.endsWith(' 1')),
      broken,
      integrity,
      lastExitCode: await stopServer(last.child),
    };
  } finally {
    await database?.drop();
  }
};
