import { authLoginOptions, authSocialAuthRedirect, SOCIAL_TYPE } from '@app/contract';
import type { LoginOptions } from '@app/contract';
import { BASE_URL } from '../../shared/config';
import { request } from '../../shared/request';

// The login page's look-ups (kept small: this module is in its bundle).

/** Sent without a token; failures are shown by the page, not the request layer. */
export const quiet = { isToken: false, showError: false, reloginDialog: false } as const;

/** Whether registration is open and which social sign-ins the tenant (by name, else the stored one) offers. */
export const loginOptions = (tenantName?: string): Promise<LoginOptions> =>
  request(authLoginOptions, { query: tenantName ? { tenantName } : {}, ...quiet });

/** The platform's sign-in address to send the browser to. */
export const socialAuthRedirect = (type: number, redirectUri: string): Promise<string> =>
  request(authSocialAuthRedirect, { query: { type, redirectUri }, ...quiet });

/**
 * The address the platform sends the browser back to: /social-login with the platform and the page to
 * open afterwards (Gitee: its own callback path /oauthLogin/gitee, which forwards to /social-login).
 */
export const socialCallbackUrl = (type: number, redirect: string): string => {
  const page = type === SOCIAL_TYPE.GITEE ? 'oauthLogin/gitee' : 'social-login';
  const query = new URLSearchParams(
    type === SOCIAL_TYPE.GITEE ? { redirect } : { type: String(type), redirect },
  );
  return `${window.location.origin}${BASE_URL}${page}?${query.toString()}`;
};
