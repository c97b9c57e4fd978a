import { BPM_RESULT, type TimeRange } from '@app/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { BpmTaskTable, Database } from '../../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  qualified,
} from '../../../lib/crud/index.js';

export type TaskRow = Selectable<BpmTaskTable>;

/**
 * Results of a task still to do: in progress, delegated to someone who has not handled it yet, or
 * (加签) waiting for the tasks added before it, or added after a task not yet approved.
 */
export const OPEN_RESULTS: number[] = [
  BPM_RESULT.PROCESS,
  BPM_RESULT.DELEGATE,
  BPM_RESULT.SIGN_BEFORE,
  BPM_RESULT.WAIT_BEFORE_TASK,
];

/** The columns this repository reads (every column: its callers map whole rows). */
export const columns = {
  task: [
    'id',
    'processInstanceId',
    'processDefinitionId',
    'executionId',
    'definitionKey',
    'name',
    'assigneeUserId',
    'ownerUserId',
    'parentTaskId',
    'result',
    'reason',
    'suspensionState',
    'claimTime',
    'endTime',
    'dueTime',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const isOpenTask = (task: Pick<TaskRow, 'result'>): boolean => OPEN_RESULTS.includes(task.result);

/** A task still part of a 加签 tree: open, or approved but waiting for the tasks added after it. */
export const isPendingTask = (task: Pick<TaskRow, 'result'>): boolean =>
  isOpenTask(task) || task.result === BPM_RESULT.SIGN_AFTER;

/** The tasks added to task `id` by 加签, and theirs, among `tasks` (one instance's). */
export const descendantsOf = <T extends Pick<TaskRow, 'id' | 'parentTaskId'>>(
  tasks: Iterable<T>,
  id: string,
): T[] => {
  const all = [...tasks];
  const found: T[] = [];
  const queue = [id];
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift())
    for (const t of all)
      if (t.parentTaskId === parent) {
        found.push(t);
        queue.push(t.id);
      }
  return found;
};

export interface TaskFilter {
  name?: string | undefined;
  createTime?: TimeRange | undefined;
}

/** A task with what the to-do and done lists show of its instance. */
export interface TaskWithInstance extends TaskRow {
  instanceName: string;
  startUserId: number;
  startUserNickname: string | null;
}

/** Tasks of process instances; every method is scoped by tenant. */
export const taskRepository = (db: Kysely<Database>) => {
  /** Tasks the user holds; with `claimable`, also those nobody holds yet of which the user is a candidate. */
  const listOfAssignee = (tenantId: number, userId: number, filter: TaskFilter, claimable = false) => {
    let q = db
      .selectFrom('bpmTask as t')
      .innerJoin('bpmProcessInstance as i', 'i.id', 't.processInstanceId')
      .leftJoin('systemUsers as u', 'u.id', 'i.startUserId')
      .where('t.tenantId', '=', tenantId)
      .where((eb) =>
        claimable
          ? eb.or([
              eb('t.assigneeUserId', '=', userId),
              eb.and([
                eb('t.assigneeUserId', 'is', null),
                eb('t.id', 'in', candidateTasks(tenantId, userId)),
              ]),
            ])
          : eb('t.assigneeUserId', '=', userId),
      )
      .where(notDeleted('t'));
    if (filter.name !== undefined) q = q.where(contains('t.name', filter.name));
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('t.createTime', '>=', from);
    if (to !== null) q = q.where('t.createTime', '<=', to);
    return q;
  };

  const candidateTasks = (tenantId: number, userId: number) =>
    db
      .selectFrom('bpmTaskCandidate')
      .select('taskId')
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId);

  const pageOf = async (
    query: ReturnType<typeof listOfAssignee>,
    order: 't.createTime' | 't.endTime',
    page: PageParams,
  ): Promise<Page<TaskWithInstance>> => {
    return fetchPage(query, page, (rows) =>
      rows
        .select(qualified('t', columns.task))
        .select(['i.name as instanceName', 'i.startUserId', 'u.nickname as startUserNickname'])
        .orderBy(order, 'desc')
        .orderBy('t.id', 'desc'),
    );
  };

  return {
    findById: (tenantId: number, id: string): Promise<TaskRow | undefined> =>
      db
        .selectFrom('bpmTask')
        .select(columns.task)
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where(notDeleted())
        .executeTakeFirst(),

    /**
     * 待办: open tasks assigned to the user or waiting to be claimed by them, newest first. Most users have
     * nothing to claim: their list reads the assignee index alone, as the reference's does.
     */
    async todoPage(tenantId: number, userId: number, filter: TaskFilter, page: PageParams) {
      const claimable = await db
        .selectFrom('bpmTaskCandidate as c')
        .innerJoin('bpmTask as t', 't.id', 'c.taskId')
        .select('c.taskId')
        .where('c.tenantId', '=', tenantId)
        .where('c.userId', '=', userId)
        .where('t.assigneeUserId', 'is', null)
        .where('t.result', 'in', OPEN_RESULTS)
        .where(notDeleted('t'))
        .limit(1)
        .executeTakeFirst();
      return pageOf(
        listOfAssignee(tenantId, userId, filter, claimable !== undefined).where(
          't.result',
          'in',
          OPEN_RESULTS,
        ),
        't.createTime',
        page,
      );
    },

    /** 已办: ended tasks the user held, the most recently ended first. */
    donePage: (tenantId: number, userId: number, filter: TaskFilter, page: PageParams) =>
      pageOf(listOfAssignee(tenantId, userId, filter).where('t.endTime', 'is not', null), 't.endTime', page),

    listByInstance: (tenantId: number, instanceId: string): Promise<TaskRow[]> =>
      db
        .selectFrom('bpmTask')
        .select(columns.task)
        .where('tenantId', '=', tenantId)
        .where('processInstanceId', '=', instanceId)
        .where(notDeleted())
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** The tasks added to task `parentId` by 加签, first added first. */
    childrenOf: (tenantId: number, parentId: string): Promise<TaskRow[]> =>
      db
        .selectFrom('bpmTask')
        .select(columns.task)
        .where('tenantId', '=', tenantId)
        .where('parentTaskId', '=', parentId)
        .where(notDeleted())
        .orderBy('createTime')
        .orderBy('id')
        .execute(),

    /** Open tasks of these instances (the 当前审批任务 column of 我的流程). */
    openOfInstances: (tenantId: number, instanceIds: string[]): Promise<TaskRow[]> =>
      instanceIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('bpmTask')
            .select(columns.task)
            .where('tenantId', '=', tenantId)
            .where('processInstanceId', 'in', instanceIds)
            .where('result', 'in', OPEN_RESULTS)
            .where(notDeleted())
            .orderBy('createTime')
            .execute(),

    /**
     * Whether the user holds or held a task of the instance (as assignee, as the one who delegated it,
     * or as a candidate).
     */
    async isHolder(tenantId: number, instanceId: string, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('bpmTask')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('processInstanceId', '=', instanceId)
        .where((eb) =>
          eb.or([
            eb('assigneeUserId', '=', userId),
            eb('ownerUserId', '=', userId),
            eb('id', 'in', candidateTasks(tenantId, userId)),
          ]),
        )
        .where(notDeleted())
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(rows: Insertable<BpmTaskTable>[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('bpmTask').values(rows).execute();
    },

    async insertCandidates(rows: { taskId: string; userId: number; tenantId: number }[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('bpmTaskCandidate').values(rows).execute();
    },

    /** The candidates of these tasks, by task (tasks without candidates are missing). */
    async candidatesOf(tenantId: number, taskIds: string[]): Promise<Map<string, number[]>> {
      const found = new Map<string, number[]>();
      if (taskIds.length === 0) return found;
      const rows = await db
        .selectFrom('bpmTaskCandidate')
        .select(['taskId', 'userId'])
        .where('tenantId', '=', tenantId)
        .where('taskId', 'in', taskIds)
        .orderBy('userId')
        .execute();
      for (const row of rows) found.set(row.taskId, [...(found.get(row.taskId) ?? []), row.userId]);
      return found;
    },

    async isCandidate(tenantId: number, taskId: string, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('bpmTaskCandidate')
        .select('taskId')
        .where('tenantId', '=', tenantId)
        .where('taskId', '=', taskId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async update(id: string, changes: Updateable<BpmTaskTable>): Promise<void> {
      await db.updateTable('bpmTask').set(changes).where('id', '=', id).execute();
    },
  };
};

export type TaskRepository = ReturnType<typeof taskRepository>;
