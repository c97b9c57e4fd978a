import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * A process instance's tasks and its leave are found by tenant and instance. With only an index on
 * the instance, SQLite chose the to-do/done indexes that lead with tenant_id and read every task of
 * the tenant at each step (found by test/query-plans.ts).
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex('idx_bpm_task_instance')
    .on('bpm_task')
    .columns(['tenant_id', 'process_instance_id', 'create_time'])
    .execute();
  await db.schema.dropIndex('idx_bpm_oa_leave_instance').execute();
  await db.schema
    .createIndex('idx_bpm_oa_leave_instance')
    .on('bpm_oa_leave')
    .columns(['tenant_id', 'process_instance_id'])
    .execute();
};
