import { GlobalError } from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ServiceError } from '../lib/errors.js';
import { setSecurityHeaders } from './security-headers.js';

interface ErrorEnvelope {
  code: number;
  msg: string;
  data: null;
}

/** Errors travel as HTTP 200 with the yudao code, pre-serialised so no response schema applies. */
export const sendEnvelope = (reply: FastifyReply, code: number, msg: string): FastifyReply => {
  const body: ErrorEnvelope = { code, msg, data: null };
  return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(body));
};

const ZOD_GENERIC_MESSAGE = /^(无效|数值过|出现未知)|中的键|中包含无效/;

const badRequest = (detail: string) => `${GlobalError.BAD_REQUEST.msg}:${detail}`;

/**
 * PostgreSQL refusing a value the contract let through, which SQLite would have stored: a number
 * beyond its column's type, a text longer than its column. The request was wrong, not the server;
 * the contract should have said so, hence the warning.
 */
const DATABASE_REFUSALS: ReadonlyMap<unknown, string> = new Map([
  ['22003', '数值超出范围'],
  ['22001', '文本长度超出范围'],
]);

/** Fastify's own client errors (body parsing, content type, size) in plain Chinese. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是合法的 JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度不正确',
};

/** Errors the router raises before any route, hook or error handler runs. */
const ROUTER_ERRORS: Record<string, string> = {
  FST_ERR_BAD_URL: '请求路径不是合法的 URL 编码',
  FST_ERR_MAX_PARAM_LENGTH: '路径参数过长',
};

/**
 * Fastify's `frameworkErrors` option: without it the router answers a malformed path (`%FF`) or an
 * over-long path parameter in its own JSON, with HTTP 400 or 414 and no envelope.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  setSecurityHeaders(request, reply);
  const known = ROUTER_ERRORS[error.code];
  if (known) sendEnvelope(reply, GlobalError.BAD_REQUEST.code, badRequest(known));
  else sendEnvelope(reply, GlobalError.INTERNAL_SERVER_ERROR.code, GlobalError.INTERNAL_SERVER_ERROR.msg);
};

export const registerEnvelope = (app: FastifyInstance): void => {
  // `Content-Type: application/json` with no body (curl, Java clients, gateways) is a request without
  // a body, as the reference reads it: endpoints that take none answer, the others say it is missing.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    (body as string).trim() === '' ? done(null, undefined) : json(request, body as string, done),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ServiceError) return sendEnvelope(reply, error.code, error.message);
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'body' && request.body === undefined)
        return sendEnvelope(reply, GlobalError.BAD_REQUEST.code, badRequest('请求体不能为空'));
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const message = issue?.message ?? '参数格式不正确';
      // Contract messages name their field already; zod's generic ones do not, so name it for them.
      const detail = field && ZOD_GENERIC_MESSAGE.test(message) ? `${field} ${message}` : message;
      return sendEnvelope(reply, GlobalError.BAD_REQUEST.code, badRequest(detail));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendEnvelope(reply, GlobalError.BAD_REQUEST.code, badRequest(known));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendEnvelope(reply, GlobalError.BAD_REQUEST.code, badRequest('请求格式不正确'));
    }
    const refused = DATABASE_REFUSALS.get(error.code);
    if (refused) {
      request.log.warn({ err: error }, 'the database refused a value the contract accepted');
      return sendEnvelope(reply, GlobalError.BAD_REQUEST.code, badRequest(refused));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(reply, GlobalError.INTERNAL_SERVER_ERROR.code, GlobalError.INTERNAL_SERVER_ERROR.msg);
  });
};
