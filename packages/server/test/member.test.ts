import type {
  AppMemberProfile,
  LoginResp,
  MemberAddress,
  MemberUser,
  MemberWallet,
  PageResult,
  SmsLog,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../src/db/migrations/040_member.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { SMS_CODE_RULES } from '../src/modules/sms/code-service.js';
import { createTestApp, DIALECTS, type ApiCall, type TestApp } from './helper.js';
import { addMember, lastSmsCode, smsSignInMember } from './member-fixture.js';
import { databaseBefore } from './migrated-before.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';
import { addScopedUser } from './users-fixture.js';

/* 会员中心: 会员管理 in the console, and the member API below /app-api; every endpoint on every dialect. */

/** 会员中心 › 会员管理 and its buttons. */
const MEMBER_MENUS = [2262, 2317, 2318, 2319, 2335];
const SHENZHEN_NANSHAN = 440305;
const GUANGZHOU_TIANHE = 440106;

const address = (overrides: Record<string, unknown> = {}) => ({
  name: '张三',
  mobile: '13800138000',
  areaId: SHENZHEN_NANSHAN,
  detailAddress: '科技园 1 号',
  defaultStatus: false,
  ...overrides,
});

describe.each(DIALECTS)('members on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seq = 0;
  /** A mobile no member has yet (each is sent at most one code a minute). */
  const newMobile = () => `1390000${String(++seq).padStart(4, '0')}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.smsPoller.stop();
    // Noon, so that a test's minutes never cross midnight (the daily SMS limit).
    const noon = new Date();
    noon.setHours(12, 0, 0, 0);
    t.clock.now = noon.getTime();
    admin = (await t.login()).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A call of the admin API as the system administrator (or `token`). */
  const call = <T = unknown>(c: ApiCall) =>
    t.api({ token: admin, ...c }) as Promise<Awaited<ReturnType<TestApp['api']>> & { data: T }>;
  const ok = async <T = unknown>(c: ApiCall): Promise<T> => {
    const res = await call<T>(c);
    expect(res.code, `${c.path}: ${res.msg}`).toBe(0);
    return res.data;
  };
  /** A call of the member API (as `token`, a member's). */
  const app = <T = unknown>(c: ApiCall) =>
    t.api({ ...c, api: 'app' }) as Promise<Awaited<ReturnType<TestApp['api']>> & { data: T }>;
  const appOk = async <T = unknown>(c: ApiCall): Promise<T> => {
    const res = await app<T>(c);
    expect(res.code, `${c.path}: ${res.msg}`).toBe(0);
    return res.data;
  };
  const byId = (id: number) => ({ id: String(id) });
  const passwordLogin = (mobile: string, password: string, tenant: number = 1) =>
    app<LoginResp>({ method: 'POST', path: '/member/auth/login', body: { mobile, password }, tenant });
  const memberRow = (id: number) =>
    t.db.kysely.selectFrom('memberUser').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('the member API’s sign-in', () => {
    it('registers a member on its first SMS sign-in and signs the same member in again', async () => {
      const mobile = newMobile();
      const first = await smsSignInMember(t, mobile, { headers: { terminal: '31' } });
      expect(first).toEqual({
        userId: expect.any(Number),
        accessToken: expect.stringMatching(/^[0-9a-f]{32}$/),
        refreshToken: expect.stringMatching(/^[0-9a-f]{32}$/),
        expiresTime: t.clock.now + 1800 * 1000,
      });
      const member = await ok<MemberUser>({ path: '/member/user/get', query: byId(first.userId) });
      expect(member).toEqual({
        id: first.userId,
        mobile,
        nickname: expect.stringMatching(/^用户\d{6}$/),
        avatar: null,
        name: null,
        sex: null,
        birthday: null,
        areaId: null,
        areaName: null,
        mark: null,
        levelId: 1,
        status: 0,
        registerIp: '127.0.0.1',
        registerTerminal: 31,
        loginIp: '127.0.0.1',
        loginDate: t.clock.now,
        createTime: t.clock.now,
      });
      expect(await memberRow(first.userId)).toMatchObject({ password: null, tenantId: 1 });
      // The token is a member's, of the same tables as the console's.
      const token = await t.db.kysely
        .selectFrom('systemOauth2AccessToken')
        .select(['userType', 'userId', 'clientId'])
        .where('userId', '=', first.userId)
        .where('userType', '=', 1)
        .executeTakeFirstOrThrow();
      expect(token).toEqual({ userType: 1, userId: first.userId, clientId: 'default' });

      const again = await smsSignInMember(t, mobile, { again: true });
      expect(again.userId).toBe(first.userId);
      expect((await memberRow(first.userId)).loginDate).toBe(t.clock.now);
      expect(
        (await t.db.kysely.selectFrom('memberUser').select('id').where('mobile', '=', mobile).execute())
          .length,
      ).toBe(1);

      // An unknown terminal, or none, registers as H5 (20).
      for (const headers of [{ terminal: '99' }, { terminal: 'app' }, {}] as Record<string, string>[]) {
        const other = await smsSignInMember(t, newMobile(), { headers });
        expect((await memberRow(other.userId)).registerTerminal).toBe(20);
      }
    });

    it('sends codes for scene 1 through the members’ template, within the limits', async () => {
      const mobile = newMobile();
      const send = (body: unknown, tenant: number | null = 1) =>
        app({ method: 'POST', path: '/member/auth/send-sms-code', body, tenant });
      expect(await send({ mobile, scene: 1 })).toMatchObject({ code: 0, data: true });
      const log = (await ok<PageResult<SmsLog>>({ path: '/system/sms-log/page', query: { mobile } }))
        .list[0]!;
      expect(log).toMatchObject({
        templateCode: 'user-sms-login',
        userId: null,
        userType: null,
        templateContent: `您的验证码是${await lastSmsCode(t, mobile)}`,
      });
      expect(await send({ mobile, scene: 1 })).toMatchObject({
        code: 1_002_014_005,
        msg: '短信发送过于频率',
      });
      // A member's mobile is named in the log with the member.
      const { userId } = await smsSignInMember(t, newMobile());
      const known = (await memberRow(userId)).mobile;
      t.clock.now += SMS_CODE_RULES.sendIntervalMs;
      await send({ mobile: known, scene: 1 });
      expect(
        (await ok<PageResult<SmsLog>>({ path: '/system/sms-log/page', query: { mobile: known } })).list[0],
      ).toMatchObject({ userId, userType: 1 });

      const bad: [unknown, string][] = [
        [{ mobile, scene: 21 }, '发送场景不正确'],
        [{ mobile, scene: 2 }, '发送场景不正确'],
        [{ mobile }, '发送场景不能为空'],
        [{ mobile: '12345', scene: 1 }, '手机号格式不正确'],
        [{ scene: 1 }, '手机号不能为空'],
      ];
      for (const [body, msg] of bad) {
        const res = await send(body);
        expect(res.code, JSON.stringify(body)).toBe(400);
        expect(res.msg).toContain(msg);
      }
      expect(await send({ mobile, scene: 1 }, null)).toMatchObject({
        code: 400,
        msg: '请求的租户标识未传递，请进行排查',
      });
    });

    it('refuses SMS sign-ins with a wrong, missing, used or other scene’s code', async () => {
      const login = (body: unknown) => app({ method: 'POST', path: '/member/auth/sms-login', body });
      const mobile = newMobile();
      expect(await login({ mobile, code: '123456' })).toMatchObject({ code: 1_002_014_000 });
      await app({ method: 'POST', path: '/member/auth/send-sms-code', body: { mobile, scene: 1 } });
      const code = await lastSmsCode(t, mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await login({ mobile, code: wrong })).toMatchObject({
        code: 1_002_014_003,
        msg: '验证码不正确',
      });
      // Nobody was registered by the refused sign-ins.
      expect(
        await t.db.kysely.selectFrom('memberUser').select('id').where('mobile', '=', mobile).execute(),
      ).toEqual([]);
      expect((await login({ mobile, code })).code).toBe(0);
      expect(await login({ mobile, code })).toMatchObject({ code: 1_002_014_002, msg: '验证码已使用' });

      // The console's sign-in code (scene 21) signs no member in.
      const staffMobile = '13700009999';
      await t.db.kysely
        .updateTable('systemUsers')
        .set({ mobile: staffMobile })
        .where('username', '=', 'operator')
        .execute();
      await t.api({
        method: 'POST',
        path: '/system/auth/send-sms-code',
        body: { mobile: staffMobile, scene: 21 },
      });
      const staffCode = await lastSmsCode(t, staffMobile);
      expect(await login({ mobile: staffMobile, code: staffCode })).toMatchObject({ code: 1_002_014_000 });

      for (const [body, msg] of [
        [{ mobile }, '手机验证码不能为空'],
        [{ mobile, code: '12' }, '手机验证码长度为 4-6 位'],
        [{ mobile, code: 'abcd' }, '手机验证码必须都是数字'],
        [{ mobile: '1234', code: '1234' }, '手机号格式不正确'],
      ] as const) {
        const res = await login(body);
        expect(res.code, JSON.stringify(body)).toBe(400);
        expect(res.msg).toContain(msg);
      }
    });

    it('signs in with mobile and password, refusing bad credentials and disabled members', async () => {
      const mobile = newMobile();
      const id = await addMember(t, { mobile, password: 'secret123' });
      const signedIn = await passwordLogin(mobile, 'secret123');
      expect(signedIn).toMatchObject({ code: 0, data: { userId: id } });
      expect(await memberRow(id)).toMatchObject({ loginIp: '127.0.0.1', loginDate: t.clock.now });
      expect(
        await appOk<AppMemberProfile>({ path: '/member/user/get', token: signedIn.data.accessToken }),
      ).toMatchObject({ id, mobile });

      const badCredentials = { code: 1_004_003_000, msg: '登录失败，账号密码不正确', data: null };
      expect(await passwordLogin(mobile, 'wrong123')).toMatchObject(badCredentials);
      expect(await passwordLogin(newMobile(), 'secret123')).toMatchObject(badCredentials);
      // Signed up by SMS: no password to sign in with.
      const { userId: smsOnly } = await smsSignInMember(t, newMobile());
      expect(await passwordLogin((await memberRow(smsOnly)).mobile, 'secret123')).toMatchObject(
        badCredentials,
      );

      const disabled = newMobile();
      await addMember(t, { mobile: disabled, password: 'secret123', status: 1 });
      expect(await passwordLogin(disabled, 'secret123')).toMatchObject({
        code: 1_004_003_001,
        msg: '登录失败，账号被禁用',
      });
      expect(await passwordLogin(disabled, 'wrong123')).toMatchObject(badCredentials);

      for (const [body, msg] of [
        [{ mobile, password: '' }, '密码不能为空'],
        [{ mobile, password: '123' }, '密码长度为 4-16 位'],
        [{ mobile: 'abc', password: 'secret123' }, '手机号格式不正确'],
        [{ password: 'secret123' }, '手机号不能为空'],
      ] as const) {
        const res = await app({ method: 'POST', path: '/member/auth/login', body });
        expect(res.code, JSON.stringify(body)).toBe(400);
        expect(res.msg).toContain(msg);
      }
    });

    it('throttles password guessing at a member account', async () => {
      const mobile = newMobile();
      await addMember(t, { mobile, password: 'secret123' });
      for (let i = 0; i < 5; i++) expect((await passwordLogin(mobile, 'wrong123')).code).toBe(1_004_003_000);
      expect(await passwordLogin(mobile, 'secret123')).toMatchObject({ code: 429 });
      // Another member's account is not.
      const other = newMobile();
      await addMember(t, { mobile: other, password: 'secret123' });
      expect((await passwordLogin(other, 'secret123')).code).toBe(0);
    });

    it('refreshes and signs out as the console does, for member tokens only', async () => {
      const member = await smsSignInMember(t, newMobile());
      const refresh = (refreshToken: string) =>
        app<LoginResp>({ method: 'POST', path: '/member/auth/refresh-token', query: { refreshToken } });
      const refreshed = await refresh(member.refreshToken);
      expect(refreshed).toMatchObject({
        code: 0,
        data: { userId: member.userId, refreshToken: member.refreshToken, accessToken: expect.any(String) },
      });
      expect(refreshed.data.accessToken).not.toBe(member.accessToken);
      // The access tokens issued before are revoked.
      expect((await app({ path: '/member/user/get', token: member.accessToken })).code).toBe(401);
      const token = refreshed.data.accessToken;
      expect((await app({ path: '/member/user/get', token })).code).toBe(0);

      // A staff user's refresh token is none of the member API's, and a member's none of the console's.
      const staff = await t.login();
      expect(await refresh(staff.refreshToken)).toMatchObject({ code: 400, msg: '无效的刷新令牌' });
      expect(
        await t.api({
          method: 'POST',
          path: '/system/auth/refresh-token',
          query: { refreshToken: member.refreshToken },
        }),
      ).toMatchObject({ code: 400, msg: '无效的刷新令牌' });
      expect(await refresh('nope')).toMatchObject({ code: 400, msg: '无效的刷新令牌' });
      expect((await app({ method: 'POST', path: '/member/auth/refresh-token' })).code).toBe(400);

      // Signing out with a staff token leaves it be; the member's own is revoked.
      const logout = (tokenOf: string | null) =>
        app({ method: 'POST', path: '/member/auth/logout', token: tokenOf });
      expect(await logout(staff.accessToken)).toMatchObject({ code: 0, data: true });
      expect((await call({ path: '/system/auth/get-permission-info', token: staff.accessToken })).code).toBe(
        0,
      );
      expect(await logout(token)).toMatchObject({ code: 0, data: true });
      expect((await app({ path: '/member/user/get', token })).code).toBe(401);
      expect(await refresh(member.refreshToken)).toMatchObject({ code: 400, msg: '无效的刷新令牌' });
      expect(await logout(null)).toMatchObject({ code: 0, data: true });
      // The console's sign-out takes no member token.
      const other = await smsSignInMember(t, newMobile());
      await t.api({ method: 'POST', path: '/system/auth/logout', token: other.accessToken });
      expect((await app({ path: '/member/user/get', token: other.accessToken })).code).toBe(0);
    });

    it('takes the tenant from the header and refuses another tenant’s', async () => {
      const member = await smsSignInMember(t, newMobile());
      expect(await app({ path: '/member/user/get', token: member.accessToken, tenant: 999 })).toMatchObject({
        code: 403,
        msg: '您无权访问该租户的数据',
      });
      expect((await app({ path: '/member/user/get', token: member.accessToken, tenant: null })).code).toBe(0);
    });
  });

  describe('the login log', () => {
    it('records members’ sign-ins, refusals and sign-outs with user type 1 and the mobile', async () => {
      const mobile = newMobile();
      const id = await addMember(t, { mobile, password: 'secret123' });
      const rows = () =>
        t.db.kysely
          .selectFrom('systemLoginLog')
          .select(['logType', 'userId', 'userType', 'username', 'result'])
          .where('username', '=', mobile)
          .orderBy('id')
          .execute();
      expect((await passwordLogin(mobile, 'wrong-pass')).code).toBe(1004003000);
      const signedIn = await passwordLogin(mobile, 'secret123');
      expect(signedIn.code).toBe(0);
      await appOk({ method: 'POST', path: '/member/auth/logout', token: signedIn.data.accessToken });
      const sms = await smsSignInMember(t, mobile);
      expect(sms.userId).toBe(id);
      expect(await rows()).toEqual([
        { logType: 100, userId: id, userType: 1, username: mobile, result: 10 },
        { logType: 100, userId: id, userType: 1, username: mobile, result: 0 },
        { logType: 200, userId: id, userType: 1, username: mobile, result: 0 },
        { logType: 103, userId: id, userType: 1, username: mobile, result: 0 },
      ]);
    });
  });

  describe('the member’s profile', () => {
    it('reads and edits its own profile; fields left out stay', async () => {
      const member = await smsSignInMember(t, newMobile());
      const token = member.accessToken;
      const profile = await appOk<AppMemberProfile>({ path: '/member/user/get', token });
      expect(profile).toEqual({
        id: member.userId,
        nickname: expect.stringMatching(/^用户\d{6}$/),
        avatar: null,
        mobile: expect.any(String),
        sex: null,
        levelId: 1,
      });
      const update = (body: unknown) => app({ method: 'PUT', path: '/member/user/update', token, body });
      expect(
        await update({ nickname: ' 小明 ', avatar: 'https://img.example.com/a.png', sex: 1 }),
      ).toMatchObject({ code: 0, data: true });
      expect(await appOk<AppMemberProfile>({ path: '/member/user/get', token })).toMatchObject({
        nickname: '小明',
        avatar: 'https://img.example.com/a.png',
        sex: 1,
      });
      await update({ sex: null, avatar: '' });
      expect(await appOk<AppMemberProfile>({ path: '/member/user/get', token })).toMatchObject({
        nickname: '小明',
        avatar: null,
        sex: null,
      });
      expect((await update({})).code).toBe(0);
      expect((await memberRow(member.userId)).updater).toBe(String(member.userId));
      for (const [body, msg] of [
        [{ nickname: '  ' }, '用户昵称不能为空'],
        [{ nickname: 'x'.repeat(31) }, '用户昵称长度不能超过30个字符'],
        [{ sex: 3 }, '用户性别只能是 1（男）或 2（女）'],
        [{ avatar: 5 }, '头像必须是文本'],
      ] as const) {
        const res = await update(body);
        expect(res.code, JSON.stringify(body)).toBe(400);
        expect(res.msg).toContain(msg);
      }
    });
  });

  describe('addresses', () => {
    it('keeps one default per member: the first, then whichever is set so', async () => {
      const { userId, accessToken: token } = await smsSignInMember(t, newMobile());
      const create = (body: unknown) =>
        appOk<number>({ method: 'POST', path: '/member/address/create', token, body });
      const get = (id: number) =>
        appOk<MemberAddress>({ path: '/member/address/get', token, query: byId(id) });
      const list = () => appOk<MemberAddress[]>({ path: '/member/address/list', token });
      const defaults = async () =>
        (
          await t.db.kysely
            .selectFrom('memberAddress')
            .select('id')
            .where('userId', '=', userId)
            .where('defaultStatus', '=', 1)
            .where('deleted', '=', 0)
            .execute()
        ).map((r) => r.id);

      expect(await appOk({ path: '/member/address/get-default', token })).toBeNull();
      expect(await list()).toEqual([]);
      // The first address is the default whatever it asks.
      const first = await create(address());
      expect(await get(first)).toEqual({
        id: first,
        userId,
        name: '张三',
        mobile: '13800138000',
        areaId: SHENZHEN_NANSHAN,
        areaName: '广东省 深圳市 南山区',
        detailAddress: '科技园 1 号',
        defaultStatus: true,
        createTime: t.clock.now,
      });
      const second = await create(address({ name: '李四', areaId: GUANGZHOU_TIANHE }));
      expect((await get(second)).defaultStatus).toBe(false);
      const third = await create(address({ name: '王五', defaultStatus: true }));
      expect(await defaults()).toEqual([third]);
      expect((await list()).map((a) => [a.id, a.defaultStatus])).toEqual([
        [third, true],
        [second, false],
        [first, false],
      ]);
      expect((await appOk<MemberAddress>({ path: '/member/address/get-default', token })).id).toBe(third);

      const update = (body: unknown) => app({ method: 'PUT', path: '/member/address/update', token, body });
      expect(await update({ ...address({ name: '李四改', defaultStatus: true }), id: second })).toMatchObject(
        {
          code: 0,
          data: true,
        },
      );
      expect(await defaults()).toEqual([second]);
      expect(await get(second)).toMatchObject({
        name: '李四改',
        areaId: SHENZHEN_NANSHAN,
        defaultStatus: true,
      });
      // Unset, the member has no default until one is set again.
      await update({ ...address({ defaultStatus: false }), id: second });
      expect(await defaults()).toEqual([]);
      expect(await appOk({ path: '/member/address/get-default', token })).toBeNull();
      await update({ ...address({ defaultStatus: true }), id: first });
      expect(await defaults()).toEqual([first]);

      expect(
        await app({ method: 'DELETE', path: '/member/address/delete', token, query: byId(first) }),
      ).toMatchObject({ code: 0, data: true });
      expect(await app({ path: '/member/address/get', token, query: byId(first) })).toMatchObject({
        code: 1_004_004_000,
        msg: '用户收件地址不存在',
      });
      expect(
        (await app({ method: 'DELETE', path: '/member/address/delete', token, query: byId(first) })).code,
      ).toBe(1_004_004_000);
      expect((await update({ ...address(), id: first })).code).toBe(1_004_004_000);
      expect((await list()).map((a) => a.id)).toEqual([third, second]);
    });

    it('makes one default of new defaults written at once', async () => {
      const { userId, accessToken: token } = await smsSignInMember(t, newMobile());
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          app({
            method: 'POST',
            path: '/member/address/create',
            token,
            body: address({ name: `收件人${i}`, defaultStatus: true }),
          }),
        ),
      );
      expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0]);
      const rows = await t.db.kysely
        .selectFrom('memberAddress')
        .select('defaultStatus')
        .where('userId', '=', userId)
        .execute();
      expect(rows.filter((r) => r.defaultStatus === 1)).toHaveLength(1);
    });

    it('reaches the member’s own addresses only', async () => {
      const owner = await smsSignInMember(t, newMobile());
      const stranger = await smsSignInMember(t, newMobile());
      const id = await appOk<number>({
        method: 'POST',
        path: '/member/address/create',
        token: owner.accessToken,
        body: address(),
      });
      const as = stranger.accessToken;
      expect((await app({ path: '/member/address/get', token: as, query: byId(id) })).code).toBe(
        1_004_004_000,
      );
      expect(
        (
          await app({
            method: 'PUT',
            path: '/member/address/update',
            token: as,
            body: { ...address({ name: '改' }), id },
          })
        ).code,
      ).toBe(1_004_004_000);
      expect(
        (await app({ method: 'DELETE', path: '/member/address/delete', token: as, query: byId(id) })).code,
      ).toBe(1_004_004_000);
      expect(await appOk({ path: '/member/address/list', token: as })).toEqual([]);
      expect(await appOk({ path: '/member/address/get-default', token: as })).toBeNull();
      expect(
        await appOk<MemberAddress>({
          path: '/member/address/get',
          token: owner.accessToken,
          query: byId(id),
        }),
      ).toMatchObject({ name: '张三', defaultStatus: true });
    });

    it('refuses invalid addresses', async () => {
      const { accessToken: token } = await smsSignInMember(t, newMobile());
      const cases: [unknown, string][] = [
        [address({ name: ' ' }), '收件人名称不能为空'],
        [address({ mobile: '123' }), '手机号格式不正确'],
        [address({ areaId: undefined }), '地区编号不能为空'],
        [address({ areaId: 1.5 }), '地区编号格式不正确'],
        [address({ areaId: 440399 }), '地区(440399)不存在'],
        [address({ detailAddress: '' }), '收件详细地址不能为空'],
        [address({ detailAddress: 'x'.repeat(251) }), '收件详细地址长度不能超过250个字符'],
        [address({ defaultStatus: undefined }), '是否默认地址不能为空'],
        [address({ defaultStatus: 'yes' }), '是否默认地址不能为空'],
      ];
      for (const [body, msg] of cases) {
        const res = await app({ method: 'POST', path: '/member/address/create', token, body });
        expect(res.code, JSON.stringify(body)).toBe(400);
        expect(res.msg).toContain(msg);
      }
      const update = await app({ method: 'PUT', path: '/member/address/update', token, body: address() });
      expect(update.code).toBe(400);
      expect(update.msg).toContain('收件地址编号不能为空');
      expect((await app({ path: '/member/address/get', token, query: { id: 'x' } })).code).toBe(400);
      expect((await app({ path: '/member/address/get', token })).code).toBe(400);
      expect((await app({ method: 'DELETE', path: '/member/address/delete', token })).code).toBe(400);
    });
  });

  describe('会员管理', () => {
    it('pages members newest first with filters', async () => {
      const page = (query: Record<string, string> = {}) =>
        ok<PageResult<MemberUser>>({
          path: '/member/user/page',
          query: { pageNo: '1', pageSize: '100', ...query },
        });
      const a = await addMember(t, { mobile: '15800000001', nickname: '页面甲' });
      const b = await addMember(t, { mobile: '15800000002', nickname: '页面乙', status: 1 });
      await t.db.kysely
        .updateTable('memberUser')
        .set({ levelId: 3, loginDate: Date.UTC(2030, 0, 1) })
        .where('id', '=', b)
        .execute();
      const all = await page();
      expect(all.total).toBeGreaterThanOrEqual(2);
      expect(all.list.map((m) => m.id)).toEqual([...all.list.map((m) => m.id)].sort((x, y) => y - x));
      expect((await page({ nickname: '页面' })).list.map((m) => m.id)).toEqual([b, a]);
      expect((await page({ mobile: '1580000000' })).list.map((m) => m.id)).toEqual([b, a]);
      expect((await page({ nickname: '页面', status: '0' })).list.map((m) => m.id)).toEqual([a]);
      expect((await page({ nickname: '页面', levelId: '3' })).list.map((m) => m.id)).toEqual([b]);
      expect(
        (
          await page({ 'loginDate[0]': '2029-12-31 00:00:00', 'loginDate[1]': '2030-01-02 00:00:00' })
        ).list.map((m) => m.id),
      ).toEqual([b]);
      const created = new Date(t.clock.now - 60_000);
      const from = `${created.getFullYear()}-${String(created.getMonth() + 1).padStart(2, '0')}-${String(created.getDate()).padStart(2, '0')} 00:00:00`;
      expect((await page({ nickname: '页面', 'createTime[0]': from })).total).toBe(2);
      expect((await page({ nickname: '页面', 'createTime[1]': '2000-01-01 00:00:00' })).total).toBe(0);
      const two = await ok<PageResult<MemberUser>>({
        path: '/member/user/page',
        query: { pageNo: '1', pageSize: '1', nickname: '页面' },
      });
      expect(two).toMatchObject({ total: 2, list: [{ id: b }] });

      for (const query of [
        { levelId: 'x' },
        { status: '2' },
        { 'createTime[0]': 'yesterday' },
        { pageSize: '0' },
      ] as Record<string, string>[]) {
        expect(
          (await call({ path: '/member/user/page', query: { pageNo: '1', pageSize: '10', ...query } })).code,
          JSON.stringify(query),
        ).toBe(400);
      }
    });

    it('edits a member, refusing a mobile another member has and unknown regions', async () => {
      const id = await addMember(t, { mobile: '15900000001' });
      await addMember(t, { mobile: '15900000002' });
      const body = {
        id,
        mobile: '15900000003',
        nickname: '改名',
        avatar: 'https://img.example.com/m.png',
        name: '真名',
        sex: 2,
        birthday: Date.UTC(1990, 4, 1),
        areaId: SHENZHEN_NANSHAN,
        mark: '老客户',
      };
      const update = (b: unknown) => call({ method: 'PUT', path: '/member/user/update', body: b });
      expect(await update(body)).toMatchObject({ code: 0, data: true });
      expect(await ok<MemberUser>({ path: '/member/user/get', query: byId(id) })).toMatchObject({
        ...body,
        areaName: '广东省 深圳市 南山区',
      });
      expect((await memberRow(id)).updater).toBe('1');
      // Its own mobile is no conflict; another member's is.
      expect((await update(body)).code).toBe(0);
      expect(await update({ ...body, mobile: '15900000002' })).toMatchObject({
        code: 1_004_001_002,
        msg: '修改手机失败，该手机号(15900000002)已经被使用',
      });
      expect(await update({ ...body, areaId: 440399 })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:所在地(440399)不存在',
      });
      // Optional fields clear.
      await update({ id, mobile: '15900000003', nickname: '改名', avatar: ' ', areaId: null });
      expect(await ok<MemberUser>({ path: '/member/user/get', query: byId(id) })).toMatchObject({
        avatar: null,
        name: null,
        sex: null,
        birthday: null,
        areaId: null,
        areaName: null,
        mark: null,
      });
      expect(await update({ ...body, id: 999_999 })).toMatchObject({
        code: 1_004_001_000,
        msg: '用户不存在',
      });
      expect(await call({ path: '/member/user/get', query: byId(999_999) })).toMatchObject({
        code: 1_004_001_000,
      });
      for (const [b, msg] of [
        [{ ...body, nickname: '' }, '用户昵称不能为空'],
        [{ ...body, mobile: '1590000' }, '手机号格式不正确'],
        [{ ...body, sex: 3 }, '用户性别只能是 1（男）或 2（女）'],
        [{ ...body, id: undefined }, '会员编号不能为空'],
        [{ ...body, areaId: 'x' }, '所在地必须是地区编号'],
      ] as const) {
        const res = await update(b);
        expect(res.code, JSON.stringify(b)).toBe(400);
        expect(res.msg).toContain(msg);
      }
    });

    it('changes a member’s level', async () => {
      const id = await addMember(t, { mobile: newMobile() });
      const level = (b: unknown) => call({ method: 'PUT', path: '/member/user/update-level', body: b });
      expect(await level({ id, levelId: 2, reason: '消费满额' })).toMatchObject({ code: 0, data: true });
      expect((await ok<MemberUser>({ path: '/member/user/get', query: byId(id) })).levelId).toBe(2);
      expect((await level({ id: 999_999, levelId: 2, reason: '消费满额' })).code).toBe(1_004_001_000);
      for (const [b, msg] of [
        [{ id, levelId: 4, reason: '无' }, '会员等级只能是 1、2 或 3'],
        [{ id, reason: '无' }, '会员等级不能为空'],
        [{ id, levelId: 2 }, '修改原因不能为空'],
        [{ id, levelId: 2, reason: ' ' }, '修改原因不能为空'],
      ] as const) {
        const res = await level(b);
        expect(res.code, JSON.stringify(b)).toBe(400);
        expect(res.msg).toContain(msg);
      }
    });

    it('disables a member: its tokens stop at once and its sign-ins are refused', async () => {
      const mobile = newMobile();
      const id = await addMember(t, { mobile, password: 'secret123' });
      const first = (await passwordLogin(mobile, 'secret123')).data;
      const second = await smsSignInMember(t, mobile);
      const status = (s: unknown) =>
        call({ method: 'PUT', path: '/member/user/update-status', body: { id, status: s } });
      expect(await status(1)).toMatchObject({ code: 0, data: true });
      for (const token of [first.accessToken, second.accessToken])
        expect(await app({ path: '/member/user/get', token })).toMatchObject({
          code: 401,
          msg: '账号未登录',
        });
      expect(
        await app({
          method: 'POST',
          path: '/member/auth/refresh-token',
          query: { refreshToken: first.refreshToken },
        }),
      ).toMatchObject({ code: 400, msg: '无效的刷新令牌' });
      expect(await passwordLogin(mobile, 'secret123')).toMatchObject({ code: 1_004_003_001 });
      t.clock.now += SMS_CODE_RULES.sendIntervalMs;
      await app({ method: 'POST', path: '/member/auth/send-sms-code', body: { mobile, scene: 1 } });
      expect(
        await app({
          method: 'POST',
          path: '/member/auth/sms-login',
          body: { mobile, code: await lastSmsCode(t, mobile) },
        }),
      ).toMatchObject({ code: 1_004_003_001, msg: '登录失败，账号被禁用' });
      // Other members' tokens stay.
      const other = await smsSignInMember(t, newMobile());
      await status(1);
      expect((await app({ path: '/member/user/get', token: other.accessToken })).code).toBe(0);

      expect(await status(0)).toMatchObject({ code: 0, data: true });
      expect((await passwordLogin(mobile, 'secret123')).code).toBe(0);
      expect((await status(2)).code).toBe(400);
      expect(
        (await call({ method: 'PUT', path: '/member/user/update-status', body: { id: 999_999, status: 1 } }))
          .code,
      ).toBe(1_004_001_000);
    });

    it('lists a member’s addresses, default first', async () => {
      const { userId, accessToken: token } = await smsSignInMember(t, newMobile());
      const first = await appOk<number>({
        method: 'POST',
        path: '/member/address/create',
        token,
        body: address(),
      });
      const second = await appOk<number>({
        method: 'POST',
        path: '/member/address/create',
        token,
        body: address({ name: '李四' }),
      });
      const list = await ok<MemberAddress[]>({
        path: '/member/address/list',
        query: { userId: String(userId) },
      });
      expect(list.map((a) => [a.id, a.userId, a.defaultStatus, a.areaName])).toEqual([
        [first, userId, true, '广东省 深圳市 南山区'],
        [second, userId, false, '广东省 深圳市 南山区'],
      ]);
      expect(await call({ path: '/member/address/list', query: { userId: '999999' } })).toMatchObject({
        code: 1_004_001_000,
      });
      expect((await call({ path: '/member/address/list' })).code).toBe(400);
    });

    it('shows a member’s wallet, empty when it never had one', async () => {
      const id = await addMember(t, { mobile: newMobile() });
      const wallet = () => ok<MemberWallet>({ path: '/pay/wallet/get', query: { userId: String(id) } });
      expect(await wallet()).toEqual({ id: null, userId: id, balance: 0, totalExpense: 0, totalRecharge: 0 });
      // A staff user's wallet of the same id is not the member's.
      const row = (userType: number, balance: number) => ({
        tenantId: 1,
        userId: id,
        userType,
        balance,
        totalExpense: 100,
        totalRecharge: balance + 100,
        creator: null,
        updater: null,
      });
      await t.db.kysely.insertInto('payWallet').values(row(2, 5)).execute();
      expect((await wallet()).id).toBeNull();
      const { id: walletId } = await t.db.kysely
        .insertInto('payWallet')
        .values(row(1, 900))
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(await wallet()).toEqual({
        id: Number(walletId),
        userId: id,
        balance: 900,
        totalExpense: 100,
        totalRecharge: 1000,
      });
      expect(await call({ path: '/pay/wallet/get', query: { userId: '999999' } })).toMatchObject({
        code: 1_004_001_000,
        msg: '用户不存在',
      });
      expect((await call({ path: '/pay/wallet/get' })).code).toBe(400);
    });

    it('answers 401 without a token and 403 without the permission', async () => {
      const endpoints: [ApiCall['method'], string][] = [
        ['GET', '/member/user/page'],
        ['GET', '/member/user/get'],
        ['PUT', '/member/user/update'],
        ['PUT', '/member/user/update-level'],
        ['PUT', '/member/user/update-status'],
        ['GET', '/member/address/list'],
        ['GET', '/pay/wallet/get'],
      ];
      const operator = (await t.login('operator', 'operator123')).accessToken;
      for (const [method, path] of endpoints) {
        expect((await call({ method, path, token: null })).code, path).toBe(401);
        expect((await call({ method, path, token: operator })).code, path).toBe(403);
      }
      // A clerk who reads members edits none of them.
      const { token: clerk } = await addScopedUser(t, {
        username: 'memberclerk',
        deptId: 100,
        dataScope: 1,
        permissions: ['member:user:query'],
      });
      const id = await addMember(t, { mobile: newMobile() });
      expect((await call({ path: '/member/user/page', token: clerk })).code).toBe(0);
      expect((await call({ path: '/member/user/get', query: byId(id), token: clerk })).code).toBe(0);
      expect(
        (await call({ path: '/pay/wallet/get', query: { userId: String(id) }, token: clerk })).code,
      ).toBe(0);
      expect(
        (
          await call({
            method: 'PUT',
            path: '/member/user/update-status',
            body: { id, status: 1 },
            token: clerk,
          })
        ).code,
      ).toBe(403);
      expect(
        (
          await call({
            method: 'PUT',
            path: '/member/user/update-level',
            body: { id, levelId: 2, reason: '无' },
            token: clerk,
          })
        ).code,
      ).toBe(403);
    });

    it('keeps tenants apart', async () => {
      const mobile = newMobile();
      const ours = await smsSignInMember(t, mobile);
      await appOk({
        method: 'POST',
        path: '/member/address/create',
        token: ours.accessToken,
        body: address(),
      });
      const packageId = await createPackage(t, admin, `会员套餐${dialect}`, MEMBER_MENUS);
      const other = await createTenantAndSignIn(
        t,
        admin,
        tenantBody(t, packageId, { name: '会员租户', username: 'memberadmin' }),
      );
      const as = (c: ApiCall) => call({ ...c, token: other.token, tenant: other.tenantId });
      const id = ours.userId;
      expect(await as({ path: '/member/user/page' })).toMatchObject({
        code: 0,
        data: { total: 0, list: [] },
      });
      expect((await as({ path: '/member/user/get', query: byId(id) })).code).toBe(1_004_001_000);
      expect(
        (await as({ method: 'PUT', path: '/member/user/update', body: { id, mobile, nickname: '越权' } }))
          .code,
      ).toBe(1_004_001_000);
      expect(
        (
          await as({
            method: 'PUT',
            path: '/member/user/update-level',
            body: { id, levelId: 3, reason: '越权' },
          })
        ).code,
      ).toBe(1_004_001_000);
      expect(
        (await as({ method: 'PUT', path: '/member/user/update-status', body: { id, status: 1 } })).code,
      ).toBe(1_004_001_000);
      expect((await as({ path: '/member/address/list', query: { userId: String(id) } })).code).toBe(
        1_004_001_000,
      );
      expect((await as({ path: '/pay/wallet/get', query: { userId: String(id) } })).code).toBe(1_004_001_000);
      expect(await memberRow(id)).toMatchObject({ levelId: 1, status: 0 });

      // The same mobile is another member there, with addresses of its own.
      const theirs = await smsSignInMember(t, mobile, { tenant: other.tenantId, again: true });
      expect(theirs.userId).not.toBe(id);
      expect(
        await appOk({ path: '/member/address/list', token: theirs.accessToken, tenant: other.tenantId }),
      ).toEqual([]);
      expect((await as({ path: '/member/user/page' })).data).toMatchObject({
        total: 1,
        list: [{ id: theirs.userId }],
      });
      // A member's token is of its own tenant only; its password sign-in too.
      expect((await app({ path: '/member/user/get', token: theirs.accessToken, tenant: 1 })).code).toBe(403);
      expect((await passwordLogin(mobile, 'whatever', other.tenantId)).code).toBe(1_004_003_000);
    });
  });
});

describe('migration 040 on a database seeded before members', () => {
  it('creates the tables and adds 会员中心 › 会员管理 with its buttons and the members’ SMS template', async () => {
    const db = await databaseBefore('040');
    await seedIfEmpty(db);
    // The seed of that time had none of these.
    await db.kysely.deleteFrom('systemMenu').where('id', 'in', MEMBER_MENUS).execute();
    await db.kysely.deleteFrom('systemSmsTemplate').where('code', '=', 'user-sms-login').execute();
    await up(db.kysely, 'sqlite');
    const menus = await db.kysely
      .selectFrom('systemMenu')
      .select(['id', 'name', 'permission', 'path', 'parentId'])
      .where('id', 'in', MEMBER_MENUS)
      .orderBy('id')
      .execute();
    expect(menus.map((m) => [m.id, m.name, m.permission, m.path, m.parentId])).toEqual([
      [2262, '会员中心', '', '/member', 0],
      [2317, '会员管理', '', 'user', 2262],
      [2318, '会员用户查询', 'member:user:query', '', 2317],
      [2319, '会员用户更新', 'member:user:update', '', 2317],
      [2335, '用户等级修改', 'member:user:update-level', '', 2317],
    ]);
    const template = await db.kysely
      .selectFrom('systemSmsTemplate')
      .select(['code', 'content', 'params', 'channelCode', 'status'])
      .where('code', '=', 'user-sms-login')
      .executeTakeFirstOrThrow();
    expect(template).toEqual({
      code: 'user-sms-login',
      content: '您的验证码是{code}',
      params: '["code"]',
      channelCode: 'DEBUG_DING_TALK',
      status: 0,
    });
    expect(await db.kysely.selectFrom('memberUser').selectAll().execute()).toEqual([]);
    expect(await db.kysely.selectFrom('memberAddress').selectAll().execute()).toEqual([]);
    await db.close();
  });
});
