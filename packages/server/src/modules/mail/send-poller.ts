import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { MAIL_SEND_STATUS } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppContext } from '../../context.js';
import { createPoller, positiveIntFromEnv } from '../../lib/poller.js';
import type { MailPasswordBox } from './password-box.js';
import { type MailLogRow, mailRepository } from './repository.js';

export interface MailPollerOptions {
  /** Pause between two polls. */
  intervalMs: number;
  /** How long a claim holds; longer than the SMTP timeouts below, so a live send never loses it. */
  leaseMs: number;
  /** Sends claimed per poll. */
  batch: number;
  /** Attempts per mail before it stays failed. */
  maxAttempts: number;
  /** Wait before the first retry; each further retry waits four times longer. */
  retryDelayMs: number;
}

/** `MESSAGE_QUEUE_POLL_MS` (default 1000) sets how often every server looks for mail to send. */
export const mailPollerOptionsFrom = (env: NodeJS.ProcessEnv = process.env): MailPollerOptions => ({
  intervalMs: positiveIntFromEnv(env.MESSAGE_QUEUE_POLL_MS, 1000),
  leaseMs: 120_000,
  batch: 10,
  maxAttempts: 3,
  retryDelayMs: 10_000,
});

const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

const messageOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 4000) || '发送失败';

/**
 * Delivers queued mail: every server polls the log, claims due rows (safe when several servers poll:
 * see `claimDue`) and sends each through its account's SMTP server. Every attempt is recorded on the
 * row: 发送成功 with the message id, or 发送失败 with the error, retried with growing delays until
 * `maxAttempts`. A row whose account or password cannot be read fails at once, without retries.
 */
export const mailSendPoller = (
  ctx: AppContext,
  passwords: MailPasswordBox,
  log: FastifyBaseLogger,
  options: MailPollerOptions,
) => {
  const repo = mailRepository(ctx.db.kysely, ctx.db.dialect);
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  const transportFor = async (row: MailLogRow) => {
    const account = await repo.findAccount(row.accountId);
    if (!account) throw new Error('邮箱账号不存在');
    let pass: string;
    try {
      pass = await passwords.open(account.password);
    } catch {
      throw new Error('邮箱账号密码无法解密（SECRET_KEY 是否改变？），请重新保存该账号的密码');
    }
    return nodemailer.createTransport({
      host: account.host,
      port: account.port,
      secure: account.sslEnable === 1,
      auth: { user: account.username, pass },
      ...SMTP_TIMEOUTS,
    });
  };

  const deliver = async (row: MailLogRow): Promise<void> => {
    const attempt = row.sendAttempts + 1;
    const failed = (error: unknown, retry: boolean) => {
      const now = ctx.now();
      log.warn({ err: error, mailLogId: row.id, attempt }, '邮件发送失败');
      return repo.recordAttempt(row.id, {
        sendStatus: MAIL_SEND_STATUS.FAILURE,
        sendTime: now,
        sendMessageId: null,
        sendException: messageOf(error),
        sendAttempts: attempt,
        nextAttemptAt:
          retry && attempt < options.maxAttempts ? now + options.retryDelayMs * 4 ** (attempt - 1) : null,
      });
    };

    let transport: Awaited<ReturnType<typeof transportFor>>;
    try {
      transport = await transportFor(row);
    } catch (error) {
      return failed(error, false);
    }
    let messageId: string;
    try {
      const info = await transport.sendMail({
        from: row.templateNickname ? { name: row.templateNickname, address: row.fromMail } : row.fromMail,
        to: row.toMail,
        subject: row.templateTitle,
        html: row.templateContent,
      });
      messageId = info.messageId;
    } catch (error) {
      return failed(error, true);
    } finally {
      transport.close();
    }
    await repo.recordAttempt(row.id, {
      sendStatus: MAIL_SEND_STATUS.SUCCESS,
      sendTime: ctx.now(),
      sendMessageId: messageId,
      sendException: null,
      sendAttempts: attempt,
      nextAttemptAt: null,
    });
  };

  /** Claims and sends what is due now; returns how many mails were claimed. */
  const pollOnce = async (): Promise<number> => {
    const claimed = await repo.claimDue(owner, ctx.now(), options.leaseMs, options.batch);
    for (const row of claimed) {
      // A row whose result could not be saved keeps its claim until the lease ends, then is retried.
      await deliver(row).catch((error: unknown) =>
        log.error({ err: error, mailLogId: row.id }, '邮件发送结果保存失败'),
      );
    }
    return claimed.length;
  };

  return createPoller(pollOnce, {
    intervalMs: options.intervalMs,
    log,
    failureMessage: '邮件发送轮询失败',
  });
};

export type MailSendPoller = ReturnType<typeof mailSendPoller>;
