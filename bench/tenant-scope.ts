// Overhead of the tenant scope plugin (packages/server/src/db/tenant-scope.ts): the user page query
// of the user administration (a page of 10 plus the count, over 1,000 users) inside tenant 1's scope,
// through the database's Kysely (with the plugin) and through the same Kysely without the plugin; also
// the cost of building the SQL alone, where the plugin's rewrite is all the difference. Both run inside
// the scope, so the AsyncLocalStorage cost (paid by every request either way) is on both sides. On
// SQLite and (when reachable) PostgreSQL. Run with
// `npx tsc -b packages/contract packages/server && npx tsx bench/tenant-scope.ts`.
import { randomBytes } from 'node:crypto';
import { CamelCasePlugin } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../packages/server/dist/db/database.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { seedIfEmpty } from '../packages/server/dist/db/seed.js';
import { withTenantScope } from '../packages/server/dist/db/tenant-scope.js';
import { userAdminRepository } from '../packages/server/dist/modules/user/admin-repository.js';

const USERS = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5_000);
const ROUNDS = 30;
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ALL = { all: true, deptIds: [], self: false, userId: 1 };

const fill = async (db: Db) => {
  const rows = Array.from({ length: USERS }, (_, i) => ({
    tenantId: 1,
    username: `bench${i}`,
    password: 'x',
    nickname: `压测用户${i}`,
    remark: null,
    deptId: 103,
    email: null,
    mobile: null,
    sex: null,
    avatar: null,
    status: 0,
    loginIp: null,
    loginDate: null,
    creator: null,
    updater: null,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await db.kysely
      .insertInto('systemUsers')
      .values(rows.slice(i, i + 200))
      .execute();
};

/**
 * CPU microseconds (user + system) per call of `fn`, the mean over `runs` calls: on a shared machine the
 * wall clock mostly measures the other processes.
 */
const time = async (fn: () => Promise<unknown>, runs: number): Promise<number> => {
  const started = process.cpuUsage();
  for (let i = 0; i < runs; i++) await fn();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / runs;
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Median microseconds per call of each variant, measured in alternating rounds inside tenant 1's scope. */
const compare = async (a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> => {
  const runs = Math.max(1, Math.round(RUNS / ROUNDS));
  const inScope = (fn: () => Promise<unknown>) => () => withTenantScope(1, fn);
  await time(inScope(a), runs);
  await time(inScope(b), runs);
  const ta: number[] = [];
  const tb: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    ta.push(await time(inScope(a), runs));
    tb.push(await time(inScope(b), runs));
  }
  return [median(ta), median(tb)];
};

const measure = async (name: string, db: Db) => {
  await migrateToLatest(db);
  await seedIfEmpty(db);
  await fill(db);
  const bare = db.kysely.withoutPlugins().withPlugin(new CamelCasePlugin());
  const page = (k: typeof bare) => {
    const users = userAdminRepository(k, db.dialect);
    return () => users.page(1, ALL, {}, { pageNo: 1, pageSize: 10 });
  };
  const build = (k: typeof bare) => () =>
    Promise.resolve(
      k
        .selectFrom('systemUsers as u')
        .selectAll('u')
        .where('u.tenantId', '=', 1)
        .where('u.deleted', '=', 0)
        .orderBy('u.id', 'desc')
        .limit(10)
        .compile(),
    );
  for (const [label, [without, within]] of [
    ['user page (query + count)', await compare(page(bare), page(db.kysely))],
    ['SQL build only', await compare(build(bare), build(db.kysely))],
  ] as const) {
    const us = (v: number) => `${v.toFixed(1).padStart(6)} µs`;
    const extra = `+${(within - without).toFixed(1)} µs (${(((within - without) / without) * 100).toFixed(1)} %)`;
    console.info(
      `${name.padEnd(10)} ${label.padEnd(26)} without ${us(without)}  with ${us(within)}  ${extra}`,
    );
  }
};

const sqlite = openDatabase({ sqliteFile: ':memory:' });
await measure('SQLite', sqlite);
await sqlite.close();

const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 });
const reachable = await admin.connect().then(
  () => true,
  () => false,
);
if (reachable) {
  const name = `bench_tenant_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: url.toString() });
  try {
    await measure('PostgreSQL', db);
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else console.info('PostgreSQL 不可用，只测了 SQLite');
