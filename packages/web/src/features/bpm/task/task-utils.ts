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

const PENDING_RESULTS: readonly number[] = [
  BPM_RESULT.PROCESS,
  BPM_RESULT.DELEGATE,
  BPM_RESULT.SIGN_AFTER,
  BPM_RESULT.SIGN_BEFORE,
  BPM_RESULT.WAIT_BEFORE_TASK,
];

/** A task added by 加签 that has not ended yet, i.e. one 减签 can still take away. */
export const isPendingTask = (task: Pick<InstanceTask, 'result'>): boolean =>
  PENDING_RESULTS.includes(task.result);

/** The tasks and, after each, the tasks added to it by 加签 (depth first). */
export const flattenTasks = (tasks: readonly InstanceTask[]): InstanceTask[] =>
  tasks.flatMap((task) => [task, ...flattenTasks(task.children ?? [])]);

/**
 * The tasks of an instance the signed-in user can act on: open and assigned to them (added ones too),
 * or held by nobody with them among the candidates (acting on it claims it).
 */
export const myOpenTasks = (tasks: readonly InstanceTask[], userId: number | undefined): InstanceTask[] =>
  userId === undefined
    ? []
    : flattenTasks(tasks).filter(
        (task) =>
          isOpenTask(task) &&
          (task.assigneeUser?.id === userId ||
            (task.assigneeUser === null && task.candidateUsers.some((u) => u.id === userId))),
      );

/**
 * Whether the user may take away (减签) the tasks added to `task`: they hold it, as its assignee or
 * as its owner while it waits for the tasks added before it; and one of those is still pending.
 */
export const canDeleteSign = (task: InstanceTask, userId: number | undefined): boolean =>
  userId !== undefined &&
  (task.assigneeUser?.id === userId || task.ownerUser?.id === userId) &&
  (task.children ?? []).some(isPendingTask);

/** Form rules of a required reason (审批建议, 委派理由, 加签理由...). */
export const reasonRules = (label: string) => [
  { required: true, whitespace: true, message: `${label}不能为空` },
  { max: 500, message: `${label}不能超过 500 个字符` },
];

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
    case BPM_RESULT.SIGN_AFTER:
      return 'green';
    case BPM_RESULT.REJECT:
      return 'red';
    case BPM_RESULT.BACK:
      return 'orange';
    case BPM_RESULT.PROCESS:
    case BPM_RESULT.DELEGATE:
    case BPM_RESULT.SIGN_BEFORE:
    case BPM_RESULT.WAIT_BEFORE_TASK:
      return 'blue';
    default:
      return 'gray';
  }
};
