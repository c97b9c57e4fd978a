import type { LoginReq, LoginResp } from '@app/contract';
import { AuthError, GlobalError } from '@app/contract';
import { ADMIN_USER_TYPE, STATUS_DISABLED, type AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { UNKNOWN_USER_HASH, verifyPassword } from '../../lib/crypto.js';
import { fail } from '../../lib/errors.js';
import { captchaService } from '../captcha/service.js';
import { socialUserService } from '../social/user-service.js';
import { userRepository } from '../user/repository.js';
import { LOGIN_LOG_TYPE, LOGIN_RESULT, loginLogRepository } from '../../lib/login-log.js';
import { loginThrottle } from '../../lib/login-throttle.js';
import type { TokenService } from './token-service.js';

export interface ClientInfo {
  tenantId: number;
  ip: string;
  userAgent: string;
  traceId: string;
}

export const authService = (ctx: AppContext, tokens: TokenService) => {
  const users = userRepository(ctx.db.kysely);
  const loginLog = loginLogRepository(ctx.db.kysely);
  const throttle = loginThrottle(ctx);
  const captcha = captchaService(ctx);
  const social = socialUserService(ctx);

  const log = (client: ClientInfo, logType: number, result: number, userId: number, username: string) =>
    loginLog.insert({
      tenantId: client.tenantId,
      logType,
      userId,
      userType: ADMIN_USER_TYPE,
      username,
      result,
      userIp: client.ip,
      userAgent: client.userAgent.slice(0, 512),
      traceId: client.traceId,
      at: ctx.now(),
    });

  /**
   * Checks an account's password: throttled, every outcome in the login log, the last login recorded
   * on success. Password sign-in and the OAuth2 password grant both come through here.
   */
  const authenticate = async (username: string, password: string, client: ClientInfo): Promise<UserRow> => {
    const source = { tenantId: client.tenantId, username, ip: client.ip };
    const user = await users.findByUsername(client.tenantId, username);
    // Refused before the password is checked: a throttled guess learns nothing and costs no hashing.
    if (await throttle.isBlocked(source)) {
      await log(client, LOGIN_LOG_TYPE.USERNAME, LOGIN_RESULT.TOO_MANY_FAILURES, user?.id ?? 0, username);
      throw fail(GlobalError.TOO_MANY_REQUESTS);
    }
    // Verify a hash even for unknown users so that timing does not reveal which usernames exist.
    const passwordOk = await verifyPassword(password, user?.password ?? UNKNOWN_USER_HASH);
    if (!user || !passwordOk) {
      await throttle.recordFailure(source);
      await log(client, LOGIN_LOG_TYPE.USERNAME, LOGIN_RESULT.BAD_CREDENTIALS, user?.id ?? 0, username);
      throw fail(AuthError.LOGIN_BAD_CREDENTIALS);
    }
    await throttle.recordSuccess(source);
    if (user.status === STATUS_DISABLED) {
      await log(client, LOGIN_LOG_TYPE.USERNAME, LOGIN_RESULT.USER_DISABLED, user.id, username);
      throw fail(AuthError.LOGIN_USER_DISABLED);
    }
    await users.recordLogin(user.id, client.ip, ctx.now());
    await log(client, LOGIN_LOG_TYPE.USERNAME, LOGIN_RESULT.SUCCESS, user.id, username);
    return user;
  };

  return {
    authenticate,

    async login(req: LoginReq, client: ClientInfo): Promise<LoginResp> {
      const username = req.username.trim();
      if (ctx.config.captchaEnabled) {
        const verified = await captcha.verification(req.captchaVerification);
        if (!verified.success) {
          await log(client, LOGIN_LOG_TYPE.USERNAME, LOGIN_RESULT.CAPTCHA_CODE_ERROR, 0, username);
          throw fail(AuthError.LOGIN_CAPTCHA_CODE_ERROR, verified.repMsg);
        }
      }
      const user = await authenticate(username, req.password, client);
      // With socialType/socialCode/socialState: the social account that was not bound yet is bound now.
      await social.bindFromLogin({ id: user.id, userType: ADMIN_USER_TYPE, tenantId: user.tenantId }, req);
      return tokens.createTokens({ id: user.id, tenantId: user.tenantId });
    },

    /** Revokes the caller's tokens; succeeds whether or not the token was still valid. */
    async logout(token: string | null, client: Omit<ClientInfo, 'tenantId'>): Promise<true> {
      if (!token) return true;
      const owner = await tokens.removeAccessToken(token);
      if (owner) {
        const user = await users.findById(owner.tenantId, owner.userId);
        await log(
          { ...client, tenantId: owner.tenantId },
          LOGIN_LOG_TYPE.LOGOUT_SELF,
          LOGIN_RESULT.SUCCESS,
          owner.userId,
          user?.username ?? '',
        );
      }
      return true;
    },
  };
};
