import type { DoneTask } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDictStore } from '../../../shared/dict';
import { useSessionStore } from '../../../shared/session/session-store';
import { mockFeedback, ok, stubHttp } from '../../../test/http-stub';
import { TaskListPage } from './task-list-page';

const doneTask: DoneTask = {
  id: 'task-9',
  name: '经理审批',
  claimTime: null,
  createTime: new Date(2026, 0, 2, 9, 0, 0).getTime(),
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

let stub: ReturnType<typeof stubHttp>;

beforeEach(() => {
  mockFeedback();
  useDictStore.getState().setDictData([
    {
      dictType: 'bpm_process_instance_status',
      value: '1',
      label: '进行中',
      colorType: 'primary',
      cssClass: '',
    },
    {
      dictType: 'bpm_process_instance_status',
      value: '2',
      label: '已完成',
      colorType: 'success',
      cssClass: '',
    },
    ...['处理中', '通过', '不通过', '已取消', '退回', '委派'].map((label, i) => ({
      dictType: 'bpm_process_instance_result',
      value: String(i + 1),
      label,
      colorType: 'primary',
      cssClass: '',
    })),
  ]);
  stub = stubHttp((call) => {
    if (call.path.endsWith('/bpm/task/done-page')) return ok({ list: [doneTask], total: 1 });
    return ok(true);
  });
});

afterEach(() => {
  stub.restore();
  useDictStore.getState().reset();
  useSessionStore.getState().reset();
});

function setup(element: ReactElement, permissions: string[]) {
  useSessionStore.setState({ roles: ['common'], permissions });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = (path: string) => stub.calls.filter((c) => c.path.endsWith(path));

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

  it('offers 审批 on to-do tasks only with bpm:task:update', async () => {
    setup(<TaskListPage kind="todo" />, ['bpm:task:query']);
    await waitFor(() => expect(callsTo('/bpm/task/todo-page')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /审批/ })).not.toBeInTheDocument();
  });
});
