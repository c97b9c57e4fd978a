// Home bench (issue 15): `GET /system/home/statistics` (首页's 7-day series, one round trip) with
// 1,000,000 API access-log rows of the admin's tenant spread over the last 30 days, on SQLite and
// (when it is reachable) PostgreSQL, timed at the server. Writes the "home" section of
// docs/benchmarks.md; run alone with `npm run bench -- home`.
import { sql } from 'kysely';
import type { Db } from '../packages/server/dist/db/database.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { seedIfEmpty } from '../packages/server/dist/db/seed.js';
import { signedInApp, timed } from './in-process.js';
import { machine, onEachDialect, writeSection } from './server.js';

const ROWS = Number(process.env.BENCH_HOME_ROWS ?? 1_000_000);
const DAYS = 30;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const TARGET_MS = 50;

const fill = async (db: Db): Promise<number> => {
  const started = performance.now();
  const now = Date.now();
  const step = Math.floor((DAYS * 86_400_000) / ROWS);
  const series =
    db.dialect === 'postgres'
      ? `generate_series(1::bigint, ${ROWS}) as s(i)`
      : `(with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS}) select i from n)`;
  await sql
    .raw(
      `insert into infra_api_access_log (tenant_id, user_id, user_type, application_name, request_method, request_url,
              request_params, user_ip, user_agent, begin_time, end_time, duration, result_code, result_msg,
              creator, create_time, updater, update_time, deleted)
       select 1, 1, 2, 'admin', 'GET', '/admin-api/system/user/page', '{}', '127.0.0.1', 'bench',
              ${now} - i * ${step}, ${now} - i * ${step} + 5, 5, 0, '', '1', ${now} - i * ${step}, '1', ${now} - i * ${step}, 0
       from ${series}`,
    )
    .execute(db.kysely);
  if (db.dialect === 'postgres')
    // Autovacuum would have visited a table this size: without it no count can read the index alone.
    await sql`vacuum analyze infra_api_access_log`.execute(db.kysely);
  else await sql`analyze`.execute(db.kysely);
  return (performance.now() - started) / 1000;
};

const run = async (label: string, db: Db) => {
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const fillSeconds = await fill(db);
  const { call, close } = await signedInApp(db);
  const statistics = () => call<{ requests: number[] }>('GET', '/system/home/statistics');
  // The first view counts all seven days; later ones count today and reuse the finished days.
  const started = performance.now();
  await statistics();
  const first = performance.now() - started;
  const { p50, p95, last } = await timed(RUNS, 5, statistics);
  await close();
  const counted = last.requests.reduce((sum, n) => sum + n, 0);
  console.info(
    `${label}: filled ${ROWS} rows in ${fillSeconds.toFixed(1)} s; first view ${first.toFixed(1)} ms, then p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${counted} requests in the 7 days)`,
  );
  return { label, first, p50, p95, counted };
};

export const homeBench = async () => {
  const runs = await onEachDialect('home', (label, db) => run(label, db));

  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  const section = [
    '<!-- home:start -->',
    '## Home figures (issue 15)',
    '',
    `${machine()}. Measured at the server (in-process requests through Fastify), signed in as admin: \`GET /system/home/statistics\` (the 7-day series of sign-ins, API requests, errors and processes, one round trip) with ${ROWS.toLocaleString('en')} API access-log rows of the tenant spread evenly over the last ${DAYS} days up to now (so today holds the rows since midnight); ${RUNS} timed calls after the first and 5 untimed. The counts of finished days are reused for five minutes, so a view counts today's rows only and the first view after that counts all seven days. Target: p95 ≤ ${TARGET_MS} ms.`,
    '',
    `| Measure | ${runs.map((r) => r.label).join(' | ')} |`,
    `| --- | ${runs.map(() => '---').join(' | ')} |`,
    `| Requests counted in the 7 days | ${runs.map((r) => r.counted.toLocaleString('en')).join(' | ')} |`,
    `| First view (all seven days counted) | ${runs.map((r) => `${r.first.toFixed(1)} ms`).join(' | ')} |`,
    `| Later views p50 / p95 (today counted, finished days reused) | ${runs.map((r) => `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} ms ${mark(r.p95 <= TARGET_MS)}`).join(' | ')} |`,
    '<!-- home:end -->',
  ].join('\n');
  console.info(section);
  writeSection('home', section);
};
