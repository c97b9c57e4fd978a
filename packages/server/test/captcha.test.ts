import { createCipheriv } from 'node:crypto';
import type { CaptchaResponse } from '@app/contract';
import type { Redis } from 'ioredis';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_LIMITS } from '../src/modules/captcha/service.js';
import { createTestApp, DIALECTS, newRedis, probeRedis, type TestApp } from './helper.js';

const hasRedis = await probeRedis();

/** What the reference client does: AES/ECB/PKCS7 with the secretKey, base64. */
const encrypt = (text: string, key: string) => {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
};

const captchaRules = (open: () => Promise<TestApp>, redis: Redis | null = null) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (path: 'get' | 'check', body: unknown) => {
    const raw = await t.app.inject({
      method: 'POST',
      url: `/admin-api/system/captcha/${path}`,
      payload: body as object,
    });
    return raw.json() as CaptchaResponse;
  };

  /** Reads the answer from the store, as only a test may. */
  const answerOf = async (token: string): Promise<{ x: number; y: number }> => {
    const value = redis
      ? await redis.get(`captcha:challenge:${token}`)
      : (
          await t.db.kysely
            .selectFrom('systemCaptcha')
            .select('value')
            .where('cacheKey', '=', `challenge:${token}`)
            .executeTakeFirstOrThrow()
        ).value;
    return JSON.parse(value!) as { x: number; y: number };
  };

  const challenge = async () => {
    const res = await call('get', { captchaType: 'blockPuzzle' });
    const data = res.repData!;
    return { token: data.token!, secretKey: data.secretKey!, answer: await answerOf(data.token!) };
  };

  const check = (token: string, secretKey: string, x: number, y = 5) => {
    const pointJson = JSON.stringify({ x, y });
    return {
      pointJson,
      result: call('check', { captchaType: 'blockPuzzle', token, pointJson: encrypt(pointJson, secretKey) }),
    };
  };

  /** Solves a fresh challenge and answers the captchaVerification the client would send. */
  const solve = async () => {
    const { token, secretKey, answer } = await challenge();
    const { pointJson, result } = check(token, secretKey, answer.x + 0.5);
    expect((await result).repCode).toBe('0000');
    return encrypt(`${token}---${pointJson}`, secretKey);
  };

  const login = (captchaVerification?: string) =>
    t.api({
      method: 'POST',
      path: '/system/auth/login',
      body: {
        username: 'admin',
        password: 'admin123',
        ...(captchaVerification ? { captchaVerification } : {}),
      },
    });

  const lastLog = () =>
    t.db.kysely.selectFrom('systemLoginLog').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('hands out a 310 × 155 background and a piece strip as PNG, outside the envelope', async () => {
    const res = await call('get', { captchaType: 'blockPuzzle' });
    expect(res).toMatchObject({ repCode: '0000', success: true });
    const data = res.repData!;
    expect(data.token).toMatch(/^[0-9a-f]{32}$/);
    expect(data.secretKey).toMatch(/^[A-Za-z0-9]{16}$/);
    const original = PNG.sync.read(Buffer.from(data.originalImageBase64!, 'base64'));
    const jigsaw = PNG.sync.read(Buffer.from(data.jigsawImageBase64!, 'base64'));
    expect([original.width, original.height, jigsaw.width, jigsaw.height]).toEqual([310, 155, 47, 155]);
    const { x, y } = await answerOf(data.token!);
    expect(y).toBe(5);
    expect(x).toBeGreaterThanOrEqual(100);
    expect(x).toBeLessThan(310 - 47);
    // The piece strip is transparent but for the piece.
    const opaque = Array.from(
      { length: jigsaw.width * jigsaw.height },
      (_, i) => jigsaw.data[i * 4 + 3]!,
    ).filter((a) => a > 0).length;
    expect(opaque).toBeGreaterThan(900);
    expect(opaque).toBeLessThan(47 * 47);
  });

  it('answers AJ-Captcha errors for missing or foreign input', async () => {
    expect(await call('get', {})).toEqual({
      repCode: '0011',
      repMsg: '类型不能为空',
      repData: null,
      success: false,
    });
    expect((await call('get', { captchaType: 'clickWord' })).repCode).toBe('0015');
    expect(await call('check', { captchaType: 'blockPuzzle', pointJson: 'x' })).toMatchObject({
      repCode: '0011',
      repMsg: 'token不能为空',
    });
    expect(await call('check', { captchaType: 'blockPuzzle', token: 'nope', pointJson: 'x' })).toMatchObject({
      repCode: '6110',
      repMsg: '验证码已失效，请重新获取',
      success: false,
    });
  });

  it('accepts a point within 5 px and yields the verification', async () => {
    const { token, secretKey, answer } = await challenge();
    const res = await check(token, secretKey, answer.x - CAPTCHA_LIMITS.slipOffset).result;
    expect(res).toMatchObject({ repCode: '0000', success: true, repData: { token, result: true } });
  });

  it('refuses a point just beyond the tolerance, a wrong y or a foreign key, and spends the challenge', async () => {
    const a = await challenge();
    expect(await check(a.token, a.secretKey, a.answer.x + CAPTCHA_LIMITS.slipOffset + 0.1).result).toEqual({
      repCode: '6111',
      repMsg: '验证失败',
      repData: null,
      success: false,
    });
    // A failed check spends the challenge: the right answer now comes too late.
    expect((await check(a.token, a.secretKey, a.answer.x).result).repCode).toBe('6110');
    const b = await challenge();
    expect((await check(b.token, b.secretKey, b.answer.x, 6).result).repCode).toBe('6111');
    const c = await challenge();
    expect((await check(c.token, 'ABCDEFGHIJKLMNOP', c.answer.x).result).repCode).toBe('6111');
  });

  it('is single-use: a second check of a passed challenge fails', async () => {
    const { token, secretKey, answer } = await challenge();
    expect((await check(token, secretKey, answer.x).result).repCode).toBe('0000');
    expect((await check(token, secretKey, answer.x).result).repCode).toBe('6110');
  });

  it('expires a challenge after 2 minutes', async () => {
    const fresh = await challenge();
    const late = await challenge();
    t.clock.now += CAPTCHA_LIMITS.challengeMs - 1000;
    expect((await check(fresh.token, fresh.secretKey, fresh.answer.x).result).repCode).toBe('0000');
    t.clock.now += 1000;
    expect((await check(late.token, late.secretKey, late.answer.x).result).repCode).toBe('6110');
  });

  it('signs in once per verification, and not after 3 minutes', async () => {
    const verification = await solve();
    const ok = await login(verification);
    expect(ok.code).toBe(0);
    expect(await lastLog()).toMatchObject({ username: 'admin', result: 0 });
    const again = await login(verification);
    expect(again).toMatchObject({ code: 1_002_000_004, msg: '验证码不正确，原因：验证码已失效，请重新获取' });
    expect(await lastLog()).toMatchObject({ username: 'admin', result: 31, logType: 100 });

    const stale = await solve();
    t.clock.now += CAPTCHA_LIMITS.verificationMs;
    expect((await login(stale)).code).toBe(1_002_000_004);
  });

  it('refuses sign-in without or with a made-up verification, even with the right password', async () => {
    expect(await login()).toMatchObject({
      code: 1_002_000_004,
      msg: '验证码不正确，原因：二次校验参数不能为空',
    });
    expect(await lastLog()).toMatchObject({ username: 'admin', result: 31 });
    expect((await login('bm90IGEgcmVhbCBvbmU=')).code).toBe(1_002_000_004);
  });

  it('tells the web that the captcha is on, without a tenant or token', async () => {
    expect(await t.api({ path: '/system/captcha/enabled', tenant: null })).toMatchObject({
      code: 0,
      data: true,
    });
  });
};

describe.each(DIALECTS)('block-puzzle captcha on %s', (dialect) => {
  captchaRules(() => createTestApp(dialect, { env: { CAPTCHA_ENABLED: 'true' } }));
});

describe.skipIf(!hasRedis)('block-puzzle captcha in Redis', () => {
  const redis = hasRedis ? newRedis() : null;
  captchaRules(() => createTestApp('sqlite', { redis, env: { CAPTCHA_ENABLED: 'true' } }), redis);
  afterAll(() => redis?.disconnect());
});

describe('captcha off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in without a verification and says so to the web', async () => {
    expect((await t.api({ path: '/system/captcha/enabled', tenant: null })).data).toBe(false);
    expect((await t.login()).accessToken).toBeTruthy();
  });
});
