import { expect, test } from './fixtures';
import { SCREENSHOTS, sidebar, signInWithForm } from './helpers';

test('an unauthenticated visit to /index goes to the login page with the redirect', async ({ page }) => {
  await page.goto('/index');
  await expect(page).toHaveURL('/login?redirect=%2Findex');
  await expect(page.getByRole('heading', { name: '后台管理系统' })).toBeVisible();
  await expect(page).toHaveTitle(/后台管理系统/);
  await page.screenshot({ path: `${SCREENSHOTS}login.png`, fullPage: true });
});

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await signInWithForm(page, 'admin', 'wrong-password');
  await expect(page.getByRole('alert').filter({ hasText: '登录失败，账号密码不正确' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.screenshot({ path: `${SCREENSHOTS}login-error.png` });
});

test('empty fields are refused before anything is sent', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('请输入账号')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
});

test('signing in lands on /index with the server menus; reload keeps the session', async ({ page }) => {
  await signInWithForm(page, '  admin ');
  await expect(page).toHaveURL('/index');
  const nav = sidebar(page);
  for (const name of ['首页', '系统管理', '基础设施', '工作流程'])
    await expect(nav.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('系统管理员').first()).toBeVisible();
  // Dynamic title is off by default (layout settings): the product name alone.
  await expect(page).toHaveTitle('后台管理系统');
  await page.screenshot({ path: `${SCREENSHOTS}home.png`, fullPage: true });

  await page.reload();
  await expect(page).toHaveURL('/index');
  await expect(sidebar(page).getByText('系统管理', { exact: true })).toBeVisible();

  // A signed-in user opening /login goes home.
  await page.goto('/login');
  await expect(page).toHaveURL('/index');
});

test('a sign-in from a deep link returns to it', async ({ page }) => {
  await signInWithForm(page, 'admin', 'admin123', '/system/user');
  await expect(page).toHaveURL('/system/user');
  await expect(page.locator('.page-cache-slot[data-page-key="/system/user"]')).toBeVisible();
  await expect(page.getByRole('tree')).toBeVisible(); // the user page's department tree
});

test('an unknown path shows /404', async ({ page }) => {
  await signInWithForm(page);
  await expect(page).toHaveURL('/index');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  await expect(page.getByText('404').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}404.png` });
});

test('an expired access token is refreshed silently', async ({ page }) => {
  await signInWithForm(page);
  await expect(page).toHaveURL('/index');
  const before = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
  // Listen first: a background request (the unread count) may meet the unknown token and refresh
  // before the reload does.
  const refreshed = page.waitForResponse((r) => r.url().includes('/system/auth/refresh-token'));
  // Revoke the access token on the server side of things by replacing it with one it no longer knows.
  await page.evaluate(() => localStorage.setItem('ACCESS_TOKEN', 'f'.repeat(32)));
  await page.reload();
  expect((await refreshed).ok()).toBe(true);
  await expect(sidebar(page).getByText('系统管理', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/index');
  await expect(page.getByText('登录状态已过期')).toHaveCount(0);
  const after = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
  expect(after).toMatch(/^[0-9a-f]{32}$/);
  expect(after).not.toBe(before);
});

test('a narrow role sees only its menus', async ({ page }) => {
  await signInWithForm(page, 'operator', 'operator123');
  await expect(page).toHaveURL('/index');
  const nav = sidebar(page);
  await expect(nav.getByText('系统管理', { exact: true })).toBeVisible();
  await expect(nav.getByText('工作流程', { exact: true })).toHaveCount(0);
  await expect(nav.getByText('基础设施', { exact: true })).toHaveCount(0);
  await nav.getByText('系统管理', { exact: true }).click();
  await expect(nav.getByText('用户管理', { exact: true })).toBeVisible();
  await expect(nav.getByText('字典管理', { exact: true })).toBeVisible();
  await expect(nav.getByText('角色管理', { exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: '用户管理' })).toBeInViewport();
  await page.screenshot({ path: `${SCREENSHOTS}operator.png`, animations: 'disabled' });
});

test('logout asks first, then returns to /login', async ({ page }) => {
  await signInWithForm(page);
  await expect(page).toHaveURL('/index');
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('确定注销并退出系统吗？')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}logout-confirm.png` });
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page).toHaveURL('/index');

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page).toHaveURL('/login?redirect=%2Findex');
  expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBeNull();
});
