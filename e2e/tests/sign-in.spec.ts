import { expect, test } from './fixtures';
import { SCREENSHOTS, sidebar } from './helpers';

// The login form's checks and messages (empty fields, a refused password, trimming, the redirect
// rules) are proven in features/auth/login-page.test.tsx and app/router/guard.test.tsx; this
// journey runs them against the real server across pages.
test('a deep link signs in through the login page and returns; the session survives reloads and an expired token; logout asks first; a narrow role sees only its menus', async ({
  page,
}) => {
  await page.goto('/system/user');
  await expect(page).toHaveURL('/login?redirect=%2Fsystem%2Fuser');
  await expect(page.getByRole('heading', { name: '后台管理系统' })).toBeVisible();
  await expect(page).toHaveTitle(/后台管理系统/);
  await page.screenshot({ path: `${SCREENSHOTS}login.png`, fullPage: true });

  await page.getByRole('textbox', { name: '账号' }).fill('  admin ');
  await page.getByLabel('密码', { exact: true }).fill('admin123');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL('/system/user');
  await expect(page.locator('.page-cache-slot[data-page-key="/system/user"]')).toBeVisible();
  await expect(page.getByRole('tree')).toBeVisible(); // the user page's department tree
  const nav = sidebar(page);
  for (const name of ['首页', '系统管理', '基础设施', '工作流程'])
    await expect(nav.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('系统管理员').first()).toBeVisible();
  // Dynamic title is off by default (layout settings): the product name alone.
  await expect(page).toHaveTitle('后台管理系统');

  // An access token the server no longer knows is refreshed silently on the reload.
  const before = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
  // Listen first: a background request (the unread count) may meet the unknown token and refresh
  // before the reload does.
  const refreshed = page.waitForResponse((r) => r.url().includes('/system/auth/refresh-token'));
  await page.evaluate(() => localStorage.setItem('ACCESS_TOKEN', 'f'.repeat(32)));
  await page.reload();
  expect((await refreshed).ok()).toBe(true);
  await expect(sidebar(page).getByText('系统管理', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/system/user');
  await expect(page.getByText('登录状态已过期')).toHaveCount(0);
  const after = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
  expect(after).toMatch(/^[0-9a-f]{32}$/);
  expect(after).not.toBe(before);

  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  await expect(page.getByText('404').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}404.png` });

  // A signed-in user opening /login goes home.
  await page.goto('/login');
  await expect(page).toHaveURL('/index');
  // The address changes before the home page has loaded its code and data: wait for all of it.
  await expect(page.getByText('快捷入口')).toBeVisible();
  await expect(page.getByText('加载中…')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}home.png`, fullPage: true });

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

  // The operator's role holds part of 系统管理 only.
  await page.getByRole('textbox', { name: '账号' }).fill('operator');
  await page.getByLabel('密码', { exact: true }).fill('operator123');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL('/index');
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
