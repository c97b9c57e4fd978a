import { captchaEnabled } from '@app/contract';
import { request } from '../../../shared/request';

/**
 * Whether sign-in needs the slider captcha, as the server says. If the question fails the captcha
 * is assumed on (the server decides either way).
 */
export const isCaptchaEnabled = (): Promise<boolean> =>
  request(captchaEnabled, { isToken: false, showError: false, reloginDialog: false }).catch(() => true);
