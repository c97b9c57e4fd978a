import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * The admin message list (`system_notify_message` of a tenant, newest id first) gets its index. A
 * message's rendered content and its parameters grow with the values a sender passes, beyond the
 * template's own 1024 characters: on PostgreSQL, which enforces varchar lengths, they become text
 * (SQLite does not enforce them).
 */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  await db.schema
    .createIndex('idx_system_notify_message_tenant_id')
    .on('system_notify_message')
    .columns(['tenant_id', 'id'])
    .execute();
  if (dialect === 'postgres')
    await sql`alter table system_notify_message
      alter column template_content type text,
      alter column template_params type text`.execute(db);
};
