import { createHash } from 'node:crypto';
import type { ApiName, Endpoint, EndpointData } from '@app/contract';
import { API_PREFIX, apiOf, commonResult, GlobalError } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { LoginUser } from '../context.js';
import { thenCached } from '../lib/cache.js';
import { acceptedEncoding, compress, type Encoding } from '../lib/encoding.js';
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
  /** The request's id, which its log rows carry as their trace id (lib/trace-id.ts). */
  traceId: string;
  bearerToken: string | null;
  raw: FastifyRequest;
}

/**
 * A success envelope already validated against the endpoint's schema and encoded, e.g. for a cache.
 * Kept as UTF-8 bytes: encoding Chinese text on every send costs more than the rest of the request.
 * Its compressed forms are made once, when a client first takes them.
 */
export class RawJson {
  /** Names this exact answer, so a client that holds it is answered 304 without the body. */
  readonly etag: string;
  readonly #encoded: Partial<Record<Encoding, { body: Buffer; etag: string }>> = {};
  constructor(readonly body: Buffer) {
    this.etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  }

  /** The body compressed for `encoding`, with a tag of its own (another representation). */
  encoded(encoding: Encoding): { body: Buffer; etag: string } {
    return (this.#encoded[encoding] ??= {
      body: compress(this.body, encoding),
      etag: `${this.etag.slice(0, -1)}-${encoding}"`,
    });
  }
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
  /**
   * Registers an endpoint whose handler answers by itself (see `RawHandler`). An upload endpoint (one
   * with `files`) waits for `uploadsIn`.
   */
  raw<E extends Endpoint>(endpoint: E, handler: RawHandler<E>): void;
  /** Registers the upload endpoints held back so far in `scope`, the one that reads multipart bodies. */
  uploadsIn(scope: FastifyInstance): void;
}

/** Where each API is served: its prefix below the base path (`/admin-api`, `/console/app-api`). */
export type ApiPrefixes = Readonly<Record<ApiName, string>>;

/** The APIs' prefixes below `basePath` (which ends with '/'). */
export const apiPrefixesOf = (basePath: string): ApiPrefixes => ({
  admin: `${basePath}${API_PREFIX.admin.slice(1)}`,
  app: `${basePath}${API_PREFIX.app.slice(1)}`,
});

/**
 * The prefix an endpoint is served below. A registrar made with one prefix serves the admin API
 * only. The member API takes no staff permissions and the admin API no member tokens (security.ts
 * matches the token's user type to the API), so an endpoint asking otherwise is a mistake.
 */
const prefixFor = (prefixes: string | ApiPrefixes, endpoint: Endpoint): string => {
  const api = apiOf(endpoint);
  const { kind } = endpoint.access;
  if (api === 'app' ? kind !== 'public' && kind !== 'member' : kind === 'member')
    throw new Error(`${api} API endpoint ${endpoint.method} ${endpoint.path} cannot have access '${kind}'`);
  if (typeof prefixes !== 'string') return prefixes[api];
  if (api !== 'admin') throw new Error(`${endpoint.method} ${endpoint.path} needs the member API's prefix`);
  return prefixes;
};

/** Fastify's form of a contract path: `{name}` becomes `:name`. */
export const routeUrl = (prefix: string, path: string): string =>
  `${prefix}${path.replace(/\{(\w+)\}/g, ':$1')}`;

/** A handler's view of its request, read from the request when asked for (most read two fields). */
class ApiRequest<E extends Endpoint> implements HandlerRequest<E> {
  constructor(readonly raw: FastifyRequest) {}
  get query() {
    return this.raw.query as HandlerRequest<E>['query'];
  }
  get body() {
    return this.raw.body as HandlerRequest<E>['body'];
  }
  get user() {
    if (!this.raw.loginUser) throw fail(GlobalError.UNAUTHORIZED);
    return this.raw.loginUser;
  }
  get maybeUser() {
    return this.raw.loginUser;
  }
  get tenantId() {
    return this.raw.tenantId;
  }
  get ip() {
    return this.raw.ip;
  }
  get userAgent() {
    return this.raw.headers['user-agent'] ?? '';
  }
  get traceId() {
    return this.raw.id;
  }
  get bearerToken() {
    return this.raw.bearerToken;
  }
}

/**
 * Sends a handler's result: its `data` in the success envelope, or a cached answer as it is,
 * compressed when the client takes it. Cached answers (menus and permissions, dictionaries, areas)
 * load on every page: the browser keeps them and asks whether they changed (no-cache), private as
 * they may be the caller's own.
 */
const answer = (request: FastifyRequest, reply: FastifyReply, data: unknown) => {
  if (!(data instanceof RawJson)) return { code: 0, msg: '', data };
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const { body, etag } = encoding ? data.encoded(encoding) : data;
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === etag) reply.code(304).send();
  else {
    if (encoding) reply.header('content-encoding', encoding);
    reply.type('application/json; charset=utf-8').send(body);
  }
  return undefined;
};

/**
 * Registers contract endpoints below their API's prefix (`prefix`: the admin API's only), wrapping
 * each result in the success envelope.
 */
export const routeRegistrar = (app: FastifyInstance, prefix: string | ApiPrefixes): RouteRegistrar => {
  const config = (endpoint: Endpoint) => ({
    access: endpoint.access,
    tenant: endpoint.tenant,
    api: apiOf(endpoint),
  });
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
      url: routeUrl(prefixFor(prefix, endpoint), endpoint.path),
      schema: { ...schemaOf(endpoint), response: { 200: commonResult(endpoint.data) } },
      config: config(endpoint),
      // A handler that answers from a cache answers at once, without a promise.
      handler: (request, reply) =>
        thenCached(handler(new ApiRequest<E>(request)), (data) =>
          answer(request, reply as FastifyReply, data),
        ),
    });
  };
  const uploads: ((scope: FastifyInstance) => void)[] = [];
  register.raw = <E extends Endpoint>(endpoint: E, handler: RawHandler<E>): void => {
    const add = (instance: FastifyInstance) =>
      instance.route({
        method: endpoint.method,
        url: routeUrl(prefixFor(prefix, endpoint), endpoint.path),
        // No response schema: these answers are streams, bytes or envelopes sent as they are.
        schema: schemaOf(endpoint),
        config: config(endpoint),
        handler: (request, reply) => handler(new ApiRequest<E>(request), reply),
      });
    if (endpoint.files) uploads.push(add);
    else add(app);
  };
  register.uploadsIn = (scope: FastifyInstance) => {
    for (const add of uploads.splice(0)) add(scope);
  };
  return register;
};
