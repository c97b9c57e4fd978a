import { describe, expect, it } from 'vitest';
import { databaseBefore } from './migrated-before.js';
import type { Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

const databaseBefore017 = () => databaseBefore('017');

const insertLegacyClient = (db: Db, clientId: string) =>
  db.kysely
    .insertInto('systemOauth2Client')
    // The columns of that time (without the ones 017 adds), hence the cast.
    .values({
      creator: '1',
      updater: '1',
      clientId,
      // What the seed stored before secrets were sealed.
      secret: 'admin123',
      name: '旧客户端',
      logo: '',
      description: null,
      status: 0,
      accessTokenValiditySeconds: 900,
      refreshTokenValiditySeconds: 7200,
      redirectUris: '[]',
      authorizedGrantTypes: '["password","refresh_token"]',
      scopes: '[]',
      autoApproveScopes: '[]',
    } as never)
    .execute();

describe('migration 017 on a database that predates it', () => {
  it('keeps an existing default client, clearing its plain secret', async () => {
    const db = await databaseBefore017();
    await insertLegacyClient(db, 'default');
    await migrateToLatest(db);
    const rows = await db.kysely.selectFrom('systemOauth2Client').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clientId: 'default',
      secret: '',
      accessTokenValiditySeconds: 900,
      authorities: '[]',
      resourceIds: '[]',
      pkceRequired: 0,
    });
    await db.close();
  });

  it('adds the default client the sign-in uses when it is missing', async () => {
    const db = await databaseBefore017();
    await insertLegacyClient(db, 'legacy');
    await migrateToLatest(db);
    const rows = await db.kysely.selectFrom('systemOauth2Client').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.clientId, r.secret])).toEqual([
      ['legacy', ''],
      ['default', ''],
    ]);
    expect(rows[1]).toMatchObject({
      accessTokenValiditySeconds: 1800,
      refreshTokenValiditySeconds: 43200,
      authorizedGrantTypes: '["password","refresh_token"]',
    });
    await db.close();
  });
});
