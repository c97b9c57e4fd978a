import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, sidebar } from './helpers';
import { signInHome, withExtraMenus } from './shell-helpers';

test.beforeEach(async ({ page, baseURL }) => {
  await withExtraMenus(page, baseURL!);
  await signInHome(page);
});

const crumbs = (page: Page) =>
  page.getByRole('navigation', { name: '面包屑导航' }).locator('.ant-breadcrumb-link');

test('the breadcrumb follows the matched routes: 首页 first, directories and the last entry as text', async ({
  page,
}) => {
  await expect(crumbs(page)).toHaveText(['首页']);

  const nav = sidebar(page);
  await nav.getByText('系统管理', { exact: true }).click();
  await nav.getByRole('link', { name: '用户管理' }).click();
  await expect(page).toHaveURL('/system/user');
  await expect(crumbs(page)).toHaveText(['首页', '系统管理', '用户管理']);
  const bar = page.getByRole('navigation', { name: '面包屑导航' });
  await expect(bar.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/index');
  await expect(bar.getByRole('link', { name: '系统管理' })).toHaveCount(0);
  await expect(bar.getByRole('link', { name: '用户管理' })).toHaveCount(0);

  await page.goto('/system/log/operate-log');
  await expect(crumbs(page)).toHaveText(['首页', '系统管理', '审计日志', '操作日志']);
  await expect(bar.getByRole('link')).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}shell-breadcrumb.png`, animations: 'disabled' });

  await bar.getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL('/index');
  await expect(crumbs(page)).toHaveText(['首页']);
});

test('a parent with one visible child shows as that child; always-show parents stay submenus; hidden menus are left out', async ({
  page,
}) => {
  const nav = sidebar(page);
  // 监控中心 (alwaysShow off) has one visible child: the sidebar shows 服务监控 in its place.
  await expect(nav.getByRole('link', { name: '服务监控' })).toHaveAttribute('href', '/monitor/server');
  await expect(nav.getByText('监控中心')).toHaveCount(0);
  await expect(nav.getByText('缓存监控')).toHaveCount(0);

  // OA 示例 has one child too but always shows as a submenu.
  await nav.getByText('工作流程', { exact: true }).click();
  const oa = nav.getByRole('menuitem', { name: 'OA 示例' });
  await expect(oa).toBeVisible();
  await expect(nav.getByRole('link', { name: '请假查询' })).toHaveCount(0);
  await oa.click();
  await expect(nav.getByRole('link', { name: '请假查询' })).toBeVisible();

  // One submenu open at a time.
  await nav.getByText('系统管理', { exact: true }).click();
  await expect(nav.getByRole('link', { name: '用户管理' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '请假查询' })).toBeHidden();
});

test('an external menu opens in a new tab; long titles get a tooltip', async ({ page, baseURL }) => {
  const nav = sidebar(page);
  await nav.getByText('系统管理', { exact: true }).click();
  const link = nav.getByRole('link', { name: '接口文档' });
  await expect(link).toHaveAttribute('target', '_blank');
  // Let the submenu finish opening before clicking inside it.
  await expect(nav.locator('.ant-motion-collapse')).toHaveCount(0);
  const popup = page.waitForEvent('popup');
  await link.click();
  const tab = await popup;
  await expect(tab).toHaveURL(`${baseURL}/admin-api/openapi.json`);
  await tab.close();
  await expect(page).toHaveURL('/index');

  // 'OAuth 2.0' has more than 5 characters, '用户管理' does not.
  await nav.getByText('OAuth 2.0', { exact: true }).hover();
  await expect(page.getByRole('tooltip', { name: 'OAuth 2.0' })).toBeVisible();
  await nav.getByRole('link', { name: '用户管理' }).hover();
  await expect(page.getByRole('tooltip')).toBeHidden();
});

test('the hamburger collapses the sidebar to icons, and the state survives a reload', async ({ page }) => {
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
