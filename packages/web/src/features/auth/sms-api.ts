import { authSendSmsCode, authSmsLogin, SMS_SCENE } from '@app/contract';
import { request } from '../../shared/request';
import type { LoginResult } from './api';

// Loaded with the SMS tab only: the SMS schemas stay out of the login page's first download.

/** Sends a sign-in code by SMS to the mobile of a user of the current tenant. */
export const sendSmsCode = (mobile: string): Promise<boolean> =>
  request(authSendSmsCode, {
    body: { mobile, scene: SMS_SCENE.ADMIN_MEMBER_LOGIN },
    isToken: false,
    showError: false,
    reloginDialog: false,
  });

/** Sign-in with a code sent by SMS; answers the same tokens as password sign-in. */
export const smsLogin = (mobile: string, code: string): Promise<LoginResult> =>
  request(authSmsLogin, { body: { mobile, code }, isToken: false, showError: false, reloginDialog: false });
