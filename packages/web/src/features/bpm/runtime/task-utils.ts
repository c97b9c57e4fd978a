import { BPM_RESULT } from '@app/contract';
import type { InstanceTask } from '@app/contract';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A duration as the workflow pages show it: from the largest non-zero unit down to seconds, e.g.
 * `1天2小时0分5秒`, `3分20秒`, `0秒`; '' when there is none.
 */
export const formatDuration = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined || ms < 0) return '';
  const parts: [number, string][] = [
    [Math.floor(ms / DAY), '天'],
    [Math.floor((ms % DAY) / HOUR), '小时'],
    [Math.floor((ms % HOUR) / MINUTE), '分'],
    [Math.floor((ms % MINUTE) / SECOND), '秒'],
  ];
  const first = parts.findIndex(([value]) => value > 0);
  if (first < 0) return '0秒';
  return parts
    .slice(first)
    .map(([value, unit]) => `${value}${unit}`)
    .join('');
};

/** A task still to be handled: in progress (1) or delegated to its assignee (6). */
export const isOpenTask = (task: Pick<InstanceTask, 'result'>): boolean =>
  task.result === BPM_RESULT.PROCESS || task.result === BPM_RESULT.DELEGATE;

/** The tasks of an instance the signed-in user can act on: open and assigned to them. */
export const myOpenTasks = (tasks: readonly InstanceTask[], userId: number | undefined): InstanceTask[] =>
  userId === undefined ? [] : tasks.filter((task) => isOpenTask(task) && task.assigneeUser?.id === userId);

/**
 * The approval record: cancelled tasks (4) left out, open tasks first (newest first), then the
 * finished ones, most recently finished first.
 */
export const timelineTasks = (tasks: readonly InstanceTask[]): InstanceTask[] =>
  tasks
    .filter((task) => task.result !== BPM_RESULT.CANCEL)
    .sort((a, b) => {
      if (a.endTime && b.endTime) return b.endTime - a.endTime;
      if (a.endTime) return 1;
      if (b.endTime) return -1;
      return b.createTime - a.createTime;
    });

/** Timeline dot colour of a task result. */
export const resultColor = (result: number): string => {
  switch (result) {
    case BPM_RESULT.APPROVE:
      return 'green';
    case BPM_RESULT.REJECT:
      return 'red';
    case BPM_RESULT.BACK:
      return 'orange';
    case BPM_RESULT.PROCESS:
    case BPM_RESULT.DELEGATE:
      return 'blue';
    default:
      return 'gray';
  }
};
