import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { JOB_LOG_STATUS, JobError, formatErrorMessage } from '@app/contract';
import { nextFireTimes } from '@app/contract/cron';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../lib/job-handlers.js';
import { createPoller, positiveIntFromEnv } from '../../lib/poller.js';
import type { JobRepository, JobRow, LogOutcome } from './repository.js';

export interface SchedulerOptions {
  /** Pause between two looks for due fires; a fire runs at most this late (plus the look itself). */
  intervalMs: number;
  /** Due jobs claimed per look; more wait for the next one. */
  batch: number;
}

/** `JOB_SCHEDULER_POLL_MS` (default 200) sets how often every server looks for due fires. */
export const schedulerOptionsFrom = (env: NodeJS.ProcessEnv = process.env): SchedulerOptions => ({
  intervalMs: positiveIntFromEnv(env.JOB_SCHEDULER_POLL_MS, 200),
  batch: 2000,
});

/** How long a run holds its job before another may start one: a run is expected to end well within it. */
const LEASE_MS = 10 * 60 * 1000;
const RESULT_MAX = 4000;

/** The fire after `after`, or null when the expression fires no more. */
export const nextFireAfter = (cronExpression: string, after: number): number | null =>
  nextFireTimes(cronExpression, 1, after)[0] ?? null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const rootCause = (error: unknown): string => {
  let cause = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
};

/**
 * Runs jobs at their fire times. Every server instance polls the jobs table and claims due fires
 * with a compare-and-set on `next_fire_time` (see `claimFires`), so each fire runs in exactly one
 * instance, whether the instances share PostgreSQL or one SQLite file. Misfires: a job whose fire
 * passed while no instance ran fires once when one starts again, then keeps its schedule from
 * then on (Quartz's "fire once now"). A run holds the job's lease, taken in the claim itself, so
 * two runs of one job never overlap, across instances too; a fire that finds its job still running
 * is skipped. Writes are batched: one statement claims a second's fires, one inserts their log
 * rows, and the outcomes are written together as the runs end.
 */
