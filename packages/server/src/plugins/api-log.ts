import { GlobalError } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_USER_TYPE, MEMBER_USER_TYPE } from '../context.js';
import { Batcher } from '../lib/batcher.js';
import type { ApiLogRepository, NewApiAccessLog, NewApiErrorLog } from '../modules/api-log/repository.js';
import { operateTypeOf } from './operate-log.js';

/** The reference's `spring.application.name` (yudao-server): the name every row carries. */
export const APPLICATION_NAME = 'admin-console-server';

/** What the API logs keep of a request between its arrival and its response. */
interface PendingApiLog {
  beginTime: number;
  /** The query and body as sent (validation replaces the request's with their parsed form). */
  input: { query: unknown; body: unknown } | null;
  /** The unexpected error the request failed with, if any (only a 500 answer is logged as one). */
  error: unknown;
  resultCode: number;
  resultMsg: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on /admin-api requests while the API logs follow them. */
    apiLog: PendingApiLog | null;
  }
  interface FastifyInstance {
    /** Writes every API log row queued so far (tests wait on it). */
    apiLogsSettled: () => Promise<void>;
  }
}

const PARAMS_MAX = 8000;
const STRING_MAX = 1000;
const STACK_MAX = 8000;
const DEPTH_MAX = 8;
/** Request fields whose values never reach the logs: passwords, tokens, secrets and one-time codes. */
const SECRET_KEY =
  /pass(word)?|pwd|token|secret|captcha|credential|^(code|smscode|mobilecode|socialcode|authcode|verifycode|verificationcode)$/i;
const MASK = '******';
/** The parameters of a request that sent neither a query nor a body, written alike every time. */
const NO_PARAMS = '{"query":{},"body":null}';

