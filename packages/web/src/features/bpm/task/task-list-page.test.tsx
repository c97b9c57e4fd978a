import type { DoneTask, TodoTask } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { BPM_INSTANCE_RESULT, BPM_INSTANCE_STATUS } from '../../../test/dicts';
import { ok } from '../../../test/http-stub';
import { stubPageTest } from '../../../test/page-test';
import { renderPage } from '../../../test/render-page';
import { TaskListPage } from './task-list-page';

const doneTask: DoneTask = {
  id: 'task-9',
  name: '经理审批',
  claimTime: null,
  createTime: new Date(2026, 0, 2, 9, 0, 0).getTime(),
  dueTime: null,
  suspensionState: 2,
  processInstance: {
    id: 'pi-9',
    name: '报销流程',
    startUserId: 2,
    startUserNickname: '源码',
    processDefinitionId: 'd',
  },
  endTime: new Date(2026, 0, 3, 10, 1, 5).getTime(),
  durationInMillis: 90_065_000,
  result: 3,
  reason: '预算不足',
};

const { endTime: _e, durationInMillis: _d, result: _r, reason: _reason, ...base } = doneTask;
const todoTasks: TodoTask[] = [
  { ...base, id: 'task-1', name: '已过期的审批', dueTime: new Date(2026, 0, 4, 18, 0, 0).getTime() },
  { ...base, id: 'task-2', name: '明年到期的审批', dueTime: new Date(2099, 0, 4, 18, 0, 0).getTime() },
  { ...base, id: 'task-3', name: '没有期限的审批', dueTime: null },
];

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/bpm/task/done-page')) return ok({ list: [doneTask], total: 1 });
    if (call.path.endsWith('/bpm/task/todo-page')) return ok({ list: todoTasks, total: 3 });
    return ok(true);
  },
  { dicts: [...BPM_INSTANCE_STATUS, ...BPM_INSTANCE_RESULT] },
);

const setup = (element: ReactElement, permissions: string[]) => renderPage(element, { permissions }).user;

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = stub.callsTo;

describe('已办任务', { timeout: 30_000 }, () => {
  it('shows the approval time, duration, result, opinion and state, with 详情', async () => {
    setup(<TaskListPage kind="done" />, ['bpm:task:query']);
    const row = await rowOf('预算不足');
    expect(row).toHaveTextContent('2026-01-03 10:01:05');
    expect(row).toHaveTextContent('1天1小时1分5秒');
    expect(row).toHaveTextContent('不通过');
    expect(row).toHaveTextContent('挂起');
    expect(row).toHaveTextContent('源码');
    expect(within(row).getByRole('button', { name: /详情/ })).toBeInTheDocument();
  });

  it('shows the 截止时间 of each to-do task, marked 已超时 once it has passed', async () => {
    setup(<TaskListPage kind="todo" />, ['bpm:task:query', 'bpm:task:update']);
    const overdue = await rowOf('已过期的审批');
    expect(overdue).toHaveTextContent('2026-01-04 18:00:00');
    expect(overdue).toHaveTextContent('已超时');
    const later = await rowOf('明年到期的审批');
    expect(later).toHaveTextContent('2099-01-04 18:00:00');
    expect(later).not.toHaveTextContent('已超时');
    expect(await rowOf('没有期限的审批')).not.toHaveTextContent('已超时');
  });

  it('offers 审批 on to-do tasks only with bpm:task:update', async () => {
    setup(<TaskListPage kind="todo" />, ['bpm:task:query']);
    await waitFor(() => expect(callsTo('/bpm/task/todo-page')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /审批/ })).not.toBeInTheDocument();
  });
});
