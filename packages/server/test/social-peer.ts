import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the social platforms on 127.0.0.1: a generic OAuth 2.0 provider (authorize
 * redirect, token exchange with HTTP Basic client authentication, user info with a bearer token),
 * and Gitee, DingTalk and WeCom as their documented APIs answer, under /gitee, /dingtalk and /wecom.
 * `fetchThrough` sends the server's calls to those platforms' public hosts here instead.
 */

export interface PeerUser {
  id: string;
  name: string;
  avatar?: string;
}

export interface PeerClient {
  clientId: string;
  clientSecret: string;
}

type Platform = 'oauth2' | 'gitee' | 'dingtalk' | 'wecom';

interface Grant {
  platform: Platform;
  user: PeerUser;
  redirectUri: string | null;
}

export interface SocialPeer {
  origin: string;
  /** Clients the peer accepts, by platform. */
  clients: Record<Platform, PeerClient>;
  /** The user the generic provider's authorize page signs in (as if they had logged in there). */
  signedIn: PeerUser;
  /** Answer the generic provider's token and user info wrapped in our own `{code, msg, data}` envelope. */
  envelope: boolean;
  /** Token exchanges made, by platform (a code is exchanged once at most). */
  exchanges: Record<Platform, number>;
  /** A code for `user` as the platform would hand it to the redirect address. */
  issueCode(platform: Platform, user: PeerUser, redirectUri?: string | null): string;
  /** `fetch` that sends requests for gitee.com, api.dingtalk.com and qyapi.weixin.qq.com to the peer. */
  fetchThrough(original: typeof fetch): typeof fetch;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Decodes HTTP Basic client credentials (each part form-encoded, RFC 6749 §2.3.1). */
const basicCredentials = (header: string | undefined): PeerClient | null => {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return {
    clientId: decodeURIComponent(decoded.slice(0, colon)),
    clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
  };
};

const HOSTS: Record<string, string> = {
  'gitee.com': '/gitee',
  'api.dingtalk.com': '/dingtalk',
  'qyapi.weixin.qq.com': '/wecom',
};

export const startSocialPeer = async (): Promise<SocialPeer> => {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();

  const peer: Omit<SocialPeer, 'origin' | 'close'> = {
    clients: {
      oauth2: { clientId: 'peer-client', clientSecret: 'peer-secret' },
      gitee: { clientId: 'gitee-client', clientSecret: 'gitee-secret' },
      dingtalk: { clientId: 'ding-client', clientSecret: 'ding-secret' },
      wecom: { clientId: 'wwcorp', clientSecret: 'wecom-secret' },
    },
    signedIn: { id: 'u-1', name: '外部用户' },
    envelope: false,
    exchanges: { oauth2: 0, gitee: 0, dingtalk: 0, wecom: 0 },
    issueCode(platform, user, redirectUri = null) {
      const code = randomBytes(12).toString('hex');
      codes.set(code, { platform, user, redirectUri });
      return code;
    },
    fetchThrough: (original) => (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const prefix = HOSTS[url.host];
      if (!prefix) return original(input, init);
      return original(`${origin}${prefix}${url.pathname}${url.search}`, init);
    },
  };

  /** Takes a code once: it must be this platform's and, if it came with one, for this redirect address. */
  const takeCode = (platform: Platform, code: string | null, redirectUri: string | null): Grant | null => {
    const grant = code ? codes.get(code) : undefined;
    if (!grant || grant.platform !== platform) return null;
    if (grant.redirectUri !== null && grant.redirectUri !== redirectUri) return null;
    codes.delete(code!);
    peer.exchanges[platform] += 1;
    return grant;
  };
  const newToken = (grant: Grant) => {
    const token = randomBytes(16).toString('hex');
    tokens.set(token, grant);
    return token;
  };
  const wrap = (body: object) => (peer.envelope ? { code: 0, msg: '', data: body } : body);

  const oauth2 = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const client = peer.clients.oauth2;
    if (url.pathname === '/oauth2/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (
        url.searchParams.get('client_id') !== client.clientId ||
        url.searchParams.get('response_type') !== 'code'
      )
        return json(res, 400, { error: 'invalid_request' });
      const target = new URL(redirectUri);
      target.searchParams.set('code', peer.issueCode('oauth2', peer.signedIn, redirectUri));
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: target.toString() });
      return res.end();
    }
    if (url.pathname === '/oauth2/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const given = basicCredentials(req.headers.authorization);
      if (given?.clientId !== client.clientId || given.clientSecret !== client.clientSecret)
        return json(
          res,
          401,
          peer.envelope ? { code: 401, msg: '无效 client_secret', data: null } : { error: 'invalid_client' },
        );
      if (form.get('grant_type') !== 'authorization_code')
        return json(res, 400, { error: 'unsupported_grant_type' });
      const grant = takeCode('oauth2', form.get('code'), form.get('redirect_uri'));
      if (!grant)
        return peer.envelope
          ? json(res, 200, { code: 1_002_022_000, msg: 'code 不存在', data: null })
          : json(res, 400, { error: 'invalid_grant', error_description: '授权码无效或已使用' });
      return json(
        res,
        200,
        wrap({ access_token: newToken(grant), token_type: 'bearer', expires_in: 1800, scope: 'user.read' }),
      );
    }
    if (url.pathname === '/oauth2/userinfo') {
      const grant = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!grant) return json(res, 401, { error: 'invalid_token' });
      const { user } = grant;
      return json(
        res,
        200,
        peer.envelope
          ? wrap({ id: user.id, nickname: user.name, avatar: user.avatar ?? '' })
          : { sub: user.id, name: user.name, picture: user.avatar },
      );
    }
    return json(res, 404, { error: 'not_found' });
  };

  const gitee = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const client = peer.clients.gitee;
    if (url.pathname === '/gitee/oauth/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret)
        return json(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      const grant = takeCode('gitee', form.get('code'), form.get('redirect_uri'));
      if (!grant) return json(res, 400, { error: 'invalid_grant', error_description: '授权码无效' });
      return json(res, 200, {
        access_token: newToken(grant),
        token_type: 'bearer',
        expires_in: 86400,
        scope: 'user_info',
      });
    }
    if (url.pathname === '/gitee/api/v5/user') {
      const grant = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!grant) return json(res, 401, { message: '401 Unauthorized: Access token is expired' });
      const { user } = grant;
      return json(res, 200, {
        id: Number(user.id),
        login: `login${user.id}`,
        name: user.name,
        avatar_url: user.avatar,
      });
    }
    return json(res, 404, { message: 'Not Found' });
  };

  const dingtalk = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const client = peer.clients.dingtalk;
    if (url.pathname === '/dingtalk/v1.0/oauth2/userAccessToken' && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as Record<string, string>;
      if (body.clientId !== client.clientId || body.clientSecret !== client.clientSecret)
        return json(res, 400, { code: 'invalidClientIdOrSecret', message: '无效的clientId或者clientSecret' });
      const grant =
        body.grantType === 'authorization_code' ? takeCode('dingtalk', body.code ?? null, null) : null;
      if (!grant)
        return json(res, 400, {
          code: 'Forbidden.AccessDenied.AccessTokenPermissionDenied',
          message: '不合法的临时授权码',
        });
      return json(res, 200, { accessToken: newToken(grant), refreshToken: 'r', expireIn: 7200 });
    }
    if (url.pathname === '/dingtalk/v1.0/contact/users/me') {
      const grant = tokens.get(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
      if (!grant) return json(res, 401, { code: 'InvalidAuthentication', message: '不合法的access_token' });
      const { user } = grant;
      return json(res, 200, {
        nick: user.name,
        avatarUrl: user.avatar,
        openId: user.id,
        unionId: `union-${user.id}`,
      });
    }
    return json(res, 404, { code: 'NotFound', message: 'Not Found' });
  };

  /** WeCom: the application's token first, then the member behind the code, then the member's details. */
  const wecom = (res: ServerResponse, url: URL) => {
    const client = peer.clients.wecom;
    const q = url.searchParams;
    if (url.pathname === '/wecom/cgi-bin/gettoken') {
      if (q.get('corpid') !== client.clientId || q.get('corpsecret') !== client.clientSecret)
        return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, { platform: 'wecom', user: { id: '', name: '' }, redirectUri: null });
      return json(res, 200, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
    }
    if (!tokens.has(q.get('access_token') ?? ''))
      return json(res, 200, { errcode: 40014, errmsg: 'invalid access_token' });
    if (url.pathname === '/wecom/cgi-bin/auth/getuserinfo') {
      const grant = takeCode('wecom', q.get('code'), null);
      if (!grant) return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
      members.set(grant.user.id, grant.user);
      return json(res, 200, { errcode: 0, errmsg: 'ok', userid: grant.user.id, user_ticket: 't' });
    }
    if (url.pathname === '/wecom/cgi-bin/user/get') {
      const member = members.get(q.get('userid') ?? '');
      if (!member) return json(res, 200, { errcode: 60111, errmsg: 'userid not found' });
      return json(res, 200, {
        errcode: 0,
        errmsg: 'ok',
        userid: member.id,
        name: member.name,
        avatar: member.avatar,
      });
    }
    return json(res, 404, { errcode: 404, errmsg: 'not found' });
  };
  const members = new Map<string, PeerUser>();

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const handle = url.pathname.startsWith('/gitee/')
      ? gitee(req, res, url)
      : url.pathname.startsWith('/dingtalk/')
        ? dingtalk(req, res, url)
        : url.pathname.startsWith('/wecom/')
          ? Promise.resolve(wecom(res, url))
          : oauth2(req, res, url);
    handle.catch(() => json(res, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(peer, {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
};
