import { AxiosHeaders } from 'axios';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { vi } from 'vitest';
import { http, resetRequestState } from '../shared/request/http';
import { setFeedbackApi } from '../shared/ui/feedback';
import type { FeedbackApi } from '../shared/ui/feedback';

/** One request as it would leave the browser. */
export interface StubCall {
  method: string;
  /** Full URL incl. base path and serialized query, e.g. '/admin-api/system/x?ids=1'. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
  config: InternalAxiosRequestConfig;
}

/** Returns the response body (usually an envelope) or throws an AxiosError. */
export type StubHandler = (call: StubCall) => unknown;

/**
 * Replaces the transport of the shared axios instance with `handler` (no network).
 * Returns the recorded calls; `restore()` puts the real adapter back.
 */
export function stubHttp(handler: StubHandler) {
  const original = http.defaults.adapter;
  const calls: StubCall[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const url = http.getUri(config);
    const parsed = new URL(url, 'http://localhost');
    const headers = Object.fromEntries(
      Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([k, v]) => [k, String(v)]),
    );
    const form = /x-www-form-urlencoded/.test(headers['Content-Type'] ?? headers['content-type'] ?? '');
    // JSON bodies as objects; form-encoded ones (the /sso consent) as a record of their fields.
    const body =
      typeof config.data !== 'string'
        ? config.data
        : form
          ? Object.fromEntries(new URLSearchParams(config.data))
          : JSON.parse(config.data);
    const call: StubCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers,
      body,
      config,
    };
    calls.push(call);
    const data = await handler(call);
    return { data, status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  http.defaults.adapter = adapter;
  resetRequestState();
  return {
    calls,
    restore: () => {
      http.defaults.adapter = original;
      resetRequestState();
    },
  };
}

export const ok = (data: unknown) => ({ code: 0, msg: '', data });
export const fail = (code: number, msg = '') => ({ code, msg, data: null });

/** Registers spy functions as antd's feedback API. */
export function mockFeedback() {
  const api = {
    message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    notification: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { confirm: vi.fn() },
  };
  setFeedbackApi(api as unknown as FeedbackApi);
  return api;
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
