import type {
  DoneTask,
  InstanceTask,
  PageResult,
  ReturnTarget,
  SignChildTask,
  TodoTask,
  taskApproveReq,
  taskDelegateReq,
  taskPageReq,
  taskReturnReq,
  taskSignCreateReq,
  taskSignDeleteReq,
  taskUpdateAssigneeReq,
} from '@app/contract';
import {
  BPM_INSTANCE_STATUS,
  BPM_RESULT,
  BPM_TASK_SIGN_TYPE,
  BPM_TASK_SIGN_TYPE_LABELS,
  BpmError,
  TASK_SUSPENSION_STATE,
  UserError,
} from '@app/contract';
import type { z } from 'zod';
import { STATUS_DISABLED, STATUS_ENABLED, type AppContext, type LoginUser } from '../../../context.js';
import { fail } from '../../../lib/errors.js';
import { userRepository } from '../../user/repository.js';
import { readableInstance } from '../process-instance/access.js';
import { timeOrderedId } from '../runtime/ids.js';
import { type BpmRuntime, type StepPlan, type StepScope, TASK_REASON } from '../runtime/step.js';
import { bpmUsers, unknownUser } from '../runtime/users.js';
import {
  descendantsOf,
  isOpenTask,
  isPendingTask,
  type TaskRow,
  type TaskWithInstance,
  taskRepository,
} from './repository.js';
import { deleteSignReason, rootOf, signPlanner } from './sign.js';

const toTodo = (row: TaskWithInstance): TodoTask => ({
  id: row.id,
  name: row.name,
  claimTime: row.claimTime,
  createTime: row.createTime,
  dueTime: row.dueTime,
  suspensionState: row.suspensionState,
  processInstance: {
    id: row.processInstanceId,
    name: row.instanceName,
    startUserId: row.startUserId,
    startUserNickname: row.startUserNickname ?? '',
    processDefinitionId: row.processDefinitionId,
  },
});

