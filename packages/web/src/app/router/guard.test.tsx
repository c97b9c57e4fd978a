import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, setToken } from '../../shared/auth/storage';
import { useDictStore } from '../../shared/dict';
import { reloadToIndex } from '../../shared/navigation/reload';
import { useSessionStore } from '../../shared/session';
import { setFeedbackApi } from '../../shared/ui/feedback';
import { PAGES, PERMISSION_INFO } from '../../test/fixtures';
import { fail, ok, stubHttp } from '../../test/http-stub';
import type { StubHandler } from '../../test/http-stub';
import { createGuardLoader } from './guard';
import type { AppRouter } from './guard';
import { createRoutes } from './routes';

vi.mock('../../shared/navigation/reload', () => ({ reloadToIndex: vi.fn() }));

const DICTS = [{ dictType: 'common_status', value: '0', label: '开启', colorType: 'primary', cssClass: '' }];

const serverApi: StubHandler = (call) => {
  if (call.path.endsWith('/system/auth/get-permission-info')) return ok(PERMISSION_INFO);
  if (call.path.endsWith('/system/dict-data/list-all-simple')) return ok(DICTS);
  if (call.path.endsWith('/system/auth/logout')) return ok(true);
  return fail(404);
};

let stub: ReturnType<typeof stubHttp>;

const start = (path: string, handler: StubHandler = serverApi) => {
  stub = stubHttp(handler);
  const holder: { router?: AppRouter } = {};
  const guard = createGuardLoader({ basename: '/', getRouter: () => holder.router, pageMap: PAGES });
  const router = createMemoryRouter(createRoutes(guard), { initialEntries: [path] });
  holder.router = router;
  render(
    // Without motion, closed antd overlays leave the DOM at once (the layout's antd theme inherits it).
    <ConfigProvider theme={{ token: { motion: false } }}>
      <RouterProvider router={router} />
    </ConfigProvider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, location };
};

const signIn = () => setToken({ accessToken: 'access', refreshToken: 'refresh' });
const permissionInfoCalls = () => stub.calls.filter((c) => c.path.endsWith('/get-permission-info'));

beforeEach(() => {
  setFeedbackApi(null);
  vi.mocked(reloadToIndex).mockClear();
});

afterEach(() => {
  stub.restore();
  useSessionStore.getState().reset();
  useDictStore.getState().reset();
});

describe('route guard without a token', () => {
  it('sends any page to /login with the encoded full path as redirect', async () => {
    const { location } = start(`/system/user?status=0&name=${encodeURIComponent('张三')}`);
    await screen.findByRole('button', { name: '登 录' });
    const target = `/system/user?status=0&name=${encodeURIComponent('张三')}`;
    expect(location()).toBe(`/login?redirect=${encodeURIComponent(target)}`);
    // Nothing but the login page's own look-ups as it shows (captcha flag, login options, prefilled tenant).
    const lookups = [
      '/admin-api/system/captcha/enabled',
      '/admin-api/system/auth/login-options',
      '/admin-api/system/tenant/get-id-by-name',
    ];
    expect(stub.calls.filter((call) => !lookups.includes(call.path))).toHaveLength(0);
  });

  it('sends the root to /login?redirect=%2F and shows the login page', async () => {
    const { location } = start('/');
    await screen.findByRole('button', { name: '登 录' });
    expect(location()).toBe('/login?redirect=%2F');
    // Dynamic title is off by default: the document title is the product name alone.
    expect(document.title).toBe('后台管理系统');
  });

  it('lets white-listed pages through', async () => {
    const { location } = start('/login');
    await screen.findByRole('button', { name: '登 录' });
    expect(location()).toBe('/login');
  });
});

