import type { z } from 'zod';
import type { PermissionCode } from './permissions.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. `public` needs no token; `user` needs a valid token;
 * `permission` needs a token whose user holds any of the codes (super_admin holds all);
 * `scope` needs a token granted that OAuth2 scope (the only endpoints third-party clients' tokens reach);
 * `member` needs a member's token (the member API's only kind besides `public`).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'permission'; anyOf: readonly PermissionCode[] }
  | { kind: 'scope'; scope: string }
  | { kind: 'member' };

/**
 * The API an endpoint belongs to. `admin` (the console's, below `/admin-api`) takes staff tokens only;
 * `app` (the members', below `/app-api`, for a storefront) takes member tokens only: a token of the
 * other kind counts as none, as the reference's filter matches the token's user type to the prefix.
 */
export type ApiName = 'admin' | 'app';

/** Each API's prefix below the server's base path. */
export const API_PREFIX: Readonly<Record<ApiName, string>> = { admin: '/admin-api', app: '/app-api' };

export const apiOf = (endpoint: { api?: 'app' }): ApiName => endpoint.api ?? 'admin';

/**
 * What a successful call answers: the JSON envelope (default), a server-sent event stream whose
 * events carry `data` as JSON, or raw file bytes (`data` then describes nothing).
 */
export type ResponseKind = 'envelope' | 'event-stream' | 'binary';

export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** `app`: an endpoint of the member API, below `/app-api`; unset: of the admin API (see ApiName). */
  api?: 'app';
  /**
   * Path below its API's prefix (`/admin-api` or `/app-api`), e.g. `/system/auth/login`; `{name}`
   * marks a path parameter.
   */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** `ignore`: callable without a tenant (the reference's tenant ignore-URL list). */
  tenant?: 'ignore';
  /** Path parameters (`{name}` in the path), as strings. */
  params?: z.ZodType;
  query?: Q;
  body?: B;
  /** Schema of the envelope's `data` (for an event stream: of each event's data). */
  data: D;
  /** Default 'envelope'. */
  response?: ResponseKind;
  /** A multipart/form-data request carrying these file fields (the body schema then stays unset). */
  files?: readonly string[];
}

export const defineEndpoint = <Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  endpoint: Endpoint<Q, B, D>,
): Endpoint<Q, B, D> => endpoint;

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'user' };
/** A signed-in member (endpoints of the member API only). */
export const MEMBER: Access = { kind: 'member' };
export const permission = (...anyOf: PermissionCode[]): Access => ({ kind: 'permission', anyOf });
/**
 * The permission of a module made by 代码生成 (`infra:demo01-contact:query`): its menus come with its own
 * migration rather than the seed facts, so the code is not among PermissionCode.
 */
export const generatedPermission = (code: `${string}:${string}:${string}`): Access => ({
  kind: 'permission',
  anyOf: [code as PermissionCode],
});
export const oauth2Scope = (scope: string): Access => ({ kind: 'scope', scope });

export type EndpointQuery<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type EndpointBody<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type EndpointData<E> = E extends Endpoint<z.ZodType, z.ZodType, infer D> ? z.output<D> : never;
