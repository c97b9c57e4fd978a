import type {
  DoneTask,
  InstanceTask,
  PageResult,
  ReturnTarget,
  TodoTask,
  taskApproveReq,
  taskDelegateReq,
  taskPageReq,
  taskReturnReq,
  taskUpdateAssigneeReq,
} from '@app/contract';
import { BPM_INSTANCE_STATUS, BPM_RESULT, BpmError, UserError } from '@app/contract';
import type { z } from 'zod';
import { STATUS_DISABLED, type AppContext, type LoginUser } from '../../../context.js';
import { fail } from '../../../lib/errors.js';
import { userRepository } from '../../user/repository.js';
import { readableInstance } from '../process-instance/access.js';
import { type BpmRuntime, type StepPlan, type StepScope, TASK_REASON } from '../runtime/step.js';
import { bpmUsers, unknownUser } from '../runtime/users.js';
import { isOpenTask, type TaskRow, type TaskWithInstance, taskRepository } from './repository.js';

const toTodo = (row: TaskWithInstance): TodoTask => ({
  id: row.id,
  name: row.name,
  claimTime: row.claimTime,
  createTime: row.createTime,
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
   * The task `id` as the step read it, open and assigned to the caller; else the reference's
   * errors: finished (or its instance ended) → "not pending", someone else's → "not yours".
   */
  const myOpenTask = (scope: StepScope, user: LoginUser, id: string): TaskRow => {
    const task = scope.tasks.find((t) => t.id === id);
    if (!task || !isOpenTask(task) || scope.instance.status !== BPM_INSTANCE_STATUS.RUNNING)
      throw fail(BpmError.TASK_COMPLETE_FAIL_NOT_EXISTS);
    if (task.assigneeUserId !== user.id) throw fail(BpmError.TASK_OPERATE_FAIL_ASSIGN_NOT_SELF);
    return task;
  };

  /** Runs one step on the task's instance; unknown tasks (or another tenant's) do not exist. */
  const onTask = async (
    user: LoginUser,
    id: string,
    decide: (scope: StepScope, task: TaskRow) => Promise<StepPlan> | StepPlan,
  ): Promise<true> => {
    const task = await repo.findById(user.tenantId, id);
    if (!task) throw fail(BpmError.TASK_NOT_EXISTS);
    await runtime.step(user.tenantId, task.processInstanceId, async (scope) =>
      decide(scope, myOpenTask(scope, user, id)),
    );
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

    /** 审批记录 of an instance the caller may read: open tasks first, then the newest first. */
    async listByProcessInstance(user: LoginUser, instanceId: string): Promise<InstanceTask[]> {
      const instance = await readableInstance(ctx, user, instanceId);
      const tasks = await repo.listByInstance(user.tenantId, instance.id);
      const people = await bpmUsers(ctx.db.kysely, user.tenantId, [
        instance.startUserId,
        ...tasks.map((t) => t.assigneeUserId),
      ]);
      const starter = people.get(instance.startUserId) ?? unknownUser(instance.startUserId);
      const open = tasks.filter(isOpenTask);
      return [...open, ...tasks.filter((t) => !isOpenTask(t))].map((t) => ({
        id: t.id,
        name: t.name,
        claimTime: t.claimTime,
        createTime: t.createTime,
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
        assigneeUser:
          t.assigneeUserId === null ? null : (people.get(t.assigneeUserId) ?? unknownUser(t.assigneeUserId)),
      }));
    },

    /**
     * 通过. A task delegated to the caller (委派) goes back to the one who delegated it, still to do,
     * with the caller's opinion as its reason (the reference's resolveTask); any other task completes
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
                startUserId: scope.instance.startUserId,
                taskName: task.name,
              },
            ],
          };
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
        action: { kind: 'complete', executionId: task.executionId, variables: { approved: false } },
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
              startUserId: scope.instance.startUserId,
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
              startUserId: scope.instance.startUserId,
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
     * 退回: the task (and the other open tasks of the same node, for a multi-instance one) ends as
     * sent back, and the engine runs the earlier user task again.
     */
    returnTask: (user: LoginUser, body: z.output<typeof taskReturnReq>) =>
      onTask(user, body.id, (scope, task) => ({
        action: {
          kind: 'jump',
          fromExecutionId: task.executionId,
          targetActivityId: body.targetDefinitionKey,
        },
        taskUpdates: scope.tasks
          .filter((t) => t.definitionKey === task.definitionKey && isOpenTask(t))
          .map((t) => ({ id: t.id, changes: ended(scope, BPM_RESULT.BACK, body.reason) })),
      })),
  };
};

export type TaskService = ReturnType<typeof taskService>;
