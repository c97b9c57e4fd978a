import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { PG_ADMIN_URL, pgUrlOf } from './pg-admin.js';

const CI = process.env.CI === 'true';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when PostgreSQL answers; under CI=true its absence is a failure, elsewhere a skip with a message. */
const probePostgres = async (): Promise<boolean> => {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    if (CI) throw new Error(`CI=true 但 PostgreSQL 不可用（${PG_ADMIN_URL}）`, { cause: error });
    console.warn(`跳过 PostgreSQL 测试：${PG_ADMIN_URL} 不可用`);
    return false;
  }
};

export const probeRedis = async (): Promise<boolean> => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1500 });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch (error) {
    if (CI) throw new Error(`CI=true 但 Redis 不可用（${REDIS_URL}）`, { cause: error });
    console.warn(`跳过 Redis 测试：${REDIS_URL} 不可用`);
    return false;
  } finally {
    redis.disconnect();
  }
};

export const newRedis = (): Redis => new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });

export type Dialect = 'sqlite' | 'postgres';
export const DIALECTS: Dialect[] = ['sqlite', ...((await probePostgres()) ? (['postgres'] as const) : [])];

/** The SQLite image of the run's migrated and seeded template (global-setup.ts), read once per file. */
let sqliteImage: Buffer | undefined;
const sqliteTemplate = (): Buffer | undefined => {
  const file = inject('sqliteTemplate');
  if (file) sqliteImage ??= readFileSync(file);
  return sqliteImage;
};

/**
 * A fresh, migrated and seeded database: in-memory SQLite, or a throwaway PostgreSQL database.
 * Both start as a copy of the run's template (global-setup.ts): migrating and seeding every time
 * cost more than most tests. On the copy, `migrateToLatest` finds nothing to run (it loads the
 * tenant scope's table list) and `seedIfEmpty` nothing to seed. Without a template (another
 * config), or with `onStatement` (the query-plan checks also see the migration's and seed's
 * statements), the database is migrated and seeded here.
 */
export const freshDatabase = async (
  dialect: Dialect,
  onStatement?: (sql: string) => void,
): Promise<{ db: Db; drop: () => Promise<void>; reopen?: () => Db }> => {
  if (dialect === 'sqlite') {
    const image = onStatement ? undefined : sqliteTemplate();
    const db = openDatabase({
      ...(image ? { sqliteImage: image } : { sqliteFile: ':memory:' }),
      ...(onStatement ? { onStatement } : {}),
    });
    await migrateToLatest(db);
    await seedIfEmpty(db);
    return { db, drop: async () => {} };
  }
  const template = inject('pgTemplate');
  const name = `${template ? inject('pgPrefix') : 'admin_test_'}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const db = openDatabase({ databaseUrl: pgUrlOf(name) });
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const dropNow = async () => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return {
    db,
    // Dropping waits for a checkpoint (0.5–2 s): with a template, the test goes on meanwhile and
    // the run's teardown drops what is left (global-setup.ts).
    drop: template ? async () => void dropNow().catch(() => {}) : dropNow,
    /** Another connection to the same database, as a second server instance has. */
    reopen: () => openDatabase({ databaseUrl: pgUrlOf(name) }),
  };
};

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: { now: number };
  close: () => Promise<void>;
  /**
   * Injects an API call below /admin-api (below /app-api with `api: 'app'`) with JSON body and
   * headers; returns the parsed envelope.
   */
  api: (opts: ApiCall) => Promise<Envelope>;
  login: (username?: string, password?: string) => Promise<{ accessToken: string; refreshToken: string }>;
}

export interface ApiCall {
  /** `app`: the member API (an endpoint's own `api`). */
  api?: 'app' | undefined;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  token?: string | null;
  tenant?: string | number | null;
  headers?: Record<string, string>;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  raw: LightMyRequestResponse;
}

export const createTestApp = async (
  dialect: Dialect,
  options: {
    redis?: Redis | null;
    env?: NodeJS.ProcessEnv;
    db?: Db;
    beforeReady?: (app: FastifyInstance) => void;
    unreadStream?: AppOptions['unreadStream'];
    /** SQLite only: called with every statement run (see query-plans.ts). */
    onStatement?: (sql: string) => void;
    /** Where the app's clock (`clock.now`) starts; the current time by default. */
    now?: number;
  } = {},
): Promise<TestApp> => {
  const fresh = options.db
    ? { db: options.db, drop: async () => {} }
    : await freshDatabase(dialect, options.onStatement);
  const config = loadConfig({ WEB_DIST: '', LOG_LEVEL: 'silent', CAPTCHA_ENABLED: 'false', ...options.env });
  const clock = { now: options.now ?? Date.now() };
  const app = await buildApp({
    config,
    db: fresh.db,
    redis: options.redis ?? null,
    logger: false,
    now: () => clock.now,
    ...(options.unreadStream ? { unreadStream: options.unreadStream } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  const api = async ({
    api: which,
    method = 'GET',
    path,
    query,
    body,
    token,
    tenant = 1,
    headers = {},
  }: ApiCall) => {
    const raw = await app.inject({
      method,
      url: `${which === 'app' ? '/app-api' : '/admin-api'}${path}`,
      query,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(tenant !== null ? { 'tenant-id': String(tenant) } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const json = raw.json() as Omit<Envelope, 'raw'>;
    return { ...json, raw };
  };
  return {
    app,
    db: fresh.db,
    config,
    clock,
    api,
    async login(username = 'admin', password = 'admin123') {
      const res = await api({ method: 'POST', path: '/system/auth/login', body: { username, password } });
      if (res.code !== 0) throw new Error(`login failed: ${res.code} ${res.msg}`);
      return res.data as { accessToken: string; refreshToken: string };
    },
    close: async () => {
      await app.close();
      await fresh.drop();
    },
  };
};
