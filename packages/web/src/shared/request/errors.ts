/** Default texts per code when the envelope carries no `msg` (the reference Vue client's catalogue). */
export const ERROR_MESSAGES = {
  401: '认证失败，无法访问系统资源',
  403: '当前操作没有权限',
  404: '访问资源不存在',
  default: '系统未知错误，请反馈给管理员',
} as const;

/** Rejection text when the session cannot be renewed (no refresh token, or the refresh failed). */
export const SESSION_EXPIRED_MESSAGE = '无效的会话，或者会话已过期，请重新登录。';

/** Content of the persistent toast for code 901. */
export const DEMO_MODE_MESSAGE = '演示模式，禁止写操作';

/** Code used for failures that never produced an envelope (network, timeout, HTTP status). */
export const NETWORK_ERROR_CODE = -1;

export const defaultMessageFor = (code: number): string =>
  code === 401 || code === 403 || code === 404 ? ERROR_MESSAGES[code] : ERROR_MESSAGES.default;

export interface ApiErrorOptions {
  /** The envelope code, the HTTP status, or NETWORK_ERROR_CODE. */
  code: number;
  /** The request layer already showed this error to the user. */
  shown?: boolean;
  /** The session is over (401 that could not be refreshed). */
  sessionExpired?: boolean;
  /** A message the product never shows (invalid or expired refresh token). */
  silent?: boolean;
  cause?: unknown;
}

/** Every rejection of the request layer is an ApiError carrying a user-facing Chinese message. */
export class ApiError extends Error {
  readonly code: number;
  readonly shown: boolean;
  readonly sessionExpired: boolean;
  readonly silent: boolean;

  constructor(message: string, options: ApiErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.code = options.code;
    this.shown = options.shown ?? false;
    this.sessionExpired = options.sessionExpired ?? false;
    this.silent = options.silent ?? false;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Turns an axios transport error message into the product's Chinese text. */
export const translateNetworkError = (message: string): string => {
  if (message === 'Network Error') return '后端接口连接异常';
  if (message.includes('timeout')) return '系统接口请求超时';
  const status = /status code (\d{3})/.exec(message);
  if (status) return `系统接口${status[1]}异常`;
  return message || ERROR_MESSAGES.default;
};

/** A message for any caught value, for places that show errors themselves. */
export const errorMessageOf = (error: unknown): string => {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return ERROR_MESSAGES.default;
};
