import type { CommonResult, Endpoint, EndpointBody, EndpointData, EndpointQuery } from '@app/contract';
import type { AxiosRequestConfig, ResponseType } from 'axios';
import { http, IS_TOKEN_HEADER } from './http';

export interface RequestOptions<E extends Endpoint> {
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** Values for `{name}` placeholders in the endpoint path. */
  pathParams?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** false: send without the bearer token (login, refresh). */
  isToken?: boolean;
  /** false: do not show failures; the caller shows them. */
  showError?: boolean;
  /** false: do not offer the re-login dialog when the session has expired. */
  reloginDialog?: boolean;
  responseType?: ResponseType;
  signal?: AbortSignal;
}

const fillPath = (path: string, params: Record<string, string | number> | undefined): string =>
  params
    ? path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')))
    : path;

/**
 * Calls an endpoint of the contract and resolves with the envelope's `data`
 * (or the Blob itself for a binary download). Rejects with an `ApiError`.
 */
export async function request<E extends Endpoint>(
  endpoint: E,
  options: RequestOptions<E> = {},
): Promise<EndpointData<E>> {
  const headers: Record<string, string | boolean> = { ...options.headers };
  if (options.isToken === false) headers[IS_TOKEN_HEADER] = false;
  const config: AxiosRequestConfig = {
    method: endpoint.method,
    url: fillPath(endpoint.path, options.pathParams),
    params: options.query,
    data: options.body,
    headers,
    showError: options.showError,
    reloginDialog: options.reloginDialog,
    responseType: options.responseType,
    signal: options.signal,
  };
  const result = await http.request<unknown, CommonResult<EndpointData<E>> | Blob>(config);
  if (result instanceof Blob) return result as EndpointData<E>;
  return result.data;
}
