import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from './fixtures';
import { expect, test } from './fixtures';
import { confirmDialog, dialog, OK, rowOf } from './bpm-manage-helpers';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';
import { apiLogin } from './notify-helpers';

const APP = 'https://app.example.com';
const CALLBACK = `${APP}/callback`;
const SEARCH = /搜\s*索/;

const ssoPath = (state: string, scope: string) =>
  `/sso?${new URLSearchParams({ response_type: 'code', client_id: 'e2e-app', redirect_uri: CALLBACK, state, scope })}`;

/** The third-party application: its callback answers here in place of a real site. */
const serveCallback = (page: Page) =>
  page.route(`${APP}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><title>回调</title><p>第三方应用</p>',
    }),
  );

/** The client the /sso tests authorize, created once through the API. */
const ensureClient = async (request: APIRequestContext) => {
  const token = await apiLogin(request);
  const res = await request.post('/admin-api/system/oauth2-client/create', {
    headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
    data: {
      clientId: 'e2e-app',
      secret: 'e2e-secret',
      name: 'E2E 商城',
      logo: '',
      description: null,
      status: 0,
      accessTokenValiditySeconds: 600,
      refreshTokenValiditySeconds: 3600,
      redirectUris: [CALLBACK],
      authorizedGrantTypes: ['authorization_code', 'refresh_token'],
      scopes: ['user.read', 'user.write'],
      autoApproveScopes: [],
      authorities: [],
      resourceIds: [],
      additionalInformation: null,
      pkceRequired: false,
    },
  });
  const body = (await res.json()) as { code: number; msg: string };
  expect([0, 1_002_020_001], body.msg).toContain(body.code);
};

const callbackParams = (page: Page) => new URL(page.url()).searchParams;

// The consent page's variants (scopes offered and checked, denial, missing parameters, a refused
// request) are proven in features/oauth2/sso-page.test.tsx; this journey runs the real grant.
test('/sso: sign in, approve the checked scope and return with code and state; approved scopes pass at once; a denial and a bad redirect_uri', async ({
  page,
  request,
}) => {
  await ensureClient(request);
  await serveCallback(page);
  await signIn(page, 'admin', 'admin123', ssoPath('st-approve', 'user.read user.write'));
  await expect(page).toHaveURL(/\/sso\?/);
  const card = page.getByRole('region', { name: '三方授权' });
  await expect(card).toContainText('三方授权（E2E 商城）');
  await expect(card).toContainText('此第三方应用请求获得以下权限：');
  const approve = card.getByRole('button', { name: '同意授权' });
  await expect(approve).toBeDisabled();
  await card.getByRole('checkbox', { name: '访问你的个人信息' }).check();
  await expect(card.getByRole('checkbox', { name: '修改你的个人信息' })).not.toBeChecked();
  await expect(approve).toBeEnabled();
  await page.screenshot({ path: `${SCREENSHOTS}oauth2-sso-consent.png` });
  await approve.click();
  await page.waitForURL(`${CALLBACK}?**`);
  expect(callbackParams(page).get('code')).toMatch(/^[0-9a-f]{32}$/);
  expect(callbackParams(page).get('state')).toBe('st-approve');
  await expect(page.getByText('第三方应用')).toBeVisible();

  // user.read is approved now: no page to answer, straight back to the application.
  await page.goto(ssoPath('st-auto', 'user.read'));
  await page.waitForURL(`${CALLBACK}?**`);
  expect(callbackParams(page).get('code')).toMatch(/^[0-9a-f]{32}$/);
  expect(callbackParams(page).get('state')).toBe('st-auto');

  await page.goto(ssoPath('st-deny', 'user.write'));
  await expect(card.getByRole('checkbox', { name: '修改你的个人信息' })).toBeVisible();
  await card.getByRole('button', { name: '拒绝' }).click();
  await page.waitForURL(`${CALLBACK}?**`);
  expect(page.url()).toBe(
    `${CALLBACK}?error=access_denied&error_description=User%20denied%20access&state=st-deny`,
  );

  // The server refuses an address the client did not register.
  await page.goto(
    `/sso?${new URLSearchParams({ response_type: 'code', client_id: 'e2e-app', redirect_uri: `${APP}/evil`, scope: 'user.read' })}`,
  );
  await expect(page.getByText('无法完成授权')).toBeVisible();
  await expect(page.getByText(`无效 redirect_uri: ${APP}/evil`)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}oauth2-sso-error.png` });
});

