import type { FastifyBaseLogger } from 'fastify';
import { withoutTenantScope } from '../db/tenant-scope.js';

/**
 * Runs `poll` every `intervalMs` (after the previous poll ends, never two at once) until stopped.
 * Background work that every server instance shares through the database (due timers, queued
 * SMS and mail) is driven by one of these; `pollOnce` lets tests drive it without waiting.
 */
export const createPoller = (
  poll: () => Promise<number>,
  options: { intervalMs: number; log: FastifyBaseLogger; failureMessage: string },
) => {
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<number> | null = null;
  let stopped = true;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      // Polls serve every tenant: never in the tenant scope of whatever started the timer.
      polling = withoutTenantScope(poll)
        .catch((error: unknown) => {
          options.log.error({ err: error }, options.failureMessage);
          return 0;
        })
        .finally(() => {
          polling = null;
          schedule();
        });
    }, options.intervalMs);
    timer.unref();
  };

  return {
    pollOnce: poll,
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    /** Stops polling and waits for a poll under way. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await polling;
    },
  };
};

export type Poller = ReturnType<typeof createPoller>;

/** A positive integer from the environment, or the fallback. */
export const positiveIntFromEnv = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
