import { authLogin, authLogout, authPermissionInfo, authRefreshToken } from './api/auth.js';
import { dictDataListAllSimple } from './api/dict.js';
import { infraFileGet } from './api/file.js';
import {
  notifyMessageMyPage,
  notifyMessageUnreadCount,
  notifyMessageUnreadCountStream,
  notifyMessageUnreadList,
  notifyMessageUpdateAllRead,
  notifyMessageUpdateRead,
  notifyTemplateSendNotify,
} from './api/notify.js';
import {
  userProfileGet,
  userProfileUpdate,
  userProfileUpdateAvatar,
  userProfileUpdatePassword,
} from './api/profile.js';
import { tenantGetIdByName } from './api/tenant.js';
import type { Endpoint } from './endpoint.js';

/** Every endpoint of the admin API; the server registers exactly these. */
export const ENDPOINTS: readonly Endpoint[] = [
  authLogin,
  authLogout,
  authRefreshToken,
  authPermissionInfo,
  dictDataListAllSimple,
  tenantGetIdByName,
  notifyMessageMyPage,
  notifyMessageUpdateRead,
  notifyMessageUpdateAllRead,
  notifyMessageUnreadList,
  notifyMessageUnreadCount,
  notifyMessageUnreadCountStream,
  notifyTemplateSendNotify,
  userProfileGet,
  userProfileUpdate,
  userProfileUpdatePassword,
  userProfileUpdateAvatar,
  infraFileGet,
];