test('应用管理: create a client, find it, edit it, delete it', async ({ page }) => {
  await signIn(page, 'admin', 'admin123', '/system/oauth2/oauth2/application');
  await expect(page).toHaveURL('/system/oauth2/oauth2/application');
  await expect(rowOf(page, '后台管理系统')).toContainText('1800 秒');

  // The dialog's checks: features/oauth2/oauth2-client-page.test.tsx.
  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加 OAuth2 客户端');
  await create.getByLabel('客户端编号').fill('e2e-crm');
  await create.getByLabel('客户端密钥').fill('crm-secret');
  await create.getByLabel('应用名').fill('E2E 客户关系');
  await create.getByLabel('授权类型').click();
  await page
    .locator('.ant-select-dropdown:visible')
    .getByTitle('authorization_code', { exact: true })
    .click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('refresh_token', { exact: true }).click();
  await create.getByLabel('应用名').click();
  await create.getByLabel('可重定向的 URI 地址').fill('https://crm.example.com/cb');
  await create.getByLabel('可重定向的 URI 地址').press('Enter');
  await create.getByLabel('授权范围', { exact: true }).fill('user.read');
  await create.getByLabel('授权范围', { exact: true }).press('Enter');
  await create.getByLabel('附加信息').fill('{"owner":"e2e"}');
  await page.screenshot({ path: `${SCREENSHOTS}oauth2-client-dialog.png` });
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  const search = page.locator('.list-search');
  await search.getByPlaceholder('请输入应用名').fill('E2E 客户');
  await search.getByRole('button', { name: SEARCH }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row:visible')).toHaveCount(1);
  await expect(rowOf(page, 'e2e-crm')).toContainText('authorization_code');
  await page.screenshot({ path: `${SCREENSHOTS}oauth2-client-page.png` });

  await rowOf(page, 'e2e-crm').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改 OAuth2 客户端');
  await expect(edit.getByLabel('客户端密钥')).toHaveValue('crm-secret');
  await edit.getByLabel('应用名').fill('E2E 客户关系二');
  await edit.getByText('关闭', { exact: true }).click();
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await search.getByPlaceholder('请输入应用名').fill('E2E 客户关系二');
  await search.getByRole('button', { name: SEARCH }).click();
  await expect(rowOf(page, 'e2e-crm')).toContainText('关闭');

  await rowOf(page, 'e2e-crm').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除客户端编号为"e2e-crm"的数据项?');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(page.locator('.ant-table-tbody')).toContainText('暂无 OAuth2 客户端');
});

test('令牌管理: list the tokens and 强退 one', async ({ page, request }) => {
  const victim = await apiLogin(request, 'operator', 'operator123');
  const digest = createHash('sha256').update(victim).digest('hex');
  await signIn(page, 'admin', 'admin123', '/system/oauth2/token');
  await expect(page).toHaveURL('/system/oauth2/token');
  const search = page.locator('.list-search');
  await search.getByPlaceholder('请输入用户编号').fill('2');
  await search.getByRole('button', { name: SEARCH }).click();
  const row = rowOf(page, digest.slice(0, 16));
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('default');
  // The digests are shortened; their copy buttons carry the whole value.
  await expect(row.getByRole('button', { name: '复制' })).toHaveCount(2);
  await page.screenshot({ path: `${SCREENSHOTS}oauth2-token-page.png` });

  await row.getByRole('button', { name: '强退' }).click();
  await expect(confirmDialog(page)).toContainText(digest);
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '强退成功');
  await expect(rowOf(page, digest.slice(0, 16))).toHaveCount(0);
  const res = await request.get('/admin-api/system/auth/get-permission-info', {
    headers: { 'tenant-id': '1', authorization: `Bearer ${victim}` },
  });
  expect(((await res.json()) as { code: number }).code).toBe(401);
});
