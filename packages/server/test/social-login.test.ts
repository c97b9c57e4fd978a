import type { LoginLog, PageResult, UserProfile } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/lib/crypto.js';
import { STATE_TTL_MS } from '../src/modules/social/state.js';
import { createTestApp, DIALECTS, freshDatabase, newRedis, probeRedis, type TestApp } from './helper.js';
import { startSocialPeer, type PeerUser, type SocialPeer } from './social-peer.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';

const REDIRECT = 'http://127.0.0.1:5173/social-login?type=90&redirect=%2Findex';
const originalFetch = globalThis.fetch;
const hasRedis = await probeRedis();

interface Started {
  url: URL;
  state: string;
}

/** Creates the tenant's clients of the four platforms, pointing the generic one at the peer. */
const configureClients = async (t: TestApp, peer: SocialPeer, token: string, tenant = 1) => {
  const create = (body: Record<string, unknown>) =>
    t.api({
      method: 'POST',
      path: '/system/social-client/create',
      token,
      tenant,
      body: { userType: 2, status: 0, ...body },
    });
  const ids = {
    oauth2: await create({
      name: '统一认证',
      socialType: 90,
      ...peer.clients.oauth2,
      authorizeUrl: `${peer.origin}/oauth2/authorize`,
      tokenUrl: `${peer.origin}/oauth2/token`,
      userInfoUrl: `${peer.origin}/oauth2/userinfo`,
      scope: 'user.read',
    }),
    gitee: await create({ name: '码云', socialType: 10, ...peer.clients.gitee }),
    dingtalk: await create({ name: '钉钉', socialType: 20, ...peer.clients.dingtalk }),
    wecom: await create({ name: '企业微信', socialType: 30, ...peer.clients.wecom, agentId: '1000002' }),
  };
  for (const res of Object.values(ids))
    if (res.code !== 0) throw new Error(`client create failed: ${res.msg}`);
  return Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, v.data as number])) as Record<
    keyof typeof ids,
    number
  >;
};

