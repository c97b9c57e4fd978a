import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { createPoller, positiveIntFromEnv } from '../../lib/poller.js';
import type { SmsSender } from './sender.js';

export interface SmsPollerOptions {
  intervalMs: number;
  /** How long a claim holds; longer than a provider call may take. */
  leaseMs: number;
  /** Messages claimed per poll. */
  batch: number;
}

/** `MESSAGE_QUEUE_POLL_MS` (default 1000) sets how often every server looks for SMS to send. */
export const smsPollerOptionsFrom = (env: NodeJS.ProcessEnv = process.env): SmsPollerOptions => ({
  intervalMs: positiveIntFromEnv(env.MESSAGE_QUEUE_POLL_MS, 1000),
  leaseMs: 60_000,
  batch: 20,
});

/**
 * Sends queued SMS: every server polls the send log, claims due rows (safe when several servers
 * poll the same database, see `claimDue`) and makes one attempt of each. Returns from `pollOnce`
 * how many rows it claimed.
 */
export const smsSendPoller = (
  ctx: AppContext,
  sender: SmsSender,
  log: FastifyBaseLogger,
  options: SmsPollerOptions,
) => {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollOnce = async (): Promise<number> => {
    const claimed = await sender.claimDue(owner, ctx.now(), options.leaseMs, options.batch);
    // One at a time: a batch is small, and a slow provider must not hold many claims open at once.
    for (const row of claimed) {
      try {
        await sender.attempt(row, owner);
      } catch (error) {
        // The claim runs out and another poll tries again.
        log.error({ err: error, smsLogId: row.id }, '短信发送失败');
      }
    }
    return claimed.length;
  };
  return createPoller(pollOnce, { intervalMs: options.intervalMs, log, failureMessage: '短信发送轮询失败' });
};

export type SmsSendPoller = ReturnType<typeof smsSendPoller>;
