import { BPM_INSTANCE_STATUS, type TimeRange } from '@app/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { BpmActivityTable, BpmProcessInstanceTable, Database } from '../../../db/schema.js';
import { type Page, type PageParams, contains, fetchPage, notDeleted } from '../../../lib/crud/index.js';

export type InstanceRow = Selectable<BpmProcessInstanceTable>;
/** An instance as a step reads it: with its starter's nickname, for the messages the step sends. */
export type SteppedInstance = InstanceRow & { startUserNickname: string };
export type ActivityRow = Selectable<BpmActivityTable>;

export interface InstanceFilter {
  name?: string | undefined;
  processDefinitionId?: string | undefined;
  category?: string | undefined;
  status?: number | undefined;
  result?: number | undefined;
  createTime?: TimeRange | undefined;
}

/** What a step changes on the instance row besides its version. */
export type InstanceChanges = Partial<
  Pick<InstanceRow, 'status' | 'result' | 'engineState' | 'endTime' | 'updater' | 'updateTime'>
>;

/** The columns this repository reads (every column: its callers map whole rows). */
export const columns = {
  instance: [
    'id',
    'processDefinitionId',
    'name',
    'category',
    'businessKey',
    'startUserId',
    'status',
    'result',
    'formVariables',
    'engineState',
    'version',
    'endTime',
    'parentInstanceId',
    'parentExecutionId',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
  activity: [
    'id',
    'tenantId',
    'processInstanceId',
    'activityId',
    'activityType',
    'activityName',
    'executionId',
    'taskId',
    'startTime',
    'endTime',
    'outgoing',
  ],
} as const;

/** Process instances and their activity history; every method is scoped by tenant. */
export const instanceRepository = (db: Kysely<Database>) => {
  const filtered = (tenantId: number, startUserId: number, filter: InstanceFilter) => {
    let q = db
      .selectFrom('bpmProcessInstance')
      .where('tenantId', '=', tenantId)
      .where('startUserId', '=', startUserId)
      .where(notDeleted());
    if (filter.name !== undefined) q = q.where(contains('name', filter.name));
    if (filter.processDefinitionId !== undefined)
      q = q.where('processDefinitionId', '=', filter.processDefinitionId);
    if (filter.category !== undefined) q = q.where('category', '=', filter.category);
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    if (filter.result !== undefined) q = q.where('result', '=', filter.result);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  const instanceOf = (
    tenantId: number,
    target: { id: string } | { taskId: string },
    lock: boolean,
    withStarter = false,
  ): Promise<(InstanceRow & { startUserNickname?: string | null }) | undefined> => {
    const instances = db
      .selectFrom('bpmProcessInstance as i')
      .select(columns.instance)
      .$if(withStarter, (q) =>
        q.select((eb) =>
          eb
            .selectFrom('systemUsers as u')
            .select('u.nickname')
            .where('u.id', '=', eb.ref('i.startUserId'))
            .as('startUserNickname'),
        ),
      )
      .where('tenantId', '=', tenantId);
    const query = (
      'id' in target
        ? instances.where('id', '=', target.id)
        : instances.where('id', '=', (eb) =>
            eb
              .selectFrom('bpmTask')
              .select('processInstanceId')
              .where('tenantId', '=', tenantId)
              .where('id', '=', target.taskId),
          )
    ).where(notDeleted());
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  };

  return {
    findById: (tenantId: number, id: string): Promise<InstanceRow | undefined> =>
      instanceOf(tenantId, { id }, false),

    /**
     * The instance named by its id or by one of its tasks, with its starter's nickname ('' once the user
     * is gone); with `lock`, locked until the transaction `db` belongs to ends (PostgreSQL only).
     */
    read: async (
      tenantId: number,
      target: { id: string } | { taskId: string },
      lock: boolean,
    ): Promise<SteppedInstance | undefined> => {
      const row = await instanceOf(tenantId, target, lock, true);
      return row && { ...row, startUserNickname: row.startUserNickname ?? '' };
    },

    async pageOfStarter(
      tenantId: number,
      startUserId: number,
      filter: InstanceFilter,
      page: PageParams,
    ): Promise<Page<InstanceRow>> {
      return fetchPage(filtered(tenantId, startUserId, filter), page, (rows) =>
        rows.select(columns.instance).orderBy('createTime', 'desc').orderBy('id', 'desc'),
      );
    },

    /** Running instances that call activities of `parentId` started (of one call activity, if named). */
    runningChildren: (tenantId: number, parentId: string, executionId?: string): Promise<InstanceRow[]> => {
      let q = db
        .selectFrom('bpmProcessInstance')
        .select(columns.instance)
        .where('tenantId', '=', tenantId)
        .where('parentInstanceId', '=', parentId)
        .where('status', '=', BPM_INSTANCE_STATUS.RUNNING)
        .where(notDeleted());
      if (executionId !== undefined) q = q.where('parentExecutionId', '=', executionId);
      return q.execute();
    },

    async insert(row: Insertable<BpmProcessInstanceTable>): Promise<void> {
      await db.insertInto('bpmProcessInstance').values(row).execute();
    },

    /**
     * Writes `changes` and bumps the version, only if the row is still at `version`: false when
     * another step got there first (the caller retries or answers a conflict).
     */
    async updateIfVersion(
      tenantId: number,
      id: string,
      version: number,
      changes: InstanceChanges,
    ): Promise<boolean> {
      const res = await db
        .updateTable('bpmProcessInstance')
        .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    activities: (tenantId: number, instanceId: string): Promise<ActivityRow[]> =>
      db
        .selectFrom('bpmActivity')
        .select(columns.activity)
        .where('tenantId', '=', tenantId)
        .where('processInstanceId', '=', instanceId)
        .orderBy('startTime')
        .orderBy('id')
        .execute(),

    /** History rows of these executions (to close the ones a step ended). */
    async insertActivities(rows: Insertable<BpmActivityTable>[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('bpmActivity').values(rows).execute();
    },

    /** Ends the open visit of an execution. */
    async endActivity(
      instanceId: string,
      executionId: string,
      endTime: number,
      outgoing: string[],
    ): Promise<void> {
      await db
        .updateTable('bpmActivity')
        .set({ endTime, outgoing: JSON.stringify(outgoing) })
        .where('processInstanceId', '=', instanceId)
        .where('executionId', '=', executionId)
        .where('endTime', 'is', null)
        .execute();
    },

    /** Closes the visits of tasks that have ended (those the engine does not report: multi-instance ones). */
    async endVisitsOfEndedTasks(instanceId: string, endTime: number): Promise<void> {
      await db
        .updateTable('bpmActivity')
        .set({ endTime })
        .where('processInstanceId', '=', instanceId)
        .where('endTime', 'is', null)
        .where('taskId', 'in', (eb) =>
          eb
            .selectFrom('bpmTask')
            .select('bpmTask.id')
            .where('bpmTask.processInstanceId', '=', instanceId)
            .where('bpmTask.endTime', 'is not', null),
        )
        .execute();
    },

    /** Closes whatever history is still open when an instance is ended from outside the engine. */
    async endOpenActivities(instanceId: string, endTime: number): Promise<void> {
      await db
        .updateTable('bpmActivity')
        .set({ endTime })
        .where('processInstanceId', '=', instanceId)
        .where('endTime', 'is', null)
        .execute();
    },
  };
};

export type InstanceRepository = ReturnType<typeof instanceRepository>;
