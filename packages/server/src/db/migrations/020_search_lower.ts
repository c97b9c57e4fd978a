import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * Substring searches now match `lower(column)` on both dialects (lib/crud/search.ts), so the
 * trigram indexes of 016 move to the lower-cased columns; otherwise PostgreSQL would read every
 * user for a search.
 */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  if (dialect !== 'postgres') return;
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const column of ['username', 'mobile']) {
    const name = `idx_system_users_${column}_trgm`;
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on system_users using gin (lower(${sql.id(column)}) gin_trgm_ops)`.execute(
      db,
    );
  }
};
