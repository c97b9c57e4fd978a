import type { LoginLog, PageResult, SmsLog } from '@app/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/crypto.js';
import { SMS_CODE_RULES } from '../src/modules/sms/code-service.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { addSecondTenant } from './users-fixture.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('SMS sign-in on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tenant2: Awaited<ReturnType<typeof addSecondTenant>>;
  let mobileSeq = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.smsPoller.stop();
    // Noon, so that a test's minutes never cross midnight.
    const noon = new Date();
    noon.setHours(12, 0, 0, 0);
    t.clock.now = noon.getTime();
    admin = (await t.login()).accessToken;
    tenant2 = await addSecondTenant(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A new user of tenant 1 (or another) with a mobile of its own; returns the mobile. */
  const addUser = async (
    over: { status?: number; tenantId?: number } = {},
  ): Promise<{ mobile: string; id: number }> => {
    mobileSeq += 1;
    const mobile = `1370000${String(mobileSeq).padStart(4, '0')}`;
    const { id } = await t.db.kysely
      .insertInto('systemUsers')
      .values({
        tenantId: over.tenantId ?? 1,
        username: `sms${mobileSeq}`,
        password: await hashPassword('sms12345'),
        nickname: `短信用户${mobileSeq}`,
        status: over.status ?? 0,
        remark: null,
        deptId: null,
        email: null,
        mobile,
        sex: null,
        avatar: null,
        loginIp: null,
        loginDate: null,
        creator: null,
        updater: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { mobile, id: Number(id) };
  };

  const sendCode = (mobile: string, tenant: number | null = 1, scene: unknown = 21) =>
    t.api({ method: 'POST', path: '/system/auth/send-sms-code', body: { mobile, scene }, tenant });
  const smsLogin = (body: Record<string, unknown>, tenant: number | null = 1) =>
    t.api({ method: 'POST', path: '/system/auth/sms-login', body, tenant });

  /** The code of the latest SMS to `mobile`, read from the send log as an administrator would. */
  const codeSentTo = async (mobile: string): Promise<string> => {
    const page = await t.api({ path: '/system/sms-log/page', query: { mobile }, token: admin });
    const latest = (page.data as PageResult<SmsLog>).list[0];
    if (!latest) throw new Error(`no SMS to ${mobile}`);
    return String(latest.templateParams.code);
  };

  const lastLoginLog = async (username: string) => {
    const page = await t.api({ path: '/system/login-log/page', query: { username }, token: admin });
    return (page.data as PageResult<LoginLog>).list[0];
  };

  beforeEach(() => {
    // Each test starts more than a minute after the last code of the previous one.
    t.clock.now += SMS_CODE_RULES.sendIntervalMs;
  });

  it('sends a 6-digit code through the sign-in template and signs in with it', async () => {
    expect(await sendCode(' 13800000000 ')).toMatchObject({ code: 0, data: true });
    const log = (
      (await t.api({ path: '/system/sms-log/page', query: { mobile: '13800000000' }, token: admin }))
        .data as PageResult<SmsLog>
    ).list[0]!;
    expect(log).toMatchObject({
      templateCode: 'admin-sms-login',
      channelCode: 'DEBUG_DING_TALK',
      userId: 1,
      sendStatus: 0,
    });
    const code = String(log.templateParams.code);
    expect(code).toMatch(/^\d{6}$/);
    expect(log.templateContent).toBe(`您的验证码是${code}`);
    // Sent through the debug channel by the queue.
    await t.app.smsPoller.pollOnce();
    const sent = (
      await t.api({ path: '/system/sms-log/page', query: { mobile: '13800000000' }, token: admin })
    ).data as PageResult<SmsLog>;
    expect(sent.list[0]).toMatchObject({ id: log.id, sendStatus: 10 });

    const res = await smsLogin({ mobile: ' 13800000000 ', code });
    expect(res.code).toBe(0);
    expect(Object.keys(res.data as object).sort()).toEqual([
      'accessToken',
      'expiresTime',
      'refreshToken',
      'userId',
    ]);
    const { accessToken, userId } = res.data as { accessToken: string; userId: number };
    expect(userId).toBe(1);
    const info = await t.api({ path: '/system/auth/get-permission-info', token: accessToken });
    expect(info).toMatchObject({ code: 0, data: { user: { id: 1 } } });
    expect(await lastLoginLog('13800000000')).toMatchObject({
      logType: 103,
      result: 0,
      userId: 1,
      userType: 2,
    });

    // A code signs in once.
    expect(await smsLogin({ mobile: '13800000000', code })).toMatchObject({
      code: 1_002_014_002,
      msg: '验证码已使用',
    });
  });

  it('accepts the code as mobileCode too', async () => {
    const { mobile, id } = await addUser();
    await sendCode(mobile);
    const res = await smsLogin({ mobile, mobileCode: await codeSentTo(mobile) });
    expect(res).toMatchObject({ code: 0, data: { userId: id } });
  });

  it('refuses an unknown mobile, bad input and a missing tenant', async () => {
    const logs = async () =>
      ((await t.api({ path: '/system/sms-log/page', token: admin })).data as PageResult<SmsLog>).total;
    const before = await logs();
    expect(await sendCode('13999999999')).toMatchObject({ code: 1_002_000_007, msg: '手机号不存在' });
    const bad = await sendCode('12345');
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('手机号格式不正确');
    const scene = await sendCode('13800000001', 1, 1);
    expect(scene.code).toBe(400);
    expect(scene.msg).toContain('发送场景不正确');
    expect(await sendCode('13800000001', null)).toMatchObject({
      code: 400,
      msg: '请求的租户标识未传递，请进行排查',
    });
    expect(await logs()).toBe(before);

    const noCode = await smsLogin({ mobile: '13800000001' });
    expect(noCode.code).toBe(400);
    expect(noCode.msg).toContain('验证码不能为空');
    expect(await smsLogin({ mobile: '13800000001', code: '1' }, null)).toMatchObject({ code: 400 });
    // The operator has a mobile but was never sent a code.
    expect(await smsLogin({ mobile: '13800000001', code: '123456' })).toMatchObject({
      code: 1_002_014_000,
      msg: '验证码不存在',
    });
    expect(await lastLoginLog('13800000001')).toMatchObject({ logType: 103, result: 30, userId: 2 });
  });

  it('sends at most one code a minute per mobile', async () => {
    const { mobile } = await addUser();
    expect((await sendCode(mobile)).code).toBe(0);
    t.clock.now += SMS_CODE_RULES.sendIntervalMs - 1_000;
    expect(await sendCode(mobile)).toMatchObject({ code: 1_002_014_005, msg: '短信发送过于频率' });
    t.clock.now += 1_000;
    expect((await sendCode(mobile)).code).toBe(0);
  });

  it('sends at most ten codes a day per mobile', async () => {
    const { mobile } = await addUser();
    for (let i = 0; i < SMS_CODE_RULES.maxPerDay; i += 1) {
      expect((await sendCode(mobile)).code).toBe(0);
      t.clock.now += SMS_CODE_RULES.sendIntervalMs;
    }
    expect(await sendCode(mobile)).toMatchObject({ code: 1_002_014_004, msg: '超过每日短信发送数量' });
    t.clock.now += DAY;
    expect((await sendCode(mobile)).code).toBe(0);
    // Tokens issued earlier have expired by now: sign in again for the tests that follow.
    admin = (await t.login()).accessToken;
  });

  it('keeps a code for ten minutes', async () => {
    const { mobile } = await addUser();
    await sendCode(mobile);
    const code = await codeSentTo(mobile);
    t.clock.now += SMS_CODE_RULES.expiresMs;
    expect(await smsLogin({ mobile, code })).toMatchObject({ code: 1_002_014_001, msg: '验证码已过期' });

    t.clock.now += SMS_CODE_RULES.sendIntervalMs;
    await sendCode(mobile);
    const fresh = await codeSentTo(mobile);
    t.clock.now += SMS_CODE_RULES.expiresMs - 1_000;
    expect((await smsLogin({ mobile, code: fresh })).code).toBe(0);
    admin = (await t.login()).accessToken;
  });

  it('voids a code after five wrong tries', async () => {
    const { mobile, id } = await addUser();
    await sendCode(mobile);
    const code = await codeSentTo(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_RULES.maxAttempts; i += 1)
      expect(await smsLogin({ mobile, code: wrong })).toMatchObject({
        code: 1_002_014_003,
        msg: '验证码不正确',
      });
    expect(await lastLoginLog(mobile)).toMatchObject({ result: 31, userId: id });
    expect(await smsLogin({ mobile, code })).toMatchObject({
      code: 1_002_014_008,
      msg: '验证码错误次数过多，请重新获取',
    });
    // A new code works again.
    t.clock.now += SMS_CODE_RULES.sendIntervalMs;
    await sendCode(mobile);
    expect((await smsLogin({ mobile, code: await codeSentTo(mobile) })).code).toBe(0);
  });

  it('refuses a disabled user and keeps tenants apart', async () => {
    const disabled = await addUser({ status: 1 });
    await sendCode(disabled.mobile);
    expect(
      await smsLogin({ mobile: disabled.mobile, code: await codeSentTo(disabled.mobile) }),
    ).toMatchObject({
      code: 1_002_000_001,
      msg: '登录失败，账号被禁用',
    });
    expect(await lastLoginLog(disabled.mobile)).toMatchObject({ logType: 103, result: 20 });

    // A code sent for tenant 1 does not sign in to tenant 2, even for a user there with that mobile.
    const { mobile } = await addUser();
    await addUser({ tenantId: tenant2.tenantId }).then(({ id }) =>
      t.db.kysely.updateTable('systemUsers').set({ mobile }).where('id', '=', id).execute(),
    );
    await sendCode(mobile);
    const code = await codeSentTo(mobile);
    expect(await smsLogin({ mobile, code }, tenant2.tenantId)).toMatchObject({ code: 1_002_014_000 });
    const own = await smsLogin({ mobile, code });
    expect(own.code).toBe(0);
    // A mobile unknown in a tenant gets no code there.
    expect(await sendCode('13800000000', tenant2.tenantId)).toMatchObject({ code: 1_002_000_007 });
  });

  it('does not count a code whose SMS could not be queued', async () => {
    const { mobile } = await addUser();
    await t.db.kysely
      .updateTable('systemSmsTemplate')
      .set({ deleted: 1 })
      .where('code', '=', 'admin-sms-login')
      .execute();
    // As the template service does after a change: cached templates go.
    await t.app.bus.publish('sms-template');
    try {
      expect(await sendCode(mobile)).toMatchObject({ code: 1_002_013_002, msg: '短信模板不存在' });
    } finally {
      await t.db.kysely
        .updateTable('systemSmsTemplate')
        .set({ deleted: 0 })
        .where('code', '=', 'admin-sms-login')
        .execute();
      await t.app.bus.publish('sms-template');
    }
    // No minute to wait: the failed send left no code behind.
    expect((await sendCode(mobile)).code).toBe(0);
  });
});
