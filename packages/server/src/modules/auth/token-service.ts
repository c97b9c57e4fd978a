import type { LoginResp } from '@app/contract';
import { AuthError, OAUTH2_DEFAULT_CLIENT_ID, OAuth2Error } from '@app/contract';
import { ADMIN_USER_TYPE, type AppContext, type LoginUser } from '../../context.js';
import { digestToken, newToken } from '../../lib/crypto.js';
import { type Cached, MemoryCache, thenCached } from '../../lib/cache.js';
import { fail } from '../../lib/errors.js';
import { oauth2ClientStore, type OAuth2ClientStore } from '../oauth2/client-store.js';
import { tokenRepository, type TokenRepository } from './token-repository.js';

export const DEFAULT_CLIENT_ID = OAUTH2_DEFAULT_CLIENT_ID;
const REDIS_KEY = (digest: string) => `oauth2_access_token:${digest}`;
const LOCAL_TTL_MS = 5_000;
/** How many token digests are kept (all of them are dropped when full). */
const DIGESTS_KEPT = 10_000;
/** The user id of a client_credentials token, which acts for no user. */
const NO_USER = 0;

interface CachedAccess {
  userId: number;
  userType: number;
  tenantId: number;
  expiresTime: number;
  /** Absent in entries cached before OAuth2 clients existed: the console's client, no scopes. */
  clientId?: string;
  scopes?: string[];
}

/** An access token's facts, as check-token reports them. */
export interface AccessTokenInfo {
  userId: number | null;
  userType: number;
  tenantId: number;
  clientId: string;
  scopes: string[];
  expiresTime: number;
}

/** What a grant hands out; `refreshToken` is null for client_credentials. */
export interface IssuedTokens {
  userId: number;
  accessToken: string;
  refreshToken: string | null;
  expiresTime: number;
  scopes: string[];
}

interface Owner {
  id: number;
  tenantId: number;
  /** ADMIN_USER_TYPE (a staff user) unless a member's (MEMBER_USER_TYPE). */
  userType?: number;
}

