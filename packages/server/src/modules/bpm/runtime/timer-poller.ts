import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { BPM_INSTANCE_STATUS } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { createPoller, positiveIntFromEnv } from '../../../lib/poller.js';
import { jobRepository } from './job-repository.js';
import type { BpmRuntime } from './step.js';

export interface TimerPollerOptions {
  /** Pause between two polls. */
  intervalMs: number;
  /** How long a claim holds; a poller that died mid-step leaves its jobs to others after it. */
  leaseMs: number;
  /** Jobs claimed per poll. */
  batch: number;
}

/** `BPM_TIMER_POLL_MS` (default 1000) sets how often every server looks for due timers. */
export const timerPollerOptionsFrom = (env: NodeJS.ProcessEnv = process.env): TimerPollerOptions => {
  return {
    intervalMs: positiveIntFromEnv(env.BPM_TIMER_POLL_MS, 1000),
    leaseMs: 30_000,
    batch: 20,
  };
};

/**
 * Fires due timers: every server polls the jobs table, claims due jobs (safe when several servers
 * poll: see `claimDue`) and runs the instance's timer step, which replaces the instance's jobs. A
 * step that fails keeps its claim until the lease ends, then any poller tries again.
 */
export const bpmTimerPoller = (
  ctx: AppContext,
  runtime: BpmRuntime,
  log: FastifyBaseLogger,
  options: TimerPollerOptions,
) => {
  const jobs = jobRepository(ctx.db.kysely, ctx.db.dialect);
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Claims and fires what is due now; returns how many jobs were claimed. */
  const pollOnce = async (): Promise<number> => {
    const claimed = await jobs.claimDue(owner, ctx.now(), options.leaseMs, options.batch);
    for (const job of claimed) {
      try {
        const fired = await runtime.step(job.tenantId, job.processInstanceId, ({ instance }) =>
          Promise.resolve(
            instance.status === BPM_INSTANCE_STATUS.RUNNING ? { action: { kind: 'fire-timers' } } : null,
          ),
        );
        // A finished instance has no timers left to fire.
        if (!fired) await jobs.replace(job.processInstanceId, []);
      } catch (error) {
        log.error(
          { err: error, job: job.id, processInstanceId: job.processInstanceId },
          '流程定时器触发失败',
        );
      }
    }
    return claimed.length;
  };

  return createPoller(pollOnce, {
    intervalMs: options.intervalMs,
    log,
    failureMessage: '流程定时器轮询失败',
  });
};

export type BpmTimerPoller = ReturnType<typeof bpmTimerPoller>;
