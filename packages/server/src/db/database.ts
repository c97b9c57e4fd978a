import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type QueryResult,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import { resilientPool } from '../lib/pg-pool.js';
import { OffThreadWriter } from './off-thread-writer.js';
import type { Database } from './schema.js';
import { StatementStats } from './statement-stats.js';
import { RowCamelCasePlugin } from './row-mapper.js';
import { TenantScopePlugin } from './tenant-scope.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** Confines queries to the active tenant scope; `migrateToLatest` loads its table list. */
  tenantScope: TenantScopePlugin;
  /** Every statement run, counted by shape (数据库监控). */
  statements: StatementStats;
  /** SQLite: the database file (null in memory). */
  sqliteFile: string | null;
  /** SQLite file: a second connection on a worker thread, for writes that no request waits for. */
  offThread: OffThreadWriter | null;
  /** PostgreSQL: the connection pool (服务监控 reads its counts). */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

// int8 columns hold epoch milliseconds and ids: well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** SQLite file; ':memory:' for tests. */
  sqliteFile?: string;
  /**
   * SQLite: an in-memory database opened from this image (`serialize()` of another one) instead of
   * `sqliteFile`. Tests migrate and seed one database per process and open a copy for each test.
   */
  sqliteImage?: Buffer;
  /** SQLite: called with every statement it runs, values inlined (tests read the query plans). */
  onStatement?: (sql: string) => void;
  /** SQLite: how long a statement waits for another connection's lock (tests shorten it). */
  sqliteBusyWaitMs?: number;
}

export const sqliteFileIn = (dataDir: string): string => {
  mkdirSync(dataDir, { recursive: true });
  return join(dataDir, 'admin.sqlite');
};

/** How many prepared SQLite statements are kept for reuse (the most recently used). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, and preparing costs
 * about as much as running a small query. Queries run one at a time on the single connection, so a
 * cached statement is never in use twice; SQLite re-prepares it by itself after a schema change.
 */
const withStatementCache = (sqlite: SQLite.Database): SqliteDatabase => {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
};

/**
 * How long a statement waits for the lock of another connection to the same file (another server
 * process) before it fails as SQLITE_BUSY. SQLite's own wait (busy_timeout) sleeps with the whole
 * process stopped, so it serves only while the database opens; statements wait asynchronously, with
 * the event loop running (`BusyWaitingConnection`).
 */
const SQLITE_BUSY_WAIT_MS = 5000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The SQLite connection, waiting when another connection holds the lock: a statement that failed as
 * SQLITE_BUSY runs again after 1, 2, 4… 16 ms (with jitter) until `waitMs` have passed since its
 * first try, then its last error surfaces. Outside a transaction the connection holds nothing, so
 * the process's other queries may use it while the statement waits; inside one it stays reserved.
 * Extended codes (SQLITE_BUSY_SNAPSHOT: the transaction's snapshot was written over meanwhile) are
 * conflicts that no wait resolves: they surface at once.
 */
class BusyWaitingConnection implements DatabaseConnection {
  constructor(
    private readonly connection: DatabaseConnection,
    private readonly waitMs: number,
    private readonly inTransaction: () => boolean,
    private readonly lend: { release: () => Promise<void>; reacquire: () => Promise<unknown> },
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const inTransaction = this.inTransaction();
    let started: number | undefined;
    for (let round = 0; ; round++) {
      try {
        return await this.connection.executeQuery<R>(query);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
        // SQLite may roll a transaction back on SQLITE_BUSY: its statement must not run again alone.
        if (inTransaction && !this.inTransaction()) throw error;
        // With busy_timeout 0 a busy statement fails at once: its first try began just now.
        started ??= Date.now();
        const left = started + this.waitMs - Date.now();
        if (left <= 0) throw error;
        const backoff = Math.min(2 ** round, 16);
        const delay = Math.min(left, backoff / 2 + (Math.random() * backoff) / 2);
        if (inTransaction) await sleep(delay);
        else {
          await this.lend.release();
          await sleep(delay);
          await this.lend.reacquire();
        }
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(query, chunkSize);
  }
}

/** Kysely's SQLite driver, handing out its single connection as a `BusyWaitingConnection`. */
class BusyWaitingSqliteDriver extends SqliteDriver {
  #connection: BusyWaitingConnection | undefined;

  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
    private readonly waitMs: number,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.#connection ??= new BusyWaitingConnection(connection, this.waitMs, () => this.sqlite.inTransaction, {
      release: () => super.releaseConnection(),
      reacquire: () => super.acquireConnection(),
    });
    return this.#connection;
  }

  /**
   * Transactions take the write lock at once: one that read first and wrote later would fail if
   * another connection (the off-thread writer, another process) wrote in between, and no wait
   * mends that; waiting for the lock up front does.
   */
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class BusyWaitingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
    private readonly waitMs: number,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new BusyWaitingSqliteDriver(this.config, this.sqlite, this.waitMs);
  }
}

const isBusy = (error: unknown): boolean =>
  String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY');

export const openDatabase = (options: DbOptions): Db => {
  // The tenant scope comes second, so that it sees the database's snake_case names.
  const tenantScope = new TenantScopePlugin();
  const statements = new StatementStats();
  const plugins = [new RowCamelCasePlugin(), tenantScope, statements];
  const { log } = statements;
  if (options.databaseUrl) {
    const pool = resilientPool({ connectionString: options.databaseUrl, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, log });
    return {
      kysely,
      dialect: 'postgres',
      tenantScope,
      statements,
      sqliteFile: null,
      offThread: null,
      pool,
      close: () => kysely.destroy(),
    };
  }
  const file = options.sqliteImage ?? options.sqliteFile ?? ':memory:';
  const { onStatement } = options;
  const busyWaitMs = options.sqliteBusyWaitMs ?? SQLITE_BUSY_WAIT_MS;
  const sqlite = new SQLite(
    file,
    onStatement ? { verbose: (statement) => onStatement(String(statement)) } : {},
  );
  // SQLite's own wait, for the pragmas here only (the server does not serve yet); 0 afterwards.
  sqlite.pragma(`busy_timeout = ${busyWaitMs}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // Statistics for the planner, which without them guesses that `tenant_id = ?` selects few rows
  // (docs/benchmarks.md, 订单列表): gathered at open for the tables that lack them or have changed
  // much (bounded by SQLite's analysis limit), and again every hour, as SQLite advises for a
  // connection that stays open.
  sqlite.pragma('optimize = 0x10002');
  sqlite.pragma('busy_timeout = 0');
  const optimizing = setInterval(() => {
    try {
      sqlite.pragma('optimize');
    } catch (error) {
      if (!isBusy(error)) throw error; // another connection writes: next hour
    }
  }, 3_600_000).unref();
  const kysely = new Kysely<Database>({
    dialect: new BusyWaitingSqliteDialect({ database: withStatementCache(sqlite) }, sqlite, busyWaitMs),
    plugins,
    log,
  });
  const sqliteFile = typeof file === 'string' && file !== ':memory:' ? file : null;
  const offThread = sqliteFile ? new OffThreadWriter(sqliteFile, busyWaitMs, statements.record) : null;
  return {
    kysely,
    dialect: 'sqlite',
    tenantScope,
    statements,
    sqliteFile,
    offThread,
    pool: null,
    close: async () => {
      clearInterval(optimizing);
      await offThread?.close();
      await kysely.destroy();
    },
  };
};
