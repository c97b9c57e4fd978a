import { authRefreshToken, SILENT_ERROR_MESSAGES } from '@app/contract';
import type { CommonResult, LoginResp } from '@app/contract';
import axios, { AxiosHeaders } from 'axios';
import type { AxiosError, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { createElement } from 'react';
import { getAccessToken, getRefreshToken, getTenantId, removeToken, setToken } from '../auth/storage';
import { BASE_URL, DEFAULT_TENANT_ID, REQUEST_TIMEOUT, TENANT_ENABLE } from '../config';
import { reloadToIndex } from '../navigation/reload';
import { withFeedback } from '../ui/feedback';
import { DemoModeMessage } from './demo-mode-message';
import {
  ApiError,
  defaultMessageFor,
  isApiError,
  NETWORK_ERROR_CODE,
  SESSION_EXPIRED_MESSAGE,
  translateNetworkError,
} from './errors';
import { serializeParams } from './serialize-params';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Show failures to the user (toast / notification). Default true; the caller shows them when false. */
    showError?: boolean;
    /** Offer the re-login dialog when the session cannot be renewed. Default true. */
    reloginDialog?: boolean;
    /** Internal: the access token the request was sent with. */
    sentToken?: string | null;
    /** Internal: the request is a replay after a token refresh. */
    replayed?: boolean;
  }
}

/** Header flag a request sets to go out without the bearer token; removed before sending. */
export const IS_TOKEN_HEADER = 'isToken';

/** Chinese accessible name for the close button of error notifications. */
const CLOSE_LABEL = { 'aria-label': '关闭通知' };

/** Success codes of the envelope: the server's 0, and the reference client's default 200. */
const isSuccessCode = (code: number): boolean => code === 0 || code === 200;

/** The axios instance behind every admin API call. */
export const http = axios.create({
  baseURL: `${BASE_URL}admin-api/`,
  timeout: REQUEST_TIMEOUT,
  headers: { 'Content-Type': 'application/json;charset=utf-8' },
  paramsSerializer: { serialize: serializeParams },
});

// ---------------------------------------------------------------------------------------------
// Session renewal: one refresh in flight at a time, one re-login dialog at a time.

let refreshing: Promise<void> | null = null;
let reloginDialogOpen = false;

/** Renews the access token with the stored refresh token; concurrent callers share one call. */
export const refreshAccessToken = (): Promise<void> => {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) throw new ApiError(SESSION_EXPIRED_MESSAGE, { code: 401, sessionExpired: true });
    const envelope = await http.request<unknown, CommonResult<LoginResp>>({
      method: authRefreshToken.method,
      url: authRefreshToken.path,
      params: { refreshToken },
      headers: { [IS_TOKEN_HEADER]: false },
    });
    setToken(envelope.data);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

/** Asks once whether to sign in again; further expiries while it is open are not asked again. */
export const showReloginDialog = (): void => {
  if (reloginDialogOpen) return;
  reloginDialogOpen = true;
  const shown = withFeedback(({ modal }) => {
    modal.confirm({
      title: '系统提示',
      content: '登录状态已过期，您可以继续留在该页面，或者重新登录',
      okText: '重新登录',
      cancelText: '取消',
      onOk: () => {
        removeToken();
        reloadToIndex();
      },
      afterClose: () => {
        reloginDialogOpen = false;
      },
    });
  });
  // The dialog could not be shown (antd failed to load): the next expiry may ask again.
  void shown.then((ok) => {
    if (!ok) reloginDialogOpen = false;
  });
};

/** Forgets in-flight refresh and dialog state (tests). */
export const resetRequestState = (): void => {
  refreshing = null;
  reloginDialogOpen = false;
};

const sessionExpired = (config: InternalAxiosRequestConfig): Promise<never> => {
  if (config.reloginDialog !== false) showReloginDialog();
  return Promise.reject(new ApiError(SESSION_EXPIRED_MESSAGE, { code: 401, sessionExpired: true }));
};

const replay = (config: InternalAxiosRequestConfig): Promise<unknown> => {
  config.replayed = true;
  return http.request(config);
};

