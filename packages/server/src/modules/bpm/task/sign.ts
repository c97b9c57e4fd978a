import { BPM_RESULT } from '@app/contract';
import type { Insertable, Updateable } from 'kysely';
import type { BpmTaskTable } from '../../../db/schema.js';
import type { Notice } from '../runtime/notices.js';
import type { StepAction, StepPlan, StepScope } from '../runtime/step.js';
import { isPendingTask, type TaskRow } from './repository.js';

/** The reason written on the tasks a 减签 cancels (the reference's text, with the caller's reason). */
export const deleteSignReason = (nickname: string, reason: string): string =>
  `由于${nickname}操作[减签]，任务被取消，原因：${reason}`;

/** The engine's own task at the top of a 加签 tree: the one whose execution the engine waits on. */
export const rootOf = (tasks: readonly TaskRow[], task: TaskRow): TaskRow => {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  let current = task;
  for (
    let parent = byId.get(current.parentTaskId ?? '');
    parent;
    parent = byId.get(parent.parentTaskId ?? '')
  )
    current = parent;
  return current;
};

/**
 * A step plan built change by change over an instance's tasks. Each change is also applied to the
 * planner's view of the tasks, so later decisions (has the parent any pending task left?) see it.
 */
export const signPlanner = (scope: StepScope) => {
  const view = new Map(scope.tasks.map((t) => [t.id, t]));
  const taskUpdates: { id: string; changes: Updateable<BpmTaskTable> }[] = [];
  const newTasks: Insertable<BpmTaskTable>[] = [];
  const notices: Notice[] = [];
  let action: StepAction = { kind: 'none' };

  const planner = {
    task: (id: string | null): TaskRow | undefined => (id === null ? undefined : view.get(id)),
    children: (id: string): TaskRow[] => [...view.values()].filter((t) => t.parentTaskId === id),
    update(id: string, changes: Updateable<BpmTaskTable>): void {
      taskUpdates.push({ id, changes });
      const before = view.get(id);
      if (before) view.set(id, { ...before, ...changes } as TaskRow);
    },
    insert(row: Insertable<BpmTaskTable> & { id: string }): void {
      newTasks.push(row);
      view.set(row.id, row as TaskRow);
    },
    /** Tells `userId` a task is theirs now (the in-site message of every assignment). */
    assigned(userId: number, task: Pick<TaskRow, 'name'>): void {
      notices.push({
        kind: 'task-assigned',
        userId,
        instanceId: scope.instance.id,
        instanceName: scope.instance.name,
        startUserNickname: scope.instance.startUserNickname,
        taskName: task.name,
      });
    },
    /** Completes the engine's task (the top of the tree) with `approved = true`. */
    complete(task: TaskRow): void {
      action = { kind: 'complete', executionId: task.executionId, variables: { approved: true } };
    },

    /**
     * After a task added to `parentId` ended: once none of its tasks is pending, a parent waiting
     * for tasks added before it (8) goes back to its owner, and one approved but waiting for tasks
     * added after it (7) is approved for good, which in turn may settle its own parent or, at the
     * top, completes the engine's task. A parent not yet approved keeps waiting for its assignee.
     */
    settle(parentId: string | null): void {
      const parent = planner.task(parentId);
      if (!parent || planner.children(parent.id).some(isPendingTask)) return;
      if (parent.result === BPM_RESULT.SIGN_BEFORE && parent.ownerUserId !== null) {
        planner.update(parent.id, {
          assigneeUserId: parent.ownerUserId,
          result: BPM_RESULT.PROCESS,
          updateTime: scope.now,
        });
        planner.assigned(parent.ownerUserId, parent);
      } else if (parent.result === BPM_RESULT.SIGN_AFTER) {
        planner.update(parent.id, { result: BPM_RESULT.APPROVE, updateTime: scope.now });
        if (parent.parentTaskId === null) planner.complete(parent);
        else planner.settle(parent.parentTaskId);
      }
    },

    plan: (): StepPlan => ({ action, taskUpdates, newTasks, notices }),
  };
  return planner;
};
