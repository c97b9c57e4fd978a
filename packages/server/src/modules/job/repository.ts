import type { InfraJobFilter, InfraJobLogFilter } from '@app/contract';
import { JOB_STATUS } from '@app/contract';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { JobLogTable, JobTable } from '../../db/job-schema.js';
import type { Database } from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  softDeleted,
} from '../../lib/crud/index.js';

/** The columns this repository reads (its callers map whole rows). */
export const columns = {
  job: [
    'id',
    'name',
    'status',
    'handlerName',
    'handlerParam',
    'cronExpression',
    'retryCount',
    'retryInterval',
    'monitorTimeout',
    'nextFireTime',
    'createTime',
  ],
  log: [
    'id',
    'jobId',
    'handlerName',
    'handlerParam',
    'executeIndex',
    'beginTime',
    'endTime',
    'duration',
    'status',
    'result',
    'createTime',
  ],
} as const;

export type JobRow = Pick<Selectable<JobTable>, (typeof columns.job)[number]>;
export type JobLogRow = Pick<Selectable<JobLogTable>, (typeof columns.log)[number]>;

/** A run lease: who takes it, and until when, as of `now`. */
export interface Lease {
  owner: string;
  now: number;
  until: number;
}

export type LogOutcome = Pick<JobLogTable, 'endTime' | 'duration' | 'status' | 'result'> & { id: number };

/** Jobs and their run log; global (no tenant). Jobs are deleted logically, log rows for good. */
export const jobRepository = (db: Kysely<Database>) => {
  const matchingJobs = (filter: InfraJobFilter) => {
    let q = db.selectFrom('infraJob').where(notDeleted());
    if (filter.name) q = q.where(contains('name', filter.name));
    if (filter.handlerName) q = q.where(contains('handlerName', filter.handlerName));
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    return q;
  };

  const matchingLogs = (filter: InfraJobLogFilter) => {
    let q = db.selectFrom('infraJobLog');
    if (filter.jobId !== undefined) q = q.where('jobId', '=', filter.jobId);
    if (filter.handlerName) q = q.where(contains('handlerName', filter.handlerName));
    if (filter.beginTime !== undefined) q = q.where('beginTime', '>=', filter.beginTime);
    if (filter.endTime !== undefined) q = q.where('endTime', '<=', filter.endTime);
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    return q;
  };

  return {
    page: (filter: InfraJobFilter, page: PageParams): Promise<Page<JobRow>> =>
      fetchPage(matchingJobs(filter), page, (rows) => rows.select(columns.job).orderBy('id', 'desc')),

    list: (filter: InfraJobFilter): Promise<JobRow[]> =>
      matchingJobs(filter).select(columns.job).orderBy('id', 'desc').execute(),

    findById: (id: number): Promise<JobRow | undefined> =>
      db
        .selectFrom('infraJob')
        .select(columns.job)
        .where('id', '=', id)
        .where(notDeleted())
        .executeTakeFirst(),

    findByHandler: (handlerName: string): Promise<JobRow | undefined> =>
      db
        .selectFrom('infraJob')
        .select(columns.job)
        .where('handlerName', '=', handlerName)
        .where(notDeleted())
        .executeTakeFirst(),

    async insert(row: Insertable<JobTable>): Promise<number> {
      const { id } = await db.insertInto('infraJob').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    },

    update: (id: number, changes: Updateable<JobTable>) =>
      db.updateTable('infraJob').set(changes).where('id', '=', id).where(notDeleted()).execute(),

    delete: (id: number, by: string, at: number) =>
      db
        .updateTable('infraJob')
        .set({ ...softDeleted(at, by), nextFireTime: null })
        .where('id', '=', id)
        .execute(),

    /** Running jobs whose next fire is due at `now`, earliest first. */
    due: (now: number, limit: number): Promise<JobRow[]> =>
      db
        .selectFrom('infraJob')
        .select(columns.job)
        .where('nextFireTime', '<=', now)
        .where('status', '=', JOB_STATUS.NORMAL)
        .where(notDeleted())
        .orderBy('nextFireTime')
        .limit(limit)
        .execute(),

    /**
     * Moves the fire at `fireTime` of each of `ids` to `next`, for the rows still waiting for that
     * fire: a compare-and-set, so of several schedulers that saw the same fire exactly one gets each
     * row back. In the same statement the claimer takes the job's run lease where no other holds it.
     * Returns the claimed rows with the lease holder as it is now: the claimer runs those it holds.
     */
    claimFires: (ids: number[], fireTime: number, next: number | null, lease: Lease) => {
      const free = sql<boolean>`(${sql.ref('leaseUntil')} is null or ${sql.ref('leaseUntil')} <= ${lease.now})`;
      return db
        .updateTable('infraJob')
        .set({
          nextFireTime: next,
          leaseOwner: sql`case when ${free} then ${lease.owner} else ${sql.ref('leaseOwner')} end`,
          leaseUntil: sql`case when ${free} then ${lease.until} else ${sql.ref('leaseUntil')} end`,
        })
        .where('id', 'in', ids)
        .where('nextFireTime', '=', fireTime)
        .where('status', '=', JOB_STATUS.NORMAL)
        .where(notDeleted())
        .returning(['id', 'leaseOwner'])
        .execute();
    },

    /** Takes the job's run lease unless another run holds it; true when taken. */
    async takeLease(id: number, lease: Lease): Promise<boolean> {
      const result = await db
        .updateTable('infraJob')
        .set({ leaseOwner: lease.owner, leaseUntil: lease.until })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', lease.now)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Gives back the leases `owner` holds on `ids` (one it lost meanwhile stays with its new holder). */
    releaseLeases: (ids: number[], owner: string) =>
      db
        .updateTable('infraJob')
        .set({ leaseOwner: null, leaseUntil: null })
        .where('id', 'in', ids)
        .where('leaseOwner', '=', owner)
        .execute(),

    logPage: (filter: InfraJobLogFilter, page: PageParams): Promise<Page<JobLogRow>> =>
      fetchPage(matchingLogs(filter), page, (rows) => rows.select(columns.log).orderBy('id', 'desc')),

    logList: (filter: InfraJobLogFilter): Promise<JobLogRow[]> =>
      matchingLogs(filter).select(columns.log).orderBy('id', 'desc').execute(),

    findLog: (id: number): Promise<JobLogRow | undefined> =>
      db.selectFrom('infraJobLog').select(columns.log).where('id', '=', id).executeTakeFirst(),

    /** Log rows of runs beginning, one per job; returns each job's row id. */
    async insertLogs(rows: Insertable<JobLogTable>[]): Promise<Map<number, number>> {
      const inserted = await db.insertInto('infraJobLog').values(rows).returning(['id', 'jobId']).execute();
      return new Map(inserted.map((r) => [Number(r.jobId), Number(r.id)]));
    },

    /** The outcomes of runs, in one transaction (a second's worth of runs costs one commit). */
    finishLogs: (outcomes: LogOutcome[]) =>
      db.transaction().execute(async (tx) => {
        for (const { id, ...changes } of outcomes)
          await tx.updateTable('infraJobLog').set(changes).where('id', '=', id).execute();
      }),

    /** Deletes up to `batch` log rows that began before `before`; returns how many. */
    async deleteLogsBefore(before: number, batch: number): Promise<number> {
      const ids = db.selectFrom('infraJobLog').select('id').where('beginTime', '<', before).limit(batch);
      const result = await db.deleteFrom('infraJobLog').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
};
export type JobRepository = ReturnType<typeof jobRepository>;
