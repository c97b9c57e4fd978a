import {
  BPM_INSTANCE_STATUS,
  BPM_RESULT,
  BPM_SUSPENSION_STATE,
  BpmError,
  GlobalError,
  TASK_SUSPENSION_STATE,
} from '@app/contract';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import * as engine from '../../../bpm/engine/index.js';
import type {
  CalledProcess,
  EngineState,
  LoopUsers,
  ProcessOutline,
  StepResult,
  Variables,
  WaitingTask,
} from '../../../bpm/engine/index.js';
import { STATUS_ENABLED, type AppContext, type LoginUser } from '../../../context.js';
import type { BpmTaskTable, Database } from '../../../db/schema.js';
import { fail, ServiceError } from '../../../lib/errors.js';
import { createCandidateResolver } from '../assign-rule/candidates.js';
import { bpmDirectory } from '../directory.js';
import { type BpmDefinitionRow, bpmDefinitionRepository } from '../definition/repository.js';
import {
  type InstanceRow,
  instanceRepository,
  type SteppedInstance,
} from '../process-instance/repository.js';
import { descendantsOf, isOpenTask, type TaskRow, taskRepository } from '../task/repository.js';
import { timeOrderedId } from './ids.js';
import { bpmUsers } from './users.js';
import { jobRepository } from './job-repository.js';
import type { BpmNotifier, Notice } from './notices.js';

/** Reasons written on tasks the runtime ends itself (the first three are the reference's texts). */
export const TASK_REASON = {
  reject: (reason: string) => `不通过任务，原因：${reason}`,
  cancel: (reason: string) => `主动取消任务，原因：${reason}`,
  multiInstanceDone: '系统自动取消，原因：多任务审批已经满足条件，无需审批该任务',
  timeout: '系统自动取消，原因：审批超时',
  ended: '系统自动取消，原因：流程已离开该节点，无需审批该任务',
} as const;

/** What moves the engine in a step; `none` changes only our rows (reassign, delegate, cancel). */
export type StepAction =
  | { kind: 'complete'; executionId: string; variables: Variables }
  | { kind: 'fire-timers' }
  | { kind: 'jump'; fromExecutionId: string; targetActivityId: string }
  | { kind: 'none' };

/** What a step does: the engine action and our own row changes around it. */
export interface StepPlan {
  action: StepAction;
  /** Task changes written before the engine's outcome (e.g. the completed task's result and reason). */
  taskUpdates?: { id: string; changes: Updateable<BpmTaskTable> }[];
  /** Tasks the step adds itself, outside the engine (加签). */
  newTasks?: Insertable<BpmTaskTable>[];
  /**
   * Ends the instance after the action if it is still running (reject, cancel): its result, the
   * reason the starter is told, and the reason written on the tasks still open.
   */
  terminate?: { result: number; reason: string; taskReason: string };
  /** Messages beyond those the outcome implies (e.g. to the new assignee of a reassigned task). */
  notices?: Notice[];
}

/** What a decision sees: the instance (locked on PostgreSQL), its tasks, and where to read. */
export interface StepScope {
  q: Kysely<Database>;
  instance: SteppedInstance;
  tasks: TaskRow[];
  now: number;
}

/** Business rows that follow an instance's end (the OA leave's result), written in the same transaction. */
export type InstanceEndListener = (
  q: Kysely<Database>,
  instance: InstanceRow,
  result: number,
  at: number,
) => Promise<void>;

class VersionConflict extends Error {}

/**
 * Whether the engine's history already ends the visit of every task this step ends: a plain approval.
 * Otherwise (multi-instance iterations, which the engine reports as one activity, 加签 tasks, tasks the
 * runtime ends itself) the step closes the open visits of ended tasks.
 */
const visitsClosedByEngine = (plan: StepPlan, result: StepResult | undefined, tasks: TaskRow[]): boolean => {
  if (!result || plan.newTasks?.length || tasks.some((t) => t.parentTaskId !== null)) return false;
  const closed = new Set(result.history.filter((h) => h.endTime !== null).map((h) => h.executionId));
  const byId = new Map(tasks.map((t) => [t.id, t.executionId]));
  const ended = [
    ...(plan.taskUpdates ?? []).filter((u) => u.changes.endTime != null).map((u) => byId.get(u.id)),
    ...result.cancelledTasks.map((t) => t.executionId),
  ];
  return ended.every((executionId) => executionId !== undefined && closed.has(executionId));
};

