import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from './fixtures';

export const SCREENSHOTS = new URL('../screenshots/', import.meta.url).pathname;

/** Signs in through the login page (the path redirects to it) and clicks 登录; the sign-in specs use it. */
export const signInWithForm = async (
  page: Page,
  username = 'admin',
  password = 'admin123',
  path = '/index',
) => {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('textbox', { name: '账号' }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
};

/** What the login page keeps after a sign-in with 记住我 off (packages/web/src/shared/auth/storage.ts). */
const storeSession = (session: { accessToken: string; refreshToken: string }) => {
  localStorage.setItem('ACCESS_TOKEN', session.accessToken);
  localStorage.setItem('REFRESH_TOKEN', session.refreshToken);
  localStorage.setItem('TENANT_ID', '1');
  localStorage.setItem('TENANT_NAME', '默认租户');
  for (const key of ['USERNAME', 'REMEMBER_ME', 'PASSWORD']) localStorage.removeItem(key);
  sessionStorage.setItem('LOGIN_TIME', String(Date.now()));
};

const BLANK_PAGE = '/e2e-sign-in';

/**
 * Signs in and opens `path` (the home page by default), as the login page would leave it: the
 * account signs in through the API (the server sees the same sign-in as from the page: checks,
 * login log, tokens), the tokens go into the page's storage, and the path opens signed in. The
 * login page itself is left to the sign-in specs (`signInWithForm`). When the server refuses the
 * account, the sign-in goes through the login page instead, which then shows the server's message.
 */
export const signIn = async (page: Page, username = 'admin', password = 'admin123', path = '/index') => {
  // A full address signs in at a server of a spec's own (startServer); a path at the worker's.
  const origin = path.startsWith('http') ? new URL(path).origin : '';
  const response = await page.request.post(`${origin}/admin-api/system/auth/login`, {
    headers: { 'tenant-id': '1' },
    data: { username: username.trim(), password },
  });
  const body = (await response.json()) as {
    code: number;
    data: { accessToken: string; refreshToken: string } | null;
  };
  if (body.code !== 0 || !body.data) return signInWithForm(page, username, password, path);
  // A blank page of the same origin, served by the browser itself (no request reaches the server,
  // no favicon is asked for), to write the app's storage before it starts.
  const blank = origin + BLANK_PAGE;
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }),
  );
  await page.goto(blank);
  await page.evaluate(storeSession, body.data);
  await page.unroute(blank);
  await page.goto(path);
};

/**
 * Starts a server of a spec's own beside the shared e2e servers, for settings they do not have:
 * the built server on a throwaway SQLite file, with `env` over the shared servers' settings.
 * Resolves once it answers; the spec kills it in afterAll.
 */
export const startServer = async (port: number, env: Record<string, string> = {}): Promise<ChildProcess> => {
  const server = spawn('node', ['packages/server/dist/main.js'], {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), `admin-e2e-${port}-`)),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      CAPTCHA_ENABLED: 'false',
      ...env,
    },
  });
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/admin-api/system/tenant/get-id-by-name?name=x`).then(
      (r) => r.ok,
      () => false,
    );
  await expect.poll(answers, { timeout: 30_000 }).toBe(true);
  return server;
};

export const sidebar = (page: Page) => page.getByRole('navigation', { name: '侧边菜单' });

/**
 * Expects antd's message `text` among the messages no earlier call has checked, then marks every
 * message on screen as checked: an identical message of a step before, still fading, never passes
 * for this step's.
 */
export async function expectMessage(page: Page, text: string): Promise<void> {
  const messages = page.locator('.ant-message');
  const fresh = messages.getByText(text, { exact: true }).and(page.locator(':not([data-checked])'));
  await expect(fresh.first()).toBeVisible();
  await messages.evaluateAll((roots) =>
    roots.forEach((root) =>
      root.querySelectorAll('*').forEach((node) => node.setAttribute('data-checked', '')),
    ),
  );
}

/** Calls the admin API as the holder of `token` (tenant 1) and returns the envelope's data. */
export const adminApi = async <T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> => {
  const res = await request.fetch(`/admin-api${path}`, {
    method,
    headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(0);
  return body.data;
};
