import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * Indexes for the large lists (measured in bench/system.ts with 100,000 users and 1,000,000
 * messages): pages walk an index in id order and stop at the page, and the totals are counted
 * from an index alone instead of reading every row.
 */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();
  // 用户管理: the page (newest first), and the counts of its account, mobile and department filters.
  await index('idx_system_users_list', 'system_users', ['tenant_id', 'deleted', 'id']);
  await index('idx_system_users_username_search', 'system_users', ['tenant_id', 'deleted', 'username']);
  await index('idx_system_users_mobile_search', 'system_users', ['tenant_id', 'deleted', 'mobile']);
  await index('idx_system_users_dept', 'system_users', ['tenant_id', 'deleted', 'dept_id']);
  // PostgreSQL answers substring searches from trigram indexes where pg_trgm is available (a
  // trusted extension: the database owner may create it).
  if (dialect === 'postgres') {
    const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (available.rows.length > 0) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      for (const column of ['username', 'mobile'])
        await sql`create index ${sql.id(`idx_system_users_${column}_trgm`)} on system_users using gin (${sql.id(column)} gin_trgm_ops)`.execute(
          db,
        );
    }
  }
  // 我的站内信 and the bell: a user's messages newest first (by time, then id), all or by read status.
  await db.schema.dropIndex('idx_system_notify_message_user').execute();
  await index('idx_system_notify_message_mine', 'system_notify_message', [
    'tenant_id',
    'user_id',
    'user_type',
    'deleted',
    'create_time',
    'id',
  ]);
  await index('idx_system_notify_message_mine_read', 'system_notify_message', [
    'tenant_id',
    'user_id',
    'user_type',
    'deleted',
    'read_status',
    'create_time',
    'id',
  ]);
};
