import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * An instance a call activity started names its parent instance and the call activity's execution, so
 * that its end moves the parent on and the parent's end cancels it.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('bpm_process_instance').addColumn('parent_instance_id', 'varchar(64)').execute();
  await db.schema
    .alterTable('bpm_process_instance')
    .addColumn('parent_execution_id', 'varchar(128)')
    .execute();
  await db.schema
    .createIndex('idx_bpm_process_instance_parent')
    .on('bpm_process_instance')
    .columns(['tenant_id', 'parent_instance_id'])
    .execute();
};
