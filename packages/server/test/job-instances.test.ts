import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { JobHandlers } from '../src/lib/job-handlers.js';
import { jobRepository } from '../src/modules/job/repository.js';
import { jobScheduler, type JobScheduler } from '../src/modules/job/scheduler.js';
import { DIALECTS, freshDatabase, type Dialect } from './helper.js';

const quiet = { warn() {}, error() {}, info() {} } as unknown as FastifyBaseLogger;
const JOBS = 100;
const SECONDS = 20;

/** Two connections to one new database, as two server instances have. */
const twoConnections = async (dialect: Dialect): Promise<{ dbs: [Db, Db]; close: () => Promise<void> }> => {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'job-instances-'));
    const file = join(dir, 'admin.db');
    copyFileSync(inject('sqliteTemplate'), file);
    const dbs: [Db, Db] = [openDatabase({ sqliteFile: file }), openDatabase({ sqliteFile: file })];
    return {
      dbs,
      close: async () => {
        await Promise.all(dbs.map((d) => d.close()));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const fresh = await freshDatabase(dialect);
  const dbs: [Db, Db] = [fresh.db, fresh.reopen!()];
  return {
    dbs,
    close: async () => {
      await dbs[1].close();
      await fresh.db.close();
      await fresh.drop();
    },
  };
};

describe.each(DIALECTS)('two scheduler instances on one %s database', (dialect) => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it(`run each of ${JOBS} jobs firing every second exactly once per fire, misfires included`, async () => {
    const { dbs, close } = await twoConnections(dialect);
    closers.push(close);
    const clock = { now: new Date(2026, 10, 26, 12, 0, 0).getTime() };
    const runs = new Map<string, number>();
    const handlers = new JobHandlers();
    handlers.register('countJob', async (param) => {
      const key = `${param}@${clock.now}`;
      runs.set(key, (runs.get(key) ?? 0) + 1);
      return 'ok';
    });
    const schedulers: JobScheduler[] = dbs.map((db) =>
      jobScheduler({ now: () => clock.now } as AppContext, jobRepository(db.kysely), handlers, quiet, {
        intervalMs: 1000,
        batch: 2000,
      }),
    );
    const repo = jobRepository(dbs[0].kysely);
    for (let i = 0; i < JOBS; i++)
      await repo.insert({
        name: `计数 ${i}`,
        status: 1,
        handlerName: 'countJob',
        handlerParam: String(i),
        cronExpression: '* * * * * ?',
        retryCount: 0,
        retryInterval: 0,
        monitorTimeout: 0,
        nextFireTime: clock.now + 1000,
      });

    const start = clock.now;
    for (let s = 1; s <= SECONDS; s++) {
      // Both instances look at once, a little after the fire, as their timers would.
      clock.now = start + s * 1000 + 3;
      const claimed = await Promise.all(schedulers.map((sc) => sc.pollOnce()));
      expect(claimed[0]! + claimed[1]!).toBe(JOBS);
      await Promise.all(schedulers.map((sc) => sc.idle()));
    }
    // Both down for a minute: each job catches up with one run, not sixty.
    clock.now = start + (SECONDS + 60) * 1000 + 3;
    const caughtUp = await Promise.all(schedulers.map((sc) => sc.pollOnce()));
    expect(caughtUp[0]! + caughtUp[1]!).toBe(JOBS);
    await Promise.all(schedulers.map((sc) => sc.idle()));

    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(JOBS * (SECONDS + 1));
    const { count } = (
      await sql<{
        count: number | string;
      }>`select count(*) as count from infra_job_log where status = 1`.execute(dbs[0].kysely)
    ).rows[0]!;
    expect(Number(count)).toBe(JOBS * (SECONDS + 1));
  });
});