/** Approval tasks: the caller's lists and every action on a task, each as one runtime step. */
export const taskService = (ctx: AppContext, runtime: BpmRuntime) => {
  const repo = taskRepository(ctx.db.kysely);

  /**
   * The task `id` as the step read it, open and assigned to the caller, or nobody's yet with the caller
   * among its candidates (the step then claims it: `claimed`); else the reference's errors: finished
   * (or its instance ended) → "not pending", someone else's → "not yours".
   */
  const myOpenTask = async (
    scope: StepScope,
    user: LoginUser,
    id: string,
  ): Promise<{ task: TaskRow; claimed: boolean }> => {
    const task = scope.tasks.find((t) => t.id === id);
    if (!task || !isOpenTask(task) || scope.instance.status !== BPM_INSTANCE_STATUS.RUNNING)
      throw fail(BpmError.TASK_COMPLETE_FAIL_NOT_EXISTS);
    if (task.assigneeUserId === user.id) return { task, claimed: false };
    if (
      task.assigneeUserId === null &&
      (await taskRepository(scope.q).isCandidate(user.tenantId, id, user.id))
    )
      return { task: { ...task, assigneeUserId: user.id, claimTime: scope.now }, claimed: true };
    throw fail(BpmError.TASK_OPERATE_FAIL_ASSIGN_NOT_SELF);
  };

  /**
   * Runs one step on the task's instance; unknown tasks (or another tenant's) do not exist. A candidate
   * acting on a task claims it in the same step.
   */
  const onTask = async (
    user: LoginUser,
    id: string,
    decide: (scope: StepScope, task: TaskRow) => Promise<StepPlan> | StepPlan,
  ): Promise<true> => {
    await runtime.step(user.tenantId, { taskId: id }, async (scope) => {
      const { task, claimed } = await myOpenTask(scope, user, id);
      const plan = await decide(scope, task);
      if (!claimed) return plan;
      const claim = { assigneeUserId: user.id, claimTime: scope.now, updateTime: scope.now };
      const updates = plan.taskUpdates ?? [];
      const own = updates.find((u) => u.id === id);
      return {
        ...plan,
        taskUpdates: own
          ? updates.map((u) => (u === own ? { id, changes: { ...claim, ...u.changes } } : u))
          : [{ id, changes: claim }, ...updates],
      };
    });
    return true;
  };

  const ended = (scope: StepScope, result: number, reason: string) => ({
    result,
    reason,
    endTime: scope.now,
    updateTime: scope.now,
  });

  return {
    async todoPage(user: LoginUser, query: z.output<typeof taskPageReq>): Promise<PageResult<TodoTask>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.todoPage(user.tenantId, user.id, filter, { pageNo, pageSize });
      return { list: list.map(toTodo), total };
    },

    async donePage(user: LoginUser, query: z.output<typeof taskPageReq>): Promise<PageResult<DoneTask>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.donePage(user.tenantId, user.id, filter, { pageNo, pageSize });
      return {
        list: list.map((row) => ({
          ...toTodo(row),
          endTime: row.endTime!,
          durationInMillis: row.endTime! - row.createTime,
          result: row.result,
          reason: row.reason,
        })),
        total,
      };
    },

    /**
     * 审批记录 of an instance the caller may read: open tasks first, then the newest first; tasks
     * added by 加签 nested under their parent task, in the same order.
     */
    async listByProcessInstance(user: LoginUser, instanceId: string): Promise<InstanceTask[]> {
      const instance = await readableInstance(ctx, user, instanceId);
      const tasks = await repo.listByInstance(user.tenantId, instance.id);
      // Candidates matter while nobody holds an open task; once claimed they are history.
      const candidates = await repo.candidatesOf(
        user.tenantId,
        tasks.filter((t) => t.assigneeUserId === null && isOpenTask(t)).map((t) => t.id),
      );
      const people = await bpmUsers(ctx.db.kysely, user.tenantId, [
        instance.startUserId,
        ...tasks.flatMap((t) => [t.assigneeUserId, t.ownerUserId]),
        ...[...candidates.values()].flat(),
      ]);
      const personOf = (id: number | null) => (id === null ? null : (people.get(id) ?? unknownUser(id)));
      const starter = personOf(instance.startUserId)!;
      const ordered = [...tasks.filter(isOpenTask), ...tasks.filter((t) => !isOpenTask(t))];
      const items = new Map<string, InstanceTask>(
        ordered.map((t) => [
          t.id,
          {
            id: t.id,
            name: t.name,
            claimTime: t.claimTime,
            createTime: t.createTime,
            dueTime: t.dueTime,
            suspensionState: t.suspensionState,
            processInstance: {
              id: instance.id,
              name: instance.name,
              startUserId: instance.startUserId,
              startUserNickname: starter.nickname,
              processDefinitionId: instance.processDefinitionId,
            },
            endTime: t.endTime,
            durationInMillis: t.endTime === null ? null : t.endTime - t.createTime,
            result: t.result,
            reason: t.reason,
            definitionKey: t.definitionKey,
            assigneeUser: personOf(t.assigneeUserId),
            candidateUsers: (candidates.get(t.id) ?? []).map((id) => personOf(id)!),
            ownerUser: personOf(t.ownerUserId),
            parentTaskId: t.parentTaskId,
            children: null,
          },
        ]),
      );
      const roots: InstanceTask[] = [];
      for (const item of items.values()) {
        const parent = item.parentTaskId === null ? undefined : items.get(item.parentTaskId);
        if (parent) (parent.children ??= []).push(item);
        else roots.push(item);
      }
      return roots;
    },

    /**
     * 通过. A task delegated to the caller (委派) goes back to the one who delegated it, still to do,
     * with the caller's opinion as its reason (the reference's resolveTask). A task with tasks added
     * after it (向后加签) is approved but waits for them (7), which now go to their users. A task added
     * by 加签 ends approved and may settle its parent (see `signPlanner`). Any other task completes
     * with `approved = true`.
     */
    approve: (user: LoginUser, body: z.output<typeof taskApproveReq>) =>
      onTask(user, body.id, (scope, task) => {
        if (task.result === BPM_RESULT.DELEGATE && task.ownerUserId !== null) {
          return {
            action: { kind: 'none' },
            taskUpdates: [
              {
                id: task.id,
                changes: {
                  assigneeUserId: task.ownerUserId,
                  result: BPM_RESULT.PROCESS,
                  reason: body.reason,
                  updateTime: scope.now,
                },
              },
            ],
            notices: [
              {
                kind: 'task-assigned',
                userId: task.ownerUserId,
                instanceId: scope.instance.id,
                instanceName: scope.instance.name,
                startUserNickname: scope.instance.startUserNickname,
                taskName: task.name,
              },
            ],
          };
        }
        const planner = signPlanner(scope);
        const waitingAfter = planner
          .children(task.id)
          .filter((t) => t.result === BPM_RESULT.WAIT_BEFORE_TASK && t.ownerUserId !== null);
        if (waitingAfter.length > 0) {
          planner.update(task.id, ended(scope, BPM_RESULT.SIGN_AFTER, body.reason));
          for (const child of waitingAfter) {
            planner.update(child.id, {
              assigneeUserId: child.ownerUserId,
              result: BPM_RESULT.PROCESS,
              updateTime: scope.now,
            });
            planner.assigned(child.ownerUserId!, child);
          }
          return planner.plan();
        }
        if (task.parentTaskId !== null) {
          planner.update(task.id, ended(scope, BPM_RESULT.APPROVE, body.reason));
          planner.settle(task.parentTaskId);
          return planner.plan();
        }
        return {
          action: { kind: 'complete', executionId: task.executionId, variables: { approved: true } },
          taskUpdates: [{ id: task.id, changes: ended(scope, BPM_RESULT.APPROVE, body.reason) }],
        };
      }),

    /**
     * 不通过: the instance ends as rejected. A diagram that routes rejections itself (a condition reads
     * `approved`) first sees the task complete with `approved = false`, so that its path is recorded.
     */
    reject: (user: LoginUser, body: z.output<typeof taskApproveReq>) =>
      onTask(user, body.id, (scope, task) => ({
        action: {
          kind: 'complete',
          // A task added by 加签 is no execution of the engine: the rejection is its top task's.
          executionId: rootOf(scope.tasks, task).executionId,
          variables: { approved: false },
        },
        taskUpdates: [{ id: task.id, changes: ended(scope, BPM_RESULT.REJECT, body.reason) }],
        terminate: {
          result: BPM_RESULT.REJECT,
          reason: body.reason,
          taskReason: TASK_REASON.reject(body.reason),
        },
      })),

    /** 转办: the task moves to another enabled user of the tenant. */
    updateAssignee: (user: LoginUser, body: z.output<typeof taskUpdateAssigneeReq>) =>
      onTask(user, body.id, async (scope, task) => {
        const target = await userRepository(scope.q).findById(user.tenantId, body.assigneeUserId);
        if (!target) throw fail(UserError.USER_NOT_EXISTS);
        if (target.status === STATUS_DISABLED) throw fail(UserError.USER_IS_DISABLE, target.nickname);
        return {
          action: { kind: 'none' },
          taskUpdates: [{ id: task.id, changes: { assigneeUserId: target.id, updateTime: scope.now } }],
          notices: [
            {
              kind: 'task-assigned',
              userId: target.id,
              instanceId: scope.instance.id,
              instanceName: scope.instance.name,
              startUserNickname: scope.instance.startUserNickname,
              taskName: task.name,
            },
          ],
        };
      }),

    /**
     * 委派, as the reference does it: the caller becomes the task's owner, the delegate its assignee
     * and the result 6 (委派). The task stays to do; when the delegate approves it, it returns to the
     * owner (see `approve`), who then decides.
     */
    delegate: (user: LoginUser, body: z.output<typeof taskDelegateReq>) =>
      onTask(user, body.id, async (scope, task) => {
        if (body.delegateUserId === user.id) throw fail(BpmError.TASK_DELEGATE_FAIL_USER_REPEAT);
        const target = await userRepository(scope.q).findById(user.tenantId, body.delegateUserId);
        if (!target || target.status === STATUS_DISABLED)
          throw fail(BpmError.TASK_DELEGATE_FAIL_USER_NOT_EXISTS);
        return {
          action: { kind: 'none' },
          taskUpdates: [
            {
              id: task.id,
              changes: {
                ownerUserId: user.id,
                assigneeUserId: target.id,
                result: BPM_RESULT.DELEGATE,
                reason: body.reason,
                updateTime: scope.now,
              },
            },
          ],
          notices: [
            {
              kind: 'task-assigned',
              userId: target.id,
              instanceId: scope.instance.id,
              instanceName: scope.instance.name,
              startUserNickname: scope.instance.startUserNickname,
              taskName: task.name,
            },
          ],
        };
      }),

    /** User tasks this task can be sent back to: those approved earlier in its instance, first visit first. */
    async returnList(user: LoginUser, taskId: string): Promise<ReturnTarget[]> {
      const task = await repo.findById(user.tenantId, taskId);
      if (!task) throw fail(BpmError.TASK_NOT_EXISTS);
      await readableInstance(ctx, user, task.processInstanceId);
      const earlier = (await repo.listByInstance(user.tenantId, task.processInstanceId))
        .filter((t) => t.result === BPM_RESULT.APPROVE && t.definitionKey !== task.definitionKey)
        .sort((a, b) => a.createTime - b.createTime);
      const targets = new Map<string, ReturnTarget>();
      for (const t of earlier)
        if (!targets.has(t.definitionKey))
          targets.set(t.definitionKey, { id: t.definitionKey, name: t.name });
      return [...targets.values()];
    },

    /**
     * 退回: the task (and the other open tasks of the same node: a multi-instance one's, those added
     * by 加签) ends as sent back, and the engine runs the earlier user task again.
     */
    returnTask: (user: LoginUser, body: z.output<typeof taskReturnReq>) =>
      onTask(user, body.id, (scope, task) => ({
        action: {
          kind: 'jump',
          fromExecutionId: rootOf(scope.tasks, task).executionId,
          targetActivityId: body.targetDefinitionKey,
        },
        taskUpdates: scope.tasks
          .filter((t) => t.definitionKey === task.definitionKey && isOpenTask(t))
          .map((t) => ({ id: t.id, changes: ended(scope, BPM_RESULT.BACK, body.reason) })),
      })),

    /**
     * 加签 by the task's assignee. `before`: the task waits (8) with the caller as its owner and no
     * assignee, while the added tasks go to their users at once; it comes back when they are done.
     * `after`: the added tasks wait (9) until the caller approves the task. The users must be
     * enabled users of the tenant not already on a pending task of the same node.
     */
    createSign: (user: LoginUser, body: z.output<typeof taskSignCreateReq>) =>
      onTask(user, body.id, async (scope, task) => {
        const planner = signPlanner(scope);
        const label = BPM_TASK_SIGN_TYPE_LABELS[body.type];
        if (task.result === BPM_RESULT.DELEGATE) throw fail(BpmError.TASK_ADD_SIGN_TYPE_ERROR, '委派', label);
        const hasAfter = planner.children(task.id).some((t) => t.result === BPM_RESULT.WAIT_BEFORE_TASK);
        if (hasAfter && body.type === BPM_TASK_SIGN_TYPE.BEFORE)
          throw fail(
            BpmError.TASK_ADD_SIGN_TYPE_ERROR,
            BPM_TASK_SIGN_TYPE_LABELS[BPM_TASK_SIGN_TYPE.AFTER],
            label,
          );

        const users = await scope.q
          .selectFrom('systemUsers')
          .select(['id', 'nickname'])
          .where('tenantId', '=', user.tenantId)
          .where('id', 'in', body.userIdList)
          .where('status', '=', STATUS_ENABLED)
          .where('deleted', '=', 0)
          .execute();
        if (users.length !== body.userIdList.length) throw fail(BpmError.TASK_ADD_SIGN_USER_NOT_EXIST);
        const onNode = new Set(
          scope.tasks
            .filter((t) => t.definitionKey === task.definitionKey && isPendingTask(t))
            .flatMap((t) => [t.assigneeUserId, t.ownerUserId]),
        );
        const repeated = users.filter((u) => onNode.has(u.id));
        if (repeated.length > 0)
          throw fail(BpmError.TASK_ADD_SIGN_USER_REPEAT, repeated.map((u) => u.nickname).join(','));

        const before = body.type === BPM_TASK_SIGN_TYPE.BEFORE;
        if (before)
          planner.update(task.id, {
            ownerUserId: user.id,
            assigneeUserId: null,
            result: BPM_RESULT.SIGN_BEFORE,
            reason: body.reason,
            updateTime: scope.now,
          });
        for (const target of body.userIdList) {
          const id = timeOrderedId();
          planner.insert({
            id,
            tenantId: task.tenantId,
            processInstanceId: task.processInstanceId,
            processDefinitionId: task.processDefinitionId,
            // Unique per instance like the engine's, but never one of its executions.
            executionId: `sign:${id}`,
            definitionKey: task.definitionKey,
            name: task.name,
            assigneeUserId: before ? target : null,
            ownerUserId: before ? null : target,
            parentTaskId: task.id,
            result: before ? BPM_RESULT.PROCESS : BPM_RESULT.WAIT_BEFORE_TASK,
            reason: null,
            suspensionState: TASK_SUSPENSION_STATE.ACTIVE,
            claimTime: null,
            endTime: null,
            dueTime: task.dueTime,
            creator: String(user.id),
            updater: String(user.id),
            createTime: scope.now,
            updateTime: scope.now,
            deleted: 0,
          });
          if (before) planner.assigned(target, task);
        }
        return planner.plan();
      }),

    /**
     * 减签: a pending task added by 加签, and the pending tasks added to it in turn, end as cancelled
     * with the caller's reason. Only who holds the parent task (its assignee, or its owner while it
     * waits) may do it. Its parent may then settle (see `signPlanner`).
     */
    async deleteSign(user: LoginUser, body: z.output<typeof taskSignDeleteReq>): Promise<true> {
      const found = await repo.findById(user.tenantId, body.id);
      if (!found) throw fail(BpmError.TASK_NOT_EXISTS);
      await runtime.step(user.tenantId, found.processInstanceId, async (scope) => {
        const planner = signPlanner(scope);
        const task = planner.task(body.id);
        if (!task) throw fail(BpmError.TASK_NOT_EXISTS);
        if (task.parentTaskId === null) throw fail(BpmError.TASK_SUB_SIGN_NO_PARENT);
        // As in the reference, a task that has ended is no longer a task one can act on.
        if (!isPendingTask(task) || scope.instance.status !== BPM_INSTANCE_STATUS.RUNNING)
          throw fail(BpmError.TASK_NOT_EXISTS);
        const parent = planner.task(task.parentTaskId);
        if (parent?.assigneeUserId !== user.id && parent?.ownerUserId !== user.id)
          throw fail(BpmError.TASK_OPERATE_FAIL_ASSIGN_NOT_SELF);
        const me = await userRepository(scope.q).findById(user.tenantId, user.id);
        const reason = deleteSignReason(me?.nickname ?? unknownUser(user.id).nickname, body.reason);
        for (const t of [task, ...descendantsOf(scope.tasks, task.id)])
          if (isPendingTask(t))
            planner.update(t.id, {
              result: BPM_RESULT.CANCEL,
              reason,
              endTime: scope.now,
              updateTime: scope.now,
            });
        planner.settle(task.parentTaskId);
        return planner.plan();
      });
      return true;
    },

    /**
     * The tasks added to task `parentId` by 加签 that are still pending (those 减签 can take away),
     * each with its user: the assignee, or whom a task added after another will go to.
     */
    async childrenList(user: LoginUser, parentId: string): Promise<SignChildTask[]> {
      const parent = await repo.findById(user.tenantId, parentId);
      if (!parent) throw fail(BpmError.TASK_NOT_EXISTS);
      await readableInstance(ctx, user, parent.processInstanceId);
      const children = (await repo.childrenOf(user.tenantId, parent.id)).filter(isPendingTask);
      const people = await bpmUsers(
        ctx.db.kysely,
        user.tenantId,
        children.map((t) => t.assigneeUserId ?? t.ownerUserId),
      );
      return children.map((t) => {
        const holder = t.assigneeUserId ?? t.ownerUserId;
        return {
          id: t.id,
          name: t.name,
          result: t.result,
          createTime: t.createTime,
          assigneeUser: holder === null ? null : (people.get(holder) ?? unknownUser(holder)),
        };
      });
    },
  };
};

export type TaskService = ReturnType<typeof taskService>;
