import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../shared/auth/storage';
import { fail, mockFeedback, ok, stubHttp } from '../../test/http-stub';
import type { StubHandler } from '../../test/http-stub';
import { LoginPage } from './login-page';

const TOKENS = { userId: 1, accessToken: 'sms-access', refreshToken: 'sms-refresh', expiresTime: 0 };
const TENANT_LOOKUP = '/admin-api/system/tenant/get-id-by-name';
const SEND = '/admin-api/system/auth/send-sms-code';
const LOGIN = '/admin-api/system/auth/sms-login';

let stub: ReturnType<typeof stubHttp>;

const open = (handler: StubHandler = () => ok(true)) => {
  stub = stubHttp((call) => (call.path === TENANT_LOOKUP ? ok(1) : handler(call)));
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', element: <div>根页面</div> },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

const smsTab = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('tab', { name: '短信验证码登录' }));
  return {
    // The tab's form loads on first use.
    mobile: await screen.findByRole('textbox', { name: '手机号' }),
    code: screen.getByRole('textbox', { name: '短信验证码' }),
    send: screen.getByRole('button', { name: /获取验证码|秒后可重新获取/ }),
    submit: screen.getByRole('button', { name: '登 录' }),
  };
};

beforeEach(() => {
  mockFeedback();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  stub.restore();
  vi.useRealTimers();
});

describe('SMS sign-in tab', () => {
  it('switches tabs, keeping each form, and checks the mobile without calling the server', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    const f = await smsTab(user);
    expect(screen.getByRole('tab', { name: '短信验证码登录' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('textbox', { name: '账号' })).not.toBeInTheDocument();
    expect(f.mobile).toHaveAttribute('placeholder', '请输入手机号');
    expect(f.code).toHaveAttribute('placeholder', '短信验证码');

    await user.click(f.send);
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    await user.type(f.mobile, '12345');
    await user.click(f.send);
    expect(await screen.findByText('手机号格式不正确')).toBeInTheDocument();
    await user.click(f.submit);
    expect(await screen.findByText('请输入短信验证码')).toBeInTheDocument();
    // Only what the page looks up as it shows (the captcha flag, the prefilled tenant).
    expect(stub.calls.filter((call) => call.path === SEND || call.path === LOGIN)).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: '账号密码登录' }));
    expect(screen.getByRole('textbox', { name: '账号' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '短信验证码登录' }));
    expect(screen.getByRole('textbox', { name: '手机号' })).toHaveValue('12345');
  });

  it('sends a code for scene 21 and counts down 60 seconds before the next', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    const f = await smsTab(user);
    await user.type(f.mobile, ' 13800000000 ');
    await user.click(f.send);

    expect(await screen.findByRole('status')).toHaveTextContent('获取验证码成功');
    const send = stub.calls.find((c) => c.path === SEND)!;
    expect(send.body).toEqual({ mobile: '13800000000', scene: 21 });
    expect(send.headers['tenant-id']).toBe('1');
    const countdown = screen.getByRole('button', { name: '60秒后可重新获取' });
    expect(countdown).toBeDisabled();
    expect(f.code).toHaveFocus();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByRole('button', { name: '59秒后可重新获取' })).toBeDisabled();
    for (let second = 59; second > 0; second -= 1)
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
    expect(stub.calls.filter((c) => c.path === SEND)).toHaveLength(1);
  });

  it('shows the server refusal and starts no countdown', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open(() => fail(1_002_000_007, '手机号不存在'));
    const f = await smsTab(user);
    await user.type(f.mobile, '13900000009');
    await user.click(f.send);
    expect(await screen.findByRole('alert')).toHaveTextContent('手机号不存在');
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });

  it('signs in with the mobile and code, storing the tokens', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = open((call) => (call.path === LOGIN ? ok(TOKENS) : ok(true)));
    const f = await smsTab(user);
    await user.type(f.mobile, '13800000000 ');
    await user.type(f.code, '123456{Enter}');
    expect(await screen.findByText('根页面')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const login = stub.calls.find((c) => c.path === LOGIN)!;
    expect(login.body).toEqual({ mobile: '13800000000', code: '123456' });
    expect(login.headers.Authorization).toBeUndefined();
    expect(window.localStorage.getItem(STORAGE_KEYS.ACCESS_TOKEN)).toBe('sms-access');
  });

  it('shows a wrong code in the form', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open(() => fail(1_002_014_003, '验证码不正确'));
    const f = await smsTab(user);
    await user.type(f.mobile, '13800000000');
    await user.type(f.code, '000000');
    await user.click(f.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码不正确');
    expect(window.localStorage.getItem(STORAGE_KEYS.ACCESS_TOKEN)).toBeNull();
  });
});
