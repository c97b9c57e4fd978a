import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * 首页's processes started and finished per day count a tenant's instances by creation and by end
 * time; the only index of the table led with the starting user. The logs it counts are indexed by
 * (tenant_id, time) already.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex('idx_bpm_process_instance_create')
    .on('bpm_process_instance')
    .columns(['tenant_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_bpm_process_instance_end')
    .on('bpm_process_instance')
    .columns(['tenant_id', 'end_time'])
    .execute();
};
