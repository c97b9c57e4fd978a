import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { epochMillis } from '../result.js';

/*
 * Data sources (/infra/data-source-config), global to all tenants as in the reference: the master (id 0,
 * the database the server runs on) and configured SQLite, PostgreSQL and MySQL/MariaDB databases, which
 * code generation reads tables from. Passwords are kept encrypted and never given out.
 */

/** The id of the master data source, which is not a row of the table. */
export const MASTER_DATA_SOURCE_ID = 0;

/** A data source's address, as `parseDataSourceUrl` reads it. */
export type DataSourceAddress =
  | {
      kind: 'mysql' | 'postgres';
      host: string;
      port: number;
      database: string;
      /** The query string's parameters (JDBC options), names as written. */
      params: Record<string, string>;
    }
  | { kind: 'sqlite'; /** As written: relative paths are below the server's DATA_DIR. */ file: string };

const SCHEMES: Record<string, { kind: 'mysql' | 'postgres'; port: number }> = {
  mysql: { kind: 'mysql', port: 3306 },
  mariadb: { kind: 'mysql', port: 3306 },
  postgresql: { kind: 'postgres', port: 5432 },
  postgres: { kind: 'postgres', port: 5432 },
};

export const DATA_SOURCE_URL_FORMAT =
  '数据源连接格式不正确，支持 jdbc:mysql://主机:端口/数据库、jdbc:postgresql://主机:端口/数据库、' +
  'mysql://…、postgres://… 与 sqlite:文件路径';

/**
 * Reads a data source's URL as the reference's users write them (`jdbc:mysql://host:3306/db?…`,
 * `jdbc:postgresql://host:5432/db`) and in the plain forms (`mysql://`, `mariadb://`, `postgres://`,
 * `postgresql://`, `sqlite:path`); answers why not when it cannot. Credentials belong in the username and
 * password fields: the URL is shown to everyone who may read the list.
 */
export const parseDataSourceUrl = (raw: string): DataSourceAddress | { error: string } => {
  const text = raw.trim().replace(/^jdbc:/i, '');
  const sqlite = /^sqlite:(.*)$/i.exec(text);
  if (sqlite) {
    const file = (sqlite[1] ?? '').replace(/^\/\/(?=\/)/, '').replace(/^\/\/(?!\/)/, '');
    if (file === '' || file === ':memory:' || file.includes('?'))
      return { error: '数据源连接缺少 SQLite 数据库文件的路径（如 sqlite:codegen.sqlite）' };
    return { kind: 'sqlite', file };
  }
  const parts = /^([a-z]+):\/\/([^/?#]*)(?:\/([^?#]*))?(?:\?([^#]*))?$/i.exec(text);
  const known = parts ? SCHEMES[(parts[1] ?? '').toLowerCase()] : undefined;
  if (!parts || !known) return { error: DATA_SOURCE_URL_FORMAT };
  const [, , authority = '', path = '', query = ''] = parts;
  if (authority.includes('@'))
    return { error: '数据源连接中不能包含用户名或密码，请分别填写在「用户名」与「密码」中' };
  const hostPort = /^(?:\[([0-9a-f:.]+)\]|([\w.-]+))(?::(\d{1,5}))?$/i.exec(authority);
  if (!hostPort) return { error: '数据源连接的主机地址或端口不正确' };
  const port = hostPort[3] === undefined ? known.port : Number(hostPort[3]);
  if (port < 1 || port > 65535) return { error: '数据源连接的端口必须在 1 到 65535 之间' };
  const decode = (v: string) => decodeURIComponent(v.replace(/\+/g, ' '));
  try {
    const database = decode(path);
    if (!database || database.includes('/')) return { error: '数据源连接缺少数据库名（如 …:3306/mydb）' };
    const params = Object.fromEntries(
      query
        .split('&')
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf('=');
          return at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
        }),
    );
    return { kind: known.kind, host: hostPort[1] ?? hostPort[2] ?? '', port, database, params };
  } catch {
    return { error: DATA_SOURCE_URL_FORMAT };
  }
};

