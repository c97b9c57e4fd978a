import type { LoginResp } from '@app/contract';
import { AuthError } from '@app/contract';
import { ADMIN_USER_TYPE, type AppContext, type LoginUser } from '../../context.js';
import { digestToken, newToken } from '../../lib/crypto.js';
import { MemoryCache } from '../../lib/cache.js';
import { fail } from '../../lib/errors.js';
import { tokenRepository } from './token-repository.js';

export const DEFAULT_CLIENT_ID = 'default';
const REDIS_KEY = (digest: string) => `oauth2_access_token:${digest}`;
const LOCAL_TTL_MS = 5_000;

interface CachedAccess {
  userId: number;
  userType: number;
  tenantId: number;
  expiresTime: number;
}

/**
 * Opaque access and refresh tokens, stored only as digests. With Redis the access tokens are also
 * cached there (until they expire), so several server instances share revocations at once.
 */
export const tokenService = (ctx: AppContext) => {
  const repo = tokenRepository(ctx.db.kysely);
  const redis = ctx.redis;
  // Checked tokens are trusted in-process for a few seconds at most; revocations drop them at once.
  const local = new MemoryCache<CachedAccess>(10_000, LOCAL_TTL_MS, ctx.now);
  ctx.bus.on('token', (digest) => (digest ? local.delete(digest) : local.clear()));

  const cache = async (digest: string, value: CachedAccess): Promise<void> => {
    const ttl = value.expiresTime - ctx.now();
    if (redis && ttl > 0) await redis.set(REDIS_KEY(digest), JSON.stringify(value), 'PX', ttl);
  };
  const uncache = async (digests: string[]): Promise<void> => {
    if (redis && digests.length > 0) await redis.del(...digests.map(REDIS_KEY));
    for (const digest of digests) await ctx.bus.publish('token', digest);
  };

  /** Redis first (shared by all instances), then the database, which refills Redis. */
  const lookup = async (digest: string): Promise<CachedAccess | undefined> => {
    const shared = redis ? await redis.get(REDIS_KEY(digest)) : null;
    if (shared) return JSON.parse(shared) as CachedAccess;
    const row = await repo.findAccess(digest);
    if (!row) return undefined;
    const value = {
      userId: row.userId,
      userType: row.userType,
      tenantId: row.tenantId,
      expiresTime: row.expiresTime,
    };
    await cache(digest, value);
    return value;
  };

  const issueAccess = async (
    user: { id: number; tenantId: number },
    refreshDigest: string,
    clientId: string,
  ): Promise<{ accessToken: string; expiresTime: number }> => {
    const accessToken = newToken();
    const now = ctx.now();
    const expiresTime = now + ctx.config.accessTokenSeconds * 1000;
    const row = {
      tenantId: user.tenantId,
      userId: user.id,
      userType: ADMIN_USER_TYPE,
      accessToken: digestToken(accessToken),
      refreshToken: refreshDigest,
      clientId,
      scopes: '[]',
      expiresTime,
      creator: String(user.id),
      updater: String(user.id),
      createTime: now,
      updateTime: now,
    };
    await repo.insertAccess(row);
    await cache(row.accessToken, {
      userId: user.id,
      userType: ADMIN_USER_TYPE,
      tenantId: user.tenantId,
      expiresTime,
    });
    return { accessToken, expiresTime };
  };

  return {
    async createTokens(
      user: { id: number; tenantId: number },
      clientId = DEFAULT_CLIENT_ID,
    ): Promise<LoginResp> {
      const refreshToken = newToken();
      const now = ctx.now();
      const refreshDigest = digestToken(refreshToken);
      await repo.insertRefresh({
        tenantId: user.tenantId,
        userId: user.id,
        userType: ADMIN_USER_TYPE,
        refreshToken: refreshDigest,
        clientId,
        scopes: '[]',
        expiresTime: now + ctx.config.refreshTokenSeconds * 1000,
        creator: String(user.id),
        updater: String(user.id),
        createTime: now,
        updateTime: now,
      });
      const access = await issueAccess(user, refreshDigest, clientId);
      return {
        userId: user.id,
        accessToken: access.accessToken,
        refreshToken,
        expiresTime: access.expiresTime,
      };
    },

    /** The caller of a valid, unexpired access token; null for anything else. */
    async checkAccessToken(token: string): Promise<LoginUser | null> {
      const digest = digestToken(token);
      let found = local.get(digest);
      if (!found) {
        found = await lookup(digest);
        if (found) local.set(digest, found, Math.min(LOCAL_TTL_MS, found.expiresTime - ctx.now()));
      }
      if (!found || found.expiresTime <= ctx.now() || found.userType !== ADMIN_USER_TYPE) return null;
      return { id: found.userId, userType: found.userType, tenantId: found.tenantId };
    },

    /** Revokes the access token and the refresh token it came from; returns its owner when it existed. */
    async removeAccessToken(token: string): Promise<{ userId: number; tenantId: number } | null> {
      const digest = digestToken(token);
      const row = await repo.findAccess(digest);
      if (!row) return null;
      const siblings = await repo.deleteAccessByRefresh(row.refreshToken);
      await repo.deleteAccess(digest);
      await repo.deleteRefresh(row.refreshToken);
      await uncache([digest, ...siblings]);
      return { userId: row.userId, tenantId: row.tenantId };
    },

    /**
     * Issues a new access token from a refresh token (which is not rotated), after revoking the
     * access tokens it issued before. Unknown: 400 无效的刷新令牌; expired: 401 刷新令牌已过期.
     */
    async refreshAccessToken(refreshToken: string, tenantId: number | null): Promise<LoginResp> {
      const refreshDigest = digestToken(refreshToken);
      const row = await repo.findRefresh(refreshDigest);
      if (!row || (tenantId !== null && row.tenantId !== tenantId))
        throw fail(AuthError.REFRESH_TOKEN_INVALID);
      await uncache(await repo.deleteAccessByRefresh(refreshDigest));
      if (row.expiresTime <= ctx.now()) {
        await repo.deleteRefresh(refreshDigest);
        throw fail(AuthError.REFRESH_TOKEN_EXPIRED);
      }
      const access = await issueAccess(
        { id: row.userId, tenantId: row.tenantId },
        refreshDigest,
        row.clientId,
      );
      return {
        userId: row.userId,
        accessToken: access.accessToken,
        refreshToken,
        expiresTime: access.expiresTime,
      };
    },
  };
};
export type TokenService = ReturnType<typeof tokenService>;
