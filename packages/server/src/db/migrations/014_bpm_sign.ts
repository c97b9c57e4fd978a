import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * 加签: a task added to another task is a row of `bpm_task` pointing at it through
 * `parent_task_id` (the reference keeps it in Flowable's PARENT_TASK_ID_). The engine never sees
 * these tasks; only the top task of the tree is an execution of it.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('bpm_task').addColumn('parent_task_id', 'varchar(64)').execute();
  await db.schema.createIndex('idx_bpm_task_parent').on('bpm_task').column('parent_task_id').execute();
};
