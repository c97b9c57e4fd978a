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
import { loginThrottle } from '../../lib/login-throttle.js';
import type { TokenService } from '../auth/token-service.js';
import type { SmsCodeService } from '../sms/code-service.js';
import { memberUserRepository, type MemberCredentials } from './user-repository.js';

/** Where a member signs in from: the request's tenant and address, and its `terminal` header. */
export interface MemberClient {
  tenantId: number;
  ip: string;
  terminal: string | undefined;
}

/** terminal 20 H5 网页: the register terminal when the request names none of the dictionary. */
const TERMINAL_H5 = 20;

/**
 * The member API's sign-in: tokens of user type 1 (MEMBER_USER_TYPE) with the same tables and
 * lifetimes as the console's. A password sign-in is throttled as the console's is (the account is
 * `member:<mobile>`, apart from staff usernames); an SMS sign-in registers an unknown mobile.
 * Every success records the login address and time.
 */
export const memberAuthService = (ctx: AppContext, tokens: TokenService, codes: SmsCodeService) => {
  const db = ctx.db.kysely;
  const repo = memberUserRepository(db);
  const throttle = loginThrottle(ctx);

  const signIn = async (member: MemberCredentials, ip: string): Promise<LoginResp> => {
    if (member.status === STATUS_DISABLED) throw fail(MemberError.AUTH_LOGIN_USER_DISABLED);
    await repo.recordLogin(member.tenantId, member.id, ip, ctx.now());
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
      if (await throttle.isBlocked(source)) throw fail(GlobalError.TOO_MANY_REQUESTS);
      const member = await repo.findByMobile(client.tenantId, req.mobile);
      const passwordOk = await verifyPassword(req.password, member?.password ?? UNKNOWN_USER_HASH);
      if (!member?.password || !passwordOk) {
        await throttle.recordFailure(source);
        throw fail(MemberError.AUTH_LOGIN_BAD_CREDENTIALS);
      }
      await throttle.recordSuccess(source);
      return signIn(member, client.ip);
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
      return signIn(member, client.ip);
    },

    /** Revokes the member's token; succeeds whether or not it was still valid (a staff token stays). */
    async logout(token: string | null): Promise<true> {
      if (token) await tokens.removeAccessToken(token, MEMBER_USER_TYPE);
      return true;
    },

    /** As the console's refresh; a staff user's refresh token is 无效的刷新令牌 here. */
    refresh: (refreshToken: string, tenantId: number | null): Promise<LoginResp> =>
      tokens.refreshAccessToken(refreshToken, tenantId, MEMBER_USER_TYPE),
  };
};

export type MemberAuthService = ReturnType<typeof memberAuthService>;
