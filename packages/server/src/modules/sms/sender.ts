import { GlobalError, SMS_SEND_STATUS, SMS_RECEIVE_STATUS, SmsError } from '@app/contract';
import { STATUS_ENABLED, type AppContext } from '../../context.js';
import { cachedLookup } from '../../lib/cache.js';
import { badRequest, fail } from '../../lib/errors.js';
import { renderTemplate } from '../../lib/template.js';
import { smsClientFor, type SmsSendResult } from './clients/index.js';
import { smsLogRepository, type SmsAttemptResult, type SmsLogRow } from './log-repository.js';
import { smsRepository } from './repository.js';

/** Attempts per message, and the pause before each retry (after the 1st, 2nd, 3rd failure). */
export const SMS_RETRY = { maxAttempts: 4, backoffMs: [10_000, 60_000, 300_000] } as const;
/** Longest wait for one provider call. */
export const SMS_API_TIMEOUT_MS = 10_000;
/** The length of system_sms_log.template_content, which holds the text with its parameters filled in. */
const CONTENT_MAX = 1024;

const parseJson = <T>(json: string, fallback: T): T => {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
};

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * Sending SMS: `send` validates and queues a message (a send log row due now); `attempt` makes one
 * send attempt of a claimed row through its channel's client and records it on the row, scheduling
 * a retry with backoff while attempts remain.
 */
export const smsSender = (ctx: AppContext) => {
  const repo = smsRepository(ctx.db.kysely);
  const logs = smsLogRepository(ctx.db.kysely, ctx.db.dialect);

  // A workflow step asks for a template at every notice: each is read once, until one changes on any
  // instance.
  const templateByCode = cachedLookup(ctx.bus, 'sms-template', repo.findTemplateByCode);

  /**
   * Queues an SMS from the template `templateCode` to `mobile` and returns the send log's id. A
   * disabled template or channel is logged as 不发送 (30) and nothing is sent. Unknown template:
   * 1_002_013_002; its channel gone: 1_002_011_000; blank mobile: 1_002_013_000; a parameter of the
   * template without a value: 1_002_013_001; a text longer than its log column: 400.
   */
  const send = async (
    mobile: string | null | undefined,
    userId: number | null,
    userType: number | null,
    templateCode: string,
    params: Record<string, unknown> = {},
  ): Promise<number> => {
    const template = await templateByCode(templateCode);
    if (!template) throw fail(SmsError.SMS_SEND_TEMPLATE_NOT_EXISTS);
    const channel = await repo.findChannel(template.channelId);
    if (!channel) throw fail(SmsError.SMS_CHANNEL_NOT_EXISTS);
    const to = mobile?.trim();
    if (!to) throw fail(SmsError.SMS_SEND_MOBILE_NOT_EXISTS);
    for (const name of parseJson<string[]>(template.params, [])) {
      if (params[name] === undefined || params[name] === null)
        throw fail(SmsError.SMS_SEND_MOBILE_TEMPLATE_PARAM_MISS, name);
    }
    const content = renderTemplate(template.content, params);
    if (content.length > CONTENT_MAX) throw badRequest(`短信内容长度不能超过${CONTENT_MAX}个字符`);
    const willSend = template.status === STATUS_ENABLED && channel.status === STATUS_ENABLED;
    const now = ctx.now();
    return logs.insert(
      {
        channelId: channel.id,
        channelCode: channel.code,
        templateId: template.id,
        templateCode: template.code,
        templateType: template.type,
        templateContent: content,
        templateParams: JSON.stringify(params),
        apiTemplateId: template.apiTemplateId,
        mobile: to,
        userId,
        userType,
        sendStatus: willSend ? SMS_SEND_STATUS.INIT : SMS_SEND_STATUS.IGNORE,
        sendTime: null,
        sendCode: null,
        sendMsg: null,
        apiSendCode: null,
        apiSendMsg: null,
        apiRequestId: null,
        apiSerialNo: null,
        receiveStatus: SMS_RECEIVE_STATUS.INIT,
        receiveTime: null,
        apiReceiveCode: null,
        apiReceiveMsg: null,
        nextSendTime: willSend ? now : null,
      },
      now,
      userId === null ? null : String(userId),
    );
  };

  const failed = (failure: string, retryable: boolean): SmsSendResult & { failure: string } => ({
    success: false,
    apiCode: null,
    apiMsg: null,
    apiRequestId: null,
    apiSerialNo: null,
    retryable,
    failure,
  });

  /** The result of one attempt: the provider's answer, or why there was none. */
  const callProvider = async (row: SmsLogRow): Promise<SmsSendResult & { failure: string | null }> => {
    const channel = await repo.findChannel(row.channelId);
    if (!channel) return failed(SmsError.SMS_CHANNEL_NOT_EXISTS.msg, false);
    const client = smsClientFor(channel, { now: ctx.now, timeoutMs: SMS_API_TIMEOUT_MS });
    if (!client) return failed(`不支持的短信渠道（${channel.code}）`, false);
    // Values go in the template's order (some providers take them by position).
    const given = parseJson<Record<string, unknown>>(row.templateParams, {});
    const template = await repo.findTemplate(row.templateId);
    const names = template ? parseJson<string[]>(template.params, []) : Object.keys(given);
    const params = names.map((name): [string, string] => [name, text(given[name] ?? '')]);
    try {
      const result = await client.send({
        logId: row.id,
        mobile: row.mobile,
        apiTemplateId: row.apiTemplateId,
        params,
      });
      const reason = result.apiMsg ?? result.apiCode ?? '未知原因';
      return { ...result, failure: result.success ? null : `短信 API 发送失败：${reason}` };
    } catch (error) {
      // No answer (network, timeout): worth another try.
      return failed(`调用短信 API 失败：${error instanceof Error ? error.message : String(error)}`, true);
    }
  };

  /** Makes one send attempt of a row claimed by `owner` and records it; true when it was sent. */
  const attempt = async (row: SmsLogRow, owner: string): Promise<boolean> => {
    const result = await callProvider(row);
    const now = ctx.now();
    const attempts = row.attempts + 1;
    const retryIn = !result.success && result.retryable ? SMS_RETRY.backoffMs[attempts - 1] : undefined;
    const recorded: SmsAttemptResult = {
      sendStatus: result.success ? SMS_SEND_STATUS.SUCCESS : SMS_SEND_STATUS.FAILURE,
      sendTime: now,
      sendCode: result.success ? 0 : GlobalError.INTERNAL_SERVER_ERROR.code,
      sendMsg: result.success ? '成功' : (result.failure ?? '发送失败').slice(0, 255),
      apiSendCode: result.apiCode?.slice(0, 63) ?? null,
      apiSendMsg: result.apiMsg?.slice(0, 255) ?? null,
      apiRequestId: result.apiRequestId?.slice(0, 255) ?? null,
      apiSerialNo: result.apiSerialNo?.slice(0, 255) ?? null,
      attempts,
      nextSendTime: retryIn !== undefined && attempts < SMS_RETRY.maxAttempts ? now + retryIn : null,
    };
    await logs.recordAttempt(row.id, owner, recorded, now);
    return result.success;
  };

  return { send, attempt, claimDue: logs.claimDue, templateByCode };
};

export type SmsSender = ReturnType<typeof smsSender>;
