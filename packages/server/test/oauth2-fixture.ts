import type { OAuth2ClientCreateReq } from '@app/contract';
import type { Envelope, TestApp } from './helper.js';

/* Shared steps of the OAuth2 tests: clients created through the API, form posts, the consent call. */

export const FORM = 'application/x-www-form-urlencoded';
export const REDIRECT_URI = 'https://client.example.com/callback';

/** A valid client body; `over` changes any field. */
export const clientBody = (over: Partial<OAuth2ClientCreateReq> = {}): OAuth2ClientCreateReq => ({
  clientId: 'shop',
  secret: 'shop-secret',
  name: '商城',
  logo: 'https://client.example.com/logo.png',
  description: '第三方商城',
  status: 0,
  accessTokenValiditySeconds: 600,
  refreshTokenValiditySeconds: 3600,
  redirectUris: [REDIRECT_URI],
  authorizedGrantTypes: ['authorization_code', 'refresh_token', 'implicit', 'password', 'client_credentials'],
  scopes: ['user.read', 'user.write'],
  autoApproveScopes: [],
  authorities: [],
  resourceIds: [],
  additionalInformation: null,
  pkceRequired: false,
  ...over,
});

export const createClient = async (t: TestApp, admin: string, over: Partial<OAuth2ClientCreateReq> = {}) => {
  const res = await t.api({
    method: 'POST',
    path: '/system/oauth2-client/create',
    body: clientBody(over),
    token: admin,
  });
  if (res.code !== 0) throw new Error(`client create failed: ${res.code} ${res.msg}`);
  return res.data as number;
};

export const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});

/** Posts form fields (application/x-www-form-urlencoded) below /admin-api. */
export const postForm = (
  t: TestApp,
  path: string,
  fields: Record<string, string>,
  opts: {
    token?: string | null;
    tenant?: number | null;
    headers?: Record<string, string>;
    method?: 'POST' | 'DELETE';
  } = {},
): Promise<Envelope> =>
  t.api({
    method: opts.method ?? 'POST',
    path,
    body: new URLSearchParams(fields).toString(),
    token: opts.token ?? null,
    tenant: opts.tenant === undefined ? null : opts.tenant,
    headers: { 'content-type': FORM, ...opts.headers },
  });

/** The /sso page's consent call: the scopes answered true or false, as a JSON map. */
export const authorize = (
  t: TestApp,
  token: string,
  fields: {
    clientId?: string;
    responseType?: string;
    redirectUri?: string;
    state?: string;
    autoApprove?: boolean;
    scopes?: Record<string, boolean>;
    extra?: Record<string, string>;
  } = {},
): Promise<Envelope> =>
  postForm(
    t,
    '/system/oauth2/authorize',
    {
      response_type: fields.responseType ?? 'code',
      client_id: fields.clientId ?? 'shop',
      redirect_uri: fields.redirectUri ?? REDIRECT_URI,
      auto_approve: String(fields.autoApprove ?? false),
      scope: JSON.stringify(fields.scopes ?? { 'user.read': true }),
      ...(fields.state !== undefined ? { state: fields.state } : {}),
      ...fields.extra,
    },
    { token, tenant: undefined },
  );

/** The code in a redirect address the authorize call returned. */
export const codeOf = (redirect: unknown): string => {
  const code = new URL(String(redirect)).searchParams.get('code');
  if (!code) throw new Error(`no code in ${String(redirect)}`);
  return code;
};
