import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDataSourceUrl, type DataSourceConfig } from '@app/contract';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvalidationBus } from '../src/lib/invalidation.js';
import { DataSourceUrlError, openDataSource, testConnection } from '../src/lib/data-source.js';
import { dataSourceService, withoutCredentials } from '../src/modules/data-source/service.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { up as migrate026 } from '../src/db/migrations/026_data_source.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { createTestApp, DIALECTS, freshDatabase, type TestApp } from './helper.js';
import { HAS_MARIADB, HAS_POSTGRES, MARIADB, MARIADB_URL, pgSource } from './data-source-peers.js';

describe('data source URLs', () => {
  it('reads the JDBC and plain forms', () => {
    expect(parseDataSourceUrl('jdbc:mysql://127.0.0.1:3306/ruoyi-vue-pro?useSSL=false&a=b%20c')).toEqual({
      kind: 'mysql',
      host: '127.0.0.1',
      port: 3306,
      database: 'ruoyi-vue-pro',
      params: { useSSL: 'false', a: 'b c' },
    });
    expect(parseDataSourceUrl('jdbc:postgresql://db.example.com/app')).toMatchObject({
      kind: 'postgres',
      host: 'db.example.com',
      port: 5432,
      database: 'app',
    });
    expect(parseDataSourceUrl('mariadb://[::1]:3307/x')).toMatchObject({
      kind: 'mysql',
      host: '::1',
      port: 3307,
    });
    expect(parseDataSourceUrl('postgres://h:6543/d')).toMatchObject({ kind: 'postgres', port: 6543 });
    expect(parseDataSourceUrl('sqlite:codegen.sqlite')).toEqual({ kind: 'sqlite', file: 'codegen.sqlite' });
    expect(parseDataSourceUrl('jdbc:sqlite:/data/a.db')).toEqual({ kind: 'sqlite', file: '/data/a.db' });
    expect(parseDataSourceUrl('sqlite:///data/a.db')).toEqual({ kind: 'sqlite', file: '/data/a.db' });
  });

  it('refuses what it cannot use, saying why in Chinese', () => {
    const errorOf = (url: string) => (parseDataSourceUrl(url) as { error?: string }).error;
    expect(errorOf('jdbc:oracle:thin:@127.0.0.1:1521:orcl')).toMatch(/^数据源连接格式不正确/);
    expect(errorOf('jdbc:mysql://root:pw@127.0.0.1:3306/test')).toMatch(/不能包含用户名或密码/);
    expect(errorOf('jdbc:mysql://127.0.0.1:3306/')).toMatch(/缺少数据库名/);
    expect(errorOf('jdbc:mysql://127.0.0.1:99999/test')).toMatch(/端口/);
    expect(errorOf('sqlite::memory:')).toMatch(/SQLite/);
  });

  it('shows the master’s URL without its credentials', () => {
    expect(withoutCredentials('postgres://admin:s3cret@db:5432/app?sslmode=require&password=x')).toEqual({
      url: 'postgres://db:5432/app?sslmode=require',
      username: 'admin',
    });
    expect(withoutCredentials('host=/tmp dbname=app password=x')).toBeUndefined();
  });
});

