import { randomBytes } from 'node:crypto';
import { adminApi } from './bpm-manage-helpers';
import { expect, test, type APIRequestContext } from './fixtures';
import { SCREENSHOTS, sidebar } from './helpers';
import { apiLogin } from './notify-helpers';

const KEY = 'system.user.register-enabled';

/** Opens or closes self-registration through the configuration API, as an administrator would. */
const setRegistration = async (request: APIRequestContext, open: boolean) => {
  const token = await apiLogin(request);
  const page = await adminApi<{
    list: { id: number; key: string; category: string; name: string; remark: string | null }[];
  }>(request, token, 'GET', `/infra/config/page?key=${KEY}`);
  const config = page.list.find((c) => c.key === KEY)!;
  await adminApi(request, token, 'PUT', '/infra/config/update', {
    id: config.id,
    category: config.category,
    name: config.name,
    value: String(open),
    visible: true,
    remark: config.remark,
  });
};

test.afterAll(async ({ request }) => {
  await setRegistration(request, false);
});

test('registration stays closed until the configuration opens it', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
  await expect(page.getByRole('link', { name: '立即注册' })).toHaveCount(0);
  await page.goto('/register');
  await expect(page.getByRole('alert')).toContainText('系统未开放注册');
  await expect(page.getByRole('button', { name: '注 册' })).toHaveCount(0);
});

test('register: 立即注册 on the login page, the rules checked, then signed in on the home page', async ({
  page,
  request,
}) => {
  await setRegistration(request, true);
  const username = `reg${randomBytes(3).toString('hex')}`;

  await page.goto('/login');
  await page.getByRole('link', { name: '立即注册' }).click();
  await expect(page).toHaveURL('/register');
  const submit = page.getByRole('button', { name: '注 册' });
  await expect(page.getByText('密码长度为 8-16 位，须同时包含字母和数字')).toBeVisible();

  await page.getByRole('textbox', { name: '账号' }).fill('a_b');
  await page.getByLabel('密码', { exact: true }).fill('onlyletters');
  await page.getByLabel('确认密码').fill('other');
  await submit.click();
  await expect(page.getByText('账号由 4-16 位数字、字母组成')).toBeVisible();
  await expect(page.getByText('请输入昵称')).toBeVisible();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}register-errors.png` });

  // The server refuses an account that exists.
  await page.getByRole('textbox', { name: '账号' }).fill('admin');
  await page.getByRole('textbox', { name: '昵称' }).fill('注册新人');
  await page.getByLabel('密码', { exact: true }).fill('welcome2026');
  await page.getByLabel('确认密码').fill('welcome2026');
  await submit.click();
  await expect(page.getByRole('alert')).toContainText('用户账号已经存在');

  await page.getByRole('textbox', { name: '账号' }).fill(username);
  await page.screenshot({ path: `${SCREENSHOTS}register-form.png` });
  await submit.click();
  await expect(page).toHaveURL('/index');
  await expect(page.getByText('注册新人').first()).toBeVisible();
  // The registered users' role has no menus yet: the home page and the personal centre only.
  await expect(sidebar(page).getByText('系统管理', { exact: true })).toHaveCount(0);

  // The account signs in with its password like any other.
  const res = await request.post('/admin-api/system/auth/login', {
    headers: { 'tenant-id': '1' },
    data: { username, password: 'welcome2026' },
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
});
