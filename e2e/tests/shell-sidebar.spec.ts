import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, sidebar } from './helpers';
import { signInHome } from './shell-helpers';

const crumbs = (page: Page) =>
  page.getByRole('navigation', { name: '面包屑导航' }).locator('.ant-breadcrumb-link');

// The menu's shapes (one-child parents, hidden and external menus, tooltips) are proven in
// layout/sidebar/sidebar.test.tsx, the breadcrumb's rules in layout/breadcrumb/app-breadcrumb.test.tsx.
test('the sidebar opens pages and the breadcrumb follows; collapsed to icons it stays so after a reload', async ({
  page,
}) => {
  await signInHome(page);
  await expect(crumbs(page)).toHaveText(['首页']);

  const nav = sidebar(page);
  await nav.getByText('系统管理', { exact: true }).click();
  await nav.getByRole('link', { name: '用户管理' }).click();
  await expect(page).toHaveURL('/system/user');
  await expect(crumbs(page)).toHaveText(['首页', '系统管理', '用户管理']);
  const bar = page.getByRole('navigation', { name: '面包屑导航' });
  await expect(bar.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/index');
  await expect(bar.getByRole('link', { name: '系统管理' })).toHaveCount(0);

  await page.goto('/system/log/operate-log');
  await expect(crumbs(page)).toHaveText(['首页', '系统管理', '审计日志', '操作日志']);
  await expect(bar.getByRole('link')).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}shell-breadcrumb.png`, animations: 'disabled' });

  await bar.getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL('/index');
  await expect(crumbs(page)).toHaveText(['首页']);

  // The hamburger collapses the sidebar to icons, and the state survives a reload.
  const container = page.locator('.app-sidebar-container');
  await expect(container).toHaveCSS('width', '200px');
  await page.getByRole('button', { name: '收起侧边栏' }).click();
  await expect(container).toHaveCSS('width', '64px');
  await expect(sidebar(page).getByText('后台管理系统')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}shell-collapsed.png`, animations: 'disabled' });

  await page.reload();
  await expect(page.getByRole('button', { name: '展开侧边栏' })).toBeVisible();
  await expect(container).toHaveCSS('width', '64px');
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  await expect(container).toHaveCSS('width', '200px');
});
