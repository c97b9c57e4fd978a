import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/auth/storage';
import { AxiosError } from 'axios';
import { delay, fail, mockFeedback, ok, stubHttp } from '../../test/http-stub';
import type { StubCall, StubHandler } from '../../test/http-stub';
import { LoginPage } from './login-page';

const TOKENS = { userId: 1, accessToken: 'access-1', refreshToken: 'refresh-1', expiresTime: 0 };

let stub: ReturnType<typeof stubHttp>;
let feedback: ReturnType<typeof mockFeedback>;

const TENANT_LOOKUP = '/admin-api/system/tenant/get-id-by-name';
const CAPTCHA_FLAG = '/admin-api/system/captcha/enabled';
const LOGIN_OPTIONS = '/admin-api/system/auth/login-options';
let captchaOn = false;

/** The login page; the tenant lookup answers tenant 1 unless `tenantAnswer` says otherwise. */
const open = (
  path = '/login',
  handler: StubHandler = () => ok(TOKENS),
  tenantAnswer: StubHandler = () => ok(1),
) => {
  stub = stubHttp((call) => {
    if (call.path === CAPTCHA_FLAG) return ok(captchaOn);
    if (call.path === LOGIN_OPTIONS) return ok({ registerEnabled: false, socialTypes: [] });
    return call.path === TENANT_LOOKUP ? tenantAnswer(call) : handler(call);
  });
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', element: <div>根页面</div> },
      { path: '/system/user', element: <div>用户页面</div> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

/** The look-ups the page makes as it shows: the captcha flag, the login options and the prefilled tenant's id. */
const lookupOnShow = (call: StubCall) =>
  call.path === CAPTCHA_FLAG ||
  call.path === LOGIN_OPTIONS ||
  (call.path === TENANT_LOOKUP && Object.fromEntries(call.query).name === '默认租户');
/** What the page asked the server beyond its look-ups on show. */
const serverCalls = () => stub.calls.filter((call) => !lookupOnShow(call));

const fields = () => ({
  username: screen.getByRole('textbox', { name: '账号' }),
  password: screen.getByLabelText('密码', { exact: true }),
  remember: screen.getByRole('checkbox', { name: '记住我' }),
  submit: screen.getByRole('button', { name: '登 录' }),
});

beforeEach(() => {
  feedback = mockFeedback();
  captchaOn = false;
});
afterEach(() => stub.restore());

describe('login page', () => {
  it('shows the product title and the password form', () => {
    open();
    expect(screen.getByRole('heading', { name: '后台管理系统' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '账号密码登录' })).toHaveAttribute('aria-selected', 'true');
    const { username, password, remember, submit } = fields();
    expect(username).toHaveAttribute('placeholder', '账号');
    expect(password).toHaveAttribute('type', 'password');
    expect(remember).not.toBeChecked();
    expect(submit).toHaveAttribute('type', 'submit');
    expect(screen.getByLabelText('显示密码')).toBeInTheDocument();
  });

  it('validates the required fields in Chinese without calling the server', async () => {
    const user = userEvent.setup();
    open();
    await user.click(fields().submit);
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    await user.type(fields().username, '   ');
    await user.click(fields().submit);
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(serverCalls()).toHaveLength(0);
  });

  it('trims the username, submits on Enter, stores the tokens and goes to the redirect target', async () => {
    const user = userEvent.setup();
    const router = open(`/login?redirect=${encodeURIComponent('/system/user')}`);
    await user.type(fields().username, '  admin ');
    await user.type(fields().password, 'admin123{Enter}');

    expect(await screen.findByText('用户页面')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/user');
    const [lookup, call] = stub.calls.filter((c) => c.path !== CAPTCHA_FLAG && c.path !== LOGIN_OPTIONS) as [
      StubCall,
      StubCall,
    ];
    expect(lookup.path).toBe(TENANT_LOOKUP);
    expect(Object.fromEntries(lookup.query)).toEqual({ name: '默认租户' });
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/admin-api/system/auth/login');
    expect(call.body).toEqual({ username: 'admin', password: 'admin123' });
    expect(call.headers.Authorization).toBeUndefined();
    expect(call.headers['tenant-id']).toBe('1');
    expect(window.localStorage.getItem(STORAGE_KEYS.ACCESS_TOKEN)).toBe('access-1');
    expect(window.localStorage.getItem(STORAGE_KEYS.REFRESH_TOKEN)).toBe('refresh-1');
    expect(window.localStorage.getItem(STORAGE_KEYS.USERNAME)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.REMEMBER_ME)).toBeNull();
  });

  it('goes to / without a redirect, and remembers the username (never the password) when asked', async () => {
    const user = userEvent.setup();
    const router = open();
    await user.type(fields().username, 'admin');
    await user.type(fields().password, 'admin123');
    await user.click(fields().remember);
    await user.click(fields().submit);
    expect(await screen.findByText('根页面')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem(STORAGE_KEYS.USERNAME)).toBe('admin');
    expect(window.localStorage.getItem(STORAGE_KEYS.REMEMBER_ME)).toBe('true');
    const stored = Object.values({ ...window.localStorage }).join('|');
    expect(stored).not.toContain('admin123');
  });

  it('resolves the tenant by name on blur and keeps its id and name for the requests that follow', async () => {
    const user = userEvent.setup();
    open(
      '/login',
      () => ok(TOKENS),
      () => ok(7),
    );
    const tenant = screen.getByRole('textbox', { name: '租户' });
    expect(tenant).toHaveValue('默认租户');
    await user.clear(tenant);
    await user.type(tenant, '测试租户');
    await user.tab();
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.TENANT_ID)).toBe('7'));
    expect(window.localStorage.getItem(STORAGE_KEYS.TENANT_NAME)).toBe('测试租户');
    await user.type(fields().username, 'admin');
    await user.type(fields().password, 'admin123{Enter}');
    await screen.findByText('根页面');
    const login = stub.calls.find((call) => call.path.endsWith('/system/auth/login'))!;
    expect(login.headers['tenant-id']).toBe('7');
  });

  it('refuses an empty or unknown tenant before signing in', async () => {
    const user = userEvent.setup();
    open(
      '/login',
      () => ok(TOKENS),
      () => ok(null),
    );
    const tenant = screen.getByRole('textbox', { name: '租户' });
    await user.clear(tenant);
    await user.type(fields().username, 'admin');
    await user.type(fields().password, 'admin123{Enter}');
    expect(await screen.findByText('租户不能为空')).toBeInTheDocument();
    expect(serverCalls()).toHaveLength(0);

    await user.type(tenant, '不存在的租户');
    await user.click(fields().submit);
    expect(await screen.findByText('租户不存在')).toBeInTheDocument();
    expect(tenant).toHaveAttribute('aria-invalid', 'true');
    // Looked up on blur and again on submit; never signed in.
    expect(serverCalls().every((call) => call.path === TENANT_LOOKUP)).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.ACCESS_TOKEN)).toBeNull();
  });

  it('prefills a remembered username', () => {
    window.localStorage.setItem(STORAGE_KEYS.USERNAME, 'zhangsan');
    window.localStorage.setItem(STORAGE_KEYS.REMEMBER_ME, 'true');
    open();
    expect(fields().username).toHaveValue('zhangsan');
    expect(fields().remember).toBeChecked();
    expect(fields().password).toHaveValue('');
  });

  it('does not follow redirects to other sites', async () => {
    const user = userEvent.setup();
    const router = open(`/login?redirect=${encodeURIComponent('//evil.example.com')}`);
    await user.type(fields().username, 'admin');
    await user.type(fields().password, 'admin123{Enter}');
    expect(await screen.findByText('根页面')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the server message once on failure and keeps the user on the page', async () => {
    const user = userEvent.setup();
    const router = open('/login', () => fail(1_002_000_000, '登录失败，账号密码不正确'));
    await user.type(fields().username, 'admin');
    await user.type(fields().password, 'wrong-password{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('登录失败，账号密码不正确');
    expect(screen.getAllByText('登录失败，账号密码不正确')).toHaveLength(1);
    expect(feedback.notification.error).not.toHaveBeenCalled();
    expect(feedback.message.error).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.ACCESS_TOKEN)).toBeNull();
    await waitFor(() => expect(fields().submit).not.toBeDisabled());
    expect(fields().submit).not.toHaveAttribute('aria-busy', 'true');

    // Editing the form clears the message.
    await user.type(fields().password, 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows network failures in Chinese', async () => {
    const user = userEvent.setup();
    open('/login', (call) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', call.config);
    });
    await user.type(fields().username, 'admin');
    await user.type(fields().password, 'admin123{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('后端接口连接异常');
    expect(feedback.message.error).not.toHaveBeenCalled();
  });

  it('shows and hides the password with the eye button, keeping the value', async () => {
    const user = userEvent.setup();
    open();
    await user.type(fields().password, 'secret');
    await user.click(screen.getByRole('button', { name: '显示密码' }));
    expect(fields().password).toHaveAttribute('type', 'text');
    expect(fields().password).toHaveValue('secret');
    await user.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(fields().password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: '显示密码' })).toBeInTheDocument();
    expect(serverCalls()).toHaveLength(0);
  });

  it('checks a field again on every change and marks it invalid for assistive technology', async () => {
    const user = userEvent.setup();
    open();
    await user.click(fields().submit);
    const help = await screen.findByText('请输入账号');
    expect(fields().username).toHaveAttribute('aria-invalid', 'true');
    expect(fields().username).toHaveAccessibleDescription('请输入账号');
    expect(help).not.toHaveAttribute('role', 'alert');

    await user.type(fields().username, 'a');
    expect(screen.queryByText('请输入账号')).not.toBeInTheDocument();
    expect(fields().username).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('请输入密码')).toBeInTheDocument();

    await user.clear(fields().username);
    expect(screen.getByText('请输入账号')).toBeInTheDocument();
    expect(serverCalls()).toHaveLength(0);
  });

  it('is busy and refuses a second submit while signing in', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    open('/login', async () => {
      await gate;
      return fail(1_002_000_000, '登录失败，账号密码不正确');
    });
    await user.type(fields().username, 'admin');
    await user.type(fields().password, 'wrong-password');
    await user.click(fields().submit);
    await waitFor(() => expect(fields().submit).toBeDisabled());
    expect(fields().submit).toHaveAttribute('aria-busy', 'true');
    expect(fields().submit).toHaveAccessibleName('登 录');
    await user.type(fields().password, '{Enter}');
    await delay(5);
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('登录失败，账号密码不正确');
    expect(stub.calls.filter((call) => call.path.endsWith('/system/auth/login'))).toHaveLength(1);
    expect(fields().submit).not.toBeDisabled();
  });

  it('editing any field, the checkbox included, clears the server message', async () => {
    const user = userEvent.setup();
    open('/login', () => fail(1_002_000_000, '登录失败，账号密码不正确'));
    await user.type(fields().username, 'admin');
    await user.type(fields().password, 'wrong-password{Enter}');
    await screen.findByRole('alert');
    await user.click(fields().remember);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
