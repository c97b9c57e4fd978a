import type { Endpoint, EndpointData } from '@app/contract';
import { commonResult, GlobalError } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { LoginUser } from '../context.js';
import { fail } from '../lib/errors.js';

/** What a handler sees of its request: parsed input, the caller, and the request for the rare rest. */
export interface HandlerRequest<E extends Endpoint> {
  query: E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
  body: E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
  /** The signed-in caller; reading it on an anonymous request answers 401. */
  readonly user: LoginUser;
  /** The caller if any; for public endpoints. */
  maybeUser: LoginUser | null;
  /** The tenant the request acts in (header or token), if any. */
  tenantId: number | null;
  ip: string;
  userAgent: string;
  bearerToken: string | null;
  raw: FastifyRequest;
}

/**
 * A success envelope already validated against the endpoint's schema and encoded, e.g. for a cache.
 * Kept as UTF-8 bytes: encoding Chinese text on every send costs more than the rest of the request.
 */
export class RawJson {
  constructor(readonly body: Buffer) {}
}

/** Validates data against the endpoint's schema once and keeps the encoded envelope. */
export const toRawJson = <E extends Endpoint>(endpoint: E, data: EndpointData<E>): RawJson =>
  new RawJson(Buffer.from(`{"code":0,"msg":"","data":${JSON.stringify(endpoint.data.parse(data))}}`));

type HandlerResult<E extends Endpoint> = EndpointData<E> | RawJson;
export type Handler<E extends Endpoint> = (
  req: HandlerRequest<E>,
) => Promise<HandlerResult<E>> | HandlerResult<E>;
/**
 * Answers the request itself (event streams, file bytes, multipart uploads): it sends through
 * `reply` or hijacks it. Failures thrown before anything is sent still become error envelopes.
 */
export type RawHandler<E extends Endpoint> = (
  req: HandlerRequest<E>,
  reply: FastifyReply,
) => Promise<unknown>;

export interface RouteRegistrar {
  /** Registers an endpoint whose handler returns the envelope's `data`. */
  <E extends Endpoint>(endpoint: E, handler: Handler<E>): void;
  /** Registers an endpoint whose handler answers by itself (see `RawHandler`). */
  raw<E extends Endpoint>(endpoint: E, handler: RawHandler<E>): void;
}

/** Fastify's form of a contract path: `{name}` becomes `:name`. */
export const routeUrl = (prefix: string, path: string): string =>
  `${prefix}${path.replace(/\{(\w+)\}/g, ':$1')}`;

const handlerRequest = <E extends Endpoint>(request: FastifyRequest): HandlerRequest<E> => ({
  query: request.query as never,
  body: request.body as never,
  get user() {
    if (!request.loginUser) throw fail(GlobalError.UNAUTHORIZED);
    return request.loginUser;
  },
  maybeUser: request.loginUser,
  tenantId: request.tenantId,
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  bearerToken: request.bearerToken,
  raw: request,
});

/** Registers contract endpoints below `prefix`, wrapping each result in the success envelope. */
export const routeRegistrar = (app: FastifyInstance, prefix: string): RouteRegistrar => {
  const schemaOf = (endpoint: Endpoint) => ({
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
  });
  const register = <E extends Endpoint>(endpoint: E, handler: Handler<E>): void => {
    app.route({
      method: endpoint.method,
      url: routeUrl(prefix, endpoint.path),
      schema: { ...schemaOf(endpoint), response: { 200: commonResult(endpoint.data) } },
      config: { access: endpoint.access, tenant: endpoint.tenant },
      handler: async (request, reply) => {
        const data = await handler(handlerRequest<E>(request));
        if (data instanceof RawJson) {
          return reply.type('application/json; charset=utf-8').send(data.body);
        }
        return { code: 0, msg: '', data };
      },
    });
  };
  register.raw = <E extends Endpoint>(endpoint: E, handler: RawHandler<E>): void => {
    app.route({
      method: endpoint.method,
      url: routeUrl(prefix, endpoint.path),
      // No response schema: these answers are streams, bytes or envelopes sent as they are.
      schema: schemaOf(endpoint),
      config: { access: endpoint.access, tenant: endpoint.tenant },
      handler: (request, reply) => handler(handlerRequest<E>(request), reply),
    });
  };
  return register;
};