describe('opening data sources', () => {
  let dataDir: string;
  let outside: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'data-source-lib-'));
    outside = await mkdtemp(join(tmpdir(), 'data-source-outside-'));
    const db = new SQLite(join(dataDir, 'shop.sqlite'));
    db.exec('create table shop_order (id integer primary key, buyer text not null)');
    db.close();
    new SQLite(join(outside, 'secret.sqlite')).close();
    await symlink(join(outside, 'secret.sqlite'), join(dataDir, 'link.sqlite'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  const login = (url: string) => ({ url, username: '', password: '' });

  it('opens a SQLite file below DATA_DIR and reads its tables', async () => {
    const source = openDataSource(login('sqlite:shop.sqlite'), { dataDir });
    try {
      expect(source.dialect).toBe('sqlite');
      const tables = await source.db.introspection.getTables();
      expect(tables.map((t) => t.name)).toEqual(['shop_order']);
    } finally {
      await source.close();
    }
  });

  it('keeps SQLite inside DATA_DIR, links followed', async () => {
    for (const url of [
      `sqlite:${join(outside, 'secret.sqlite')}`,
      'sqlite:../x.sqlite',
      'sqlite:link.sqlite',
      'sqlite:/etc/passwd',
    ])
      await expect(testConnection(login(url), { dataDir }), url).rejects.toThrow(DataSourceUrlError);
  });

  it('fails on a missing file, a file that is not a database and a port nobody listens on', async () => {
    await writeFile(
      join(dataDir, 'note.txt'),
      'not a database, just some text that is long enough'.repeat(20),
    );
    await expect(testConnection(login('sqlite:missing.sqlite'), { dataDir })).rejects.toThrow();
    await expect(testConnection(login('sqlite:note.txt'), { dataDir })).rejects.toThrow();
    const started = Date.now();
    await expect(testConnection(login('jdbc:mysql://127.0.0.1:1/test'), { dataDir })).rejects.toThrow();
    await expect(testConnection(login('jdbc:postgresql://127.0.0.1:1/test'), { dataDir })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.runIf(HAS_MARIADB)('opens MariaDB through mysql2 and reads its tables', async () => {
    const source = openDataSource(
      { url: MARIADB_URL, username: MARIADB.user, password: MARIADB.password },
      { dataDir },
    );
    try {
      await sql`create table if not exists ds_probe (id int primary key)`.execute(source.db);
      const tables = await source.db.introspection.getTables();
      expect(tables.map((t) => t.name)).toContain('ds_probe');
      await sql`drop table ds_probe`.execute(source.db);
    } finally {
      await source.close();
    }
    await expect(
      testConnection({ url: MARIADB_URL, username: MARIADB.user, password: 'wrong' }, { dataDir }),
    ).rejects.toThrow(/Access denied/);
  });
});

describe.each(DIALECTS)('data source configs on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let dataDir: string;
  let sqliteId: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'data-source-data-'));
    const db = new SQLite(join(dataDir, 'codegen.sqlite'));
    db.exec('create table demo_student (id integer primary key, name text)');
    db.close();
    t = await createTestApp(dialect, { env: { DATA_DIR: dataDir } });
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra: object = {}, token = admin) =>
    t.api({ method, path: `/infra/data-source-config/${path}`, token, ...extra });
  const list = async () => (await call('GET', 'list')).data as DataSourceConfig[];
  const get = async (id: number) => (await call('GET', 'get', { query: { id: String(id) } })).data;
  const stored = (id: number) =>
    t.db.kysely
      .selectFrom('infraDataSourceConfig')
      .select(['password', 'deleted'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** Every answer of the test, to check no password ever appears in one. */
  const answers: string[] = [];
  const remember = <T extends { raw: { body: string } }>(res: T): T => {
    answers.push(res.raw.body);
    return res;
  };

  it('lists the master first: the running database, without a password, and gets it as id 0', async () => {
    const [master, ...rest] = await list();
    expect(rest).toEqual([]);
    expect(master).toMatchObject({ id: 0, name: 'master', createTime: null });
    if (dialect === 'sqlite') expect(master).toMatchObject({ url: 'sqlite::memory:', username: '' });
    else {
      const database = (await sql<{ db: string }>`select current_database() as db`.execute(t.db.kysely))
        .rows[0]!.db;
      expect(master!.url).toBe(`postgresql://127.0.0.1:5432/${database}`);
      expect(master!.username).toBe(pgSource.username);
    }
    expect(Object.keys(master!)).not.toContain('password');
    expect(await get(0)).toEqual(master);
  });

  it('creates a SQLite source below DATA_DIR after connecting to it, password sealed', async () => {
    const created = remember(
      await call('POST', 'create', {
        body: { name: '代码生成库', url: 'sqlite:codegen.sqlite', username: '', password: 'sqlite-pw' },
      }),
    );
    expect(created.code).toBe(0);
    sqliteId = created.data as number;
    expect((await stored(sqliteId)).password).toMatch(/^v1:/);
    expect((await stored(sqliteId)).password).not.toContain('sqlite-pw');
    expect(remember(await call('GET', 'get', { query: { id: String(sqliteId) } })).data).toEqual({
      id: sqliteId,
      name: '代码生成库',
      url: 'sqlite:codegen.sqlite',
      username: '',
      createTime: t.clock.now,
    });
    const [master, ...rest] = await list();
    expect(master!.id).toBe(0);
    expect(rest.map((s) => s.id)).toEqual([sqliteId]);

    // Code generation reads its tables through the service.
    const ctx = {
      config: t.config,
      db: t.db,
      redis: null,
      now: () => t.clock.now,
      bus: await createInvalidationBus(null),
    };
    const source = await dataSourceService(ctx).connect(sqliteId);
    try {
      expect((await source.db.introspection.getTables()).map((x) => x.name)).toEqual(['demo_student']);
    } finally {
      await source.close();
    }
  });

  it.runIf(HAS_POSTGRES)('creates a PostgreSQL source and updates it', async () => {
    const created = remember(
      await call('POST', 'create', { body: { name: 'PG 库', ...pgSource, password: 'pg-secret' } }),
    );
    expect(created.code).toBe(0);
    const id = created.data as number;
    expect((await stored(id)).password).not.toContain('pg-secret');
    const updated = remember(
      await call('PUT', 'update', {
        body: { id, name: 'PG 库 2', url: 'postgres://127.0.0.1/postgres', username: pgSource.username },
      }),
    );
    expect(updated).toMatchObject({ code: 0, data: true });
    expect(await get(id)).toMatchObject({ name: 'PG 库 2', url: 'postgres://127.0.0.1/postgres' });
    // A database nobody has: the server refuses the login.
    expect(
      remember(
        await call('POST', 'create', {
          body: { ...pgSource, name: 'x', url: 'jdbc:postgresql://127.0.0.1:5432/no_such_db_here' },
        }),
      ),
    ).toMatchObject({ code: 1_001_007_001, msg: '数据源配置不正确，无法进行连接' });
  });

  it.runIf(HAS_MARIADB)(
    'creates a MariaDB source, keeps its password on update, refuses a wrong one',
    async () => {
      const body = { name: 'MariaDB 测试库', url: MARIADB_URL, username: 'root', password: '' };
      const created = remember(await call('POST', 'create', { body }));
      expect(created.code).toBe(0);
      const id = created.data as number;
      expect((await stored(id)).password).toMatch(/^v1:/);

      // No password: the saved (empty) one, which still connects.
      const renamed = remember(
        await call('PUT', 'update', {
          body: { id, name: 'MariaDB 主库', url: 'mysql://127.0.0.1/test', username: 'root' },
        }),
      );
      expect(renamed).toMatchObject({ code: 0, data: true });
      expect(await get(id)).toMatchObject({ name: 'MariaDB 主库', url: 'mysql://127.0.0.1/test' });

      const sealedBefore = (await stored(id)).password;
      const wrong = remember(await call('PUT', 'update', { body: { id, ...body, password: 'wrong-pw' } }));
      expect(wrong).toMatchObject({ code: 1_001_007_001, msg: '数据源配置不正确，无法进行连接' });
      expect((await stored(id)).password).toBe(sealedBefore);
      expect(await get(id)).toMatchObject({ name: 'MariaDB 主库' });
      expect(
        remember(await call('POST', 'create', { body: { ...body, password: 'wrong-pw' } })),
      ).toMatchObject({
        code: 1_001_007_001,
      });
    },
  );

  it('answers 400 in Chinese for a URL it cannot use, 1001007001 for one that does not connect', async () => {
    const create = (url: string) =>
      call('POST', 'create', { body: { name: '坏连接', url, username: 'u', password: 'p' } });
    const bad = [
      ['jdbc:oracle:thin:@127.0.0.1:1521:orcl', '数据源连接格式不正确'],
      ['jdbc:mysql://root:pw@127.0.0.1:3306/test', '不能包含用户名或密码'],
      ['jdbc:mysql://127.0.0.1:3306', '缺少数据库名'],
      ['sqlite:/etc/passwd', 'DATA_DIR'],
      ['sqlite:../outside.sqlite', 'DATA_DIR'],
      ['', '数据源连接不能为空'],
    ] as const;
    for (const [url, says] of bad) {
      const res = await create(url);
      expect(res.code, url).toBe(400);
      expect(res.msg, url).toContain(says);
    }
    expect((await call('POST', 'create', { body: { url: 'sqlite:codegen.sqlite' } })).msg).toContain(
      '数据源名称不能为空',
    );
    for (const url of ['sqlite:missing.sqlite', 'jdbc:mysql://127.0.0.1:1/test'])
      expect(await create(url), url).toMatchObject({
        code: 1_001_007_001,
        msg: '数据源配置不正确，无法进行连接',
      });
    expect((await list()).map((s) => s.name)).not.toContain('坏连接');
  });

  it('neither updates nor deletes the master; says so for a source that is not there', async () => {
    const body = { id: 0, name: 'master', url: 'sqlite:codegen.sqlite', username: '' };
    expect(await call('PUT', 'update', { body })).toMatchObject({
      code: 1_001_007_002,
      msg: expect.stringContaining('主数据源 master') as string,
    });
    expect(await call('DELETE', 'delete', { query: { id: '0' } })).toMatchObject({
      code: 1_001_007_003,
      msg: expect.stringContaining('不能删除') as string,
    });
    expect(await call('GET', 'get', { query: { id: '999' } })).toMatchObject({ code: 0, data: null });
    expect(await call('PUT', 'update', { body: { ...body, id: 999 } })).toMatchObject({
      code: 1_001_007_000,
      msg: '数据源配置不存在',
    });
    expect(await call('DELETE', 'delete', { query: { id: '999' } })).toMatchObject({ code: 1_001_007_000 });
    expect((await call('GET', 'get', { query: { id: '-1' } })).code).toBe(400);
  });

  it('deletes a source logically', async () => {
    expect(remember(await call('DELETE', 'delete', { query: { id: String(sqliteId) } }))).toMatchObject({
      code: 0,
      data: true,
    });
    expect((await stored(sqliteId)).deleted).toBe(1);
    expect((await list()).map((s) => s.id)).not.toContain(sqliteId);
    expect(await get(sqliteId)).toBeNull();
    expect(await call('DELETE', 'delete', { query: { id: String(sqliteId) } })).toMatchObject({
      code: 1_001_007_000,
    });
  });

  it('never gives a password out', async () => {
    answers.push(JSON.stringify(await list()));
    for (const body of answers)
      for (const secret of ['sqlite-pw', 'pg-secret', 'wrong-pw', 'v1:']) expect(body).not.toContain(secret);
  });

  it('answers 401 without a token, 403 without the permission and to another tenant', async () => {
    const calls = [
      ['GET', 'list', {}],
      ['GET', 'get', { query: { id: '0' } }],
      ['POST', 'create', { body: { name: 'x', url: 'sqlite:codegen.sqlite' } }],
      ['PUT', 'update', { body: { id: 1, name: 'x', url: 'sqlite:codegen.sqlite' } }],
      ['DELETE', 'delete', { query: { id: '1' } }],
    ] as const;
    for (const [method, path, extra] of calls) {
      expect((await call(method, path, extra, null as unknown as string)).code, path).toBe(401);
      expect(await call(method, path, extra, operator), path).toMatchObject({
        code: 403,
        msg: '没有该操作权限',
      });
    }
    expect(await t.api({ path: '/infra/data-source-config/list', token: admin, tenant: 2 })).toMatchObject({
      code: 403,
      msg: '您无权访问该租户的数据',
    });
  });
});

const DATA_SOURCE_MENUS = [1255, 1256, 1257, 1258, 1259, 1260];

describe('migration 026', () => {
  it('leaves the menu of a fresh database to the seed', async () => {
    const db = openDatabase({ sqliteFile: ':memory:' });
    const menus = () =>
      db.kysely.selectFrom('systemMenu').select('id').where('id', 'in', DATA_SOURCE_MENUS).execute();
    await migrateToLatest(db);
    expect(await menus()).toEqual([]);
    await seedIfEmpty(db);
    expect(await menus()).toHaveLength(6);
    await db.close();
  });

  it.each(DIALECTS)('adds the table and the menu to a database seeded before (%s)', async (dialect) => {
    const { db, drop } = await freshDatabase(dialect);
    try {
      const k = db.kysely;
      await k.deleteFrom('systemMenu').where('id', 'in', DATA_SOURCE_MENUS).execute();
      await k.schema.dropTable('infra_data_source_config').execute();
      await migrate026(k, dialect);
      const menu = await k
        .selectFrom('systemMenu')
        .selectAll()
        .where('id', '=', 1255)
        .executeTakeFirstOrThrow();
      expect(menu).toMatchObject({
        name: '数据源配置',
        parentId: 2,
        path: 'data-source-config',
        component: 'infra/dataSourceConfig/index',
        componentName: 'InfraDataSourceConfig',
      });
      const buttons = await k
        .selectFrom('systemMenu')
        .select('permission')
        .where('parentId', '=', 1255)
        .execute();
      expect(buttons.map((b) => b.permission).sort()).toEqual(
        ['create', 'delete', 'export', 'query', 'update'].map((a) => `infra:data-source-config:${a}`),
      );
      // New menus still get ids of their own (PostgreSQL's identity moved past the explicit ones).
      const { id } = await k
        .insertInto('systemMenu')
        .values({ ...menu, id: undefined, name: '新菜单' } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(Number(id)).toBeGreaterThan(1260);
      expect(await k.selectFrom('infraDataSourceConfig').select('id').execute()).toEqual([]);
    } finally {
      await db.close();
      await drop();
    }
  });
});