describe('route guard with a token', () => {
  it('a signed-in user opening /login goes to / and on to the home page', async () => {
    signIn();
    const { location } = start('/login');
    expect(await screen.findByRole('heading', { name: /芋道源码/ })).toBeInTheDocument();
    expect(location()).toBe('/index');
    // Dynamic title is off by default: the document title is the product name alone.
    expect(document.title).toBe('后台管理系统');
  });

  it('a signed-in user opening /login?redirect= goes to the redirect target', async () => {
    signIn();
    const { location } = start(`/login?redirect=${encodeURIComponent('/system/user?x=1')}`);
    expect(await screen.findByText('用户列表页面')).toBeInTheDocument();
    expect(location()).toBe('/system/user?x=1');
  });

  it('loads permission info and dictionaries once, adds the menu routes and continues to the target', async () => {
    signIn();
    const { router, location } = start('/system/user');
    expect(await screen.findByText('用户列表页面')).toBeInTheDocument();
    expect(location()).toBe('/system/user');
    expect(permissionInfoCalls()).toHaveLength(1);
    expect(permissionInfoCalls()[0]!.headers.Authorization).toBe('Bearer access');
    expect(useSessionStore.getState().roles).toEqual(['super_admin']);
    expect(useDictStore.getState().dictMap.common_status).toHaveLength(1);
    // Dynamic title is off by default: the document title is the product name alone.
    expect(document.title).toBe('后台管理系统');

    // The sidebar shows the server menus; moving on does not load the session again.
    const sidebar = screen.getByRole('navigation', { name: '侧边菜单' });
    expect(within(sidebar).getByRole('link', { name: '首页' })).toBeInTheDocument();
    expect(within(sidebar).getByText('系统管理')).toBeInTheDocument();
    await router.navigate('/index');
    expect(await screen.findByRole('heading', { name: /芋道源码/ })).toBeInTheDocument();
    expect(permissionInfoCalls()).toHaveLength(1);
  });

  it("keeps the address bar's hash (a list's state) through the first load", async () => {
    signIn();
    window.history.replaceState(null, '', '/system/user#pageNo=2');
    const { router } = start('/system/user');
    expect(await screen.findByText('用户列表页面')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#pageNo=2');
    window.history.replaceState(null, '', '/');
  });

  it('uses ROLE_DEFAULT for a user without roles', async () => {
    signIn();
    start('/index', (call) =>
      call.path.endsWith('/get-permission-info') ? ok({ ...PERMISSION_INFO, roles: [] }) : serverApi(call),
    );
    expect(await screen.findByRole('heading', { name: /芋道源码/ })).toBeInTheDocument();
    expect(useSessionStore.getState().roles).toEqual(['ROLE_DEFAULT']);
  });

  it('redirects unknown paths to /404', async () => {
    signIn();
    const { location, router } = start('/no/such/page');
    expect(await screen.findByText(/您访问的页面不存在/)).toBeInTheDocument();
    expect(location()).toBe('/404');
    await router.navigate('/still/unknown');
    await waitFor(() => expect(location()).toBe('/404'));
  });

  it('shows the 401 page', async () => {
    signIn();
    start('/401');
    expect(await screen.findByText(/您没有访问该页面的权限/)).toBeInTheDocument();
  });

  it('a menu without a page in this build shows 页面不存在, not a crash', async () => {
    signIn();
    start('/system/dict');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    expect(screen.getByText('system/dict/index')).toBeInTheDocument();
  });

  it('refreshes through /redirect/<path>, keeping the query', async () => {
    signIn();
    const { router, location } = start('/system/user?page=2');
    await screen.findByText('用户列表页面');
    await router.navigate('/redirect/system/user?page=2');
    await waitFor(() => expect(location()).toBe('/system/user?page=2'));
    expect(await screen.findByText('用户列表页面')).toBeInTheDocument();
  });

  it('on permission-info failure: clears the tokens, shows the error, goes to / (and so to login)', async () => {
    signIn();
    const { location } = start('/system/user', (call) =>
      call.path.endsWith('/get-permission-info') ? fail(500, '系统异常：用户信息加载失败') : serverApi(call),
    );
    await screen.findByRole('button', { name: '登 录' });
    expect(location()).toBe('/login?redirect=%2F');
    expect(getAccessToken()).toBeNull();
    expect(await screen.findByText('系统异常：用户信息加载失败')).toBeInTheDocument();
    expect(screen.getAllByText('系统异常：用户信息加载失败')).toHaveLength(1);
    expect(useSessionStore.getState().roles).toEqual([]);
  });

  it('an expired session during loading goes to login without the re-login dialog', async () => {
    signIn();
    const { location } = start('/index', (call) => {
      if (call.path.endsWith('/refresh-token')) return fail(401, '刷新令牌已过期');
      if (call.path.endsWith('/get-permission-info')) return fail(401, '账号未登录');
      return serverApi(call);
    });
    await screen.findByRole('button', { name: '登 录' });
    expect(location()).toBe('/login?redirect=%2F');
    expect(await screen.findByText('无效的会话，或者会话已过期，请重新登录。')).toBeInTheDocument();
    expect(screen.queryByText('系统提示')).not.toBeInTheDocument();
  });
});

describe('logout', () => {
  it('asks for confirmation; cancel does nothing, ok logs out and reloads to the index page', async () => {
    signIn();
    const user = userEvent.setup();
    start('/index');
    await screen.findByRole('heading', { name: /芋道源码/ });

    await user.click(screen.getByRole('button', { name: '用户菜单' }));
    await user.click(await screen.findByRole('menuitem', { name: /退出登录/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('提示', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(within(dialog).getByText('确定注销并退出系统吗？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('确定注销并退出系统吗？')).not.toBeInTheDocument());
    expect(stub.calls.some((c) => c.path.endsWith('/logout'))).toBe(false);
    expect(getAccessToken()).toBe('access');

    await user.click(screen.getByRole('button', { name: '用户菜单' }));
    await user.click(await screen.findByRole('menuitem', { name: /退出登录/ }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(reloadToIndex).toHaveBeenCalledTimes(1));
    const logout = stub.calls.find((c) => c.path.endsWith('/system/auth/logout'))!;
    expect(logout.method).toBe('POST');
    expect(logout.headers.Authorization).toBe('Bearer access');
    expect(getAccessToken()).toBeNull();
  });
});
