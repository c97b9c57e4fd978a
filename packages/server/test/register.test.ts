import type { InfraConfig, LoginLog, PageResult, PermissionInfo } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { addSecondTenant } from './users-fixture.js';

const newcomer = (over: Record<string, unknown> = {}) => ({
  username: 'newbie01',
  nickname: '新同事',
  password: 'abc12345',
  ...over,
});

/** Sets a configuration value through the configuration API, as an administrator would. */
const setConfig = async (t: TestApp, admin: string, key: string, value: string) => {
  const page = (await t.api({ path: '/infra/config/page', query: { key }, token: admin }))
    .data as PageResult<InfraConfig>;
  const config = page.list.find((c) => c.key === key);
  if (!config) throw new Error(`no config ${key}`);
  const res = await t.api({
    method: 'PUT',
    path: '/infra/config/update',
    token: admin,
    body: {
      id: config.id,
      category: config.category,
      name: config.name,
      value,
      visible: config.visible,
      remark: config.remark,
    },
  });
  if (res.code !== 0) throw new Error(`config update failed: ${res.msg}`);
};

describe.each(DIALECTS)('self-registration on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (body: Record<string, unknown>, tenant: number | null = 1) =>
    t.api({ method: 'POST', path: '/system/auth/register', body, tenant });
  const userCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('systemUsers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rolesNamed = (tenantId: number, code: string) =>
    t.db.kysely
      .selectFrom('systemRole')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('code', '=', code)
      .where('deleted', '=', 0)
      .execute();

  it('is closed until the configuration opens it', async () => {
    expect(
      await t.api({
        path: '/infra/config/get-value-by-key',
        query: { key: 'system.user.register-enabled' },
        token: admin,
      }),
    ).toMatchObject({
      data: 'false',
    });
    const before = await userCount();
    expect(await register(newcomer())).toMatchObject({
      code: 1_002_000_010,
      msg: '系统未开放注册',
      data: null,
    });
    expect(await userCount()).toBe(before);
    expect(await t.api({ path: '/system/auth/login-options' })).toMatchObject({
      data: { registerEnabled: false },
    });
    await setConfig(t, admin, 'system.user.register-enabled', 'true');
    expect(await t.api({ path: '/system/auth/login-options' })).toMatchObject({
      data: { registerEnabled: true },
    });
  });

  it('creates the account with the registered users’ role and signs it in', async () => {
    const res = await register(newcomer());
    expect(res.code, res.msg).toBe(0);
    const { accessToken, userId } = res.data as { accessToken: string; userId: number };
    const info = (await t.api({ path: '/system/auth/get-permission-info', token: accessToken }))
      .data as PermissionInfo;
    expect(info.user).toMatchObject({ id: userId, nickname: '新同事' });
    expect(info.roles).toEqual(['common']);
    const [role] = await rolesNamed(1, 'common');
    expect(role).toMatchObject({ name: '注册用户', dataScope: 5, type: 2, status: 0 });
    const user = await t.db.kysely
      .selectFrom('systemUsers')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      tenantId: 1,
      username: 'newbie01',
      status: 0,
      creator: String(userId),
      loginIp: expect.any(String),
    });
    expect(user.password).not.toBe('abc12345');
    expect((await t.login('newbie01', 'abc12345')).accessToken).toBeTruthy();
    // Registration is not a sign-in of the login log.
    const logs = (
      await t.api({ path: '/system/login-log/page', query: { username: 'newbie01' }, token: admin })
    ).data as PageResult<LoginLog>;
    expect(logs.list.map((l) => l.logType)).toEqual([100]);

    // The next one gets the same role.
    expect((await register(newcomer({ username: 'newbie02' }))).code).toBe(0);
    expect(await rolesNamed(1, 'common')).toHaveLength(1);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, string][] = [
      [newcomer({ username: 'abc' }), '用户账号由 4-16 位数字、字母组成'],
      [newcomer({ username: 'new_bie' }), '用户账号由 4-16 位数字、字母组成'],
      [newcomer({ username: 'a'.repeat(17) }), '用户账号由 4-16 位数字、字母组成'],
      [newcomer({ username: undefined }), '用户账号不能为空'],
      [newcomer({ nickname: ' ' }), '用户昵称不能为空'],
      [newcomer({ password: 'abcdefgh' }), '密码长度为 8-16 位，须同时包含字母和数字'],
      [newcomer({ password: '12345678' }), '密码长度为 8-16 位，须同时包含字母和数字'],
      [newcomer({ password: 'abc1234' }), '密码长度为 8-16 位，须同时包含字母和数字'],
      [newcomer({ password: 'abc1234567890abcd' }), '密码长度为 8-16 位，须同时包含字母和数字'],
      [newcomer({ password: '' }), '密码不能为空'],
    ];
    for (const [body, msg] of cases) {
      const res = await register(body);
      expect(res.code, msg).toBe(400);
      expect(res.msg).toContain(msg);
    }
    expect(await register(newcomer({ username: 'admin' }))).toMatchObject({
      code: 1_002_003_000,
      msg: '用户账号已经存在',
    });
    expect(await userCount()).toBe(before);
  });

  it('registers in the tenant named, or the header’s, within its quota', async () => {
    expect((await register(newcomer({ username: 'byname01', tenantName: '默认租户' }), null)).code).toBe(0);
    expect(
      await register(newcomer({ username: 'byname02', tenantName: '没有这个租户' }), null),
    ).toMatchObject({
      code: 1_002_015_000,
      msg: '租户不存在',
    });
    expect(await register(newcomer({ username: 'byname03' }), null)).toMatchObject({
      code: 400,
      msg: '请求的租户标识未传递，请进行排查',
    });

    const tenant2 = await addSecondTenant(t);
    const theirs = await register(newcomer(), tenant2.tenantId);
    expect(theirs.code, theirs.msg).toBe(0);
    const token = (theirs.data as { accessToken: string }).accessToken;
    expect(
      (
        (await t.api({ path: '/system/auth/get-permission-info', token, tenant: tenant2.tenantId }))
          .data as PermissionInfo
      ).roles,
    ).toEqual(['common']);
    expect(await rolesNamed(tenant2.tenantId, 'common')).toHaveLength(1);

    await t.db.kysely
      .updateTable('systemTenant')
      .set({ accountCount: 2 })
      .where('id', '=', tenant2.tenantId)
      .execute();
    expect(await register(newcomer({ username: 'overquota' }), tenant2.tenantId)).toMatchObject({
      code: 1_002_003_008,
      msg: '创建用户失败，原因：超过租户最大租户配额(2)！',
    });
    await t.db.kysely
      .updateTable('systemTenant')
      .set({ status: 1 })
      .where('id', '=', tenant2.tenantId)
      .execute();
    await t.app.bus.publish('tenant');
    expect(await register(newcomer({ username: 'disabled1' }), tenant2.tenantId)).toMatchObject({
      code: 1_002_015_001,
    });
  });

  it('gives the role the configuration names', async () => {
    await setConfig(t, admin, 'system.user.register-role-code', 'operator');
    const res = await register(newcomer({ username: 'asoperator' }));
    const token = (res.data as { accessToken: string }).accessToken;
    expect(
      ((await t.api({ path: '/system/auth/get-permission-info', token })).data as PermissionInfo).roles,
    ).toEqual(['operator']);
    await setConfig(t, admin, 'system.user.register-role-code', 'common');
  });

  it('closes again when the configuration is turned off', async () => {
    await setConfig(t, admin, 'system.user.register-enabled', 'false');
    expect(await register(newcomer({ username: 'toolate01' }))).toMatchObject({ code: 1_002_000_010 });
  });
});

