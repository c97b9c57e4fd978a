import type { OAuth2AccessToken, oauth2TokenPageReq, PageResult } from '@app/contract';
import type { z } from 'zod';
import { ADMIN_USER_TYPE, type AppContext, type LoginUser } from '../../context.js';
import { LOGIN_LOG_TYPE, LOGIN_RESULT, loginLogRepository } from '../../lib/login-log.js';
import type { TokenService } from '../auth/token-service.js';
import { userRepository } from '../user/repository.js';
import { contains, fetchPage } from '../../lib/crud/index.js';

/**
 * 令牌管理: a tenant's unexpired access tokens, shown by their stored digests (the tokens themselves
 * are never kept), and 强退, which revokes one by that digest everywhere at once.
 */
export const oauth2TokenAdminService = (ctx: AppContext, tokens: TokenService) => {
  const db = ctx.db.kysely;
  const users = userRepository(db);
  const loginLog = loginLogRepository(db);

  return {
    async page(
      user: LoginUser,
      query: z.output<typeof oauth2TokenPageReq>,
    ): Promise<PageResult<OAuth2AccessToken>> {
      let q = db
        .selectFrom('systemOauth2AccessToken')
        .where('tenantId', '=', user.tenantId)
        .where('expiresTime', '>', ctx.now());
      if (query.userId !== undefined) q = q.where('userId', '=', query.userId);
      if (query.userType !== undefined) q = q.where('userType', '=', query.userType);
      if (query.clientId) q = q.where(contains('clientId', query.clientId));
      const { list, total } = await fetchPage(q, query, (rows) =>
        rows
          .select([
            'id',
            'accessToken',
            'refreshToken',
            'userId',
            'userType',
            'clientId',
            'createTime',
            'expiresTime',
          ])
          .orderBy('id', 'desc'),
      );
      return { list: list.map((row) => ({ ...row, id: Number(row.id) })), total };
    },

    /** Revokes the token (and its refresh token) and logs a forced sign-out (登录日志 type 202). */
    async forceLogout(
      user: LoginUser,
      digest: string,
      client: { ip: string; userAgent: string; traceId: string },
    ): Promise<boolean> {
      const owner = await tokens.removeAccessTokenByDigest(digest, user.tenantId);
      if (owner) {
        const target = owner.userId ? await users.findById(owner.tenantId, owner.userId) : undefined;
        await loginLog.insert({
          tenantId: owner.tenantId,
          logType: LOGIN_LOG_TYPE.LOGOUT_DELETE,
          userId: owner.userId,
          userType: ADMIN_USER_TYPE,
          username: target?.username ?? '',
          result: LOGIN_RESULT.SUCCESS,
          userIp: client.ip,
          userAgent: client.userAgent.slice(0, 512),
          traceId: client.traceId,
          at: ctx.now(),
        });
      }
      return true;
    },
  };
};
