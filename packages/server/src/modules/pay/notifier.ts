import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { PAY_NOTIFY_STATUS, PAY_NOTIFY_TYPE } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { createPoller, positiveIntFromEnv } from '../../lib/poller.js';
import { NOTIFY_FREQUENCY_SECONDS, type NotifyRepository, type NotifyTaskRow } from './notify-repository.js';
import { postNotify } from './notify-sender.js';

const LEASE_MS = 60_000;
const BATCH = 20;

/** What one attempt's answer means (the reference's CommonResult: code 0 is success). */
const outcomeOf = (statusCode: number, body: string): number => {
  if (statusCode < 200 || statusCode >= 300) return PAY_NOTIFY_STATUS.REQUEST_FAILURE;
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return parsed.code === 0 ? PAY_NOTIFY_STATUS.SUCCESS : PAY_NOTIFY_STATUS.REQUEST_SUCCESS;
  } catch {
    return PAY_NOTIFY_STATUS.REQUEST_SUCCESS;
  }
};

/**
 * Sends merchants the results of their orders and refunds: every server polls for due tasks
 * (`MESSAGE_QUEUE_POLL_MS`, default 1 s), claims them and POSTs each, retrying on the reference's
 * schedule until the merchant answers `{code: 0}` or the attempts run out. Runs apart from payments,
 * so a slow merchant delays only its own notification.
 */
export const payNotifier = (ctx: AppContext, repo: NotifyRepository, log: FastifyBaseLogger) => {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  const attempt = async (task: NotifyTaskRow): Promise<void> => {
    const payload =
      task.type === PAY_NOTIFY_TYPE.ORDER
        ? { merchantOrderId: task.merchantOrderId, payOrderId: task.dataId }
        : {
            merchantOrderId: task.merchantOrderId,
            merchantRefundId: task.merchantRefundId,
            payRefundId: task.dataId,
          };
    let status: number;
    let response: string;
    try {
      const answer = await postNotify(task.notifyUrl, payload, ctx.config.payNotifyAllowedHosts);
      status = outcomeOf(answer.statusCode, answer.body);
      response = `HTTP ${answer.statusCode} ${answer.body}`;
    } catch (error) {
      status = PAY_NOTIFY_STATUS.REQUEST_FAILURE;
      response = error instanceof Error ? error.message : String(error);
    }
    const at = ctx.now();
    const times = task.notifyTimes + 1;
    if (status !== PAY_NOTIFY_STATUS.SUCCESS && times >= task.maxNotifyTimes)
      status = PAY_NOTIFY_STATUS.FAILURE;
    const wait = NOTIFY_FREQUENCY_SECONDS[Math.min(times, NOTIFY_FREQUENCY_SECONDS.length) - 1] ?? 0;
    await repo.recordAttempt(task, owner, { status, response, nextNotifyTime: at + wait * 1000 }, at);
  };

  /** One batch: claims due tasks and attempts each (in parallel: they are different merchants). */
  const sendBatch = async (): Promise<number> => {
    const claimed = await repo.claimDue(owner, ctx.now(), LEASE_MS, BATCH);
    await Promise.all(
      claimed.map((task) =>
        attempt(task).catch((error: unknown) =>
          log.error({ err: error, payNotifyTaskId: task.id }, '支付通知失败'),
        ),
      ),
    );
    return claimed.length;
  };

  /** One round: batch after batch while they come full, so a burst of payments drains at once. */
  const pollOnce = async (): Promise<number> => {
    let total = 0;
    for (let sent = BATCH; sent === BATCH; total += sent) sent = await sendBatch();
    return total;
  };

  return createPoller(pollOnce, {
    intervalMs: positiveIntFromEnv(process.env.MESSAGE_QUEUE_POLL_MS, 1000),
    log,
    failureMessage: '支付通知轮询失败',
  });
};

export type PayNotifier = ReturnType<typeof payNotifier>;
