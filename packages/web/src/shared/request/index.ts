export { request } from './request';
export type { RequestOptions } from './request';
export { http, refreshAccessToken, showReloginDialog } from './http';
export {
  ApiError,
  ERROR_MESSAGES,
  SESSION_EXPIRED_MESSAGE,
  errorMessageOf,
  isApiError,
  translateNetworkError,
} from './errors';
export { serializeParams } from './serialize-params';
export { saveBlob } from './save-blob';
