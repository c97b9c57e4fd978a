import type {
  OAuth2AccessToken,
  OAuth2AccessTokenResp,
  OAuth2AuthorizeInfo,
  OAuth2CheckTokenResp,
  OAuth2Client,
  OAuth2UserInfo,
  PageResult,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestToken } from '../src/lib/crypto.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import {
  authorize,
  basic,
  clientBody,
  codeOf,
  createClient,
  postForm,
  REDIRECT_URI,
} from './oauth2-fixture.js';
import { addSecondTenant } from './users-fixture.js';

describe.each(DIALECTS)('OAuth2 authorization server on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let tenant2: Awaited<ReturnType<typeof addSecondTenant>>;
  let shopId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    tenant2 = await addSecondTenant(t);
    shopId = await createClient(t, admin);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    args: { body?: unknown; query?: Record<string, string>; token?: string } = {},
  ) => t.api({ method, path, token: admin, ...args });
  const clientRows = () =>
    t.db.kysely.selectFrom('systemOauth2Client').selectAll().where('deleted', '=', 0).execute();
  const shopAuth = basic('shop', 'shop-secret');

  /** Consent for `scopes`, then the code exchanged through HTTP Basic; returns the token answer. */
  const codeGrant = async (scopes: Record<string, boolean> = { 'user.read': true }) => {
    const consent = await authorize(t, admin, { scopes, state: 'xyz' });
    expect(consent.code).toBe(0);
    const res = await postForm(
      t,
      '/system/oauth2/token',
      { grant_type: 'authorization_code', code: codeOf(consent.data), redirect_uri: REDIRECT_URI },
      { headers: shopAuth },
    );
    expect(res.code, res.msg).toBe(0);
    return res.data as OAuth2AccessTokenResp;
  };

  describe('应用管理', () => {
    it('has the default client from the migration, and login tokens take its lifetimes', async () => {
      const page = (await call('GET', '/system/oauth2-client/page', { query: { name: '后台' } }))
        .data as PageResult<OAuth2Client>;
      expect(page.list).toHaveLength(1);
      expect(page.list[0]).toMatchObject({
        clientId: 'default',
        secret: '',
        accessTokenValiditySeconds: 1800,
        refreshTokenValiditySeconds: 43200,
        authorizedGrantTypes: ['password', 'refresh_token'],
        pkceRequired: false,
      });
      const login = await t.login();
      const row = await t.db.kysely
        .selectFrom('systemOauth2RefreshToken')
        .selectAll()
        .where('refreshToken', '=', digestToken(login.refreshToken))
        .executeTakeFirstOrThrow();
      expect(row.expiresTime).toBe(t.clock.now + 43200 * 1000);
    });

    it('creates, reads, lists, updates and deletes a client; the secret is stored sealed', async () => {
      const id = await createClient(t, admin, { clientId: 'crm', name: 'CRM 系统', status: 1 });
      const got = (await call('GET', '/system/oauth2-client/get', { query: { id: String(id) } }))
        .data as OAuth2Client;
      expect(got).toMatchObject({ id, clientId: 'crm', secret: 'shop-secret', name: 'CRM 系统', status: 1 });
      expect(got.redirectUris).toEqual([REDIRECT_URI]);
      const stored = (await clientRows()).find((r) => r.clientId === 'crm')!;
      expect(stored.secret).toMatch(/^v1:/);
      expect(stored.secret).not.toContain('shop-secret');

      const byStatus = (await call('GET', '/system/oauth2-client/page', { query: { status: '1' } }))
        .data as PageResult<OAuth2Client>;
      expect(byStatus.list.map((c) => c.clientId)).toEqual(['crm']);

      const update = await call('PUT', '/system/oauth2-client/update', {
        body: {
          ...clientBody({ clientId: 'crm2', secret: 'new-secret', scopes: ['a'], autoApproveScopes: ['a'] }),
          id,
        },
      });
      expect(update).toMatchObject({ code: 0, data: true });
      const updated = (await call('GET', '/system/oauth2-client/get', { query: { id: String(id) } }))
        .data as OAuth2Client;
      expect(updated).toMatchObject({
        clientId: 'crm2',
        secret: 'new-secret',
        scopes: ['a'],
        autoApproveScopes: ['a'],
      });

      expect(
        await call('DELETE', '/system/oauth2-client/delete', { query: { id: String(id) } }),
      ).toMatchObject({
        code: 0,
        data: true,
      });
      expect((await call('GET', '/system/oauth2-client/get', { query: { id: String(id) } })).data).toBeNull();
      expect((await clientRows()).some((r) => r.clientId === 'crm2')).toBe(false);
    });

    it('refuses invalid clients and changes nothing', async () => {
      const before = await clientRows();
      const cases: [Record<string, unknown>, RegExp | number][] = [
        [{ ...clientBody({ clientId: 'x1' }), clientId: '' }, /客户端编号不能为空/],
        [clientBody({ clientId: 'x2', redirectUris: ['javascript:alert(1)'] }), /重定向的 URI 格式不正确/],
        [{ ...clientBody({ clientId: 'x3' }), authorizedGrantTypes: ['magic'] }, /授权类型只能是/],
        [clientBody({ clientId: 'x4', autoApproveScopes: ['user.admin'] }), /自动授权范围必须在授权范围之内/],
        [clientBody({ clientId: 'x5', additionalInformation: '{oops' }), /附加信息必须是 JSON 格式/],
        [
          { ...clientBody({ clientId: 'x6' }), accessTokenValiditySeconds: 0 },
          /访问令牌的有效期必须是正整数/,
        ],
        [clientBody({ clientId: 'x7', scopes: ['user read'] }), /授权范围不能包含空格/],
        [clientBody({ clientId: 'x8', logo: 'not-a-url' }), /应用图标的地址不正确/],
      ];
      for (const [body, msg] of cases) {
        const res = await call('POST', '/system/oauth2-client/create', { body });
        expect(res.code, JSON.stringify(body)).toBe(400);
        expect(res.msg).toMatch(msg as RegExp);
      }
      expect(await call('POST', '/system/oauth2-client/create', { body: clientBody() })).toMatchObject({
        code: 1_002_020_001,
        msg: 'OAuth2 客户端编号已存在',
      });
      const missing = { ...clientBody({ clientId: 'ghost' }), id: 99999 };
      expect(await call('PUT', '/system/oauth2-client/update', { body: missing })).toMatchObject({
        code: 1_002_020_000,
        msg: 'OAuth2 客户端不存在',
      });
      expect(await call('DELETE', '/system/oauth2-client/delete', { query: { id: '99999' } })).toMatchObject({
        code: 1_002_020_000,
      });
      expect(await call('DELETE', '/system/oauth2-client/delete', { query: { id: 'abc' } })).toMatchObject({
        code: 400,
      });
      expect(await clientRows()).toEqual(before);
    });

    it('reads token lifetimes from the client row, refreshed when the client changes', async () => {
      const [row] = (await clientRows()).filter((r) => r.clientId === 'default');
      const current = (await call('GET', '/system/oauth2-client/get', { query: { id: String(row!.id) } }))
        .data as OAuth2Client;
      const save = (seconds: number) =>
        call('PUT', '/system/oauth2-client/update', {
          body: { ...current, secret: 'default-secret', accessTokenValiditySeconds: seconds },
        });
      expect((await save(600)).code).toBe(0);
      const login = await t.api({
        method: 'POST',
        path: '/system/auth/login',
        body: { username: 'admin', password: 'admin123' },
      });
      expect((login.data as { expiresTime: number }).expiresTime).toBe(t.clock.now + 600 * 1000);
      expect((await save(1800)).code).toBe(0);
    });

    it('guards every endpoint: 401, 403 without the permission, 403 for another tenant', async () => {
      const endpoints: [string, string, { body?: unknown; query?: Record<string, string> }][] = [
        ['GET', '/system/oauth2-client/page', {}],
        ['GET', '/system/oauth2-client/get', { query: { id: String(shopId) } }],
        ['POST', '/system/oauth2-client/create', { body: clientBody({ clientId: 'deny' }) }],
        ['PUT', '/system/oauth2-client/update', { body: { ...clientBody(), id: shopId } }],
        ['DELETE', '/system/oauth2-client/delete', { query: { id: String(shopId) } }],
        ['GET', '/system/oauth2-token/page', {}],
        ['DELETE', '/system/oauth2-token/delete', { query: { accessToken: digestToken(admin) } }],
      ];
      for (const [method, path, args] of endpoints) {
        const m = method as 'GET' | 'POST' | 'PUT' | 'DELETE';
        expect(await t.api({ method: m, path, ...args }), path).toMatchObject({
          code: 401,
          msg: '账号未登录',
        });
        expect(await t.api({ method: m, path, token: operator, ...args }), path).toMatchObject({ code: 403 });
        expect(
          await t.api({ method: m, path, token: tenant2.token, tenant: tenant2.tenantId, ...args }),
          path,
        ).toMatchObject({ code: 403, msg: '没有该操作权限' });
        expect(
          await t.api({ method: m, path, token: admin, tenant: tenant2.tenantId, ...args }),
          path,
        ).toMatchObject({
          code: 403,
          msg: '您无权访问该租户的数据',
        });
      }
      // Nothing changed, and the admin's token still works.
      expect((await clientRows()).some((r) => r.clientId === 'shop')).toBe(true);
      expect((await call('GET', '/system/oauth2-token/page')).code).toBe(0);
    });
  });

  describe('令牌管理', () => {
    it('lists the tenant’s live tokens by digest, filters them, and 强退 revokes one everywhere', async () => {
      const victim = await t.login('operator', 'operator123');
      const digest = digestToken(victim.accessToken);
      const page = (
        await call('GET', '/system/oauth2-token/page', { query: { userId: '2', pageSize: '100' } })
      ).data as PageResult<OAuth2AccessToken>;
      const row = page.list.find((r) => r.accessToken === digest);
      expect(row).toMatchObject({
        userId: 2,
        userType: 2,
        clientId: 'default',
        refreshToken: digestToken(victim.refreshToken),
      });
      expect(page.list.every((r) => r.userId === 2)).toBe(true);
      const byClient = (await call('GET', '/system/oauth2-token/page', { query: { clientId: 'nope' } }))
        .data as PageResult<OAuth2AccessToken>;
      expect(byClient.total).toBe(0);
      // Another tenant's tokens are not listed.
      const all = (await call('GET', '/system/oauth2-token/page', { query: { pageSize: '100' } }))
        .data as PageResult<OAuth2AccessToken>;
      expect(all.list.some((r) => r.accessToken === digestToken(tenant2.token))).toBe(false);
      expect((await call('GET', '/system/oauth2-token/page', { query: { userId: 'x' } })).code).toBe(400);

      expect(
        await call('DELETE', '/system/oauth2-token/delete', { query: { accessToken: digest } }),
      ).toMatchObject({
        code: 0,
        data: true,
      });
      expect(
        await t.api({ path: '/system/auth/get-permission-info', token: victim.accessToken }),
      ).toMatchObject({ code: 401 });
      const [log] = await t.db.kysely
        .selectFrom('systemLoginLog')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      expect(log).toMatchObject({ logType: 202, userId: 2, username: 'operator', result: 0 });

      // A digest of another tenant's token changes nothing.
      await call('DELETE', '/system/oauth2-token/delete', {
        query: { accessToken: digestToken(tenant2.token) },
      });
      expect(
        (
          await t.api({
            path: '/system/auth/get-permission-info',
            token: tenant2.token,
            tenant: tenant2.tenantId,
          })
        ).code,
      ).toBe(0);
      expect((await call('DELETE', '/system/oauth2-token/delete', { query: {} })).code).toBe(400);
    });
  });

  describe('/system/oauth2/authorize', () => {
    it('shows the client and its scopes with the earlier answers', async () => {
      const info = (await call('GET', '/system/oauth2/authorize', { query: { clientId: 'shop' } }))
        .data as OAuth2AuthorizeInfo;
      expect(info.client).toEqual({ name: '商城', logo: 'https://client.example.com/logo.png' });
      expect(info.scopes).toEqual([
        { key: 'user.read', value: false },
        { key: 'user.write', value: false },
      ]);
      expect(await call('GET', '/system/oauth2/authorize', { query: { clientId: 'nobody' } })).toMatchObject({
        code: 1_002_020_000,
      });
      expect((await call('GET', '/system/oauth2/authorize')).code).toBe(400);
      expect((await t.api({ path: '/system/oauth2/authorize', query: { clientId: 'shop' } })).code).toBe(401);
      expect(
        (
          await t.api({
            path: '/system/oauth2/authorize',
            query: { clientId: 'shop' },
            token: admin,
            tenant: tenant2.tenantId,
          })
        ).code,
      ).toBe(403);
    });

    it('auto-approves only what was approved before; remembers answers; a denial redirects with the error', async () => {
      expect(await authorize(t, admin, { autoApprove: true, scopes: { 'user.write': true } })).toMatchObject({
        code: 0,
        data: null,
      });
      const approved = await authorize(t, admin, { scopes: { 'user.write': true }, state: 's 1' });
      const url = new URL(approved.data as string);
      expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
      expect(url.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
      expect(url.searchParams.get('state')).toBe('s 1');
      expect(approved.data as string).toContain('state=s%201');
      const again = await authorize(t, admin, { autoApprove: true, scopes: { 'user.write': true } });
      expect(codeOf(again.data)).toMatch(/^[0-9a-f]{32}$/);
      const info = (await call('GET', '/system/oauth2/authorize', { query: { clientId: 'shop' } }))
        .data as OAuth2AuthorizeInfo;
      expect(info.scopes).toContainEqual({ key: 'user.write', value: true });

      const denied = await authorize(t, admin, {
        scopes: { 'user.read': false, 'user.write': false },
        state: 'abc',
      });
      expect(denied.data).toBe(
        `${REDIRECT_URI}?error=access_denied&error_description=User%20denied%20access&state=abc`,
      );
      // The answers carry codes: the operate log keeps none of them.
      await t.app.operateLogsSettled();
      const logged = await t.db.kysely
        .selectFrom('systemOperateLog')
        .select('id')
        .where('requestUrl', 'like', '%/system/oauth2/authorize%')
        .execute();
      expect(logged).toEqual([]);
      // The denial is remembered: nothing is auto-approved any more.
      expect(
        (await authorize(t, admin, { autoApprove: true, scopes: { 'user.write': true } })).data,
      ).toBeNull();
      expect(await t.api({ path: '/system/oauth2/authorize', query: { clientId: 'shop' } })).toMatchObject({
        code: 401,
      });
    });

    it('honours the client’s auto-approve scopes and reads the parameters from the query string too', async () => {
      await createClient(t, admin, {
        clientId: 'auto',
        scopes: ['user.read'],
        autoApproveScopes: ['user.read'],
        authorizedGrantTypes: ['authorization_code'],
      });
      const res = await t.api({
        method: 'POST',
        path: '/system/oauth2/authorize',
        token: admin,
        query: {
          response_type: 'code',
          client_id: 'auto',
          redirect_uri: REDIRECT_URI,
          auto_approve: 'true',
          scope: JSON.stringify({ 'user.read': true }),
          state: 'q',
        },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.code, res.msg).toBe(0);
      expect(new URL(res.data as string).searchParams.get('state')).toBe('q');
      const approvals = await t.db.kysely
        .selectFrom('systemOauth2Approve')
        .selectAll()
        .where('clientId', '=', 'auto')
        .execute();
      expect(approvals).toMatchObject([{ scope: 'user.read', approved: 1, userId: 1, tenantId: 1 }]);
    });

    it('refuses bad requests with the reference’s errors and issues nothing', async () => {
      const codes = async () =>
        (await t.db.kysely.selectFrom('systemOauth2Code').select('id').execute()).length;
      const before = await codes();
      expect(await authorize(t, admin, { responseType: 'magic' })).toMatchObject({
        code: 400,
        msg: 'response_type 参数值只允许 code 和 token',
      });
      expect(await authorize(t, admin, { redirectUri: 'https://evil.example.com/cb' })).toMatchObject({
        code: 1_002_020_005,
        msg: '无效 redirect_uri: https://evil.example.com/cb',
      });
      expect(await authorize(t, admin, { redirectUri: `${REDIRECT_URI}/more` })).toMatchObject({
        code: 1_002_020_005,
      });
      expect(await authorize(t, admin, { scopes: { 'user.admin': true } })).toMatchObject({
        code: 1_002_020_004,
        msg: '授权范围过大',
      });
      expect(await authorize(t, admin, { clientId: 'auto', responseType: 'token' })).toMatchObject({
        code: 1_002_020_003,
        msg: '不支持该授权类型',
      });
      expect(await authorize(t, admin, { clientId: 'ghost' })).toMatchObject({ code: 1_002_020_000 });
      await createClient(t, admin, { clientId: 'off', status: 1 });
      expect(await authorize(t, admin, { clientId: 'off' })).toMatchObject({
        code: 1_002_020_002,
        msg: 'OAuth2 客户端已禁用',
      });
      expect(await call('GET', '/system/oauth2/authorize', { query: { clientId: 'off' } })).toMatchObject({
        code: 1_002_020_002,
      });
      const badScope = await postForm(
        t,
        '/system/oauth2/authorize',
        {
          response_type: 'code',
          client_id: 'shop',
          redirect_uri: REDIRECT_URI,
          auto_approve: 'false',
          scope: '[1]',
        },
        { token: admin },
      );
      expect(badScope.code).toBe(400);
      expect(badScope.msg).toContain('scope');
      expect(
        (await postForm(t, '/system/oauth2/authorize', { client_id: 'shop' }, { token: admin })).code,
      ).toBe(400);
      expect(await authorize(t, admin, { extra: { code_challenge: 'x'.repeat(43) } })).toMatchObject({
        code: 400,
        msg: 'code_challenge_method 只支持 S256',
      });
      expect(await codes()).toBe(before);
    });

    it('requires PKCE of a client that asks for it', async () => {
      await createClient(t, admin, { clientId: 'spa', pkceRequired: true });
      expect(await authorize(t, admin, { clientId: 'spa' })).toMatchObject({
        code: 1_002_020_007,
        msg: '该客户端要求使用 PKCE，请传递 S256 的 code_challenge',
      });
      const ok = await authorize(t, admin, {
        clientId: 'spa',
        extra: {
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        },
      });
      expect(ok.code).toBe(0);
      const verify = (verifier: string) =>
        postForm(
          t,
          '/system/oauth2/token',
          {
            grant_type: 'authorization_code',
            code: codeOf(ok.data),
            redirect_uri: REDIRECT_URI,
            code_verifier: verifier,
          },
          { headers: basic('spa', 'shop-secret') },
        );
      // RFC 7636 appendix B: this verifier hashes to the challenge above; a wrong one spends the code.
      expect(await verify('wrong-verifier-wrong-verifier-wrong-verifier')).toMatchObject({
        code: 1_002_021_004,
        msg: 'code_verifier 不正确',
      });
      expect(await verify('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toMatchObject({
        code: 1_002_022_000,
      });
      const again = await authorize(t, admin, {
        clientId: 'spa',
        extra: {
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        },
      });
      const good = await postForm(
        t,
        '/system/oauth2/token',
        {
          grant_type: 'authorization_code',
          code: codeOf(again.data),
          redirect_uri: REDIRECT_URI,
          code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        },
        { headers: basic('spa', 'shop-secret') },
      );
      expect(good.code, good.msg).toBe(0);
    });

    it('gives an implicit grant’s token in the fragment', async () => {
      const res = await authorize(t, admin, {
        responseType: 'token',
        scopes: { 'user.read': true },
        state: 'i',
      });
      const url = new URL(res.data as string);
      expect(url.search).toBe('');
      const fragment = new URLSearchParams(url.hash.slice(1));
      expect(fragment.get('token_type')).toBe('bearer');
      expect(fragment.get('state')).toBe('i');
      expect(fragment.get('scope')).toBe('user.read');
      expect(Number(fragment.get('expires_in'))).toBe(600);
      const user = await t.api({
        path: '/system/oauth2/user/get',
        token: fragment.get('access_token')!,
        tenant: null,
      });
      expect(user).toMatchObject({ code: 0, data: { id: 1, username: 'admin' } });
    });
  });

  describe('POST /system/oauth2/token', () => {
    it('exchanges a code once, in snake_case inside the envelope', async () => {
      const consent = await authorize(t, admin, {
        scopes: { 'user.read': true, 'user.write': false },
        state: 'st',
      });
      const code = codeOf(consent.data);
      const exchange = (headers: Record<string, string>, fields: Record<string, string> = {}) =>
        postForm(
          t,
          '/system/oauth2/token',
          { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, ...fields },
          { headers },
        );
      const res = await exchange(shopAuth, { state: 'st' });
      expect(res.code).toBe(0);
      const data = res.data as OAuth2AccessTokenResp;
      expect(data).toMatchObject({ token_type: 'bearer', expires_in: 600, scope: 'user.read' });
      expect(data.access_token).toMatch(/^[0-9a-f]{32}$/);
      expect(data.refresh_token).toMatch(/^[0-9a-f]{32}$/);
      expect(await exchange(shopAuth)).toMatchObject({ code: 1_002_022_000, msg: 'code 不存在' });
      // Stored as digests only.
      const stored = await t.db.kysely
        .selectFrom('systemOauth2AccessToken')
        .select('accessToken')
        .where('accessToken', '=', digestToken(data.access_token))
        .executeTakeFirst();
      expect(stored).toBeDefined();
    });

    it('checks the client, the code and the parameters against each other', async () => {
      await createClient(t, admin, { clientId: 'other', secret: 'other-secret' });
      const code = async (state?: string) => codeOf((await authorize(t, admin, { state })).data);
      const exchange = async (
        fields: Record<string, string>,
        headers: Record<string, string> = shopAuth,
        tenant?: number,
      ) =>
        postForm(
          t,
          '/system/oauth2/token',
          { grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, ...fields },
          { headers, tenant: tenant ?? null },
        );

      expect(await exchange({ code: await code() }, basic('other', 'other-secret'))).toMatchObject({
        code: 1_002_021_000,
        msg: 'client_id 不匹配',
      });
      await t.api({
        method: 'PUT',
        path: '/system/oauth2-client/update',
        token: admin,
        body: {
          ...clientBody({ redirectUris: [REDIRECT_URI, 'https://client.example.com/other'] }),
          id: shopId,
        },
      });
      expect(
        await exchange({ code: await code(), redirect_uri: 'https://client.example.com/other' }),
      ).toMatchObject({
        code: 1_002_021_001,
      });
      expect(await exchange({ code: await code('one'), state: 'two' })).toMatchObject({
        code: 1_002_021_002,
        msg: 'state 不匹配',
      });
      const late = await code();
      t.clock.now += 5 * 60 * 1000 + 1;
      expect(await exchange({ code: late })).toMatchObject({ code: 1_002_022_001, msg: 'code 已过期' });
      t.clock.now -= 5 * 60 * 1000 + 1;
      // Another tenant's header does not find (nor spend) the code.
      const mine = await code();
      expect(await exchange({ code: mine }, shopAuth, tenant2.tenantId)).toMatchObject({
        code: 1_002_022_000,
      });
      expect((await exchange({ code: mine }, shopAuth, 1)).code).toBe(0);

      expect(await exchange({ code: await code() }, basic('shop', 'wrong'))).toMatchObject({
        code: 1_002_020_006,
        msg: '无效 client_secret: 客户端密钥不正确',
      });
      expect(await exchange({ code: await code() }, {})).toMatchObject({
        code: 400,
        msg: 'client_id 或 client_secret 未正确传递',
      });
      const viaForm = await exchange(
        { code: await code(), client_id: 'shop', client_secret: 'shop-secret' },
        {},
      );
      expect(viaForm.code).toBe(0);
      expect(
        await postForm(t, '/system/oauth2/token', { grant_type: 'magic' }, { headers: shopAuth }),
      ).toMatchObject({
        code: 400,
        msg: '未知授权类型(magic)',
      });
      expect(
        await postForm(t, '/system/oauth2/token', { grant_type: 'implicit' }, { headers: shopAuth }),
      ).toMatchObject({
        code: 400,
        msg: 'Token 接口不支持 implicit 授权模式',
      });
      expect((await postForm(t, '/system/oauth2/token', {}, { headers: shopAuth })).code).toBe(400);
      expect(
        await postForm(
          t,
          '/system/oauth2/token',
          { grant_type: 'password', username: 'admin', password: 'admin123' },
          {
            headers: basic('auto', 'shop-secret'),
            tenant: 1,
          },
        ),
      ).toMatchObject({ code: 1_002_020_003 });
      // The console's own client takes no secret until one is set.
      expect(
        await postForm(
          t,
          '/system/oauth2/token',
          { grant_type: 'password', username: 'admin', password: 'admin123' },
          {
            headers: basic('default', ''),
            tenant: 1,
          },
        ),
      ).toMatchObject({ code: 400 });
    });

    it('rotates third-party refresh tokens; a reused one revokes the whole family', async () => {
      const first = await codeGrant();
      const refresh = (token: string, tenant?: number) =>
        postForm(
          t,
          '/system/oauth2/token',
          { grant_type: 'refresh_token', refresh_token: token },
          { headers: shopAuth, tenant: tenant ?? null },
        );
      expect(await refresh(first.refresh_token!, tenant2.tenantId)).toMatchObject({
        code: 400,
        msg: '无效的刷新令牌',
      });
      const second = (await refresh(first.refresh_token!)).data as OAuth2AccessTokenResp;
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.scope).toBe('user.read');
      const userGet = (token: string) => t.api({ path: '/system/oauth2/user/get', token, tenant: null });
      expect((await userGet(first.access_token)).code).toBe(401);
      expect((await userGet(second.access_token)).code).toBe(0);

      // The first refresh token again: the family is gone.
      expect(await refresh(first.refresh_token!)).toMatchObject({ code: 400, msg: '无效的刷新令牌' });
      expect((await userGet(second.access_token)).code).toBe(401);
      expect(await refresh(second.refresh_token!)).toMatchObject({ code: 400, msg: '无效的刷新令牌' });

      // The console's refresh takes only the console's refresh tokens.
      const third = await codeGrant();
      expect(
        await t.api({
          method: 'POST',
          path: '/system/auth/refresh-token',
          query: { refreshToken: third.refresh_token! },
        }),
      ).toMatchObject({ code: 400, msg: '刷新令牌的客户端编号不正确' });
      const expiring = await codeGrant();
      t.clock.now += 3600 * 1000 + 1;
      expect(await refresh(expiring.refresh_token!)).toMatchObject({ code: 401, msg: '刷新令牌已过期' });
      t.clock.now -= 3600 * 1000 + 1;
    });

    it('password grant needs the tenant header and the account’s password', async () => {
      const grant = (fields: Record<string, string>, tenant: number | null = 1) =>
        postForm(
          t,
          '/system/oauth2/token',
          { grant_type: 'password', ...fields },
          { headers: shopAuth, tenant },
        );
      expect(await grant({ username: 'admin', password: 'admin123' }, null)).toMatchObject({
        code: 400,
        msg: '请求的租户标识未传递，请进行排查',
      });
      expect(await grant({ username: 'admin', password: 'bad-pass' })).toMatchObject({ code: 1_002_000_000 });
      expect(await grant({ username: 'admin', password: 'admin123', scope: 'user.admin' })).toMatchObject({
        code: 1_002_020_004,
      });
      expect((await grant({ username: 'admin' })).code).toBe(400);
      const ok = await grant({ username: 'admin', password: 'admin123', scope: 'user.read user.write' });
      expect(ok.data).toMatchObject({ scope: 'user.read user.write', token_type: 'bearer' });
      const tenant2Grant = await grant(
        { username: 'tenant2', password: 'tenant2pass', scope: 'user.read' },
        tenant2.tenantId,
      );
      const check = await postForm(
        t,
        '/system/oauth2/check-token',
        { token: (tenant2Grant.data as OAuth2AccessTokenResp).access_token },
        { headers: shopAuth },
      );
      expect(check.data).toMatchObject({ tenant_id: tenant2.tenantId, user_id: tenant2.userId });
    });

    it('client_credentials issues a token with no user, accepted by check-token only', async () => {
      expect(
        await postForm(
          t,
          '/system/oauth2/token',
          { grant_type: 'client_credentials' },
          { headers: shopAuth },
        ),
      ).toMatchObject({ code: 400, msg: '请求的租户标识未传递，请进行排查' });
      const res = await postForm(
        t,
        '/system/oauth2/token',
        { grant_type: 'client_credentials', scope: 'user.read' },
        { headers: shopAuth, tenant: 1 },
      );
      const data = res.data as OAuth2AccessTokenResp;
      expect(data.refresh_token).toBeUndefined();
      const check = await postForm(
        t,
        '/system/oauth2/check-token',
        { token: data.access_token },
        { headers: shopAuth },
      );
      expect(check.data).toMatchObject({
        user_id: null,
        client_id: 'shop',
        tenant_id: 1,
        scopes: ['user.read'],
      });
      expect(
        (await t.api({ path: '/system/oauth2/user/get', token: data.access_token, tenant: null })).code,
      ).toBe(401);
    });
  });

  describe('check-token, revoke and the user endpoints', () => {
    it('check-token reports a token, and refuses unknown and expired ones', async () => {
      const token = await codeGrant();
      const check = (value: string, headers: Record<string, string> = shopAuth) =>
        postForm(t, '/system/oauth2/check-token', { token: value }, { headers });
      const res = await check(token.access_token);
      const data = res.data as OAuth2CheckTokenResp;
      expect(data).toMatchObject({
        user_id: 1,
        user_type: 2,
        tenant_id: 1,
        client_id: 'shop',
        scopes: ['user.read'],
        access_token: token.access_token,
      });
      expect(data.exp).toBe(Math.floor((t.clock.now + 600 * 1000) / 1000));
      expect(await check('f'.repeat(32))).toMatchObject({ code: 401, msg: '访问令牌不存在' });
      expect(await check(token.access_token, {})).toMatchObject({ code: 400 });
      expect(await check(token.access_token, basic('shop', 'nope'))).toMatchObject({ code: 1_002_020_006 });
      expect((await postForm(t, '/system/oauth2/check-token', {}, { headers: shopAuth })).code).toBe(400);
      t.clock.now += 601 * 1000;
      expect(await check(token.access_token)).toMatchObject({ code: 401, msg: '访问令牌已过期' });
      t.clock.now -= 601 * 1000;
    });

    it('a client revokes its own tokens only', async () => {
      const token = await codeGrant();
      const revoke = (headers: Record<string, string>) =>
        postForm(t, '/system/oauth2/token', { token: token.access_token }, { headers, method: 'DELETE' });
      expect(await revoke(basic('other', 'other-secret'))).toMatchObject({ code: 0, data: false });
      expect(
        (await t.api({ path: '/system/oauth2/user/get', token: token.access_token, tenant: null })).code,
      ).toBe(0);
      expect(await revoke(shopAuth)).toMatchObject({ code: 0, data: true });
      expect(
        (await t.api({ path: '/system/oauth2/user/get', token: token.access_token, tenant: null })).code,
      ).toBe(401);
      expect(await revoke({})).toMatchObject({ code: 400 });
    });

    it('user/get and user/update need the scope; a client token reaches nothing else', async () => {
      const read = await codeGrant({ 'user.read': true });
      const info = await t.api({ path: '/system/oauth2/user/get', token: read.access_token, tenant: null });
      expect(info.code).toBe(0);
      const user = info.data as OAuth2UserInfo;
      expect(user).toMatchObject({
        id: 1,
        username: 'admin',
        nickname: '系统管理员',
        dept: { id: 101, name: '研发部' },
      });
      expect(user.posts.length).toBeGreaterThan(0);
      expect(await t.api({ path: '/system/oauth2/user/get' })).toMatchObject({ code: 401 });
      // The console's own token has no scopes; a client's token only its own.
      expect(await t.api({ path: '/system/oauth2/user/get', token: admin })).toMatchObject({ code: 403 });
      const update = (token: string, body: unknown) =>
        t.api({ method: 'PUT', path: '/system/oauth2/user/update', token, body, tenant: null });
      expect(await update(read.access_token, { nickname: '改名' })).toMatchObject({ code: 403 });
      // Third-party tokens are no console tokens.
      expect(await t.api({ path: '/system/user/page', token: read.access_token })).toMatchObject({
        code: 401,
      });
      expect(
        await t.api({ path: '/system/auth/get-permission-info', token: read.access_token }),
      ).toMatchObject({ code: 401 });
      expect(
        await t.api({ path: '/system/oauth2/user/get', token: read.access_token, tenant: tenant2.tenantId }),
      ).toMatchObject({ code: 403, msg: '您无权访问该租户的数据' });

      const write = await codeGrant({ 'user.read': true, 'user.write': true });
      expect(await update(write.access_token, { nickname: '系统管理员', mobile: '123' })).toMatchObject({
        code: 400,
      });
      expect(
        await update(write.access_token, { nickname: '管理员甲', email: 'admin@example.com' }),
      ).toMatchObject({ code: 0, data: true });
      expect(
        (
          (await t.api({ path: '/system/oauth2/user/get', token: write.access_token, tenant: null }))
            .data as OAuth2UserInfo
        ).nickname,
      ).toBe('管理员甲');
      await update(write.access_token, { nickname: '系统管理员', email: null });
    });

    it('issues codes and tokens in the tenant of the signed-in user', async () => {
      const consent = await authorize(t, tenant2.token, { scopes: { 'user.read': true } });
      expect(consent.code, consent.msg).toBe(0);
      const res = await postForm(
        t,
        '/system/oauth2/token',
        { grant_type: 'authorization_code', code: codeOf(consent.data), redirect_uri: REDIRECT_URI },
        { headers: shopAuth },
      );
      const token = (res.data as OAuth2AccessTokenResp).access_token;
      const user = await t.api({ path: '/system/oauth2/user/get', token, tenant: null });
      expect(user.data).toMatchObject({ id: tenant2.userId, username: 'tenant2' });
      const row = await t.db.kysely
        .selectFrom('systemOauth2AccessToken')
        .select('tenantId')
        .where('accessToken', '=', digestToken(token))
        .executeTakeFirstOrThrow();
      expect(Number(row.tenantId)).toBe(tenant2.tenantId);
    });
  });
});
