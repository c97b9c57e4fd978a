// System management bench (issue 5): the user page and its searches over 100,000 users, and the
// my-messages page over 1,000,000 in-site messages, on SQLite and (when it is reachable) PostgreSQL.
// Times are taken at the server (fastify.inject: routing, validation, queries, serialisation; no
// network). Writes the "system" section of docs/benchmarks.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../packages/server/dist/db/database.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { seedIfEmpty } from '../packages/server/dist/db/seed.js';
import { signedInApp, timed } from './in-process.js';
import { onEachDialect } from './server.js';

const root = join(import.meta.dirname, '..');
const USERS = 100_000;
const MESSAGES = 1_000_000;
/** Every tenth message goes to the admin (the signed-in user), the rest to the bench users. */
const ADMIN_SHARE = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = 20;

/** Fills the user and message tables in the database itself (a generated series), in seconds. */
const fill = async (db: Db): Promise<number> => {
  const started = performance.now();
  const now = Date.now();
  const depts = (
    await db.kysely.selectFrom('systemDept').select('id').where('tenantId', '=', 1).execute()
  ).map((d) => d.id);
  const deptCase = `case ${depts.map((id, i) => `when i % ${depts.length} = ${i} then ${id}`).join(' ')} end`;
  const series = (count: number) =>
    db.dialect === 'postgres'
      ? `generate_series(1::bigint, ${count}) as s(i)`
      : `(with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count}) select i from n)`;
  const pad8 = db.dialect === 'postgres' ? `lpad(i::text, 8, '0')` : `printf('%08d', i)`;
  await sql
    .raw(
      `insert into system_users (tenant_id, username, password, nickname, dept_id, email, mobile, sex, status, create_time, update_time, deleted)
       select 1, 'bench' || i, '', '压测用户' || i, ${deptCase}, 'bench' || i || '@example.com', '139' || ${pad8},
              i % 2 + 1, case when i % 10 = 0 then 1 else 0 end, ${now} - i * 60000, ${now} - i * 60000, 0
       from ${series(USERS)}`,
    )
    .execute(db.kysely);
  const firstBenchUser = Number(
    (
      await db.kysely
        .selectFrom('systemUsers')
        .select((eb) => eb.fn.min('id').as('id'))
        .where('username', 'like', 'bench%')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await sql
    .raw(
      `insert into system_notify_message (tenant_id, user_id, user_type, template_id, template_code, template_nickname,
              template_content, template_type, template_params, read_status, read_time, create_time, update_time, deleted)
       select 1, case when i % ${ADMIN_SHARE} = 0 then 1 else ${firstBenchUser} + i % ${USERS} end, 2, 1, 'bench',
              '系统管理员', '压测消息 ' || i, 2, '{}', case when i % 3 = 0 then 1 else 0 end,
              case when i % 3 = 0 then ${now} else null end, ${now} - i * 1000, ${now} - i * 1000, 0
       from ${series(MESSAGES)}`,
    )
    .execute(db.kysely);
  // Planner statistics (and on PostgreSQL the visibility map index-only scans need), as a database
  // that grew to this size would have from autovacuum.
  await sql.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db.kysely);
  return (performance.now() - started) / 1000;
};

interface Measured {
  name: string;
  path: string;
  p50: number;
  p95: number;
  total: number;
}

/** p50 and p95 of `RUNS` requests (after a warm-up) as the admin of tenant 1. */
const measure = async (db: Db, queries: { name: string; path: string }[]): Promise<Measured[]> => {
  const { call, close } = await signedInApp(db);
  const results: Measured[] = [];
  for (const query of queries) {
    const { p50, p95, last } = await timed(RUNS, 20, () => call<{ total: number }>('GET', query.path));
    results.push({ ...query, p50, p95, total: last.total });
  }
  await close();
  return results;
};

const QUERIES = [
  { name: '用户分页（第 1 页）', path: '/system/user/page?pageNo=1&pageSize=10' },
  { name: '用户分页（第 500 页）', path: '/system/user/page?pageNo=500&pageSize=20' },
  { name: '用户搜索：账号包含 bench1234', path: '/system/user/page?pageNo=1&pageSize=10&username=bench1234' },
  { name: '用户搜索：手机号 + 状态', path: '/system/user/page?pageNo=1&pageSize=10&mobile=1390001&status=0' },
  { name: '用户筛选：部门（含子部门）', path: '/system/user/page?pageNo=1&pageSize=10&deptId=100' },
  { name: '我的站内信（第 1 页）', path: '/system/notify-message/my-page?pageNo=1&pageSize=10' },
  { name: '我的站内信：未读', path: '/system/notify-message/my-page?pageNo=1&pageSize=10&readStatus=false' },
];

const run = async (label: string, db: Db) => {
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const fillSeconds = await fill(db);
  console.info(`${label}: ${USERS} users and ${MESSAGES} messages written in ${fillSeconds.toFixed(1)} s`);
  const results = await measure(db, QUERIES);
  for (const r of results)
    console.info(
      `${label} ${r.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.total} rows)`,
    );
  return { label, fillSeconds, results };
};

export const systemBench = async () => {
  const runs = await onEachDialect('system', (label, db) => run(label, db));

  const mark = (ms: number) => (ms <= TARGET_MS ? '✅' : '❌');
  const section = [
    '<!-- system:start -->',
    '## System management: large tables (issue 5)',
    '',
    `Measured at the server (in-process requests through Fastify: routing, validation, queries, JSON), ${RUNS} requests each after 20 warm-up requests, signed in as admin, on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}. ${USERS.toLocaleString('en')} users in tenant 1 spread over the seeded departments; ${MESSAGES.toLocaleString('en')} in-site messages, one in ${ADMIN_SHARE} to the admin. Target: p95 ≤ ${TARGET_MS} ms.`,
    '',
    `| Query | ${runs.map((r) => `${r.label} p50 / p95`).join(' | ')} |`,
    `| --- | ${runs.map(() => '---').join(' | ')} |`,
    ...QUERIES.map(
      (q, i) =>
        `| ${q.name} | ${runs
          .map((r) => {
            const m = r.results[i]!;
            return `${m.p50.toFixed(1)} / ${m.p95.toFixed(1)} ms ${mark(m.p95)}`;
          })
          .join(' | ')} |`,
    ),
    `| Writing the rows | ${runs.map((r) => `${r.fillSeconds.toFixed(1)} s`).join(' | ')} |`,
    '<!-- system:end -->',
  ].join('\n');
  console.info(section);
  const docPath = join(root, 'docs/benchmarks.md');
  const doc = readFileSync(docPath, 'utf8');
  const pattern = /<!-- system:start -->[\s\S]*<!-- system:end -->/;
  writeFileSync(
    docPath,
    pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}\n`,
  );
};
