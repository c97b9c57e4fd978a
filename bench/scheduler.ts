// Scheduler bench (issue 14): 1,000 jobs firing every second, run by two scheduler instances with
// their own connections to one database (a SQLite file; PostgreSQL when it answers), on real timers
// for BENCH_SCHEDULER_SECONDS (default 20). Every run records when it started; each fire should run
// once, within 1 s of its time. Writes the "scheduler" section of docs/benchmarks.md; run alone with
// `npm run bench -- scheduler`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, sqliteFileIn, type Db } from '../packages/server/dist/db/database.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { seedIfEmpty } from '../packages/server/dist/db/seed.js';
import type { AppContext } from '../packages/server/dist/context.js';
import { JobHandlers } from '../packages/server/dist/lib/job-handlers.js';
import { jobRepository } from '../packages/server/dist/modules/job/repository.js';
import { jobScheduler, schedulerOptionsFrom } from '../packages/server/dist/modules/job/scheduler.js';
import { machine, throwawayPostgres, writeSection } from './server.js';

const JOBS = 1_000;
const SECONDS = Number(process.env.BENCH_SCHEDULER_SECONDS ?? 20);
const quiet = { warn() {}, error() {}, info() {} } as never;

interface Result {
  database: string;
  fires: number;
  runs: number;
  twice: number;
  missed: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const measure = async (database: string, open: () => Db): Promise<Result> => {
  const setup = open();
  await migrateToLatest(setup);
  await seedIfEmpty(setup);
  const start = Math.ceil(Date.now() / 1000) * 1000 + 2000;
  const end = start + SECONDS * 1000;
  for (let i = 0; i < JOBS; i += 500)
    await setup.kysely
      .insertInto('infraJob')
      .values(
        Array.from({ length: Math.min(500, JOBS - i) }, (_, k) => ({
          name: `压测 ${i + k}`,
          status: 1,
          handlerName: 'benchJob',
          handlerParam: String(i + k),
          cronExpression: '* * * * * ?',
          retryCount: 0,
          retryInterval: 0,
          monitorTimeout: 0,
          nextFireTime: start,
        })),
      )
      .execute();

  // Each run: the whole second it belongs to (its fire) and how late it started.
  const runs = new Map<string, number>();
  const lateness: number[] = [];
  const handlers = new JobHandlers();
  handlers.register('benchJob', async (param) => {
    const now = Date.now();
    const fire = Math.floor(now / 1000) * 1000;
    lateness.push(now - fire);
    const key = `${param}@${fire}`;
    runs.set(key, (runs.get(key) ?? 0) + 1);
    return '';
  });
  const dbs = [open(), open()];
  const schedulers = dbs.map((db) =>
    jobScheduler(
      { now: Date.now } as AppContext,
      jobRepository(db.kysely),
      handlers,
      quiet,
      schedulerOptionsFrom(),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, start - Date.now() - 500));
  for (const s of schedulers) s.start();
  await new Promise((resolve) => setTimeout(resolve, end - Date.now() - 500));
  for (const s of schedulers) await s.stop();
  await Promise.all([...dbs, setup].map((db) => db.close()));

  const fires = JOBS * SECONDS;
  const counted = [...runs.entries()].filter(([key]) => Number(key.split('@')[1]) < end);
  lateness.sort((a, b) => a - b);
  return {
    database,
    fires,
    runs: counted.reduce((n, [, c]) => n + c, 0),
    twice: counted.filter(([, c]) => c > 1).length,
    missed: fires - counted.length,
    p50: percentile(lateness, 0.5),
    p99: percentile(lateness, 0.99),
    max: lateness.at(-1) ?? 0,
  };
};

export const schedulerBench = async () => {
  const results: Result[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'scheduler-bench-'));
  results.push(
    await measure('SQLite（一个文件，两个连接）', () => openDatabase({ sqliteFile: sqliteFileIn(dir) })),
  );
  const pg = await throwawayPostgres('scheduler_bench');
  if (pg) {
    results.push(await measure('PostgreSQL', () => openDatabase({ databaseUrl: pg.url })));
    await pg.drop();
  }
  const rows = results.map(
    (r) =>
      `| ${r.database} | ${r.fires} | ${r.runs} | ${r.twice} | ${r.missed} | ${r.p50} | ${r.p99} | ${r.max} | ${r.max < 1000 && r.twice === 0 && r.missed === 0 ? 'yes' : 'no'} |`,
  );
  const section = [
    '<!-- scheduler:start -->',
    '## Scheduler (issue 14)',
    '',
    `${machine()}. ${JOBS} jobs firing every second (\`* * * * * ?\`) for ${SECONDS} s, two scheduler instances`,
    'polling every 200 ms with their own connections to one database. Lateness is how long after its',
    'second a run started. Target: every fire within 1 s of its time, none twice, none missed.',
    '',
    '| database | fires | runs | run twice | missed | lateness p50 (ms) | p99 (ms) | max (ms) | target met |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '<!-- scheduler:end -->',
  ].join('\n');
  writeSection('scheduler', section);
  console.info(section);
};