const parseScopes = (json: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Opaque access and refresh tokens, stored only as digests. With Redis the access tokens are also
 * cached there (until they expire), so several server instances share revocations at once.
 * Lifetimes come from the token's OAuth2 client (应用管理); the console's `default` client falls back
 * to ACCESS_TOKEN_SECONDS / REFRESH_TOKEN_SECONDS when its row is gone. Refresh tokens of third-party
 * clients rotate on use, and presenting a rotated one revokes its whole family; the console's own
 * refresh token is not rotated, as in the reference.
 */
export const tokenService = (ctx: AppContext, clients: OAuth2ClientStore = oauth2ClientStore(ctx)) => {
  const repo = tokenRepository(ctx.db.kysely);
  const redis = ctx.redis;
  // Checked tokens are trusted in-process for a few seconds at most; revocations drop them at once.
  const local = new MemoryCache<CachedAccess>(10_000, LOCAL_TTL_MS, ctx.now);
  ctx.bus.on('token', (digest) => (digest ? local.delete(digest) : local.clear()));

  const cache = async (digest: string, value: CachedAccess): Promise<void> => {
    const ttl = value.expiresTime - ctx.now();
    if (redis && ttl > 0) await redis.set(REDIS_KEY(digest), JSON.stringify(value), 'PX', ttl);
  };
  /**
   * Deletes token rows and their copies in Redis as one: the rows' transaction commits only once Redis
   * has dropped the copies. A revocation Redis cannot take fails and changes nothing, rather than leave
   * a revoked token usable from Redis until it expires.
   */
  const revoke = async (deleteRows: (rows: TokenRepository) => Promise<string[]>): Promise<void> => {
    // Fail at once while Redis is away, instead of holding the transaction through its retries.
    if (redis && redis.status !== 'ready') throw new Error('Redis is unreachable: tokens cannot be revoked');
    const digests = await ctx.db.kysely.transaction().execute(async (trx) => {
      const deleted = await deleteRows(tokenRepository(trx));
      if (redis && deleted.length > 0) await redis.del(...deleted.map(REDIS_KEY));
      return deleted;
    });
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
      clientId: row.clientId,
      scopes: parseScopes(row.scopes),
    };
    await cache(digest, value);
    return value;
  };

  // Every request digests its token to find it: the digests of the tokens seen lately are kept.
  const digests = new Map<string, string>();
  const digestOf = (token: string): string => {
    let digest = digests.get(token);
    if (digest === undefined) {
      if (digests.size >= DIGESTS_KEPT) digests.clear();
      digest = digestToken(token);
      digests.set(token, digest);
    }
    return digest;
  };

  /** The checked token from this instance's short cache, else from Redis or the database. */
  const find = (token: string): Cached<CachedAccess | undefined> => {
    const digest = digestOf(token);
    return local.get(digest) ?? remember(digest);
  };
  const remember = async (digest: string): Promise<CachedAccess | undefined> => {
    const found = await lookup(digest);
    if (found) local.set(digest, found, Math.min(LOCAL_TTL_MS, found.expiresTime - ctx.now()));
    return found;
  };

  const lifetimes = async (clientId: string): Promise<{ access: number; refresh: number }> => {
    const client = await clients.find(clientId);
    return client
      ? { access: client.accessTokenValiditySeconds, refresh: client.refreshTokenValiditySeconds }
      : { access: ctx.config.accessTokenSeconds, refresh: ctx.config.refreshTokenSeconds };
  };

  const issueAccess = async (
    owner: { userId: number; tenantId: number; userType: number },
    refreshDigest: string,
    clientId: string,
    scopes: string[],
    seconds: number,
  ): Promise<{ accessToken: string; expiresTime: number }> => {
    const accessToken = newToken();
    const now = ctx.now();
    const expiresTime = now + seconds * 1000;
    const row = {
      tenantId: owner.tenantId,
      userId: owner.userId,
      userType: owner.userType,
      accessToken: digestToken(accessToken),
      refreshToken: refreshDigest,
      clientId,
      scopes: JSON.stringify(scopes),
      expiresTime,
      creator: String(owner.userId),
      updater: String(owner.userId),
      createTime: now,
      updateTime: now,
    };
    await repo.insertAccess(row);
    await cache(row.accessToken, {
      userId: owner.userId,
      userType: owner.userType,
      tenantId: owner.tenantId,
      expiresTime,
      clientId,
      scopes,
    });
    return { accessToken, expiresTime };
  };

  /** A refresh token (of `family`, a new one when unset) and an access token issued from it. */
  const grant = async (
    user: Owner,
    clientId: string,
    scopes: string[],
    family: string = newToken(),
  ): Promise<IssuedTokens> => {
    const { access, refresh } = await lifetimes(clientId);
    const refreshToken = newToken();
    const now = ctx.now();
    const refreshDigest = digestToken(refreshToken);
    const userType = user.userType ?? ADMIN_USER_TYPE;
    await repo.insertRefresh({
      tenantId: user.tenantId,
      userId: user.id,
      userType,
      refreshToken: refreshDigest,
      clientId,
      scopes: JSON.stringify(scopes),
      expiresTime: now + refresh * 1000,
      family,
      creator: String(user.id),
      updater: String(user.id),
      createTime: now,
      updateTime: now,
    });
    const issued = await issueAccess(
      { userId: user.id, tenantId: user.tenantId, userType },
      refreshDigest,
      clientId,
      scopes,
      access,
    );
    return { userId: user.id, ...issued, refreshToken, scopes };
  };

  const toLoginResp = (issued: IssuedTokens): LoginResp => ({
    userId: issued.userId,
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken ?? '',
    expiresTime: issued.expiresTime,
  });

  const revokeFamily = async (family: string): Promise<void> => {
    if (family) await revoke((rows) => rows.deleteFamily(family));
  };

  /**
   * Revokes the access token and the refresh token it came from; returns its owner when it existed
   * (of `tenantId` and of `userType`, when given).
   */
  const removeByDigest = async (
    digest: string,
    tenantId: number | null = null,
    userType: number | null = null,
  ): Promise<{ userId: number; tenantId: number; clientId: string } | null> => {
    const row = await repo.findAccess(digest);
    if (!row || (tenantId !== null && row.tenantId !== tenantId)) return null;
    if (userType !== null && row.userType !== userType) return null;
    await revoke(async (rows) => {
      const siblings = await rows.deleteAccessByRefresh(row.refreshToken);
      await rows.deleteAccess(digest);
      await rows.deleteRefresh(row.refreshToken);
      return [digest, ...siblings];
    });
    return { userId: row.userId, tenantId: row.tenantId, clientId: row.clientId };
  };

  /**
   * Validates a refresh token of `clientId` (null: the console's refresh, which takes the
   * default client's only) and of `userType`, and revokes the access tokens it issued before.
   * Unknown, of another tenant or of another user type: 400 无效的刷新令牌; expired: 401 刷新令牌已过期.
   */
  const usableRefresh = async (
    refreshToken: string,
    clientId: string,
    tenantId: number | null,
    userType: number,
  ) => {
    const digest = digestToken(refreshToken);
    const row = await repo.findRefresh(digest);
    if (!row || (tenantId !== null && row.tenantId !== tenantId) || row.userType !== userType)
      throw fail(AuthError.REFRESH_TOKEN_INVALID);
    if (row.clientId !== clientId) throw fail(OAuth2Error.REFRESH_TOKEN_CLIENT_MISMATCH);
    if (row.rotated === 1) {
      // A rotated token presented again: someone kept a copy. Nothing of that grant stays valid.
      await revokeFamily(row.family);
      throw fail(AuthError.REFRESH_TOKEN_INVALID);
    }
    await revoke((rows) => rows.deleteAccessByRefresh(digest));
    if (row.expiresTime <= ctx.now()) {
      await repo.deleteRefresh(digest);
      throw fail(AuthError.REFRESH_TOKEN_EXPIRED);
    }
    return { row, digest };
  };

  return {
    clients,

    /** The console's tokens of a user, or (with `userType` MEMBER_USER_TYPE) a member's. */
    async createTokens(user: Owner, clientId = DEFAULT_CLIENT_ID): Promise<LoginResp> {
      return toLoginResp(await grant(user, clientId, []));
    },

    /** Tokens a third-party client receives for a user (authorization code, password, implicit). */
    issueTokens: (user: Owner, clientId: string, scopes: string[]): Promise<IssuedTokens> =>
      grant(user, clientId, scopes),

    /** A client_credentials token: no user, no refresh token; only check-token accepts it. */
    async issueClientToken(tenantId: number, clientId: string, scopes: string[]): Promise<IssuedTokens> {
      const { access } = await lifetimes(clientId);
      // The access row names a refresh token nobody holds, so no refresh can reach it.
      const issued = await issueAccess(
        { userId: NO_USER, tenantId, userType: ADMIN_USER_TYPE },
        digestToken(newToken()),
        clientId,
        scopes,
        access,
      );
      return { userId: NO_USER, ...issued, refreshToken: null, scopes };
    },

    /**
     * The caller of a valid, unexpired access token of a user of `userType` (a staff user unless
     * told); null for anything else, a member's token where a staff user's is expected included.
     */
    checkAccessToken(token: string, userType: number = ADMIN_USER_TYPE): Cached<LoginUser | null> {
      return thenCached(find(token), (found) => {
        if (!found || found.expiresTime <= ctx.now() || found.userType !== userType) return null;
        if (found.userId === NO_USER) return null;
        return {
          id: found.userId,
          userType: found.userType,
          tenantId: found.tenantId,
          clientId: found.clientId ?? DEFAULT_CLIENT_ID,
          scopes: found.scopes ?? [],
        };
      });
    },

    /** check-token: the token's facts; unknown: 401 访问令牌不存在, expired: 401 访问令牌已过期. */
    async inspectAccessToken(token: string): Promise<AccessTokenInfo> {
      const found = await find(token);
      if (!found) throw fail(OAuth2Error.ACCESS_TOKEN_NOT_EXISTS);
      if (found.expiresTime <= ctx.now()) throw fail(OAuth2Error.ACCESS_TOKEN_EXPIRED);
      return {
        userId: found.userId === NO_USER ? null : found.userId,
        userType: found.userType,
        tenantId: found.tenantId,
        clientId: found.clientId ?? DEFAULT_CLIENT_ID,
        scopes: found.scopes ?? [],
        expiresTime: found.expiresTime,
      };
    },

    /** Sign-out: revokes the token if it is one of `userType`'s (a staff user's unless told). */
    removeAccessToken: (token: string, userType: number = ADMIN_USER_TYPE) =>
      removeByDigest(digestToken(token), null, userType),

    /** Revokes every token of one user at once (a member disabled). */
    async revokeUserTokens(tenantId: number, userType: number, userId: number): Promise<void> {
      await revoke((rows) => rows.deleteByUser(tenantId, userType, userId));
    },

    /** 强退 from 令牌管理, which knows the digest only; a token of another tenant is left alone. */
    removeAccessTokenByDigest: (digest: string, tenantId: number) => removeByDigest(digest, tenantId),

    /** A client revoking one of its own access tokens; false for an unknown token or another client's. */
    async revokeClientToken(clientId: string, token: string): Promise<boolean> {
      const row = await repo.findAccess(digestToken(token));
      if (!row || row.clientId !== clientId) return false;
      return (await removeByDigest(row.accessToken)) !== null;
    },

    /**
     * The console's refresh (/system/auth/refresh-token; a member's, /member/auth/refresh-token, with
     * MEMBER_USER_TYPE): a new access token from a refresh token of the default client, which is not
     * rotated, after revoking the access tokens it issued before.
     */
    async refreshAccessToken(
      refreshToken: string,
      tenantId: number | null,
      userType: number = ADMIN_USER_TYPE,
    ): Promise<LoginResp> {
      const { row, digest } = await usableRefresh(refreshToken, DEFAULT_CLIENT_ID, tenantId, userType);
      const { access } = await lifetimes(row.clientId);
      const issued = await issueAccess(
        { userId: row.userId, tenantId: row.tenantId, userType },
        digest,
        row.clientId,
        parseScopes(row.scopes),
        access,
      );
      return {
        userId: row.userId,
        accessToken: issued.accessToken,
        refreshToken,
        expiresTime: issued.expiresTime,
      };
    },

    /**
     * The refresh_token grant of the token endpoint. A third-party client's refresh token is
     * exchanged for a new one of the same family (rotation); the default client's is kept.
     */
    async refreshClientToken(
      refreshToken: string,
      clientId: string,
      tenantId: number | null,
    ): Promise<IssuedTokens> {
      // The token endpoint serves staff users; a member's refresh token is none of its.
      const { row, digest } = await usableRefresh(refreshToken, clientId, tenantId, ADMIN_USER_TYPE);
      const scopes = parseScopes(row.scopes);
      if (clientId === DEFAULT_CLIENT_ID) {
        const { access } = await lifetimes(clientId);
        const issued = await issueAccess(
          { userId: row.userId, tenantId: row.tenantId, userType: ADMIN_USER_TYPE },
          digest,
          clientId,
          scopes,
          access,
        );
        return { userId: row.userId, ...issued, refreshToken, scopes };
      }
      if (!(await repo.markRotated(digest, ctx.now()))) {
        await revokeFamily(row.family);
        throw fail(AuthError.REFRESH_TOKEN_INVALID);
      }
      return grant({ id: row.userId, tenantId: row.tenantId }, clientId, scopes, row.family || newToken());
    },
  };
};
export type TokenService = ReturnType<typeof tokenService>;
