import * as contract from '@app/contract';
import { apiOf, ENDPOINTS, OPERATE_TYPE, type Endpoint } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { ADMIN_USER_TYPE } from '../context.js';
import { Batcher } from '../lib/batcher.js';
import type { OperateLogEntry, OperateLogService } from '../modules/operate-log/service.js';
import { routeUrl } from './routes.js';

/** What the operate log keeps of a request between its validation and its response. */
interface PendingOperateLog {
  startTime: number;
  module: string;
  name: string;
  type: number;
  javaMethod: string;
  javaMethodArgs: string;
  result: { code: number; msg: string; data: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on requests the operate log records. */
    operateLog: PendingOperateLog | null;
  }
  interface FastifyInstance {
    /** Resolves once every operate-log row started so far is written (tests wait on it). */
    operateLogsSettled: () => Promise<void>;
  }
}

const ARGS_MAX = 8000;
const RESULT_MAX = 4000;
const STRING_MAX = 1000;
const DEPTH_MAX = 8;
/** Request fields whose values never reach the log. */
const SECRET_KEY = /pass(word)?|pwd|token|secret|captcha|credential/i;
const MASK = '******';

const cap = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max)}…（已截断）` : text;

/** A copy of request input fit for the log: secrets masked, file bytes left out, long text cut. */
const sanitize = (value: unknown, depth = 0): unknown => {
  if (value instanceof Uint8Array) return '[文件内容，未记录]';
  if (typeof value === 'string') return cap(value, STRING_MAX);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= DEPTH_MAX) return '[层级过深，未记录]';
  if (Array.isArray(value)) return value.map((item) => sanitize(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) ? MASK : sanitize(item, depth + 1),
    ]),
  );
};

/** The reference's operate type, from the route's last path segment and then its method. */
export const operateTypeOf = (method: string, url: string): number => {
  const action = url.slice(url.lastIndexOf('/') + 1);
  if (action.includes('import')) return OPERATE_TYPE.IMPORT;
  if (action.includes('export')) return OPERATE_TYPE.EXPORT;
  if (method === 'DELETE' || action.startsWith('delete')) return OPERATE_TYPE.DELETE;
  if (method === 'PUT' || action.startsWith('update')) return OPERATE_TYPE.UPDATE;
  if (method === 'POST') return OPERATE_TYPE.CREATE;
  return OPERATE_TYPE.OTHER;
};

/** Writes and exports are recorded; reads are not, nor sign-in and sign-out (the login log has those). */
const isRecorded = (method: string, url: string, authPrefix: string): boolean =>
  !url.startsWith(authPrefix) &&
  (method === 'POST' ||
    method === 'PUT' ||
    method === 'DELETE' ||
    (method === 'GET' && operateTypeOf(method, url) === OPERATE_TYPE.EXPORT));

/**
 * The contract's name of each admin endpoint (e.g. `postCreate`), keyed by method and route URL (the
 * log records staff users only, so the member API's endpoints are not among them).
 */
const endpointNames = (apiPrefix: string): Map<string, string> => {
  const declared = new Set<unknown>(ENDPOINTS);
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(contract)) {
    if (!declared.has(value) || apiOf(value as Endpoint) !== 'admin') continue;
    const endpoint = value as Endpoint;
    names.set(`${endpoint.method} ${routeUrl(apiPrefix, endpoint.path)}`, name);
  }
  return names;
};

/** The envelope's code, message and data (as capped JSON) from a JSON reply body. */
const readEnvelope = (body: string): PendingOperateLog['result'] => {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; msg?: unknown; data?: unknown };
    return {
      code: typeof parsed.code === 'number' ? parsed.code : 0,
      msg: typeof parsed.msg === 'string' ? parsed.msg : '',
      data:
        parsed.data === undefined || parsed.data === null ? '' : cap(JSON.stringify(parsed.data), RESULT_MAX),
    };
  } catch {
    return { code: 0, msg: '', data: cap(body, RESULT_MAX) };
  }
};

/**
 * Records every write through the API (and every export) of a signed-in admin user in the operate
 * log: module and name from the endpoint's tag and summary, the masked request, the envelope's
 * result and the duration. The row is written after the response is sent; a failure to write is
 * logged and never reaches the request. Register before the security checks, so that a refused
 * request (403, 400) is recorded with the input it was sent.
 */
export const registerOperateLog = (
  app: FastifyInstance,
  deps: { apiPrefix: string; logs: OperateLogService; now: () => number },
): void => {
  const names = endpointNames(deps.apiPrefix);
  const authPrefix = `${deps.apiPrefix}/system/auth/`;
  const rows = new Batcher<OperateLogEntry>(
    (batch) => deps.logs.recordAll(batch),
    (error, count) => app.log.error({ err: error, rows: count }, '记录操作日志失败'),
  );

  app.decorateRequest('operateLog', null);
  app.decorate('operateLogsSettled', () => rows.flush());

  // Callback hooks: every request passes them, and their work is synchronous (see api-log.ts).
  app.addHook('preValidation', (request, _reply, done) => {
    const { config, schema, url, method } = request.routeOptions;
    if (!config.access || !url || !isRecorded(request.method, url, authPrefix)) return done();
    const summary = schema?.summary ?? '';
    request.operateLog = {
      startTime: deps.now(),
      module: (schema?.tags?.[0] ?? '').slice(0, 50),
      // Summaries end with usage notes in full-width parentheses; the action is what precedes them.
      name: summary.replace(/（[^（]*）$/, '').slice(0, 200),
      type: operateTypeOf(request.method, url),
      javaMethod: names.get(`${String(method)} ${url}`) ?? summary.slice(0, 512),
      javaMethodArgs: cap(
        JSON.stringify(sanitize({ query: request.query ?? {}, body: request.body ?? null })),
        ARGS_MAX,
      ),
      // A reply without a JSON envelope (a file download) succeeded.
      result: { code: 0, msg: '', data: '' },
    };
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const log = request.operateLog;
    if (log && String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      if (typeof payload === 'string') log.result = readEnvelope(payload);
      else if (Buffer.isBuffer(payload)) log.result = readEnvelope(payload.toString('utf8'));
    }
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    done();
    const log = request.operateLog;
    const user = request.loginUser;
    // The reference logs admin users only; anonymous requests never passed the security checks.
    if (!log || !user || user.userType !== ADMIN_USER_TYPE) return;
    rows.push({
      tenantId: user.tenantId,
      at: deps.now(),
      entry: {
        traceId: request.id,
        userId: user.id,
        userType: user.userType,
        module: log.module,
        name: log.name,
        type: log.type,
        content: '',
        exts: null,
        requestMethod: request.method,
        requestUrl: cap(request.url.split('?')[0] ?? '', 500),
        userIp: request.ip.slice(0, 50),
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
        javaMethod: log.javaMethod,
        javaMethodArgs: log.javaMethodArgs,
        startTime: log.startTime,
        duration: Math.round(reply.elapsedTime),
        resultCode: log.result.code,
        resultMsg: log.result.msg.slice(0, 512),
        resultData: log.result.data,
      },
    });
  });

  // Rows still queued must land before the database closes.
  app.addHook('preClose', () => rows.flush());
};