export const dataSourceConfig = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  username: z.string(),
  /** The master has none. */
  createTime: epochMillis.nullable(),
});
export type DataSourceConfig = z.output<typeof dataSourceConfig>;

const dataSourceId = z
  .number({ error: '数据源配置编号不能为空' })
  .int('数据源配置编号格式不正确')
  .nonnegative('数据源配置编号格式不正确');

/** `?id=`: 0 is the master. */
const idQuery = z.object({
  id: z.union([z.string(), z.number()], { error: '数据源配置编号不能为空' }).transform((v, ctx) => {
    const id = Number(v);
    if (String(v).trim() === '' || !Number.isSafeInteger(id) || id < 0) {
      ctx.addIssue({ code: 'custom', message: '数据源配置编号格式不正确' });
      return z.NEVER;
    }
    return id;
  }),
});

const urlField = z
  .string({ error: '数据源连接不能为空' })
  .trim()
  .min(1, '数据源连接不能为空')
  .max(1024, '数据源连接长度不能超过 1024 个字符')
  .superRefine((v, ctx) => {
    const parsed = parseDataSourceUrl(v);
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
  });

const bodyFields = {
  name: z
    .string({ error: '数据源名称不能为空' })
    .trim()
    .min(1, '数据源名称不能为空')
    .max(100, '数据源名称长度不能超过 100 个字符'),
  url: urlField,
  /** SQLite needs none. */
  username: z
    .string({ error: '用户名必须是文本' })
    .max(255, '用户名长度不能超过 255 个字符')
    .nullish()
    .transform((v) => v?.trim() ?? ''),
};

/** An empty password is a password too (a local MariaDB's root has none). */
export const dataSourceConfigCreateReq = z.object({
  ...bodyFields,
  password: z
    .string({ error: '密码必须是文本' })
    .max(255, '密码长度不能超过 255 个字符')
    .nullish()
    .transform((v) => v ?? ''),
});
export type DataSourceConfigCreateReq = z.input<typeof dataSourceConfigCreateReq>;

/** A blank or missing password keeps the saved one. */
export const dataSourceConfigUpdateReq = z.object({
  id: dataSourceId,
  ...bodyFields,
  password: z
    .string({ error: '密码必须是文本' })
    .max(255, '密码长度不能超过 255 个字符')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type DataSourceConfigUpdateReq = z.input<typeof dataSourceConfigUpdateReq>;

const TAG = '数据源配置';

export const dataSourceConfigList = defineEndpoint({
  method: 'GET',
  path: '/infra/data-source-config/list',
  summary: '获得数据源配置列表（主数据源 master 在前；不返回密码）',
  tag: TAG,
  access: permission('infra:data-source-config:query'),
  data: z.array(dataSourceConfig),
});

export const dataSourceConfigGet = defineEndpoint({
  method: 'GET',
  path: '/infra/data-source-config/get',
  summary: '获得数据源配置（编号 0 为主数据源；不返回密码；不存在时为 null）',
  tag: TAG,
  access: permission('infra:data-source-config:query'),
  query: idQuery,
  data: dataSourceConfig.nullable(),
});

export const dataSourceConfigCreate = defineEndpoint({
  method: 'POST',
  path: '/infra/data-source-config/create',
  summary: '创建数据源配置（先测试连接；密码加密保存）',
  tag: TAG,
  access: permission('infra:data-source-config:create'),
  body: dataSourceConfigCreateReq,
  data: z.number().int(),
});

export const dataSourceConfigUpdate = defineEndpoint({
  method: 'PUT',
  path: '/infra/data-source-config/update',
  summary: '修改数据源配置（先测试连接；密码留空则不修改；主数据源不能修改）',
  tag: TAG,
  access: permission('infra:data-source-config:update'),
  body: dataSourceConfigUpdateReq,
  data: z.boolean(),
});

export const dataSourceConfigDelete = defineEndpoint({
  method: 'DELETE',
  path: '/infra/data-source-config/delete',
  summary: '删除数据源配置（主数据源不能删除）',
  tag: TAG,
  access: permission('infra:data-source-config:delete'),
  query: idQuery,
  data: z.boolean(),
});