const handleUnauthorized = async (config: InternalAxiosRequestConfig): Promise<unknown> => {
  const current = getAccessToken();
  // Sent with a token that has been renewed since: simply replay with the new one.
  if (!config.replayed && current && config.sentToken && config.sentToken !== current) return replay(config);
  // A replay rejected again: the new token does not help either.
  if (config.replayed) return sessionExpired(config);
  try {
    await refreshAccessToken();
  } catch {
    return sessionExpired(config);
  }
  return replay(config);
};

// ---------------------------------------------------------------------------------------------
// Interceptors.

http.interceptors.request.use(async (config) => {
  const headers = AxiosHeaders.from(config.headers);
  const flag = headers.get(IS_TOKEN_HEADER);
  const withToken = !(flag === false || flag === 'false');
  headers.delete(IS_TOKEN_HEADER);
  config.headers = headers;

  if (withToken) {
    // While a refresh is in flight, new requests wait for the renewed token.
    if (refreshing) {
      try {
        await refreshing;
      } catch {
        return sessionExpired(config);
      }
    }
    const token = getAccessToken();
    config.sentToken = token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else headers.delete('Authorization');
  }
  if (TENANT_ENABLE) headers.set('tenant-id', getTenantId() ?? String(DEFAULT_TENANT_ID));
  return config;
});

const parseBlobEnvelope = async (blob: Blob): Promise<unknown> => JSON.parse(await blob.text());

/** Unwraps the envelope: resolves with `{code, msg, data}` (or a file Blob), rejects with an ApiError. */
const onResponse = async (response: AxiosResponse): Promise<unknown> => {
  const { config } = response;
  const showError = config.showError !== false;
  let body: unknown = response.data;

  // Binary downloads: files go back as they are; a JSON body is an envelope (usually an error).
  if (config.responseType === 'blob' || config.responseType === 'arraybuffer') {
    if (!(body instanceof Blob) || !body.type.startsWith('application/json')) return body;
    body = await parseBlobEnvelope(body);
  }

  if (typeof body !== 'object' || body === null) {
    const message = defaultMessageFor(NETWORK_ERROR_CODE);
    if (showError)
      void withFeedback(({ notification }) => notification.error({ title: message, closable: CLOSE_LABEL }));
    throw new ApiError(message, { code: NETWORK_ERROR_CODE, shown: showError });
  }

  const envelope = body as Partial<CommonResult<unknown>>;
  const code = typeof envelope.code === 'number' ? envelope.code : Number(envelope.code ?? 200);
  if (isSuccessCode(code)) return envelope;

  const msg = envelope.msg || defaultMessageFor(code);
  if (SILENT_ERROR_MESSAGES.includes(msg)) throw new ApiError(msg, { code, silent: true });

  if (code === 401) return handleUnauthorized(config);

  if (code === 500) {
    if (showError) void withFeedback(({ message }) => void message.error(msg));
  } else if (code === 501) {
    if (showError) void withFeedback(({ message }) => void message.error({ content: msg, duration: 0 }));
  } else if (code === 901) {
    if (showError) {
      void withFeedback(
        ({ message }) => void message.error({ content: createElement(DemoModeMessage), duration: 0 }),
      );
    }
  } else if (showError) {
    void withFeedback(({ notification }) => notification.error({ title: msg, closable: CLOSE_LABEL }));
  }
  throw new ApiError(msg, { code, shown: showError });
};

/** Transport failures (network, timeout, HTTP status) become ApiErrors with the product's texts. */
const onTransportError = (error: unknown): Promise<never> => {
  if (isApiError(error) || axios.isCancel(error)) return Promise.reject(error);
  const axiosError = error as AxiosError;
  const message = translateNetworkError(axiosError.message ?? '');
  const showError = axiosError.config?.showError !== false;
  if (showError)
    void withFeedback(({ message: toast }) => void toast.error({ content: message, duration: 5 }));
  return Promise.reject(
    new ApiError(message, {
      code: axiosError.response?.status ?? NETWORK_ERROR_CODE,
      shown: showError,
      cause: error,
    }),
  );
};

// The response interceptor resolves with the envelope rather than the AxiosResponse.
http.interceptors.response.use(onResponse as (r: AxiosResponse) => Promise<AxiosResponse>, onTransportError);
