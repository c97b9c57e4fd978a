import type { Endpoint } from '@app/contract';
import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { delay, fail, mockFeedback, ok, stubHttp } from '../../test/http-stub';
import type { StubHandler } from '../../test/http-stub';
import { getAccessToken, getRefreshToken, setTenantId, setToken, STORAGE_KEYS } from '../auth/storage';
import { reloadToIndex } from '../navigation/reload';
import { ApiError, SESSION_EXPIRED_MESSAGE } from './errors';
import { http } from './http';
import { request } from './request';

vi.mock('../navigation/reload', () => ({ reloadToIndex: vi.fn() }));

const getThing = { method: 'GET', path: '/system/thing/get' } as unknown as Endpoint;
const createThing = { method: 'POST', path: '/system/thing/create' } as unknown as Endpoint;

let feedback: ReturnType<typeof mockFeedback>;
let stub: ReturnType<typeof stubHttp> | null = null;
const useHandler = (handler: StubHandler) => {
  stub = stubHttp(handler);
  return stub;
};

beforeEach(() => {
  feedback = mockFeedback();
  vi.mocked(reloadToIndex).mockClear();
});

afterEach(() => {
  stub?.restore();
  stub = null;
});

const REFRESH_PATH = '/admin-api/system/auth/refresh-token';
const newTokens = { userId: 1, accessToken: 'access-new', refreshToken: 'refresh-new', expiresTime: 0 };

describe('request helper and envelope', () => {
  it('resolves with data for code 0 and code 200, and calls the endpoint under /admin-api/', async () => {
    const { calls } = useHandler((call) =>
      call.query.get('n') === '1' ? ok('zero') : { code: 200, data: 'two' },
    );
    await expect(request(getThing, { query: { n: 1 } })).resolves.toBe('zero');
    await expect(request(getThing, { query: { n: 2 } })).resolves.toBe('two');
    expect(calls[0]!.path).toBe('/admin-api/system/thing/get');
    expect(calls[0]!.method).toBe('GET');
  });

  it('sends the body as JSON', async () => {
    const { calls } = useHandler(() => ok(true));
    await request(createThing, { body: { name: '张三' } });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.body).toEqual({ name: '张三' });
    expect(calls[0]!.headers['Content-Type']).toContain('application/json');
  });

  it('flattens GET params: nested objects as key[sub], arrays repeated, null dropped', async () => {
    const { calls } = useHandler(() => ok(null));
    await request(getThing, { query: { ids: [1, 2], filter: { status: 0, name: null }, empty: undefined } });
    expect(decodeURIComponent(calls[0]!.url)).toBe(
      '/admin-api/system/thing/get?ids=1&ids=2&filter[status]=0',
    );
  });
});

describe('headers', () => {
  it('adds the bearer token and the tenant-id header', async () => {
    setToken({ accessToken: 'abc', refreshToken: 'r' });
    setTenantId(7);
    const { calls } = useHandler(() => ok(null));
    await request(getThing);
    expect(calls[0]!.headers.Authorization).toBe('Bearer abc');
    expect(calls[0]!.headers['tenant-id']).toBe('7');
  });

  it('sends the default tenant id 1 when none is stored', async () => {
    const { calls } = useHandler(() => ok(null));
    await request(getThing);
    expect(calls[0]!.headers['tenant-id']).toBe('1');
  });

  it('omits the token (and the isToken flag) when the request opts out', async () => {
    setToken({ accessToken: 'abc', refreshToken: 'r' });
    const { calls } = useHandler(() => ok(null));
    await request(getThing, { isToken: false });
    await http.get('/system/raw', { headers: { isToken: false } });
    for (const call of calls) {
      expect(call.headers.Authorization).toBeUndefined();
      expect(call.headers.isToken).toBeUndefined();
      expect(call.headers['tenant-id']).toBe('1');
    }
  });

  it('sends no tenant-id header when multi-tenancy is off', async () => {
    vi.stubEnv('VITE_TENANT_ENABLE', 'false');
    vi.resetModules();
    const fresh = await import('./http');
    const calls: string[] = [];
    fresh.http.defaults.adapter = async (config) => {
      calls.push(String(config.headers['tenant-id']));
      return { data: ok(null), status: 200, statusText: 'OK', headers: {}, config, request: {} };
    };
    await fresh.http.get('/system/x');
    expect(calls).toEqual(['undefined']);
  });
});

