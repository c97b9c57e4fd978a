import type { Kysely, Selectable } from 'kysely';
import type { Database, OAuth2AccessTokenTable, OAuth2RefreshTokenTable } from '../../db/schema.js';

export type AccessTokenRow = Selectable<OAuth2AccessTokenTable>;
export type RefreshTokenRow = Selectable<OAuth2RefreshTokenTable>;

/** Token rows keyed by the tokens' SHA-256 digests. Token lookups ignore tenants: the token names its tenant. */
export const tokenRepository = (db: Kysely<Database>) => ({
  findAccess: (digest: string): Promise<AccessTokenRow | undefined> =>
    db.selectFrom('systemOauth2AccessToken').selectAll().where('accessToken', '=', digest).executeTakeFirst(),

  findRefresh: (digest: string): Promise<RefreshTokenRow | undefined> =>
    db
      .selectFrom('systemOauth2RefreshToken')
      .selectAll()
      .where('refreshToken', '=', digest)
      .executeTakeFirst(),

  async insertAccess(row: Omit<AccessTokenRow, 'id' | 'deleted'>): Promise<void> {
    await db.insertInto('systemOauth2AccessToken').values(row).execute();
  },

  async insertRefresh(row: Omit<RefreshTokenRow, 'id' | 'deleted'>): Promise<void> {
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

  async deleteRefresh(digest: string): Promise<void> {
    await db.deleteFrom('systemOauth2RefreshToken').where('refreshToken', '=', digest).execute();
  },
});
