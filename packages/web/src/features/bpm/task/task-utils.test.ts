import type { InstanceTask } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  canDeleteSign,
  flattenTasks,
  formatDuration,
  isOpenTask,
  isPendingTask,
  myOpenTasks,
  resultColor,
  timelineTasks,
} from './task-utils';

const task = (id: string, partial: Partial<InstanceTask>): InstanceTask => ({
  id,
  name: `任务${id}`,
  claimTime: null,
  createTime: 1_000,
  dueTime: null,
  suspensionState: 1,
  processInstance: {
    id: 'p1',
    name: '请假',
    startUserId: 1,
    startUserNickname: '芋道',
    processDefinitionId: 'd1',
  },
  endTime: null,
  durationInMillis: null,
  result: 1,
  reason: null,
  definitionKey: 'approve',
  assigneeUser: { id: 1, nickname: '芋道', deptId: 100, deptName: '研发部门' },
  candidateUsers: [],
  ownerUser: null,
  parentTaskId: null,
  children: null,
  ...partial,
});

describe('formatDuration', () => {
  it('shows from the largest non-zero unit down to seconds', () => {
    expect(formatDuration(0)).toBe('0秒');
    expect(formatDuration(999)).toBe('0秒');
    expect(formatDuration(5_000)).toBe('5秒');
    expect(formatDuration(3 * 60_000 + 20_000)).toBe('3分20秒');
    expect(formatDuration(2 * 3_600_000 + 5_000)).toBe('2小时0分5秒');
    expect(formatDuration(86_400_000 + 2 * 3_600_000 + 3 * 60_000 + 4_000)).toBe('1天2小时3分4秒');
  });

  it('is empty without a duration', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(-1)).toBe('');
  });
});

describe('which tasks I can act on', () => {
  const me = 1;
  const other = { id: 2, nickname: '源码', deptId: 100, deptName: '研发部门' };
  const tasks = [
    task('open-mine', { result: 1 }),
    task('delegated-to-me', { result: 6 }),
    task('open-other', { result: 1, assigneeUser: other }),
    task('approved-mine', { result: 2, endTime: 2_000 }),
    task('rejected-mine', { result: 3, endTime: 2_000 }),
    task('returned-mine', { result: 5, endTime: 2_000 }),
    task('cancelled-mine', { result: 4, endTime: 2_000 }),
    task('unassigned', { result: 1, assigneeUser: null }),
  ];

  it('offers actions on open tasks (1 处理中, 6 委派) assigned to me only', () => {
    expect(myOpenTasks(tasks, me).map((t) => t.id)).toEqual(['open-mine', 'delegated-to-me']);
    expect(myOpenTasks(tasks, 2).map((t) => t.id)).toEqual(['open-other']);
    expect(myOpenTasks(tasks, undefined)).toEqual([]);
  });

  it('offers an open task nobody holds to its candidates, and to nobody else', () => {
    const claimable = [
      task('to-claim', { result: 1, assigneeUser: null, candidateUsers: [other] }),
      task('claimed-by-me', { result: 1, candidateUsers: [other] }),
      task('ended-to-claim', { result: 4, assigneeUser: null, candidateUsers: [other], endTime: 2_000 }),
    ];
    expect(myOpenTasks(claimable, 2).map((t) => t.id)).toEqual(['to-claim']);
    expect(myOpenTasks(claimable, me).map((t) => t.id)).toEqual(['claimed-by-me']);
  });

  it('treats 1 and 6 as open', () => {
    expect([1, 2, 3, 4, 5, 6].filter((result) => isOpenTask({ result }))).toEqual([1, 6]);
  });
});

describe('tasks added by 加签', () => {
  const owner = { id: 1, nickname: '芋道', deptId: 100, deptName: '研发部门' };
  const other = { id: 2, nickname: '源码', deptId: 100, deptName: '研发部门' };
  const waiting = task('root', {
    result: 8,
    assigneeUser: null,
    ownerUser: owner,
    children: [
      task('added-to-other', { result: 1, assigneeUser: other, parentTaskId: 'root' }),
      task('added-done', {
        result: 2,
        assigneeUser: other,
        parentTaskId: 'root',
        endTime: 2_000,
        children: [task('nested', { result: 1, assigneeUser: owner, parentTaskId: 'added-done' })],
      }),
    ],
  });

  it('finds my open tasks among the added ones, at any depth', () => {
    expect(flattenTasks([waiting]).map((t) => t.id)).toEqual([
      'root',
      'added-to-other',
      'added-done',
      'nested',
    ]);
    expect(myOpenTasks([waiting], 2).map((t) => t.id)).toEqual(['added-to-other']);
    expect(myOpenTasks([waiting], 1).map((t) => t.id)).toEqual(['nested']);
  });

  it('lets the holder of a task take away its pending added tasks (减签)', () => {
    expect(canDeleteSign(waiting, 1)).toBe(true);
    expect(canDeleteSign(waiting, 2)).toBe(false);
    expect(canDeleteSign(waiting, undefined)).toBe(false);
    const settled = { ...waiting, result: 1, assigneeUser: owner, children: [waiting.children![1]!] };
    expect(canDeleteSign(settled, 1)).toBe(false);
  });

  it('treats 1, 6, 7, 8 and 9 as pending', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].filter((result) => isPendingTask({ result }))).toEqual([
      1, 6, 7, 8, 9,
    ]);
  });
});

describe('timelineTasks', () => {
  it('leaves cancelled tasks out and lists open tasks first, then the most recently finished', () => {
    const shown = timelineTasks([
      task('done-early', { result: 2, createTime: 100, endTime: 200 }),
      task('cancelled', { result: 4, createTime: 150, endTime: 400 }),
      task('open-old', { result: 1, createTime: 300 }),
      task('done-late', { result: 3, createTime: 250, endTime: 500 }),
      task('open-new', { result: 6, createTime: 600 }),
    ]);
    expect(shown.map((t) => t.id)).toEqual(['open-new', 'open-old', 'done-late', 'done-early']);
  });

  it('does not reorder its input', () => {
    const input = [task('a', { endTime: 1 }), task('b', {})];
    timelineTasks(input);
    expect(input.map((t) => t.id)).toEqual(['a', 'b']);
  });
});

describe('resultColor', () => {
  it('colours results like the viewer', () => {
    expect([1, 2, 3, 4, 5, 6].map(resultColor)).toEqual(['blue', 'green', 'red', 'gray', 'orange', 'blue']);
    expect([7, 8, 9].map(resultColor)).toEqual(['green', 'blue', 'blue']);
  });
});