describe('error catalogue', () => {
  it('500: error toast with the message, rejected', async () => {
    useHandler(() => fail(500, '系统异常'));
    const error = await request(getThing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '系统异常', code: 500, shown: true });
    expect(feedback.message.error).toHaveBeenCalledExactlyOnceWith('系统异常');
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });

  it('501: persistent error toast (duration 0)', async () => {
    useHandler(() => fail(501, '功能未开启'));
    await expect(request(getThing)).rejects.toThrow('功能未开启');
    expect(feedback.message.error).toHaveBeenCalledExactlyOnceWith({ content: '功能未开启', duration: 0 });
  });

  it('901: persistent toast with React content about demo mode', async () => {
    const { render, screen } = await import('@testing-library/react');
    useHandler(() => fail(901, '<b>不会被当作 HTML</b>'));
    await expect(request(createThing)).rejects.toBeInstanceOf(ApiError);
    expect(feedback.message.error).toHaveBeenCalledTimes(1);
    const arg = feedback.message.error.mock.calls[0]![0] as { content: React.ReactElement; duration: number };
    expect(arg.duration).toBe(0);
    render(arg.content);
    expect(screen.getByText('演示模式，禁止写操作')).toBeInTheDocument();
  });

  it('any other code: error notification titled with msg, rejected', async () => {
    useHandler(() => fail(1_002_000_000, '登录失败，账号密码不正确'));
    await expect(request(createThing)).rejects.toMatchObject({ code: 1_002_000_000 });
    expect(feedback.notification.error).toHaveBeenCalledExactlyOnceWith({
      title: '登录失败，账号密码不正确',
      closable: { 'aria-label': '关闭通知' },
    });
    expect(feedback.message.error).not.toHaveBeenCalled();
  });

  it('uses the default texts when msg is empty', async () => {
    const codes: Record<string, number> = { a: 403, b: 404, c: 418 };
    useHandler((call) => fail(codes[call.query.get('k')!]!));
    await expect(request(getThing, { query: { k: 'a' } })).rejects.toThrow('当前操作没有权限');
    await expect(request(getThing, { query: { k: 'b' } })).rejects.toThrow('访问资源不存在');
    await expect(request(getThing, { query: { k: 'c' } })).rejects.toThrow('系统未知错误，请反馈给管理员');
    expect(feedback.notification.error.mock.calls.map((c) => (c[0] as { title: string }).title)).toEqual([
      '当前操作没有权限',
      '访问资源不存在',
      '系统未知错误，请反馈给管理员',
    ]);
  });

  it('401 without a refresh token rejects as an expired session, without a notification', async () => {
    useHandler(() => fail(401));
    await expect(request(getThing)).rejects.toMatchObject({
      sessionExpired: true,
      message: SESSION_EXPIRED_MESSAGE,
    });
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });

  it.each([
    ['Network Error', 'ERR_NETWORK', '后端接口连接异常'],
    ['timeout of 30000ms exceeded', 'ECONNABORTED', '系统接口请求超时'],
    ['Request failed with status code 502', 'ERR_BAD_RESPONSE', '系统接口502异常'],
  ])('transport error %s → %s, shown 5 s', async (raw, code, text) => {
    useHandler((call) => {
      throw new AxiosError(raw, code, call.config);
    });
    await expect(request(getThing)).rejects.toMatchObject({ message: text });
    expect(feedback.message.error).toHaveBeenCalledExactlyOnceWith({ content: text, duration: 5 });
  });

  it('showError: false rejects without showing anything', async () => {
    useHandler((call) => {
      if (call.query.get('net')) throw new AxiosError('Network Error', 'ERR_NETWORK', call.config);
      return fail(Number(call.query.get('code')), '出错了');
    });
    for (const code of [500, 501, 901, 1_000]) {
      await expect(request(getThing, { query: { code }, showError: false })).rejects.toMatchObject({
        shown: false,
      });
    }
    await expect(request(getThing, { query: { net: 1 }, showError: false })).rejects.toThrow(
      '后端接口连接异常',
    );
    expect(feedback.message.error).not.toHaveBeenCalled();
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });

  it('returns a non-JSON blob as is, and checks a JSON blob like an envelope', async () => {
    const file = new Blob(['a,b\n1,2'], { type: 'text/csv' });
    useHandler((call) =>
      call.query.get('bad')
        ? new Blob([JSON.stringify(fail(500, '导出失败'))], { type: 'application/json' })
        : file,
    );
    await expect(request(getThing, { responseType: 'blob' })).resolves.toBe(file);
    await expect(request(getThing, { query: { bad: 1 }, responseType: 'blob' })).rejects.toThrow('导出失败');
    expect(feedback.message.error).toHaveBeenCalledExactlyOnceWith('导出失败');
  });
});

