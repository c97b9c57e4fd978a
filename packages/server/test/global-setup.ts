import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { PG_ADMIN_URL, pgUrlOf } from './pg-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded SQLite file; each test opens an in-memory copy of it. */
    sqliteTemplate: string;
    /** A migrated and seeded PostgreSQL database ('' when PostgreSQL is not there); tests copy it. */
    pgTemplate: string;
    /** The names of this run's PostgreSQL test databases begin with it (the template's too). */
    pgPrefix: string;
  }
}

const migrateAndSeed = async (db: Db) => {
  await migrateToLatest(db);
  await seedIfEmpty(db);
};

/** Migrates and seeds PostgreSQL into a template of its own; '' when PostgreSQL does not answer. */
const pgTemplate = async (prefix: string): Promise<string> => {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
  } catch {
    // helper.ts reports it (a failure under CI=true, a skip elsewhere).
    return '';
  }
  try {
    const name = `${prefix}template`;
    await admin.query(`create database ${name}`);
    const db = openDatabase({ databaseUrl: pgUrlOf(name) });
    try {
      await migrateAndSeed(db);
    } finally {
      // A database with open connections cannot be copied.
      await db.close();
    }
    return name;
  } finally {
    await admin.end();
  }
};

/** Drops the run's databases that are left: a test drops its own without waiting for it. */
const dropRunDatabases = async (prefix: string) => {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
  } catch {
    return;
  }
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await admin.end();
  }
};

/**
 * Migrating and seeding (password hashes included) costs far more than most API tests: it is done
 * once per run, per dialect, and every test starts from a copy (see `freshDatabase` in helper.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'admin-test-template-'));
  const file = join(dir, 'template.sqlite');
  const sqlite = openDatabase({ sqliteFile: ':memory:' });
  try {
    await migrateAndSeed(sqlite);
    // An in-memory database writes a plain (rollback-journal) image, which opens from a buffer.
    await sql`vacuum into ${sql.lit(file)}`.execute(sqlite.kysely);
  } finally {
    await sqlite.close();
  }
  const prefix = `admin_test_r${randomBytes(4).toString('hex')}_`;
  const pgName = await pgTemplate(prefix);
  project.provide('sqliteTemplate', file);
  project.provide('pgTemplate', pgName);
  project.provide('pgPrefix', prefix);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (pgName) await dropRunDatabases(prefix);
  };
}
