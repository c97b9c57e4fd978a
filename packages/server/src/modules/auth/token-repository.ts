import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OAuth2AccessTokenTable, OAuth2RefreshTokenTable } from '../../db/schema.js';

export type AccessTokenRow = Selectable<OAuth2AccessTokenTable>;
export type RefreshTokenRow = Selectable<OAuth2RefreshTokenTable>;

/** The columns this repository reads (every column: its callers map whole rows). */
export const columns = {
  accessToken: [
    'id',
    'userId',
    'userType',
    'accessToken',
    'refreshToken',
    'clientId',
    'scopes',
    'expiresTime',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
  refreshToken: [
    'id',
    'userId',
    'userType',
    'refreshToken',
    'clientId',
    'scopes',
    'expiresTime',
    'family',
    'rotated',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

/** Token rows keyed by the tokens' SHA-256 digests. Token lookups ignore tenants: the token names its tenant. */
export const tokenRepository = (db: Kysely<Database>) => ({
  findAccess: (digest: string): Promise<AccessTokenRow | undefined> =>
    db
      .selectFrom('systemOauth2AccessToken')
      .select(columns.accessToken)
      .where('accessToken', '=', digest)
      .executeTakeFirst(),

  findRefresh: (digest: string): Promise<RefreshTokenRow | undefined> =>
    db
      .selectFrom('systemOauth2RefreshToken')
      .select(columns.refreshToken)
      .where('refreshToken', '=', digest)
      .executeTakeFirst(),

  async insertAccess(row: Insertable<OAuth2AccessTokenTable>): Promise<void> {
    await db.insertInto('systemOauth2AccessToken').values(row).execute();
  },

  async insertRefresh(row: Insertable<OAuth2RefreshTokenTable>): Promise<void> {
    await db.insertInto('systemOauth2RefreshToken').values(row).execute();
  },

  async deleteAccess(digest: string): Promise<void> {
    await db.deleteFrom('systemOauth2AccessToken').where('accessToken', '=', digest).execute();
  },

  /** Removes every access token issued from the refresh token; returns their digests. */
  async deleteAccessByRefresh(refreshDigest: string): Promise<string[]> {
    const rows = await db
      .deleteFrom('systemOauth2AccessToken')
      .where('refreshToken', '=', refreshDigest)
      .returning('accessToken')
      .execute();
    return rows.map((r) => r.accessToken);
  },

  /**
   * Removes every access and refresh token of one user of a tenant; returns the access tokens'
   * digests. Two statements: the caller runs them in a transaction (token-service's revoke).
   */
  async deleteByUser(tenantId: number, userType: number, userId: number): Promise<string[]> {
    await db
      .deleteFrom('systemOauth2RefreshToken')
      .where('tenantId', '=', tenantId)
      .where('userType', '=', userType)
      .where('userId', '=', userId)
      .execute();
    const access = await db
      .deleteFrom('systemOauth2AccessToken')
      .where('tenantId', '=', tenantId)
      .where('userType', '=', userType)
      .where('userId', '=', userId)
      .returning('accessToken')
      .execute();
    return access.map((r) => r.accessToken);
  },

  /** Deletes access and refresh tokens expired by `at`; returns how many of each. */
  async deleteExpired(at: number): Promise<{ access: number; refresh: number }> {
    const access = await db
      .deleteFrom('systemOauth2AccessToken')
      .where('expiresTime', '<=', at)
      .executeTakeFirst();
    const refresh = await db
      .deleteFrom('systemOauth2RefreshToken')
      .where('expiresTime', '<=', at)
      .executeTakeFirst();
    return { access: Number(access.numDeletedRows), refresh: Number(refresh.numDeletedRows) };
  },

  async deleteRefresh(digest: string): Promise<void> {
    await db.deleteFrom('systemOauth2RefreshToken').where('refreshToken', '=', digest).execute();
  },

  /** Marks the refresh token as exchanged; false when it was already (a concurrent or repeated use). */
  async markRotated(digest: string, at: number): Promise<boolean> {
    const result = await db
      .updateTable('systemOauth2RefreshToken')
      .set({ rotated: 1, updateTime: at })
      .where('refreshToken', '=', digest)
      .where('rotated', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Removes every refresh token of the family and the access tokens they issued; returns those.
   * Two statements: the caller runs them in a transaction (token-service's revoke).
   */
  async deleteFamily(family: string): Promise<string[]> {
    const refreshes = await db
      .deleteFrom('systemOauth2RefreshToken')
      .where('family', '=', family)
      .returning('refreshToken')
      .execute();
    if (refreshes.length === 0) return [];
    const access = await db
      .deleteFrom('systemOauth2AccessToken')
      .where(
        'refreshToken',
        'in',
        refreshes.map((r) => r.refreshToken),
      )
      .returning('accessToken')
      .execute();
    return access.map((r) => r.accessToken);
  },
});

export type TokenRepository = ReturnType<typeof tokenRepository>;
