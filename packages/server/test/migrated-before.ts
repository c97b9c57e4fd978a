import { readdirSync } from 'node:fs';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { openDatabase, type Db } from '../src/db/database.js';

const MIGRATIONS = new URL('../src/db/migrations/', import.meta.url);

/**
 * A SQLite database migrated up to (not including) the migration numbered `number` ('017'), as one
 * created before that migration existed: the way to test that a migration upgrades old data.
 */
export const databaseBefore = async (number: string): Promise<Db> => {
  const db = openDatabase({ sqliteFile: ':memory:' });
  const names = readdirSync(MIGRATIONS)
    .filter((f) => /^\d{3}_/.test(f) && f.endsWith('.ts') && f < number)
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
