import type { LoginLog } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDictStore } from '../../shared/dict';
import { useSessionStore } from '../../shared/session/session-store';
import { mockFeedback, ok, stubHttp } from '../../test/http-stub';
import LoginLogPage from './pages/system/loginlog';

const failure: LoginLog = {
  id: 9,
  logType: 100,
  traceId: '',
  userId: 0,
  userType: 2,
  username: 'nobody',
  result: 10,
  userIp: '192.168.7.70',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  createTime: new Date(2026, 10, 20, 8, 0, 0).getTime(),
};

let stub: ReturnType<typeof stubHttp>;

beforeEach(() => {
  mockFeedback();
  useDictStore.getState().setDictData([
    { dictType: 'system_login_type', value: '100', label: '账号登录', colorType: 'primary', cssClass: '' },
    {
      dictType: 'system_login_result',
      value: '10',
      label: '账号或密码不正确',
      colorType: 'primary',
      cssClass: '',
    },
  ]);
  stub = stubHttp((call) => {
    if (call.path.endsWith('/system/login-log/page'))
      return ok(
        call.query.get('username') === 'ghost' ? { list: [], total: 0 } : { list: [failure], total: 1 },
      );
    return ok(null);
  });
});

afterEach(() => {
  stub.restore();
  useDictStore.getState().reset();
  useSessionStore.getState().reset();
});

function setup(permissions: string[]) {
  useSessionStore.setState({ roles: ['common'], permissions });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/system/login-log', element: <LoginLogPage /> }], {
    initialEntries: ['/system/login-log'],
  });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('login log page', { timeout: 30_000 }, () => {
  it('lists attempts with their dictionary labels and shows the empty state', async () => {
    const user = setup(['system:login-log:query']);
    const row = (await screen.findByText('nobody')).closest('tr')!;
    expect(within(row).getByText('账号登录')).toBeInTheDocument();
    expect(within(row).getByText('账号或密码不正确')).toBeInTheDocument();
    expect(within(row).getByText('192.168.7.70')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导出/ })).not.toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('请输入用户名称'), 'ghost{Enter}');
    expect(await screen.findByText('暂无登录日志')).toBeInTheDocument();
    const page = stub.calls.filter((c) => c.path.endsWith('/page')).at(-1)!;
    expect(page.query.get('username')).toBe('ghost');
  });

  it('shows an attempt in full in the detail dialog', async () => {
    const user = setup(['system:login-log:query', 'system:login-log:export']);
    expect(await screen.findByRole('button', { name: /导出/ })).toBeInTheDocument();
    const row = (await screen.findByText('nobody')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /详细/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(failure.userAgent)).toBeInTheDocument();
    expect(within(dialog).getByText('无（账号不存在）')).toBeInTheDocument();
  });
});