export const jobScheduler = (
  ctx: AppContext,
  repo: JobRepository,
  handlers: JobHandlers,
  log: FastifyBaseLogger,
  options: SchedulerOptions,
) => {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Jobs running here (the lease says so to other instances). */
  const running = new Set<number>();
  const runs = new Set<Promise<void>>();
  /** Outcomes and leases to write; `flushing` is the write under way. */
  let outcomes: LogOutcome[] = [];
  let released: number[] = [];
  let flushing: Promise<void> | null = null;

  const flush = async (): Promise<void> => {
    while (outcomes.length > 0 || released.length > 0) {
      const [done, free] = [outcomes, released];
      [outcomes, released] = [[], []];
      if (done.length > 0) await repo.finishLogs(done);
      if (free.length > 0) await repo.releaseLeases(free, owner);
    }
  };
  const scheduleFlush = () => {
    flushing ??= flush()
      .catch((error: unknown) => log.error({ err: error }, '定时任务日志写入失败'))
      .finally(() => {
        flushing = null;
        if (outcomes.length > 0 || released.length > 0) scheduleFlush();
      });
  };

  const lease = (job: JobRow, now: number) => ({
    owner,
    now,
    until: now + LEASE_MS + job.retryCount * job.retryInterval,
  });
  const logRow = (job: JobRow, executeIndex: number, beginTime: number) => ({
    jobId: job.id,
    handlerName: job.handlerName,
    handlerParam: job.handlerParam,
    executeIndex,
    beginTime,
    status: JOB_LOG_STATUS.RUNNING,
    createTime: beginTime,
    updateTime: beginTime,
  });

  /** One attempt under its log row; the outcome is queued. True when it succeeded. */
  const attempt = async (job: JobRow, logId: number, beginTime: number): Promise<boolean> => {
    let status: number = JOB_LOG_STATUS.SUCCESS;
    let result: string;
    try {
      const handler = handlers.get(job.handlerName);
      if (!handler)
        throw new Error(formatErrorMessage(JobError.JOB_HANDLER_BEAN_NOT_EXISTS.msg, job.handlerName));
      result = await handler(job.handlerParam ?? '');
    } catch (error) {
      status = JOB_LOG_STATUS.FAILURE;
      result = rootCause(error);
      log.warn({ err: error, job: job.id, logId }, '定时任务执行失败');
    }
    const endTime = ctx.now();
    if (job.monitorTimeout > 0 && endTime - beginTime > job.monitorTimeout)
      log.warn(
        { job: job.id, took: endTime - beginTime, monitorTimeout: job.monitorTimeout },
        '定时任务执行超时',
      );
    outcomes.push({
      id: logId,
      endTime,
      duration: endTime - beginTime,
      status,
      result: result.slice(0, RESULT_MAX),
    });
    scheduleFlush();
    return status === JOB_LOG_STATUS.SUCCESS;
  };

  /** A fire whose lease is held and first log row written: the attempt and up to `retryCount` retries. */
  const execute = async (job: JobRow, logId: number, beginTime: number): Promise<void> => {
    try {
      for (let index = 1; !(await attempt(job, logId, beginTime)) && index <= job.retryCount; index++) {
        if (job.retryInterval > 0) await sleep(job.retryInterval);
        beginTime = ctx.now();
        logId = (await repo.insertLogs([logRow(job, index + 1, beginTime)])).get(job.id)!;
      }
    } finally {
      running.delete(job.id);
      released.push(job.id);
      scheduleFlush();
    }
  };

  const start = (job: JobRow, logId: number, beginTime: number): void => {
    const run = execute(job, logId, beginTime)
      .catch((error: unknown) => log.error({ err: error, job: job.id }, '定时任务调度失败'))
      .finally(() => runs.delete(run));
    runs.add(run);
  };

  /** Starts the jobs whose lease this instance took: their log rows in one statement, then the runs. */
  const startAll = async (jobs: JobRow[], now: number) => {
    for (const job of jobs) running.add(job.id);
    try {
      const logIds = await repo.insertLogs(jobs.map((job) => logRow(job, 1, now)));
      for (const job of jobs) start(job, logIds.get(job.id)!, now);
    } catch (error) {
      for (const job of jobs) running.delete(job.id);
      released.push(...jobs.map((job) => job.id));
      scheduleFlush();
      throw error;
    }
  };

  /** Claims the fires due now and starts them; returns how many were claimed. */
  const pollOnce = async (): Promise<number> => {
    const now = ctx.now();
    const due = await repo.due(now, options.batch);
    // Jobs sharing an expression and a fire time (1,000 jobs every second) are claimed in one statement.
    const groups = new Map<string, JobRow[]>();
    for (const job of due) {
      const key = `${job.nextFireTime}\n${job.cronExpression}`;
      groups.set(key, [...(groups.get(key) ?? []), job]);
    }
    let claimed = 0;
    for (const jobs of groups.values()) {
      const { nextFireTime, cronExpression } = jobs[0]!;
      const longest = jobs.reduce((a, b) =>
        a.retryCount * a.retryInterval >= b.retryCount * b.retryInterval ? a : b,
      );
      const rows = await repo.claimFires(
        jobs.map((j) => j.id),
        nextFireTime!,
        nextFireAfter(cronExpression, now),
        lease(longest, now),
      );
      const held = new Set(rows.filter((r) => r.leaseOwner === owner).map((r) => Number(r.id)));
      const startable = jobs.filter((j) => held.has(j.id) && !running.has(j.id));
      if (startable.length < rows.length)
        log.warn({ skipped: rows.length - startable.length }, '定时任务上一次执行尚未结束，跳过本次触发');
      if (startable.length > 0) await startAll(startable, now);
      claimed += rows.length;
    }
    return claimed;
  };

  const poller = createPoller(pollOnce, {
    intervalMs: options.intervalMs,
    log,
    failureMessage: '定时任务调度轮询失败',
  });

  return {
    pollOnce,
    /** 执行一次: a fire now, outside the schedule; skipped (false) while the job runs. */
    async trigger(job: JobRow): Promise<boolean> {
      const now = ctx.now();
      if (running.has(job.id) || !(await repo.takeLease(job.id, lease(job, now)))) {
        log.warn({ job: job.id }, '定时任务上一次执行尚未结束，跳过本次触发');
        return false;
      }
      await startAll([job], now);
      return true;
    },
    start: poller.start,
    /** Stops looking for fires and waits for the runs under way and their writes. */
    async stop(): Promise<void> {
      await poller.stop();
      await idle();
    },
    idle,
  };

  /** Waits for the runs under way and for their outcomes to be written (tests). */
  async function idle(): Promise<void> {
    while (runs.size > 0 || flushing) await Promise.all([...runs, flushing]);
  }
};
export type JobScheduler = ReturnType<typeof jobScheduler>;
