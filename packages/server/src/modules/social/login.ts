import type { LoginResp } from '@app/contract';
import { AuthError, UserError } from '@app/contract';
import { ADMIN_USER_TYPE, STATUS_DISABLED, type AppContext } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { LOGIN_RESULT, loginLogRepository } from '../../lib/login-log.js';
import type { ClientInfo } from '../auth/service.js';
import type { TokenService } from '../auth/token-service.js';
import { userRepository } from '../user/repository.js';
import type { SocialCode, SocialUserService } from './user-service.js';

/** Dictionary system_login_type: 101 社交登录. */
export const LOGIN_TYPE_SOCIAL = 101;

/**
 * Sign-in with a social account: the account of the code must be bound to a user of the tenant
 * (otherwise 1_002_000_005 未绑定账号, and the web offers the password form that binds it). Issues
 * the same tokens as password sign-in and writes the login log (type 101, the user's username).
 */
export const socialLoginService = (ctx: AppContext, tokens: TokenService, social: SocialUserService) => {
  const users = userRepository(ctx.db.kysely);
  const loginLog = loginLogRepository(ctx.db.kysely);

  const log = (client: ClientInfo, result: number, userId: number, username: string) =>
    loginLog.insert({
      tenantId: client.tenantId,
      logType: LOGIN_TYPE_SOCIAL,
      userId,
      userType: ADMIN_USER_TYPE,
      username,
      result,
      userIp: client.ip,
      traceId: client.traceId,
      userAgent: client.userAgent.slice(0, 512),
      at: ctx.now(),
    });

  return {
    async login(given: SocialCode, client: ClientInfo): Promise<LoginResp> {
      const account = await social.accountOf(client.tenantId, ADMIN_USER_TYPE, given);
      const userId = await social.boundUserId(client.tenantId, account, ADMIN_USER_TYPE);
      if (userId === null) throw fail(AuthError.THIRD_LOGIN_NOT_BIND);
      const user = await users.findById(client.tenantId, userId);
      if (!user) throw fail(UserError.USER_NOT_EXISTS);
      if (user.status === STATUS_DISABLED) {
        await log(client, LOGIN_RESULT.USER_DISABLED, user.id, user.username);
        throw fail(AuthError.LOGIN_USER_DISABLED);
      }
      await social.consumeCode(client.tenantId, account);
      const result = await tokens.createTokens({ id: user.id, tenantId: user.tenantId });
      await users.recordLogin(user.id, client.ip, ctx.now());
      await log(client, LOGIN_RESULT.SUCCESS, user.id, user.username);
      return result;
    },
  };
};
