import {
  DataSourceConfigError,
  GlobalError,
  MASTER_DATA_SOURCE_ID,
  type DataSourceConfig,
  type dataSourceConfigCreateReq,
  type dataSourceConfigUpdateReq,
} from '@app/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import {
  DataSourceUrlError,
  openDataSource,
  testConnection,
  type DataSourceLogin,
  type OpenDataSource,
} from '../../lib/data-source.js';
import { fail, ServiceError } from '../../lib/errors.js';
import { secretBox, type SecretBox } from '../../lib/secret-box.js';
import { storedKeyMaterial } from '../../lib/stored-secret.js';
import { dataSourceRepository, type DataSourceConfigRow } from './repository.js';

const MASTER_NAME = 'master';

const toView = (row: DataSourceConfigRow): DataSourceConfig => ({
  id: row.id,
  name: row.name,
  url: row.url,
  username: row.username,
  createTime: row.createTime,
});

/**
 * The master's URL without its credentials (`postgres://user:pw@host/db?password=…` → `postgres://host/db`)
 * and the user it names; undefined when it is not a URL (a key=value connection string).
 */
export const withoutCredentials = (url: string): { url: string; username: string } | undefined => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const username = decodeURIComponent(parsed.username);
  parsed.username = '';
  parsed.password = '';
  for (const name of [...parsed.searchParams.keys()])
    if (/pass|key|secret/i.test(name)) parsed.searchParams.delete(name);
  return { url: parsed.toString(), username };
};

/** The database the server runs on, as the master data source shows it (never its password). */
const describeMaster = async (ctx: AppContext): Promise<DataSourceConfig> => {
  const master = { id: MASTER_DATA_SOURCE_ID, name: MASTER_NAME, createTime: null };
  const db = ctx.db.kysely.withoutPlugins();
  if (ctx.db.dialect === 'sqlite') {
    const { rows } = await sql<{
      file: string;
    }>`select file from pragma_database_list where name = 'main'`.execute(db);
    return { ...master, url: `sqlite:${rows[0]?.file || ':memory:'}`, username: '' };
  }
  const { rows } = await sql<{
    database: string;
    username: string;
    host: string | null;
    port: number | null;
  }>`
    select current_database() as database, current_user as username,
      host(inet_server_addr()) as host, inet_server_port() as port`.execute(db);
  const server = rows[0];
  const configured = ctx.config.databaseUrl ? withoutCredentials(ctx.config.databaseUrl) : undefined;
  if (configured)
    return { ...master, url: configured.url, username: configured.username || (server?.username ?? '') };
  const host = server?.host ?? 'localhost';
  return {
    ...master,
    url: `postgresql://${host.includes(':') ? `[${host}]` : host}:${server?.port ?? 5432}/${server?.database ?? ''}`,
    username: server?.username ?? '',
  };
};

type CreateBody = z.output<typeof dataSourceConfigCreateReq>;
type UpdateBody = z.output<typeof dataSourceConfigUpdateReq>;

/**
 * Data sources (global to all tenants): the master, which is the server's own database, and the
 * configured ones, whose connection is tested before they are saved and whose password is sealed.
 */
export const dataSourceService = (ctx: AppContext, env: NodeJS.ProcessEnv = process.env) => {
  const repo = dataSourceRepository(ctx.db.kysely);
  const keyMaterial = storedKeyMaterial(ctx, 'data-source-password', env);
  let box: SecretBox | null = null;
  const secrets = async (): Promise<SecretBox> => (box ??= secretBox(await keyMaterial()));
  const options = { dataDir: ctx.config.dataDir };

  let master: Promise<DataSourceConfig> | null = null;
  const masterView = (): Promise<DataSourceConfig> =>
    (master ??= describeMaster(ctx).catch((error: unknown) => {
      master = null;
      throw error;
    }));

  const find = async (id: number): Promise<DataSourceConfigRow> => {
    const row = await repo.find(id);
    if (!row) throw fail(DataSourceConfigError.DATA_SOURCE_CONFIG_NOT_EXISTS);
    return row;
  };

  /** A bad URL is the request's fault (400); a database that does not answer or refuses, 1001007001. */
  const check = async (login: DataSourceLogin): Promise<void> => {
    try {
      await testConnection(login, options);
    } catch (error) {
      if (error instanceof DataSourceUrlError)
        throw new ServiceError(
          GlobalError.BAD_REQUEST.code,
          `${GlobalError.BAD_REQUEST.msg}:${error.message}`,
        );
      throw fail(DataSourceConfigError.DATA_SOURCE_CONFIG_NOT_OK);
    }
  };

  return {
    /** The master first, then the configured ones by id. */
    async list(): Promise<DataSourceConfig[]> {
      return [await masterView(), ...(await repo.list()).map(toView)];
    },

    async get(id: number): Promise<DataSourceConfig | null> {
      if (id === MASTER_DATA_SOURCE_ID) return masterView();
      const row = await repo.find(id);
      return row ? toView(row) : null;
    },

    async create(user: LoginUser, body: CreateBody): Promise<number> {
      await check(body);
      const password = (await secrets()).seal(body.password);
      return repo.insert({ ...body, password }, ctx.now(), user.id);
    },

    async update(user: LoginUser, body: UpdateBody): Promise<boolean> {
      if (body.id === MASTER_DATA_SOURCE_ID)
        throw fail(DataSourceConfigError.DATA_SOURCE_CONFIG_MASTER_UPDATE);
      const saved = await find(body.id);
      const b = await secrets();
      const password = body.password ?? b.open(saved.password);
      await check({ url: body.url, username: body.username, password });
      await repo.update(
        body.id,
        { name: body.name, url: body.url, username: body.username, password: b.seal(password) },
        ctx.now(),
        user.id,
      );
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      if (id === MASTER_DATA_SOURCE_ID) throw fail(DataSourceConfigError.DATA_SOURCE_CONFIG_MASTER_DELETE);
      await find(id);
      await repo.delete(id, ctx.now(), user.id);
      return true;
    },

    /**
     * Opens a data source to read its tables (code generation); close it when done. The master is the
     * server's own connection without its plugins (closing it does nothing).
     */
    async connect(id: number): Promise<OpenDataSource> {
      if (id === MASTER_DATA_SOURCE_ID)
        return {
          db: ctx.db.kysely.withoutPlugins() as unknown as OpenDataSource['db'],
          dialect: ctx.db.dialect,
          close: async () => {},
        };
      const row = await find(id);
      const password = (await secrets()).open(row.password);
      return openDataSource({ url: row.url, username: row.username, password }, options);
    },
  };
};

export type DataSourceService = ReturnType<typeof dataSourceService>;
