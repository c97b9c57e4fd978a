import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/** A user task's due time, from the diagram's `dueDate` (a date, or a duration from the task's creation). */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('bpm_task').addColumn('due_time', 'bigint').execute();
};
