import type { LoginLog } from '@app/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
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

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/system/login-log/page'))
      return ok(
        call.query.get('username') === 'ghost' ? { list: [], total: 0 } : { list: [failure], total: 1 },
      );
    return ok(null);
  },
  {
    dicts: [
      dict('system_login_type', '100', '账号登录'),
      dict('system_login_result', '10', '账号或密码不正确'),
    ],
  },
);

const setup = (permissions: string[]) =>
  renderPage(<LoginLogPage />, { permissions, path: '/system/login-log' }).user;

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
