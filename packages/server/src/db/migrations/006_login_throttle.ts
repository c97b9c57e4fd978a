import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * Failed sign-in counters for throttling (used when Redis is not configured): one row per account
 * (`account:<tenant>:<username>`) or address (`ip:<address>`), counting failures in a fixed window.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('system_login_failure')
    .addColumn('throttle_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_system_login_failure_window')
    .on('system_login_failure')
    .column('window_start')
    .execute();
};
