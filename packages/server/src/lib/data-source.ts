import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { parseDataSourceUrl, type DataSourceAddress } from '@app/contract';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, sql, SqliteDialect } from 'kysely';
import { createPool } from 'mysql2';
import { resilientPool } from './pg-pool.js';

/* Connections to configured data sources (/infra/data-source-config): tested when saved, read by code generation. */

/** Tables of a database this server knows nothing about: code generation introspects them. */
export type ForeignDatabase = Record<string, Record<string, unknown>>;

export type DataSourceDialect = 'sqlite' | 'postgres' | 'mysql';

/** What opening a data source needs: its URL as configured and the credentials, opened. */
export interface DataSourceLogin {
  url: string;
  username: string;
  password: string;
}

export interface DataSourceOptions {
  /** Relative SQLite paths are below it, and no SQLite file may lie outside it. */
  dataDir: string;
  /** How long a connection may take to open (default CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
}

export interface OpenDataSource {
  /** Without plugins: names as the database has them. */
  db: Kysely<ForeignDatabase>;
  dialect: DataSourceDialect;
  close(): Promise<void>;
}

/** A saved data source answers within this or counts as unreachable. */
export const CONNECT_TIMEOUT_MS = 5000;

/** The URL cannot be used (format, or a SQLite file outside DATA_DIR): a request error, not a connection one. */
export class DataSourceUrlError extends Error {}

const realOrSame = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/** Whether `path` lies below `dir`, following symbolic links (of its folder when the file does not exist). */
const isInside = (dir: string, path: string): boolean => {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    real = join(realOrSame(dirname(path)), basename(path));
  }
  const rel = relative(realOrSame(dir), real);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/**
 * The address of a data source URL, a SQLite path made absolute; throws DataSourceUrlError when the URL
 * is not one `parseDataSourceUrl` reads or names a SQLite file outside `dataDir` (the server's files
 * beyond its data are no business of the console).
 */
export const dataSourceAddress = (url: string, dataDir: string): DataSourceAddress => {
  const address = parseDataSourceUrl(url);
  if ('error' in address) throw new DataSourceUrlError(address.error);
  if (address.kind !== 'sqlite') return address;
  const file = resolve(dataDir, address.file);
  if (!isInside(dataDir, file))
    throw new DataSourceUrlError(`SQLite 数据库文件必须位于服务端的数据目录 DATA_DIR（${dataDir}）之内`);
  return { kind: 'sqlite', file };
};

const mysqlSsl = (params: Record<string, string>) => {
  const mode = (params.sslMode ?? params.sslmode ?? '').toUpperCase();
  if (mode.startsWith('VERIFY')) return {};
  if (mode === 'REQUIRED' || params.useSSL === 'true' || params.ssl === 'true')
    return { rejectUnauthorized: false };
  return undefined;
};

const postgresSsl = (params: Record<string, string>) => {
  const mode = params.sslmode ?? '';
  if (mode === 'verify-ca' || mode === 'verify-full') return true;
  if (mode === 'require' || params.ssl === 'true') return { rejectUnauthorized: false };
  return undefined;
};

/**
 * A Kysely on a data source; nothing connects until the first query. SQLite through better-sqlite3
 * (the file must exist), PostgreSQL through pg, MySQL/MariaDB through mysql2 (LOAD DATA LOCAL refused: a
 * hostile server must not read this server's files). Only the URL's SSL options are read; its other
 * JDBC options are the reference's and mean nothing here. Close it when done.
 */
export const openDataSource = (login: DataSourceLogin, options: DataSourceOptions): OpenDataSource => {
  const address = dataSourceAddress(login.url, options.dataDir);
  const timeout = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const wrap = (db: Kysely<ForeignDatabase>, dialect: DataSourceDialect): OpenDataSource => ({
    db,
    dialect,
    close: () => db.destroy(),
  });
  switch (address.kind) {
    case 'sqlite': {
      const { file } = address;
      // Opened on first use, so a missing file fails the query rather than this call.
      const database = async () => new SQLite(file, { fileMustExist: true, timeout });
      return wrap(new Kysely({ dialect: new SqliteDialect({ database }) }), 'sqlite');
    }
    case 'postgres': {
      const ssl = postgresSsl(address.params);
      const pool = resilientPool({
        host: address.host,
        port: address.port,
        database: address.database,
        user: login.username || undefined,
        password: login.password,
        connectionTimeoutMillis: timeout,
        max: 2,
        ...(ssl === undefined ? {} : { ssl }),
      });
      return wrap(new Kysely({ dialect: new PostgresDialect({ pool }) }), 'postgres');
    }
    case 'mysql': {
      const ssl = mysqlSsl(address.params);
      const pool = createPool({
        host: address.host,
        port: address.port,
        database: address.database,
        user: login.username,
        password: login.password,
        connectTimeout: timeout,
        connectionLimit: 2,
        flags: ['-LOCAL_FILES'],
        ...(ssl === undefined ? {} : { ssl }),
      });
      return wrap(new Kysely({ dialect: new MysqlDialect({ pool }) }), 'mysql');
    }
  }
};

/**
 * Opens the data source, asks it one question, and closes it; throws DataSourceUrlError for an unusable
 * URL and the driver's error when the database cannot be reached, refuses the login, or (SQLite) the file
 * is missing or not a database.
 */
export const testConnection = async (login: DataSourceLogin, options: DataSourceOptions): Promise<void> => {
  const source = openDataSource(login, options);
  try {
    // SQLite reads the file's header only for a question about its schema.
    if (source.dialect === 'sqlite') await sql`select count(*) from sqlite_master`.execute(source.db);
    else await sql`select 1`.execute(source.db);
  } finally {
    await source.close().catch(() => {});
  }
};