const MAX_ATTEMPTS = 8;
const USER_TASK_TYPE = 'bpmn:UserTask';
const DEFINITION_CACHE_SIZE = 200;

/** Failures that mean "another step wrote first": the step is tried again from the start. */
const isConflict = (error: unknown): boolean => {
  if (error instanceof VersionConflict) return true;
  const code = (error as { code?: unknown } | null)?.code;
  // SQLite: another connection holds the write lock or moved the snapshot; PostgreSQL: serialization, deadlock.
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === '40001' || code === '40P01';
};

/** The reference's error for each engine refusal; anything else the engine throws fails the step loudly. */
const engineFailure = (error: unknown): unknown => {
  if (!(error instanceof engine.EngineStepError)) return error;
  switch (error.kind) {
    case 'task-not-waiting':
      return fail(BpmError.TASK_COMPLETE_FAIL_NOT_EXISTS);
    case 'target-not-found':
      return fail(BpmError.TASK_TARGET_NODE_NOT_EXISTS);
    case 'target-invalid':
      return fail(BpmError.TASK_RETURN_FAIL_SOURCE_TARGET_ERROR);
    case 'no-loop-users':
      return fail(BpmError.TASK_CREATE_FAIL_NO_CANDIDATE_USER);
    default:
      return fail(BpmError.PROCESS_INSTANCE_EXPRESSION_FAILED, error.message);
  }
};

const asUserId = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

interface LoadedDefinition {
  row: BpmDefinitionRow;
  outline: ProcessOutline;
  /** Some sequence-flow condition reads `approved`: the diagram routes rejections itself. */
  routesRejections: boolean;
  /** Whether the diagram has timer events (the only ones deploy allows): else it never has jobs. */
  hasTimers: boolean;
}

const TIMER_TYPES = new Set(['bpmn:BoundaryEvent', 'bpmn:IntermediateCatchEvent']);

const CONDITION = /<(?:[\w-]+:)?conditionExpression\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?conditionExpression>/g;
const readsApproved = (xml: string): boolean =>
  [...xml.matchAll(CONDITION)].some(([, body]) => /\bapproved\b/.test(body ?? ''));

/**
 * The workflow runtime. Every change of a process instance is one step: read the instance, decide,
 * let the engine load it from the stored state and act, then write the new state, the tasks
 * (inserted idempotently by executionId, and assigned), the activity history and the timer jobs in
 * one transaction whose first write is a compare-and-swap on the row's `version`; a step that lost
 * the race runs again from its decision. On PostgreSQL the whole step runs in that transaction after
 * `SELECT ... FOR UPDATE`, so steps of one instance queue instead of racing; on SQLite the engine runs
 * before the (single-writer) transaction. Messages go out after commit.
 */
