import type { LoginResp } from '@app/contract';
import { hashPassword } from '../src/lib/crypto.js';
import { SMS_CODE_RULES } from '../src/modules/sms/code-service.js';
import type { TestApp } from './helper.js';

/** Members (会员) for the tests: added directly, or signed in through the member API. */

/** A member of `tenantId` with a password; returns its id. */
export const addMember = async (
  t: TestApp,
  over: { tenantId?: number; mobile: string; password?: string; nickname?: string; status?: number },
): Promise<number> => {
  const at = t.clock.now;
  const { id } = await t.db.kysely
    .insertInto('memberUser')
    .values({
      tenantId: over.tenantId ?? 1,
      mobile: over.mobile,
      password: over.password === undefined ? null : await hashPassword(over.password),
      nickname: over.nickname ?? `会员${over.mobile.slice(-4)}`,
      avatar: null,
      name: null,
      sex: null,
      birthday: null,
      areaId: null,
      mark: null,
      status: over.status ?? 0,
      registerIp: null,
      registerTerminal: null,
      loginIp: null,
      loginDate: null,
      creator: null,
      updater: null,
      createTime: at,
      updateTime: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
};

/** The latest SMS code sent to `mobile` (read from system_sms_code). */
export const lastSmsCode = async (t: TestApp, mobile: string): Promise<string> => {
  const row = await t.db.kysely
    .selectFrom('systemSmsCode')
    .select('code')
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.code;
};

/**
 * Signs a member of `tenant` in by SMS code (registering it on its first sign-in). A mobile is sent
 * one code a minute: `{ again: true }` moves the clock past that first.
 */
export const smsSignInMember = async (
  t: TestApp,
  mobile: string,
  {
    tenant = 1,
    headers = {},
    again = false,
  }: { tenant?: number; headers?: Record<string, string>; again?: boolean } = {},
): Promise<LoginResp> => {
  if (again) t.clock.now += SMS_CODE_RULES.sendIntervalMs;
  const sent = await t.api({
    api: 'app',
    method: 'POST',
    path: '/member/auth/send-sms-code',
    body: { mobile, scene: 1 },
    tenant,
  });
  if (sent.code !== 0) throw new Error(`send-sms-code failed: ${sent.code} ${sent.msg}`);
  const res = await t.api({
    api: 'app',
    method: 'POST',
    path: '/member/auth/sms-login',
    body: { mobile, code: await lastSmsCode(t, mobile) },
    tenant,
    headers,
  });
  if (res.code !== 0) throw new Error(`sms-login failed: ${res.code} ${res.msg}`);
  return res.data as LoginResp;
};
