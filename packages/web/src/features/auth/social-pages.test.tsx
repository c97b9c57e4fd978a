import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../shared/auth/storage';
import { browser } from '../../shared/navigation/browser';
import { fail, mockFeedback, ok, stubHttp } from '../../test/http-stub';
import type { StubCall, StubHandler } from '../../test/http-stub';
import { AuthRedirectPage } from './auth-redirect-page';
import { BindPage } from './bind-page';
import { GiteeCallbackPage } from './gitee-callback-page';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { SocialLoginPage } from './social-login-page';
import { readSocialQuery } from './social-query';

const TOKENS = { userId: 7, accessToken: 'access-7', refreshToken: 'refresh-7', expiresTime: 0 };
const OPTIONS = {
  registerEnabled: true,
  socialTypes: [
    { type: 10, name: '码云' },
    { type: 90, name: '统一认证' },
  ],
};

let stub: ReturnType<typeof stubHttp> | undefined;
const calls = (suffix: string) => stub!.calls.filter((c) => c.path.endsWith(suffix));

/** Every public page and two targets, opened at `path`; `handler` answers what the common stub does not. */
const open = (path: string, handler: StubHandler = () => ok(true), options: unknown = OPTIONS) => {
  stub = stubHttp((call: StubCall) => {
    if (call.path.endsWith('/captcha/enabled')) return ok(false);
    if (call.path.endsWith('/tenant/get-id-by-name'))
      return ok(Object.fromEntries(call.query).name === '默认租户' ? 1 : null);
    if (call.path.endsWith('/auth/login-options')) return ok(options);
    return handler(call);
  });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/social-login', element: <SocialLoginPage /> },
      { path: '/auth-redirect', element: <AuthRedirectPage /> },
      { path: '/oauthLogin/gitee', element: <GiteeCallbackPage /> },
      { path: '/bind', element: <BindPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/', element: <div>根页面</div> },
      { path: '/system/user', element: <div>用户页面</div> },
      { path: '/user/profile', element: <div>个人中心页面</div> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup({ delay: null }) };
};

beforeEach(() => {
  mockFeedback();
  localStorage.clear();
});
afterEach(() => {
  stub?.restore();
  stub = undefined;
  vi.restoreAllMocks();
});

describe('social query', () => {
  it('reads the plain query, the reference client’s encoded one and DingTalk’s authCode', () => {
    expect(readSocialQuery('?type=90&redirect=%2Findex&code=c&state=s')).toEqual({
      type: 90,
      redirect: '/index',
      code: 'c',
      state: 's',
    });
    expect(
      readSocialQuery(`?${encodeURIComponent('type=20&redirect=/system/user')}&authCode=d&state=t`),
    ).toEqual({
      type: 20,
      redirect: '/system/user',
      code: 'd',
      state: 't',
    });
    expect(readSocialQuery('?type=x&code=c')).toMatchObject({ type: null, state: null });
  });
});

describe('login page social sign-in and registration', () => {
  it('offers the tenant’s platforms and 立即注册, and leaves for the platform chosen', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = open('/login?redirect=%2Fsystem%2Fuser', (call) =>
      call.path.endsWith('/social-auth-redirect')
        ? ok('https://gitee.com/oauth/authorize?state=x')
        : ok(true),
    );
    const gitee = await screen.findByRole('button', { name: '使用码云账号' });
    expect(screen.getByRole('button', { name: '使用统一认证账号' })).toHaveTextContent('统');
    expect(screen.getByRole('group', { name: '其他登录方式' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '立即注册' })).toHaveAttribute('href', '/register');
    expect(Object.fromEntries(calls('/login-options')[0]!.query)).toEqual({ tenantName: '默认租户' });

    await user.click(gitee);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://gitee.com/oauth/authorize?state=x'));
    const asked = calls('/social-auth-redirect')[0]!;
    expect(Object.fromEntries(asked.query)).toEqual({
      type: '10',
      redirectUri: `${window.location.origin}/oauthLogin/gitee?redirect=%2Fsystem%2Fuser`,
    });
    // The tenant is kept for the sign-in that follows the platform's return.
    expect(localStorage.getItem(STORAGE_KEYS.TENANT_ID)).toBe('1');
  });

  it('shows why a platform cannot be reached and stays', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = open('/login', (call) =>
      call.path.endsWith('/social-auth-redirect') ? fail(1_002_018_210, '社交客户端不存在') : ok(true),
    );
    await user.click(await screen.findByRole('button', { name: '使用统一认证账号' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('社交客户端不存在');
    expect(assign).not.toHaveBeenCalled();
    expect(Object.fromEntries(calls('/social-auth-redirect')[0]!.query).redirectUri).toBe(
      `${window.location.origin}/social-login?type=90&redirect=%2F`,
    );
  });

  it('shows neither without platforms and with registration closed', async () => {
    open('/login', () => ok(true), { registerEnabled: false, socialTypes: [] });
    await waitFor(() => expect(calls('/login-options')).toHaveLength(1));
    await screen.findByRole('button', { name: '登 录' });
    expect(screen.queryByRole('group', { name: '其他登录方式' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '立即注册' })).not.toBeInTheDocument();
  });
});

describe('social-login page', () => {
  it('signs in with the code and state and opens the redirect target', async () => {
    const { router } = open('/social-login?type=90&redirect=%2Fsystem%2Fuser&code=c1&state=s1', () =>
      ok(TOKENS),
    );
    expect(await screen.findByText('用户页面')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/user');
    expect(calls('/auth/social-login')[0]!.body).toEqual({ type: 90, code: 'c1', state: 's1' });
    expect(localStorage.getItem(STORAGE_KEYS.ACCESS_TOKEN)).toBe('access-7');
  });

  it('on 未绑定账号 binds through password sign-in carrying the code and state', async () => {
    const { user, router } = open(
      '/social-login?type=90&redirect=%2Fsystem%2Fuser&code=c1&state=s1',
      (call) =>
        call.path.endsWith('/social-login') ? fail(1_002_000_005, '未绑定账号，需要进行绑定') : ok(TOKENS),
    );
    expect(await screen.findByText(/未绑定账号/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '绑定并登录' }));
    expect(screen.getByText('请输入账号')).toBeInTheDocument();
    expect(calls('/auth/login')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: '账号' }), ' admin ');
    await user.type(screen.getByLabelText('密码'), 'admin123{Enter}');
    expect(await screen.findByText('用户页面')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/user');
    expect(calls('/auth/login')[0]!.body).toEqual({
      username: 'admin',
      password: 'admin123',
      socialType: 90,
      socialCode: 'c1',
      socialState: 's1',
    });
  });

  it('shows a refused bind and a refused sign-in', async () => {
    const { user } = open('/social-login?type=20&code=c1&state=s1', (call) =>
      call.path.endsWith('/social-login')
        ? fail(1_002_000_005, '未绑定账号，需要进行绑定')
        : fail(1_002_000_000, '登录失败，账号密码不正确'),
    );
    await user.type(await screen.findByRole('textbox', { name: '账号' }), 'admin');
    await user.type(screen.getByLabelText('密码'), 'bad{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('登录失败，账号密码不正确');
    stub!.restore();

    open('/social-login?type=20&code=c2&state=s2', () =>
      fail(1_002_018_000, '社交授权失败，原因是：授权已过期，请重新发起登录'),
    );
    expect(await screen.findByText('社交授权失败，原因是：授权已过期，请重新发起登录')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '返回登录' }).at(-1)).toHaveAttribute('href', '/login');
  });

  it('refuses a return without code or state and asks nothing', async () => {
    open('/social-login?type=90&redirect=%2Findex');
    expect(await screen.findByRole('alert')).toHaveTextContent('缺少社交授权参数，请重新登录');
    expect(screen.getByRole('link', { name: '返回登录' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Findex',
    );
    expect(calls('/social-login')).toHaveLength(0);
  });

  it('Gitee’s callback and the popup target forward to it', async () => {
    open('/oauthLogin/gitee?redirect=%2Fsystem%2Fuser&code=g1&state=s1', () => ok(TOKENS));
    expect(await screen.findByText('用户页面')).toBeInTheDocument();
    expect(calls('/auth/social-login')[0]!.body).toEqual({ type: 10, code: 'g1', state: 's1' });
    stub!.restore();

    const { router } = open('/auth-redirect?type=20&redirect=%2Fsystem%2Fuser&code=d1&state=s2', () =>
      ok(TOKENS),
    );
    expect(await screen.findByText('用户页面')).toBeInTheDocument();
    expect(calls('/auth/social-login')[0]!.body).toEqual({ type: 20, code: 'd1', state: 's2' });
    expect(router.state.location.pathname).toBe('/system/user');
  });
});

describe('bind page', () => {
  it('binds to the signed-in user', async () => {
    localStorage.setItem(STORAGE_KEYS.ACCESS_TOKEN, 'signed-in');
    open('/bind?type=90&code=c1&state=s1');
    expect(await screen.findByText('绑定成功，之后可直接使用该社交账号登录')).toBeInTheDocument();
    const bind = calls('/social-user/bind')[0]!;
    expect(bind.body).toEqual({ type: 90, code: 'c1', state: 's1' });
    expect(bind.headers.Authorization).toBe('Bearer signed-in');
    expect(screen.getByRole('link', { name: '返回个人中心' })).toHaveAttribute('href', '/user/profile');
  });

  it('shows a refused bind', async () => {
    localStorage.setItem(STORAGE_KEYS.ACCESS_TOKEN, 'signed-in');
    open('/bind?type=90&code=c1&state=s1', () =>
      fail(1_002_018_000, '社交授权失败，原因是：授权状态已被使用，请重新发起登录'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('授权状态已被使用');
  });

  it('signs in and binds when nobody is signed in', async () => {
    const { user } = open('/bind?type=90&code=c1&state=s1', () => ok(TOKENS));
    await user.type(await screen.findByRole('textbox', { name: '账号' }), 'admin');
    await user.type(screen.getByLabelText('密码'), 'admin123{Enter}');
    expect(await screen.findByText('个人中心页面')).toBeInTheDocument();
    expect(calls('/auth/login')[0]!.body).toMatchObject({
      socialType: 90,
      socialCode: 'c1',
      socialState: 's1',
    });
    expect(calls('/social-user/bind')).toHaveLength(0);
  });
});

describe('register page', () => {
  it('says so when registration is closed', async () => {
    open('/register', () => ok(true), { registerEnabled: false, socialTypes: [] });
    expect(await screen.findByRole('alert')).toHaveTextContent('系统未开放注册');
    expect(screen.queryByRole('button', { name: '注 册' })).not.toBeInTheDocument();
  });

  it('checks the fields, registers in the tenant, signs in and opens the home page', async () => {
    const { user, router } = open('/register', () => ok(TOKENS));
    const submit = await screen.findByRole('button', { name: '注 册' });
    expect(screen.getByText('密码长度为 8-16 位，须同时包含字母和数字')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '账号' }), 'ab');
    await user.type(screen.getByLabelText('密码', { exact: true }), 'abcdefgh');
    await user.type(screen.getByLabelText('确认密码'), 'abcdefg');
    await user.click(submit);
    expect(screen.getByText('账号由 4-16 位数字、字母组成')).toBeInTheDocument();
    expect(screen.getByText('请输入昵称')).toBeInTheDocument();
    expect(screen.getByText('密码长度为 8-16 位，须同时包含字母和数字')).toBeInTheDocument();
    expect(screen.getByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(calls('/auth/register')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: '账号' }), 'cd01');
    await user.type(screen.getByRole('textbox', { name: '昵称' }), '新同事');
    await user.clear(screen.getByLabelText('密码', { exact: true }));
    await user.type(screen.getByLabelText('密码', { exact: true }), 'abc12345');
    await user.clear(screen.getByLabelText('确认密码'));
    await user.type(screen.getByLabelText('确认密码'), 'abc12345');
    await user.click(submit);
    expect(await screen.findByText('根页面')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls('/auth/register')[0]!.body).toEqual({
      tenantName: '默认租户',
      username: 'abcd01',
      nickname: '新同事',
      password: 'abc12345',
    });
    expect(localStorage.getItem(STORAGE_KEYS.ACCESS_TOKEN)).toBe('access-7');
    expect(localStorage.getItem(STORAGE_KEYS.TENANT_ID)).toBe('1');
  });

  it('shows the server’s refusal and an unknown tenant', async () => {
    const { user } = open('/register', () => fail(1_002_003_000, '用户账号已经存在'));
    const submit = await screen.findByRole('button', { name: '注 册' });
    await user.type(screen.getByRole('textbox', { name: '账号' }), 'admin');
    await user.type(screen.getByRole('textbox', { name: '昵称' }), '管理员');
    await user.type(screen.getByLabelText('密码', { exact: true }), 'abc12345');
    await user.type(screen.getByLabelText('确认密码'), 'abc12345');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('用户账号已经存在');

    const tenant = screen.getByRole('textbox', { name: '租户' });
    await user.clear(tenant);
    await user.type(tenant, '没有的租户');
    await user.click(submit);
    expect(await screen.findByText('租户不存在')).toBeInTheDocument();
    expect(calls('/auth/register')).toHaveLength(1);
  });
});