describe('401: token refresh', () => {
  it('20 concurrent 401s cause exactly one refresh; all are replayed with the new token and resolve', async () => {
    setToken({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    const { calls } = useHandler(async (call) => {
      if (call.path === REFRESH_PATH) {
        await delay(10);
        return ok(newTokens);
      }
      await delay(1);
      return call.headers.Authorization === 'Bearer access-new'
        ? ok(Number(call.query.get('n')))
        : fail(401, '账号未登录');
    });

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => request(getThing, { query: { n } })),
    );

    expect(results).toEqual(Array.from({ length: 20 }, (_, n) => n));
    const refreshCalls = calls.filter((c) => c.path === REFRESH_PATH);
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]!.method).toBe('POST');
    expect(refreshCalls[0]!.query.get('refreshToken')).toBe('refresh-old');
    expect(refreshCalls[0]!.headers.Authorization).toBeUndefined();
    const replays = calls.filter((c) => c.headers.Authorization === 'Bearer access-new');
    expect(replays).toHaveLength(20);
    expect(calls.filter((c) => c.headers.Authorization === 'Bearer access-old')).toHaveLength(20);
    expect(getAccessToken()).toBe('access-new');
    expect(getRefreshToken()).toBe('refresh-new');
    expect(feedback.modal.confirm).not.toHaveBeenCalled();
    expect(feedback.notification.error).not.toHaveBeenCalled();
    expect(feedback.message.error).not.toHaveBeenCalled();
  });

  it('a request issued while the refresh is in flight waits and goes out with the new token', async () => {
    setToken({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { calls } = useHandler(async (call) => {
      if (call.path === REFRESH_PATH) {
        await refreshGate;
        return ok(newTokens);
      }
      return call.headers.Authorization === 'Bearer access-new' ? ok(call.query.get('n')) : fail(401);
    });

    const first = request(getThing, { query: { n: 'first' } });
    await vi.waitFor(() => expect(calls.some((c) => c.path === REFRESH_PATH)).toBe(true));
    const late = request(getThing, { query: { n: 'late' } });
    await delay(5);
    expect(calls.filter((c) => c.query.get('n') === 'late')).toHaveLength(0);
    releaseRefresh();

    await expect(Promise.all([first, late])).resolves.toEqual(['first', 'late']);
    const lateCalls = calls.filter((c) => c.query.get('n') === 'late');
    expect(lateCalls.map((c) => c.headers.Authorization)).toEqual(['Bearer access-new']);
    expect(calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1);
  });

  it.each([
    [400, '无效的刷新令牌'],
    [401, '刷新令牌已过期'],
  ])('refresh failing with %s %s: all 20 reject, one dialog, no toast', async (code, msg) => {
    setToken({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    const { calls } = useHandler(async (call) => {
      await delay(1);
      return call.path === REFRESH_PATH ? fail(code, msg) : fail(401, '账号未登录');
    });

    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => request(getThing, { query: { n } })),
    );

    expect(settled.every((r) => r.status === 'rejected')).toBe(true);
    for (const r of settled) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        sessionExpired: true,
        message: SESSION_EXPIRED_MESSAGE,
      });
    }
    expect(calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1);
    expect(feedback.modal.confirm).toHaveBeenCalledTimes(1);
    expect(feedback.modal.confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: '系统提示',
        content: '登录状态已过期，您可以继续留在该页面，或者重新登录',
        okText: '重新登录',
        cancelText: '取消',
      }),
    );
    expect(feedback.message.error).not.toHaveBeenCalled();
    expect(feedback.notification.error).not.toHaveBeenCalled();
    // The tokens stay until the user chooses to sign in again.
    expect(getAccessToken()).toBe('access-old');
  });

  it('without a refresh token: no refresh call, all reject, one dialog', async () => {
    window.localStorage.setItem(STORAGE_KEYS.ACCESS_TOKEN, 'access-old');
    const { calls } = useHandler(() => fail(401, '账号未登录'));
    const settled = await Promise.allSettled(Array.from({ length: 5 }, () => request(getThing)));
    expect(settled.every((r) => r.status === 'rejected')).toBe(true);
    expect(calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(0);
    expect(feedback.modal.confirm).toHaveBeenCalledTimes(1);
  });

  it('re-login: ok clears the tokens and reloads to the index page; the dialog can show again after closing', async () => {
    setToken({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    useHandler((call) => (call.path === REFRESH_PATH ? fail(400, '无效的刷新令牌') : fail(401)));
    await expect(request(getThing)).rejects.toBeInstanceOf(ApiError);
    const options = feedback.modal.confirm.mock.calls[0]![0] as { onOk: () => void; afterClose: () => void };

    options.onOk();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(reloadToIndex).toHaveBeenCalledTimes(1);

    options.afterClose();
    setToken({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    await expect(request(getThing)).rejects.toBeInstanceOf(ApiError);
    expect(feedback.modal.confirm).toHaveBeenCalledTimes(2);
  });

  it('reloginDialog: false rejects without the dialog', async () => {
    setToken({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    useHandler((call) => (call.path === REFRESH_PATH ? fail(400, '无效的刷新令牌') : fail(401)));
    await expect(request(getThing, { reloginDialog: false })).rejects.toMatchObject({ sessionExpired: true });
    expect(feedback.modal.confirm).not.toHaveBeenCalled();
  });

  it('a replay that gets 401 again ends the session instead of refreshing forever', async () => {
    setToken({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    const { calls } = useHandler((call) => (call.path === REFRESH_PATH ? ok(newTokens) : fail(401)));
    await expect(request(getThing)).rejects.toMatchObject({ sessionExpired: true });
    expect(calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1);
    expect(calls).toHaveLength(3);
    expect(feedback.modal.confirm).toHaveBeenCalledTimes(1);
  });
});
