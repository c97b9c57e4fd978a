import { SOCIAL_TYPE } from '@app/contract';

/*
 * The social platforms: where the sign-in starts (the authorize address) and how a returned code
 * becomes an account (token, then user info). Gitee, DingTalk and WeCom use their documented
 * endpoints; the generic provider (90) speaks plain OAuth 2.0 against the endpoints it is given.
 */

/** What a client of a platform is configured with (the secret in clear). */
export interface ProviderClient {
  socialType: number;
  clientId: string;
  clientSecret: string;
  agentId: string | null;
  authorizeUrl: string | null;
  tokenUrl: string | null;
  userInfoUrl: string | null;
  scope: string | null;
}

/** The account a code stands for, as the platform describes it. */
export interface SocialIdentity {
  openid: string;
  nickname: string;
  avatar: string | null;
  token: string | null;
  rawTokenInfo: string;
  rawUserInfo: string;
}

/** The platform refused or answered something unusable; the message is shown to the user. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

type Json = Record<string, unknown>;

const TIMEOUT_MS = 10_000;

export const GITEE = {
  authorize: 'https://gitee.com/oauth/authorize',
  token: 'https://gitee.com/oauth/token',
  user: 'https://gitee.com/api/v5/user',
} as const;
export const DINGTALK = {
  authorize: 'https://login.dingtalk.com/oauth2/auth',
  token: 'https://api.dingtalk.com/v1.0/oauth2/userAccessToken',
  user: 'https://api.dingtalk.com/v1.0/contact/users/me',
} as const;
export const WECOM = {
  authorize: 'https://open.work.weixin.qq.com/wwopen/sso/qrConnect',
  token: 'https://qyapi.weixin.qq.com/cgi-bin/gettoken',
  user: 'https://qyapi.weixin.qq.com/cgi-bin/auth/getuserinfo',
  detail: 'https://qyapi.weixin.qq.com/cgi-bin/user/get',
} as const;

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;

const firstText = (source: Json, keys: readonly string[]): string | null => {
  for (const key of keys) {
    const value = text(source[key]);
    if (value) return value;
  }
  return null;
};

/** `base` with `params` appended to its query (keeping any it already has). */
export const withQuery = (base: string, params: Record<string, string | null | undefined>): string => {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
};

/**
 * One JSON call. Our own server's envelope `{code, msg, data}` is unwrapped (a non-zero code is a
 * refusal), and an RFC 6749 error body `{error, error_description}` is a refusal too.
 */
const call = async (url: string, init: RequestInit = {}): Promise<Json> => {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new ProviderError(`无法连接社交平台（${new URL(url).host}）`);
  }
  const raw = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new ProviderError(`社交平台的响应无法解析（HTTP ${response.status}）`);
  }
  if (!isJson(body)) throw new ProviderError(`社交平台的响应无法解析（HTTP ${response.status}）`);
  if (typeof body.code === 'number' && 'data' in body && 'msg' in body) {
    if (body.code !== 0) throw new ProviderError(text(body.msg) ?? `错误码 ${body.code}`);
    if (!isJson(body.data)) throw new ProviderError('社交平台的响应缺少数据');
    body = body.data;
  }
  const json = body as Json;
  if (typeof json.error === 'string') throw new ProviderError(text(json.error_description) ?? json.error);
  if (!response.ok) throw new ProviderError(text(json.message) ?? `HTTP ${response.status}`);
  return json;
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';

/** HTTP Basic client authentication: id and secret form-encoded first (RFC 6749 §2.3.1). */
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

const accessTokenOf = (token: Json): string => {
  const value = firstText(token, ['access_token', 'accessToken']);
  if (!value) throw new ProviderError('社交平台没有返回访问令牌');
  return value;
};

const identity = (
  token: Json,
  user: Json,
  openid: string | null,
  nickname: string | null,
  avatar: string | null,
) => {
  if (!openid) throw new ProviderError('社交平台没有返回用户标识');
  if (openid.length > 255) throw new ProviderError('社交平台返回的用户标识过长');
  const accessToken = firstText(token, ['access_token', 'accessToken']);
  return {
    openid,
    nickname: (nickname ?? openid).slice(0, 255),
    avatar: avatar && avatar.length <= 1024 ? avatar : null,
    token: accessToken && accessToken.length <= 2048 ? accessToken : null,
    rawTokenInfo: JSON.stringify(token),
    rawUserInfo: JSON.stringify(user),
  } satisfies SocialIdentity;
};

interface Platform {
  authorize(client: ProviderClient, redirectUri: string, state: string): string;
  exchange(client: ProviderClient, code: string, redirectUri: string): Promise<SocialIdentity>;
}

