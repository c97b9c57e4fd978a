import type { LoginResp } from '@app/contract';
import {
  AuthError,
  SMS_SCENE,
  UserError,
  authSendSmsCode,
  authSmsLogin,
  type authSmsLoginReq,
  type authSmsSendReq,
} from '@app/contract';
import type { z } from 'zod';
import { ADMIN_USER_TYPE, STATUS_DISABLED, type AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { SmsCodeRejected, type SmsCodeService } from '../sms/code-service.js';
import { userRepository } from '../user/repository.js';
import { LOGIN_LOG_TYPE, LOGIN_RESULT, loginLogRepository } from '../../lib/login-log.js';
import type { ClientInfo } from './service.js';
import type { TokenService } from './token-service.js';

type SendReq = z.output<typeof authSmsSendReq>;
type LoginReq = z.output<typeof authSmsLoginReq>;

/**
 * Sign-in with a code sent by SMS: like password sign-in it issues the same tokens and writes the
 * login log (type 103 短信登录, the mobile as the user name), within the request's tenant.
 */
export const smsLoginService = (ctx: AppContext, tokens: TokenService, codes: SmsCodeService) => {
  const db = ctx.db.kysely;
  const users = userRepository(db);
  const loginLog = loginLogRepository(db);

  const userByMobile = (tenantId: number, mobile: string): Promise<UserRow | undefined> =>
    db
      .selectFrom('systemUsers')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('mobile', '=', mobile)
      .where('deleted', '=', 0)
      .orderBy('id')
      .executeTakeFirst();

  const log = (client: ClientInfo, result: number, userId: number, mobile: string) =>
    loginLog.insert({
      tenantId: client.tenantId,
      logType: LOGIN_LOG_TYPE.MOBILE,
      userId,
      userType: ADMIN_USER_TYPE,
      username: mobile,
      result,
      userIp: client.ip,
      userAgent: client.userAgent.slice(0, 512),
      traceId: client.traceId,
      at: ctx.now(),
    });

  return {
    /** Sends a sign-in code to the mobile of a user of the tenant (unknown mobile: 1_002_000_007). */
    async sendCode(req: SendReq, client: ClientInfo): Promise<true> {
      const user = await userByMobile(client.tenantId, req.mobile);
      if (!user) throw fail(AuthError.MOBILE_NOT_EXISTS);
      await codes.send(client.tenantId, req.mobile, req.scene, client.ip, {
        id: user.id,
        type: ADMIN_USER_TYPE,
      });
      return true;
    },

    async login(req: LoginReq, client: ClientInfo): Promise<LoginResp> {
      const user = await userByMobile(client.tenantId, req.mobile);
      try {
        await codes.use(client.tenantId, req.mobile, SMS_SCENE.ADMIN_MEMBER_LOGIN, req.code, client.ip);
      } catch (error) {
        if (!(error instanceof SmsCodeRejected)) throw error;
        const result =
          error.failure === 'not-correct' ? LOGIN_RESULT.CAPTCHA_CODE_ERROR : LOGIN_RESULT.CAPTCHA_NOT_FOUND;
        await log(client, result, user?.id ?? 0, req.mobile);
        throw error.error;
      }
      // The user went away between sending the code and signing in.
      if (!user) throw fail(UserError.USER_NOT_EXISTS);
      if (user.status === STATUS_DISABLED) {
        await log(client, LOGIN_RESULT.USER_DISABLED, user.id, req.mobile);
        throw fail(AuthError.LOGIN_USER_DISABLED);
      }
      const result = await tokens.createTokens({ id: user.id, tenantId: user.tenantId });
      await users.recordLogin(user.id, client.ip, ctx.now());
      await log(client, LOGIN_RESULT.SUCCESS, user.id, req.mobile);
      return result;
    },
  };
};

export const smsLoginRoutes = (route: RouteRegistrar, auth: ReturnType<typeof smsLoginService>): void => {
  route(authSendSmsCode, ({ body, tenantId, ip, userAgent, traceId }) =>
    auth.sendCode(body, { tenantId: tenantId!, ip, userAgent, traceId }),
  );
  route(authSmsLogin, ({ body, tenantId, ip, userAgent, traceId }) =>
    auth.login(body, { tenantId: tenantId!, ip, userAgent, traceId }),
  );
};