describe('self-registration with the captcha on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { CAPTCHA_ENABLED: 'true' } });
    await t.db.kysely
      .updateTable('infraConfig')
      .set({ value: 'true' })
      .where('configKey', '=', 'system.user.register-enabled')
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs a passed captcha, once', async () => {
    const body = newcomer({ username: 'captcha01' });
    expect(await t.api({ method: 'POST', path: '/system/auth/register', body })).toMatchObject({
      code: 1_002_000_008,
      msg: '验证码不正确，原因：二次校验参数不能为空',
    });
    // A verification the captcha check hands out after a solved puzzle.
    await t.db.kysely
      .insertInto('systemCaptcha')
      .values({
        cacheKey: 'second:solved',
        value: JSON.stringify({ expireAt: t.clock.now + 60_000 }),
        expireTime: t.clock.now + 60_000,
      })
      .execute();
    const ok = await t.api({
      method: 'POST',
      path: '/system/auth/register',
      body: { ...body, captchaVerification: 'solved' },
    });
    expect(ok.code, ok.msg).toBe(0);
    expect(
      await t.api({
        method: 'POST',
        path: '/system/auth/register',
        body: { ...body, username: 'captcha02', captchaVerification: 'solved' },
      }),
    ).toMatchObject({ code: 1_002_000_008, msg: '验证码不正确，原因：验证码已失效，请重新获取' });
  });
});