const gitee: Platform = {
  authorize: (client, redirectUri, state) =>
    withQuery(GITEE.authorize, {
      client_id: client.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      state,
      scope: 'user_info',
    }),
  async exchange(client, code, redirectUri) {
    const token = await call(GITEE.token, {
      method: 'POST',
      headers: { 'content-type': FORM, accept: 'application/json' },
      body: form({
        grant_type: 'authorization_code',
        code,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uri: redirectUri,
      }),
    });
    const user = await call(withQuery(GITEE.user, { access_token: accessTokenOf(token) }));
    return identity(token, user, text(user.id), firstText(user, ['name', 'login']), text(user.avatar_url));
  },
};

const dingtalk: Platform = {
  authorize: (client, redirectUri, state) =>
    withQuery(DINGTALK.authorize, {
      redirect_uri: redirectUri,
      response_type: 'code',
      client_id: client.clientId,
      scope: 'openid',
      state,
      prompt: 'consent',
    }),
  async exchange(client, code) {
    const token = await call(DINGTALK.token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        code,
        grantType: 'authorization_code',
      }),
    });
    const user = await call(DINGTALK.user, {
      headers: { 'x-acs-dingtalk-access-token': accessTokenOf(token) },
    });
    return identity(
      token,
      user,
      firstText(user, ['openId', 'unionId']),
      text(user.nick),
      text(user.avatarUrl),
    );
  },
};

/** WeCom answers `errcode` 0 on success, whatever the HTTP status. */
const wecomCall = async (url: string): Promise<Json> => {
  const body = await call(url);
  if (body.errcode !== undefined && body.errcode !== 0)
    throw new ProviderError(text(body.errmsg) ?? `企业微信错误码 ${String(body.errcode)}`);
  return body;
};

const wecom: Platform = {
  authorize: (client, redirectUri, state) =>
    withQuery(WECOM.authorize, {
      appid: client.clientId,
      agentid: client.agentId,
      redirect_uri: redirectUri,
      state,
    }),
  async exchange(client, code) {
    // The application's token (corp id and secret), then who scanned the code.
    const token = await wecomCall(
      withQuery(WECOM.token, { corpid: client.clientId, corpsecret: client.clientSecret }),
    );
    const accessToken = accessTokenOf(token);
    const user = await wecomCall(withQuery(WECOM.user, { access_token: accessToken, code }));
    const userid = firstText(user, ['userid', 'UserId']);
    if (!userid) throw new ProviderError('该账号不是企业成员');
    // Names need the contacts permission; without it the member is known by the userid alone.
    const detail = await wecomCall(withQuery(WECOM.detail, { access_token: accessToken, userid })).catch(
      (): Json => ({}),
    );
    return identity(token, { ...user, ...detail }, userid, text(detail.name), text(detail.avatar));
  },
};

const oauth2: Platform = {
  authorize: (client, redirectUri, state) =>
    withQuery(client.authorizeUrl!, {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: redirectUri,
      state,
      scope: client.scope,
    }),
  async exchange(client, code, redirectUri) {
    const token = await call(client.tokenUrl!, {
      method: 'POST',
      headers: {
        'content-type': FORM,
        accept: 'application/json',
        authorization: basic(client.clientId, client.clientSecret),
      },
      body: form({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: client.clientId,
      }),
    });
    const user = await call(client.userInfoUrl!, {
      headers: { authorization: `Bearer ${accessTokenOf(token)}`, accept: 'application/json' },
    });
    return identity(
      token,
      user,
      firstText(user, ['sub', 'openid', 'id', 'user_id', 'userId', 'username']),
      firstText(user, ['nickname', 'name', 'preferred_username', 'username', 'login']),
      firstText(user, ['avatar', 'picture', 'avatar_url']),
    );
  },
};

const PLATFORMS: Record<number, Platform> = {
  [SOCIAL_TYPE.GITEE]: gitee,
  [SOCIAL_TYPE.DINGTALK]: dingtalk,
  [SOCIAL_TYPE.WECHAT_ENTERPRISE]: wecom,
  [SOCIAL_TYPE.OAUTH2]: oauth2,
};

const platformOf = (client: ProviderClient): Platform => {
  const platform = PLATFORMS[client.socialType];
  if (!platform) throw new ProviderError(`不支持的社交平台（${client.socialType}）`);
  return platform;
};

/** Where the browser goes to sign in with the platform; it comes back to `redirectUri` with code and state. */
export const authorizeAddress = (client: ProviderClient, redirectUri: string, state: string): string =>
  platformOf(client).authorize(client, redirectUri, state);

/** Exchanges a returned code for the account it stands for. */
export const exchangeCode = (
  client: ProviderClient,
  code: string,
  redirectUri: string,
): Promise<SocialIdentity> => platformOf(client).exchange(client, code, redirectUri);
