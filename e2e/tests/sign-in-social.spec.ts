import type { ChildProcess } from 'node:child_process';
import { serverPort, serverUrl } from '../servers';
import { confirmDialog, dialog, OK, rowOf } from './bpm-manage-helpers';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, sidebar, signInWithForm, startServer } from './helpers';
import { apiLogin } from './notify-helpers';

/*
 * Social sign-in against a real OAuth 2.0 provider: a second instance of this server (its own
 * database) whose /sso page and /system/oauth2/token and /system/oauth2/user/get endpoints the
 * console's generic OAuth 2.0 client (type 90) uses.
 */

// Set per worker in beforeAll: the console is this worker's server, the provider a port beside it.
let PROVIDER_PORT: number;
let PROVIDER: string;
let APP: string;
const CLIENT = { id: 'social-e2e', secret: 'social-e2e-secret' };
let provider: ChildProcess;

/** Calls the provider's admin API as its administrator. */
const providerApi = async (path: string, body: unknown) => {
  const login = (await (
    await fetch(`${PROVIDER}/admin-api/system/auth/login`, {
      method: 'POST',
      headers: { 'tenant-id': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    })
  ).json()) as { data: { accessToken: string } };
  const res = await fetch(`${PROVIDER}/admin-api${path}`, {
    method: 'POST',
    headers: {
      'tenant-id': '1',
      'content-type': 'application/json',
      authorization: `Bearer ${login.data.accessToken}`,
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string };
};

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern
test.beforeAll(async ({}, testInfo) => {
  APP = serverUrl(testInfo.parallelIndex);
  PROVIDER_PORT = serverPort(testInfo.parallelIndex) + 7;
  PROVIDER = `http://127.0.0.1:${PROVIDER_PORT}`;
  provider = await startServer(PROVIDER_PORT);
  // The console registered at the provider: its return addresses, user.read approved without asking.
  const created = await providerApi('/system/oauth2-client/create', {
    clientId: CLIENT.id,
    secret: CLIENT.secret,
    name: '后台管理系统（社交登录）',
    logo: '',
    description: null,
    status: 0,
    accessTokenValiditySeconds: 600,
    refreshTokenValiditySeconds: 3600,
    redirectUris: [
      `${APP}/social-login?type=90&redirect=%2F`,
      `${APP}/social-login?type=90&redirect=%2Findex`,
      `${APP}/bind?type=90`,
    ],
    authorizedGrantTypes: ['authorization_code'],
    scopes: ['user.read'],
    autoApproveScopes: ['user.read'],
    authorities: [],
    resourceIds: [],
    additionalInformation: null,
    pkceRequired: false,
  });
  expect(created.code, created.msg).toBe(0);
});

test.afterAll(() => {
  provider.kill();
});

/** The console's client of the provider, created once through the API. */
const ensureSocialClient = async (request: APIRequestContext) => {
  const token = await apiLogin(request);
  const res = await request.post('/admin-api/system/social-client/create', {
    headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
    data: {
      name: '统一认证',
      socialType: 90,
      userType: 2,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      status: 0,
      authorizeUrl: `${PROVIDER}/sso`,
      tokenUrl: `${PROVIDER}/admin-api/system/oauth2/token`,
      userInfoUrl: `${PROVIDER}/admin-api/system/oauth2/user/get`,
      scope: 'user.read',
    },
  });
  const body = (await res.json()) as { code: number; msg: string };
  expect([0, 1_002_018_211], body.msg).toContain(body.code);
};

/** Forgets the console's session (the provider's stays). */
const signOut = (page: Page) =>
  page.evaluate(() => {
    localStorage.removeItem('ACCESS_TOKEN');
    localStorage.removeItem('REFRESH_TOKEN');
  });

/** From the login page through the provider and back; signs in at the provider when it asks. */
const socialSignIn = async (page: Page) => {
  await page.goto('/login');
  await page.getByRole('button', { name: '使用统一认证账号' }).click();
  // The provider asks for its own sign-in once; after that it sends the browser straight back.
  const atProviderLogin = (url: URL) => url.origin === PROVIDER && url.pathname === '/login';
  await page.waitForURL((url) => atProviderLogin(url) || (url.origin === APP && url.pathname !== '/login'));
  if (atProviderLogin(new URL(page.url()))) {
    await page.getByRole('textbox', { name: '账号' }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('admin123');
    await page.getByRole('button', { name: /登\s*录/ }).click();
  }
  await page.waitForURL((url) => url.origin === APP && url.pathname !== '/login');
};

test('social sign-in: 未绑定账号 binds with the password, then signs in directly; unbinding removes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await ensureSocialClient(request);

  await page.goto('/login');
  await expect(page.getByRole('group', { name: '其他登录方式' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}social-login-buttons.png` });

  // First time: the provider's account is not bound to anyone here.
  await socialSignIn(page);
  await expect(page).toHaveURL(/\/social-login\?type=90&redirect=%2F&code=.+&state=.+/);
  await expect(page.getByText(/未绑定账号/)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}social-login-bind.png` });
  await page.getByRole('textbox', { name: '账号' }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('wrong123');
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page.getByRole('alert')).toContainText('登录失败，账号密码不正确');
  await page.getByLabel('密码', { exact: true }).fill('admin123');
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page).toHaveURL('/index');
  await expect(sidebar(page).getByText('系统管理', { exact: true })).toBeVisible();

  // Second time: signed in straight away, and the login log says how.
  await signOut(page);
  await socialSignIn(page);
  await expect(page).toHaveURL('/index');
  await expect(page.getByText('系统管理员').first()).toBeVisible();
  // Read with the session the social sign-in opened: its log entry is the latest.
  const token = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
  const logs = await request.get('/admin-api/system/login-log/page', {
    headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
    params: { username: 'admin' },
  });
  const page1 = (
    (await logs.json()) as { data: { list: { logType: number; username: string; result: number }[] } }
  ).data;
  expect(page1.list[0]).toMatchObject({ logType: 101, username: 'admin', result: 0 });

  // The personal centre shows the binding; unbinding it asks first.
  await page.goto('/user/profile');
  await page.getByRole('tab', { name: '社交信息' }).click();
  const row = rowOf(page, '统一认证');
  await expect(row).toContainText('已绑定（1）');
  await page.screenshot({ path: `${SCREENSHOTS}social-profile-bound.png` });
  await row.getByRole('button', { name: '解绑' }).click();
  await expect(confirmDialog(page)).toContainText('确定解绑统一认证账号吗？');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '解绑成功');
  await expect(row).toContainText('未绑定');

  await signOut(page);
  await socialSignIn(page);
  await expect(page.getByText(/未绑定账号/)).toBeVisible();

  // Bound again from the personal centre, through /bind.
  await signInWithForm(page, 'admin', 'admin123', '/user/profile');
  await page.getByRole('tab', { name: '社交信息' }).click();
  await rowOf(page, '统一认证').getByRole('button', { name: '绑定' }).click();
  await page.waitForURL(`${APP}/bind?**`);
  await expect(page.getByRole('status')).toContainText('绑定成功');
  await page.screenshot({ path: `${SCREENSHOTS}social-bind-done.png` });
  await page.getByRole('link', { name: '返回个人中心' }).click();
  await page.getByRole('tab', { name: '社交信息' }).click();
  await expect(rowOf(page, '统一认证')).toContainText('已绑定（1）');
});

test('社交客户端: create, edit keeping the secret, delete', async ({ page }) => {
  await signInWithForm(page, 'admin', 'admin123', '/system/social/client');
  await expect(page).toHaveURL('/system/social/client');
  await expect(sidebar(page).getByText('社交客户端')).toBeVisible();

  // The dialog's checks per platform: features/social/social-pages.test.tsx.
  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加社交客户端');
  await create.getByLabel('应用名').fill('企业微信扫码');
  await create.getByRole('radio', { name: '企业微信' }).check();
  await create.getByLabel('客户端编号').fill('wwe2ecorp');
  await create.getByLabel('客户端密钥').fill('wecom-secret');
  await create.getByLabel('agentId').fill('1000002');
  await page.screenshot({ path: `${SCREENSHOTS}social-client-dialog.png` });
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rowOf(page, 'wwe2ecorp')).toContainText('企业微信');
  await page.screenshot({ path: `${SCREENSHOTS}social-client-page.png` });

  await rowOf(page, 'wwe2ecorp').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改社交客户端');
  await expect(edit.getByLabel('客户端密钥')).toHaveValue('');
  await expect(edit).toContainText('密钥已加密保存，不修改请留空');
  await expect(edit.getByLabel('agentId')).toHaveValue('1000002');
  await edit.getByLabel('应用名').fill('企业微信登录');
  await edit.getByText('关闭', { exact: true }).click();
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'wwe2ecorp')).toContainText('企业微信登录');
  await expect(rowOf(page, 'wwe2ecorp')).toContainText('关闭');

  await rowOf(page, 'wwe2ecorp').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除社交客户端编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(rowOf(page, 'wwe2ecorp')).toHaveCount(0);
});