describe.each(DIALECTS)('social sign-in on %s', (dialect) => {
  let t: TestApp;
  let peer: SocialPeer;
  let admin: string;
  let clients: Awaited<ReturnType<typeof configureClients>>;
  let userSeq = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    peer = await startSocialPeer();
    vi.stubGlobal('fetch', peer.fetchThrough(originalFetch));
    admin = (await t.login()).accessToken;
    clients = await configureClients(t, peer, admin);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await peer.close();
    await t.close();
  });

  const newPeerUser = (): PeerUser => {
    userSeq += 1;
    return {
      id: `${dialect}-ext-${userSeq}`,
      name: `外部用户${userSeq}`,
      avatar: `https://img.example.com/${userSeq}.png`,
    };
  };

  /** Asks for the platform's sign-in address; returns it and its state. */
  const start = async (type = 90, redirectUri = REDIRECT, tenant = 1): Promise<Started> => {
    const res = await t.api({
      path: '/system/auth/social-auth-redirect',
      query: { type: String(type), redirectUri },
      tenant,
    });
    expect(res.code, res.msg).toBe(0);
    const url = new URL(res.data as string);
    return { url, state: url.searchParams.get('state')! };
  };

  /** Goes through the generic provider's authorize page as the browser would; returns the code it hands back. */
  const authorize = async (started: Started, as: PeerUser): Promise<string> => {
    peer.signedIn = as;
    const res = await originalFetch(started.url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:5173/social-login');
    expect(back.searchParams.get('state')).toBe(started.state);
    return back.searchParams.get('code')!;
  };

  const socialLogin = (body: Record<string, unknown>, tenant = 1) =>
    t.api({ method: 'POST', path: '/system/auth/social-login', body, tenant });

  const passwordLogin = (body: Record<string, unknown>, tenant = 1) =>
    t.api({ method: 'POST', path: '/system/auth/login', body, tenant });

  const profileOf = async (token: string) =>
    ((await t.api({ path: '/system/user/profile/get', token })).data as UserProfile).socialUsers;

  const lastLoginLog = async () =>
    ((await t.api({ path: '/system/login-log/page', token: admin })).data as PageResult<LoginLog>).list[0]!;

  const addUser = async (username: string, status = 0): Promise<number> => {
    const { id } = await t.db.kysely
      .insertInto('systemUsers')
      .values({
        tenantId: 1,
        username,
        password: await hashPassword('social123'),
        nickname: username,
        status,
        remark: null,
        deptId: null,
        email: null,
        mobile: null,
        sex: null,
        avatar: null,
        loginIp: null,
        loginDate: null,
        creator: null,
        updater: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  };

  it('sends the browser to each platform with a signed state', async () => {
    const generic = await start(90);
    expect(`${generic.url.origin}${generic.url.pathname}`).toBe(`${peer.origin}/oauth2/authorize`);
    expect(Object.fromEntries(generic.url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'peer-client',
      redirect_uri: REDIRECT,
      scope: 'user.read',
      state: generic.state,
    });
    expect(generic.state).toMatch(/^[\w-]+\.[\w-]+$/);

    const gitee = await start(10, 'http://127.0.0.1:5173/oauthLogin/gitee?redirect=%2Findex');
    expect(gitee.url.toString()).toMatch(/^https:\/\/gitee\.com\/oauth\/authorize\?/);
    expect(gitee.url.searchParams.get('client_id')).toBe('gitee-client');
    expect(gitee.url.searchParams.get('scope')).toBe('user_info');
    const ding = await start(20);
    expect(`${ding.url.origin}${ding.url.pathname}`).toBe('https://login.dingtalk.com/oauth2/auth');
    expect(ding.url.searchParams.get('scope')).toBe('openid');
    const wecom = await start(30);
    expect(`${wecom.url.origin}${wecom.url.pathname}`).toBe(
      'https://open.work.weixin.qq.com/wwopen/sso/qrConnect',
    );
    expect(Object.fromEntries(wecom.url.searchParams)).toMatchObject({ appid: 'wwcorp', agentid: '1000002' });
  });

  it('refuses a bad redirect request', async () => {
    const ask = (query: Record<string, string>, tenant: number | null = 1) =>
      t.api({ path: '/system/auth/social-auth-redirect', query, tenant });
    expect(await ask({ redirectUri: REDIRECT })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('社交平台的类型'),
    });
    expect(await ask({ type: '11', redirectUri: REDIRECT })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('社交平台的类型不正确'),
    });
    expect(await ask({ type: '90' })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('回调地址不能为空'),
    });
    expect(await ask({ type: '90', redirectUri: '/social-login' })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('回调地址必须是 http:// 或 https:// 开头的完整地址'),
    });
    expect(await ask({ type: '90', redirectUri: REDIRECT }, null)).toMatchObject({
      code: 400,
      msg: '请求的租户标识未传递，请进行排查',
    });
    // A platform the tenant has no enabled client of.
    await t.api({
      method: 'PUT',
      path: '/system/social-client/update',
      token: admin,
      body: {
        id: clients.dingtalk,
        name: '钉钉',
        socialType: 20,
        userType: 2,
        clientId: 'ding-client',
        status: 1,
      },
    });
    expect(await ask({ type: '20', redirectUri: REDIRECT })).toMatchObject({
      code: 1_002_018_210,
      msg: '社交客户端不存在',
    });
    await t.api({
      method: 'PUT',
      path: '/system/social-client/update',
      token: admin,
      body: {
        id: clients.dingtalk,
        name: '钉钉',
        socialType: 20,
        userType: 2,
        clientId: 'ding-client',
        status: 0,
      },
    });
  });

  it('answers 未绑定账号 first, binds through password sign-in, then signs in directly', async () => {
    const outsider = newPeerUser();
    const first = await start();
    const code = await authorize(first, outsider);
    expect(await socialLogin({ type: 90, code, state: first.state })).toMatchObject({
      code: 1_002_000_005,
      msg: '未绑定账号，需要进行绑定',
    });
    const account = await t.db.kysely
      .selectFrom('systemSocialUser')
      .selectAll()
      .where('openid', '=', outsider.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      type: 90,
      nickname: outsider.name,
      avatar: outsider.avatar,
      code,
      state: first.state,
      tenantId: 1,
    });
    expect(JSON.parse(account.rawUserInfo)).toMatchObject({ sub: outsider.id });
    expect(JSON.parse(account.rawTokenInfo)).toMatchObject({ token_type: 'bearer' });
    expect(peer.exchanges.oauth2).toBe(1);

    // A wrong password binds nothing.
    expect(
      await passwordLogin({
        username: 'admin',
        password: 'wrong123',
        socialType: 90,
        socialCode: code,
        socialState: first.state,
      }),
    ).toMatchObject({ code: 1_002_000_000 });
    // The bind reuses the account the failed sign-in exchanged: the code goes to the provider once.
    const bound = await passwordLogin({
      username: 'admin',
      password: 'admin123',
      socialType: 90,
      socialCode: code,
      socialState: first.state,
    });
    expect(bound.code, bound.msg).toBe(0);
    expect(peer.exchanges.oauth2).toBe(1);
    const token = (bound.data as { accessToken: string }).accessToken;
    expect(await profileOf(token)).toContainEqual({ type: 90, openid: outsider.id });
    // Used for the bind, the code and state sign in no more.
    expect(await socialLogin({ type: 90, code, state: first.state })).toMatchObject({
      code: 1_002_018_000,
      msg: '社交授权失败，原因是：授权状态已被使用，请重新发起登录',
    });

    const second = await start();
    const res = await socialLogin({ type: 90, code: await authorize(second, outsider), state: second.state });
    expect(res.code, res.msg).toBe(0);
    expect(Object.keys(res.data as object).sort()).toEqual([
      'accessToken',
      'expiresTime',
      'refreshToken',
      'userId',
    ]);
    const signedIn = res.data as { accessToken: string; userId: number };
    expect(signedIn.userId).toBe(1);
    expect(
      await t.api({ path: '/system/auth/get-permission-info', token: signedIn.accessToken }),
    ).toMatchObject({
      code: 0,
      data: { user: { id: 1 } },
    });
    expect(await lastLoginLog()).toMatchObject({ logType: 101, result: 0, userId: 1, username: 'admin' });
  });

  it('accepts only states it issued, for this tenant and platform, unused and unexpired', async () => {
    const outsider = newPeerUser();
    const started = await start();
    const code = await authorize(started, outsider);
    const exchanged = peer.exchanges.oauth2;
    const [body, signature] = started.state.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), t: 2 })).toString('base64url')}.${signature}`;
    for (const state of [forged, `${body}.AAAA`, 'nonsense', `${started.state}.x`]) {
      expect(await socialLogin({ type: 90, code, state })).toMatchObject({
        code: 1_002_018_000,
        msg: '社交授权失败，原因是：授权状态无效，请重新发起登录',
      });
    }
    // Issued for the generic provider, not for Gitee.
    expect(await socialLogin({ type: 10, code, state: started.state })).toMatchObject({
      code: 1_002_018_000,
    });
    expect(peer.exchanges.oauth2).toBe(exchanged);

    t.clock.now += STATE_TTL_MS + 1000;
    expect(await socialLogin({ type: 90, code, state: started.state })).toMatchObject({
      code: 1_002_018_000,
      msg: '社交授权失败，原因是：授权已过期，请重新发起登录',
    });
    t.clock.now -= STATE_TTL_MS + 1000;

    // One exchange per state: a second code with the same state is refused before reaching the provider.
    expect((await socialLogin({ type: 90, code, state: started.state })).code).toBe(1_002_000_005);
    const exchanges = peer.exchanges.oauth2;
    expect(await socialLogin({ type: 90, code: 'another', state: started.state })).toMatchObject({
      msg: '社交授权失败，原因是：授权状态已被使用，请重新发起登录',
    });
    expect(peer.exchanges.oauth2).toBe(exchanges);
  });

  it('reports what the provider refused', async () => {
    const unknownCode = await start();
    expect(await socialLogin({ type: 90, code: 'not-issued', state: unknownCode.state })).toMatchObject({
      code: 1_002_018_000,
      msg: '社交授权失败，原因是：授权码无效或已使用',
    });
    await t.db.kysely
      .updateTable('systemSocialClient')
      .set({ tokenUrl: 'http://127.0.0.1:1/token' })
      .where('id', '=', clients.oauth2)
      .execute();
    const unreachable = await start();
    expect(
      await socialLogin({
        type: 90,
        code: peer.issueCode('oauth2', newPeerUser()),
        state: unreachable.state,
      }),
    ).toMatchObject({
      code: 1_002_018_000,
      msg: '社交授权失败，原因是：无法连接社交平台（127.0.0.1:1）',
    });
    await t.db.kysely
      .updateTable('systemSocialClient')
      .set({ tokenUrl: `${peer.origin}/oauth2/token` })
      .where('id', '=', clients.oauth2)
      .execute();
    // A secret the provider does not accept.
    await t.api({
      method: 'PUT',
      path: '/system/social-client/update',
      token: admin,
      body: {
        id: clients.oauth2,
        name: '统一认证',
        socialType: 90,
        userType: 2,
        clientId: 'peer-client',
        clientSecret: 'wrong',
        status: 0,
        authorizeUrl: `${peer.origin}/oauth2/authorize`,
        tokenUrl: `${peer.origin}/oauth2/token`,
        userInfoUrl: `${peer.origin}/oauth2/userinfo`,
      },
    });
    const badSecret = await start();
    expect(
      await socialLogin({
        type: 90,
        code: await authorize(badSecret, newPeerUser()),
        state: badSecret.state,
      }),
    ).toMatchObject({
      code: 1_002_018_000,
      msg: '社交授权失败，原因是：invalid_client',
    });
    await t.api({
      method: 'PUT',
      path: '/system/social-client/update',
      token: admin,
      body: {
        id: clients.oauth2,
        name: '统一认证',
        socialType: 90,
        userType: 2,
        clientId: 'peer-client',
        clientSecret: 'peer-secret',
        status: 0,
        authorizeUrl: `${peer.origin}/oauth2/authorize`,
        tokenUrl: `${peer.origin}/oauth2/token`,
        userInfoUrl: `${peer.origin}/oauth2/userinfo`,
        scope: 'user.read',
      },
    });
  });

  it("reads our own server's envelope-wrapped token and user info", async () => {
    peer.envelope = true;
    try {
      const outsider = newPeerUser();
      const started = await start();
      expect(
        await socialLogin({ type: 90, code: await authorize(started, outsider), state: started.state }),
      ).toMatchObject({
        code: 1_002_000_005,
      });
      expect(
        await t.db.kysely
          .selectFrom('systemSocialUser')
          .select(['nickname', 'avatar'])
          .where('openid', '=', outsider.id)
          .executeTakeFirst(),
      ).toEqual({ nickname: outsider.name, avatar: outsider.avatar });
      const refused = await start();
      expect(await socialLogin({ type: 90, code: 'not-issued', state: refused.state })).toMatchObject({
        msg: '社交授权失败，原因是：code 不存在',
      });
    } finally {
      peer.envelope = false;
    }
  });

  it.each([
    [10, 'gitee', 'http://127.0.0.1:5173/oauthLogin/gitee?redirect=%2Findex'],
    [20, 'dingtalk', REDIRECT],
    [30, 'wecom', REDIRECT],
  ] as const)(
    'signs in through platform %i (%s) with its documented API',
    async (type, platform, redirectUri) => {
      const outsider = { ...newPeerUser(), id: String(90000 + userSeq) };
      const username = `${platform}user`;
      const userId = await addUser(username);
      const first = await start(type, redirectUri);
      const code = peer.issueCode(platform, outsider, platform === 'gitee' ? redirectUri : null);
      expect(await socialLogin({ type, code, state: first.state })).toMatchObject({ code: 1_002_000_005 });
      expect(
        await t.db.kysely
          .selectFrom('systemSocialUser')
          .select(['openid', 'nickname', 'avatar'])
          .where('type', '=', type)
          .where('openid', '=', outsider.id)
          .executeTakeFirst(),
      ).toEqual({ openid: outsider.id, nickname: outsider.name, avatar: outsider.avatar });
      const bound = await passwordLogin({
        username,
        password: 'social123',
        socialType: type,
        socialCode: code,
        socialState: first.state,
      });
      expect(bound.code, bound.msg).toBe(0);

      const again = await start(type, redirectUri);
      const res = await socialLogin({
        type,
        code: peer.issueCode(platform, outsider, platform === 'gitee' ? redirectUri : null),
        state: again.state,
      });
      expect(res.code, res.msg).toBe(0);
      expect((res.data as { userId: number }).userId).toBe(userId);
    },
  );

  it('binds and unbinds for the signed-in user in the personal centre', async () => {
    const userId = await addUser('binder');
    const token = (await t.login('binder', 'social123')).accessToken;
    const outsider = newPeerUser();
    const started = await start();
    const code = await authorize(started, outsider);
    const bind = (body: Record<string, unknown>, as: string | null = token, tenant = 1) =>
      t.api({ method: 'POST', path: '/system/social-user/bind', body, token: as, tenant });
    const unbind = (body: Record<string, unknown>, as: string | null = token, tenant = 1) =>
      t.api({ method: 'DELETE', path: '/system/social-user/unbind', body, token: as, tenant });

    expect(await bind({ type: 90, state: started.state })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('授权码不能为空'),
    });
    expect(await bind({ type: 90, code, state: started.state }, null)).toMatchObject({ code: 401 });
    expect(await bind({ type: 90, code, state: started.state }, token, 2)).toMatchObject({
      code: 403,
      msg: '您无权访问该租户的数据',
    });
    expect(await profileOf(token)).toEqual([]);
    expect(await bind({ type: 90, code, state: started.state })).toMatchObject({ code: 0, data: true });
    expect(await profileOf(token)).toEqual([{ type: 90, openid: outsider.id }]);

    const signIn = async () => {
      const again = await start();
      return socialLogin({ type: 90, code: await authorize(again, outsider), state: again.state });
    };
    expect(((await signIn()).data as { userId: number }).userId).toBe(userId);

    // Bound by another user, the account moves to them.
    const other = await start();
    expect(
      await bind({ type: 90, code: await authorize(other, outsider), state: other.state }, admin),
    ).toMatchObject({ code: 0 });
    expect(await profileOf(token)).toEqual([]);
    expect(((await signIn()).data as { userId: number }).userId).toBe(1);
    const back = await start();
    expect((await bind({ type: 90, code: await authorize(back, outsider), state: back.state })).code).toBe(0);

    expect(await unbind({ type: 90 })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('openid 不能为空'),
    });
    expect(await unbind({ type: 90, openid: outsider.id }, null)).toMatchObject({ code: 401 });
    expect(await unbind({ type: 90, openid: 'nobody' })).toMatchObject({
      code: 1_002_018_001,
      msg: '社交授权失败，找不到对应的用户',
    });
    // Not bound to the admin: nothing to remove for them.
    expect(await unbind({ type: 90, openid: outsider.id }, admin)).toMatchObject({ code: 1_002_018_001 });
    expect(await unbind({ type: 90, openid: outsider.id })).toMatchObject({ code: 0, data: true });
    expect(await profileOf(token)).toEqual([]);
    expect(await signIn()).toMatchObject({ code: 1_002_000_005 });
  });

  it('refuses a disabled user and a password sign-in that sends the platform without its code', async () => {
    const userId = await addUser('disabledsocial');
    const outsider = newPeerUser();
    const first = await start();
    const code = await authorize(first, outsider);
    await socialLogin({ type: 90, code, state: first.state });
    expect(
      await passwordLogin({
        username: 'disabledsocial',
        password: 'social123',
        socialType: 90,
        socialState: first.state,
      }),
    ).toMatchObject({ code: 400, msg: '请求参数不正确:社交授权码和 state 不能为空' });
    expect(
      (
        await passwordLogin({
          username: 'disabledsocial',
          password: 'social123',
          socialType: 90,
          socialCode: code,
          socialState: first.state,
        })
      ).code,
    ).toBe(0);
    await t.db.kysely.updateTable('systemUsers').set({ status: 1 }).where('id', '=', userId).execute();
    const again = await start();
    expect(
      await socialLogin({ type: 90, code: await authorize(again, outsider), state: again.state }),
    ).toMatchObject({
      code: 1_002_000_001,
      msg: '登录失败，账号被禁用',
    });
    expect(await lastLoginLog()).toMatchObject({
      logType: 101,
      result: 20,
      userId,
      username: 'disabledsocial',
    });
  });

  it('keeps bindings and states within their tenant', async () => {
    const packageId = await createPackage(t, admin, `社交套餐${dialect}`, [1, 2739, 2740, 2741, 2742]);
    const other = await createTenantAndSignIn(
      t,
      admin,
      tenantBody(t, packageId, { name: `社交租户${dialect}`, username: 'socialten' }),
    );
    await configureClients(t, peer, other.token, other.tenantId);
    const outsider = newPeerUser();
    const mine = await start();
    await passwordLogin({
      username: 'admin',
      password: 'admin123',
      socialType: 90,
      socialCode: await authorize(mine, outsider),
      socialState: mine.state,
    });
    // Tenant 1's state is no good for the other tenant.
    const ours = await start();
    expect(
      await socialLogin(
        { type: 90, code: await authorize(ours, outsider), state: ours.state },
        other.tenantId,
      ),
    ).toMatchObject({
      code: 1_002_018_000,
    });
    // The same outside account is unknown to the other tenant.
    const theirs = await start(90, REDIRECT, other.tenantId);
    expect(
      await socialLogin(
        { type: 90, code: await authorize(theirs, outsider), state: theirs.state },
        other.tenantId,
      ),
    ).toMatchObject({
      code: 1_002_000_005,
    });
  });

  it('tells the login page which platforms and whether registration are on', async () => {
    const options = (query: Record<string, string> = {}, tenant: number | null = 1) =>
      t.api({ path: '/system/auth/login-options', query, tenant });
    await t.api({
      method: 'POST',
      path: '/system/social-client/create',
      token: admin,
      body: { name: '会员端', socialType: 10, userType: 1, clientId: 'member', clientSecret: 's', status: 0 },
    });
    expect(await options()).toMatchObject({
      code: 0,
      data: {
        registerEnabled: false,
        socialTypes: [
          { type: 10, name: '码云' },
          { type: 20, name: '钉钉' },
          { type: 30, name: '企业微信' },
          { type: 90, name: '统一认证' },
        ],
      },
    });
    await t.db.kysely
      .updateTable('systemSocialClient')
      .set({ status: 1 })
      .where('id', '=', clients.wecom)
      .execute();
    expect(
      (
        (await options({ tenantName: '默认租户' }, null)).data as { socialTypes: { type: number }[] }
      ).socialTypes.map((s) => s.type),
    ).toEqual([10, 20, 90]);
    await t.db.kysely
      .updateTable('systemSocialClient')
      .set({ status: 0 })
      .where('id', '=', clients.wecom)
      .execute();
    expect(await options({ tenantName: '没有这个租户' }, null)).toMatchObject({ data: { socialTypes: [] } });
    expect(await options({}, null)).toMatchObject({ code: 0, data: { socialTypes: [] } });
    expect(await options({ tenantName: 'x'.repeat(31) })).toMatchObject({ code: 400 });
  });
});

describe.runIf(hasRedis)('social sign-in states shared through Redis', () => {
  const redis = hasRedis ? newRedis() : null;
  let a: TestApp;
  let b: TestApp;
  let peer: SocialPeer;
  beforeAll(async () => {
    const { db } = await freshDatabase('sqlite');
    a = await createTestApp('sqlite', { db, redis });
    b = await createTestApp('sqlite', { db, redis });
    peer = await startSocialPeer();
    await configureClients(a, peer, (await a.login()).accessToken);
  });
  afterAll(async () => {
    await peer.close();
    await b.app.close().catch(() => undefined);
    await a.app.close().catch(() => undefined);
    redis?.disconnect();
  });

  it('lets a state be exchanged once across instances', async () => {
    const res = await a.api({
      path: '/system/auth/social-auth-redirect',
      query: { type: '90', redirectUri: REDIRECT },
    });
    const state = new URL(res.data as string).searchParams.get('state')!;
    const user = { id: 'redis-user', name: '共享' };
    const first = await b.api({
      method: 'POST',
      path: '/system/auth/social-login',
      body: { type: 90, code: peer.issueCode('oauth2', user), state },
    });
    expect(first.code).toBe(1_002_000_005);
    const second = await a.api({
      method: 'POST',
      path: '/system/auth/social-login',
      body: { type: 90, code: 'other', state },
    });
    expect(second.msg).toBe('社交授权失败，原因是：授权状态已被使用，请重新发起登录');
    const nonce = JSON.parse(Buffer.from(state.split('.')[0]!, 'base64url').toString()) as { n: string };
    expect(await redis!.pttl(`social-state:${nonce.n}`)).toBeGreaterThan(0);
  });
});
