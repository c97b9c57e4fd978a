import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { resilientPool } from '../lib/pg-pool.js';
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
      pool,
      close: () => kysely.destroy(),
    };
  }
  const file = options.sqliteImage ?? options.sqliteFile ?? ':memory:';
  const { onStatement } = options;
  const sqlite = new SQLite(
    file,
    onStatement ? { verbose: (statement) => onStatement(String(statement)) } : {},
  );
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // Statistics for the planner, which without them guesses that `tenant_id = ?` selects few rows
  // (docs/benchmarks.md, 订单列表): gathered at open for the tables that lack them or have changed
  // much (bounded by SQLite's analysis limit), and again every hour, as SQLite advises for a
  // connection that stays open.
  sqlite.pragma('optimize = 0x10002');
  const optimizing = setInterval(() => sqlite.pragma('optimize'), 3_600_000).unref();
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins,
    log,
  });
  return {
    kysely,
    dialect: 'sqlite',
    tenantScope,
    statements,
    sqliteFile: typeof file === 'string' && file !== ':memory:' ? file : null,
    pool: null,
    close: () => {
      clearInterval(optimizing);
      return kysely.destroy();
    },
  };
};