/** The tenant an anonymous request names in its header, else 0 (no tenant's log shows it). */
const tenantOfHeader = (value: string | string[] | undefined): number => {
  const id = Number(Array.isArray(value) ? value[0] : value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
};

const cap = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max)}…（已截断）` : text;

/** A copy of request input fit for the log: secrets masked, file bytes left out, long text cut. */
const maskParams = (value: unknown, depth = 0): unknown => {
  if (value instanceof Uint8Array) return '[文件内容，未记录]';
  if (typeof value === 'string') return cap(value, STRING_MAX);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= DEPTH_MAX) return '[层级过深，未记录]';
  if (Array.isArray(value)) return value.map((item) => maskParams(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) ? MASK : maskParams(item, depth + 1),
    ]),
  );
};

const isEmptyObject = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0);

const requestParams = ({ query, body }: { query: unknown; body: unknown }): string =>
  isEmptyObject(query) && (body === undefined || body === null)
    ? NO_PARAMS
    : cap(JSON.stringify(maskParams({ query: query ?? {}, body: body ?? null })), PARAMS_MAX);

/** Code and message of a JSON envelope; a success answer is told by its first bytes, without parsing. */
const readEnvelope = (log: PendingApiLog, payload: unknown): void => {
  const text =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8', 0, 12) : null;
  if (text === null || text.startsWith('{"code":0,')) return;
  const whole = Buffer.isBuffer(payload) ? payload.toString('utf8') : text;
  try {
    const parsed = JSON.parse(whole) as { code?: unknown; msg?: unknown };
    if (typeof parsed.code === 'number') log.resultCode = parsed.code;
    if (typeof parsed.msg === 'string') log.resultMsg = parsed.msg.slice(0, 512);
  } catch {
    // Not an envelope: the answer counts as a success.
  }
};

/** Where an error was thrown: the first frame of its stack that names a file. */
const topFrame = (stack: string) => {
  for (const line of stack.split('\n')) {
    const m = /^\s*at (?:(?:async )?(.+?) \()?(.+?):(\d+):\d+\)?$/.exec(line);
    if (!m) continue;
    const fn = m[1] ?? '';
    const dot = fn.lastIndexOf('.');
    return {
      className: dot > 0 ? fn.slice(0, dot) : '',
      methodName: dot > 0 ? fn.slice(dot + 1) : fn,
      fileName: (m[2] ?? '').replace(/^file:\/\//, ''),
      lineNumber: Number(m[3]),
    };
  }
  return { className: '', methodName: '', fileName: '', lineNumber: 0 };
};

/** The error's fields the error log keeps: name, message, the innermost cause's message, stack. */
const describeError = (error: unknown) => {
  const err = error instanceof Error ? error : new Error(String(error));
  let root: unknown = err;
  for (let depth = 0; depth < 10 && root instanceof Error && root.cause !== undefined; depth++)
    root = root.cause;
  const stack = err.stack ?? '';
  const frame = topFrame(stack);
  return {
    exceptionName: (err.name || err.constructor.name).slice(0, 128),
    exceptionMessage: cap(err.message, STRING_MAX * 4),
    exceptionRootCauseMessage: cap(root instanceof Error ? root.message : String(root), STRING_MAX * 4),
    exceptionStackTrace: cap(stack, STACK_MAX),
    exceptionClassName: frame.className.slice(0, 512),
    exceptionFileName: frame.fileName.slice(0, 512),
    exceptionMethodName: frame.methodName.slice(0, 512),
    exceptionLineNumber: frame.lineNumber,
  };
};

/**
 * The API logs: every /admin-api and /app-api request in the access log (who, what, the masked request, the
 * envelope's result, the endpoint's module, name and operate type, timing), and every request that
 * answered 500 in the error log with its exception. Rows are queued when the response is sent and
 * written in batches, so a request waits for no log write; a failed write is logged and lost. The
 * client's envelope never carries the error's details (plugins/envelope.ts answers 系统异常).
 */
export const registerApiLog = (
  app: FastifyInstance,
  deps: {
    apiPrefix: string;
    /** The member API's prefix: its requests are logged too, as the reference's filter does. */
    appApiPrefix: string;
    repo: ApiLogRepository;
    now: () => number;
    accessLog: boolean;
  },
): void => {
  const logWriteError = (what: string) => (error: unknown, rows: number) =>
    app.log.error({ err: error, rows }, `写入${what}失败`);
  const accessRows = new Batcher<NewApiAccessLog>(
    (rows) => deps.repo.insertAccessLogs(rows),
    logWriteError('API 访问日志'),
  );
  const errorRows = new Batcher<NewApiErrorLog>(
    (rows) => deps.repo.insertErrorLogs(rows),
    logWriteError('API 错误日志'),
  );
  /** Module, name and operate type of each route, from its endpoint's tag and summary. */
  const operations = new WeakMap<
    object,
    { operateModule: string; operateName: string; operateType: number }
  >();
  const operationOf = (request: FastifyRequest) => {
    const { url, schema, config } = request.routeOptions;
    if (!url) return { operateModule: '', operateName: '', operateType: 0 };
    // Every route has one method and a config object of its own (Fastify's HEAD routes too), which
    // keys it without building a string per request.
    let found = operations.get(config);
    if (!found) {
      found = {
        operateModule: (schema?.tags?.[0] ?? '').slice(0, 50),
        // Summaries end with usage notes in full-width parentheses; the action is what precedes them.
        operateName: (schema?.summary ?? '').replace(/（[^（]*）$/, '').slice(0, 200),
        operateType: operateTypeOf(request.method, url),
      };
      operations.set(config, found);
    }
    return found;
  };

  /**
   * The access-log row of a request, built as one literal: it runs for every request, and copying a
   * partial row into a fuller one (a spread) costs more than the rest of the hook.
   */
  const accessRow = (request: FastifyRequest, log: PendingApiLog, endTime: number, duration: number) => {
    const user = request.loginUser;
    const url = request.url;
    const query = url.indexOf('?');
    const operation = operationOf(request);
    return {
      tenantId: request.tenantId ?? user?.tenantId ?? tenantOfHeader(request.headers['tenant-id']),
      traceId: request.id,
      userId: user?.id ?? 0,
      // The reference's user type of the request's API, signed in or not.
      userType: user?.userType ?? (url.startsWith(deps.appApiPrefix) ? MEMBER_USER_TYPE : ADMIN_USER_TYPE),
      applicationName: APPLICATION_NAME,
      requestMethod: request.method,
      requestUrl: (query < 0 ? url : url.slice(0, query)).slice(0, 255),
      requestParams: requestParams(log.input ?? request),
      userIp: request.ip.slice(0, 50),
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
      creator: user ? String(user.id) : null,
      createTime: endTime,
      responseBody: null,
      operateModule: operation.operateModule,
      operateName: operation.operateName,
      operateType: operation.operateType,
      beginTime: log.beginTime,
      endTime,
      duration,
      resultCode: log.resultCode,
      resultMsg: log.resultMsg,
    } satisfies NewApiAccessLog;
  };

  /** The error-log row of a request that failed unexpectedly: the request part of its access-log row. */
  const errorRow = (access: ReturnType<typeof accessRow>, error: unknown): NewApiErrorLog => ({
    tenantId: access.tenantId,
    traceId: access.traceId,
    userId: access.userId,
    userType: access.userType,
    applicationName: access.applicationName,
    requestMethod: access.requestMethod,
    requestUrl: access.requestUrl,
    requestParams: access.requestParams,
    userIp: access.userIp,
    userAgent: access.userAgent,
    creator: access.creator,
    createTime: access.createTime,
    exceptionTime: access.endTime,
    ...describeError(error),
    processStatus: 0,
    processTime: null,
    processUserId: null,
  });

  app.decorateRequest('apiLog', null);
  app.decorate('apiLogsSettled', async () => {
    await Promise.all([accessRows.flush(), errorRows.flush()]);
  });

  // Callback hooks: every request passes them, and a promise per hook costs more than their work.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.startsWith(deps.apiPrefix) || request.url.startsWith(deps.appApiPrefix))
      request.apiLog = { beginTime: deps.now(), input: null, error: null, resultCode: 0, resultMsg: '' };
    done();
  });

  // After the security checks (which may refuse the request first), before validation.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.apiLog) request.apiLog.input = { query: request.query, body: request.body };
    done();
  });

  app.addHook('onError', (request, _reply, error, done) => {
    if (request.apiLog) request.apiLog.error = error;
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const log = request.apiLog;
    // A compressed answer is a cached success (routes.ts `answer`).
    if (
      log &&
      (deps.accessLog || log.error) &&
      !reply.hasHeader('content-encoding') &&
      String(reply.getHeader('content-type')).startsWith('application/json')
    )
      readEnvelope(log, payload);
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    done();
    const log = request.apiLog;
    if (!log) return;
    const endTime = deps.now();
    const failed = log.error !== null && log.resultCode === GlobalError.INTERNAL_SERVER_ERROR.code;
    if (!deps.accessLog && !failed) return;
    const row = accessRow(request, log, endTime, Math.round(reply.elapsedTime));
    if (deps.accessLog) accessRows.push(row);
    if (failed) errorRows.push(errorRow(row, log.error));
  });

  // Queued rows must land before the database closes.
  app.addHook('preClose', async () => {
    await Promise.all([accessRows.flush(), errorRows.flush()]);
  });
};