export const bpmRuntime = (
  ctx: AppContext,
  deps: { notifier: BpmNotifier; onInstanceEnd: InstanceEndListener[] },
) => {
  const { db } = ctx;

  /**
   * One transaction. On SQLite it begins IMMEDIATE: the write lock is taken at once, so a step of
   * another server process on the same file waits for it (the driver waits with the event loop running)
   * instead of failing later on a stale snapshot.
   */
  const inTransaction = async <T>(work: (q: Kysely<Database>) => Promise<T>): Promise<T> => {
    if (db.dialect === 'postgres') return db.kysely.transaction().execute(work);
    return db.kysely.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const result = await work(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (error) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw error;
      }
    });
  };

  /** Runs `work`, again from the start when it lost a race with another step. */
  const attempt = async <T>(work: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!isConflict(error)) throw error;
        if (attempt >= MAX_ATTEMPTS) throw fail(GlobalError.LOCKED);
        await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
      }
    }
  };

  // Deployed definitions never change (only their suspension state, read fresh where it matters).
  const definitions = new Map<string, LoadedDefinition>();
  const loadDefinition = async (
    q: Kysely<Database>,
    tenantId: number,
    id: string,
  ): Promise<LoadedDefinition | undefined> => {
    const cached = definitions.get(id);
    if (cached && cached.row.tenantId === tenantId) return cached;
    const row = await bpmDefinitionRepository(q).findById(tenantId, id);
    if (!row) return undefined;
    const outline = await engine.readProcessOutline(row.bpmnXml);
    const loaded = {
      row,
      outline,
      routesRejections: readsApproved(row.bpmnXml),
      hasTimers: outline.nodes.some((n) => TIMER_TYPES.has(n.type)),
    };
    if (definitions.size >= DEFINITION_CACHE_SIZE) definitions.delete(definitions.keys().next().value!);
    definitions.set(id, loaded);
    return loaded;
  };

  /** Users of multi-instance tasks (for those whose diagram names no collection), from their rules. */
  const loopUsersOf = async (
    q: Kysely<Database>,
    definition: LoadedDefinition,
    startUserId: number,
  ): Promise<LoopUsers> => {
    const users: LoopUsers = {};
    const multi = definition.outline.userTasks.filter((t) => t.multiInstance);
    if (multi.length === 0) return users;
    const resolver = createCandidateResolver(q);
    for (const task of multi) {
      try {
        users[task.id] = await resolver.resolveCandidateUsers(
          definition.row.tenantId,
          definition.row.id,
          task.id,
          startUserId,
        );
      } catch (error) {
        // No rule or nobody left: fine unless the task really starts, which the engine then refuses.
        if (!(error instanceof ServiceError)) throw error;
      }
    }
    return users;
  };

  const enabledUser = async (q: Kysely<Database>, tenantId: number, id: number | null) => {
    if (id === null) return null;
    const row = await q
      .selectFrom('systemUsers')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', STATUS_ENABLED)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    return row ? row.id : null;
  };

  /**
   * Who a new task goes to: the diagram's assignee when it has one (a multi-instance iteration's
   * `${user}` included), which must then be an enabled user; else the iteration's user; else the
   * diagram's candidate users and the members of its candidate groups (用户组), any of whom may claim
   * it; else one random candidate of the task's rule (as the reference does).
   */
  const assignmentOf = async (
    q: Kysely<Database>,
    instance: InstanceRow,
    task: WaitingTask,
  ): Promise<{ assignee: number } | { candidates: number[] }> => {
    const label = `用户任务「${task.name || task.activityId}」`;
    if (task.assignee !== null) {
      const named = await enabledUser(q, instance.tenantId, asUserId(task.assignee));
      if (named !== null) return { assignee: named };
      throw fail(
        BpmError.PROCESS_INSTANCE_EXPRESSION_FAILED,
        `${label}的处理人「${task.assignee}」不是启用的用户`,
      );
    }
    const iterationUser = await enabledUser(q, instance.tenantId, asUserId(task.multiInstance?.value));
    if (iterationUser !== null) return { assignee: iterationUser };
    if (task.candidateUsers.length > 0 || task.candidateGroups.length > 0) {
      const directory = bpmDirectory(q);
      const ids = new Set(task.candidateUsers.map(asUserId).filter((id) => id !== null));
      const groupIds = task.candidateGroups.map(asUserId).filter((id) => id !== null);
      for (const group of await directory.groups(instance.tenantId, groupIds))
        if (group.status === STATUS_ENABLED) group.memberUserIds.forEach((id) => ids.add(id));
      const candidates = (await directory.users(instance.tenantId, [...ids]))
        .filter((u) => u.status === STATUS_ENABLED)
        .map((u) => u.id)
        .sort((a, b) => a - b);
      if (candidates.length === 0)
        throw fail(
          BpmError.PROCESS_INSTANCE_EXPRESSION_FAILED,
          `${label}的候选人（${[...task.candidateUsers, ...task.candidateGroups.map((g) => `用户组 ${g}`)].join('、')}）中没有启用的用户`,
        );
      return candidates.length === 1 ? { assignee: candidates[0]! } : { candidates };
    }
    const candidates = await createCandidateResolver(q).resolveCandidateUsers(
      instance.tenantId,
      instance.processDefinitionId,
      task.activityId,
      instance.startUserId,
    );
    return { assignee: candidates[Math.floor(Math.random() * candidates.length)]! };
  };

  /**
   * Writes what the engine reported: new tasks (assigned; or born cancelled when the step terminates
   * the instance), tasks the engine ended, the history and the timer jobs. Returns the notices of the
   * newly assigned tasks.
   */
  const writeOutcome = async (
    q: Kysely<Database>,
    instance: SteppedInstance,
    /** The instance's tasks as they are now (before this outcome). */
    current: TaskRow[],
    definition: LoadedDefinition,
    result: StepResult,
    opts: { action: StepAction['kind'] | 'start' | 'call'; terminating: boolean; now: number },
  ): Promise<Notice[]> => {
    const tasks = taskRepository(q);
    const instances = instanceRepository(q);
    const known = new Map(current.map((t) => [t.executionId, t]));
    const notices: Notice[] = [];
    const fresh: Insertable<BpmTaskTable>[] = [];
    const candidates: { taskId: string; userId: number; tenantId: number }[] = [];
    for (const waiting of result.waitingTasks) {
      if (known.has(waiting.executionId)) continue;
      const assignment = opts.terminating ? null : await assignmentOf(q, instance, waiting);
      const assignee = assignment && 'assignee' in assignment ? assignment.assignee : null;
      const row = {
        id: timeOrderedId(),
        tenantId: instance.tenantId,
        processInstanceId: instance.id,
        processDefinitionId: instance.processDefinitionId,
        executionId: waiting.executionId,
        definitionKey: waiting.activityId,
        name: waiting.name || waiting.activityId,
        assigneeUserId: assignee,
        ownerUserId: null,
        parentTaskId: null,
        result: opts.terminating ? BPM_RESULT.CANCEL : BPM_RESULT.PROCESS,
        reason: null,
        suspensionState: TASK_SUSPENSION_STATE.ACTIVE,
        claimTime: null,
        endTime: opts.terminating ? opts.now : null,
        dueTime: waiting.dueDate,
        creator: null,
        updater: null,
        createTime: opts.now,
        updateTime: opts.now,
        deleted: 0,
      };
      fresh.push(row);
      known.set(waiting.executionId, row);
      const told = assignment && 'candidates' in assignment ? assignment.candidates : [];
      for (const userId of told) candidates.push({ taskId: row.id, userId, tenantId: instance.tenantId });
      for (const userId of assignee === null ? told : [assignee])
        notices.push({
          kind: 'task-assigned',
          userId,
          instanceId: instance.id,
          instanceName: instance.name,
          startUserNickname: instance.startUserNickname,
          taskName: row.name,
        });
    }
    await tasks.insert(fresh);
    await tasks.insertCandidates(candidates);

    const multiInstance = new Set(
      definition.outline.userTasks.filter((t) => t.multiInstance).map((t) => t.id),
    );
    for (const ended of result.cancelledTasks) {
      const task = known.get(ended.executionId);
      if (!task) continue;
      const reason =
        opts.action === 'fire-timers'
          ? TASK_REASON.timeout
          : multiInstance.has(ended.activityId)
            ? TASK_REASON.multiInstanceDone
            : TASK_REASON.ended;
      // The tasks added to it by 加签 end with it.
      for (const t of [task, ...descendantsOf(current, task.id)]) {
        if (!isOpenTask(t)) continue;
        await tasks.update(t.id, {
          result: BPM_RESULT.CANCEL,
          reason,
          endTime: opts.now,
          updateTime: opts.now,
        });
      }
    }

    const newActivities = [];
    for (const h of result.history) {
      if (h.reported) {
        if (h.endTime !== null)
          await instances.endActivity(instance.id, h.executionId, h.endTime, h.outgoing);
      } else {
        newActivities.push({
          tenantId: instance.tenantId,
          processInstanceId: instance.id,
          activityId: h.activityId,
          activityType: h.type,
          activityName: h.name,
          executionId: h.executionId,
          taskId: known.get(h.executionId)?.id ?? null,
          startTime: h.startTime,
          endTime: h.endTime,
          outgoing: JSON.stringify(h.outgoing),
        });
      }
    }
    // The engine reports a multi-instance task as one activity; the viewer wants a visit per task.
    const reported = new Set(result.history.map((h) => h.executionId));
    for (const task of fresh)
      if (!reported.has(task.executionId))
        newActivities.push({
          tenantId: instance.tenantId,
          processInstanceId: instance.id,
          activityId: task.definitionKey,
          activityType: USER_TASK_TYPE,
          activityName: task.name,
          executionId: task.executionId,
          taskId: task.id,
          startTime: opts.now,
          endTime: task.endTime ?? null,
          outgoing: '[]',
        });
    await instances.insertActivities(newActivities);

    if (definition.hasTimers)
      await jobRepository(q, db.dialect).replace(
        instance.id,
        result.status === 'completed' || opts.terminating
          ? []
          : result.timers.map((t) => ({
              tenantId: instance.tenantId,
              processInstanceId: instance.id,
              executionId: t.executionId,
              activityId: t.activityId,
              dueAt: t.expireAt,
              lockedBy: null,
              lockedUntil: null,
              createTime: opts.now,
            })),
      );

    // Last, as they may step this instance again (a child that ends at once moves its caller on).
    for (const call of result.cancelledCalls)
      for (const child of await instances.runningChildren(instance.tenantId, instance.id, call.executionId))
        await endInstance(q, child, BPM_RESULT.CANCEL, TASK_REASON.ended, opts.now);
    if (!opts.terminating && result.status === 'running')
      for (const call of result.calls) notices.push(...(await startCalled(q, instance, call, opts.now)));
    return notices;
  };

  /** Starts the latest version of the process a call activity of `parent` calls, for the parent's starter. */
  const startCalled = async (
    q: Kysely<Database>,
    parent: SteppedInstance,
    call: CalledProcess,
    now: number,
  ): Promise<Notice[]> => {
    const row = await bpmDefinitionRepository(q).findLatestActiveByKey(parent.tenantId, call.processKey);
    if (!row)
      throw fail(
        BpmError.PROCESS_INSTANCE_EXPRESSION_FAILED,
        `调用活动调用的流程「${call.processKey}」不存在或已挂起`,
      );
    const definition = (await loadDefinition(q, parent.tenantId, row.id))!;
    const started = await startInstance(q, {
      id: timeOrderedId(),
      tenantId: parent.tenantId,
      startUserId: parent.startUserId,
      startUserNickname: parent.startUserNickname,
      definition,
      variables: call.variables,
      businessKey: null,
      parent: { instanceId: parent.id, executionId: call.executionId },
      now,
    });
    return started.notices;
  };

  /**
   * A child instance ended approved: its caller's call activity completes with the child's variables.
   * Ended otherwise (rejected, cancelled), the caller ends the same way.
   */
  const returnToParent = async (
    q: Kysely<Database>,
    child: InstanceRow,
    result: number,
    reason: string,
    variables: Variables,
    now: number,
  ): Promise<Notice[]> => {
    if (!child.parentInstanceId || !child.parentExecutionId) return [];
    const instances = instanceRepository(q);
    const parent = await instances.read(
      child.tenantId,
      { id: child.parentInstanceId },
      db.dialect === 'postgres',
    );
    if (!parent || parent.status !== BPM_INSTANCE_STATUS.RUNNING) return [];
    if (result !== BPM_RESULT.APPROVE) {
      const why = `子流程「${child.name}」${result === BPM_RESULT.REJECT ? '不通过' : '已取消'}${reason ? `，原因：${reason}` : ''}`;
      await endInstance(q, parent, result, TASK_REASON.cancel(why), now);
      return finish(q, parent, result, why, now, variables);
    }
    const definition = await loadDefinition(q, parent.tenantId, parent.processDefinitionId);
    if (!definition) throw fail(BpmError.PROCESS_DEFINITION_NOT_EXISTS);
    let stepped: StepResult;
    try {
      stepped = await engine.completeCall({
        definition: { id: definition.row.id, xml: definition.row.bpmnXml },
        state: JSON.parse(parent.engineState) as EngineState,
        executionId: child.parentExecutionId,
        variables,
        loopUsers: await loopUsersOf(q, definition, parent.startUserId),
        now,
      });
    } catch (error) {
      throw engineFailure(error);
    }
    const completed = stepped.status === 'completed';
    const written = await instances.updateIfVersion(parent.tenantId, parent.id, parent.version, {
      engineState: JSON.stringify(stepped.state),
      updateTime: now,
      ...(completed ? { status: BPM_INSTANCE_STATUS.FINISH, result: BPM_RESULT.APPROVE, endTime: now } : {}),
    });
    if (!written) throw new VersionConflict();
    const tasks = await taskRepository(q).listByInstance(parent.tenantId, parent.id);
    const notices = await writeOutcome(q, parent, tasks, definition, stepped, {
      action: 'call',
      terminating: false,
      now,
    });
    if (completed) notices.push(...(await finish(q, parent, BPM_RESULT.APPROVE, '', now, stepped.variables)));
    return notices;
  };

  /**
   * Ends a running instance from outside with `result` (its caller or its child ended): its open tasks and
   * its own children are cancelled.
   */
  const endInstance = async (
    q: Kysely<Database>,
    instance: InstanceRow,
    result: number,
    taskReason: string,
    now: number,
  ): Promise<void> => {
    const written = await instanceRepository(q).updateIfVersion(
      instance.tenantId,
      instance.id,
      instance.version,
      { status: BPM_INSTANCE_STATUS.FINISH, result, endTime: now, updateTime: now },
    );
    if (!written) throw new VersionConflict();
    await closeInstance(q, instance, taskReason, now);
  };

  /** Ends an instance from outside the engine: open tasks cancelled, history closed, jobs dropped. */
  const closeInstance = async (
    q: Kysely<Database>,
    instance: InstanceRow,
    taskReason: string,
    now: number,
  ): Promise<void> => {
    const tasks = taskRepository(q);
    for (const task of await tasks.listByInstance(instance.tenantId, instance.id)) {
      if (!isOpenTask(task)) continue;
      await tasks.update(task.id, {
        result: BPM_RESULT.CANCEL,
        reason: taskReason,
        endTime: now,
        updateTime: now,
      });
    }
    await instanceRepository(q).endOpenActivities(instance.id, now);
    await jobRepository(q, db.dialect).replace(instance.id, []);
    for (const child of await instanceRepository(q).runningChildren(instance.tenantId, instance.id))
      await endInstance(q, child, BPM_RESULT.CANCEL, taskReason, now);
  };

  /** Notices and business rows of an instance that has just ended with `result`. */
  const finish = async (
    q: Kysely<Database>,
    instance: InstanceRow,
    result: number,
    reason: string,
    now: number,
    variables: Variables,
  ): Promise<Notice[]> => {
    for (const listener of deps.onInstanceEnd) await listener(q, instance, result, now);
    const base = { userId: instance.startUserId, instanceId: instance.id, instanceName: instance.name };
    const notices: Notice[] =
      result === BPM_RESULT.APPROVE
        ? [{ kind: 'instance-approved', ...base }]
        : result === BPM_RESULT.REJECT
          ? [{ kind: 'instance-rejected', ...base, reason }]
          : [];
    notices.push(...(await returnToParent(q, instance, result, reason, variables, now)));
    return notices;
  };

  /**
   * Starts an instance in `q`'s transaction: runs the engine from the start event, writes the row, its
   * tasks and history, and the children its call activities start.
   */
  const startInstance = async (
    q: Kysely<Database>,
    input: {
      id: string;
      tenantId: number;
      startUserId: number;
      startUserNickname: string;
      definition: LoadedDefinition;
      variables: Variables;
      businessKey: string | null;
      parent: { instanceId: string; executionId: string } | null;
      now: number;
    },
  ): Promise<{ notices: Notice[] }> => {
    const { definition, now } = input;
    let result: StepResult;
    try {
      result = await engine.start({
        definition: { id: definition.row.id, xml: definition.row.bpmnXml },
        variables: input.variables,
        businessKey: input.businessKey,
        initiator: input.startUserId,
        now,
        loopUsers: await loopUsersOf(q, definition, input.startUserId),
      });
    } catch (error) {
      throw engineFailure(error);
    }
    const completed = result.status === 'completed';
    const row: InstanceRow = {
      id: input.id,
      tenantId: input.tenantId,
      processDefinitionId: definition.row.id,
      name: definition.row.name,
      category: definition.row.category,
      businessKey: input.businessKey,
      startUserId: input.startUserId,
      status: completed ? BPM_INSTANCE_STATUS.FINISH : BPM_INSTANCE_STATUS.RUNNING,
      result: completed ? BPM_RESULT.APPROVE : BPM_RESULT.PROCESS,
      formVariables: JSON.stringify(input.variables),
      engineState: JSON.stringify(result.state),
      version: 0,
      endTime: completed ? now : null,
      parentInstanceId: input.parent?.instanceId ?? null,
      parentExecutionId: input.parent?.executionId ?? null,
      creator: String(input.startUserId),
      updater: String(input.startUserId),
      createTime: now,
      updateTime: now,
      deleted: 0,
    };
    await instanceRepository(q).insert(row);
    const instance: SteppedInstance = { ...row, startUserNickname: input.startUserNickname };
    const notices = await writeOutcome(q, instance, [], definition, result, {
      action: 'start',
      terminating: false,
      now,
    });
    if (completed)
      notices.push(...(await finish(q, instance, BPM_RESULT.APPROVE, '', now, result.variables)));
    return { notices };
  };

  const runEngine = async (
    definition: LoadedDefinition,
    state: EngineState,
    action: Exclude<StepAction, { kind: 'none' }>,
    loopUsers: LoopUsers,
    now: number,
  ): Promise<StepResult> => {
    const source = { id: definition.row.id, xml: definition.row.bpmnXml };
    const from = { definition: source, state, loopUsers, now };
    try {
      switch (action.kind) {
        case 'complete':
          return await engine.completeTask({
            ...from,
            executionId: action.executionId,
            variables: action.variables,
          });
        case 'fire-timers':
          return await engine.fireDueTimers(from);
        case 'jump':
          return await engine.jump({
            ...from,
            fromExecutionId: action.fromExecutionId,
            targetActivityId: action.targetActivityId,
          });
      }
    } catch (error) {
      throw engineFailure(error);
    }
  };

  return {
    /**
     * Starts an instance of the definition for `user`. `prepare` runs first in the same transaction
     * and may give the business key (the OA leave inserts its row there); `created` runs after the
     * instance is written. Returns the instance id.
     */
    async start(
      user: LoginUser,
      input: {
        processDefinitionId: string;
        variables: Variables;
        prepare?: (q: Kysely<Database>, instanceId: string) => Promise<string | null>;
      },
    ): Promise<string> {
      const now = ctx.now();
      const id = timeOrderedId();
      const started = await attempt(() =>
        inTransaction(async (q) => {
          const row = await bpmDefinitionRepository(q).findById(user.tenantId, input.processDefinitionId);
          if (!row) throw fail(BpmError.PROCESS_DEFINITION_NOT_EXISTS);
          if (row.suspensionState !== BPM_SUSPENSION_STATE.ACTIVE)
            throw fail(BpmError.PROCESS_DEFINITION_IS_SUSPENDED);
          const definition = (await loadDefinition(q, user.tenantId, row.id))!;
          const businessKey = input.prepare ? await input.prepare(q, id) : null;
          return startInstance(q, {
            id,
            tenantId: user.tenantId,
            startUserId: user.id,
            startUserNickname: (await bpmUsers(q, user.tenantId, [user.id])).get(user.id)?.nickname ?? '',
            definition,
            variables: input.variables,
            businessKey,
            parent: null,
            now,
          });
        }),
      );
      await deps.notifier(user.tenantId, started.notices);
      return id;
    },

    /**
     * One step on an existing instance: `decide` looks at the instance and its tasks (and throws to
     * refuse), then its plan is carried out and written. `decide` returns null when there is nothing
     * to do (nothing is written; the step answers false). When another step wrote the instance
     * first, the step runs again from `decide`, which then sees what that step did. The instance is
     * named by its id, or by one of its tasks (`{ taskId }`: an unknown task is TASK_NOT_EXISTS).
     */
    async step(
      tenantId: number,
      target: string | { taskId: string },
      decide: (scope: StepScope) => Promise<StepPlan | null>,
    ): Promise<boolean> {
      const byTask = typeof target === 'string' ? null : target.taskId;
      const read = (q: Kysely<Database>, lock: boolean) =>
        instanceRepository(q).read(
          tenantId,
          byTask === null ? { id: target as string } : { taskId: byTask },
          lock,
        );
      /** Reads, decides and runs the engine; nothing is written yet. */
      const prepare = async (q: Kysely<Database>, instance: SteppedInstance | undefined) => {
        if (!instance)
          throw fail(byTask === null ? BpmError.PROCESS_INSTANCE_NOT_EXISTS : BpmError.TASK_NOT_EXISTS);
        const instanceId = instance.id;
        const now = ctx.now();
        const tasks = await taskRepository(q).listByInstance(tenantId, instanceId);
        const plan = await decide({ q, instance, tasks, now });
        if (!plan) return null;
        let engineStep: { definition: LoadedDefinition; result: StepResult } | null = null;
        if (plan.action.kind !== 'none') {
          const definition = await loadDefinition(q, tenantId, instance.processDefinitionId);
          if (!definition) throw fail(BpmError.PROCESS_DEFINITION_NOT_EXISTS);
          // A rejection ends the instance where it stands, as the reference does, unless the diagram
          // routes rejections itself: then the engine runs first so that their path is recorded.
          if (plan.terminate && plan.action.kind === 'complete' && !definition.routesRejections)
            return { instance, tasks, plan, engineStep, now };
          const loopUsers = await loopUsersOf(q, definition, instance.startUserId);
          const state = JSON.parse(instance.engineState) as EngineState;
          engineStep = {
            definition,
            result: await runEngine(definition, state, plan.action, loopUsers, now),
          };
        }
        return { instance, tasks, plan, engineStep, now };
      };

      type Prepared = NonNullable<Awaited<ReturnType<typeof prepare>>>;

      /** Writes a prepared step: first the compare-and-swap on the version, then everything else. */
      const apply = async (
        q: Kysely<Database>,
        { instance, tasks, plan, engineStep, now }: Prepared,
      ): Promise<Notice[]> => {
        const completed = engineStep?.result.status === 'completed';
        const ending = completed || plan.terminate !== undefined;
        const result = plan.terminate?.result ?? (completed ? BPM_RESULT.APPROVE : instance.result);
        const written = await instanceRepository(q).updateIfVersion(tenantId, instance.id, instance.version, {
          engineState: engineStep ? JSON.stringify(engineStep.result.state) : instance.engineState,
          updateTime: now,
          ...(ending ? { status: BPM_INSTANCE_STATUS.FINISH, result, endTime: now } : {}),
        });
        if (!written) throw new VersionConflict();

        const taskRows = taskRepository(q);
        const current = new Map(tasks.map((t) => [t.id, t]));
        for (const u of plan.taskUpdates ?? []) {
          await taskRows.update(u.id, u.changes);
          const before = current.get(u.id);
          if (before) current.set(u.id, { ...before, ...u.changes } as TaskRow);
        }
        await taskRows.insert(plan.newTasks ?? []);
        for (const row of plan.newTasks ?? []) current.set(row.id, row as TaskRow);
        const notices: Notice[] = [...(plan.notices ?? [])];
        if (engineStep)
          notices.push(
            ...(await writeOutcome(
              q,
              instance,
              [...current.values()],
              engineStep.definition,
              engineStep.result,
              {
                action: plan.action.kind,
                terminating: plan.terminate !== undefined && !completed,
                now,
              },
            )),
          );
        if (plan.terminate) await closeInstance(q, instance, plan.terminate.taskReason, now);
        if (!visitsClosedByEngine(plan, engineStep?.result, tasks))
          await instanceRepository(q).endVisitsOfEndedTasks(instance.id, now);
        if (ending)
          notices.push(
            ...(await finish(
              q,
              instance,
              result,
              plan.terminate?.reason ?? '',
              now,
              engineStep?.result.variables ?? {},
            )),
          );
        return notices;
      };

      const done = await attempt(async (): Promise<{ prepared: Prepared; notices: Notice[] } | null> => {
        if (db.dialect === 'postgres')
          return inTransaction(async (q) => {
            const prepared = await prepare(q, await read(q, true));
            return prepared ? { prepared, notices: await apply(q, prepared) } : null;
          });
        // SQLite: the engine runs outside the write lock; the version check at write time makes it safe.
        const prepared = await prepare(db.kysely, await read(db.kysely, false));
        return prepared ? { prepared, notices: await inTransaction((q) => apply(q, prepared)) } : null;
      });
      if (done === null) return false;
      await deps.notifier(tenantId, done.notices);
      return true;
    },
  };
};

export type BpmRuntime = ReturnType<typeof bpmRuntime>;
