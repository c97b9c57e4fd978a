import { postPage, roleUpdateStatus } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Form, Table } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDictStore } from '../dict';
import { COMMON_STATUS } from '../../test/dicts';
import { DictRadio } from './dict-inputs';
import { StatusSwitch, statusColumn } from './status-switch';
import type { StatusColumnOptions } from './status-switch';
import { renderPage } from '../../test/render-page';
import { queryKey } from './query-key';

let client: QueryClient;
const wrap = (children: ReactNode) => {
  client = new QueryClient();
  client.setQueryData(queryKey(postPage, { pageNo: 1 }), 1);
  return render(
    <QueryClientProvider client={client}>
      <App>{children}</App>
    </QueryClientProvider>,
  );
};

beforeEach(() => useDictStore.getState().setDictData(COMMON_STATUS));
afterEach(() => useDictStore.getState().reset());

describe('status switch', { timeout: 30_000 }, () => {
  it('confirms with the words, saves the new status, says so and refreshes the list', async () => {
    const save = vi.fn(() => Promise.resolve());
    wrap(
      <StatusSwitch
        status={0}
        label="张三的状态"
        words={['启用', '停用']}
        confirm={(word) => `确认要"${word}""张三"用户吗?`}
        save={save}
        refresh={postPage}
      />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('switch', { name: '张三的状态' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('系统提示');
    expect(confirm).toHaveTextContent('确认要"停用""张三"用户吗?');
    expect(save).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('停用成功');
    expect(save).toHaveBeenCalledWith(1);
    await waitFor(() => expect(client.getQueryCache().getAll()[0]?.isStale()).toBe(true));
  });

  it('closes the confirmation when saving fails, without a success message', async () => {
    wrap(
      <StatusSwitch
        status={1}
        label="停机通知状态"
        confirm={(word) => `确认要"${word}""停机通知"公告吗?`}
        save={() => Promise.reject(new Error('refused'))}
        refresh={postPage}
      />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('switch', { name: '停机通知状态' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确认要"开启""停机通知"公告吗?');
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    // The confirmation closes (a rejected promise would keep it open).
    await waitFor(() => expect(confirm).toHaveClass('ant-zoom-leave'));
    expect(screen.queryByText('开启成功')).not.toBeInTheDocument();
  });
});

describe('status column', { timeout: 30_000 }, () => {
  interface Row {
    id: number;
    name: string;
    status: number;
  }
  const ROWS: Row[] = [
    { id: 1, name: '超级管理员', status: 0 },
    { id: 2, name: '普通角色', status: 1 },
  ];
  const table = (options: Partial<StatusColumnOptions<Row>>, permissions: string[]) =>
    renderPage(
      <Table<Row>
        rowKey="id"
        dataSource={ROWS}
        columns={[
          statusColumn<Row>({
            endpoint: roleUpdateStatus,
            save: () => Promise.resolve(),
            refresh: postPage,
            label: (row) => `${row.name}的状态`,
            confirm: (word, row) => `确认要${word}"${row.name}"角色吗？`,
            ...options,
          }),
        ]}
      />,
      { permissions },
    );

  it('saves through the row with the endpoint’s permission, except for locked rows', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { user } = table({ save, locked: (row) => row.id === 1 }, ['system:role:update']);
    expect(await screen.findByRole('switch', { name: '超级管理员的状态' })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: '普通角色的状态' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确认要开启"普通角色"角色吗？');
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('开启成功');
    expect(save).toHaveBeenCalledWith(ROWS[1], 0);
  });

  it('without the permission greys the switch out, or shows the dictionary tag when asked', async () => {
    const greyed = table({}, []);
    expect(await screen.findByRole('switch', { name: '普通角色的状态' })).toBeDisabled();
    greyed.view.unmount();
    table({ readOnlyTag: true }, []);
    expect(await screen.findByText('关闭')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('dictionary inputs', () => {
  it('offer the dictionary values as numbers', async () => {
    const onFinish = vi.fn();
    wrap(
      <Form onFinish={onFinish} initialValues={{ status: 0 }}>
        <Form.Item name="status" label="状态">
          <DictRadio dictType="common_status" />
        </Form.Item>
        <button type="submit">save</button>
      </Form>,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('关闭'));
    await user.click(screen.getByText('save'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ status: 1 }));
  });
});
