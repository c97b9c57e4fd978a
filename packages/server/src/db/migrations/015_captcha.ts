import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * Block-puzzle captcha state when Redis is not configured: open challenges (`captcha:<token>`)
 * and passed checks (`captcha-second:<verification>`), each single-use until `expire_time`.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('system_captcha')
    .addColumn('cache_key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(500)', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_system_captcha_expire')
    .on('system_captcha')
    .column('expire_time')
    .execute();
};
