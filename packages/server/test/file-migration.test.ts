import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseBefore } from './migrated-before.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { createTestApp } from './helper.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const databaseBefore024 = () => databaseBefore('024');

describe('migration 024 on a database that predates it', () => {
  it('keeps avatars stored in the database readable and makes the database config the master', async () => {
    const db = await databaseBefore024();
    const path = `${createHash('sha256').update(PNG).digest('hex')}.png`;
    const url = `/admin-api/infra/file/4/get/${path}`;
    const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await k
      .insertInto('infra_file_content')
      .values({ config_id: 4, path, content: PNG, creator: '1', create_time: 1 })
      .execute();
    await k
      .insertInto('infra_file')
      .values({
        config_id: 4,
        name: 'avatar.png',
        path,
        url,
        type: 'image/png',
        size: PNG.length,
        create_time: 1,
      })
      .execute();

    await migrateToLatest(db);
    await seedIfEmpty(db);
    const t = await createTestApp('sqlite', { db });
    try {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      const admin = (await t.login()).accessToken;
      const configs = await t.api({ path: '/infra/file-config/page', token: admin });
      expect(configs.data).toMatchObject({ total: 1, list: [{ id: 4, storage: 1, master: true }] });
      const files = await t.api({ path: '/infra/file/page', token: admin });
      expect(files.data).toMatchObject({ total: 1, list: [{ name: 'avatar.png', url }] });
    } finally {
      await t.close();
    }
  });
});
