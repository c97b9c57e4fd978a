import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../../db/database.js';
import type { BpmJobTable, Database } from '../../../db/schema.js';

export type JobRow = Selectable<BpmJobTable>;

/** Timer jobs: pending timers of instances, claimed by pollers once due. */
export const jobRepository = (db: Kysely<Database>, dialect: DialectName) => ({
  /** Replaces the jobs of an instance by what its latest step left pending. */
  async replace(instanceId: string, jobs: Insertable<BpmJobTable>[]): Promise<void> {
    await db.deleteFrom('bpmJob').where('processInstanceId', '=', instanceId).execute();
    if (jobs.length > 0) await db.insertInto('bpmJob').values(jobs).execute();
  },

  /**
   * Claims up to `limit` due jobs that no live claim holds, for `leaseMs`: on PostgreSQL rows other
   * pollers are claiming are skipped (`FOR UPDATE SKIP LOCKED`); on SQLite the single UPDATE is the
   * compare-and-swap (SQLite runs one writer at a time, so two pollers never claim the same row).
   */
  async claimDue(owner: string, now: number, leaseMs: number, limit: number): Promise<JobRow[]> {
    const candidates = db
      .selectFrom('bpmJob')
      .select('id')
      .where('dueAt', '<=', now)
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
      .orderBy('dueAt')
      .limit(limit);
    return db
      .updateTable('bpmJob')
      .set({ lockedBy: owner, lockedUntil: now + leaseMs })
      .where('id', 'in', dialect === 'postgres' ? candidates.forUpdate().skipLocked() : candidates)
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
      .returningAll()
      .execute();
  },
});

export type JobRepository = ReturnType<typeof jobRepository>;
