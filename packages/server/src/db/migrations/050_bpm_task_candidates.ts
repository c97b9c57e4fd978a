import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * The candidates of a task the diagram gives to candidate users or groups instead of one assignee: any
 * of them sees it as 待办 and takes it (认领) by acting on it.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('bpm_task_candidate')
    .addColumn('task_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('tenant_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_bpm_task_candidate', ['task_id', 'user_id'])
    .execute();
  // 待办 of a candidate: its tasks by user.
  await db.schema
    .createIndex('idx_bpm_task_candidate_user')
    .on('bpm_task_candidate')
    .columns(['tenant_id', 'user_id'])
    .execute();
};
