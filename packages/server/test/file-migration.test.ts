import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { createTestApp } from './helper.js';

const MIGRATIONS = new URL('../src/db/migrations/', import.meta.url);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A seeded database migrated up to (not including) 024, as one created before file configs existed. */
const databaseBefore024 = async (): Promise<Db> => {
  const db = openDatabase({ sqliteFile: ':memory:' });
  const names = readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.ts') && f < '024')
    .map((f) => f.replace(/\.ts$/, ''));
  const migrations: Record<string, Migration> = {};
  for (const name of names) {
    const step = (await import(new URL(`${name}.ts`, MIGRATIONS).href)) as {
      up: (k: Kysely<unknown>, dialect: 'sqlite') => Promise<void>;
    };
    migrations[name] = { up: (k) => step.up(k, 'sqlite') };
  }
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return db;
};

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
