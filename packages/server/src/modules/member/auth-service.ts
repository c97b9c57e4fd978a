import { randomInt } from 'node:crypto';
import type { LoginResp } from '@app/contract';
import {
  DICT_TYPE,
  GlobalError,
  MemberError,
  SMS_SCENE,
  type appMemberLoginReq,
  type appMemberSmsLoginReq,
  type appMemberSmsSendReq,
} from '@app/contract';
import type { z } from 'zod';
import { MEMBER_USER_TYPE, STATUS_DISABLED, STATUS_ENABLED, type AppContext } from '../../context.js';
import { loadDictLabels } from '../../lib/crud/index.js';
import { UNKNOWN_USER_HASH, verifyPassword } from '../../lib/crypto.js';
import { fail, isUniqueViolation } from '../../lib/errors.js';
import { LOGIN_LOG_TYPE, LOGIN_RESULT, loginLogRepository } from '../../lib/login-log.js';
import { loginThrottle } from '../../lib/login-throttle.js';
import type { TokenService } from '../auth/token-service.js';
import type { SmsCodeService } from '../sms/code-service.js';
import { memberUserRepository, type MemberCredentials } from './user-repository.js';

/** Where a member signs in from: the request's tenant and address, and its `terminal` header. */
export interface MemberClient {
  tenantId: number;
  ip: string;
  userAgent: string;
  traceId: string;
  terminal: string | undefined;
}

/** terminal 20 H5 网页: the register terminal when the request names none of the dictionary. */
const TERMINAL_H5 = 20;

/**
 * The member API's sign-in: tokens of user type 1 (MEMBER_USER_TYPE) with the same tables and
 * lifetimes as the console's. A password sign-in is throttled as the console's is (the account is
 * `member:<mobile>`, apart from staff usernames); an SMS sign-in registers an unknown mobile.
 * Every success records the login address and time; every outcome goes to the login log with user
 * type 1, the mobile as its account, as the reference logs members.
 */
export const memberAuthService = (ctx: AppContext, tokens: TokenService, codes: SmsCodeService) => {
  const db = ctx.db.kysely;
  const repo = memberUserRepository(db);
  const throttle = loginThrottle(ctx);
  const loginLog = loginLogRepository(db);

  const log = (client: MemberClient, logType: number, result: number, userId: number, mobile: string) =>
    loginLog.insert({
      tenantId: client.tenantId,
      logType,
      userId,
      userType: MEMBER_USER_TYPE,
      username: mobile,
      result,
      userIp: client.ip,
      traceId: client.traceId,
      userAgent: client.userAgent.slice(0, 512),
      at: ctx.now(),
    });

  const signIn = async (
    member: MemberCredentials,
    client: MemberClient,
    logType: number,
  ): Promise<LoginResp> => {
    if (member.status === STATUS_DISABLED) {
      await log(client, logType, LOGIN_RESULT.USER_DISABLED, member.id, member.mobile);
      throw fail(MemberError.AUTH_LOGIN_USER_DISABLED);
    }
    await repo.recordLogin(member.tenantId, member.id, client.ip, ctx.now());
    await log(client, logType, LOGIN_RESULT.SUCCESS, member.id, member.mobile);
    return tokens.createTokens({ id: member.id, tenantId: member.tenantId, userType: MEMBER_USER_TYPE });
  };

  /** The `terminal` header when it is a value of the terminal dictionary, else H5. */
  const terminalOf = async (header: string | undefined): Promise<number> => {
    const value = header?.trim();
    if (!value) return TERMINAL_H5;
    const known = (await loadDictLabels(db, [DICT_TYPE.TERMINAL])).byLabel(DICT_TYPE.TERMINAL);
    return [...known.values()].includes(value) && Number.isSafeInteger(Number(value))
      ? Number(value)
      : TERMINAL_H5;
  };

  /** A new enabled member of level 1 named 用户 and six random digits. */
  const register = async (client: MemberClient, mobile: string): Promise<MemberCredentials> => {
    const values = {
      mobile,
      nickname: `用户${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
      status: STATUS_ENABLED,
      registerIp: client.ip.slice(0, 50),
      registerTerminal: await terminalOf(client.terminal),
    };
    try {
      await repo.insert(client.tenantId, values, ctx.now());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    // The row just written, or the one a sign-up racing this one wrote.
    const member = await repo.findByMobile(client.tenantId, mobile);
    if (!member) throw fail(MemberError.USER_NOT_EXISTS);
    return member;
  };

  return {
    async login(req: z.output<typeof appMemberLoginReq>, client: MemberClient): Promise<LoginResp> {
      const source = { tenantId: client.tenantId, username: `member:${req.mobile}`, ip: client.ip };
      // Refused before the password is checked: a throttled guess learns nothing and costs no hashing.
      const member = await repo.findByMobile(client.tenantId, req.mobile);
      const fails = (result: number) =>
        log(client, LOGIN_LOG_TYPE.USERNAME, result, member?.id ?? 0, req.mobile);
      if (await throttle.isBlocked(source)) {
        await fails(LOGIN_RESULT.TOO_MANY_FAILURES);
        throw fail(GlobalError.TOO_MANY_REQUESTS);
      }
      const passwordOk = await verifyPassword(req.password, member?.password ?? UNKNOWN_USER_HASH);
      if (!member?.password || !passwordOk) {
        await throttle.recordFailure(source);
        await fails(LOGIN_RESULT.BAD_CREDENTIALS);
        throw fail(MemberError.AUTH_LOGIN_BAD_CREDENTIALS);
      }
      await throttle.recordSuccess(source);
      return signIn(member, client, LOGIN_LOG_TYPE.USERNAME);
    },

    /** Sends a sign-in code to any mobile: the sign-in registers one that has no member yet. */
    async sendSmsCode(req: z.output<typeof appMemberSmsSendReq>, client: MemberClient): Promise<true> {
      const member = await repo.findByMobile(client.tenantId, req.mobile);
      await codes.send(
        client.tenantId,
        req.mobile,
        req.scene,
        client.ip,
        member ? { id: member.id, type: MEMBER_USER_TYPE } : null,
      );
      return true;
    },

    async smsLogin(req: z.output<typeof appMemberSmsLoginReq>, client: MemberClient): Promise<LoginResp> {
      await codes.verify(client.tenantId, req.mobile, SMS_SCENE.MEMBER_LOGIN, req.code, client.ip);
      const member =
        (await repo.findByMobile(client.tenantId, req.mobile)) ?? (await register(client, req.mobile));
      return signIn(member, client, LOGIN_LOG_TYPE.MOBILE);
    },

    /** Revokes the member's token; succeeds whether or not it was still valid (a staff token stays). */
    async logout(token: string | null, client: MemberClient): Promise<true> {
      const owner = token ? await tokens.removeAccessToken(token, MEMBER_USER_TYPE) : null;
      if (owner) {
        const member = await repo.findById(owner.tenantId, owner.userId);
        await log(
          { ...client, tenantId: owner.tenantId },
          LOGIN_LOG_TYPE.LOGOUT_SELF,
          LOGIN_RESULT.SUCCESS,
          owner.userId,
          member?.mobile ?? '',
        );
      }
      return true;
    },

    /** As the console's refresh; a staff user's refresh token is 无效的刷新令牌 here. */
    refresh: (refreshToken: string, tenantId: number | null): Promise<LoginResp> =>
      tokens.refreshAccessToken(refreshToken, tenantId, MEMBER_USER_TYPE),
  };
};

export type MemberAuthService = ReturnType<typeof memberAuthService>;
