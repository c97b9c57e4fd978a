import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * Columns narrower than what the contract accepts, found by the fuzz suite's longest accepted texts
 * on PostgreSQL (SQLite does not enforce varchar lengths): a file configuration's remark takes the
 * 500 characters every remark takes, and a mail account's sealed password grows past 512 characters
 * from a password of 255 CJK characters (three bytes each before sealing and base64).
 */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  if (dialect !== 'postgres') return;
  await sql`alter table infra_file_config alter column remark type varchar(500)`.execute(db);
  await sql`alter table system_mail_account alter column password type varchar(2048)`.execute(db);
};
