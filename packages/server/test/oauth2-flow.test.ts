import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { clientBody, FORM, REDIRECT_URI } from './oauth2-fixture.js';

/**
 * What a standard OAuth2 client needs in front of this server: like every endpoint of the
 * reference, the token endpoint answers in the envelope `{code, msg, data}` with HTTP 200. This
 * unwraps a success into the plain RFC 6749 body, and turns a failure into `{error,
 * error_description}` with HTTP 400 (client errors, 1_002_020_xxx, as invalid_client).
 */
const unwrapEnvelope = async (url: string, init: RequestInit): Promise<Response> => {
  const envelope = (await (await fetch(url, init)).json()) as { code: number; msg: string; data: unknown };
  if (envelope.code === 0) return Response.json(envelope.data);
  const error = Math.floor(envelope.code / 1000) === 1_002_020 ? 'invalid_client' : 'invalid_grant';
  return Response.json({ error, error_description: envelope.msg }, { status: 400 });
};

describe.each(DIALECTS)('the authorization-code flow with oauth4webapi on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: string;
  const options = { [oauth.customFetch]: unwrapEnvelope, [oauth.allowInsecureRequests]: true };
  const client: oauth.Client = { client_id: 'flow' };
  const clientAuth = oauth.ClientSecretBasic('flow secret/1');
  let as: oauth.AuthorizationServer;

  const api = async (
    path: string,
    init: { method?: string; token?: string; body?: string; type?: string } = {},
  ) => {
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'tenant-id': '1',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body ? { 'content-type': init.type ?? 'application/json' } : {}),
      },
      ...(init.body ? { body: init.body } : {}),
    });
    return (await res.json()) as { code: number; msg: string; data: unknown };
  };
  /** What the /sso page does once the user clicks 同意授权: the redirect address with the code. */
  const consent = async (state: string, challenge: string) => {
    const res = await api('/system/oauth2/authorize', {
      method: 'POST',
      token: admin,
      type: FORM,
      body: new URLSearchParams({
        response_type: 'code',
        client_id: 'flow',
        redirect_uri: REDIRECT_URI,
        state,
        auto_approve: 'false',
        scope: JSON.stringify({ 'user.read': true }),
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString(),
    });
    expect(res.code, res.msg).toBe(0);
    return new URL(res.data as string);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/admin-api`;
    as = { issuer: base, token_endpoint: `${base}/system/oauth2/token` };
    const login = await api('/system/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    admin = (login.data as { accessToken: string }).accessToken;
    const created = await api('/system/oauth2-client/create', {
      method: 'POST',
      token: admin,
      body: JSON.stringify(clientBody({ clientId: 'flow', secret: 'flow secret/1', pkceRequired: true })),
    });
    expect(created.code, created.msg).toBe(0);
  });
  afterAll(async () => {
    await t.close();
  });

  it('exchanges a PKCE code, rotates the refresh token, and revokes the family on reuse', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const redirect = await consent(state, await oauth.calculatePKCECodeChallenge(verifier));
    const params = oauth.validateAuthResponse(as, client, redirect, state);

    const first = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params,
        REDIRECT_URI,
        verifier,
        options,
      ),
    );
    expect(first).toMatchObject({ token_type: 'bearer', scope: 'user.read', expires_in: 600 });
    const me = await api('/system/oauth2/user/get', { token: first.access_token });
    expect(me).toMatchObject({ code: 0, data: { id: 1, username: 'admin' } });

    const refresh = async (refreshToken: string) =>
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshToken, options),
      );
    const second = await refresh(first.refresh_token!);
    expect(second.refresh_token).toBeDefined();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await api('/system/oauth2/user/get', { token: first.access_token })).code).toBe(401);
    expect((await api('/system/oauth2/user/get', { token: second.access_token })).code).toBe(0);

    // The rotated refresh token used again: refused, and every token of the grant is revoked.
    await expect(refresh(first.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: '无效的刷新令牌',
    });
    expect((await api('/system/oauth2/user/get', { token: second.access_token })).code).toBe(401);
    await expect(refresh(second.refresh_token!)).rejects.toBeInstanceOf(oauth.ResponseBodyError);
  });

  it('refuses a code without the right code_verifier, and a client without its secret', async () => {
    const state = oauth.generateRandomState();
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    const params = oauth.validateAuthResponse(as, client, await consent(state, challenge), state);
    const wrong = oauth.generateRandomCodeVerifier();
    await expect(
      oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth,
          params,
          REDIRECT_URI,
          wrong,
          options,
        ),
      ),
    ).rejects.toMatchObject({ error: 'invalid_grant', error_description: 'code_verifier 不正确' });

    const again = oauth.validateAuthResponse(as, client, await consent(state, challenge), state);
    const badAuth = oauth.ClientSecretBasic('not the secret');
    await expect(
      oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, badAuth, again, REDIRECT_URI, wrong, options),
      ),
    ).rejects.toMatchObject({ error: 'invalid_client' });
  });
});
